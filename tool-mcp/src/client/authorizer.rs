//! Signing in to a server, for every connection of one toolbox (feature `oauth`): the HTTP client
//! that sends the token (rmcp's `AuthClient`, kept across reconnections so the tokens are too), and
//! what a refusal leads to: a sign-in after `401`, one step-up after `403 insufficient_scope`, each
//! once per request, one at a time.

#[cfg(feature = "oauth-dpop")]
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use reqwest::Url;
use rmcp::transport::auth::{
    AuthClient, AuthorizationCallback, AuthorizationManager, AuthorizationMetadata, ClientCredentialsConfig,
    OAuthClientConfig, WWWAuthenticateParams,
};
use tokio::sync::OnceCell;

use super::sign_in::{Credential, Flow, SharedStore, SignIn};
use super::watched::http_client;

/// The HTTP client requests to the server go through: tokens sent DPoP-bound when the sign-in binds
/// them (feature `oauth-dpop`), as bearer tokens otherwise.
#[cfg(feature = "oauth-dpop")]
pub(super) type Http = super::dpop_mcp::Proved;
#[cfg(not(feature = "oauth-dpop"))]
pub(super) type Http = reqwest::Client;

/// The `application_type` of a client on the user's machine (SEP-837), as a Client ID Metadata
/// Document's client is registered.
const NATIVE: &str = "native";

/// A client registered dynamically, kept for as long as its authorization server stays the same
/// (a server that moves to another authorization server is registered with again, SEP-2352).
struct Registration {
    issuer: Option<String>,
    config: OAuthClientConfig,
}

/// What one request has done about refusals: a request signs in at most once and asks for more
/// scope at most once, so a server that keeps refusing is given up on.
#[derive(Default)]
pub(super) struct Tries {
    signed_in: bool,
    stepped_up: bool,
}

/// The sign-in of one toolbox.
pub(super) struct Authorizer {
    url: String,
    sign_in: SignIn,
    /// The name dynamic registration gives the client.
    client_name: String,
    client: OnceCell<AuthClient<Http>>,
    /// Held while signing in, so that requests refused at once sign in once.
    gate: tokio::sync::Mutex<()>,
    /// Sign-ins tried: a request refused before another's sign-in ended takes its outcome rather
    /// than signing in again.
    done: AtomicU64,
    /// How the last sign-in tried ended.
    last: Mutex<Result<(), String>>,
    registration: Mutex<Option<Registration>>,
    /// The key tokens are bound to, when the sign-in binds them.
    #[cfg(feature = "oauth-dpop")]
    dpop: Option<Arc<super::dpop::Dpop>>,
}

impl Authorizer {
    pub(super) fn new(url: String, sign_in: SignIn, client_name: String) -> Result<Self, String> {
        #[cfg(feature = "oauth-dpop")]
        let dpop = if sign_in.dpop { Some(Arc::new(super::dpop::Dpop::new()?)) } else { None };
        Ok(Authorizer {
            url,
            sign_in,
            client_name,
            client: OnceCell::new(),
            gate: tokio::sync::Mutex::new(()),
            done: AtomicU64::new(0),
            last: Mutex::new(Ok(())),
            registration: Mutex::new(None),
            #[cfg(feature = "oauth-dpop")]
            dpop,
        })
    }

    /// rmcp's sign-in for the server, its requests reaching the addresses the sign-in allows.
    async fn manager(&self) -> Result<AuthorizationManager, rmcp::transport::auth::AuthError> {
        #[cfg(feature = "oauth-dpop")]
        if let Some(dpop) = &self.dpop {
            let oauth = super::dpop_oauth::ProvedOAuth::new(&self.url, self.sign_in.private_network, Arc::clone(dpop))
                .map_err(rmcp::transport::auth::AuthError::InternalError)?;
            return AuthorizationManager::new_with_oauth_http_client(self.url.as_str(), Arc::new(oauth)).await;
        }
        if self.sign_in.private_network {
            AuthorizationManager::new_allowing_private_addresses(self.url.as_str()).await
        } else {
            AuthorizationManager::new(self.url.as_str()).await
        }
    }
    /// The HTTP client of every connection: it sends the token it has (none before a sign-in), and
    /// refreshes one the server refuses, once.
    pub(super) async fn client(&self) -> Result<AuthClient<Http>, String> {
        let client = self
            .client
            .get_or_try_init(|| async {
                let manager = self.manager().await;
                let mut manager = manager.map_err(|err| format!("cannot sign in to {}: {err}", self.url))?;
                manager.set_credential_store(SharedStore(self.sign_in.store.clone()));
                // Tokens a store kept from before are used as they are; a server that refuses them
                // leads to a sign-in. Kept tokens that cannot be taken up (their authorization
                // server not found now) are forgotten: without their client, an expired one could
                // neither be refreshed nor lead to a sign-in.
                if manager.initialize_from_store().await.is_err() {
                    let _ = self.sign_in.store.clear().await;
                }
                let http = http_client().map_err(|err| format!("cannot make an HTTP client: {err}"))?;
                #[cfg(feature = "oauth-dpop")]
                let http = super::dpop_mcp::Proved {
                    inner: http,
                    dpop: self.dpop.clone(),
                    store: Arc::clone(&self.sign_in.store),
                    last: Arc::default(),
                };
                Ok::<_, String>(AuthClient::new(http, manager))
            })
            .await?;
        Ok(client.clone())
    }

    /// How many sign-ins were tried: read before a request is sent, given to
    /// [`Authorizer::answer`] when it is refused.
    pub(super) fn done(&self) -> u64 {
        self.done.load(Ordering::Acquire)
    }

    /// Answers a refusal (`challenge`, the `WWW-Authenticate` of a `401` or `403`) of a request
    /// sent after `seen` sign-ins were tried: signs in, or asks for more scope, unless `tries` says
    /// the request did already; then the request may be sent again. A request refused while another
    /// signed in takes that sign-in's outcome: sent again after one that worked, failed after one
    /// that did not, so that one browser step serves every call waiting.
    pub(super) async fn answer(&self, challenge: &str, seen: u64, tries: &mut Tries) -> Result<(), String> {
        let _one_at_a_time = self.gate.lock().await;
        if self.done() != seen {
            return self.last.lock().unwrap_or_else(PoisonError::into_inner).clone();
        }
        let outcome = self.attempt(challenge, tries).await?;
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = outcome.clone();
        self.done.fetch_add(1, Ordering::AcqRel);
        outcome
    }

    /// One sign-in, step-up or machine's token for a refusal: its outcome; or, without trying, why
    /// this request may not try again (`tries`).
    async fn attempt(&self, challenge: &str, tries: &mut Tries) -> Result<Result<(), String>, String> {
        let base = Url::parse(&self.url).map_err(|err| format!("the server URL {} is not a URL: {err}", self.url))?;
        let params = WWWAuthenticateParams::parse(challenge, &base);
        let client = self.client().await?;
        // More scope is asked for when the request carried a token; without one it is a sign-in.
        let asks_scope = params.is_insufficient_scope() && self.has_token().await;
        let reason =
            || params.error_description.clone().or(params.error.clone()).unwrap_or("no reason given".to_owned());
        let tried = if asks_scope { &mut tries.stepped_up } else { &mut tries.signed_in };
        if std::mem::replace(tried, true) {
            return Err(match (&self.sign_in.flow, asks_scope) {
                (Flow::Machine { client_id, .. }, _) => {
                    format!(
                        "the server still refuses the request after a token for the client `{client_id}` ({})",
                        reason()
                    )
                }
                (_, true) => format!(
                    "the server still refuses the request after a sign-in that asked for more scope ({})",
                    params.scope.as_deref().unwrap_or("none named")
                ),
                (_, false) => format!("the server still refuses the request after signing in ({})", reason()),
            });
        }
        let (redirect_uri, browser) = match &self.sign_in.flow {
            Flow::Browser { redirect_uri, browser } => (redirect_uri, browser),
            Flow::Machine { client_id, credential } => {
                return Ok(self.as_machine(&client, challenge, client_id, credential, params.scope.as_deref()).await);
            }
        };
        Ok(async {
            let authorize_url = if asks_scope {
                let manager = client.auth_manager.lock().await;
                let scope = params.scope.clone().unwrap_or_default();
                manager
                    .request_scope_upgrade(&scope)
                    .await
                    .map_err(|err| format!("cannot ask for scope `{scope}`: {err}"))?
            } else {
                self.start(&client, challenge, redirect_uri).await?
            };
            // The program says why it could not, in its own words.
            let callback = browser(authorize_url).await?;
            self.exchange(&client, &callback).await
        }
        .await)
    }

    /// Whether the store holds a token, which the refused request carried.
    async fn has_token(&self) -> bool {
        self.sign_in.store.load().await.ok().flatten().is_some_and(|kept| kept.token_response.is_some())
    }

    /// Finds the authorization server from `challenge`, registers if it must, and gives the URL
    /// where the user signs in.
    async fn start(&self, client: &AuthClient<Http>, challenge: &str, redirect: &str) -> Result<String, String> {
        let mut manager = client.auth_manager.lock().await;
        let found = manager
            .resolve_metadata_from_challenge(Some(challenge))
            .await
            .map_err(|err| format!("cannot find where to sign in: {err}"))?;
        let metadata = found.metadata;
        manager.set_metadata(metadata.clone());
        let scopes = if self.sign_in.scopes.is_empty() {
            manager.select_initial_scopes(&[]).await
        } else {
            with_offline_access(self.sign_in.scopes.clone(), &metadata)
        };
        let scope_refs: Vec<&str> = scopes.iter().map(String::as_str).collect();
        let config = self.identity(&mut manager, &metadata, redirect, &scope_refs).await?;
        manager.configure_client(config).map_err(|err| format!("cannot use the client: {err}"))?;
        manager.get_authorization_url(&scope_refs).await.map_err(|err| format!("cannot start the sign-in: {err}"))
    }

    /// Who the client is to this authorization server: registered beforehand, a Client ID Metadata
    /// Document when the server takes one, a client registered with this same server before, or a
    /// new dynamic registration.
    async fn identity(
        &self,
        manager: &mut AuthorizationManager,
        metadata: &AuthorizationMetadata,
        redirect: &str,
        scopes: &[&str],
    ) -> Result<OAuthClientConfig, String> {
        if let Some((id, secret)) = &self.sign_in.registered {
            let config = OAuthClientConfig::new(id.as_str(), redirect);
            return Ok(match secret {
                Some(secret) => config.with_client_secret(secret.as_str()),
                None => config,
            });
        }
        let takes_documents = metadata.additional_fields.get("client_id_metadata_document_supported")
            == Some(&serde_json::Value::Bool(true));
        if let Some(document) = self.sign_in.client_metadata_url.as_ref().filter(|_| takes_documents) {
            return Ok(OAuthClientConfig::new(document.as_str(), redirect).with_application_type(NATIVE));
        }
        if let Some(kept) = self.registered_with(metadata.issuer.as_deref()) {
            return Ok(kept);
        }
        let config = manager
            .register_client(&self.client_name, redirect, scopes)
            .await
            .map_err(|err| format!("cannot register with the authorization server: {err}"))?;
        let kept = Registration { issuer: metadata.issuer.clone(), config: config.clone() };
        *self.registration.lock().unwrap_or_else(PoisonError::into_inner) = Some(kept);
        Ok(config)
    }

    /// The client registered dynamically with the authorization server `issuer`, if it was.
    fn registered_with(&self, issuer: Option<&str>) -> Option<OAuthClientConfig> {
        let registration = self.registration.lock().unwrap_or_else(PoisonError::into_inner);
        registration.as_ref().filter(|kept| kept.issuer.as_deref() == issuer).map(|kept| kept.config.clone())
    }

    /// Asks the authorization server `challenge` leads to for a token of the client `client_id`
    /// (the client credentials grant), with the scopes the program set, else those the challenge
    /// or the metadata name, and `more` beside them.
    async fn as_machine(
        &self,
        client: &AuthClient<Http>,
        challenge: &str,
        client_id: &str,
        credential: &Credential,
        more: Option<&str>,
    ) -> Result<(), String> {
        let mut manager = client.auth_manager.lock().await;
        let found = manager
            .resolve_metadata_from_challenge(Some(challenge))
            .await
            .map_err(|err| format!("cannot find where to ask for a token: {err}"))?;
        #[cfg(any(feature = "oauth-jwt", feature = "oauth-wif"))]
        let found_metadata = found.metadata.clone();
        manager.set_metadata(found.metadata);
        let mut scopes = if self.sign_in.scopes.is_empty() {
            manager.select_initial_scopes(&[]).await
        } else {
            self.sign_in.scopes.clone()
        };
        for scope in more.into_iter().flat_map(str::split_whitespace) {
            if !scopes.iter().any(|had| had == scope) {
                scopes.push(scope.to_owned());
            }
        }
        let refused = |err| format!("the authorization server gave the client `{client_id}` no token: {err}");
        let secret = match credential {
            Credential::Secret(secret) => secret.clone(),
            #[cfg(feature = "oauth-wif")]
            Credential::Bearer { bearer, secret } => {
                let asked = self.asked(client_id, secret.as_deref(), &scopes);
                let fetched =
                    super::jwt_bearer::token(plain(&client.http_client), &found_metadata, bearer, &asked).await;
                return self.keep(&mut manager, client_id, fetched, &found_metadata).await;
            }
            #[cfg(feature = "oauth-jwt")]
            Credential::Key(key) => {
                let asked = self.asked(client_id, None, &scopes);
                let fetched =
                    super::key_assertion::token(plain(&client.http_client), &found_metadata, key, &asked).await;
                return self.keep(&mut manager, client_id, fetched, &found_metadata).await;
            }
        };
        let (client_id, resource) = (client_id.to_owned(), Some(self.url.clone()));
        let config = ClientCredentialsConfig::ClientSecret { client_id, client_secret: secret, scopes, resource };
        manager.validate_client_credentials_metadata(&config).map_err(refused)?;
        manager.configure_client_credentials(&config).map_err(refused)?;
        manager.exchange_client_credentials(&config).await.map_err(refused)?;
        Ok(())
    }

    /// What a machine's token request toolc sends itself asks for: `client_id`'s token (with
    /// `secret`, HTTP Basic, when it authenticates so), for `scopes`, at this server.
    #[cfg(any(feature = "oauth-jwt", feature = "oauth-wif"))]
    fn asked<'a>(
        &'a self,
        client_id: &'a str,
        secret: Option<&'a str>,
        scopes: &'a [String],
    ) -> super::token_request::Asked<'a> {
        super::token_request::Asked {
            client_id,
            basic: secret,
            scopes,
            resource: &self.url,
            private_network: self.sign_in.private_network,
            #[cfg(feature = "oauth-dpop")]
            dpop: self.dpop.as_deref(),
            #[cfg(not(feature = "oauth-dpop"))]
            dpop: None,
        }
    }

    /// Keeps a machine's token that `metadata`'s authorization server gave `client_id` (or says
    /// why it gave none): in the store, with the client, so that an expired token, with no refresh
    /// token, leads to a sign-in again.
    #[cfg(any(feature = "oauth-jwt", feature = "oauth-wif"))]
    async fn keep(
        &self,
        manager: &mut AuthorizationManager,
        client_id: &str,
        fetched: Result<(rmcp::transport::auth::OAuthTokenResponse, Vec<String>), String>,
        metadata: &AuthorizationMetadata,
    ) -> Result<(), String> {
        let refused = |err: String| format!("the authorization server gave the client `{client_id}` no token: {err}");
        let (token, granted) = fetched.map_err(refused)?;
        let kept = super::token_request::kept(client_id, token, granted, metadata);
        self.sign_in.store.save(kept).await.map_err(|err| refused(err.to_string()))?;
        manager.configure_client_id(client_id).map_err(|err| refused(err.to_string()))
    }

    /// Exchanges the code the browser came back with for tokens, after checking it answers this
    /// sign-in (`state`) from this authorization server (`iss`, RFC 9207).
    async fn exchange(&self, client: &AuthClient<Http>, callback: &str) -> Result<(), String> {
        let url =
            Url::parse(callback).map_err(|_| "the browser step gave back something that is not a URL".to_owned())?;
        if let Some((_, error)) = url.query_pairs().find(|(key, _)| key == "error") {
            let description = url.query_pairs().find(|(key, _)| key == "error_description").map(|(_, text)| text);
            return Err(format!(
                "the authorization server refused the sign-in: {error}{}",
                description.map(|text| format!(" ({text})")).unwrap_or_default()
            ));
        }
        let answer = AuthorizationCallback::from_redirect_url(callback)
            .map_err(|err| format!("the browser came back without a sign-in: {err}"))?;
        let manager = client.auth_manager.lock().await;
        manager
            .exchange_code_for_token_with_issuer(&answer.code, &answer.csrf_token, answer.issuer.as_deref())
            .await
            .map_err(|err| format!("the sign-in was not taken: {err}"))?;
        Ok(())
    }
}

/// reqwest's own client, under whatever sends tokens.
#[cfg(any(feature = "oauth-jwt", feature = "oauth-wif"))]
fn plain(http: &Http) -> &reqwest::Client {
    #[cfg(feature = "oauth-dpop")]
    return &http.inner;
    #[cfg(not(feature = "oauth-dpop"))]
    http
}

/// `scopes`, with `offline_access` when the authorization server offers it (so that it gives a
/// refresh token, SEP-2207).
fn with_offline_access(mut scopes: Vec<String>, metadata: &AuthorizationMetadata) -> Vec<String> {
    let offered = metadata.scopes_supported.iter().flatten().any(|scope| scope == "offline_access");
    if offered && !scopes.iter().any(|scope| scope == "offline_access") {
        scopes.push("offline_access".to_owned());
    }
    scopes
}
