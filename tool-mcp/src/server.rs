//! [`McpServer`]: any [`Toolbox`] as an rmcp [`ServerHandler`] (feature `server`).

mod ask;
mod auth;
mod beside;
mod gate;
mod http;
#[cfg(feature = "jwt")]
mod jwt;
mod notices;
mod options;
mod sessions;
mod task;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io;
use std::pin::pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use futures_util::future::{Either, select};
#[allow(deprecated, reason = "rmcp marks logging deprecated (SEP-2577); 2025-11-25 clients set a level")]
use rmcp::model::SetLevelRequestParams;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CancelTaskParams, CompleteRequestParams, CompleteResult,
    ContentBlock, DiscoverResult, ErrorCode, GetPromptRequestParams, GetPromptResponse, GetTaskParams, GetTaskResult,
    Implementation, InputRequiredResult, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult,
    ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ResultType,
    ServerCapabilities, ServerConfig, SubscribeRequestParams, SubscriptionFilter, Tool, UnsubscribeRequestParams,
    UpdateTaskParams,
};
use rmcp::service::{RequestContext, RoleServer, SubscriptionContext};
use rmcp::{ErrorData, ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};

use tokio::sync::Semaphore;

use ask::{InSession, Refused, Round, RoundTrips, StateKey, until_asked};
use notices::Notices;
use tool_runtime::dispatch::{DispatchOptions, catch_panics};
use tool_runtime::{
    Arguments, Asker, CallContext, Caller, Level, RenderError, Target, TaskSupport, ToolDef, ToolError, ToolOutput,
    Toolbox,
};

pub use auth::{StaticToken, TokenRefused, TokenValidator};
pub use beside::ToolsAlone;
pub use http::HttpServer;
#[cfg(feature = "jwt")]
pub use jwt::JwtValidator;
pub use options::{HttpOptions, Visible};

/// How long a finished call's last progress reports may take to go out before its result goes
/// without them (a client that stops reading must not keep the call's task forever).
const FLUSH_PROGRESS: Duration = Duration::from_secs(10);

/// A [`Toolbox`] as an MCP server: an rmcp [`ServerHandler`], cheap to clone (one per HTTP session).
/// What is not a tool (resources, prompts, completions) is answered by `H`, an rmcp handler handed
/// over with [`McpServer::beside`]; without one, by [`ToolsAlone`], which declares none.
pub struct McpServer<T, H = ToolsAlone> {
    toolbox: Arc<T>,
    beside: Arc<H>,
    /// The `tools/list` result, read once from the toolbox's MCP rendering.
    tools: Arc<[Tool]>,
    /// Those of `tools` with parameters mirrored into headers.
    with_headers: Arc<[Tool]>,
    implementation: Implementation,
    options: HttpOptions,
    /// The calls running now, in all sessions.
    in_total: Arc<Semaphore>,
    /// The calls running now, in this session.
    in_session: Arc<Semaphore>,
    /// The key `requestState` is signed with.
    state_key: StateKey,
    /// The least level of the log messages this session's client asked for (`logging/setLevel`);
    /// none until it asks.
    log_level: Arc<Mutex<Option<Level>>>,
    /// The calls running as tasks, in all sessions.
    tasks: Arc<task::Tasks>,
    /// Whether any tool may run as a task.
    long_running: bool,
}

impl<T, H> Clone for McpServer<T, H> {
    fn clone(&self) -> Self {
        McpServer {
            toolbox: Arc::clone(&self.toolbox),
            beside: Arc::clone(&self.beside),
            tools: Arc::clone(&self.tools),
            with_headers: Arc::clone(&self.with_headers),
            implementation: self.implementation.clone(),
            options: self.options.clone(),
            in_total: Arc::clone(&self.in_total),
            in_session: Arc::clone(&self.in_session),
            state_key: self.state_key.clone(),
            log_level: Arc::clone(&self.log_level),
            tasks: Arc::clone(&self.tasks),
            long_running: self.long_running,
        }
    }
}

impl<T: Toolbox + Send + 'static> McpServer<T> {
    /// Serves `toolbox`, named as this crate's package in `initialize` until [`McpServer::named`]
    /// says otherwise. Fails when a tool cannot be rendered for MCP.
    pub fn new(toolbox: T) -> Result<Self, RenderError> {
        let rendered = toolbox.render(Target::Mcp)?;
        // The MCP rendering is checked against the MCP SDKs' own `Tool` types in the test suite.
        let tools: Vec<Tool> =
            serde_json::from_value(rendered.clone()).expect("the MCP rendering is a list of MCP tools");
        let with_headers = tools.iter().filter(|tool| mirrors_headers(&tool.input_schema)).cloned().collect();
        let implementation = Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        let options = HttpOptions::default();
        let long_running = toolbox.tools().iter().any(|def| def.task_support != TaskSupport::Forbidden);
        Ok(McpServer {
            toolbox: Arc::new(toolbox),
            beside: Arc::new(ToolsAlone),
            tools: tools.into(),
            with_headers,
            implementation,
            in_total: Arc::new(Semaphore::new(options.calls_in_total)),
            in_session: Arc::new(Semaphore::new(options.calls_per_session)),
            options,
            state_key: StateKey::random(),
            log_level: Arc::default(),
            tasks: Arc::default(),
            long_running,
        })
    }
}

impl<T: Toolbox + Send + 'static, H: ServerHandler> McpServer<T, H> {
    /// Serves `handler`'s resources, prompts and completions beside the tools: `resources/*`,
    /// `prompts/*` and `completion/complete` go to it, and the capabilities it declares for them
    /// are declared with the tools'. Tool calls and tool lists stay the toolbox's.
    ///
    /// ```
    /// use rmcp::ServerHandler;
    /// use rmcp::model::{ServerCapabilities, ServerConfig};
    /// use tool_mcp::McpServer;
    /// use tool_runtime::toolbox;
    ///
    /// struct Clock;
    ///
    /// #[toolbox]
    /// impl Clock {
    ///     /// The time.
    ///     #[tool]
    ///     fn now(&self) -> String {
    ///         "12:00".into()
    ///     }
    /// }
    ///
    /// /// Prompts, written on rmcp (its `get_prompt` and `list_prompts` left out here).
    /// struct Prompts;
    ///
    /// impl ServerHandler for Prompts {
    ///     fn get_info(&self) -> ServerConfig {
    ///         ServerConfig::new(ServerCapabilities::builder().enable_prompts().build())
    ///     }
    /// }
    ///
    /// let server = McpServer::new(Clock).unwrap().beside(Prompts);
    /// let capabilities = server.get_info().capabilities;
    /// assert!(capabilities.tools.is_some() && capabilities.prompts.is_some());
    /// ```
    pub fn beside<B: ServerHandler>(self, handler: B) -> McpServer<T, B> {
        McpServer {
            toolbox: self.toolbox,
            beside: Arc::new(handler),
            tools: self.tools,
            with_headers: self.with_headers,
            implementation: self.implementation,
            options: self.options,
            in_total: self.in_total,
            in_session: self.in_session,
            state_key: self.state_key,
            log_level: self.log_level,
            tasks: self.tasks,
            long_running: self.long_running,
        }
    }

    /// Signs `requestState` with `key` (HMAC-SHA256; at least 32 bytes), which every replica of the
    /// server must share: a tool that asks on MCP 2026-07-28 goes on with the client's next call,
    /// which any replica may take. Without it, each process signs with a random key of its own.
    pub fn request_state_key(mut self, key: impl Into<Vec<u8>>) -> io::Result<Self> {
        self.state_key = StateKey::new(key.into()).map_err(|why| io::Error::new(io::ErrorKind::InvalidInput, why))?;
        Ok(self)
    }

    /// Serves with `options`: who may reach the server over HTTP, and the limits every caller
    /// meets (see [`HttpOptions`] for what holds without them).
    pub fn with(mut self, options: HttpOptions) -> Self {
        self.in_total = Arc::new(Semaphore::new(options.calls_in_total));
        self.in_session = Arc::new(Semaphore::new(options.calls_per_session));
        self.options = options;
        self
    }

    /// The server for a new HTTP session: the same tools and limits, its own count of calls.
    fn for_session(&self) -> Self {
        McpServer {
            in_session: Arc::new(Semaphore::new(self.options.calls_per_session)),
            log_level: Arc::default(),
            ..self.clone()
        }
    }

    /// The server's name and version, as `initialize` reports them.
    pub fn named(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.implementation = Implementation::new(name, version);
        self
    }

    /// Serves one client over standard input and output until it disconnects.
    pub async fn serve_stdio(self) -> io::Result<()> {
        let running = self.serve(rmcp::transport::stdio()).await.map_err(io::Error::other)?;
        running.waiting().await.map_err(io::Error::other)?;
        Ok(())
    }

    /// Listens on `address` (`"127.0.0.1:0"` for a free port) and serves MCP's streamable HTTP
    /// transport at `/mcp`, a session a client, on the current tokio runtime, as the
    /// [`HttpOptions`] given with [`McpServer::with`] say. An address that is not a loopback one
    /// is refused until those options say which hosts and origins the server answers.
    pub async fn serve_http(self, address: impl tokio::net::ToSocketAddrs) -> io::Result<HttpServer> {
        http::serve(self, tokio::net::TcpListener::bind(address).await?)
    }

    /// [`McpServer::serve_http`] on a listener bound already: one handed over by a service
    /// manager, or bound first so that the server's URL is known before it is configured (the
    /// audience of its tokens, say).
    pub fn serve_http_on(self, listener: tokio::net::TcpListener) -> io::Result<HttpServer> {
        http::serve(self, listener)
    }

    /// Runs the call within the limits (its arguments' size and depth, its time); a panic
    /// becomes [`ToolError::Panicked`].
    async fn run(
        &self,
        name: &str,
        arguments: &Map<String, Value>,
        context: &CallContext,
    ) -> Result<ToolOutput, ToolError> {
        let limits = DispatchOptions::default()
            .max_argument_bytes(self.options.max_argument_bytes)
            .max_depth(self.options.max_depth);
        limits.check_limits(name, Arguments::Object(arguments))?;
        // The calls `#[toolbox]` makes catch their own panics; a `Toolbox` written by hand may not.
        let call = catch_panics(name, self.toolbox.call_arguments(name, Arguments::Object(arguments), context));
        let Some(most) = self.options.call_timeout else { return call.await };
        let started = Instant::now();
        let timed_out = || ToolError::Failed {
            tool: name.to_owned().into(),
            message: format!(
                "the call ran for {} s, the longest this server lets a call run, and was stopped; ask for less at once",
                most.as_secs_f64()
            ),
        };
        match tokio::time::timeout(most, call).await {
            // A tool that never awaits ends by itself once its context says the time is up: what it
            // answers then is cut short, and the model is told why.
            Ok(_) if started.elapsed() >= most => Err(timed_out()),
            Ok(outcome) => outcome,
            Err(_) => Err(timed_out()),
        }
    }

    /// The names of the tools `caller` may see, when not all of them; an error when the
    /// server's filter names a tool there is not.
    fn visible_to(&self, caller: Option<&Caller>) -> Result<Option<Vec<String>>, ErrorData> {
        let Some(visible) = &self.options.visible else { return Ok(None) };
        // A filter that panics, or names a tool the server does not have, is refused whole: it was
        // written for other tools, and guessing what it meant could show a caller what it should
        // not see. Its error would list every tool, so the caller is told no more than that.
        let misconfigured =
            || ErrorData::internal_error("the server's tool filter (HttpOptions::visible) is misconfigured", None);
        let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| visible(caller)));
        let narrowed = match chosen.map_err(|_| misconfigured())? {
            Visible::All => return Ok(None),
            Visible::Only(names) => self.toolbox.only(names),
            Visible::Except(names) => self.toolbox.except(names),
        };
        let narrowed = narrowed.map_err(|_| misconfigured())?;
        Ok(Some(narrowed.tools().iter().map(|def| def.name.to_string()).collect()))
    }

    /// Where a call's progress and log messages go: to its client, as it asked for them (on
    /// 2026-07-28 the request says its own log level; in a session, `logging/setLevel` did).
    fn notices(&self, context: &RequestContext<RoleServer>, round_trips: bool) -> Arc<Notices> {
        let log_level = if round_trips {
            context.meta.log_level().map(notices::level)
        } else {
            *self.log_level.lock().unwrap_or_else(PoisonError::into_inner)
        };
        Notices::new(context.meta.get_progress_token(), log_level, context.peer.clone())
    }

    /// On 2026-07-28, a call's answers so far: the earlier rounds', in the state this server signed
    /// for this call, and this round's, sent by the client.
    fn answers(
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
    fn asking(&self, round: RoundTrips, tool: &str, arguments: &Map<String, Value>) -> CallToolResponse {
        let (questions, answers) = round.into_round();
        let state = self.state_key.seal(tool, arguments, &answers);
        InputRequiredResult::new(Some(questions), Some(state)).into()
    }

    /// The JSON-RPC error for a call past one of the limits on calls at once.
    fn busy(limit: usize, within: &str) -> ErrorData {
        ErrorData::new(
            ErrorCode(-32000),
            format!("too many calls at once: {within} may run {limit}; send this one again when one has finished"),
            Some(serde_json::json!({"limit": limit})),
        )
    }
}

/// A call's result, as MCP writes it: what `dispatch` writes for MCP, read as rmcp's type, or the
/// error result the model reads (an image MCP cannot carry, not an `image/*` type, is one).
fn finished(tool: &str, def: &ToolDef, outcome: Result<ToolOutput, ToolError>) -> Result<CallToolResult, ErrorData> {
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
    let text = match &output.json {
        Value::String(text) => text.clone(),
        other => other.to_string(),
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
fn needs(tool: &str, why: &str, required: Value) -> ErrorData {
    ErrorData::new(
        ErrorCode(-32021),
        format!("the tool `{tool}` {why}"),
        Some(json!({"requiredCapabilities": required})),
    )
}

/// A call that failed after asking what its client cannot answer needed that capability: the
/// error that says so.
fn needed(tool: &str, outcome: &Result<ToolOutput, ToolError>, refused: &Refused) -> Option<ErrorData> {
    let required = refused.required().filter(|_| outcome.is_err())?;
    Some(needs(tool, "asked what the client did not declare it can answer", required))
}

/// Whether a tool's input schema mirrors a parameter into a header, at any depth of `properties`.
fn mirrors_headers(schema: &Map<String, Value>) -> bool {
    schema.get("properties").and_then(Value::as_object).is_some_and(|properties| {
        properties
            .values()
            .any(|property| property.get("x-mcp-header").is_some() || property.as_object().is_some_and(mirrors_headers))
    })
}

/// Marks a result complete, as 2026-07-28 wants every result marked (rmcp takes the mark off for a
/// client on an older version). A result read from JSON, as the tools' are, and as a handler's
/// may be, has none.
fn complete(result_type: &mut Option<ResultType>) {
    result_type.get_or_insert(ResultType::COMPLETE);
}

/// The subject of the token a request came with, when the server checks tokens.
fn subject(context: &RequestContext<RoleServer>) -> Option<String> {
    from_the_gate(context).0.as_deref().and_then(Caller::subject).map(str::to_owned)
}

/// What the HTTP gate learned of a request: who sent it, and when its client has gone.
fn from_the_gate(request: &RequestContext<RoleServer>) -> (Option<Arc<Caller>>, Option<gate::ClientGone>) {
    let Some(parts) = request.extensions.get::<axum::http::request::Parts>() else { return (None, None) };
    (parts.extensions.get::<Arc<Caller>>().cloned(), parts.extensions.get::<gate::ClientGone>().cloned())
}

/// The [`CallContext`] of a request, made by `caller`: cancelled with the request, when its client
/// has gone, or at `deadline` (so that a tool that watches [`CallContext::is_cancelled`] stops even
/// while it never awaits); its progress and log messages sent to the client as it asked for them,
/// and its questions asked through `asker`.
fn call_context(
    request: &RequestContext<RoleServer>,
    caller: Option<Arc<Caller>>,
    gone: Option<gate::ClientGone>,
    deadline: Option<Instant>,
    notices: &Arc<Notices>,
    asker: Arc<dyn Asker>,
) -> CallContext {
    let cancelled = request.ct.clone();
    let mut context = CallContext::new()
        .cancelled_when(move || {
            cancelled.is_cancelled()
                || gone.as_ref().is_some_and(|gone| gone.0.is_cancelled())
                || deadline.is_some_and(|deadline| Instant::now() >= deadline)
        })
        .asks_with(asker);
    if let Some(caller) = caller {
        context = context.called_by(caller);
    }
    if notices.wants_progress() {
        let reports = Arc::clone(notices);
        context = context.on_progress(move |progress| reports.report(progress));
    }
    if notices.wants_logs() {
        let logs = Arc::clone(notices);
        context = context.on_log(move |level, data| logs.log(level, data));
    }
    context
}

/// Whether a request is on MCP 2026-07-28 or later, where the server asks through `input_required`.
fn without_sessions(context: &RequestContext<RoleServer>) -> bool {
    context.protocol_version().is_some_and(|version| !version.has_initialize())
}

impl<T: Toolbox + Send + 'static, H: ServerHandler> ServerHandler for McpServer<T, H> {
    fn get_info(&self) -> ServerConfig {
        let beside = self.beside.get_info().capabilities;
        #[allow(deprecated, reason = "2025-11-25 clients set a level; 2026-07-28 ones send it with each request")]
        let mut capabilities = if self.long_running {
            ServerCapabilities::builder().enable_tools().enable_logging().enable_tasks().build()
        } else {
            ServerCapabilities::builder().enable_tools().enable_logging().build()
        };
        capabilities.resources = beside.resources;
        capabilities.prompts = beside.prompts;
        capabilities.completions = beside.completions;
        ServerConfig::new(capabilities).with_server_info(self.implementation.clone())
    }

    /// The tools whose parameters are mirrored into headers (`x-mcp-header`), for rmcp to check a
    /// 2026-07-28 request's `Mcp-Param-*` headers against its arguments (a header missing, or not
    /// the argument's value, is refused with 400). The other tools have nothing to check.
    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.with_headers.iter().find(|tool| *tool.name == *name).cloned()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let (caller, _) = from_the_gate(&context);
        let tools = match self.visible_to(caller.as_deref())? {
            None => self.tools.to_vec(),
            Some(names) => {
                self.tools.iter().filter(|tool| names.iter().any(|name| *name == *tool.name)).cloned().collect()
            }
        };
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
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
        let Ok(in_total) = Arc::clone(&self.in_total).try_acquire_owned() else {
            return Err(Self::busy(self.options.calls_in_total, "the whole server"));
        };
        let Ok(in_session_permit) = Arc::clone(&self.in_session).try_acquire_owned() else {
            return Err(Self::busy(self.options.calls_per_session, "one session"));
        };
        // rmcp has parsed the arguments; they are read from its object, not through text again.
        let no_arguments = Map::new();
        let arguments = request.arguments.as_ref().unwrap_or(&no_arguments);
        let deadline = self.options.call_timeout.and_then(|most| Instant::now().checked_add(most));
        let notices = self.notices(&context, round_trips);
        let asker: Arc<dyn Asker>;
        let mut rounds = None;
        let mut in_session = None;
        if round_trips {
            let round = Arc::new(RoundTrips::new(capabilities, self.answers(&request, arguments)?));
            asker = Arc::clone(&round) as Arc<dyn Asker>;
            rounds = Some(round);
        } else {
            let session = Arc::new(InSession { peer: context.peer.clone(), refused: Default::default() });
            asker = Arc::clone(&session) as Arc<dyn Asker>;
            in_session = Some(session);
        }
        let call_context = call_context(&context, caller, gone.clone(), deadline, &notices, asker);
        // A cancelled call's future is dropped here, as is one whose client has gone: the tool
        // stops at its next await (a tool that never awaits, at its next look at its context).
        let run = async {
            let run = self.run(&request.name, arguments, &call_context);
            match &rounds {
                Some(round) => until_asked(run, round).await,
                None => Round::Finished(run.await),
            }
        };
        let stop = async {
            match gone {
                Some(gone) => select(pin!(context.ct.cancelled()), pin!(gone.0.cancelled())).await.factor_first().0,
                None => context.ct.cancelled().await,
            }
        };
        let round = match select(pin!(run), pin!(stop)).await {
            Either::Left((round, _)) => round,
            Either::Right(((), _)) => {
                return Err(ErrorData::new(ErrorCode::INTERNAL_ERROR, Cow::Borrowed("the call was cancelled"), None));
            }
        };
        // The call is over: its places among the calls at once are free while its last notices go.
        drop((in_total, in_session_permit));
        // Every notice goes out before the result, unless the client stops reading them.
        notices.flush(FLUSH_PROGRESS).await;
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
        drop(in_session);
        Ok(finished(&request.name, def, outcome)?.into())
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        let tasks = self.tasks.manager_for(&request.task_id, subject(&context).as_deref())?;
        Ok(GetTaskResult::new(tasks.get_task(&request.task_id)?))
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let tasks = self.tasks.manager_for(&request.task_id, subject(&context).as_deref())?;
        tasks.update_task(&request.task_id, request.input_responses)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let tasks = self.tasks.manager_for(&request.task_id, subject(&context).as_deref())?;
        tasks.cancel_task(&request.task_id)
    }

    /// On 2026-07-28, notifications of changes (a resource updated, a list changed) go to clients
    /// that listen (`subscriptions/listen`); what the handler beside the tools does not serve that
    /// way is not declared there.
    async fn discover(&self, _: RequestContext<RoleServer>) -> Result<DiscoverResult, ErrorData> {
        let mut info = self.get_info();
        if self.beside.accepted_subscription_filter(&SubscriptionFilter::default()).is_none() {
            if let Some(resources) = &mut info.capabilities.resources {
                resources.subscribe = None;
                resources.list_changed = None;
            }
            if let Some(prompts) = &mut info.capabilities.prompts {
                prompts.list_changed = None;
            }
        }
        Ok(DiscoverResult::from_server_info(self.supported_protocol_versions().into_owned(), info))
    }

    fn accepted_subscription_filter(&self, requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        self.beside.accepted_subscription_filter(requested)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.beside.listen(context).await
    }

    #[allow(deprecated, reason = "2025-11-25 clients set a level; 2026-07-28 ones send it with each request")]
    async fn set_level(&self, request: SetLevelRequestParams, _: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        *self.log_level.lock().unwrap_or_else(PoisonError::into_inner) = Some(notices::level(request.level));
        Ok(())
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let mut listed = self.beside.list_resources(request, context).await?;
        complete(&mut listed.result_type);
        Ok(listed)
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let mut listed = self.beside.list_resource_templates(request, context).await?;
        complete(&mut listed.result_type);
        Ok(listed)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let mut read = self.beside.read_resource(request, context).await?;
        if let ReadResourceResponse::Complete(read) = &mut read {
            complete(&mut read.result_type);
        }
        Ok(read)
    }

    #[allow(deprecated, reason = "2025-11-25 clients subscribe so; 2026-07-28 ones listen")]
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.beside.subscribe(request, context).await
    }

    #[allow(deprecated, reason = "2025-11-25 clients unsubscribe so; 2026-07-28 ones end their listen")]
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.beside.unsubscribe(request, context).await
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let mut listed = self.beside.list_prompts(request, context).await?;
        complete(&mut listed.result_type);
        Ok(listed)
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let mut prompt = self.beside.get_prompt(request, context).await?;
        if let GetPromptResponse::Complete(prompt) = &mut prompt {
            complete(&mut prompt.result_type);
        }
        Ok(prompt)
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let mut completed = self.beside.complete(request, context).await?;
        complete(&mut completed.result_type);
        Ok(completed)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tool_runtime::{Image, ToolDef, ToolOutput};

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
            ToolOutput::with_parts(json!("a pixel"), vec![tool_runtime::ContentPart::Image(Image::png(vec![1]))]),
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
