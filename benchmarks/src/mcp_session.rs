//! In-memory MCP sessions for the `mcp` benchmark: an rmcp client joined to any rmcp server by
//! `tokio::io::duplex`, so a call is the whole `tools/call` round trip (the request written and
//! parsed, the handler, the response written and parsed) without a socket.

use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, JsonObject, NumberOrString};
use rmcp::service::{RequestContext, RoleClient, RoleServer, RunningService};
use rmcp::{ErrorData, ServerHandler, ServiceExt};

/// The session's floor: a server that answers every call with the same result, as large as the
/// tools' (`{"result": 27}` and its text), without reading the arguments.
#[derive(Clone)]
pub struct FixedServer {
    result: CallToolResult,
}

impl Default for FixedServer {
    fn default() -> Self {
        let mut result = CallToolResult::success(vec![ContentBlock::text("27")]);
        result.structured_content = Some(serde_json::json!({"result": 27}));
        FixedServer { result }
    }
}

impl ServerHandler for FixedServer {
    async fn call_tool(
        &self,
        _request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        Ok(self.result.clone().into())
    }
}

/// A client connected to a served `S` over an in-memory pipe.
pub struct McpSession<S: ServerHandler> {
    client: RunningService<RoleClient, ()>,
    server: RunningService<RoleServer, S>,
}

impl<S: ServerHandler> McpSession<S> {
    /// Serves `server` and connects a client (after `initialize`), on the caller's runtime.
    pub async fn connect(server: S) -> Self {
        let (server_io, client_io) = tokio::io::duplex(64 * 1024);
        let (served, client) = tokio::join!(server.serve(server_io), ().serve(client_io));
        McpSession { client: client.expect("the client connects"), server: served.expect("the server starts") }
    }

    /// Calls the server's handler directly, as rmcp does once it has read a request: the handler's
    /// own cost, without the session.
    pub async fn call_handler(&self, name: &'static str, arguments: &JsonObject) -> CallToolResponse {
        let params = CallToolRequestParams::new(name).with_arguments(arguments.clone());
        let context = RequestContext::new(NumberOrString::Number(1), self.server.peer().clone());
        self.server.service().call_tool(params, context).await.expect("the call is answered")
    }

    /// Calls `name` with `arguments` and returns the result the client read.
    pub async fn call(&self, name: &'static str, arguments: &JsonObject) -> CallToolResult {
        let params = CallToolRequestParams::new(name).with_arguments(arguments.clone());
        let result = self.client.call_tool(params).await.expect("the call is answered");
        assert_ne!(result.is_error, Some(true), "{name} failed: {result:?}");
        result
    }
}
