//! Bearer tokens, as MCP's authorization specification asks of a resource server: every request
//! carries one, a missing or bad one is answered 401 with a pointer to the server's Protected
//! Resource Metadata (RFC 9728), and the caller a good one names reaches the tools.

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use toolc::Caller;

/// Why a token was refused, in words for the client (the `error_description` of its 401).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenRefused(pub String);

impl fmt::Display for TokenRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TokenRefused {}

/// Checks a bearer token and says who it belongs to. [`StaticToken`] and
// A link where the item exists; its name alone without `jwt`, so the docs build either way.
#[cfg_attr(feature = "jwt", doc = " [`JwtValidator`](super::JwtValidator)")]
#[cfg_attr(not(feature = "jwt"), doc = " `JwtValidator`")]
/// (feature `jwt`) are two; a closure
/// `Fn(&str) -> Result<Caller, TokenRefused>` is another, and an `async` check (a token
/// introspection endpoint, a database) implements this trait.
pub trait TokenValidator: Send + Sync + 'static {
    /// The caller `token` belongs to, or why it is refused.
    fn validate(&self, token: &str) -> impl Future<Output = Result<Caller, TokenRefused>> + Send;
}

impl<F> TokenValidator for F
where
    F: Fn(&str) -> Result<Caller, TokenRefused> + Send + Sync + 'static,
{
    async fn validate(&self, token: &str) -> Result<Caller, TokenRefused> {
        self(token)
    }
}

type Checked<'a> = Pin<Box<dyn Future<Output = Result<Caller, TokenRefused>> + Send + 'a>>;

/// A [`TokenValidator`] behind a pointer.
pub(super) trait Erased: Send + Sync {
    fn check<'a>(&'a self, token: &'a str) -> Checked<'a>;
}

impl<V: TokenValidator> Erased for V {
    fn check<'a>(&'a self, token: &'a str) -> Checked<'a> {
        Box::pin(self.validate(token))
    }
}

/// One token, given to the server as a secret (from a file or the environment, never the command
/// line), and the caller its holder is. Compared in constant time.
///
/// ```
/// use toolc::Caller;
/// use toolc_mcp::{HttpOptions, StaticToken};
///
/// let token = "a-long-random-secret".to_owned(); // e.g. std::fs::read_to_string(path)?
/// let options = HttpOptions::default().bearer(StaticToken::new(token, Caller::named("me", ["files:write"])));
/// ```
pub struct StaticToken {
    /// The token's SHA-256: digests of one length are compared, so the time taken tells nothing of
    /// the token, not even its length.
    digest: [u8; 32],
    empty: bool,
    caller: Caller,
}

impl StaticToken {
    /// Accepts `token` alone (surrounding whitespace, as a file holds it, is not part of it), for
    /// `caller`.
    pub fn new(token: impl Into<String>, caller: Caller) -> Self {
        let token = token.into();
        let token = token.trim();
        StaticToken { digest: Sha256::digest(token.as_bytes()).into(), empty: token.is_empty(), caller }
    }
}

impl fmt::Debug for StaticToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StaticToken").field("caller", &self.caller).finish_non_exhaustive()
    }
}

impl TokenValidator for StaticToken {
    async fn validate(&self, token: &str) -> Result<Caller, TokenRefused> {
        let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        if !self.empty && bool::from(self.digest.ct_eq(&digest)) {
            Ok(self.caller.clone())
        } else {
            Err(TokenRefused("the token is not this server's".to_owned()))
        }
    }
}

/// The token of an `Authorization` header value in `scheme` (`Bearer <token>`, `DPoP <token>`; the
/// scheme in any case).
pub(super) fn token_of<'a>(header: &'a str, scheme: &str) -> Option<&'a str> {
    let (named, token) = header.split_once(' ')?;
    let token = token.trim();
    (named.eq_ignore_ascii_case(scheme) && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bearer_header_gives_its_token_and_nothing_else_does() {
        let bearer_token = |header| token_of(header, "bearer");
        assert_eq!(bearer_token("Bearer abc"), Some("abc"));
        assert_eq!(bearer_token("bearer  abc "), Some("abc"));
        assert_eq!(bearer_token("Basic abc"), None);
        assert_eq!(bearer_token("DPoP abc"), None);
        assert_eq!(bearer_token("Bearer "), None);
        assert_eq!(bearer_token("Bearerabc"), None);
        assert_eq!(token_of("dpop abc", "dpop"), Some("abc"));
    }

    #[test]
    fn a_static_token_accepts_itself_alone() {
        let token = StaticToken::new("secret\n", Caller::named("me", ["a"]));
        let check = |text| pollster::block_on(token.validate(text));
        assert_eq!(check("secret").unwrap().subject(), Some("me"));
        assert!(check("secreT").is_err() && check("secret2").is_err() && check("").is_err());
        let empty = StaticToken::new("  ", Caller::default());
        assert!(pollster::block_on(empty.validate("")).is_err());
    }
}
