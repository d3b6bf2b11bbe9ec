//! The Model Context Protocol (specification 2025-11-25): a `Tool` with its input and output schema,
//! title and annotations; a `tools/call` request in and its JSON-RPC response out ([`wire`], which
//! the MCP server uses too). A client decides what to call: no tool choice; any image type.

mod lower;
pub(crate) mod wire;

/// The Model Context Protocol.
pub(super) struct Mcp;
