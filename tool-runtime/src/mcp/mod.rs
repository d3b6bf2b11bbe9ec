//! MCP on rmcp, the official Rust SDK: any [`Toolbox`](crate::Toolbox) served as an MCP server
//! (feature `mcp`), and any MCP server's tools as a toolbox (feature `mcp-client`).
//!
//! ## Serving
//!
//! [`McpServer`] is an rmcp [`ServerHandler`](rmcp::ServerHandler): `tools/list` is the toolbox's MCP rendering, the
//! same JSON `toolc export` writes; `tools/call` runs through toolc's own dispatch (the same
//! decoding, limits and model-facing errors as [`Toolbox::handle`](crate::Toolbox::handle)). Arguments that do not fit and
//! a tool's `Err` or panic are results with `isError: true`, which the model reads; an unknown tool
//! is a JSON-RPC error whose message names the closest tool. A call the client cancels
//! (`notifications/cancelled`) has its future dropped; a tool that takes a `&CallContext` sees the
//! cancellation and reports progress through it (`notifications/progress`, when the client asked).
//!
//! ```no_run
//! use tool_runtime::mcp::McpServer;
//! use tool_runtime::toolbox;
//!
//! struct Calculator;
//!
//! #[toolbox]
//! impl Calculator {
//!     /// Add two numbers.
//!     #[tool]
//!     fn add(a: i64, b: i64) -> i64 {
//!         a + b
//!     }
//! }
//!
//! # async fn serve() -> std::io::Result<()> {
//! McpServer::new(Calculator).unwrap().serve_stdio().await
//! # }
//! ```
//!
//! ## Tools from other servers
//!
//! [`McpToolbox`] connects to an MCP server (a child process over stdio, or streamable HTTP) and is
//! a toolbox of its tools: read and checked as any definition arriving as JSON, lowered for every
//! provider, each call checked here before it is forwarded. Combined with other toolboxes and
//! served again with [`McpServer`], it makes toolc an aggregator of servers.

#[cfg(feature = "mcp-client")]
mod client;
#[cfg(feature = "mcp")]
mod server;

#[cfg(feature = "mcp-client")]
pub use client::{McpError, McpOptions, McpToolbox, OnDrift, StdioCommand};
#[cfg(feature = "mcp-jwt")]
pub use jsonwebtoken;
#[cfg(feature = "mcp-jwt")]
pub use server::JwtValidator;
#[cfg(feature = "mcp")]
pub use server::{HttpOptions, HttpServer, McpServer, StaticToken, TokenRefused, TokenValidator, Visible};
