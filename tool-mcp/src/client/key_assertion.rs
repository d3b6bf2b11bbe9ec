//! A machine's token for a private key (`private_key_jwt`, RFC 7523, with the client credentials
//! grant of SEP-1046; feature `oauth-jwt`): an assertion signed by the program's key, addressed to
//! the authorization server, sent to its token endpoint.
//!
//! rmcp signs these too, but only with jsonwebtoken's aws-lc backend, which beside the pure-Rust
//! one toolc's `JwtValidator` uses leaves jsonwebtoken without a backend (it panics at its first
//! use), and its token request cannot be awaited on a multi-threaded runtime's task.

use std::net::IpAddr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::Url;
use rmcp::transport::auth::{AuthorizationMetadata, OAuthTokenResponse, StoredCredentials};
use serde_json::{Value, json};

/// How long an assertion is good for: long enough for one token request.
const ASSERTION_LIFETIME_SECS: u64 = 300;

/// How long the token endpoint has to answer.
const TOKEN_WITHIN: Duration = Duration::from_secs(30);

/// The program's private key, and the algorithm it signs with.
#[derive(Clone)]
pub(super) struct ClientKey {
    pub(super) key: EncodingKey,
    pub(super) algorithm: Algorithm,
}

/// Asks the token endpoint of `metadata` for a token of `client_id`, proving it with an assertion
/// signed by `key`: for `scopes` (none named: what the server gives) at `resource`. The token, and
/// the scopes it was granted (those asked for, when the answer names none).
pub(super) async fn token(
    http: &reqwest::Client,
    metadata: &AuthorizationMetadata,
    client_id: &str,
    key: &ClientKey,
    scopes: &[String],
    resource: &str,
    private_network: bool,
) -> Result<(OAuthTokenResponse, Vec<String>), String> {
    let endpoint = Url::parse(&metadata.token_endpoint)
        .map_err(|err| format!("the token endpoint {} is not a URL: {err}", metadata.token_endpoint))?;
    if !(endpoint.scheme() == "https" || (endpoint.scheme() == "http" && is_loopback(&endpoint))) {
        return Err(format!(
            "the token endpoint {endpoint} is not HTTPS, and a signed assertion is sent over HTTPS alone (plain HTTP \
             only to this machine)"
        ));
    }
    reachable(&endpoint, resource, private_network).await?;
    let audience = metadata.issuer.as_deref().ok_or(
        "the authorization server's metadata names no issuer, which a signed assertion is addressed to".to_owned(),
    )?;
    let assertion = assertion(client_id, audience, key)?;
    let mut form = vec![
        ("grant_type", "client_credentials"),
        ("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"),
        ("client_assertion", assertion.as_str()),
        ("resource", resource),
    ];
    let scope = scopes.join(" ");
    if !scope.is_empty() {
        form.push(("scope", scope.as_str()));
    }
    let answer = http
        .post(endpoint.clone())
        .form(&form)
        .timeout(TOKEN_WITHIN)
        .send()
        .await
        .map_err(|err| format!("cannot reach the token endpoint {endpoint}: {err}"))?;
    let status = answer.status();
    let body = answer.bytes().await.map_err(|err| format!("the token endpoint's answer broke off: {err}"))?;
    if !status.is_success() {
        let said: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        let error = said["error"].as_str().unwrap_or("no error named");
        let description = said["error_description"].as_str().map(|text| format!(" ({text})")).unwrap_or_default();
        return Err(format!("the token endpoint refused the client `{client_id}` with {status}: {error}{description}"));
    }
    let token =
        serde_json::from_slice(&body).map_err(|err| format!("the token endpoint's answer is not a token: {err}"))?;
    let said: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let granted = match said["scope"].as_str() {
        Some(granted) => granted.split_whitespace().map(str::to_owned).collect(),
        None => scopes.to_vec(),
    };
    Ok((token, granted))
}

/// A machine's `token`, as the credential store keeps it: whose, which scopes, when it was
/// received, from which authorization server.
pub(super) fn kept(
    client_id: &str,
    token: OAuthTokenResponse,
    granted: Vec<String>,
    metadata: &AuthorizationMetadata,
) -> StoredCredentials {
    StoredCredentials::new(client_id.to_owned(), Some(token), granted, Some(now())).with_issuer(metadata.issuer.clone())
}

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs()
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

/// Whether a token endpoint the metadata names may be reached, as rmcp allows the addresses its
/// metadata leads to: loopback only for a server on loopback, a private address (RFC 1918,
/// fc00::/7, shared 100.64/10) only with `private_network`, never link-local, unspecified or
/// multicast. (Looked up once here and again by the request: a name that changes its address in
/// between is not caught.)
async fn reachable(endpoint: &Url, server: &str, private_network: bool) -> Result<(), String> {
    let host = endpoint.host_str().ok_or_else(|| format!("the token endpoint {endpoint} names no host"))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let port = endpoint.port_or_known_default().unwrap_or(443);
    let server_on_loopback = Url::parse(server).is_ok_and(|server| is_loopback(&server));
    let addresses = tokio::net::lookup_host((host, port))
        .await
        .map_err(|err| format!("cannot find the token endpoint {endpoint}: {err}"))?;
    for address in addresses {
        let ip = address.ip();
        let allowed = if ip.is_loopback() {
            server_on_loopback
        } else if is_private(ip) {
            private_network
        } else {
            !(ip.is_unspecified() || ip.is_multicast() || is_link_local(ip))
        };
        if !allowed {
            return Err(format!(
                "the token endpoint {endpoint} is at {ip}, where a server's metadata may not send the client (a \
                 private address needs `SignIn::private_network`)"
            ));
        }
    }
    Ok(())
}

fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => ip.is_private() || (ip.octets()[0] == 100 && (ip.octets()[1] & 0xc0) == 64),
        IpAddr::V6(ip) => (ip.segments()[0] & 0xfe00) == 0xfc00,
    }
}

fn is_link_local(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => ip.is_link_local(),
        IpAddr::V6(ip) => (ip.segments()[0] & 0xffc0) == 0xfe80,
    }
}

fn is_loopback(url: &Url) -> bool {
    match url.host_str() {
        Some("localhost") => true,
        Some(host) => host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback()),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonwebtoken::{DecodingKey, Validation};

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

    #[test]
    fn only_loopback_is_reached_over_plain_http() {
        for (url, loopback) in [
            ("http://localhost:1/t", true),
            ("http://127.0.0.1/t", true),
            ("http://[::1]/t", true),
            ("http://10.0.0.1/t", false),
        ] {
            assert_eq!(is_loopback(&Url::parse(url).unwrap()), loopback, "{url}");
        }
    }

    #[tokio::test]
    async fn a_token_endpoint_at_a_private_or_link_local_address_is_refused() {
        let at = |url: &str| Url::parse(url).unwrap();
        let public = "https://mcp.example/mcp";
        let refused = reachable(&at("https://10.0.0.9/token"), public, false).await.unwrap_err();
        assert!(refused.contains("10.0.0.9") && refused.contains("private_network"), "{refused}");
        assert!(reachable(&at("https://10.0.0.9/token"), public, true).await.is_ok());
        assert!(
            reachable(&at("https://169.254.169.254/token"), public, true).await.is_err(),
            "the cloud's metadata address"
        );
        assert!(
            reachable(&at("http://127.0.0.1:9/token"), public, true).await.is_err(),
            "loopback for a remote server"
        );
        assert!(reachable(&at("http://127.0.0.1:9/token"), "http://127.0.0.1:8/mcp", false).await.is_ok());
    }
}
