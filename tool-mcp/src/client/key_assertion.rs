//! A machine's token for a private key (`private_key_jwt`, RFC 7523, with the client credentials
//! grant of SEP-1046; feature `oauth-jwt`): an assertion signed by the program's key, addressed to
//! the authorization server, sent to its token endpoint.
//!
//! rmcp signs these too, but only with jsonwebtoken's aws-lc backend, which beside the pure-Rust
//! one toolc's `JwtValidator` uses leaves jsonwebtoken without a backend (it panics at its first
//! use), and its token request cannot be awaited on a multi-threaded runtime's task.

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use rmcp::transport::auth::{AuthorizationMetadata, OAuthTokenResponse};
use serde_json::json;

use super::token_request::{self, Asked, now};

/// How long an assertion is good for: long enough for one token request.
const ASSERTION_LIFETIME_SECS: u64 = 300;

/// The program's private key, and the algorithm it signs with.
#[derive(Clone)]
pub(super) struct ClientKey {
    pub(super) key: EncodingKey,
    pub(super) algorithm: Algorithm,
}

/// Asks the token endpoint of `metadata` for a token of `asked.client_id`, proving it with an
/// assertion signed by `key` (`asked.basic` is not used: the assertion authenticates the client).
/// The token, and the scopes it was granted (those asked for, when the answer names none).
pub(super) async fn token(
    http: &reqwest::Client,
    metadata: &AuthorizationMetadata,
    key: &ClientKey,
    asked: &Asked<'_>,
) -> Result<(OAuthTokenResponse, Vec<String>), String> {
    let audience = metadata.issuer.as_deref().ok_or(
        "the authorization server's metadata names no issuer, which a signed assertion is addressed to".to_owned(),
    )?;
    let assertion = assertion(asked.client_id, audience, key)?;
    let form = vec![
        ("grant_type", "client_credentials".to_owned()),
        ("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer".to_owned()),
        ("client_assertion", assertion),
    ];
    token_request::token(http, &metadata.token_endpoint, form, asked).await
}

/// The assertion (RFC 7523 section 3): issued by the client about itself, for `audience`, good for
/// a few minutes, with an id of its own so it cannot be replayed.
fn assertion(client_id: &str, audience: &str, key: &ClientKey) -> Result<String, String> {
    let now = now();
    let mut id = [0u8; 16];
    getrandom::fill(&mut id).map_err(|err| format!("the system gave no random bytes: {err}"))?;
    let claims = json!({
        "iss": client_id,
        "sub": client_id,
        "aud": audience,
        "iat": now,
        "exp": now + ASSERTION_LIFETIME_SECS,
        "jti": u128::from_be_bytes(id).to_string(),
    });
    let mut header = Header::new(key.algorithm);
    header.typ = Some("client-authentication+jwt".to_owned());
    jsonwebtoken::encode(&header, &claims, &key.key).map_err(|err| format!("cannot sign the assertion: {err}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonwebtoken::{DecodingKey, Validation};
    use serde_json::Value;

    #[test]
    fn the_assertion_is_the_clients_own_for_the_authorization_server_and_short_lived() {
        let key = ClientKey { key: EncodingKey::from_secret(b"k"), algorithm: Algorithm::HS256 };
        let signed = assertion("agent", "https://as.example", &key).unwrap();
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_audience(&["https://as.example"]);
        validation.set_issuer(&["agent"]);
        let read = jsonwebtoken::decode::<Value>(&signed, &DecodingKey::from_secret(b"k"), &validation).unwrap();
        assert_eq!(read.header.typ.as_deref(), Some("client-authentication+jwt"));
        assert_eq!(read.claims["sub"], "agent");
        let lifetime = read.claims["exp"].as_u64().unwrap() - read.claims["iat"].as_u64().unwrap();
        assert_eq!(lifetime, ASSERTION_LIFETIME_SECS);
        let again = assertion("agent", "https://as.example", &key).unwrap();
        let again = jsonwebtoken::decode::<Value>(&again, &DecodingKey::from_secret(b"k"), &validation).unwrap();
        assert_ne!(read.claims["jti"], again.claims["jti"], "each assertion has an id of its own");
    }
}
