//! [`SignIn`]: how an [`McpToolbox`](super::McpToolbox) signs in to a server that asks for OAuth
//! 2.1 (feature `oauth`): who the client is, which scopes it asks for, where the tokens are kept,
//! and the browser step, which only the program can do.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::transport::auth::{AuthError, CredentialStore, InMemoryCredentialStore, StoredCredentials};

/// The browser step: given the authorization URL, the user signs in there and the program gives back
/// the whole URL the authorization server sent the browser back to (the redirect URI with `code`,
/// `state` and maybe `iss`), or why it could not.
pub(super) type Browser =
    Arc<dyn Fn(String) -> Pin<Box<dyn Future<Output = Result<String, String>> + Send>> + Send + Sync>;

/// How to sign in to an MCP server that answers `401 Unauthorized` (OAuth 2.1, as MCP's
/// authorization specification describes it), given to [`McpOptions::sign_in`](super::McpOptions::sign_in).
///
/// When the server refuses a request, the client reads its `WWW-Authenticate` challenge, finds the
/// authorization server (the protected resource metadata, path-based or at the root; the
/// authorization server's metadata, RFC 8414 or OpenID, whose `issuer` must be the one it is
/// reached by), registers as the program says (a client registered beforehand
/// ([`SignIn::registered`]), a Client ID Metadata Document ([`SignIn::client_metadata_url`]) when
/// the server takes one, or dynamic registration), and builds the authorization URL with PKCE, the
/// `resource` indicator and the scopes (the program's, else the challenge's, else the metadata's).
/// The program's browser step opens it and hands back where the browser was sent; the code is
/// exchanged for tokens, which go to the [store](SignIn::store), and the request is sent again.
/// A token that expires is refreshed; a server that asks for more scope (`403 insufficient_scope`)
/// gets one more sign-in asking for it, once per request.
///
/// Its `Debug` never shows a secret.
///
/// ```no_run
/// use toolc_mcp::{McpOptions, McpToolbox, SignIn};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let sign_in = SignIn::new("http://127.0.0.1:8976/callback", |authorize_url: String| async move {
///     // Show the URL to the user (or open a browser), and wait for the redirect to arrive.
///     println!("sign in at {authorize_url}");
///     Err::<String, _>("this example has no browser".to_owned())
/// })
/// .client_name("my-agent");
/// let tools = McpToolbox::connect_http_with("http://127.0.0.1:8080/mcp", McpOptions::default().sign_in(sign_in)).await?;
/// # drop(tools); Ok(()) }
/// ```
#[derive(Clone)]
pub struct SignIn {
    pub(super) flow: Flow,
    pub(super) client_name: Option<String>,
    pub(super) client_metadata_url: Option<String>,
    pub(super) registered: Option<(String, Option<String>)>,
    pub(super) scopes: Vec<String>,
    pub(super) store: Arc<dyn CredentialStore>,
    pub(super) private_network: bool,
    #[cfg(feature = "oauth-dpop")]
    pub(super) dpop: bool,
}

/// Who signs in, and how.
#[derive(Clone)]
pub(super) enum Flow {
    /// A person, in a browser (the authorization code, with PKCE).
    Browser { redirect_uri: String, browser: Browser },
    /// The program itself, with credentials registered for it (the client credentials grant).
    Machine { client_id: String, credential: Credential },
}

/// How a machine proves it is the client it says.
#[derive(Clone)]
pub(super) enum Credential {
    /// A secret, sent as the authorization server asks (`client_secret_basic` or `_post`).
    Secret(String),
    /// A private key (PEM) that signs an assertion (`private_key_jwt`, RFC 7523).
    #[cfg(feature = "oauth-jwt")]
    Key(super::key_assertion::ClientKey),
    /// A JWT sent as the JWT-bearer grant's assertion, with the client's secret when it has one.
    #[cfg(feature = "oauth-wif")]
    Bearer { bearer: super::jwt_bearer::Bearer, secret: Option<String> },
}

impl SignIn {
    /// Signs in with `browser`, the program's browser step, and `redirect_uri`, where the
    /// authorization server sends the browser back to (registered with the server; a loopback
    /// address for a program on the user's machine).
    pub fn new<F, Fut>(redirect_uri: impl Into<String>, browser: F) -> Self
    where
        F: Fn(String) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<String, String>> + Send + 'static,
    {
        let browser: Browser = Arc::new(move |url| Box::pin(browser(url)));
        SignIn::with_flow(Flow::Browser { redirect_uri: redirect_uri.into(), browser })
    }

    /// Signs in as the program itself, no person involved (a service, a job in CI): the client
    /// credentials grant (SEP-1046) with the client's id and secret, registered with the
    /// authorization server beforehand, sent as its metadata asks (HTTP Basic or in the body). A
    /// token that expires is asked for again. The scopes are [`SignIn::scopes`], else the
    /// challenge's or the metadata's.
    ///
    /// ```
    /// use toolc_mcp::{McpOptions, SignIn};
    ///
    /// let secret = std::env::var("AGENT_CLIENT_SECRET").unwrap_or_default();
    /// let options = McpOptions::default().sign_in(SignIn::client_credentials("nightly-agent", secret));
    /// # drop(options);
    /// ```
    pub fn client_credentials(client_id: impl Into<String>, secret: impl Into<String>) -> Self {
        let credential = Credential::Secret(secret.into());
        SignIn::with_flow(Flow::Machine { client_id: client_id.into(), credential })
    }

    /// Signs in as the program itself with a private key instead of a secret (`private_key_jwt`,
    /// RFC 7523; feature `oauth-jwt`): each token request carries an assertion signed with `key`
    /// by `algorithm` (as the client registered them), issued by the client about itself and
    /// addressed to the authorization server's issuer. The token endpoint must be HTTPS (or on
    /// this machine). Otherwise as [`SignIn::client_credentials`].
    ///
    /// ```
    /// use toolc_mcp::SignIn;
    /// use toolc_mcp::jsonwebtoken::{Algorithm, EncodingKey};
    ///
    /// # fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let key = EncodingKey::from_ec_pem(&std::fs::read("agent-key.pem")?)?;
    /// let sign_in = SignIn::client_key("nightly-agent", key, Algorithm::ES256);
    /// # drop(sign_in); Ok(()) }
    /// ```
    #[cfg(feature = "oauth-jwt")]
    pub fn client_key(
        client_id: impl Into<String>,
        key: jsonwebtoken::EncodingKey,
        algorithm: jsonwebtoken::Algorithm,
    ) -> Self {
        let credential = Credential::Key(super::key_assertion::ClientKey { key, algorithm });
        SignIn::with_flow(Flow::Machine { client_id: client_id.into(), credential })
    }

    /// Signs in as a workload with the JWT its platform issues it (workload identity federation,
    /// SEP-1933; feature `oauth-wif`): a Kubernetes service account token, a cloud's instance
    /// identity, a CI job's OIDC token, each trusted by the authorization server, is sent as the
    /// assertion of the JWT-bearer grant (RFC 7523) with `client_id`. `jwt` is called for each token
    /// request, so a token the platform renews in a file is read fresh. A refusal (`invalid_grant`,
    /// `invalid_scope`, `unauthorized_client`) is the error, as the server gave it: no other grant
    /// is tried. The token endpoint must be HTTPS (or on this machine).
    ///
    /// ```
    /// use toolc_mcp::{McpOptions, SignIn};
    ///
    /// let sign_in = SignIn::workload_identity("nightly-agent", || async {
    ///     std::fs::read_to_string("/var/run/secrets/tokens/mcp-token").map_err(|err| err.to_string())
    /// });
    /// let options = McpOptions::default().sign_in(sign_in);
    /// # drop(options);
    /// ```
    #[cfg(feature = "oauth-wif")]
    pub fn workload_identity<F, Fut>(client_id: impl Into<String>, jwt: F) -> Self
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<String, String>> + Send + 'static,
    {
        let bearer = super::jwt_bearer::Bearer::Workload(super::jwt_bearer::source(jwt));
        SignIn::with_flow(Flow::Machine {
            client_id: client_id.into(),
            credential: Credential::Bearer { bearer, secret: None },
        })
    }

    /// Signs in through the company's identity provider, no browser step (enterprise-managed
    /// authorization, SEP-990; feature `oauth-enterprise`): the user's ID token, from the
    /// program's own sign-in to the provider, is exchanged there for an ID-JAG addressed to the MCP
    /// server's authorization server (RFC 8693 token exchange), which gives a token for it (the
    /// JWT-bearer grant, RFC 7523) to the client `client_id` registered with it, authenticated with
    /// `client_secret` (HTTP Basic) when it has one. Both endpoints must be HTTPS (or on this
    /// machine).
    ///
    /// ```
    /// use toolc_mcp::{IdentityProvider, McpOptions, SignIn};
    ///
    /// let idp = IdentityProvider::new("https://login.example.com/oauth2/token", "agent-at-idp", || async {
    ///     std::env::var("AGENT_ID_TOKEN").map_err(|err| err.to_string())
    /// });
    /// let secret = std::env::var("AGENT_CLIENT_SECRET").ok();
    /// let options = McpOptions::default().sign_in(SignIn::enterprise_managed("agent", secret, idp));
    /// # drop(options);
    /// ```
    #[cfg(feature = "oauth-enterprise")]
    pub fn enterprise_managed(
        client_id: impl Into<String>,
        client_secret: Option<String>,
        idp: super::jwt_bearer::IdentityProvider,
    ) -> Self {
        let bearer = super::jwt_bearer::Bearer::Enterprise(idp);
        let credential = Credential::Bearer { bearer, secret: client_secret };
        SignIn::with_flow(Flow::Machine { client_id: client_id.into(), credential })
    }

    fn with_flow(flow: Flow) -> Self {
        SignIn {
            flow,
            client_name: None,
            client_metadata_url: None,
            registered: None,
            scopes: Vec::new(),
            store: Arc::new(InMemoryCredentialStore::new()),
            private_network: false,
            #[cfg(feature = "oauth-dpop")]
            dpop: false,
        }
    }

    /// (A person's sign-in.) The name dynamic registration gives the client (`client_name`), which the user sees on the
    /// consent page. Default: the name of [`McpOptions::client_info`](super::McpOptions::client_info),
    /// else `toolc-mcp`.
    pub fn client_name(mut self, name: impl Into<String>) -> Self {
        self.client_name = Some(name.into());
        self
    }

    /// (A person's sign-in.) The HTTPS URL of the program's Client ID Metadata Document, used as its `client_id` with an
    /// authorization server that takes such documents (`client_id_metadata_document_supported`);
    /// other servers are registered with dynamically.
    pub fn client_metadata_url(mut self, url: impl Into<String>) -> Self {
        self.client_metadata_url = Some(url.into());
        self
    }

    /// (A person's sign-in.) A client registered with the authorization server beforehand: its id, and its secret when
    /// it is a confidential client (sent as the server's metadata asks, HTTP Basic or in the body).
    /// Used instead of any registration.
    pub fn registered(mut self, client_id: impl Into<String>, secret: Option<String>) -> Self {
        self.registered = Some((client_id.into(), secret));
        self
    }

    /// The scopes to ask for at the first sign-in, instead of those the server's challenge or
    /// metadata name.
    pub fn scopes(mut self, scopes: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.scopes = scopes.into_iter().map(Into::into).collect();
        self
    }

    /// Where the tokens are kept: any of rmcp's credential stores (a [`TokenFile`](super::TokenFile),
    /// the system's keychain, a database). Default: memory, so every new process signs in again.
    pub fn store(mut self, store: impl CredentialStore + 'static) -> Self {
        self.store = Arc::new(store);
        self
    }

    /// Lets the server's metadata name an authorization server at a private address (10.x,
    /// 192.168.x, fc00::/7), as a company's own sign-in often is. Refused by default: a server
    /// that names one could otherwise make the client reach into the program's network.
    pub fn private_network(mut self) -> Self {
        self.private_network = true;
        self
    }

    /// Binds the tokens to a key of the toolbox's own (DPoP, RFC 9449; SEP-1932), for servers that
    /// ask for it or take it: every token request carries a proof made with the key, so the token
    /// issued is of no use to whoever copies it without the key; every request to the server
    /// carries the token as `Authorization: DPoP` with a fresh proof for that request; a nonce a
    /// server asks for is sent back. The key (P-256, ES256) is made in memory for each toolbox and
    /// never leaves it: a token kept in a [store](SignIn::store) from an earlier toolbox is bound
    /// to that one's key, so the server refuses it and the toolbox signs in again.
    ///
    /// ```
    /// use toolc_mcp::{McpOptions, SignIn};
    ///
    /// let secret = std::env::var("AGENT_CLIENT_SECRET").unwrap_or_default();
    /// let options = McpOptions::default().sign_in(SignIn::client_credentials("nightly-agent", secret).dpop());
    /// # drop(options);
    /// ```
    #[cfg(feature = "oauth-dpop")]
    pub fn dpop(mut self) -> Self {
        self.dpop = true;
        self
    }
}

impl fmt::Debug for SignIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let registered = self.registered.as_ref().map(|(id, secret)| (id, secret.as_ref().map(|_| "<set>")));
        let flow = match &self.flow {
            Flow::Browser { redirect_uri, .. } => format!("browser, back to {redirect_uri}"),
            Flow::Machine { client_id, credential: Credential::Secret(_) } => {
                format!("client credentials of {client_id}, secret <set>")
            }
            #[cfg(feature = "oauth-jwt")]
            Flow::Machine { client_id, credential: Credential::Key(key) } => {
                format!("client credentials of {client_id}, {:?} key <set>", key.algorithm)
            }
            #[cfg(feature = "oauth-wif")]
            Flow::Machine { client_id, credential: Credential::Bearer { bearer, secret } } => {
                let secret = if secret.is_some() { ", secret <set>" } else { "" };
                format!("JWT-bearer grant of {client_id} with {bearer:?}{secret}")
            }
        };
        let mut debug = f.debug_struct("SignIn");
        debug
            .field("flow", &flow)
            .field("client_name", &self.client_name)
            .field("client_metadata_url", &self.client_metadata_url)
            .field("registered", &registered)
            .field("scopes", &self.scopes)
            .field("private_network", &self.private_network);
        #[cfg(feature = "oauth-dpop")]
        debug.field("dpop", &self.dpop);
        debug.finish_non_exhaustive()
    }
}

/// The program's store, shared by every connection of a toolbox: rmcp takes a store by value.
pub(super) struct SharedStore(pub(super) Arc<dyn CredentialStore>);

#[async_trait::async_trait]
impl CredentialStore for SharedStore {
    async fn load(&self) -> Result<Option<StoredCredentials>, AuthError> {
        self.0.load().await
    }

    async fn save(&self, credentials: StoredCredentials) -> Result<(), AuthError> {
        self.0.save(credentials).await
    }

    async fn clear(&self) -> Result<(), AuthError> {
        self.0.clear().await
    }

    async fn on_refresh_token_rejected(&self, credentials: &StoredCredentials) -> Result<(), AuthError> {
        self.0.on_refresh_token_rejected(credentials).await
    }

    async fn acquire_refresh_guard(&self) -> Result<Option<rmcp::transport::auth::CredentialRefreshGuard>, AuthError> {
        self.0.acquire_refresh_guard().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_a_secret() {
        let person = SignIn::new("http://127.0.0.1:1/callback", |_url| async { Err("no browser".to_owned()) })
            .registered("agent", Some("pers0n-s3cret".to_owned()));
        let machine = SignIn::client_credentials("nightly", "mach1ne-s3cret");
        let options = super::super::McpOptions::default().sign_in(machine.clone());
        #[allow(unused_mut, reason = "added to with the feature oauth-enterprise")]
        let mut shown = vec![format!("{person:?}"), format!("{machine:?}"), format!("{options:?}")];
        #[cfg(feature = "oauth-enterprise")]
        {
            let idp = super::super::IdentityProvider::new("https://idp.example/token", "agent", || async {
                Ok("id-t0ken-s3cret".to_owned())
            })
            .client_secret("idp-s3cret");
            shown.push(format!("{idp:?}"));
            shown.push(format!("{:?}", SignIn::enterprise_managed("agent", Some("as-s3cret".to_owned()), idp)));
            let workload = SignIn::workload_identity("job", || async { Ok("jwt-s3cret".to_owned()) });
            shown.push(format!("{workload:?}"));
        }
        for shown in shown {
            assert!(!shown.contains("s3cret") && shown.contains("<set>"), "{shown}");
        }
    }
}
