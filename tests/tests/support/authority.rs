//! The smallest OAuth authorization server the machine sign-in needs, for the tests of servers that
//! ask for JWT access tokens: its metadata document and a token endpoint that checks the client's
//! credentials (`client_secret_basic`) and signs a JWT for the `resource` the client names (RFC
//! 8707), good for as long as the test says.

#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::State;
use axum::routing::{get, post};
use base64::Engine;
use serde_json::{Value, json};
use tool_mcp::jsonwebtoken::{Algorithm, EncodingKey, Header, encode};

pub const SECRET: &[u8] = b"the authorization server's signing key, shared with the resource server";
pub const CLIENT_ID: &str = "toolc-auth-test";
pub const CLIENT_SECRET: &str = "the client's own secret";

/// A form's fields, in order.
pub type Form = Vec<(String, String)>;

/// The authorization server: its issuer URL, how long its tokens last, and what its token endpoint
/// was asked.
#[derive(Clone)]
pub struct Authority {
    pub issuer: String,
    pub lifetime_secs: u64,
    pub asked: Arc<Mutex<Vec<Form>>>,
}

impl Authority {
    /// The server, listening on 127.0.0.1, its tokens good for `lifetime_secs`.
    pub async fn start(lifetime_secs: u64) -> Authority {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let authority = Authority {
            issuer: format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port()),
            lifetime_secs,
            asked: Arc::default(),
        };
        let routes = axum::Router::new()
            .route("/.well-known/oauth-authorization-server", get(authority_metadata))
            .route("/token", post(token))
            .with_state(authority.clone());
        tokio::spawn(async move { axum::serve(listener, routes).await });
        authority
    }

    /// The token requests, each as its form.
    pub fn asked(&self) -> Vec<Form> {
        self.asked.lock().unwrap().clone()
    }
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
        "iss": authority.issuer, "sub": CLIENT_ID, "aud": field("resource"), "iat": now, "exp": now + authority.lifetime_secs,
        "scope": field("scope").unwrap_or_default(),
    });
    let jwt = encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(SECRET)).unwrap();
    Ok(axum::Json(json!({"access_token": jwt, "token_type": "Bearer", "expires_in": authority.lifetime_secs})))
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
