//! `tools/call`: a call run within the server's limits, its questions asked and its notices sent
//! as the client's protocol wants them, and its outcome written as MCP's result.
//!
//! This is the server's hot path: what a call does not use (notices nobody asked for, a token
//! nobody sent) is not set up.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::pin::pin;
use std::sync::{Arc, PoisonError};
use std::time::Instant;

use futures_util::future::{Either, select};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorCode, InputRequiredResult,
    ProgressToken,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler};
use serde_json::{Map, Value, json};
use tokio_util::sync::CancellationToken;

use super::ask::{InSession, Refused, Round, RoundTrips, until_asked};
use super::notices::{self, Notices};
use super::{FLUSH_PROGRESS, McpServer, complete, from_the_gate, gate};
use toolc::dispatch::{DispatchOptions, catch_panics};
use toolc::{
    Arguments, Asker, CallContext, Caller, Level, Target, TaskSupport, ToolDef, ToolError, ToolOutput, Toolbox,
};

impl<T: Toolbox + Send + 'static, H: ServerHandler> McpServer<T, H> {
    /// Answers `tools/call`: at once, with `input_required` when the tool asks on 2026-07-28, or
    /// as a task when a long-running tool's client follows tasks.
    pub(super) async fn call(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let (caller, gone) = from_the_gate(&context);
        let visible = self.visible_to(caller.as_deref())?;
        let defs = self.toolbox.tools();
        let seen = |name: &str| visible.as_ref().is_none_or(|names| names.iter().any(|seen| seen == name));
        // A tool the caller may not see is, to it, one that does not exist.
        let Some(def) = defs.iter().find(|def| def.name == request.name && seen(&def.name)) else {
            let shown = defs.iter().map(|def| &*def.name).filter(|name| seen(name));
            let unknown = ToolError::unknown_tool(&request.name, shown);
            return Err(ErrorData::invalid_params(unknown.to_string(), None));
        };
        let round_trips = without_sessions(&context);
        // The client's capabilities matter to a call that asks, on 2026-07-28 from the request
        // itself (a session's are read when a question is asked).
        let capabilities =
            if round_trips { context.client_capabilities().unwrap_or_default() } else { Default::default() };
        // A long-running tool becomes a task for a client that follows tasks (2026-07-28).
        if round_trips && def.task_support != TaskSupport::Forbidden {
            if capabilities.supports_tasks() {
                return self.call_long(request, context, def.clone(), caller, capabilities).await;
            }
            if def.task_support == TaskSupport::Required {
                return Err(needs(
                    &request.name,
                    "only ever runs as a task, and the client does not follow tasks",
                    json!({"extensions": {rmcp::model::TASKS_EXTENSION_ID: {}}}),
                ));
            }
        }
        let Some(in_total) = self.in_total.enter(self.options.calls_in_total) else {
            return Err(Self::busy(self.options.calls_in_total, "the whole server"));
        };
        let Some(in_session_place) = self.in_session.enter(self.options.calls_per_session) else {
            return Err(Self::busy(self.options.calls_per_session, "one session"));
        };
        // rmcp has parsed the arguments; they are read from its object, not through text again.
        let no_arguments = Map::new();
        let arguments = request.arguments.as_ref().unwrap_or(&no_arguments);
        let deadline = self.deadline();
        let notices = self.notices_wanted(&context, round_trips);
        let mut rounds = None;
        let asker: Arc<dyn Asker> = if round_trips {
            let round = Arc::new(RoundTrips::new(capabilities, self.answers(&request, arguments)?));
            rounds = Some(Arc::clone(&round));
            round
        } else {
            let peer = &context.peer;
            Arc::clone(self.session_asker.get_or_init(|| Arc::new(InSession { peer: peer.clone() }))) as Arc<dyn Asker>
        };
        // The request's cancellation is the call's and its context's: shared, not copied.
        let stopped = Arc::new(Stopped { request: context.ct, gone, deadline });
        let call_context = call_context(Arc::clone(&stopped), caller, notices.as_ref(), asker);
        // A cancelled call's future is dropped here, as is one whose client has gone: the tool
        // stops at its next await (a tool that never awaits, at its next look at its context).
        let run = async {
            let run = self.run(&request.name, arguments, &call_context, deadline);
            match &rounds {
                Some(round) => until_asked(run, round).await,
                None => Round::Finished(run.await),
            }
        };
        let stop = async {
            match &stopped.gone {
                Some(gone) => {
                    select(pin!(stopped.request.cancelled()), pin!(gone.0.cancelled())).await.factor_first().0
                }
                None => stopped.request.cancelled().await,
            }
        };
        let round = match select(pin!(run), pin!(stop)).await {
            Either::Left((round, _)) => round,
            Either::Right(((), _)) if self.stopping.is_cancelled() => {
                return Err(ErrorData::new(
                    ErrorCode::INTERNAL_ERROR,
                    Cow::Borrowed(
                        "the server answering this call was stopped (a deploy or a restart) before the call ended; it \
                         may have run in part: ask again if it is safe to",
                    ),
                    None,
                ));
            }
            Either::Right(((), _)) => {
                return Err(ErrorData::new(ErrorCode::INTERNAL_ERROR, Cow::Borrowed("the call was cancelled"), None));
            }
        };
        // The call is over: its places among the calls at once are free while its last notices go.
        drop((in_total, in_session_place));
        // Every notice goes out before the result, unless the client stops reading them.
        if let Some(notices) = notices {
            notices.flush(FLUSH_PROGRESS).await;
        }
        drop(call_context);
        let outcome = match round {
            Round::Finished(outcome) => outcome,
            Round::Asking => {
                let round = rounds.and_then(Arc::into_inner).expect("the call's context is gone");
                return Ok(self.asking(round, &request.name, arguments));
            }
        };
        if let Some(needed) = rounds.as_ref().and_then(|round| needed(&request.name, &outcome, &round.refused)) {
            return Err(needed);
        }
        Ok(finished(&request.name, def, outcome)?.into())
    }

    /// When a call starting now must end, as the server's time limit says.
    pub(super) fn deadline(&self) -> Option<Instant> {
        self.options.call_timeout.and_then(|most| Instant::now().checked_add(most))
    }

    /// Runs the call within the limits (its arguments' size and depth, its time until `deadline`);
    /// a panic becomes [`ToolError::Panicked`].
    pub(super) async fn run(
        &self,
        name: &str,
        arguments: &Map<String, Value>,
        context: &CallContext,
        deadline: Option<Instant>,
    ) -> Result<ToolOutput, ToolError> {
        let limits = DispatchOptions::default()
            .max_argument_bytes(self.options.max_argument_bytes)
            .max_depth(self.options.max_depth);
        limits.check_limits(name, Arguments::Object(arguments))?;
        // The calls `#[toolbox]` makes catch their own panics; a `Toolbox` written by hand may not.
        let call = catch_panics(name, self.toolbox.call_arguments(name, Arguments::Object(arguments), context));
        let Some(deadline) = deadline else { return call.await };
        let timed_out = || {
            let most = self.options.call_timeout.unwrap_or_default();
            ToolError::Failed {
                tool: name.to_owned().into(),
                message: format!(
                    "the call ran for {} s, the longest this server lets a call run, and was stopped; ask for less at once",
                    most.as_secs_f64()
                ),
            }
        };
        match tokio::time::timeout_at(deadline.into(), call).await {
            // A tool that never awaits ends by itself once its context says the time is up: what it
            // answers then is cut short, and the model is told why.
            Ok(_) if Instant::now() >= deadline => Err(timed_out()),
            Ok(outcome) => outcome,
            Err(_) => Err(timed_out()),
        }
    }

    /// Where a call's progress and log messages go: to its client, as it asked for them (on
    /// 2026-07-28 the request says its own log level; in a session, `logging/setLevel` did).
    pub(super) fn notices(&self, context: &RequestContext<RoleServer>, round_trips: bool) -> Arc<Notices> {
        let (token, log_level) = self.wanted(context, round_trips);
        Notices::new(token, log_level, context.peer.clone())
    }

    /// [`McpServer::notices`], when the client asked for progress or log messages.
    fn notices_wanted(&self, context: &RequestContext<RoleServer>, round_trips: bool) -> Option<Arc<Notices>> {
        let (token, log_level) = self.wanted(context, round_trips);
        (token.is_some() || log_level.is_some()).then(|| Notices::new(token, log_level, context.peer.clone()))
    }

    /// The progress token of a request, and the least level of the log messages its client wants.
    fn wanted(
        &self,
        context: &RequestContext<RoleServer>,
        round_trips: bool,
    ) -> (Option<ProgressToken>, Option<Level>) {
        let log_level = if round_trips {
            context.meta.log_level().map(notices::level)
        } else {
            *self.log_level.lock().unwrap_or_else(PoisonError::into_inner)
        };
        (context.meta.get_progress_token(), log_level)
    }

    /// On 2026-07-28, a call's answers so far: the earlier rounds', in the state this server signed
    /// for this call, and this round's, sent by the client.
    pub(super) fn answers(
        &self,
        request: &CallToolRequestParams,
        arguments: &Map<String, Value>,
    ) -> Result<BTreeMap<String, Value>, ErrorData> {
        let mut answers = match &request.request_state {
            Some(state) => self.state_key.open(state, &request.name, arguments).map_err(|_| {
                ErrorData::invalid_params(
                    "the requestState is not one this server made for this call, or it has expired: call again without it",
                    None,
                )
            })?,
            None => BTreeMap::new(),
        };
        answers.extend(request.input_responses.clone().unwrap_or_default());
        Ok(answers)
    }

    /// The `input_required` answer of a round that waits on questions: them, and the answers so
    /// far in a state signed for this call.
    pub(super) fn asking(&self, round: RoundTrips, tool: &str, arguments: &Map<String, Value>) -> CallToolResponse {
        let (questions, answers) = round.into_round();
        let state = self.state_key.seal(tool, arguments, &answers);
        InputRequiredResult::new(Some(questions), Some(state)).into()
    }

    /// The JSON-RPC error for a call past one of the limits on calls at once.
    pub(super) fn busy(limit: usize, within: &str) -> ErrorData {
        ErrorData::new(
            ErrorCode(-32000),
            format!("too many calls at once: {within} may run {limit}; send this one again when one has finished"),
            Some(serde_json::json!({"limit": limit})),
        )
    }
}

/// A call's result, as MCP writes it: what `dispatch` writes for MCP, read as rmcp's type, or the
/// error result the model reads (an image MCP cannot carry, not an `image/*` type, is one).
pub(super) fn finished(
    tool: &str,
    def: &ToolDef,
    outcome: Result<ToolOutput, ToolError>,
) -> Result<CallToolResult, ErrorData> {
    let outcome = outcome.and_then(|output| match output.check_parts(Target::Mcp) {
        Ok(()) => Ok(output),
        Err(why) => Err(ToolError::Failed { tool: tool.to_owned().into(), message: why }),
    });
    let mut result: CallToolResult = match outcome {
        Ok(output) => mcp_result(output, def)?,
        Err(err) => CallToolResult::error(vec![ContentBlock::text(err.to_string())]),
    };
    complete(&mut result.result_type);
    Ok(result)
}

/// `output` as rmcp's `CallToolResult`: the result `ToolOutput::into_mcp_result` writes. The usual
/// output, JSON alone, is built as rmcp's type at once (the JSON written as text once, for the text
/// block); one with content parts goes through the JSON MCP writes.
fn mcp_result(output: ToolOutput, def: &ToolDef) -> Result<CallToolResult, ErrorData> {
    if !output.parts.is_empty() {
        return serde_json::from_value(output.into_mcp_result(Some(def)))
            .map_err(|err| ErrorData::internal_error(format!("the tool's result is not MCP's: {err}"), None));
    }
    // serde_json writes to a buffer of its own faster than through `Display`.
    let text = match &output.json {
        Value::String(text) => text.clone(),
        other => serde_json::to_string(other).unwrap_or_default(),
    };
    let structured = def.output_schema.as_ref().map(|schema| {
        if schema.get("type").is_some_and(|ty| ty == "object") { output.json } else { json!({"result": output.json}) }
    });
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    // As MCP writes it: what the caller marks, it marks (`complete`).
    (result.is_error, result.result_type) = (None, None);
    result.structured_content = structured;
    Ok(result)
}

/// The error -32021 (2026-07-28): the call of `tool` needs `required`, which its client did not
/// declare, for the reason given.
pub(super) fn needs(tool: &str, why: &str, required: Value) -> ErrorData {
    ErrorData::new(
        ErrorCode(-32021),
        format!("the tool `{tool}` {why}"),
        Some(json!({"requiredCapabilities": required})),
    )
}

/// A call that failed after asking what its client cannot answer needed that capability: the
/// error that says so.
pub(super) fn needed(tool: &str, outcome: &Result<ToolOutput, ToolError>, refused: &Refused) -> Option<ErrorData> {
    let required = refused.required().filter(|_| outcome.is_err())?;
    Some(needs(tool, "asked what the client did not declare it can answer", required))
}

/// What stops a call: its request cancelled, its client gone, or its time up.
struct Stopped {
    request: CancellationToken,
    gone: Option<gate::ClientGone>,
    deadline: Option<Instant>,
}

impl Stopped {
    fn now(&self) -> bool {
        self.request.is_cancelled()
            || self.gone.as_ref().is_some_and(|gone| gone.0.is_cancelled())
            || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// The [`CallContext`] of a request, made by `caller`: cancelled when `stopped` says so (so that a
/// tool that watches [`CallContext::is_cancelled`] stops even while it never awaits); its progress
/// and log messages sent to the client as it asked for them, and its questions asked through
/// `asker`.
fn call_context(
    stopped: Arc<Stopped>,
    caller: Option<Arc<Caller>>,
    notices: Option<&Arc<Notices>>,
    asker: Arc<dyn Asker>,
) -> CallContext {
    let mut context = CallContext::new().cancelled_when(move || stopped.now()).asks_with(asker);
    if let Some(caller) = caller {
        context = context.called_by(caller);
    }
    if let Some(notices) = notices.filter(|notices| notices.wants_progress()) {
        let reports = Arc::clone(notices);
        context = context.on_progress(move |progress| reports.report(progress));
    }
    if let Some(notices) = notices.filter(|notices| notices.wants_logs()) {
        let logs = Arc::clone(notices);
        context = context.on_log(move |level, data| logs.log(level, data));
    }
    context
}

/// Whether a request is on MCP 2026-07-28 or later, where the server asks through `input_required`.
fn without_sessions(context: &RequestContext<RoleServer>) -> bool {
    context.protocol_version().is_some_and(|version| !version.has_initialize())
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use toolc::{Image, ToolDef, ToolOutput};

    use super::mcp_result;

    #[test]
    fn the_result_built_at_once_is_the_one_mcp_writes() {
        let plain = ToolDef::new("plain", "A tool.", json!({"type": "object", "properties": {}}));
        let object = plain.clone().with_output_schema(Some(json!({"type": "object", "properties": {"a": {}}})));
        let number = plain.clone().with_output_schema(Some(json!({"type": "integer"})));
        let outputs = [
            ToolOutput::json(json!("done")),
            ToolOutput::json(json!({"a": 1})),
            ToolOutput::json(json!(3)),
            ToolOutput::json(json!(null)),
            ToolOutput::with_parts(json!("a pixel"), vec![toolc::ContentPart::Image(Image::png(vec![1]))]),
        ];
        for def in [&plain, &object, &number] {
            for output in &outputs {
                let built = serde_json::to_value(mcp_result(output.clone(), def).unwrap()).unwrap();
                let written = output.clone().into_mcp_result(Some(def));
                assert_eq!(built, written, "{output:?} of {}", def.name);
            }
        }
    }
}
