//! One connection to a server: started (a child process over stdio, or streamable HTTP), on MCP
//! 2026-07-28 when the server speaks it (`server/discover`) and on 2025-11-25 otherwise
//! (`initialize`), listening for progress and for a new tool list, answering the server's questions
//! as the program said; and ended, child processes and all, when it is dropped.

// Sampling and roots are marked deprecated in rmcp (SEP-2577 will remove them); 2025-11-25 and
// 2026-07-28 both have them.
#![allow(deprecated)]

use std::future::Future;
use std::process::Stdio;
use std::sync::Arc;

use rmcp::ClientHandler;
use rmcp::model::{
    ClientConfig, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, ErrorData,
    Implementation, ListRootsResult, ProgressNotificationParam, ProtocolVersion, Tool,
};
use rmcp::service::{
    ClientInitializeError, ClientLifecycleMode, ClientServiceExt, NotificationContext, Peer, RequestContext,
    RoleClient, RunningService,
};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::{IntoTransport, StreamableHttpClientTransport, TokioChildProcess};

use super::answers::{Answers, Unanswered};
use super::error::LinkError;
use super::progress::ProgressRoutes;
use super::{McpOptions, StdioCommand};

/// Where a server is, kept to connect again after it fails. Its `Debug` never shows the token.
#[derive(Clone)]
pub(super) enum Endpoint {
    /// A child process speaking over its standard input and output.
    Stdio(StdioCommand),
    /// A URL of MCP's streamable HTTP transport, with the bearer token to send.
    Http { url: String, bearer: Option<String> },
    /// A transport the program gave, which cannot be opened again once it closes.
    Given,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Endpoint::Stdio(command) => f.debug_tuple("Stdio").field(command).finish(),
            Endpoint::Http { url, bearer } => {
                f.debug_struct("Http").field("url", url).field("bearer", &bearer.as_ref().map(|_| "<set>")).finish()
            }
            Endpoint::Given => f.write_str("Given"),
        }
    }
}

/// The protocol versions this client speaks, newest first: the one it offers, then those it still
/// serves when a server answers with one of them.
const SPOKEN: [ProtocolVersion; 3] =
    [ProtocolVersion::V_2026_07_28, ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2025_06_18];

/// What the client does with a server's notifications and requests: progress goes to the call that
/// asked for it; a new tool list is announced to the toolbox; a question is answered as the program
/// said ([`Answers`]).
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
    /// (`initialize`) when it answers `server/discover` as a server of before does; or the one
    /// version the program pinned.
    async fn begin<T, E, A>(self, transport: T) -> Result<RunningService<RoleClient, Listener>, ClientInitializeError>
    where
        T: IntoTransport<RoleClient, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        let lifecycle = lifecycle(self.protocol.as_ref());
        self.serve_with_lifecycle(transport, lifecycle).await
    }
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
}

impl Link {
    /// Connects to `endpoint` and initializes the session; the error says why not.
    pub(super) async fn open(endpoint: &Endpoint, listener: Listener) -> Result<Link, LinkError> {
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
                let service = listener.begin(transport).await.map_err(|err| {
                    kill_group(group);
                    LinkError::NotAServer {
                        program: command.program.to_string_lossy().into_owned(),
                        error: Arc::new(err),
                    }
                })?;
                Link { service, group }.spoken()
            }
            Endpoint::Http { url, bearer } => {
                let mut config = StreamableHttpClientTransportConfig::with_uri(url.as_str());
                if let Some(token) = bearer {
                    config = config.auth_header(token.as_str());
                }
                let transport = StreamableHttpClientTransport::from_config(config);
                let service = listener
                    .begin(transport)
                    .await
                    .map_err(|err| LinkError::NoSession { url: Some(url.clone()), error: Arc::new(err) })?;
                Link { service, group: None }.spoken()
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
        let service =
            listener.begin(transport).await.map_err(|err| LinkError::NoSession { url: None, error: Arc::new(err) })?;
        Link { service, group: None }.spoken()
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

    /// Every tool the server lists, following `nextCursor` to the end.
    pub(super) async fn list_tools(&self) -> Result<Vec<Tool>, LinkError> {
        self.peer().list_all_tools().await.map_err(|err| LinkError::List(Arc::new(err)))
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        // Dropping the service ends the session and kills the child; its own children (`npx`
        // starts `node`) are in its process group, which goes with it.
        kill_group(self.group);
    }
}

fn kill_group(group: Option<u32>) {
    #[cfg(unix)]
    if let Some(group) = group.and_then(|group| i32::try_from(group).ok()) {
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(group), nix::sys::signal::Signal::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = group;
}
