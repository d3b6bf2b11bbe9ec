//! A toolc MCP server that asks for JWT access tokens, as MCP's authorization specification has a
//! resource server do, driven by the MCP TypeScript SDK's own client and its own authorization flow
//! (`tests/conformance/mcp_auth.mjs`): refused without a token; then, from the 401, the SDK reads the
//! server's Protected Resource Metadata, finds the authorization server there, gets a token for the
//! server's URL (client credentials) and connects, seeing the tools its scope allows.
//!
//! The authorization server is the smallest one the flow needs (`support/authority.rs`). The pinned
//! SDK is installed into the target directory on first run; when that cannot be done the test fails
//! — it never skips.

use std::process::Command;

use toolc_mcp::{McpServer, Visible};

use crate::support::authority::{Authority, CLIENT_ID, CLIENT_SECRET};
use crate::support::guarded::Guarded;
use crate::support::pinned::installed;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_typescript_sdk_finds_the_authorization_server_through_the_metadata_and_connects() {
    let (here, sdks) = installed();

    let authority = Authority::start(600).await;

    // Bound first, so that the server's URL (its tokens' audience) is known when it is configured.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}/mcp", listener.local_addr().unwrap().port());
    let options =
        authority.guarding(&url).scopes_supported(["files:read", "files:write"]).visible(|caller| match caller {
            Some(caller) if caller.has_scope("files:write") => Visible::All,
            _ => Visible::except(["write_file"]),
        });
    let server = McpServer::new(Guarded::default()).unwrap().with(options).serve_http_on(listener).unwrap();

    let script = here.join("mcp_auth.mjs");
    let mut node = Command::new("node");
    node.arg(&script).args([&url, &authority.issuer, CLIENT_ID, CLIENT_SECRET]).current_dir(&sdks);
    let client = tokio::task::spawn_blocking(move || node.output());
    let output = tokio::time::timeout(std::time::Duration::from_secs(60), client)
        .await
        .expect("the client finishes within 60 s")
        .unwrap()
        .expect("node runs");
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    println!("{text}");
    assert!(output.status.success() && text.contains(" passed, 0 failed"), "{text}");
    assert!(!text.starts_with("0 passed"), "{text}");
    // The token was asked for this server (RFC 8707's resource indicator), with the client's scope.
    let asked = authority.asked();
    assert_eq!(asked.len(), 1, "{asked:?}");
    let field = |name: &str| asked[0].iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str());
    assert_eq!((field("resource"), field("scope")), (Some(url.as_str()), Some("files:read")), "{asked:?}");
    server.stop();
}
