//! [`JwtValidator`]: access tokens that are JWTs, checked as MCP's authorization specification asks
//! of a resource server (feature `jwt`).

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::{Map, Value};

use super::auth::{TokenRefused, TokenValidator};
use toolc::Caller;

/// Checks a JWT access token: its signature (with `key`, by `algorithm` alone), its issuer, that it
/// was issued for this server (`aud`, RFC 8707's resource indicator), that it has not expired
/// (`exp` is required) and is valid already (`nbf`, when it has one). The caller it names is [`Caller::from_claims`] of its claims.
///
/// ```
/// use toolc_mcp::jsonwebtoken::{Algorithm, DecodingKey};
/// use toolc_mcp::{HttpOptions, JwtValidator};
///
/// let key = DecodingKey::from_secret(b"shared secret of the authorization server");
/// let validator = JwtValidator::new(key, Algorithm::HS256, "https://auth.example.com", "https://tools.example.com/mcp");
/// let options = HttpOptions::default()
///     .bearer(validator)
///     .resource("https://tools.example.com/mcp")
///     .authorization_servers(["https://auth.example.com"]);
/// ```
pub struct JwtValidator {
    key: DecodingKey,
    validation: Validation,
}

impl JwtValidator {
    /// Tokens signed with `key` by `algorithm`, issued by `issuer` for `audience` (the server's
    /// own URL, as [`HttpOptions::resource`](super::HttpOptions::resource) names it).
    pub fn new(key: DecodingKey, algorithm: Algorithm, issuer: &str, audience: &str) -> Self {
        let mut validation = Validation::new(algorithm);
        validation.set_issuer(&[issuer]);
        validation.set_audience(&[audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.validate_nbf = true;
        JwtValidator { key, validation }
    }

    /// How many seconds of clock difference `exp` and `nbf` allow (default 60).
    pub fn leeway(mut self, seconds: u64) -> Self {
        self.validation.leeway = seconds;
        self
    }
}

impl std::fmt::Debug for JwtValidator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JwtValidator")
            .field("algorithms", &self.validation.algorithms)
            .field("issuer", &self.validation.iss)
            .field("audience", &self.validation.aud)
            .finish_non_exhaustive()
    }
}

impl TokenValidator for JwtValidator {
    async fn validate(&self, token: &str) -> Result<Caller, TokenRefused> {
        let claims = jsonwebtoken::decode::<Map<String, Value>>(token, &self.key, &self.validation)
            .map_err(|err| TokenRefused(refusal(err.kind())))?;
        Ok(Caller::from_claims(claims.claims))
    }
}

/// Why a token was refused, in words a client's developer can act on (without the key's details).
fn refusal(kind: &ErrorKind) -> String {
    match kind {
        ErrorKind::ExpiredSignature => "the token has expired".to_owned(),
        ErrorKind::ImmatureSignature => "the token is not valid yet (`nbf`)".to_owned(),
        ErrorKind::InvalidIssuer => "the token was issued by another authorization server".to_owned(),
        ErrorKind::InvalidAudience => "the token was issued for another resource (`aud`)".to_owned(),
        ErrorKind::InvalidSignature => "the token's signature does not verify".to_owned(),
        ErrorKind::InvalidAlgorithm => "the token is signed with an algorithm this server does not take".to_owned(),
        ErrorKind::MissingRequiredClaim(claim) => format!("the token has no `{claim}` claim"),
        _ => "the token is not a JWT this server can read".to_owned(),
    }
}
