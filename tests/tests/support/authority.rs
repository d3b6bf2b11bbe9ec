//! The smallest OAuth authorization server the sign-in tests need, for servers that ask for JWT
//! access tokens: its metadata document; a token endpoint that checks a machine's credentials
//! (`client_secret_basic`), or a person's authorization code and its PKCE verifier, and signs a JWT
//! for the `resource` the client names (RFC 8707), good for as long as the test says; dynamic
//! registration of public clients; and an authorization endpoint that signs the person in at once and
//! sends the browser back with the code, `state` and `iss`.

#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use base64::Engine;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use toolc_mcp::jsonwebtoken::jwk::ThumbprintHash;
use toolc_mcp::jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode_header, encode};
use toolc_mcp::{HttpOptions, JwtValidator};

pub const SECRET: &[u8] = b"the authorization server's signing key, shared with the resource server";
pub const CLIENT_ID: &str = "toolc-auth-test";
pub const CLIENT_SECRET: &str = "the client's own secret";

/// A form's fields, in order.
pub type Form = Vec<(String, String)>;

/// A person's sign-in between the authorization endpoint and the token endpoint.
#[derive(Clone)]
struct Pending {
    client_id: String,
    challenge: String,
    redirect_uri: String,
    scope: String,
}

/// The authorization server: its issuer URL, how long its tokens last, what its token endpoint was
/// asked, the clients it registered and the sign-ins under way.
#[derive(Clone)]
pub struct Authority {
    pub issuer: String,
    pub lifetime_secs: u64,
    pub asked: Arc<Mutex<Vec<Form>>>,
    pub registered: Arc<Mutex<Vec<Value>>>,
    pending: Arc<Mutex<HashMap<String, Pending>>>,
    /// The nonce a DPoP proof must carry at the token endpoint, when there is one.
    pub dpop_nonce: Arc<Mutex<Option<String>>>,
    /// The DPoP proof of each token request, if it had one.
    pub proofs: Arc<Mutex<Vec<Option<String>>>>,
}

impl Authority {
    /// The server, listening on 127.0.0.1, its tokens good for `lifetime_secs`.
    pub async fn start(lifetime_secs: u64) -> Authority {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let authority = Authority {
            issuer: format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port()),
            lifetime_secs,
            asked: Arc::default(),
            registered: Arc::default(),
            pending: Arc::default(),
            dpop_nonce: Arc::default(),
            proofs: Arc::default(),
        };
        let routes = axum::Router::new()
            .route("/.well-known/oauth-authorization-server", get(authority_metadata))
            .route("/token", post(token))
            .route("/register", post(register))
            .route("/authorize", get(authorize))
            .with_state(authority.clone());
        tokio::spawn(async move { axum::serve(listener, routes).await });
        authority
    }

    /// The token requests, each as its form.
    pub fn asked(&self) -> Vec<Form> {
        self.asked.lock().unwrap().clone()
    }

    /// What a toolc server at `url` is given to take the tokens this server signs for it, and to name
    /// this server in its metadata.
    pub fn guarding(&self, url: &str) -> HttpOptions {
        let validator = JwtValidator::new(DecodingKey::from_secret(SECRET), Algorithm::HS256, &self.issuer, url);
        HttpOptions::default().bearer(validator).resource(url).authorization_servers([self.issuer.clone()])
    }

    /// A token for `subject` at `resource`, as the token endpoint signs them.
    pub fn token_for(&self, subject: &str, resource: &str, scope: &str) -> String {
        self.bound_token_for(subject, resource, scope, None)
    }

    /// A token for `subject` at `resource`, bound to the key whose JWK thumbprint is `jkt` (DPoP's
    /// `cnf.jkt`) when there is one.
    pub fn bound_token_for(&self, subject: &str, resource: &str, scope: &str, jkt: Option<&str>) -> String {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
        let mut claims = json!({
            "iss": self.issuer, "sub": subject, "aud": resource, "iat": now, "exp": now + self.lifetime_secs,
            "scope": scope,
        });
        if let Some(jkt) = jkt {
            claims["cnf"] = json!({"jkt": jkt});
        }
        encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(SECRET)).unwrap()
    }
}

async fn authority_metadata(State(authority): State<Authority>) -> axum::Json<Value> {
    axum::Json(json!({
        "issuer": authority.issuer,
        "authorization_endpoint": format!("{}/authorize", authority.issuer),
        "token_endpoint": format!("{}/token", authority.issuer),
        "registration_endpoint": format!("{}/register", authority.issuer),
        "response_types_supported": ["code"],
        "grant_types_supported": ["client_credentials", "authorization_code"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic"],
        "code_challenge_methods_supported": ["S256"],
        "authorization_response_iss_parameter_supported": true,
    }))
}

/// Dynamic registration (RFC 7591) of a public client: a new id, no secret.
async fn register(State(authority): State<Authority>, body: String) -> (StatusCode, axum::Json<Value>) {
    let asked: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    let mut registered = authority.registered.lock().unwrap();
    let client_id = format!("registered-{}", registered.len() + 1);
    registered.push(asked.clone());
    let answer =
        json!({"client_id": client_id, "redirect_uris": asked["redirect_uris"], "token_endpoint_auth_method": "none"});
    (StatusCode::CREATED, axum::Json(answer))
}

/// The person signs in at once: the browser is sent back with a code for this sign-in.
async fn authorize(State(authority): State<Authority>, RawQuery(query): RawQuery) -> axum::response::Response {
    let form = parse(&query.unwrap_or_default());
    let field = |name: &str| form.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
    let (Some(client_id), Some(redirect_uri), Some(challenge), Some(state)) =
        (field("client_id"), field("redirect_uri"), field("code_challenge"), field("state"))
    else {
        return (StatusCode::BAD_REQUEST, "client_id, redirect_uri, code_challenge and state are needed")
            .into_response();
    };
    if field("code_challenge_method").as_deref() != Some("S256") {
        return (StatusCode::BAD_REQUEST, "S256 alone").into_response();
    }
    let mut pending = authority.pending.lock().unwrap();
    let code = format!("code-{}", pending.len() + 1);
    let scope = field("scope").unwrap_or_default();
    pending.insert(code.clone(), Pending { client_id, challenge, redirect_uri: redirect_uri.clone(), scope });
    let encoded = |text: &str| text.bytes().map(|byte| format!("%{byte:02X}")).collect::<String>();
    let location = format!("{redirect_uri}?code={code}&state={}&iss={}", encoded(&state), encoded(&authority.issuer));
    axum::response::Response::builder()
        .status(StatusCode::FOUND)
        .header("location", location)
        .body(axum::body::Body::empty())
        .unwrap()
}

/// The token endpoint: a machine's client credentials in the `Authorization` header
/// (client_secret_basic), or a person's code with the verifier of its PKCE challenge.
async fn token(
    State(authority): State<Authority>,
    headers: axum::http::HeaderMap,
    body: String,
) -> Result<axum::Json<Value>, axum::response::Response> {
    let form = parse(&body);
    authority.asked.lock().unwrap().push(form.clone());
    let proof = headers.get("dpop").and_then(|value| value.to_str().ok()).map(str::to_owned);
    authority.proofs.lock().unwrap().push(proof.clone());
    let endpoint = format!("{}/token", authority.issuer);
    let bound = match proof {
        Some(proof) => {
            let nonce = authority.dpop_nonce.lock().unwrap().clone();
            Some(proven(&proof, &endpoint, nonce.as_deref()).map_err(|(body, nonce)| {
                let mut refusal = (StatusCode::BAD_REQUEST, axum::Json(body)).into_response();
                if let Some(nonce) = nonce {
                    refusal.headers_mut().insert("dpop-nonce", nonce.parse().unwrap());
                }
                refusal
            })?)
        }
        None => None,
    };
    let token_type = if bound.is_some() { "DPoP" } else { "Bearer" };
    let field = |name: &str| form.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
    let refused = |error: &str| (StatusCode::BAD_REQUEST, axum::Json(json!({"error": error}))).into_response();
    let resource = field("resource").ok_or_else(|| refused("invalid_target"))?;
    let lifetime = authority.lifetime_secs;
    if field("grant_type").as_deref() == Some("authorization_code") {
        let code = field("code").unwrap_or_default();
        let pending = authority.pending.lock().unwrap().remove(&code).ok_or_else(|| refused("invalid_grant"))?;
        let verifier = field("code_verifier").unwrap_or_default();
        let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
        let same_client = field("client_id").as_deref() == Some(pending.client_id.as_str());
        if challenge != pending.challenge || !same_client || field("redirect_uri") != Some(pending.redirect_uri) {
            return Err(refused("invalid_grant"));
        }
        let jwt = authority.bound_token_for(&pending.client_id, &resource, &pending.scope, bound.as_deref());
        return Ok(axum::Json(json!({"access_token": jwt, "token_type": token_type, "expires_in": lifetime})));
    }
    let basic =
        headers.get("authorization").and_then(|value| value.to_str().ok()?.strip_prefix("Basic ").map(str::to_owned));
    let credentials = basic.and_then(|basic| base64::engine::general_purpose::STANDARD.decode(basic).ok());
    // RFC 6749 §2.3.1: the id and secret form-encoded, then joined; plain text decodes the same.
    let authenticated = credentials.is_some_and(|credentials| {
        decode(&String::from_utf8_lossy(&credentials)) == format!("{CLIENT_ID}:{CLIENT_SECRET}")
    });
    if !authenticated || field("grant_type").as_deref() != Some("client_credentials") {
        return Err((StatusCode::UNAUTHORIZED, axum::Json(json!({"error": "invalid_client"}))).into_response());
    }
    let jwt = authority.bound_token_for(CLIENT_ID, &resource, &field("scope").unwrap_or_default(), bound.as_deref());
    Ok(axum::Json(json!({"access_token": jwt, "token_type": token_type, "expires_in": lifetime})))
}

/// The thumbprint of the key a token request's DPoP proof is signed with, once the proof is
/// checked (RFC 9449 section 4.3: signed by the key it names, for a POST to `endpoint`, with
/// `nonce` when the server asks for one); or the endpoint's refusal, with the nonce to send.
fn proven(proof: &str, endpoint: &str, nonce: Option<&str>) -> Result<String, (Value, Option<String>)> {
    let refused = |why: &str| (json!({"error": "invalid_dpop_proof", "error_description": why}), None);
    let header = decode_header(proof).map_err(|_| refused("not a JWT"))?;
    let jwk = header.jwk.filter(|_| header.typ.as_deref() == Some("dpop+jwt")).ok_or_else(|| refused("not a proof"))?;
    let mut validation = Validation::new(header.alg);
    validation.required_spec_claims.clear();
    validation.validate_exp = false;
    let key = DecodingKey::from_jwk(&jwk).map_err(|_| refused("no key"))?;
    let claims = toolc_mcp::jsonwebtoken::decode::<Value>(proof, &key, &validation)
        .map_err(|_| refused("bad signature"))?
        .claims;
    if claims["htm"] != "POST" || claims["htu"] != endpoint || !claims["jti"].is_string() {
        return Err(refused("made for another request"));
    }
    if let Some(nonce) = nonce.filter(|nonce| claims["nonce"] != *nonce) {
        let body = json!({"error": "use_dpop_nonce", "error_description": "a nonce is needed"});
        return Err((body, Some(nonce.to_owned())));
    }
    Ok(jwk.thumbprint(ThumbprintHash::SHA256).unwrap())
}

/// An `application/x-www-form-urlencoded` text's fields, decoded, in order.
fn parse(text: &str) -> Form {
    text.split('&').filter_map(|pair| pair.split_once('=')).map(|(key, value)| (decode(key), decode(value))).collect()
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
