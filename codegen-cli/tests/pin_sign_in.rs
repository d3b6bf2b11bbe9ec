//! `toolc pin --servers` against a server that asks for OAuth, as a user runs it: at a terminal (a
//! pseudo-terminal, `script`), it shows the address to sign in at and takes the browser coming back
//! to its loopback listener, then pins, keeping the tokens in a file only the user reads, which the
//! next run (in CI, no terminal) uses without a sign-in; in CI with no tokens, it says which header
//! to set; a header's `${VARIABLE}` is read from the environment, and one not set is named. And a
//! server over HTTPS, reached when the system trusts its certificate and refused when not.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;

use toolc_mcp::{HttpServer, McpServer};

#[path = "../../tests/tests/support/authority.rs"]
mod authority;
#[path = "../../tests/tests/support/guarded.rs"]
mod guarded;

use authority::Authority;

/// A toolc server that takes the tokens `authority` signs for it.
async fn server(authority: &Authority) -> (HttpServer, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}/mcp", listener.local_addr().unwrap().port());
    let server = McpServer::new(guarded::Guarded::default()).unwrap().with(authority.guarding(&url));
    let server = server.serve_http_on(listener).unwrap();
    (server, url)
}

/// A fresh folder with `mcp.json` naming the server `tracker` at `url` with `headers`.
fn project(name: &str, url: &str, headers: serde_json::Value) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pin-sign-in").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let config = serde_json::json!({"mcpServers": {"tracker": {"url": url, "headers": headers}}});
    std::fs::write(dir.join("mcp.json"), config.to_string()).unwrap();
    dir
}

/// `toolc pin --servers mcp.json` in `dir`, no terminal, the tokens under `state`: its exit code and
/// what it said.
fn pin(dir: &Path, state: &Path, env: &[(&str, &str)]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(["pin", "--servers", "mcp.json"])
        .current_dir(dir)
        .env("XDG_STATE_HOME", state)
        .env("NO_COLOR", "1")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (output.status.code().unwrap(), String::from_utf8_lossy(&output.stderr).into_owned())
}

/// A plain GET of `url` (`http://host:port/path`), not following a redirect: the status line and
/// the `Location` it sends the browser to, if any.
fn get(url: &str) -> (String, Option<String>) {
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_at(rest.find('/').unwrap());
    let mut stream = TcpStream::connect(host).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer.lines().next().unwrap_or_default().to_owned();
    let location = answer.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("location").then(|| value.trim().to_owned())
    });
    (status, location)
}

/// Signs in as a person at a terminal: `toolc pin` run under a pseudo-terminal; the address it
/// shows opened, and the browser sent where the authorization server says. Its exit code and all it
/// said.
fn pin_at_a_terminal(dir: &Path, state: &Path) -> (i32, String) {
    let toolc = env!("CARGO_BIN_EXE_toolc");
    let mut child = Command::new("script")
        .args(["--quiet", "--return", "--command", &format!("{toolc} pin --servers mcp.json"), "/dev/null"])
        .current_dir(dir)
        .env("XDG_STATE_HOME", state)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("`script` (util-linux) runs the command at a pseudo-terminal");
    let mut said = String::new();
    let mut lines = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while lines.read_line(&mut line).unwrap() > 0 {
        said.push_str(&line);
        if let Some(at) = line.find("http://").filter(|_| line.contains("/authorize?")) {
            let (_, back) = get(line[at..].trim());
            let (status, _) = get(&back.expect("the authorization server sends the browser back"));
            assert!(status.contains("200"), "the loopback listener answers the browser: {status}");
        }
        line.clear();
    }
    drop(child.stdin.take());
    (child.wait().unwrap().code().unwrap(), said)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_at_a_terminal_signs_in_once_and_ci_uses_the_kept_tokens() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;
    let dir = project("terminal", &url, serde_json::json!({}));
    let state = dir.join("state");

    let (code, said) = tokio::task::spawn_blocking({
        let (dir, state) = (dir.clone(), state.clone());
        move || pin_at_a_terminal(&dir, &state)
    })
    .await
    .unwrap();
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("server `tracker` asks you to sign in"), "{said}");
    let lock: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("toolc.lock.json")).unwrap()).unwrap();
    assert!(lock["servers"]["tracker"]["echo"].is_object(), "{lock}");
    let registered = authority.registered.lock().unwrap().clone();
    assert_eq!(registered[0]["client_name"], "toolc", "{registered:?}");

    let tokens: Vec<_> =
        std::fs::read_dir(state.join("toolc/tokens")).unwrap().map(|entry| entry.unwrap().path()).collect();
    assert_eq!(tokens.len(), 1, "{tokens:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&tokens[0]).unwrap().permissions().mode() & 0o777, 0o600);
    }

    // The next run, in CI, uses the tokens kept: no sign-in, no new token.
    let (code, said) = tokio::task::spawn_blocking(move || pin(&dir, &state, &[])).await.unwrap();
    assert_eq!(code, 0, "{said}");
    assert_eq!(authority.asked().len(), 1, "{:?}", authority.asked());
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_ci_a_server_that_asks_for_a_sign_in_is_an_error_naming_the_header_to_set() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;

    let dir = project("ci", &url, serde_json::json!({}));
    let state = dir.join("state");
    let (code, said) = tokio::task::spawn_blocking({
        let (dir, state) = (dir.clone(), state.clone());
        move || pin(&dir, &state, &[])
    })
    .await
    .unwrap();
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("`tracker`") && said.contains("not at a terminal"), "{said}");
    assert!(said.contains("\"Authorization\": \"Bearer ${TOKEN_VARIABLE}\""), "{said}");
    assert!(!dir.join("toolc.lock.json").exists(), "nothing is written");

    // The header, its token from the environment.
    let token = authority.token_for("ci", &url, "");
    let dir = project("ci-header", &url, serde_json::json!({"Authorization": "Bearer ${TRACKER_TOKEN}"}));
    let (code, said) = tokio::task::spawn_blocking({
        let (dir, state) = (dir.clone(), state.clone());
        move || {
            let set = pin(&dir, &state, &[("TRACKER_TOKEN", &token)]);
            let unset = pin(&dir, &state, &[]);
            (set, unset)
        }
    })
    .await
    .map(|(set, unset)| {
        assert_eq!(set.0, 0, "{}", set.1);
        unset
    })
    .unwrap();
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("`TRACKER_TOKEN`, which is not set"), "{said}");
    server.stop();
}

/// A TLS front on 127.0.0.1 for the plain server at `behind`, its certificate (for `localhost` and
/// `127.0.0.1`) signed by a certificate authority of the test's own: the front's port, and that
/// authority's certificate as PEM.
async fn tls_front(behind: std::net::SocketAddr) -> (u16, String) {
    use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};
    use tokio_rustls::rustls::{self, pki_types::PrivateKeyDer};

    let mut authority = CertificateParams::new(Vec::<String>::new()).unwrap();
    authority.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let authority = CertifiedIssuer::self_signed(authority, KeyPair::generate().unwrap()).unwrap();
    let key = KeyPair::generate().unwrap();
    let names = vec!["localhost".to_owned(), "127.0.0.1".to_owned()];
    let certificate = CertificateParams::new(names).unwrap().signed_by(&key, &authority).unwrap();
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![certificate.der().clone()], PrivateKeyDer::try_from(key.serialize_der()).unwrap())
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut outside) = acceptor.accept(stream).await else { return };
                let Ok(mut inside) = tokio::net::TcpStream::connect(behind).await else { return };
                let _ = tokio::io::copy_bidirectional(&mut outside, &mut inside).await;
            });
        }
    });
    (port, authority.pem())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_over_https_is_reached_when_the_system_trusts_its_certificate() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let behind = listener.local_addr().unwrap();
    let server = McpServer::new(guarded::Guarded::default()).unwrap().serve_http_on(listener).unwrap();
    let (port, authority) = tls_front(behind).await;
    let dir = project("https", &format!("https://localhost:{port}/mcp"), serde_json::json!({}));
    std::fs::write(dir.join("authority.pem"), authority).unwrap();
    let state = dir.join("state");

    let (trusted, untrusted) = tokio::task::spawn_blocking({
        let (dir, state) = (dir.clone(), state.clone());
        move || {
            let authority = dir.join("authority.pem");
            let trusted = pin(&dir, &state, &[("SSL_CERT_FILE", authority.to_str().unwrap())]);
            let _ = std::fs::remove_file(dir.join("toolc.lock.json"));
            let empty = dir.join("no-authorities.pem");
            std::fs::write(&empty, "").unwrap();
            let untrusted = pin(&dir, &state, &[("SSL_CERT_FILE", empty.to_str().unwrap())]);
            (trusted, untrusted)
        }
    })
    .await
    .unwrap();
    assert_eq!(trusted.0, 0, "{}", trusted.1);
    assert_eq!(untrusted.0, 2, "{}", untrusted.1);
    assert!(untrusted.1.contains("`tracker`") && untrusted.1.to_lowercase().contains("certificate"), "{}", untrusted.1);
    assert!(!dir.join("toolc.lock.json").exists(), "nothing is written for a server not trusted");
    server.stop();
}
