//! The Model Context Protocol (specification 2025-11-25): a `Tool` with its input and output schema,
//! title and annotations; a `tools/call` request in and its JSON-RPC response out ([`wire`], which
//! the MCP server uses too). A client decides what to call: no tool choice; any image type.

mod lower;
pub(crate) mod wire;

use serde_json::Value;

use crate::call::{DispatchError, ToolCall};
use crate::lower::report::{Lowering, RenderError};
use crate::provider::{Provider, ReadStream};
use crate::{RenderOptions, Target, ToolDef};

/// The Model Context Protocol.
pub(super) struct Mcp;

impl Provider for Mcp {
    fn target(&self) -> Target {
        Target::Mcp
    }

    fn tool(&self, def: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::tool(def, lowering)
    }

    fn response_format(&self, _: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        Err(lowering.error("", "MCP has no answer format; a tool's output is described by its `outputSchema`"))
    }

    /// The call of a `tools/call` request.
    fn calls(&self, request: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        match wire::read(request, &[]) {
            wire::Request::Call { call, .. } => Ok(vec![call]),
            _ => Err(DispatchError::new(Target::Mcp, "", "expected a JSON-RPC `tools/call` request")),
        }
    }

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Err(DispatchError::new(Target::Mcp, "", "MCP answers a `tools/call` request; it has no response stream"))
    }
}
