//! What a server answers beside its tools when it was handed nothing else.

use rmcp::ServerHandler;
use rmcp::model::{ServerCapabilities, ServerConfig};

/// The handler of a server that serves tools alone: it declares no resources, prompts or
/// completions, so rmcp answers their methods "method not found". Hand a server another with
/// [`McpServer::beside`](crate::McpServer::beside).
#[derive(Debug, Clone, Copy, Default)]
pub struct ToolsAlone;

impl ServerHandler for ToolsAlone {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::default())
    }
}
