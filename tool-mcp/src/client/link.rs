//! One connection to a server: started (a child process over stdio, or streamable HTTP), on MCP
//! 2026-07-28 when the server speaks it (`server/discover`) and on 2025-11-25 otherwise
//! (`initialize`), listening for progress and for a new tool list, answering the server's questions
//! as the program said; and ended, child processes and all, when it is dropped.

// Sampling and roots are marked deprecated in rmcp (SEP-2577 will remove them); 2025-11-25 and
// 2026-07-28 both have them.
#![allow(deprecated)]

use std::future::Future;
use std::process::Stdio;
use std::sync::{Arc, PoisonError};
use std::time::Duration;

use rmcp::ClientHandler;
use rmcp::model::{
    ClientConfig, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, ErrorData,
    Implementation, ListRootsResult, ProgressNotificationParam, ProtocolVersion, Tool,
};
use rmcp::service::{
    ClientInitializeError, ClientLifecycleMode, ClientServiceExt, NotificationContext, Peer, RequestContext,
    RoleClient, RunningService, ServiceError,
};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::{IntoTransport, StreamableHttpClientTransport, TokioChildProcess};

use super::answers::{Answers, Unanswered};
#[cfg(feature = "oauth")]
pub(super) use super::authorizer::{Authorizer, Tries};
use super::discovery::{Discovering, FellBack};
use super::error::LinkError;
use super::progress::ProgressRoutes;
use super::watched::{self, LeftOut, Watched};
use super::{McpOptions, StdioCommand};

/// Where a server is, kept to connect again after it fails. Its `Debug` never shows the token.
#[derive(Clone)]
pub(super) enum Endpoint {
    /// A child process speaking over its standard input and output.
    Stdio(StdioCommand),
    /// A URL of MCP's streamable HTTP transport, and how the client is let in.
    Http { url: String, access: Access },
    /// A transport the program gave, which cannot be opened again once it closes.
    Given,
}

/// How a client is let in to a server over HTTP.
#[derive(Clone)]
pub(super) enum Access {
    /// As anyone.
    Open,
    /// With a bearer token the program has.
    Bearer(String),
    /// By signing in when the server asks (OAuth 2.1).
    #[cfg(feature = "oauth")]
    SignIn(Arc<Authorizer>),
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Endpoint::Stdio(command) => f.debug_tuple("Stdio").field(command).finish(),
            Endpoint::Http { url, access } => {
                let access = match access {
                    Access::Open => "open",
                    Access::Bearer(_) => "bearer <set>",
                    #[cfg(feature = "oauth")]
                    Access::SignIn(_) => "sign-in",
                };
                f.debug_struct("Http").field("url", url).field("access", &access).finish()
            }
            Endpoint::Given => f.write_str("Given"),
        }
    }
}

impl Endpoint {
    /// Whether connecting may wait for the user to sign in, which no connect timeout bounds.
    pub(super) fn signs_in(&self) -> bool {
        #[cfg(feature = "oauth")]
        if let Endpoint::Http { access: Access::SignIn(_), .. } = self {
            return true;
        }
        false
    }
}

/// The protocol versions this client speaks, newest first: the one it offers, then every one the
/// official SDKs still speak, which a server of before may answer `initialize` with (servers on the
/// TypeScript SDK 1.0 answer 2024-11-05 whatever they are offered).
const SPOKEN: [ProtocolVersion; 5] = [
    ProtocolVersion::V_2026_07_28,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_03_26,
    ProtocolVersion::V_2024_11_05,
];

/// What the client does with a server's notifications and requests: progress goes to the call that
/// asked for it; a new tool list is announced to the toolbox; a question is answered as the program
/// said ([`Answers`]).
#[derive(Clone)]
pub(super) struct Listener {
    pub(super) progress: Arc<ProgressRoutes>,
    list_changed: Arc<dyn Fn() + Send + Sync>,
    pub(super) answers: Answers,
    implementation: Implementation,
    /// The one version to speak, when the program pinned one.
    protocol: Option<ProtocolVersion>,
}

impl Listener {
    pub(super) fn new(list_changed: Arc<dyn Fn() + Send + Sync>, options: &McpOptions) -> Self {
        let implementation = match &options.client {
            Some((name, version)) => Implementation::new(name, version),
            None => Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")),
        };
        Listener {
            progress: Arc::default(),
            list_changed,
            answers: options.answers.clone(),
            implementation,
            protocol: options.protocol.clone(),
        }
    }
}

/// A question not answered, as the JSON-RPC error the server reads.
fn refused(unanswered: Unanswered) -> ErrorData {
    ErrorData::invalid_request(unanswered.0, None)
}

impl ClientHandler for Listener {
    fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) -> impl Future<Output = ()> + Send + '_ {
        self.progress.deliver(params);
        std::future::ready(())
    }

    fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) -> impl Future<Output = ()> + Send + '_ {
        (self.list_changed)();
        std::future::ready(())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.answers.answer_elicitation(request).await.map_err(refused)
    }

    async fn create_message(
        &self,
        request: CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        self.answers.answer_sampling(request).await.map_err(refused)
    }

    async fn list_roots(&self, _context: RequestContext<RoleClient>) -> Result<ListRootsResult, ErrorData> {
        self.answers.answer_roots().map_err(refused)
    }

    fn get_info(&self) -> ClientConfig {
        // What `initialize` offers when the server does not speak 2026-07-28.
        let version = self.protocol.clone().filter(ProtocolVersion::has_initialize);
        ClientConfig::new(self.answers.capabilities(), self.implementation.clone())
            .with_protocol_version(version.unwrap_or(ProtocolVersion::V_2025_11_25))
    }
}

impl Listener {
    /// Begins a session over `transport`: 2026-07-28 when the server speaks it, 2025-11-25
    /// (`initialize`) when it answers `server/discover` as a server of before does, or in any other
    /// way than a discovery result (then with what it answered, for the messages); or the one
    /// version the program pinned.
    async fn begin<T, E, A>(self, transport: T) -> Result<Began, ClientInitializeError>
    where
        T: IntoTransport<RoleClient, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        let lifecycle = lifecycle(self.protocol.as_ref());
        let preferred = self.protocol.clone().filter(|version| !version.has_initialize());
        let fell_back = FellBack::default();
        let transport = Discovering::new(
            transport.into_transport(),
            preferred.unwrap_or(ProtocolVersion::V_2026_07_28),
            Arc::clone(&fell_back),
        );
        let service = self.serve_with_lifecycle(transport, lifecycle).await?;
        let fell_back = fell_back.lock().unwrap_or_else(PoisonError::into_inner).take();
        Ok(Began { service, fell_back })
    }
}

/// A session begun, and what the server answered `server/discover` with when the client fell back
/// to `initialize` because of it.
struct Began {
    service: RunningService<RoleClient, Listener>,
    fell_back: Option<String>,
}

/// How a session begins: see [`Listener::begin`].
fn lifecycle(pinned: Option<&ProtocolVersion>) -> ClientLifecycleMode {
    match pinned {
        Some(version) if version.has_initialize() => ClientLifecycleMode::Initialize,
        Some(version) => ClientLifecycleMode::Discover { preferred_versions: vec![version.clone()] },
        None => ClientLifecycleMode::Auto {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            legacy_version: Some(ProtocolVersion::V_2025_11_25),
        },
    }
}

/// A live connection.
pub(super) struct Link {
    service: RunningService<RoleClient, Listener>,
    /// The process group of a server started as a child, ended with the link.
    group: Option<u32>,
    /// How the client signs in when the server refuses a request.
    #[cfg(feature = "oauth")]
    auth: Option<Arc<Authorizer>>,
    /// The tools of an HTTP server's listings that rmcp left out for their header annotations.
    left_out: Option<LeftOut>,
    /// What the server answered `server/discover` with when the client fell back because of it.
    fell_back: Option<String>,
}

impl Link {
    fn new(began: Began, group: Option<u32>) -> Link {
        Link {
            service: began.service,
            group,
            #[cfg(feature = "oauth")]
            auth: None,
            left_out: None,
            fell_back: began.fell_back,
        }
    }

    /// Why the client spoke `initialize` though the server was asked `server/discover` first, when
    /// the server's answer was not one a server of before gives: said once in the messages.
    pub(super) fn fell_back(&self) -> Option<&str> {
        self.fell_back.as_deref()
    }

    /// The tools left out of the listings since this was last asked, each with why, for the
    /// toolbox's warnings.
    pub(super) fn left_out(&self) -> Vec<String> {
        self.left_out.as_ref().map(watched::take).unwrap_or_default()
    }

    /// Connects to `endpoint` and initializes the session, each attempt within `timeout`; the error
    /// says why not.
    pub(super) async fn open(endpoint: &Endpoint, listener: Listener, timeout: Duration) -> Result<Link, LinkError> {
        // Only a sign-in times its attempts here; the caller times the others whole.
        #[cfg(not(feature = "oauth"))]
        let _ = timeout;
        match endpoint {
            Endpoint::Stdio(command) => {
                let mut wrapped = process_wrap::tokio::CommandWrap::from(command.command());
                #[cfg(unix)]
                wrapped.wrap(process_wrap::tokio::ProcessGroup::leader());
                wrapped.wrap(process_wrap::tokio::KillOnDrop);
                let (transport, _) =
                    TokioChildProcess::builder(wrapped).stderr(Stdio::inherit()).spawn().map_err(|err| {
                        LinkError::Spawn {
                            program: command.program.to_string_lossy().into_owned(),
                            error: Arc::new(err),
                        }
                    })?;
                let group = transport.id();
                let began = listener.begin(transport).await.map_err(|err| {
                    kill_group(group);
                    LinkError::NotAServer {
                        program: command.program.to_string_lossy().into_owned(),
                        error: Arc::new(err),
                    }
                })?;
                Link::new(began, group).spoken()
            }
            #[cfg(feature = "oauth")]
            Endpoint::Http { url, access: Access::SignIn(auth) } => {
                Link::open_signed_in(url, auth, listener, timeout).await
            }
            Endpoint::Http { url, access } => {
                let mut config = StreamableHttpClientTransportConfig::with_uri(url.as_str());
                if let Access::Bearer(token) = access {
                    config = config.auth_header(token.as_str());
                }
                let left_out = LeftOut::default();
                let inner = watched::http_client().map_err(LinkError::Client)?;
                let client = Watched { inner, left_out: Arc::clone(&left_out) };
                let transport = StreamableHttpClientTransport::with_client(client, config);
                let began = listener
                    .begin(transport)
                    .await
                    .map_err(|err| LinkError::NoSession { url: Some(url.clone()), error: Arc::new(err) })?;
                let mut link = Link::new(began, None);
                link.left_out = Some(left_out);
                link.spoken()
            }
            Endpoint::Given => Err(LinkError::GivenClosed),
        }
    }

    /// Initializes a session over `transport`.
    pub(super) async fn serve<T, E, A>(transport: T, listener: Listener) -> Result<Link, LinkError>
    where
        T: IntoTransport<RoleClient, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        let began =
            listener.begin(transport).await.map_err(|err| LinkError::NoSession { url: None, error: Arc::new(err) })?;
        Link::new(began, None).spoken()
    }

    /// Connects to `url`, signing in when the server refuses (at most once, and once more for more
    /// scope); each attempt to connect within `timeout`, the user's sign-in not counted.
    #[cfg(feature = "oauth")]
    async fn open_signed_in(
        url: &str,
        auth: &Arc<Authorizer>,
        listener: Listener,
        timeout: Duration,
    ) -> Result<Link, LinkError> {
        let mut tries = Tries::default();
        loop {
            let seen = auth.done();
            let left_out = LeftOut::default();
            let client =
                Watched { inner: auth.client().await.map_err(LinkError::SignIn)?, left_out: Arc::clone(&left_out) };
            let config = StreamableHttpClientTransportConfig::with_uri(url);
            let transport = StreamableHttpClientTransport::with_client(client, config);
            let began = tokio::time::timeout(timeout, listener.clone().begin(transport)).await;
            let err = match began {
                Ok(Ok(began)) => {
                    let mut link = Link::new(began, None);
                    (link.auth, link.left_out) = (Some(Arc::clone(auth)), Some(left_out));
                    return link.spoken();
                }
                Ok(Err(err)) => err,
                Err(_) => return Err(LinkError::TimedOut(timeout)),
            };
            let Some(challenge) = err.auth_challenge().map(str::to_owned) else {
                return Err(LinkError::NoSession { url: Some(url.to_owned()), error: Arc::new(err) });
            };
            auth.answer(&challenge, seen, &mut tries).await.map_err(LinkError::SignIn)?;
        }
    }

    /// How many sign-ins were done before a request is sent, to give [`Link::refused`] when the
    /// server refuses it.
    pub(super) fn sign_ins(&self) -> u64 {
        #[cfg(feature = "oauth")]
        if let Some(auth) = &self.auth {
            return auth.done();
        }
        0
    }

    /// Answers a request the server refused for want of a sign-in (`err`), sent after `seen`
    /// sign-ins: `None` when `err` is not such a refusal or the client does not sign in; else
    /// whether the request may be sent again (signed in, or with more scope), or why not.
    pub(super) async fn refused(&self, err: &ServiceError, seen: u64, tries: &mut Tries) -> Option<Result<(), String>> {
        #[cfg(feature = "oauth")]
        if let (Some(auth), Some(challenge)) = (&self.auth, err.auth_challenge()) {
            return Some(auth.answer(challenge, seen, tries).await);
        }
        let _ = (err, seen, tries);
        None
    }

    /// The link, when the server settled on a version this client speaks (a server of before may
    /// answer `initialize` with any version it likes).
    fn spoken(self) -> Result<Link, LinkError> {
        let version = self.protocol_version();
        match version {
            Some(version) if SPOKEN.contains(&version) => Ok(self),
            other => Err(LinkError::Version {
                answered: other.map_or_else(|| "none".to_owned(), |version| version.to_string()),
                spoken: SPOKEN.map(|version| version.to_string()).join(", "),
            }),
        }
    }

    /// The version of the protocol the session speaks.
    pub(super) fn protocol_version(&self) -> Option<ProtocolVersion> {
        self.service.peer_info().map(|info| info.protocol_version.clone())
    }

    /// The program's answers to the server's questions.
    pub(super) fn answers(&self) -> &Answers {
        &self.service.service().answers
    }

    pub(super) fn peer(&self) -> &Peer<RoleClient> {
        self.service.peer()
    }

    pub(super) fn progress(&self) -> &Arc<ProgressRoutes> {
        &self.service.service().progress
    }

    /// The name the server gives itself.
    pub(super) fn server_name(&self) -> Option<String> {
        let info = self.service.peer_info()?;
        info.server_info.as_ref().map(|implementation| implementation.name.clone())
    }

    /// Whether the session has ended (the server exited, the connection closed).
    pub(super) fn is_closed(&self) -> bool {
        self.service.is_closed()
    }

    /// Every tool the server lists, following `nextCursor` to the end, within `timeout` (a sign-in
    /// the server asks for first not counted).
    pub(super) async fn list_tools(&self, timeout: Duration) -> Result<Vec<Tool>, LinkError> {
        let mut tries = Tries::default();
        loop {
            let seen = self.sign_ins();
            // What an attempt refused partway said is said again by the next.
            let _ = self.left_out();
            let err = match tokio::time::timeout(timeout, self.peer().list_all_tools()).await {
                Ok(Ok(tools)) => return Ok(tools),
                Ok(Err(err)) => err,
                Err(_) => return Err(LinkError::TimedOut(timeout)),
            };
            match self.refused(&err, seen, &mut tries).await {
                Some(Ok(())) => continue,
                Some(Err(why)) => return Err(LinkError::SignIn(why)),
                None => return Err(LinkError::List(Arc::new(err))),
            }
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        // Dropping the service ends the session and kills the child; its own children (`npx`
        // starts `node`) are in its process group, which goes with it.
        kill_group(self.group);
    }
}

/// What a request has done about refusals (a client that does not sign in does nothing).
#[cfg(not(feature = "oauth"))]
#[derive(Default)]
pub(super) struct Tries(());

fn kill_group(group: Option<u32>) {
    #[cfg(unix)]
    if let Some(group) = group.and_then(|group| i32::try_from(group).ok()) {
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(group), nix::sys::signal::Signal::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = group;
}
