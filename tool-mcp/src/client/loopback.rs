//! [`LoopbackRedirect`]: where the browser comes back to after a person signs in, for a program on
//! the user's own machine (RFC 8252's loopback redirect; feature `oauth`).

use std::io;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Mutex;

/// The path the browser is sent back to.
const CALLBACK: &str = "/callback";

/// The most a browser's request head may take, and how long it has to send it.
const MOST_HEAD: usize = 16 * 1024;
const HEAD_WITHIN: Duration = Duration::from_secs(10);

/// A listener on `127.0.0.1` that the authorization server sends the browser back to, for a
/// command-line program's [`SignIn`](super::SignIn): bind it first (its port is part of the
/// redirect URI the client registers), give [`LoopbackRedirect::redirect_uri`] to `SignIn::new`, and
/// in the browser step show the authorization URL, then [`LoopbackRedirect::wait`] for the browser.
/// Only the loopback address is listened on; a request that is not the callback of this sign-in
/// (its `state`) is answered 404 and does not end the wait, so another page or program on the
/// machine cannot cut the sign-in short.
///
/// ```no_run
/// use std::sync::Arc;
/// use std::time::Duration;
/// use toolc_mcp::{LoopbackRedirect, SignIn};
///
/// # async fn run() -> std::io::Result<()> {
/// let loopback = Arc::new(LoopbackRedirect::bind().await?);
/// let waiting = Arc::clone(&loopback);
/// let sign_in = SignIn::new(loopback.redirect_uri(), move |authorize_url: String| {
///     let loopback = Arc::clone(&waiting);
///     async move {
///         eprintln!("Sign in at {authorize_url}");
///         loopback.wait(&authorize_url, Duration::from_secs(300)).await
///     }
/// });
/// # drop(sign_in); Ok(()) }
/// ```
#[derive(Debug)]
pub struct LoopbackRedirect {
    listener: Mutex<TcpListener>,
    port: u16,
}

impl LoopbackRedirect {
    /// Listens on a free port of `127.0.0.1`.
    pub async fn bind() -> io::Result<Self> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let port = listener.local_addr()?.port();
        Ok(LoopbackRedirect { listener: Mutex::new(listener), port })
    }

    /// The redirect URI: `http://127.0.0.1:<port>/callback`.
    pub fn redirect_uri(&self) -> String {
        format!("http://127.0.0.1:{}{CALLBACK}", self.port)
    }

    /// Waits up to `within` for the browser to come back from the sign-in at `authorize_url` (a
    /// callback with its `state`), answers it with a short page, and gives the whole URL it came
    /// back to (for the sign-in to read `code`, `state` and `iss` from), or why not.
    pub async fn wait(&self, authorize_url: &str, within: Duration) -> Result<String, String> {
        let state = authorize_url.split_once('?').and_then(|(_, query)| param(query, "state"));
        let listener = self.listener.lock().await;
        let waited = tokio::time::timeout(within, async {
            loop {
                let (stream, _) =
                    listener.accept().await.map_err(|err| format!("the redirect listener failed: {err}"))?;
                if let Some(target) = self.answer(stream, state.as_deref()).await {
                    return Ok(format!("http://127.0.0.1:{}{target}", self.port));
                }
            }
        });
        waited.await.unwrap_or_else(|_| {
            Err(format!("the browser did not come back to {} within {} s", self.redirect_uri(), within.as_secs()))
        })
    }

    /// Reads one request: the callback's target (path and query) when it is this sign-in's callback
    /// (`state`, when the sign-in has one), after telling the browser the sign-in is done; `None`
    /// for anything else, answered 404.
    async fn answer(&self, mut stream: TcpStream, state: Option<&str>) -> Option<String> {
        let head = tokio::time::timeout(HEAD_WITHIN, read_head(&mut stream)).await.ok()??;
        let target = head.lines().next()?.strip_prefix("GET ")?.split(' ').next()?.to_owned();
        let (path, query) = target.split_once('?').unwrap_or((&target, ""));
        let is_callback = path == CALLBACK && state.is_none_or(|state| param(query, "state").as_deref() == Some(state));
        let (status, page) = match is_callback {
            true if target.contains("error=") => ("200 OK", "The sign-in was refused. You can close this tab."),
            true => ("200 OK", "Signed in. You can close this tab and go back to the program."),
            false => ("404 Not Found", "Not the sign-in's callback."),
        };
        let response = format!(
            "HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {}\r\nconnection: \
             close\r\ncache-control: no-store\r\n\r\n{page}",
            page.len()
        );
        let _ = stream.write_all(response.as_bytes()).await;
        let _ = stream.shutdown().await;
        is_callback.then_some(target)
    }
}

/// The value of `name` in a URL's `query`, decoded (an authorization server may escape what it
/// sends back, letters included).
fn param(query: &str, name: &str) -> Option<String> {
    let value = query.split('&').find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))?;
    let bytes = value.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let escaped = (bytes[at] == b'%').then(|| value.get(at + 1..at + 3)).flatten();
        match escaped.and_then(|hex| u8::from_str_radix(hex, 16).ok()) {
            Some(byte) => {
                decoded.push(byte);
                at += 3;
            }
            None => {
                decoded.push(if bytes[at] == b'+' { b' ' } else { bytes[at] });
                at += 1;
            }
        }
    }
    String::from_utf8(decoded).ok()
}

/// The request's head, up to the blank line; `None` when it is too long or the connection ends.
async fn read_head(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    while !head.windows(4).any(|window| window == b"\r\n\r\n") {
        let read = stream.read(&mut chunk).await.ok()?;
        if read == 0 || head.len() + read > MOST_HEAD {
            return None;
        }
        head.extend_from_slice(&chunk[..read]);
    }
    String::from_utf8(head).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn get(port: u16, target: &str) -> String {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        let request = format!("GET {target} HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        answer
    }

    #[tokio::test]
    async fn the_browser_coming_back_gives_the_whole_url_and_anything_else_is_404() {
        let loopback = LoopbackRedirect::bind().await.unwrap();
        let port = loopback.port;
        assert_eq!(loopback.redirect_uri(), format!("http://127.0.0.1:{port}/callback"));
        let browser = tokio::spawn(async move {
            let stray = get(port, "/favicon.ico").await;
            // Another page of the machine, guessing: not this sign-in's state.
            let forged = get(port, "/callback?error=access_denied&state=guess").await;
            // The state escaped, letters and all, as an authorization server may send it back.
            let back = get(port, "/callback?code=c0de&state=%73t&iss=https%3A%2F%2Fas").await;
            (stray, forged, back)
        });
        let authorize = "https://as.example/authorize?response_type=code&state=st&client_id=c";
        let url = loopback.wait(authorize, Duration::from_secs(5)).await.unwrap();
        assert_eq!(url, format!("http://127.0.0.1:{port}/callback?code=c0de&state=%73t&iss=https%3A%2F%2Fas"));
        let (stray, forged, back) = browser.await.unwrap();
        assert!(stray.starts_with("HTTP/1.1 404"), "{stray}");
        assert!(forged.starts_with("HTTP/1.1 404"), "{forged}");
        assert!(back.starts_with("HTTP/1.1 200") && back.contains("Signed in"), "{back}");
    }

    #[tokio::test]
    async fn a_browser_that_never_comes_back_is_an_error_in_time() {
        let loopback = LoopbackRedirect::bind().await.unwrap();
        let err = loopback.wait("https://as.example/authorize?state=st", Duration::from_millis(50)).await.unwrap_err();
        assert!(err.contains("did not come back") && err.contains("/callback"), "{err}");
    }
}
