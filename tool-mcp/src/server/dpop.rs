//! [`DpopTokens`]: access tokens bound to the client's key (DPoP, RFC 9449; feature `dpop`), as a
//! resource server checks them (section 7): the token comes as `Authorization: DPoP <token>` with
//! one proof, signed by the key the token names in `cnf.jkt`, made for this request (method and
//! URL), for this token (`ath`), lately (`iat`), never seen before (`jti`), and with the server's
//! nonce when it hands nonces out (section 9).

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::HeaderMap;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::jwk::{Jwk, ThumbprintHash};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::Value;
use sha2::{Digest, Sha256};

use toolc::Caller;

/// The algorithms a proof may be signed with: asymmetric ones (a proof's key is public).
const ALGORITHMS: [Algorithm; 9] = [
    Algorithm::ES256,
    Algorithm::ES384,
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::PS384,
    Algorithm::PS512,
    Algorithm::EdDSA,
];

/// How a server over HTTP takes DPoP-bound access tokens, given to
/// [`HttpOptions::dpop`](super::HttpOptions::dpop) beside the
/// [validator](super::HttpOptions::bearer) that checks the tokens themselves (whose caller's claims
/// must carry `cnf.jkt`, as [`JwtValidator`](super::JwtValidator)'s do).
///
/// A token bound to a key is refused when presented as a bearer token, and a proof is refused when
/// it was made for another request, another token, another key, more than five minutes from now,
/// or was seen before (each replica remembers the proofs it saw; behind a load balancer a proof
/// replayed to another replica within those minutes is not caught, unless nonces are on, which
/// narrow it to the nonce's life).
///
/// ```
/// use toolc_mcp::{DpopTokens, HttpOptions, JwtValidator};
/// use toolc_mcp::jsonwebtoken::{Algorithm, DecodingKey};
///
/// let key = DecodingKey::from_secret(b"the authorization server's key");
/// let validator = JwtValidator::new(key, Algorithm::HS256, "https://auth.example.com", "https://tools.example.com/mcp");
/// let options = HttpOptions::default()
///     .bearer(validator)
///     .resource("https://tools.example.com/mcp")
///     .dpop(DpopTokens::required().nonces());
/// # drop(options);
/// ```
#[derive(Debug)]
pub struct DpopTokens {
    required: bool,
    nonces: bool,
    window: Duration,
}

impl DpopTokens {
    /// DPoP-bound tokens are taken beside bearer tokens.
    pub fn accepted() -> Self {
        DpopTokens { required: false, nonces: false, window: Duration::from_secs(300) }
    }

    /// Only DPoP-bound tokens are taken (`dpop_bound_access_tokens_required` in the server's
    /// metadata): a bearer token is refused.
    pub fn required() -> Self {
        DpopTokens { required: true, ..DpopTokens::accepted() }
    }

    /// Every proof must carry a nonce this server gave (in a `DPoP-Nonce` header, with a `401
    /// use_dpop_nonce` the first time): a proof made ahead of time, or kept, is of no use once the
    /// nonce changes (every five minutes; the one before stays good as long again).
    pub fn nonces(mut self) -> Self {
        self.nonces = true;
        self
    }
}

/// What the gate keeps of [`DpopTokens`]: the proofs seen, and the nonces.
pub(super) struct Proofs {
    pub(super) required: bool,
    nonces: Option<Mutex<Nonces>>,
    window: Duration,
    /// Each proof's `jti` seen, with when it may be forgotten (its `iat` is out of the window).
    seen: Mutex<HashMap<String, u64>>,
}

/// The nonce given now, and the one before it, each good for a window.
struct Nonces {
    current: String,
    previous: Option<String>,
    since: Instant,
}

/// Why a request was refused: the `error` of its challenge, and why in words.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct ProofRefused {
    pub(super) error: &'static str,
    pub(super) why: String,
}

impl ProofRefused {
    fn invalid(why: impl Into<String>) -> Self {
        ProofRefused { error: "invalid_dpop_proof", why: why.into() }
    }
}

impl Proofs {
    pub(super) fn new(options: &DpopTokens) -> std::io::Result<Self> {
        let nonces = match options.nonces {
            true => Some(Mutex::new(Nonces { current: fresh_nonce()?, previous: None, since: Instant::now() })),
            false => None,
        };
        Ok(Proofs { required: options.required, nonces, window: options.window, seen: Mutex::default() })
    }

    /// The names of the algorithms a proof may be signed with, as the metadata lists them.
    pub(super) fn algorithms() -> Vec<String> {
        ALGORITHMS.iter().map(|algorithm| format!("{algorithm:?}")).collect()
    }

    /// The nonces, when they are on, the current one replaced once it has lived its window.
    fn rotated(&self) -> Option<MutexGuard<'_, Nonces>> {
        let mut nonces = self.nonces.as_ref()?.lock().unwrap_or_else(PoisonError::into_inner);
        if nonces.since.elapsed() >= self.window
            && let Ok(next) = fresh_nonce()
        {
            let current = std::mem::replace(&mut nonces.current, next);
            nonces.previous = Some(current);
            nonces.since = Instant::now();
        }
        Some(nonces)
    }

    /// The nonce a client is to send now, when nonces are on.
    pub(super) fn nonce(&self) -> Option<String> {
        self.rotated().map(|nonces| nonces.current.clone())
    }

    /// Whether `nonce` is one this server gave and still takes (any, when nonces are off).
    fn nonce_taken(&self, nonce: Option<&str>) -> bool {
        let Some(nonces) = self.rotated() else { return true };
        nonce.is_some_and(|nonce| nonce == nonces.current || Some(nonce) == nonces.previous.as_deref())
    }

    /// The thumbprint of the key that signed the one proof in `headers`, once the proof is checked
    /// for a `method` request to `url` with `token`; then `checked` (the token's own check, giving
    /// its caller) must give a caller whose `cnf.jkt` is that thumbprint.
    pub(super) async fn check<F>(
        &self,
        headers: &HeaderMap,
        method: &str,
        url: &str,
        token: &str,
        checked: F,
    ) -> Result<Result<Caller, String>, ProofRefused>
    where
        F: Future<Output = Result<Caller, String>>,
    {
        let mut proofs = headers.get_all("dpop").iter();
        let (Some(proof), None) = (proofs.next(), proofs.next()) else {
            return Err(ProofRefused::invalid("a DPoP-bound token needs exactly one DPoP proof header"));
        };
        let proof = proof.to_str().map_err(|_| ProofRefused::invalid("the DPoP proof is not a JWT"))?;
        let (thumbprint, claims) = verified(proof)?;
        if claims["htm"].as_str() != Some(method) {
            return Err(ProofRefused::invalid(format!("the proof was made for another method than {method}")));
        }
        let htu = claims["htu"].as_str().unwrap_or_default();
        if htu.contains(['?', '#']) || normal(htu) != normal(url) {
            return Err(ProofRefused::invalid(format!("the proof was made for another URL than {url}")));
        }
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs();
        let issued = claims["iat"].as_u64().ok_or_else(|| ProofRefused::invalid("the proof has no `iat`"))?;
        if issued.abs_diff(now) > self.window.as_secs() {
            return Err(ProofRefused::invalid("the proof was not made lately (`iat`)"));
        }
        let hash = URL_SAFE_NO_PAD.encode(Sha256::digest(token.as_bytes()));
        if claims["ath"].as_str() != Some(hash.as_str()) {
            return Err(ProofRefused::invalid("the proof was made for another token (`ath`)"));
        }
        let id = claims["jti"].as_str().filter(|id| !id.is_empty() && id.len() <= 256);
        let id = id.ok_or_else(|| ProofRefused::invalid("the proof has no `jti`"))?;
        if !self.nonce_taken(claims["nonce"].as_str()) {
            return Err(ProofRefused {
                error: "use_dpop_nonce",
                why: "the proof needs this server's nonce".to_owned(),
            });
        }
        let caller = match checked.await {
            Ok(caller) => caller,
            refused => return Ok(refused),
        };
        if caller.claims().get("cnf").and_then(|cnf| cnf.get("jkt")).and_then(Value::as_str) != Some(&thumbprint) {
            return Ok(Err("the token is not bound to the key that signed the proof (`cnf.jkt`)".to_owned()));
        }
        // Remembered once the token is good: a client without one cannot fill the memory.
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        seen.retain(|_, until| *until >= now);
        if seen.insert(id.to_owned(), issued + self.window.as_secs()).is_some() {
            return Err(ProofRefused::invalid("the proof was sent before (`jti`)"));
        }
        Ok(Ok(caller))
    }
}

/// The proof's key's thumbprint and its claims, once its header and signature are checked.
fn verified(proof: &str) -> Result<(String, Value), ProofRefused> {
    let not_jwt = || ProofRefused::invalid("the DPoP proof is not a JWT");
    let header: Value = proof
        .split('.')
        .next()
        .and_then(|part| URL_SAFE_NO_PAD.decode(part).ok())
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .ok_or_else(not_jwt)?;
    if header["typ"] != "dpop+jwt" {
        return Err(ProofRefused::invalid("the proof's `typ` is not `dpop+jwt`"));
    }
    let algorithm = header["alg"].as_str().and_then(|name| name.parse::<Algorithm>().ok());
    let algorithm = algorithm.filter(|algorithm| ALGORITHMS.contains(algorithm)).ok_or_else(|| {
        ProofRefused::invalid("the proof is not signed with an asymmetric algorithm this server takes")
    })?;
    let jwk = header
        .get("jwk")
        .filter(|jwk| jwk.is_object())
        .ok_or_else(|| ProofRefused::invalid("the proof names no `jwk`"))?;
    if jwk.get("d").is_some() {
        return Err(ProofRefused::invalid("the proof's `jwk` holds a private key"));
    }
    let not_a_key = || ProofRefused::invalid("the proof's `jwk` is not a public key");
    let jwk: Jwk = serde_json::from_value(jwk.clone()).map_err(|_| not_a_key())?;
    let thumbprint = jwk.thumbprint(ThumbprintHash::SHA256).map_err(|_| not_a_key())?;
    let key = DecodingKey::from_jwk(&jwk).map_err(|_| not_a_key())?;
    let mut validation = Validation::new(algorithm);
    validation.required_spec_claims.clear();
    validation.validate_exp = false;
    validation.validate_aud = false;
    let claims = jsonwebtoken::decode::<Value>(proof, &key, &validation)
        .map_err(|_| ProofRefused::invalid("the proof's signature does not verify with its `jwk`"))?;
    Ok((thumbprint, claims.claims))
}

/// A URL as proofs are compared (RFC 9449 section 4.3): its scheme and host in lower case, the
/// scheme's own port left out, no trailing `/`.
fn normal(url: &str) -> String {
    let Ok(uri) = url.parse::<axum::http::Uri>() else { return url.to_owned() };
    let scheme = uri.scheme_str().unwrap_or_default().to_ascii_lowercase();
    let host = uri.host().unwrap_or_default().to_ascii_lowercase();
    let port = match (uri.port_u16(), scheme.as_str()) {
        (Some(443), "https") | (Some(80), "http") | (None, _) => String::new(),
        (Some(port), _) => format!(":{port}"),
    };
    format!("{scheme}://{host}{port}{}", uri.path().trim_end_matches('/'))
}

fn fresh_nonce() -> std::io::Result<String> {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).map_err(|err| std::io::Error::other(err.to_string()))?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}
