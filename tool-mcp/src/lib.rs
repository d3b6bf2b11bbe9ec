//! MCP on rmcp, the official Rust SDK: any [`Toolbox`](toolc::Toolbox) served as an MCP server
//! (feature `server`), and any MCP server's tools as a toolbox (feature `client`).
//!
//! ## Serving
//!
//! [`McpServer`] is an rmcp [`ServerHandler`]: `tools/list` is the toolbox's MCP rendering, the
//! same JSON `toolc export` writes; `tools/call` runs through toolc's own dispatch (the same
//! decoding, limits and model-facing errors as [`Toolbox::handle`](toolc::Toolbox::handle)). Arguments that do not fit and
//! a tool's `Err` or panic are results with `isError: true`, which the model reads; an unknown tool
//! is a JSON-RPC error whose message names the closest tool. A call the client cancels
//! (`notifications/cancelled`) has its future dropped; a tool that takes a `&CallContext` sees the
//! cancellation and reports progress through it (`notifications/progress`, when the client asked).
//!
//! ```no_run
//! use toolc_mcp::McpServer;
//! use toolc::toolbox;
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
//! served again with [`McpServer`], it makes toolc an aggregator of servers. With the feature
//! `oauth` it signs in to servers that ask for OAuth 2.1 (`SignIn`), as a person in a browser or as
//! the program itself.
//!
//! ## Guides
//!
//! `guide::serving` (a toolbox as an MCP server over stdio or streamable HTTP; feature `server`),
//! `guide::safety` (what the HTTP server refuses by default and how to open it up, bearer tokens and
//! JWTs; feature `server`, its JWT example `jwt`) and `guide::client` (an MCP server's tools as a
//! toolbox, aggregated and served again, answering servers that ask and signing in to those that
//! want it; features `client`, `server` and `oauth`), `guide::many_machines` (one toolbox served by
//! replicas sharing a Redis, behind HAProxy; feature `redis`).
//!
// The links above go to the items where the features give them, and to the section that describes
// them otherwise, so the docs build with any features.
#![cfg_attr(feature = "server", doc = "[`McpServer`]: McpServer\n\n[`ServerHandler`]: rmcp::ServerHandler")]
#![cfg_attr(not(feature = "server"), doc = "[`McpServer`]: #serving\n\n[`ServerHandler`]: #serving")]
#![cfg_attr(feature = "client", doc = "[`McpToolbox`]: McpToolbox")]
#![cfg_attr(not(feature = "client"), doc = "[`McpToolbox`]: #tools-from-other-servers")]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "client")]
mod client;
#[cfg(feature = "server")]
mod server;

#[cfg(feature = "oauth-enterprise")]
pub use client::IdentityProvider;
#[cfg(feature = "oauth")]
pub use client::{LoopbackRedirect, SignIn, TokenFile};
#[cfg(feature = "client")]
pub use client::{McpError, McpOptions, McpToolbox, OnDrift, StdioCommand};
#[cfg(any(feature = "jwt", feature = "oauth-jwt"))]
pub use jsonwebtoken;
/// rmcp, the official Rust SDK this crate is built on, at the version it uses: what a handler handed
/// to [`McpServer::beside`] is written with.
#[cfg(any(feature = "server", feature = "client"))]
pub use rmcp;
#[cfg(feature = "dpop")]
pub use server::DpopTokens;
#[cfg(feature = "jwt")]
pub use server::JwtValidator;
#[cfg(feature = "server")]
pub use server::{HttpOptions, HttpServer, McpServer, StaticToken, TokenRefused, TokenValidator, ToolsAlone, Visible};
#[cfg(feature = "redis")]
pub use server::{RedisOptions, RedisState};

/// Guides: one topic a page, the examples compiled and run as doctests. Their text is in the crate's
/// `docs/` folder; each page is there with the features its examples need.
pub mod guide {
    #[cfg(feature = "server")]
    #[doc = include_str!("../docs/serving.md")]
    pub mod serving {}

    #[cfg(feature = "server")]
    #[doc = include_str!("../docs/safety.md")]
    pub mod safety {}

    #[cfg(all(feature = "client", feature = "server", feature = "oauth"))]
    #[doc = include_str!("../docs/client.md")]
    pub mod client {}

    #[cfg(feature = "redis")]
    #[doc = include_str!("../docs/many-machines.md")]
    pub mod many_machines {}
}
