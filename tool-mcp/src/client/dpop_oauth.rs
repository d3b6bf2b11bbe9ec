//! The HTTP client of rmcp's sign-in when tokens are DPoP-bound (feature `oauth-dpop`): every
//! token request (the authorization code's, a refresh, the client credentials grant) carries a
//! proof, so that the token issued is bound to the toolbox's key (RFC 9449 section 5), and one the
//! authorization server refuses for want of a nonce is sent again once with it (section 8).
//!
//! rmcp's own client, which filters the addresses its requests reach, cannot be given a header;
//! so this one filters them the same way (`addresses`): names as they are resolved, literal
//! addresses before each request and each redirect.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::{Method, StatusCode};
use rmcp::transport::auth::{
    OAuthHttpClient, OAuthHttpClientError, OAuthHttpClientFuture, OAuthHttpRedirectPolicy, OAuthHttpRequest,
};
use serde_json::Value;

use super::addresses::{Reach, literal};
use super::dpop::{Dpop, NONCE_HEADER, PROOF_HEADER};

/// As rmcp's: how long a request may take, how much of an answer is read, how many redirects.
const WITHIN: Duration = Duration::from_secs(30);
const MAX_BODY_BYTES: usize = 1024 * 1024;
const MAX_REDIRECTS: usize = 10;

/// rmcp's sign-in HTTP client, with proofs on token requests.
pub(super) struct ProvedOAuth {
    follow: reqwest::Client,
    stop: reqwest::Client,
    reach: Reach,
    dpop: Arc<Dpop>,
}

/// Resolves names to the addresses `reach` allows, and refuses a name that has none.
struct Filtered(Reach);

impl Resolve for Filtered {
    fn resolve(&self, name: Name) -> Resolving {
        let reach = self.0;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if let Some(refused) = found.iter().find(|address| !reach.allows(address.ip())) {
                return Err(reach.refusal(&format!("`{host}`"), refused.ip()).into());
            }
            Ok(Box::new(found.into_iter()) as Addrs)
        })
    }
}

impl ProvedOAuth {
    /// For the sign-in to the MCP server at `server` (private addresses reached or not), with the
    /// toolbox's key.
    pub(super) fn new(server: &str, private_network: bool, dpop: Arc<Dpop>) -> Result<Self, String> {
        let reach = Reach::of(server, private_network);
        let resolver = Arc::new(Filtered(reach));
        let build = |redirect: reqwest::redirect::Policy| {
            reqwest::Client::builder()
                .timeout(WITHIN)
                .redirect(redirect)
                .dns_resolver(Arc::clone(&resolver) as Arc<dyn Resolve>)
                .build()
                .map_err(|err| format!("cannot make an HTTP client: {err}"))
        };
        let follow = reqwest::redirect::Policy::custom(move |attempt| {
            if literal(attempt.url()).is_some_and(|ip| !reach.allows(ip)) {
                let refused = literal(attempt.url()).map(|ip| reach.refusal("a redirect", ip)).unwrap_or_default();
                attempt.error(refused)
            } else if attempt.previous().len() > MAX_REDIRECTS {
                attempt.error(format!("more than {MAX_REDIRECTS} redirects"))
            } else {
                attempt.follow()
            }
        });
        Ok(ProvedOAuth { follow: build(follow)?, stop: build(reqwest::redirect::Policy::none())?, reach, dpop })
    }

    /// Sends `request`; what came back, whole.
    async fn send(
        &self,
        request: reqwest::Request,
        policy: OAuthHttpRedirectPolicy,
    ) -> Result<Answer, OAuthHttpClientError> {
        if let Some(ip) = literal(request.url()).filter(|ip| !self.reach.allows(*ip)) {
            return Err(self.reach.refusal(request.url().as_str(), ip).into());
        }
        let client = if policy == OAuthHttpRedirectPolicy::Stop { &self.stop } else { &self.follow };
        let response = client.execute(request).await?;
        let (status, version, headers) = (response.status(), response.version(), response.headers().clone());
        let mut body = Vec::new();
        let mut chunks = response.bytes_stream();
        while let Some(chunk) = chunks.next().await {
            let chunk = chunk?;
            if chunk.len() > MAX_BODY_BYTES - body.len() {
                return Err(format!("the answer is larger than {MAX_BODY_BYTES} bytes").into());
            }
            body.extend_from_slice(&chunk);
        }
        Ok(Answer { status, version, headers, body })
    }

    /// `request` with a fresh proof, when it is a token request.
    fn proved(&self, mut request: reqwest::Request) -> Result<reqwest::Request, OAuthHttpClientError> {
        if is_token_request(&request) {
            let proof = self.dpop.proof("POST", request.url(), None)?;
            request.headers_mut().insert(PROOF_HEADER, proof.parse()?);
        }
        Ok(request)
    }
}

/// An answer, read whole.
struct Answer {
    status: StatusCode,
    version: reqwest::Version,
    headers: reqwest::header::HeaderMap,
    body: Vec<u8>,
}

/// Whether `request` asks a token endpoint for a token: a form posted with a `grant_type`.
fn is_token_request(request: &reqwest::Request) -> bool {
    let form = request.headers().get(reqwest::header::CONTENT_TYPE).and_then(|value| value.to_str().ok());
    let body = request.body().and_then(reqwest::Body::as_bytes).unwrap_or_default();
    request.method() == Method::POST
        && form.is_some_and(|form| form.starts_with("application/x-www-form-urlencoded"))
        && form_urlencoded::parse(body).any(|(key, _)| key == "grant_type")
}

impl OAuthHttpClient for ProvedOAuth {
    fn execute(&self, request: OAuthHttpRequest) -> OAuthHttpClientFuture<'_> {
        Box::pin(async move {
            let policy = request.redirect_policy;
            let timeout = request.timeout;
            let mut request = reqwest::Request::try_from(request.request)?;
            *request.timeout_mut() = timeout;
            let (url, again) = (request.url().clone(), request.try_clone());
            let mut answer = self.send(self.proved(request)?, policy).await?;
            let nonce = answer.headers.get(NONCE_HEADER).and_then(|value| value.to_str().ok());
            let fresh = self.dpop.keep_nonce(&url, nonce);
            if let Some(again) = again.filter(|_| fresh && answer.status == StatusCode::BAD_REQUEST) {
                let said: Value = serde_json::from_slice(&answer.body).unwrap_or(Value::Null);
                if said["error"] == "use_dpop_nonce" {
                    answer = self.send(self.proved(again)?, policy).await?;
                }
            }
            let mut response = http::Response::builder().status(answer.status).version(answer.version);
            for (name, value) in &answer.headers {
                response = response.header(name, value);
            }
            Ok(response.body(answer.body)?)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(server: &str, private_network: bool) -> ProvedOAuth {
        ProvedOAuth::new(server, private_network, Arc::new(Dpop::new().unwrap())).unwrap()
    }

    #[tokio::test]
    async fn the_sign_in_reaches_no_address_a_servers_metadata_may_not_send_it_to() {
        let remote = client("https://mcp.example/mcp", false);
        for url in ["http://169.254.169.254/latest/meta-data", "http://10.0.0.9/token", "http://127.0.0.1:9/token"] {
            let request = reqwest::Request::new(Method::GET, url.parse().unwrap());
            let refused = remote.send(request, OAuthHttpRedirectPolicy::Stop).await.err().expect(url).to_string();
            assert!(refused.contains("may not send the client"), "{url}: {refused}");
        }
        // A name is looked up through the filter: `localhost` is loopback, for a remote server.
        let request = reqwest::Request::new(Method::GET, "http://localhost:9/token".parse().unwrap());
        let refused = remote.send(request, OAuthHttpRedirectPolicy::Stop).await.err().expect("localhost");
        let chain = std::iter::successors(Some(&*refused as &dyn std::error::Error), |err| err.source());
        assert!(chain.map(ToString::to_string).any(|text| text.contains("may not send the client")), "{refused:?}");
    }

    #[test]
    fn a_proof_goes_with_token_requests_alone() {
        let proved = client("http://127.0.0.1:1/mcp", false);
        let form = |body: &'static str| {
            let mut request = reqwest::Request::new(Method::POST, "http://127.0.0.1:1/token".parse().unwrap());
            let kind = "application/x-www-form-urlencoded".parse().unwrap();
            request.headers_mut().insert(reqwest::header::CONTENT_TYPE, kind);
            *request.body_mut() = Some(body.into());
            proved.proved(request).unwrap()
        };
        assert!(form("grant_type=refresh_token&refresh_token=r").headers().contains_key(PROOF_HEADER));
        assert!(!form("client_name=agent").headers().contains_key(PROOF_HEADER));
        let metadata = reqwest::Request::new(Method::GET, "http://127.0.0.1:1/.well-known/x".parse().unwrap());
        assert!(!proved.proved(metadata).unwrap().headers().contains_key(PROOF_HEADER));
    }
}
