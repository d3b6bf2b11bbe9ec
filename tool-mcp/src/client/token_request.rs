//! A token the client asks an authorization server's token endpoint for itself, no person involved
//! (a machine's grants: a private key's assertion, a workload's JWT, an enterprise's ID-JAG): the
//! endpoint checked first (HTTPS, or plain HTTP to this machine; an address a server's metadata may
//! send the client to), the form posted, the answer read as a token or its refusal in words.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::Url;
use rmcp::transport::auth::{AuthorizationMetadata, OAuthTokenResponse, StoredCredentials};
use serde_json::Value;

use super::addresses::{Reach, is_loopback};
#[cfg(feature = "oauth-dpop")]
use super::dpop::Dpop;

/// Without DPoP, the key no token is bound to.
#[cfg(not(feature = "oauth-dpop"))]
pub(super) enum Dpop {}

/// How long the token endpoint has to answer.
const TOKEN_WITHIN: Duration = Duration::from_secs(30);

/// What a token request asks for, beside its grant: whose token (`client_id`, sent in the body
/// unless `basic` authenticates the client with its secret, HTTP Basic), which `scopes` (none
/// named: what the server gives), for which `resource` (the MCP server), and whether a private
/// address may be reached.
pub(super) struct Asked<'a> {
    pub(super) client_id: &'a str,
    pub(super) basic: Option<&'a str>,
    pub(super) scopes: &'a [String],
    pub(super) resource: &'a str,
    pub(super) private_network: bool,
    /// The key the token is bound to (DPoP), if it is.
    pub(super) dpop: Option<&'a Dpop>,
}

impl Asked<'_> {
    /// A proof for a request to `endpoint`, when the token is to be bound to a key.
    fn proof(&self, endpoint: &Url) -> Result<Option<String>, String> {
        #[cfg(feature = "oauth-dpop")]
        if let Some(dpop) = self.dpop {
            return dpop.proof("POST", endpoint, None).map(Some);
        }
        let _ = (endpoint, self.dpop);
        Ok(None)
    }

    /// Whether the endpoint refused the request (`said`) for want of the nonce it gave anew (in
    /// `headers`), which it is sent again with.
    fn nonce_asked(&self, endpoint: &Url, headers: &reqwest::header::HeaderMap, said: &Value) -> bool {
        #[cfg(feature = "oauth-dpop")]
        if let Some(dpop) = self.dpop {
            let nonce = headers.get(super::dpop::NONCE_HEADER).and_then(|value| value.to_str().ok());
            return dpop.keep_nonce(endpoint, nonce) && said["error"] == "use_dpop_nonce";
        }
        let _ = (endpoint, headers, said);
        false
    }
}

/// Posts `grant` (the grant's own fields) with what `asked` says to `endpoint`: the token, and the
/// scopes it was granted (those asked for, when the answer names none).
pub(super) async fn token(
    http: &reqwest::Client,
    endpoint: &str,
    grant: Vec<(&str, String)>,
    asked: &Asked<'_>,
) -> Result<(OAuthTokenResponse, Vec<String>), String> {
    let said = post(http, endpoint, grant, asked).await?;
    let token: OAuthTokenResponse = serde_json::from_value(said.clone())
        .map_err(|err| format!("the token endpoint's answer is not a token: {err}"))?;
    let granted = match said["scope"].as_str() {
        Some(granted) => granted.split_whitespace().map(str::to_owned).collect(),
        None => asked.scopes.to_vec(),
    };
    Ok((token, granted))
}

/// Posts `grant` with what `asked` says to `endpoint`, once it is checked: the answer's JSON, or
/// the refusal in words (the endpoint's `error` and `error_description`).
pub(super) async fn post(
    http: &reqwest::Client,
    endpoint: &str,
    grant: Vec<(&str, String)>,
    asked: &Asked<'_>,
) -> Result<Value, String> {
    let endpoint = Url::parse(endpoint).map_err(|err| format!("the token endpoint {endpoint} is not a URL: {err}"))?;
    if !(endpoint.scheme() == "https" || (endpoint.scheme() == "http" && is_loopback(&endpoint))) {
        return Err(format!(
            "the token endpoint {endpoint} is not HTTPS, and a credential is sent over HTTPS alone (plain HTTP only to \
             this machine)"
        ));
    }
    reachable(&endpoint, asked.resource, asked.private_network).await?;
    let mut form = grant;
    form.push(("resource", asked.resource.to_owned()));
    if asked.basic.is_none() {
        form.push(("client_id", asked.client_id.to_owned()));
    }
    let scope = asked.scopes.join(" ");
    if !scope.is_empty() {
        form.push(("scope", scope));
    }
    let send = |proof: Option<String>| {
        let mut request = http.post(endpoint.clone()).form(&form).timeout(TOKEN_WITHIN);
        if let Some(secret) = asked.basic {
            // RFC 6749 section 2.3.1: each part form-encoded before they are joined.
            let encode = |part: &str| form_urlencoded::byte_serialize(part.as_bytes()).collect::<String>();
            request = request.basic_auth(encode(asked.client_id), Some(encode(secret)));
        }
        if let Some(proof) = proof {
            request = request.header("DPoP", proof);
        }
        let endpoint = &endpoint;
        async move {
            let answer =
                request.send().await.map_err(|err| format!("cannot reach the token endpoint {endpoint}: {err}"))?;
            let (status, headers) = (answer.status(), answer.headers().clone());
            let body = answer.bytes().await.map_err(|err| format!("the token endpoint's answer broke off: {err}"))?;
            Ok::<_, String>((status, headers, serde_json::from_slice::<Value>(&body).unwrap_or(Value::Null)))
        }
    };
    let (mut status, headers, mut said) = send(asked.proof(&endpoint)?).await?;
    // A nonce asked for is sent back once (RFC 9449 section 8).
    if asked.nonce_asked(&endpoint, &headers, &said) {
        (status, _, said) = send(asked.proof(&endpoint)?).await?;
    }
    if !status.is_success() {
        let error = said["error"].as_str().unwrap_or("no error named");
        let description = said["error_description"].as_str().map(|text| format!(" ({text})")).unwrap_or_default();
        return Err(format!(
            "the token endpoint {endpoint} refused the client `{}` with {status}: {error}{description}",
            asked.client_id
        ));
    }
    if said.is_null() {
        return Err(format!("the token endpoint {endpoint} answered with something that is not JSON"));
    }
    Ok(said)
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

pub(super) fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs()
}

/// Whether a token endpoint the metadata names may be reached (`addresses`). Looked up once here
/// and again by the request: a name that changes its address in between is not caught.
async fn reachable(endpoint: &Url, server: &str, private_network: bool) -> Result<(), String> {
    let host = endpoint.host_str().ok_or_else(|| format!("the token endpoint {endpoint} names no host"))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let port = endpoint.port_or_known_default().unwrap_or(443);
    let reach = Reach::of(server, private_network);
    let addresses = tokio::net::lookup_host((host, port))
        .await
        .map_err(|err| format!("cannot find the token endpoint {endpoint}: {err}"))?;
    for address in addresses {
        if !reach.allows(address.ip()) {
            return Err(reach.refusal(&format!("the token endpoint {endpoint}"), address.ip()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// A workload's token bound to the toolbox's key: the request is proved, refused for want of
    /// the endpoint's nonce, and sent again once with a fresh proof carrying it.
    #[cfg(feature = "oauth-dpop")]
    #[tokio::test]
    async fn a_bound_token_request_is_proved_and_sent_again_once_with_the_nonce_asked_for() {
        use base64::Engine as _;
        use tokio::io::{AsyncReadExt, AsyncWriteExt};

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/token", listener.local_addr().unwrap());
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let kept = std::sync::Arc::clone(&seen);
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let mut buffer = vec![0u8; 16 * 1024];
                let n = socket.read(&mut buffer).await.unwrap_or(0);
                let request = String::from_utf8_lossy(&buffer[..n]).into_owned();
                let first = kept.lock().unwrap().is_empty();
                kept.lock().unwrap().push(request);
                let (status, nonce, body) = match first {
                    true => ("400 Bad Request", "dpop-nonce: n-1\r\n", r#"{"error":"use_dpop_nonce"}"#),
                    false => ("200 OK", "", r#"{"access_token":"at","token_type":"DPoP"}"#),
                };
                let answer = format!(
                    "HTTP/1.1 {status}\r\n{nonce}content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = socket.write_all(answer.as_bytes()).await;
            }
        });
        let dpop = super::super::dpop::Dpop::new().unwrap();
        let asked = Asked {
            client_id: "agent",
            basic: None,
            scopes: &[],
            resource: "http://127.0.0.1:2/mcp",
            private_network: false,
            dpop: Some(&dpop),
        };
        let grant = vec![("grant_type", "client_credentials".to_owned())];
        let said = post(&reqwest::Client::new(), &url, grant, &asked).await.unwrap();
        assert_eq!(said["token_type"], "DPoP");
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 2, "sent again once: {seen:?}");
        let nonce_of = |request: &str| {
            let proof = request.lines().find_map(|line| line.strip_prefix("dpop: ")).expect("a proof");
            let claims = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(proof.split('.').nth(1).unwrap());
            serde_json::from_slice::<Value>(&claims.unwrap()).unwrap()["nonce"].clone()
        };
        assert_eq!(nonce_of(&seen[0]), Value::Null);
        assert_eq!(nonce_of(&seen[1]), "n-1");
    }
}
