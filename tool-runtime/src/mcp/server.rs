//! [`McpServer`]: any [`Toolbox`] as an rmcp [`ServerHandler`] (feature `mcp`).

mod progress;

use std::borrow::Cow;
use std::io;
use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;

use futures_util::future::{Either, select};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorCode, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, ServerHandler, ServiceExt};
use serde_json::{Map, Value};

use crate::dispatch::{self, DispatchOptions, panics};
use crate::{
    Arguments, CallContext, ContentPart, RenderError, Target, ToolError, ToolOutput, Toolbox, content, provider,
};
use progress::ProgressSink;

/// A [`Toolbox`] as an MCP server: an rmcp [`ServerHandler`], cheap to clone (one per HTTP session).
pub struct McpServer<T> {
    toolbox: Arc<T>,
    /// The `tools/list` result, read once from the toolbox's MCP rendering.
    tools: Arc<[Tool]>,
    implementation: Implementation,
}

impl<T> Clone for McpServer<T> {
    fn clone(&self) -> Self {
        McpServer {
            toolbox: Arc::clone(&self.toolbox),
            tools: Arc::clone(&self.tools),
            implementation: self.implementation.clone(),
        }
    }
}

/// A server answering over streamable HTTP, made by [`McpServer::serve_http`].
pub struct HttpServer {
    address: SocketAddr,
    task: tokio::task::JoinHandle<io::Result<()>>,
}

impl HttpServer {
    /// The address it listens on (with the port the system chose for port 0).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The URL clients connect to: `http://<address>/mcp`.
    pub fn url(&self) -> String {
        format!("http://{}/mcp", self.address)
    }

    /// Serves until the listener fails.
    pub async fn wait(self) -> io::Result<()> {
        self.task.await.map_err(io::Error::other)?
    }
}

impl<T: Toolbox + Send + 'static> McpServer<T> {
    /// Serves `toolbox`, named as this crate's package in `initialize` until [`McpServer::named`]
    /// says otherwise. Fails when a tool cannot be rendered for MCP.
    pub fn new(toolbox: T) -> Result<Self, RenderError> {
        let rendered = toolbox.render(Target::Mcp)?;
        // The MCP rendering is checked against the MCP SDKs' own `Tool` types in the test suite.
        let tools: Vec<Tool> =
            serde_json::from_value(rendered.clone()).expect("the MCP rendering is a list of MCP tools");
        let implementation = Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        Ok(McpServer { toolbox: Arc::new(toolbox), tools: tools.into(), implementation })
    }

    /// The server's name and version, as `initialize` reports them.
    pub fn named(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.implementation = Implementation::new(name, version);
        self
    }

    /// Serves one client over standard input and output until it disconnects.
    pub async fn serve_stdio(self) -> io::Result<()> {
        let running = self.serve(rmcp::transport::stdio()).await.map_err(io::Error::other)?;
        running.waiting().await.map_err(io::Error::other)?;
        Ok(())
    }

    /// Listens on `address` (`"127.0.0.1:0"` for a free port) and serves MCP's streamable HTTP
    /// transport at `/mcp`, a session a client, on the current tokio runtime.
    pub async fn serve_http(self, address: impl tokio::net::ToSocketAddrs) -> io::Result<HttpServer> {
        let listener = tokio::net::TcpListener::bind(address).await?;
        let address = listener.local_addr()?;
        let service = StreamableHttpService::new(
            move || Ok(self.clone()),
            Arc::new(LocalSessionManager::default()),
            StreamableHttpServerConfig::default(),
        );
        let router = axum::Router::new().nest_service("/mcp", service);
        let task = tokio::spawn(async move { axum::serve(listener, router).await });
        Ok(HttpServer { address, task })
    }

    /// Runs the call within the limits; a panic becomes [`ToolError::Panicked`].
    async fn run(
        &self,
        name: &str,
        arguments: &Map<String, Value>,
        context: &CallContext,
    ) -> Result<ToolOutput, ToolError> {
        dispatch::check_object_limits(name, arguments, &DispatchOptions::default())?;
        // The calls `#[toolbox]` makes catch their own panics; a `Toolbox` written by hand may not.
        panics::guard(name, self.toolbox.call_arguments(name, Arguments::Object(arguments), context)).await
    }
}

/// The [`CallContext`] of a request: cancelled with it, and reporting progress as
/// `notifications/progress` when the client sent a progress token.
fn call_context(request: &RequestContext<RoleServer>) -> (CallContext, Option<Arc<ProgressSink>>) {
    let cancelled = request.ct.clone();
    let context = CallContext::new().cancelled_when(move || cancelled.is_cancelled());
    let Some(token) = request.meta.get_progress_token() else { return (context, None) };
    let sink = ProgressSink::new(token, request.peer.clone());
    let reports = Arc::clone(&sink);
    (context.on_progress(move |progress| reports.report(progress)), Some(sink))
}

impl<T: Toolbox + Send + 'static> ServerHandler for McpServer<T> {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(self.implementation.clone())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.to_vec()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let defs = self.toolbox.tools();
        let Some(def) = defs.iter().find(|def| def.name == request.name) else {
            let unknown = ToolError::unknown_tool(&request.name, defs.iter().map(|def| &*def.name));
            return Err(ErrorData::invalid_params(unknown.to_string(), None));
        };
        // rmcp has parsed the arguments; they are read from its object, not through text again.
        let no_arguments = Map::new();
        let arguments = request.arguments.as_ref().unwrap_or(&no_arguments);
        let (call_context, progress) = call_context(&context);
        // A cancelled call's future is dropped here: the tool stops at its next await.
        let run = self.run(&request.name, arguments, &call_context);
        let outcome = match select(pin!(run), pin!(context.ct.cancelled())).await {
            Either::Left((outcome, _)) => outcome,
            Either::Right(((), _)) => {
                return Err(ErrorData::new(ErrorCode::INTERNAL_ERROR, Cow::Borrowed("the call was cancelled"), None));
            }
        };
        // Every progress notification goes out before the result.
        if let Some(progress) = progress {
            progress.flush().await;
        }
        // The same result `dispatch` writes for MCP, built as rmcp's type.
        // An image MCP cannot carry (not an `image/*` type) is an error result saying so.
        let outcome = outcome.and_then(|output| match provider::check_images(Target::Mcp, &output.parts, 0) {
            Ok(_) => Ok(output),
            Err(why) => Err(ToolError::Failed { tool: request.name.to_string().into(), message: why }),
        });
        let result = match outcome {
            Ok(output) => {
                let alone = content::parts_alone(&output.json, &output.parts);
                let mut blocks = Vec::with_capacity(1 + output.parts.len());
                if !alone {
                    blocks.push(ContentBlock::text(dispatch::output_text(&output.json)));
                }
                blocks.extend(output.parts.iter().map(|part| match part {
                    ContentPart::Text(text) => ContentBlock::text(text.clone()),
                    ContentPart::Json(json) => ContentBlock::text(json.to_string()),
                    ContentPart::Image(image) => ContentBlock::image(image.base64(), image.mime_type()),
                }));
                let mut result = CallToolResult::success(blocks);
                if !alone {
                    result.structured_content = provider::mcp_wire::structured_content(output.json, def);
                }
                result
            }
            Err(err) => CallToolResult::error(vec![ContentBlock::text(err.to_string())]),
        };
        Ok(result.into())
    }
}
