//! DPoP (RFC 9449; feature `oauth-dpop`): a key of the toolbox's own that its tokens are bound to,
//! and the proofs it signs, one per HTTP request: at the token endpoint, so that the token issued
//! is bound to the key, and with each request to the MCP server, so that a token taken from the
//! wire is of no use without the key. The nonces servers hand out are kept here too, per origin.
//!
//! The key is made in memory for each toolbox and never leaves it: a token bound to it dies with
//! the toolbox, and a token kept in a store from before is refused, which leads to a sign-in.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Signer as _;
use p256::ecdsa::{Signature, SigningKey};
use reqwest::Url;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// Seconds since the epoch, as `iat` is.
fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_secs()
}

/// The header a proof travels in, and the one a server sends its nonce in.
pub(super) const PROOF_HEADER: &str = "DPoP";
pub(super) const NONCE_HEADER: &str = "DPoP-Nonce";

/// The toolbox's key, and the nonces servers gave it.
pub(super) struct Dpop {
    key: SigningKey,
    /// The public key, as the proofs' `jwk` header names it.
    jwk: Value,
    nonces: Mutex<HashMap<String, String>>,
}

impl std::fmt::Debug for Dpop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dpop").field("jwk", &self.jwk).finish_non_exhaustive()
    }
}

impl Dpop {
    /// A new P-256 key (ES256, the algorithm every DPoP server takes), from the system's random
    /// bytes.
    pub(super) fn new() -> Result<Self, String> {
        let key = loop {
            let mut bytes = [0u8; 32];
            getrandom::fill(&mut bytes).map_err(|err| format!("the system gave no random bytes: {err}"))?;
            // Fails only for bytes at or above the curve's order (odds of about 2^-32), or zero.
            if let Ok(key) = SigningKey::from_slice(&bytes) {
                break key;
            }
        };
        let point = key.verifying_key().to_encoded_point(false);
        let coordinate =
            |bytes: Option<&p256::FieldBytes>| URL_SAFE_NO_PAD.encode(bytes.map(|b| &b[..]).unwrap_or(&[]));
        let jwk = json!({"kty": "EC", "crv": "P-256", "x": coordinate(point.x()), "y": coordinate(point.y())});
        Ok(Dpop { key, jwk, nonces: Mutex::new(HashMap::new()) })
    }

    /// A fresh proof for a `method` request to `url` (its query and fragment left out, as `htu`
    /// is), with the hash of `token` when it carries one (`ath`), and the nonce the server at
    /// `url` last gave, if any.
    pub(super) fn proof(&self, method: &str, url: &Url, token: Option<&str>) -> Result<String, String> {
        let mut id = [0u8; 16];
        getrandom::fill(&mut id).map_err(|err| format!("the system gave no random bytes: {err}"))?;
        let mut claims = json!({
            "jti": URL_SAFE_NO_PAD.encode(id),
            "htm": method,
            "htu": target(url),
            "iat": now(),
        });
        if let Some(token) = token {
            claims["ath"] = json!(URL_SAFE_NO_PAD.encode(Sha256::digest(token.as_bytes())));
        }
        if let Some(nonce) = self.nonce(url) {
            claims["nonce"] = json!(nonce);
        }
        let header = json!({"typ": "dpop+jwt", "alg": "ES256", "jwk": self.jwk});
        let signed =
            format!("{}.{}", URL_SAFE_NO_PAD.encode(header.to_string()), URL_SAFE_NO_PAD.encode(claims.to_string()));
        let signature: Signature = self.key.sign(signed.as_bytes());
        Ok(format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes())))
    }

    /// Keeps the nonce the server at `url` gave (in a `DPoP-Nonce` header), for the next proofs
    /// sent there; whether it is new (a request refused for want of it may be sent again).
    pub(super) fn keep_nonce(&self, url: &Url, nonce: Option<&str>) -> bool {
        let Some(nonce) = nonce.filter(|nonce| !nonce.is_empty()) else { return false };
        let mut nonces = self.nonces.lock().unwrap_or_else(PoisonError::into_inner);
        nonces.insert(url.origin().ascii_serialization(), nonce.to_owned()).as_deref() != Some(nonce)
    }

    fn nonce(&self, url: &Url) -> Option<String> {
        self.nonces.lock().unwrap_or_else(PoisonError::into_inner).get(&url.origin().ascii_serialization()).cloned()
    }
}

/// `url` as a proof's `htu` names it: without its query and fragment (RFC 9449 section 4.2).
fn target(url: &Url) -> String {
    let mut url = url.clone();
    url.set_query(None);
    url.set_fragment(None);
    url.to_string()
}

/// Whether a `WWW-Authenticate` challenge, or a token endpoint's `error`, asks for a nonce.
pub(super) fn asks_nonce(text: &str) -> bool {
    text.contains("use_dpop_nonce")
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::ecdsa::VerifyingKey;
    use p256::ecdsa::signature::Verifier as _;

    /// A proof's header and claims, once its signature is checked with the key its header names.
    fn read(proof: &str) -> (Value, Value) {
        let parts: Vec<&str> = proof.split('.').collect();
        let decode = |part: &str| URL_SAFE_NO_PAD.decode(part).unwrap();
        let header: Value = serde_json::from_slice(&decode(parts[0])).unwrap();
        let coordinate = |name: &str| decode(header["jwk"][name].as_str().unwrap());
        let point = p256::EncodedPoint::from_affine_coordinates(
            coordinate("x").as_slice().into(),
            coordinate("y").as_slice().into(),
            false,
        );
        let key = VerifyingKey::from_encoded_point(&point).unwrap();
        let signature = Signature::from_slice(&decode(parts[2])).unwrap();
        key.verify(format!("{}.{}", parts[0], parts[1]).as_bytes(), &signature)
            .expect("the proof verifies with the key it names");
        (header, serde_json::from_slice(&decode(parts[1])).unwrap())
    }

    #[test]
    fn a_proof_is_signed_by_the_key_it_names_for_one_request_and_never_shows_the_private_key() {
        let dpop = Dpop::new().unwrap();
        let url = Url::parse("https://tools.example/mcp?x=1#f").unwrap();
        let proof = dpop.proof("POST", &url, Some("the-token")).unwrap();
        let (header, claims) = read(&proof);
        assert_eq!(header["typ"], "dpop+jwt");
        assert_eq!(header["alg"], "ES256");
        assert!(header["jwk"].get("d").is_none(), "{header}");
        assert_eq!(claims["htm"], "POST");
        assert_eq!(claims["htu"], "https://tools.example/mcp");
        assert_eq!(claims["ath"], URL_SAFE_NO_PAD.encode(Sha256::digest(b"the-token")));
        assert!(claims.get("nonce").is_none());
        assert!((claims["iat"].as_u64().unwrap() as i64 - now() as i64).abs() <= 1);
        let again = read(&dpop.proof("POST", &url, Some("the-token")).unwrap()).1;
        assert_ne!(claims["jti"], again["jti"], "each proof is fresh");
        assert!(!format!("{dpop:?}").contains(&URL_SAFE_NO_PAD.encode(dpop.key.to_bytes())));
    }

    #[test]
    fn a_nonce_is_sent_back_to_the_origin_that_gave_it_alone() {
        let dpop = Dpop::new().unwrap();
        let token_endpoint = Url::parse("https://as.example/token").unwrap();
        assert!(dpop.keep_nonce(&token_endpoint, Some("n1")));
        assert!(!dpop.keep_nonce(&token_endpoint, Some("n1")), "the same nonce again is no news");
        let proof = dpop.proof("POST", &Url::parse("https://as.example/other").unwrap(), None).unwrap();
        assert_eq!(read(&proof).1["nonce"], "n1");
        let elsewhere = dpop.proof("POST", &Url::parse("https://rs.example/mcp").unwrap(), None).unwrap();
        assert!(read(&elsewhere).1.get("nonce").is_none());
    }
}
