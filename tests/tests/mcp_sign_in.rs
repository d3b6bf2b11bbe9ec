//! `McpToolbox` signing in as a machine (client credentials) to a toolc MCP server that asks for JWT
//! access tokens, as a program would: refused at first, it finds the authorization server from the
//! server's challenge and metadata, gets a token for the server's URL, and calls; a token that
//! expires is asked for again once however many calls are waiting; a token kept in a `TokenFile`
//! serves the next process without a new one; a refused secret is an error that never shows it.
//! (A person's sign-in in a browser is driven by the official conformance suites' authorization
//! servers, in `examples/mcp-conformance`.)

use std::time::Duration;

use tool_mcp::jsonwebtoken::{Algorithm, DecodingKey};
use tool_mcp::{HttpOptions, HttpServer, JwtValidator, McpOptions, McpServer, McpToolbox, SignIn, TokenFile};
use tool_runtime::Toolbox;

use crate::support::authority::{Authority, CLIENT_ID, CLIENT_SECRET, SECRET};
use crate::support::guarded::Guarded;

/// A toolc server that takes the tokens `authority` signs for it, and names it in its metadata.
async fn server(authority: &Authority) -> (HttpServer, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}/mcp", listener.local_addr().unwrap().port());
    let validator = JwtValidator::new(DecodingKey::from_secret(SECRET), Algorithm::HS256, &authority.issuer, &url);
    let options = HttpOptions::default()
        .bearer(validator)
        .resource(&url)
        .authorization_servers([authority.issuer.clone()])
        .scopes_supported(["files:read", "files:write"]);
    let server = McpServer::new(Guarded::default()).unwrap().with(options).serve_http_on(listener).unwrap();
    (server, url)
}

fn machine() -> SignIn {
    SignIn::client_credentials(CLIENT_ID, CLIENT_SECRET)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_machine_signs_in_through_the_servers_metadata_and_calls() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;

    let tools = McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(machine())).await.unwrap();
    let who = tools.call("whoami", "{}").await.unwrap();
    assert_eq!(who["result"], format!("{CLIENT_ID} with files:read files:write"));

    // One token, for this server (RFC 8707), with the scopes its metadata names.
    let asked = authority.asked();
    assert_eq!(asked.len(), 1, "{asked:?}");
    let field = |name: &str| asked[0].iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
    assert_eq!(field("grant_type").as_deref(), Some("client_credentials"));
    assert_eq!(field("resource").as_deref(), Some(url.as_str()));
    assert_eq!(field("scope").as_deref(), Some("files:read files:write"));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_token_is_asked_for_again_once_for_all_the_calls_waiting() {
    let authority = Authority::start(2).await;
    let (server, url) = server(&authority).await;
    let tools = McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(machine())).await.unwrap();
    assert_eq!(authority.asked().len(), 1);

    tokio::time::sleep(Duration::from_millis(2500)).await;
    let calls = (0..4).map(|_| tools.call("echo", r#"{"text": "again"}"#));
    for answer in futures_util::future::join_all(calls).await {
        assert_eq!(answer.unwrap()["result"], "again");
    }
    assert_eq!(authority.asked().len(), 2, "one new token for the four calls: {:?}", authority.asked());
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_kept_in_a_file_serves_the_next_process_and_only_its_owner_reads_it() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("tokens/server.json");
    let options = || McpOptions::default().sign_in(machine().store(TokenFile::new(&path)));

    let first = McpToolbox::connect_http_with(&url, options()).await.unwrap();
    first.call("echo", r#"{"text": "one"}"#).await.unwrap();
    drop(first);
    let kept = std::fs::read_to_string(&path).unwrap();
    assert!(kept.contains(CLIENT_ID) && !kept.contains(CLIENT_SECRET), "the token, not the secret: {kept}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    }

    let next = McpToolbox::connect_http_with(&url, options()).await.unwrap();
    assert_eq!(next.call("echo", r#"{"text": "two"}"#).await.unwrap()["result"], "two");
    assert_eq!(authority.asked().len(), 1, "the kept token was used: {:?}", authority.asked());
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_secret_is_an_error_naming_the_client_and_never_the_secret() {
    let authority = Authority::start(600).await;
    let (server, url) = server(&authority).await;
    let sign_in = SignIn::client_credentials(CLIENT_ID, "wr0ng-s3cret");
    let err =
        McpToolbox::connect_http_with(&url, McpOptions::default().sign_in(sign_in)).await.unwrap_err().to_string();
    assert!(err.contains("sign-in") && err.contains(CLIENT_ID), "{err}");
    assert!(!err.contains("wr0ng-s3cret"), "{err}");

    let both = McpOptions::default().bearer("t0ken").sign_in(machine());
    let err = McpToolbox::connect_http_with(&url, both).await.unwrap_err().to_string();
    assert!(err.contains("both a bearer token and a sign-in"), "{err}");
    server.stop();
}
