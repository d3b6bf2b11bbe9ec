//! One connection to a server: started (a child process over stdio, or streamable HTTP),
//! initialized at protocol 2025-11-25, listening for progress and for a new tool list; and ended,
//! child processes and all, when it is dropped.

use std::future::Future;
use std::process::Stdio;
use std::sync::Arc;

use rmcp::model::{ClientCapabilities, ClientConfig, Implementation, ProgressNotificationParam, ProtocolVersion, Tool};
use rmcp::service::{NotificationContext, Peer, RoleClient, RunningService};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::{IntoTransport, StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{ClientHandler, ServiceExt};

use super::StdioCommand;
use super::error::LinkError;
use super::progress::ProgressRoutes;

/// Where a server is, kept to connect again after it fails.
#[derive(Clone, Debug)]
pub(super) enum Endpoint {
    /// A child process speaking over its standard input and output.
    Stdio(StdioCommand),
    /// A URL of MCP's streamable HTTP transport, with the bearer token to send.
    Http { url: String, bearer: Option<String> },
    /// A transport the program gave, which cannot be opened again once it closes.
    Given,
}

/// What the client does with a server's notifications: progress goes to the call that asked for it;
/// a new tool list is announced to the toolbox.
pub(super) struct Listener {
    pub(super) progress: Arc<ProgressRoutes>,
    list_changed: Arc<dyn Fn() + Send + Sync>,
}

impl Listener {
    pub(super) fn new(list_changed: Arc<dyn Fn() + Send + Sync>) -> Self {
        Listener { progress: Arc::default(), list_changed }
    }
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

    fn get_info(&self) -> ClientConfig {
        // rmcp offers a newer protocol by default; 2025-11-25 is the one toolc speaks and tests.
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(ProtocolVersion::V_2025_11_25)
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
                let service = listener.serve(transport).await.map_err(|err| {
                    kill_group(group);
                    LinkError::NotAServer {
                        program: command.program.to_string_lossy().into_owned(),
                        error: Arc::new(err),
                    }
                })?;
                Ok(Link { service, group })
            }
            Endpoint::Http { url, bearer } => {
                let mut config = StreamableHttpClientTransportConfig::with_uri(url.as_str());
                if let Some(token) = bearer {
                    config = config.auth_header(token.as_str());
                }
                let transport = StreamableHttpClientTransport::from_config(config);
                let service = listener
                    .serve(transport)
                    .await
                    .map_err(|err| LinkError::NoSession { url: Some(url.clone()), error: Arc::new(err) })?;
                Ok(Link { service, group: None })
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
            listener.serve(transport).await.map_err(|err| LinkError::NoSession { url: None, error: Arc::new(err) })?;
        Ok(Link { service, group: None })
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
