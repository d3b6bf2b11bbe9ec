//! Dispatch: reading a provider's tool calls, running them, and answering in the provider's format.

mod final_answer;
mod options;
pub(crate) mod panics;
pub mod stream;

use std::future::Future;

use futures_util::StreamExt;
use futures_util::stream as futures_stream;
use serde_json::Value;

pub use crate::call::{Arguments, DispatchError, Interruption, Streamed, ToolCall, ToolResult};
pub use final_answer::FinalAnswer;
pub use options::DispatchOptions;
pub use panics::guard as catch_panics;
pub use stream::{CallStream, StreamDispatch, StreamEvent};

pub(crate) use crate::provider::calls;
use crate::provider::mcp_wire as mcp;
use crate::{ArgumentProblem, CallContext, Target, Tool, ToolDef, ToolError, ToolOutput, provider};

/// What dispatch needs of a toolbox: its tools, and a way to call one. Every
/// [`Toolbox`](crate::Toolbox) is one, so dispatch stays below the trait whose methods use it.
#[doc(hidden)]
pub trait Runner: Sync {
    /// The definitions of every tool.
    fn tools(&self) -> &[ToolDef];

    /// Runs the tool `name` with `arguments`.
    fn call_arguments(
        &self,
        name: &str,
        arguments: Arguments<'_>,
        context: &CallContext,
    ) -> impl Future<Output = Result<ToolOutput, ToolError>> + Send;
}

/// One provider response handled: its calls, their results, and the reply for the provider.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Exchange {
    /// Every tool call of the response, in order.
    pub calls: Vec<ToolCall>,
    /// The result of each call that was run, in the calls' order.
    pub results: Vec<ToolResult>,
    /// What goes back to the provider, in its format: for OpenAI an array of messages or items; for
    /// Anthropic one user message; for Gemini one content; for MCP the JSON-RPC response. `null` when
    /// there is nothing to send (no calls, or a JSON-RPC notification).
    pub reply: Value,
    /// The answer of a [`FinalAnswer`] call, when [`DispatchOptions::final_answer`] is on.
    pub final_answer: Option<String>,
    /// For a stream, how it ended early, if it did: the calls completed before are answered above;
    /// the ones cut off are listed there. Always `None` for a finished response.
    pub interrupted: Option<Interruption>,
}

impl Exchange {
    /// An exchange with no calls, answered by `reply`.
    fn answered(reply: Value) -> Self {
        Exchange { calls: vec![], results: vec![], reply, final_answer: None, interrupted: None }
    }
}

/// Parses a response's bytes, with the size limit; JSON's own depth limit keeps deep input from
/// overflowing the stack.
fn read_response(target: Target, bytes: &[u8], options: &DispatchOptions) -> Result<Value, DispatchError> {
    if bytes.len() > options.max_response_bytes {
        return Err(DispatchError::new(
            target,
            "",
            format!("the response has {} bytes; the limit is {}", bytes.len(), options.max_response_bytes),
        ));
    }
    serde_json::from_slice(bytes).map_err(|err| DispatchError::new(target, "", format!("not valid JSON: {err}")))
}

/// How deep arrays and objects nest in JSON text (strings skipped).
fn nesting_depth(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for byte in text.bytes() {
        match (in_string, byte) {
            (true, _) if escaped => escaped = false,
            (true, b'\\') => escaped = true,
            (true, b'"') => in_string = false,
            (true, _) => {}
            (false, b'"') => in_string = true,
            (false, b'[' | b'{') => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            (false, b']' | b'}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Refuses arguments over the size or depth limit before any parsing.
pub(crate) fn check_limits(call: &ToolCall, options: &DispatchOptions) -> Result<(), ToolError> {
    check_text_limits(&call.name, &call.arguments, options)
}

/// [`check_limits`] for the arguments `text` of a call of `tool`.
fn check_text_limits(tool: &str, text: &str, options: &DispatchOptions) -> Result<(), ToolError> {
    let too_large = (text.len() > options.max_argument_bytes).then(|| {
        format!("the arguments have {} bytes; the limit is {}: send less", text.len(), options.max_argument_bytes)
    });
    within_limits(tool, too_large, || nesting_depth(text), options)
}

/// [`check_limits`] for arguments already parsed into a JSON object: its size is that of its compact
/// JSON text, counted without writing it.
fn check_object_limits(
    tool: &str,
    arguments: &serde_json::Map<String, Value>,
    options: &DispatchOptions,
) -> Result<(), ToolError> {
    let mut measure = crate::decode::limits::Measure::up_to(options.max_argument_bytes);
    measure.object(arguments, 1);
    let too_large = (measure.bytes > options.max_argument_bytes).then(|| {
        format!(
            "the arguments have more than {} bytes as JSON text; the limit is {}: send less",
            options.max_argument_bytes, options.max_argument_bytes
        )
    });
    within_limits(tool, too_large, || measure.deepest, options)
}

/// The error for arguments `too_large`, or else nesting deeper than the limit (`depth` is measured
/// only for arguments within the size limit).
fn within_limits(
    tool: &str,
    too_large: Option<String>,
    depth: impl FnOnce() -> usize,
    options: &DispatchOptions,
) -> Result<(), ToolError> {
    let problem = too_large.or_else(|| {
        let depth = depth();
        (depth > options.max_depth)
            .then(|| format!("the arguments nest {depth} levels deep; the limit is {}", options.max_depth))
    });
    match problem {
        Some(message) => Err(ToolError::InvalidArguments {
            tool: tool.to_owned().into(),
            problems: vec![ArgumentProblem::new("", message)],
        }),
        None => Ok(()),
    }
}

/// Runs one call within the limits; a panic becomes [`ToolError::Panicked`].
async fn run_one<T: Runner>(toolbox: &T, call: &ToolCall, options: &DispatchOptions) -> Result<ToolOutput, ToolError> {
    check_limits(call, options)?;
    if options.final_answer && call.name == FinalAnswer::NAME {
        // A malformed final answer gets its own error, which the toolbox cannot give.
        <FinalAnswer as crate::ConfigTool>::parse(&call.arguments)?;
    }
    // The calls `#[toolbox]` makes catch their own panics; a `Toolbox` written by hand may not.
    let run = toolbox.call_arguments(&call.name, Arguments::Text(&call.arguments), CallContext::detached());
    match panics::guard(&call.name, run).await {
        // The model may also give its final answer: the list of what it can call says so.
        Err(ToolError::UnknownTool { name, mut available }) if options.final_answer => {
            available.push(FinalAnswer::NAME.to_owned());
            Err(ToolError::UnknownTool { name, available })
        }
        outcome => outcome,
    }
}

/// Runs `calls` at most `max_concurrency` at a time, answering in the calls' order.
async fn run_all<T: Runner>(toolbox: &T, calls: &[&ToolCall], options: &DispatchOptions) -> Vec<ToolResult> {
    // The futures are made first: a closure stored in the stream trips the `Send` proof of callers.
    let runs: Vec<_> = calls.iter().map(|call| answer(toolbox, call, options)).collect();
    futures_stream::iter(runs).buffered(options.max_concurrency.max(1)).collect().await
}

pub(super) async fn answer<T: Runner>(toolbox: &T, call: &ToolCall, options: &DispatchOptions) -> ToolResult {
    ToolResult::from_output(call, run_one(toolbox, call, options).await)
}

/// Turns each result whose content parts `target` would refuse (an image type it does not take, or
/// too many bytes) into an error saying so: read by the model, and by the developer in the results,
/// instead of a request the provider refuses.
fn check_parts(target: Target, results: &mut [ToolResult]) {
    let mut image_bytes = 0;
    for result in results.iter_mut().filter(|result| !result.parts.is_empty()) {
        match provider::check_images(target, &result.parts, image_bytes) {
            Ok(added) => image_bytes += added,
            Err(why) => {
                let err = ToolError::Failed { tool: result.name.clone().into(), message: why };
                result.content = Value::String(err.to_string());
                result.parts.clear();
                result.is_error = true;
            }
        }
    }
}

pub(crate) async fn dispatch<T: Runner>(
    toolbox: &T,
    target: Target,
    response: &[u8],
    options: DispatchOptions,
) -> Result<Exchange, DispatchError> {
    if target == Target::Mcp {
        let request = match read_response(target, response, &options) {
            Ok(request) => request,
            Err(err) => {
                let reply = mcp::error(&Value::Null, mcp::PARSE_ERROR, format!("Parse error: {}", err.message));
                return Ok(Exchange::answered(reply));
            }
        };
        return Ok(dispatch_mcp(toolbox, &request, &options).await);
    }
    if response.len() <= options.max_response_bytes
        && let Some(calls) = provider::calls_from_text(target, response)
    {
        return Ok(run_calls(toolbox, target, calls, options).await);
    }
    let response = read_response(target, response, &options)?;
    dispatch_value(toolbox, target, &response, options).await
}

pub(crate) async fn dispatch_value<T: Runner>(
    toolbox: &T,
    target: Target,
    response: &Value,
    options: DispatchOptions,
) -> Result<Exchange, DispatchError> {
    if target == Target::Mcp {
        return Ok(dispatch_mcp(toolbox, response, &options).await);
    }
    let calls = calls(target, response)?;
    Ok(run_calls(toolbox, target, calls, options).await)
}

/// Runs the calls of a response and writes the reply in the target's format.
async fn run_calls<T: Runner>(toolbox: &T, target: Target, calls: Vec<ToolCall>, options: DispatchOptions) -> Exchange {
    let mut final_answer = None;
    let mut to_run: Vec<&ToolCall> = Vec::with_capacity(calls.len());
    for call in &calls {
        match final_answer_of(call, &options, &final_answer) {
            Some(answer) => final_answer = Some(answer),
            None => to_run.push(call),
        }
    }
    let results = run_all(toolbox, &to_run, &options).await;
    exchange(target, calls, results, final_answer)
}

/// The answer `call` gives when it is the response's first well-formed [`FinalAnswer`] (and the
/// options take final answers): such a call is not run. A malformed one runs like any call, so the
/// model reads what is wrong.
pub(super) fn final_answer_of(call: &ToolCall, options: &DispatchOptions, so_far: &Option<String>) -> Option<String> {
    if !options.final_answer || call.name != FinalAnswer::NAME || so_far.is_some() {
        return None;
    }
    <FinalAnswer as crate::ConfigTool>::parse(&call.arguments).ok().map(|answer| answer.answer)
}

/// The exchange of `calls` and their `results` (the calls run, in order), with the reply written
/// in the target's format once every content part is checked against what the target takes.
pub(super) fn exchange(
    target: Target,
    calls: Vec<ToolCall>,
    mut results: Vec<ToolResult>,
    final_answer: Option<String>,
) -> Exchange {
    check_parts(target, &mut results);
    let reply = provider::reply(target, &results);
    Exchange { calls, results, reply, final_answer, interrupted: None }
}

async fn dispatch_mcp<T: Runner>(toolbox: &T, request: &Value, options: &DispatchOptions) -> Exchange {
    let tools = toolbox.tools();
    match mcp::read(request, Some(tools)) {
        mcp::Request::Nothing => Exchange::answered(Value::Null),
        mcp::Request::Answer(reply) => Exchange::answered(reply),
        mcp::Request::Call { id, call } => {
            let mut result = ToolResult::from_output(&call, run_one(toolbox, &call, options).await);
            check_parts(Target::Mcp, std::slice::from_mut(&mut result));
            let def: Option<&ToolDef> = tools.iter().find(|tool| tool.name == call.name);
            let reply = mcp::reply(&id, &result, def);
            Exchange { calls: vec![call], results: vec![result], reply, final_answer: None, interrupted: None }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_depth_skips_strings() {
        assert_eq!(nesting_depth(r#"{"a": [1, {"b": "[[[{{{"}]}"#), 3);
        assert_eq!(nesting_depth(r#""\"[""#), 0);
        assert_eq!(nesting_depth(&"[".repeat(200_000)), 200_000);
    }
}
