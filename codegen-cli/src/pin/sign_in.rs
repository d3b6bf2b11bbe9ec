//! How `toolc pin --servers` is let in to a server over HTTP: the `Authorization` header the
//! configuration gives (its `${VARIABLE}`s read from the environment, so a secret stays out of the
//! file), or else a sign-in when the server asks — in the browser, for a person at a terminal; an
//! error naming what to set, anywhere else (CI). Tokens are kept per server in a file only the user
//! reads, so the next run does not sign in again.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use sha2::{Digest, Sha256};
use toolc_mcp::{LoopbackRedirect, SignIn, TokenFile};

/// How long a person has to sign in in the browser.
const SIGN_IN_WITHIN: Duration = Duration::from_secs(300);

/// `headers` with every `${NAME}` replaced by the environment's `NAME`; an error names a variable
/// that is not set, and the server whose header needs it.
pub(super) fn expand_headers(
    headers: &BTreeMap<String, String>,
    server: &str,
) -> Result<BTreeMap<String, String>, String> {
    headers
        .iter()
        .map(|(name, value)| {
            let expanded = expand(value).map_err(|variable| {
                format!("server `{server}`: its header `{name}` names the environment variable `{variable}`, which is not set")
            })?;
            Ok((name.clone(), expanded))
        })
        .collect()
}

/// `text` with each `${NAME}` replaced; the name of the first variable not set otherwise.
fn expand(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        let Some(length) = rest[start + 2..].find('}') else { break };
        let variable = &rest[start + 2..start + 2 + length];
        out.push_str(&rest[..start]);
        out.push_str(&std::env::var(variable).map_err(|_| variable.to_owned())?);
        rest = &rest[start + 3 + length..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The sign-in for the server `server` at `url`, of the configuration `file`.
pub(super) async fn sign_in(server: &str, url: &str, file: &str) -> Result<SignIn, String> {
    let store = tokens_file(server, url);
    let interactive = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let sign_in = if interactive {
        let loopback = Arc::new(
            LoopbackRedirect::bind().await.map_err(|err| format!("cannot listen for the sign-in's redirect: {err}"))?,
        );
        let (redirect, server) = (loopback.redirect_uri(), server.to_owned());
        SignIn::new(redirect, move |authorize_url: String| {
            let (loopback, server) = (Arc::clone(&loopback), server.clone());
            async move {
                eprintln!(
                    "server `{server}` asks you to sign in: open this address in a browser (waiting {} minutes)\n  \
                     {authorize_url}",
                    SIGN_IN_WITHIN.as_secs() / 60
                );
                loopback.wait(&authorize_url, SIGN_IN_WITHIN).await
            }
        })
    } else {
        let (server, file) = (server.to_owned(), file.to_owned());
        let kept = store.as_ref().map(|store| format!(", which keeps its tokens in {}", store.path().display()));
        let kept = kept.unwrap_or_default();
        SignIn::new("http://127.0.0.1/callback", move |_authorize_url| {
            let why = format!(
                "a person must sign in in a browser, and toolc is not at a terminal; give it a token instead: \
                 \"headers\": {{\"Authorization\": \"Bearer ${{TOKEN_VARIABLE}}\"}} for `{server}` in {file}, the \
                 variable set from a secret, or run the command once at a terminal{kept}"
            );
            async move { Err(why) }
        })
    };
    let sign_in = sign_in.client_name("toolc");
    Ok(match store {
        Some(store) => sign_in.store(store),
        None => sign_in,
    })
}

/// The file the tokens of the server `server` at `url` are kept in: under `$XDG_STATE_HOME/toolc`
/// (else `~/.local/state/toolc`), `tokens/<server>-<digest of the URL>.json`; none without a home.
fn tokens_file(server: &str, url: &str) -> Option<TokenFile> {
    let state = std::env::var_os("XDG_STATE_HOME").filter(|dir| !dir.is_empty()).map(PathBuf::from).or_else(|| {
        std::env::var_os("HOME").filter(|home| !home.is_empty()).map(|home| PathBuf::from(home).join(".local/state"))
    })?;
    let digest = Sha256::digest(url.as_bytes());
    let digest: String = digest.iter().take(8).map(|byte| format!("{byte:02x}")).collect();
    let name: String =
        server.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    Some(TokenFile::new(state.join("toolc/tokens").join(format!("{name}-{digest}.json"))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_in_headers_come_from_the_environment() {
        // SAFETY: this test alone sets this variable, and reads it on this thread.
        unsafe { std::env::set_var("TOOLC_TEST_PIN_TOKEN", "t0k") };
        assert_eq!(expand("Bearer ${TOOLC_TEST_PIN_TOKEN}").unwrap(), "Bearer t0k");
        assert_eq!(expand("no ${ closing").unwrap(), "no ${ closing");
        assert_eq!(expand("${TOOLC_TEST_PIN_UNSET_VARIABLE}").unwrap_err(), "TOOLC_TEST_PIN_UNSET_VARIABLE");
        let headers =
            BTreeMap::from([("Authorization".to_owned(), "Bearer ${TOOLC_TEST_PIN_UNSET_VARIABLE}".to_owned())]);
        let err = expand_headers(&headers, "tracker").unwrap_err();
        assert!(err.contains("`tracker`") && err.contains("`Authorization`") && err.contains("not set"), "{err}");
    }

    #[test]
    fn each_server_has_a_token_file_of_its_own() {
        let (one, two) = (tokens_file("a/b", "http://x/mcp"), tokens_file("a/b", "http://y/mcp"));
        let (one, two) = (one.unwrap(), two.unwrap());
        assert_ne!(one.path(), two.path());
        assert!(one.path().to_string_lossy().contains("toolc/tokens/a_b-"), "{}", one.path().display());
    }
}
