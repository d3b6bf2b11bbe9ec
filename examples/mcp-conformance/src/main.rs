//! The tools, resources, prompts and skills the official MCP conformance suite calls, written as a user of
//! toolc writes them, served over streamable HTTP by toolc's `HttpServer` with its defaults.
//!
//! `mcp-conformance [port]` listens on 127.0.0.1 (port 0: a free one) and prints its URL.

mod beside;
mod hand_written;
mod tools;

use toolc::Combine;
use toolc_mcp::McpServer;

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port: u16 = match std::env::args().nth(1) {
        None => 0,
        Some(port) => port.parse().map_err(|_| std::io::Error::other(format!("`{port}` is not a port number")))?,
    };
    let toolbox = (tools::Conformance, hand_written::tools()).combine().map_err(std::io::Error::other)?;
    let server = McpServer::new(toolbox)
        .map_err(std::io::Error::other)?
        .named("toolc-mcp-conformance", env!("CARGO_PKG_VERSION"))
        .beside(beside::ResourcesAndPrompts::new(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("skills"))?);
    let running = server.serve_http(("127.0.0.1", port)).await?;
    println!("{}", running.url());
    tokio::select! {
        served = running.wait() => served,
        _ = tokio::signal::ctrl_c() => Ok(()),
    }
}
