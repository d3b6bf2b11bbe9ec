//! Each provider's wire format in one file: reading a finished response from its text and from a
//! JSON tree, reading its stream of server-sent events, and writing the reply. Adding a provider is
//! a file here and an arm in each switch below.
//!
//! The text readers are a faster road to what the tree readers read: anything they do not expect
//! gives `None`, and the response is then read as a tree, which decides and names every problem.

mod anthropic;
mod gemini;
mod json_path;
pub(crate) mod mcp;
mod openai_chat;
mod openai_responses;
mod read_text;
mod stream_state;

use serde_json::Value;

use super::error::DispatchError;
use super::records::{ToolCall, ToolResult};
use super::stream::{Interruption, Streamed};
use crate::{ContentPart, Image, Target};

/// The tool calls of a response already parsed, in the target's format.
pub(crate) fn calls(target: Target, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
    match target {
        Target::OpenAi => openai_chat::calls(response),
        Target::OpenAiResponses => openai_responses::calls(response),
        Target::Anthropic => anthropic::calls(response),
        Target::Gemini => gemini::calls(response),
        Target::Mcp => match mcp::read(response, &[]) {
            mcp::Request::Call { call, .. } => Ok(vec![call]),
            _ => Err(DispatchError::new(target, "", "expected a JSON-RPC `tools/call` request")),
        },
        Target::JsonSchema => Err(no_wire_format(target)),
    }
}

/// The tool calls of a response read straight from its text, or `None` when the tree reader must
/// read it.
pub(super) fn calls_from_text(target: Target, bytes: &[u8]) -> Option<Vec<ToolCall>> {
    match target {
        Target::OpenAi => openai_chat::calls_from_text(bytes),
        Target::OpenAiResponses => openai_responses::calls_from_text(bytes),
        Target::Anthropic => anthropic::calls_from_text(bytes),
        Target::Gemini => gemini::calls_from_text(bytes),
        Target::Mcp | Target::JsonSchema => None,
    }
}

/// The reply to a model's calls: what goes back to the provider (MCP answers one request at a
/// time, in `mcp`).
pub(super) fn reply(target: Target, results: &[ToolResult]) -> Value {
    match target {
        Target::OpenAi => openai_chat::reply(results),
        Target::OpenAiResponses => openai_responses::reply(results),
        Target::Anthropic => anthropic::reply(results),
        Target::Gemini => gemini::reply(results),
        Target::Mcp | Target::JsonSchema => unreachable!("{target} has no reply to a response's calls"),
    }
}

/// A reader of one provider's stream of server-sent events.
#[derive(Debug)]
pub(super) enum StreamReader {
    OpenAi(openai_chat::Stream),
    OpenAiResponses(openai_responses::Stream),
    Anthropic(anthropic::Stream),
    Gemini(gemini::Stream),
}

impl StreamReader {
    pub(super) fn new(target: Target) -> Result<Self, DispatchError> {
        Ok(match target {
            Target::OpenAi => StreamReader::OpenAi(Default::default()),
            Target::OpenAiResponses => StreamReader::OpenAiResponses(Default::default()),
            Target::Anthropic => StreamReader::Anthropic(Default::default()),
            Target::Gemini => StreamReader::Gemini(Default::default()),
            Target::Mcp => {
                return Err(DispatchError::new(
                    target,
                    "",
                    "MCP answers a `tools/call` request; it has no response stream",
                ));
            }
            Target::JsonSchema => return Err(no_wire_format(target)),
        })
    }

    /// Reads event number `at`, named `name` (empty when the event had no name), handing on its
    /// text and every call it completes.
    pub(super) fn event(
        &mut self,
        at: usize,
        name: &str,
        data: &str,
        out: &mut dyn FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError> {
        match self {
            StreamReader::OpenAi(stream) => stream.event(at, name, data, out),
            StreamReader::OpenAiResponses(stream) => stream.event(at, name, data, out),
            StreamReader::Anthropic(stream) => stream.event(at, name, data, out),
            StreamReader::Gemini(stream) => stream.event(at, name, data, out),
        }
    }

    /// Whether the provider said the stream failed: nothing after it is read.
    pub(super) fn failed(&self) -> bool {
        self.state().failed.is_some()
    }

    /// How the stream ended, read after its last event (`events` of them): `None` when it ended
    /// as the provider ends a response, with every call complete.
    pub(super) fn finish(self, events: usize, read_error: Option<String>) -> Option<Interruption> {
        let (ending, unfinished, end) = match self {
            StreamReader::OpenAi(stream) => stream.into_parts(),
            StreamReader::OpenAiResponses(stream) => stream.into_parts(),
            StreamReader::Anthropic(stream) => stream.into_parts(),
            StreamReader::Gemini(stream) => stream.into_parts(),
        };
        ending.interruption(events, end, read_error, unfinished)
    }

    fn state(&self) -> &stream_state::Ending {
        match self {
            StreamReader::OpenAi(stream) => &stream.ending,
            StreamReader::OpenAiResponses(stream) => &stream.ending,
            StreamReader::Anthropic(stream) => &stream.ending,
            StreamReader::Gemini(stream) => &stream.ending,
        }
    }
}

fn no_wire_format(target: Target) -> DispatchError {
    DispatchError::new(target, "", "plain JSON Schema has no wire format for tool calls")
}

/// A string field of a call, or an error naming where it should be.
fn text(node: &Value, key: &str, at: &str, target: Target) -> Result<String, DispatchError> {
    match node.get(key) {
        Some(Value::String(text)) => Ok(text.clone()),
        _ => Err(DispatchError::new(target, format!("{at}/{key}"), format!("expected a string `{key}`"))),
    }
}

/// Arguments as text: OpenAI sends text already; the others send an object, written out here.
fn arguments(node: Option<&Value>) -> String {
    match node {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

fn array<'a>(node: &'a Value, key: &str, at: &str, target: Target) -> Result<&'a [Value], DispatchError> {
    match node.get(key) {
        Some(Value::Array(items)) => Ok(items),
        Some(Value::Null) | None => Ok(&[]),
        Some(_) => Err(DispatchError::new(target, format!("{at}/{key}"), format!("expected `{key}` to be an array"))),
    }
}

/// What a result says as text, one piece per part: its JSON output (unless it returned content
/// alone), then its text and JSON parts. Images are left to each writer.
fn texts(result: &ToolResult) -> Vec<String> {
    let json = (!result.parts_alone()).then(|| result.text());
    json.into_iter().chain(result.part_texts()).collect()
}

fn images(result: &ToolResult) -> impl Iterator<Item = &Image> {
    result.parts.iter().filter_map(|part| match part {
        ContentPart::Image(image) => Some(image),
        _ => None,
    })
}
