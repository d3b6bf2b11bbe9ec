//! The caching hints of `tools/list` on MCP 2026-07-28 (`ttlMs`, `cacheScope`): none to keep by
//! default, the time a program allows when it allows one, and never a list a shared cache may hand
//! to another caller when the server checks tokens or lists tools per caller.

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{Value, json};
use toolc_mcp::jsonwebtoken::{Algorithm, DecodingKey};
use toolc_mcp::{HttpOptions, JwtValidator, McpServer, Visible};

use crate::mcp_asking::{Asking, SECRET, response, token};
use crate::support::raw_http::post;

/// `tools/list` on 2026-07-28, with a bearer token when given: the result's caching hints.
async fn hints(address: SocketAddr, token: Option<&str>) -> (Value, Value) {
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    }}});
    let bearer = token.map(|token| format!("Bearer {token}"));
    let mut headers = vec![("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", "tools/list")];
    if let Some(bearer) = &bearer {
        headers.push(("Authorization", bearer));
    }
    let listed = response(&post(address, &headers, &body.to_string()).await);
    assert!(listed["result"]["tools"].as_array().is_some_and(|tools| !tools.is_empty()), "{listed}");
    (listed["result"]["ttlMs"].clone(), listed["result"]["cacheScope"].clone())
}

async fn served(options: HttpOptions) -> toolc_mcp::HttpServer {
    McpServer::new(Asking).unwrap().with(options).serve_http("127.0.0.1:0").await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tool_list_is_kept_only_as_long_and_by_whom_the_server_allows() {
    // By default a client asks again every time.
    let server = served(HttpOptions::default()).await;
    assert_eq!(hints(server.address(), None).await, (json!(0), json!("public")));

    // A program that allows a minute: the same list for every caller, so any cache may keep it.
    let minute = || HttpOptions::default().tool_list_fresh_for(Duration::from_secs(60));
    let server = served(minute()).await;
    assert_eq!(hints(server.address(), None).await, (json!(60_000), json!("public")));

    // Lists per caller: for the caller alone.
    let server = served(minute().visible(|_| Visible::except(["delete"]))).await;
    assert_eq!(hints(server.address(), None).await, (json!(60_000), json!("private")));

    // Tokens checked: for the caller alone, though the list is the same, so that a shared cache in
    // front never shows it to a caller the server would have refused.
    let validator = JwtValidator::new(
        DecodingKey::from_secret(SECRET),
        Algorithm::HS256,
        "https://auth.example",
        "http://localhost/mcp",
    );
    let server = served(minute().bearer(validator).resource("http://localhost/mcp")).await;
    assert_eq!(hints(server.address(), Some(&token("ana"))).await, (json!(60_000), json!("private")));
}
