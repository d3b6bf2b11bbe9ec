//! The providers, one folder each: everything toolc knows about one provider, read top to bottom —
//! its lowering (`lower.rs`: how a definition is written for it, its name rules, its request-wide
//! limits, its tool choice) and its wire (`wire.rs`: its finished responses, the text fast path,
//! its stream reader, its reply and the images it takes). What several share lives beside them,
//! named for what it does: [`description`] for the description with its examples, [`read_text`]
//! and [`read_stream`] for the readers, [`wire`] for the writers, [`images`] for the image check.
//!
//! The contract every provider keeps is two traits, one a file: [`Lower`] and [`Wire`];
//! [`provider`] is the one table from a [`Target`] to its provider. Adding a provider is a folder
//! here, a variant of [`Target`], and one line in that table.

mod anthropic;
mod bedrock;
mod description;
mod gemini;
mod images;
mod json_schema;
mod mcp;
mod openai;
mod read_stream;
mod read_text;
mod render;
mod wire;

use serde_json::{Map, Value};

use crate::call::{DispatchError, ToolCall, ToolResult};
use crate::passes::report::{Lowering, RenderError};
use crate::{ChoiceError, ChoiceOptions, ContentPart, RenderOptions, Target, ToolChoice, ToolDef};
use images::Accepted;

#[cfg(feature = "read")]
pub(crate) use gemini::openapi as gemini_openapi;
pub(crate) use mcp::wire as mcp_wire;
pub(crate) use read_stream::ReadStream;
pub use render::render_tools;

/// How a request is written for one provider: each tool's entry, the structured-output format,
/// what the request's tools must satisfy together, and the tool choice. A method with a default
/// is one some targets have no use for.
pub(crate) trait Lower: Sync {
    /// The target this provider answers to.
    fn target(&self) -> Target;

    /// The tool's entry in a request's `tools` list, lowered with `lowering`'s report.
    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError>;

    /// The tool's arguments as the model's answer format (structured output).
    fn response_format(
        &self,
        def: &ToolDef,
        options: &RenderOptions,
        lowering: &mut Lowering,
    ) -> Result<Value, RenderError>;

    /// What a request's tools must satisfy together, beyond unique names (each tool with its entry).
    fn check_request(&self, tools: &[(&ToolDef, Value)], options: &RenderOptions) -> Result<(), RenderError> {
        let _ = (tools, options);
        Ok(())
    }

    /// The value of a request's `tools` field, made of each tool's entry.
    fn tools_field(&self, entries: Vec<Value>) -> Value {
        Value::Array(entries)
    }

    /// The request fields that say `choice` (checked against the request's tools already).
    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        let _ = (choice, options);
        Err(ChoiceError::Unsupported {
            target: self.target(),
            reason: "there is no tool choice in this target: the client decides what to call",
        })
    }
}

/// How one provider's responses are read and its calls answered: the finished response, the text
/// fast path, the stream and its framing, the reply, and the images a reply may carry.
pub(crate) trait Wire: Sync {
    /// The images this provider takes in a tool result.
    fn images(&self) -> &'static Accepted {
        &images::ANY_IMAGE
    }

    /// The tool calls of a finished response, parsed.
    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError>;

    /// The tool calls of a finished response read straight from its text, or `None` when the tree
    /// reader must read it: a faster road to what [`Wire::calls`] reads, which gives up on
    /// anything it does not expect and leaves naming the problem to the tree reader.
    fn calls_from_text(&self, bytes: &[u8]) -> Option<Vec<ToolCall>> {
        let _ = bytes;
        None
    }

    /// What goes back to the provider for the results of a response's calls.
    fn reply(&self, results: &[ToolResult]) -> Value {
        let _ = results;
        unreachable!("a target without a reply to a response's calls reads no calls")
    }

    /// How this provider's stream carries its events.
    fn framing(&self) -> Framing {
        Framing::ServerSentEvents
    }

    /// A reader of this provider's response stream.
    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError>;
}

/// A provider: its lowering and its wire.
pub(crate) trait Provider: Lower + Wire {}

impl<P: Lower + Wire> Provider for P {}

/// How a provider's stream carries its events, each a name and its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Framing {
    /// Server-sent events (`text/event-stream`): the event's name and its `data` lines.
    ServerSentEvents,
    /// AWS event-stream messages (`application/vnd.amazon.eventstream`): binary, each with a CRC;
    /// the name is the `:event-type` header (for an exception, its `:exception-type`), the data the
    /// payload.
    AwsEventStream,
}

/// The provider of `target`: the one table of providers.
pub(crate) fn provider(target: Target) -> &'static dyn Provider {
    match target {
        Target::OpenAi => &openai::Chat,
        Target::OpenAiResponses => &openai::Responses,
        Target::Anthropic => &anthropic::Anthropic,
        Target::Gemini => &gemini::Gemini,
        Target::Bedrock => &bedrock::Bedrock,
        Target::Mcp => &mcp::Mcp,
        Target::JsonSchema => &json_schema::JsonSchema,
    }
}

/// How `target`'s stream carries its events.
pub(crate) fn framing(target: Target) -> Framing {
    provider(target).framing()
}

/// A reader of `target`'s response stream.
pub(crate) fn stream(target: Target) -> Result<Box<dyn ReadStream>, DispatchError> {
    provider(target).stream()
}

/// The tool calls of a response already parsed, in the target's format.
pub(crate) fn calls(target: Target, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
    provider(target).calls(response)
}

/// The tool calls of a response read straight from its text, or `None` when [`calls`] must read it.
pub(crate) fn calls_from_text(target: Target, bytes: &[u8]) -> Option<Vec<ToolCall>> {
    provider(target).calls_from_text(bytes)
}

/// The reply to a model's calls, in the target's format.
pub(crate) fn reply(target: Target, results: &[ToolResult]) -> Value {
    provider(target).reply(results)
}

impl crate::ToolOutput {
    /// Why this output's content parts cannot go to `target` (an image of a type or a size the
    /// provider does not take), in words for the model; the check dispatch makes before it answers,
    /// for a server that answers itself.
    ///
    /// ```
    /// use serde_json::Value;
    /// use toolc::{ContentPart, Image, Target, ToolOutput};
    ///
    /// let svg = ToolOutput::with_parts(Value::Null, vec![ContentPart::Image(Image::new("image/svg+xml", vec![1]))]);
    /// assert!(svg.check_parts(Target::Mcp).is_ok());
    /// assert!(svg.check_parts(Target::Anthropic).is_err());
    /// ```
    pub fn check_parts(&self, target: Target) -> Result<(), String> {
        check_images(target, &self.parts, 0).map(|_| ())
    }
}

/// Why `parts` cannot go to `target`, counting `before` image bytes already in the reply; or the
/// image bytes they add.
pub(crate) fn check_images(target: Target, parts: &[ContentPart], before: usize) -> Result<usize, String> {
    images::check(provider(target).images(), parts, before)
}
