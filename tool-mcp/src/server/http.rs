//! Streamable HTTP: rmcp's service behind the [`gate`](super::gate), on a listener that bounds how
//! many connections it holds and how long a request's headers may take.

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::routing::get;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

use super::gate::{self, Gate};
use super::{HttpOptions, McpServer};
use toolc::Toolbox;

/// A server answering over streamable HTTP, made by [`McpServer::serve_http`].
pub struct HttpServer {
    address: SocketAddr,
    stop: CancellationToken,
    task: tokio::task::JoinHandle<io::Result<()>>,
}

impl HttpServer {
    /// The address it listens on (with the port the system chose for port 0).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The URL clients connect to: `http://<address>/mcp`.
    pub fn url(&self) -> String {
        format!("http://{}{}", self.address, gate::ENDPOINT)
    }

    /// Serves until the listener fails or [`HttpServer::stop`] is called elsewhere.
    pub async fn wait(self) -> io::Result<()> {
        self.task.await.map_err(io::Error::other)?
    }

    /// Stops accepting connections and ends every session (their calls' futures are dropped).
    pub fn stop(&self) {
        self.stop.cancel();
    }
}

/// Serves `server` on `listener`.
pub(super) fn serve<T: Toolbox + Send + 'static, H: rmcp::ServerHandler>(
    server: McpServer<T, H>,
    listener: TcpListener,
) -> io::Result<HttpServer> {
    let address = listener.local_addr()?;
    let options: HttpOptions = server.options.clone();
    let gate = Arc::new(Gate::new(&options, address)?);
    let stop = CancellationToken::new();
    let mut server = server;
    server.stopping = stop.clone();
    // The gate checks `Host` and `Origin` (with its own, tested, matching); rmcp's checks would
    // only repeat them with rules of their own.
    #[allow(unused_mut, reason = "set further with shared state alone")]
    let mut config = StreamableHttpServerConfig::default()
        .disable_allowed_hosts()
        .disable_allowed_origins()
        .with_max_request_body_bytes(options.max_body_bytes)
        .with_cancellation_token(stop.child_token());
    #[cfg(feature = "redis")]
    if let (Some(state), Some(sessions)) = (&options.shared, &gate.shared) {
        config.session_store = Some(Arc::new(sessions.clone()));
        state.hold_lease(stop.child_token());
    }
    let service = StreamableHttpService::new(move || Ok(server.for_session()), Arc::clone(&gate.sessions), config);
    let router = axum::Router::new()
        .nest_service(gate::ENDPOINT, service)
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&gate), gate::guard))
        .route(gate::METADATA, get(gate::metadata))
        .route(gate::HEALTH, get(gate::health))
        .route("/.well-known/oauth-protected-resource", get(gate::metadata))
        .with_state(gate);
    let connections = Arc::new(Semaphore::new(options.max_connections));
    let read_timeout = options.read_timeout;
    let stopped = stop.clone();
    let task = tokio::spawn(async move {
        loop {
            let Ok(permit) = Arc::clone(&connections).acquire_owned().await else { return Ok(()) };
            let accepted = tokio::select! {
                accepted = listener.accept() => accepted,
                () = stopped.cancelled() => return Ok(()),
            };
            let stream = match accepted {
                // Each event of a stream goes out when it is written: an answer sent as a head,
                // then a body, must not wait for the client's delayed acknowledgement (40 ms).
                Ok((stream, _)) => {
                    let _ = stream.set_nodelay(true);
                    stream
                }
                // Out of file descriptors, or a connection reset before it was accepted: the
                // listener is still good.
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                    continue;
                }
            };
            let service = TowerToHyperService::new(router.clone());
            let stopped = stopped.clone();
            tokio::spawn(async move {
                let _permit = permit;
                let mut builder = hyper::server::conn::http1::Builder::new();
                builder.timer(TokioTimer::new()).header_read_timeout(read_timeout);
                let connection = builder.serve_connection(TokioIo::new(stream), service);
                tokio::select! {
                    _ = connection => {}
                    () = stopped.cancelled() => {}
                }
            });
        }
    });
    Ok(HttpServer { address, stop, task })
}
