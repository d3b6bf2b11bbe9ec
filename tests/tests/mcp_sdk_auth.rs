//! A toolc MCP server that asks for JWT access tokens, as MCP's authorization specification has a
//! resource server do, driven by the MCP TypeScript SDK's own client and its own authorization flow
//! (`tests/conformance/mcp_auth.mjs`): refused without a token; then, from the 401, the SDK reads the
//! server's Protected Resource Metadata, finds the authorization server there, gets a token for the
//! server's URL (client credentials) and connects, seeing the tools its scope allows.
//!
//! The authorization server is the smallest one the flow needs, written here: its metadata document
//! and a token endpoint that checks the client's credentials and signs a JWT for the `resource` the
//! client names (RFC 8707). The pinned SDK is installed into the target directory on first run;
//! when that cannot be done the test fails — it never skips.

use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::State;
use axum::routing::{get, post};
use base64::Engine;
use serde_json::{Value, json};
use tool_mcp::jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, encode};
use tool_mcp::{HttpOptions, JwtValidator, McpServer, Visible};

use crate::support::guarded::Guarded;
use crate::support::pinned::installed;

const SECRET: &[u8] = b"the authorization server's signing key, shared with the resource server";
const CLIENT_ID: &str = "toolc-auth-test";
const CLIENT_SECRET: &str = "the client's own secret";

/// A form's fields, in order.
type Form = Vec<(String, String)>;

/// The authorization server: its issuer URL, and what its token endpoint was asked.
#[derive(Clone)]
struct Authority {
    issuer: String,
    asked: Arc<Mutex<Vec<Form>>>,
}

async fn authority_metadata(State(authority): State<Authority>) -> axum::Json<Value> {
    axum::Json(json!({
        "issuer": authority.issuer,
        // Never used by client credentials, but the SDK reads a document without one as invalid.
        "authorization_endpoint": format!("{}/authorize", authority.issuer),
        "token_endpoint": format!("{}/token", authority.issuer),
        "response_types_supported": ["code"],
        "grant_types_supported": ["client_credentials"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic"],
    }))
}

/// The token endpoint: client credentials in the `Authorization` header (client_secret_basic).
async fn token(
    State(authority): State<Authority>,
    headers: axum::http::HeaderMap,
    body: String,
) -> Result<axum::Json<Value>, (axum::http::StatusCode, axum::Json<Value>)> {
    let form: Form = body
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(key, value)| (decode(key), decode(value)))
        .collect();
    authority.asked.lock().unwrap().push(form.clone());
    let field = |name: &str| form.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
    let basic =
        headers.get("authorization").and_then(|value| value.to_str().ok()?.strip_prefix("Basic ").map(str::to_owned));
    let credentials = basic.and_then(|basic| base64::engine::general_purpose::STANDARD.decode(basic).ok());
    // RFC 6749 §2.3.1: the id and secret form-encoded, then joined; plain text decodes the same.
    let authenticated = credentials.is_some_and(|credentials| {
        decode(&String::from_utf8_lossy(&credentials)) == format!("{CLIENT_ID}:{CLIENT_SECRET}")
    });
    if !authenticated || field("grant_type").as_deref() != Some("client_credentials") {
        return Err((axum::http::StatusCode::UNAUTHORIZED, axum::Json(json!({"error": "invalid_client"}))));
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
    let claims = json!({
        "iss": authority.issuer, "sub": CLIENT_ID, "aud": field("resource"), "iat": now, "exp": now + 600,
        "scope": field("scope").unwrap_or_default(),
    });
    let jwt = encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(SECRET)).unwrap();
    Ok(axum::Json(json!({"access_token": jwt, "token_type": "Bearer", "expires_in": 600})))
}

/// `application/x-www-form-urlencoded` text, decoded.
fn decode(text: &str) -> String {
    let text = text.replace('+', " ");
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.bytes();
    while let Some(byte) = bytes.next() {
        if byte != b'%' {
            out.push(byte);
            continue;
        }
        let pair: Vec<u8> = bytes.by_ref().take(2).collect();
        match std::str::from_utf8(&pair).ok().and_then(|hex| u8::from_str_radix(hex, 16).ok()) {
            Some(decoded) => out.push(decoded),
            None => {
                out.push(b'%');
                out.extend(pair);
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_typescript_sdk_finds_the_authorization_server_through_the_metadata_and_connects() {
    let (here, sdks) = installed();

    let authority_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let authority = Authority {
        issuer: format!("http://127.0.0.1:{}", authority_listener.local_addr().unwrap().port()),
        asked: Arc::default(),
    };
    let routes = axum::Router::new()
        .route("/.well-known/oauth-authorization-server", get(authority_metadata))
        .route("/token", post(token))
        .with_state(authority.clone());
    tokio::spawn(async move { axum::serve(authority_listener, routes).await });

    // Bound first, so that the server's URL (its tokens' audience) is known when it is configured.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}/mcp", listener.local_addr().unwrap().port());
    let validator = JwtValidator::new(DecodingKey::from_secret(SECRET), Algorithm::HS256, &authority.issuer, &url);
    let options = HttpOptions::default()
        .bearer(validator)
        .resource(&url)
        .authorization_servers([authority.issuer.clone()])
        .scopes_supported(["files:read", "files:write"])
        .visible(|caller| match caller {
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
    let asked = authority.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1, "{asked:?}");
    let field = |name: &str| asked[0].iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str());
    assert_eq!((field("resource"), field("scope")), (Some(url.as_str()), Some("files:read")), "{asked:?}");
    server.stop();
}
