//! The drift policy: a server's listing read into the tools the toolbox serves, each tool checked
//! against the lock file when there is one — what differs refused when connecting (as
//! [`OnDrift::Refuse`] asks), or left out with a warning.

use std::sync::Arc;

use serde_json::Value;
use toolc::JsonTools;
use toolc::lock::Lock;
use toolc::read::Message;

use super::generations::Generation;
use super::{McpError, OnDrift};

/// A list of the server `name`'s tools, read; with a lock, what differs from it refused (when
/// connecting, as [`OnDrift::Refuse`] asks) or left out with a warning. `left_out` is what the
/// transport left out of the listing already, each with why, said as warnings too.
pub(super) fn generation(
    name: &str,
    listed: &[rmcp::model::Tool],
    left_out: Vec<String>,
    pinned: Option<&(Arc<Lock>, OnDrift)>,
    connecting: bool,
) -> Result<Generation, McpError> {
    let listed: Vec<Value> =
        listed.iter().map(|tool| serde_json::to_value(tool).expect("an MCP tool is written as JSON")).collect();
    let mut kept = Vec::with_capacity(listed.len());
    let mut differ = Vec::new();
    for tool in &listed {
        match pinned.map(|(lock, _)| lock.verify(name, tool)) {
            Some(verdict) if !verdict.is_pinned() => {
                let tool_name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
                differ.push(format!("tool `{tool_name}` {verdict}"));
            }
            _ => kept.push(tool),
        }
    }
    if connecting && !differ.is_empty() && matches!(pinned, Some((_, OnDrift::Refuse))) {
        return Err(McpError::Drift { server: name.to_owned(), tools: differ });
    }
    let malformed = left_out.iter().map(|why| Message::Warning(format!("server `{name}`: {why}")));
    let said = malformed
        .chain(differ.iter().map(|why| {
            Message::Warning(format!(
                "server `{name}`: {why}, so it is left out; review it and pin it again with `toolc pin`"
            ))
        }))
        .collect();
    let document = serde_json::json!({ "tools": kept });
    let tools = JsonTools::read(&document)
        .map_err(|error| McpError::Read { server: name.to_owned(), error })?
        .labelled(format!("server `{name}`"))
        // The checks compiled as the list is taken, not in the model's first call.
        .prepared();
    Ok(Generation::new(tools, listed, said))
}
