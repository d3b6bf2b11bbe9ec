//! [`ToolSet`]: typed parsing of a call into one of several config-struct tools, made by
//! `#[toolbox]` on an enum.

use serde_json::Value;

use super::list::RenderCache;
use crate::call::{DispatchError, Interruption, Streamed, ToolCall};
use crate::dispatch::{self, CallStream, DispatchOptions};
use crate::{RenderError, RenderOptions, Rendered, Target, ToolDef, ToolError, render_tools};

/// One call of a response parsed by [`ToolSet::parse_response`]: the call's id, and the variant or
/// why the call does not parse.
pub type ParsedCall<T> = (Option<String>, Result<T, ToolError>);

/// Typed parsing of a call into one of several config-struct tools, made by `#[toolbox]` on an enum.
pub trait ToolSet: Sized {
    /// The definitions of every variant's tool, in variant order, computed once.
    fn tools() -> &'static [ToolDef];

    /// The value of a request's `tools` field for the target, rendered on the first call and kept:
    /// later calls only read it.
    fn render(target: Target) -> Result<&'static Value, RenderError> {
        RenderCache::of(Self::tools()).get(Self::tools(), target)
    }

    /// The value of a request's `tools` field with per-target options, and the lowering report.
    fn render_with(target: Target, options: &RenderOptions) -> Result<Rendered, RenderError> {
        render_tools(Self::tools(), target, options)
    }

    /// Parses a call of the tool `name` with `arguments` (JSON text) into the matching variant.
    fn parse(name: &str, arguments: &str) -> Result<Self, ToolError>;

    /// Parses every tool call of a provider response into `(call id, the variant or why not)`, with
    /// the same decoding and limits as [`Toolbox::handle`](super::Toolbox::handle).
    fn parse_response(target: Target, response: &Value) -> Result<Vec<ParsedCall<Self>>, DispatchError> {
        let options = DispatchOptions::default();
        let calls = dispatch::calls(target, response)?;
        Ok(calls.into_iter().map(|call| parse_call(call, &options)).collect())
    }

    /// Parses every tool call of a provider's stream (its server-sent-event bytes) into
    /// `(call id, the variant or why not)`, read as [`Toolbox::dispatch_stream`](super::Toolbox::dispatch_stream) reads it, with how
    /// the stream ended early if it did. A caller that wants each call as soon as it is complete
    /// feeds a [`CallStream`] and parses each call it hands on with [`ToolSet::parse`].
    fn parse_stream(
        target: Target,
        sse: &[u8],
    ) -> Result<(Vec<ParsedCall<Self>>, Option<Interruption>), DispatchError> {
        let options = DispatchOptions::default();
        let mut stream = CallStream::new(target, &options)?;
        let mut parsed = Vec::new();
        stream.feed(sse, |streamed| {
            if let Streamed::Call(call) = streamed {
                parsed.push(parse_call(call, &options));
            }
        })?;
        Ok((parsed, stream.finish()))
    }
}

/// One call parsed into a [`ToolSet`]'s variant, within the limits `handle` applies.
fn parse_call<T: ToolSet>(call: ToolCall, options: &DispatchOptions) -> ParsedCall<T> {
    let parsed = dispatch::check_limits(&call, options).and_then(|()| T::parse(&call.name, &call.arguments));
    (call.id, parsed)
}
