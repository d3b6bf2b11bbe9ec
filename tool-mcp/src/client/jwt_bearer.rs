//! A machine's token for a JWT it holds, the JWT-bearer grant (RFC 7523 section 2.1): a workload's
//! own JWT, which its platform issues (workload identity federation, SEP-1933; feature
//! `oauth-wif`); or an ID-JAG, which the company's identity provider gives for a user's ID token
//! (the token exchange of RFC 8693: enterprise-managed authorization, SEP-990; feature
//! `oauth-enterprise`). Either is sent to the authorization server's token endpoint as the grant's
//! `assertion`; a refusal is told as the endpoint gave it, and never answered by another grant.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::transport::auth::{AuthorizationMetadata, OAuthTokenResponse};

use super::token_request::{self, Asked};

/// The grant's type.
const JWT_BEARER: &str = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/// Where a JWT comes from: called for each token request, so that one that rotates (a workload's,
/// read from the file its platform renews) is read fresh.
pub(super) type Source = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Result<String, String>> + Send>> + Send + Sync>;

/// A JWT the program hands over when asked.
pub(super) fn source<F, Fut>(jwt: F) -> Source
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<String, String>> + Send + 'static,
{
    Arc::new(move || Box::pin(jwt()))
}

/// The company's identity provider, where a user's ID token is exchanged for an ID-JAG (an
/// identity assertion authorization grant) addressed to the MCP server's authorization server:
/// given to [`SignIn::enterprise_managed`](super::SignIn::enterprise_managed).
#[cfg(feature = "oauth-enterprise")]
#[derive(Clone)]
pub struct IdentityProvider {
    pub(super) token_endpoint: String,
    pub(super) client_id: String,
    pub(super) client_secret: Option<String>,
    pub(super) id_token: Source,
}

#[cfg(feature = "oauth-enterprise")]
impl IdentityProvider {
    /// The identity provider whose token endpoint is `token_endpoint` (HTTPS, or plain HTTP on this
    /// machine), where the program is the client `client_id`, and `id_token` gives the user's ID
    /// token (the one the program's own sign-in to the provider got; called for each exchange).
    ///
    /// ```
    /// use toolc_mcp::IdentityProvider;
    ///
    /// let idp = IdentityProvider::new("https://login.example.com/oauth2/token", "my-agent", || async {
    ///     std::fs::read_to_string("/run/agent/id_token").map_err(|err| err.to_string())
    /// });
    /// # drop(idp);
    /// ```
    pub fn new<F, Fut>(token_endpoint: impl Into<String>, client_id: impl Into<String>, id_token: F) -> Self
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<String, String>> + Send + 'static,
    {
        IdentityProvider {
            token_endpoint: token_endpoint.into(),
            client_id: client_id.into(),
            client_secret: None,
            id_token: source(id_token),
        }
    }

    /// The program's secret at the identity provider, for a confidential client (HTTP Basic).
    pub fn client_secret(mut self, secret: impl Into<String>) -> Self {
        self.client_secret = Some(secret.into());
        self
    }
}

#[cfg(feature = "oauth-enterprise")]
impl fmt::Debug for IdentityProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IdentityProvider")
            .field("token_endpoint", &self.token_endpoint)
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "<set>"))
            .finish_non_exhaustive()
    }
}

/// What the JWT-bearer grant sends as its assertion.
#[derive(Clone)]
pub(super) enum Bearer {
    /// The workload's own JWT.
    Workload(Source),
    /// An ID-JAG, exchanged for the user's ID token at the identity provider.
    #[cfg(feature = "oauth-enterprise")]
    Enterprise(IdentityProvider),
}

impl fmt::Debug for Bearer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bearer::Workload(_) => f.write_str("a workload's JWT <set>"),
            #[cfg(feature = "oauth-enterprise")]
            Bearer::Enterprise(idp) => write!(f, "an ID-JAG from {idp:?}"),
        }
    }
}

/// Asks the token endpoint of `metadata` for a token of `client_id` (authenticated with `secret`,
/// HTTP Basic, when it has one) by the JWT-bearer grant with `bearer`'s assertion, for `scopes` at
/// `resource`. The token, and the scopes it was granted.
pub(super) async fn token(
    http: &reqwest::Client,
    metadata: &AuthorizationMetadata,
    bearer: &Bearer,
    asked: &Asked<'_>,
) -> Result<(OAuthTokenResponse, Vec<String>), String> {
    let assertion = match bearer {
        Bearer::Workload(jwt) => jwt().await.map_err(|why| format!("the workload's JWT cannot be had: {why}"))?,
        #[cfg(feature = "oauth-enterprise")]
        Bearer::Enterprise(idp) => id_jag(http, idp, metadata, asked).await?,
    };
    let grant = vec![("grant_type", JWT_BEARER.to_owned()), ("assertion", assertion)];
    token_request::token(http, &metadata.token_endpoint, grant, asked).await
}

/// The ID-JAG the identity provider gives for the user's ID token (RFC 8693 token exchange),
/// addressed to the authorization server of `metadata` (its issuer) for the MCP server
/// `asked.resource`, with the scopes asked for.
#[cfg(feature = "oauth-enterprise")]
async fn id_jag(
    http: &reqwest::Client,
    idp: &IdentityProvider,
    metadata: &AuthorizationMetadata,
    asked: &Asked<'_>,
) -> Result<String, String> {
    const ID_JAG: &str = "urn:ietf:params:oauth:token-type:id-jag";
    let audience = metadata
        .issuer
        .clone()
        .ok_or("the authorization server's metadata names no issuer, which an ID-JAG is addressed to".to_owned())?;
    let id_token = (idp.id_token)().await.map_err(|why| format!("the user's ID token cannot be had: {why}"))?;
    let grant = vec![
        ("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange".to_owned()),
        ("requested_token_type", ID_JAG.to_owned()),
        ("audience", audience),
        ("subject_token", id_token),
        ("subject_token_type", "urn:ietf:params:oauth:token-type:id_token".to_owned()),
    ];
    // The identity provider is the program's own choice, so a private address is its to make.
    let at_idp = Asked {
        client_id: &idp.client_id,
        basic: idp.client_secret.as_deref(),
        scopes: asked.scopes,
        resource: asked.resource,
        private_network: true,
        // The ID-JAG is the authorization server's to read, not bound to the toolbox's key.
        dpop: None,
    };
    let said = token_request::post(http, &idp.token_endpoint, grant, &at_idp)
        .await
        .map_err(|why| format!("the identity provider gave no ID-JAG: {why}"))?;
    let issued = said["issued_token_type"].as_str().unwrap_or("none");
    if issued != ID_JAG {
        return Err(format!("the identity provider gave a token of the type {issued}, not an ID-JAG ({ID_JAG})"));
    }
    said["access_token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| "the identity provider's answer has no `access_token`, the ID-JAG".to_owned())
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    /// A token endpoint on loopback that answers every request with `status` and `body`; the
    /// requests it got, each as its text.
    async fn endpoint(status: &'static str, body: &'static str) -> (String, Arc<std::sync::Mutex<Vec<String>>>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/token", listener.local_addr().unwrap());
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let kept = Arc::clone(&seen);
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let mut buffer = vec![0u8; 16 * 1024];
                let n = socket.read(&mut buffer).await.unwrap_or(0);
                kept.lock().unwrap().push(String::from_utf8_lossy(&buffer[..n]).into_owned());
                let answer = format!(
                    "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = socket.write_all(answer.as_bytes()).await;
            }
        });
        (url, seen)
    }

    fn metadata(token_endpoint: &str) -> AuthorizationMetadata {
        serde_json::from_value(serde_json::json!({
            "issuer": "http://127.0.0.1:1", "authorization_endpoint": "http://127.0.0.1:1/authorize",
            "token_endpoint": token_endpoint
        }))
        .unwrap()
    }

    fn asked<'a>(scopes: &'a [String], basic: Option<&'a str>) -> Asked<'a> {
        Asked {
            client_id: "work load",
            basic,
            scopes,
            resource: "http://127.0.0.1:2/mcp",
            private_network: false,
            dpop: None,
        }
    }

    #[tokio::test]
    async fn the_workloads_jwt_is_the_assertion_and_a_refusal_is_told_once_as_given() {
        let (url, seen) =
            endpoint("400 Bad Request", r#"{"error":"invalid_scope","error_description":"not for you"}"#).await;
        let calls = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&calls);
        let bearer = Bearer::Workload(source(move || {
            counted.fetch_add(1, Ordering::SeqCst);
            std::future::ready(Ok("eyJ.workload.jwt".to_owned()))
        }));
        let scopes = ["files.read".to_owned()];
        let refused =
            token(&reqwest::Client::new(), &metadata(&url), &bearer, &asked(&scopes, None)).await.unwrap_err();
        assert!(refused.contains("invalid_scope (not for you)") && refused.contains("`work load`"), "{refused}");
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 1, "one request, no other grant tried: {seen:?}");
        let body = seen[0].rsplit("\r\n\r\n").next().unwrap();
        assert!(body.contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer"), "{body}");
        assert!(body.contains("assertion=eyJ.workload.jwt") && body.contains("client_id=work+load"), "{body}");
        assert!(
            body.contains("scope=files.read") && body.contains("resource=http%3A%2F%2F127.0.0.1%3A2%2Fmcp"),
            "{body}"
        );
        assert_eq!(calls.load(Ordering::SeqCst), 1, "the JWT is read for the request");
    }

    #[tokio::test]
    async fn a_client_with_a_secret_is_authenticated_with_http_basic_not_in_the_body() {
        let (url, seen) = endpoint("200 OK", r#"{"access_token":"at","token_type":"Bearer","scope":"a b"}"#).await;
        let bearer = Bearer::Workload(source(|| std::future::ready(Ok("jwt".to_owned()))));
        let (_, granted) =
            token(&reqwest::Client::new(), &metadata(&url), &bearer, &asked(&[], Some("s3cret:&"))).await.unwrap();
        assert_eq!(granted, ["a", "b"]);
        let seen = seen.lock().unwrap();
        // base64("work+load:s3cret%3A%26"): each part form-encoded, then joined.
        assert!(seen[0].contains("Basic d29yaytsb2FkOnMzY3JldCUzQSUyNg=="), "{}", seen[0]);
        assert!(!seen[0].contains("client_id="), "{}", seen[0]);
    }

    #[tokio::test]
    async fn a_token_endpoint_off_this_machine_over_plain_http_is_not_sent_the_jwt() {
        let bearer = Bearer::Workload(source(|| std::future::ready(Ok("jwt".to_owned()))));
        let refused =
            token(&reqwest::Client::new(), &metadata("http://auth.example/token"), &bearer, &asked(&[], None))
                .await
                .unwrap_err();
        assert!(refused.contains("not HTTPS"), "{refused}");
    }
}
