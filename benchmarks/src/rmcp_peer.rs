//! The same two tools behind rmcp's `#[tool_router]`, reached through its public API: a served
//! session over an in-memory transport supplies the request context a router call needs. As a
//! whole server (`#[tool_handler]`), it is what the `mcp` benchmark sets toolc's adapter against.
//! Like toolc's tools, they answer with structured content and its text (`Json`).

use crate::{Big, SearchArgs, search_work};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResponse, JsonObject, NumberOrString};
use rmcp::service::{RequestContext, RoleServer, RunningService};
use rmcp::{Json, ServiceExt, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The 50-field call's arguments as rmcp takes them.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct StoreArgs {
    /// The record.
    pub record: Big,
}

/// What both tools return, as structured content: `{"result": n}`, as toolc writes a number.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Count {
    /// The count.
    pub result: usize,
}

/// The rmcp server holding the two tools.
#[derive(Clone)]
pub struct RmcpBench {
    tool_router: ToolRouter<Self>,
}

impl Default for RmcpBench {
    fn default() -> Self {
        RmcpBench { tool_router: Self::tool_router() }
    }
}

#[tool_router]
impl RmcpBench {
    /// Search the web.
    #[tool]
    fn search(&self, Parameters(args): Parameters<SearchArgs>) -> Json<Count> {
        let _ = (&args.language, args.safe_search);
        Json(Count { result: search_work(&args.query, args.num_results, args.offset) })
    }

    /// Store a large record.
    #[tool]
    fn store(&self, Parameters(args): Parameters<StoreArgs>) -> Json<Count> {
        Json(Count { result: args.record.one.i.len() + args.record.five.a.len() })
    }
}

#[tool_handler]
impl rmcp::ServerHandler for RmcpBench {}

/// A live rmcp session (server and client over `tokio::io::duplex`) and what a call needs from it.
pub struct RmcpSession {
    server: RmcpBench,
    context: RequestContext<RoleServer>,
    _running: (RunningService<RoleServer, RmcpBench>, RunningService<rmcp::RoleClient, ()>),
}

impl RmcpSession {
    /// Serves the tools and connects a client, on the runtime the caller is in.
    pub async fn start() -> Self {
        let server = RmcpBench::default();
        let (server_io, client_io) = tokio::io::duplex(64 * 1024);
        let (served, client) = tokio::join!(server.clone().serve(server_io), ().serve(client_io));
        let served = served.expect("rmcp server starts");
        let client = client.expect("rmcp client connects");
        let context = RequestContext::new(NumberOrString::Number(1), served.peer().clone());
        RmcpSession { server, context, _running: (served, client) }
    }

    /// Calls `name` with `arguments` as JSON text the way an rmcp server does: the arguments
    /// parsed into a JSON object, then the router.
    pub async fn call(&self, name: &'static str, arguments: &str) -> CallToolResponse {
        let arguments: JsonObject = serde_json::from_str(arguments).expect("arguments are an object");
        let params = CallToolRequestParams::new(name).with_arguments(arguments);
        let context = ToolCallContext::new(&self.server, params, self.context.clone());
        self.server.tool_router.call(context).await.expect("the tool answers")
    }
}
