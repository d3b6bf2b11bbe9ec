//! The providers, one folder each: everything toolc knows about one provider, read top to bottom —
//! how a definition is lowered for it and its name rules, its wire formats (finished responses,
//! streams, replies), the images it takes in a tool result, and its tool choice. What several
//! share lives beside them, named for what it does: [`description`] for the description with its
//! examples, [`read_text`] and [`stream_state`] for the readers, [`wire`] for the writers, [`images`]
//! for the image check.
//!
//! The contract every provider keeps is the [`Provider`] trait; [`provider`] is the one table from a
//! [`Target`] to its provider. Adding a provider is a folder here, a variant of [`Target`], and one
//! line in that table.

mod anthropic;
mod bedrock;
mod choice;
mod description;
mod gemini;
mod images;
mod json_schema;
mod mcp;
mod openai;
mod read_text;
mod render;
mod stream;
mod stream_state;
mod wire;

use std::fmt;

use serde_json::{Map, Value};

use crate::call::{DispatchError, Streamed, ToolCall, ToolResult};
use crate::lower::report::{Lowering, RenderError};
use crate::{ChoiceError, ChoiceOptions, ContentPart, RenderOptions, Target, ToolChoice, ToolDef};
use images::Accepted;
use stream_state::Ending;

#[cfg(feature = "read")]
pub(crate) use gemini::openapi as gemini_openapi;
pub(crate) use mcp::wire as mcp_wire;
pub use render::render_tools;
pub(crate) use stream::StreamReader;

/// What every provider provides. A method with a default is one some targets have no use for.
pub(crate) trait Provider: Sync {
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

    /// The images this provider takes in a tool result.
    fn images(&self) -> &'static Accepted {
        &images::ANY_IMAGE
    }

    /// The tool calls of a finished response, parsed.
    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError>;

    /// The tool calls of a finished response read straight from its text, or `None` when the tree
    /// reader must read it: a faster road to what [`Provider::calls`] reads, which gives up on
    /// anything it does not expect and leaves naming the problem to the tree reader.
    fn calls_from_text(&self, bytes: &[u8]) -> Option<Vec<ToolCall>> {
        let _ = bytes;
        None
    }

    /// What goes back to the provider for the results of a response's calls.
    fn reply(&self, results: &[ToolResult]) -> Value {
        let _ = results;
        unreachable!("{} has no reply to a response's calls", self.target())
    }

    /// How this provider's stream carries its events.
    fn framing(&self) -> Framing {
        Framing::ServerSentEvents
    }

    /// A reader of this provider's response stream.
    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError>;
}

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

/// A reader of one provider's stream of events.
pub(crate) trait ReadStream: fmt::Debug + Send {
    /// Reads event number `at`, named `name` (empty when the event had no name), handing on its
    /// text and every call it completes.
    fn event(
        &mut self,
        at: usize,
        name: &str,
        data: &str,
        out: &mut dyn FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError>;

    /// How far the stream got.
    fn ending(&self) -> &Ending;

    /// The ending, the calls still open, and what ends a response of this provider (for messages).
    fn into_parts(self: Box<Self>) -> (Ending, Vec<ToolCall>, &'static str);
}

/// The [`ReadStream`] of a provider's stream reader, from its own `event` and `into_parts` methods
/// and its `ending` field.
macro_rules! read_stream {
    ($stream:ty) => {
        impl $crate::provider::ReadStream for $stream {
            fn event(
                &mut self,
                at: usize,
                name: &str,
                data: &str,
                out: &mut dyn FnMut($crate::call::Streamed<'_>),
            ) -> Result<(), $crate::call::DispatchError> {
                <$stream>::event(self, at, name, data, out)
            }

            fn ending(&self) -> &$crate::provider::stream_state::Ending {
                &self.ending
            }

            fn into_parts(
                self: Box<Self>,
            ) -> ($crate::provider::stream_state::Ending, Vec<$crate::call::ToolCall>, &'static str) {
                <$stream>::into_parts(*self)
            }
        }
    };
}
pub(crate) use read_stream;

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
    /// use tool_runtime::{ContentPart, Image, Target, ToolOutput};
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
