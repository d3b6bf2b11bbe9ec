//! [`McpToolbox`]: any MCP server's tools as a [`Toolbox`] (feature `client`), on rmcp's client.

mod generations;
mod link;
mod options;
mod result;

use std::fmt;
use std::future::Future;
use std::pin::pin;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use futures_util::future::{Either, select};
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CancelledNotificationParam, ClientRequest, RequestId, ServerResult,
};
use rmcp::service::{Peer, PeerRequestOptions, RoleClient, ServiceError};
use serde_json::{Map, Value};

use generations::{Generation, Generations};
use link::{Endpoint, Link, Listener};
pub use options::{McpOptions, OnDrift, StdioCommand};
use tool_runtime::Arguments;
use tool_runtime::read::{Message, ReadError};
use tool_runtime::{CallContext, JsonTools, Target, ToolError, ToolList, ToolOutput, Toolbox};

/// How long a call that reported progress waits, after its answer, for reports still on their way.
const LAST_REPORTS: std::time::Duration = std::time::Duration::from_millis(25);

/// The tools of an MCP server as a [`Toolbox`]: listed, lowered for every provider and called as a
/// `#[toolbox]`'s are.
///
/// - **Connecting**: a server started as a child process ([`McpToolbox::connect_stdio`]) or reached
///   over streamable HTTP ([`McpToolbox::connect_http`], with a bearer token in [`McpOptions`]) is
///   initialized at protocol 2025-11-25 and its tools listed to the last page. Each definition is
///   read as any definition arriving as JSON ([`JsonTools`]): a definition that cannot be read is
///   left out and said so in [`McpToolbox::messages`].
/// - **Rendering**: a tool a provider cannot take is left out of that provider's `tools`, with an
///   error message naming the server, the tool, the JSON path and the rule; the rest are rendered.
/// - **Calling**: the arguments are checked here against the tool's schema first, so a call that
///   does not fit gets toolc's error (every problem, where, what was expected, what arrived, the
///   name it probably meant) without a round trip. Then `tools/call` is sent; the server's
///   structured content (or else its text) is the output, its images are image parts each provider
///   receives as a local tool's. An `isError` result, a JSON-RPC error, a call that outlasts the
///   timeout or a server that stopped is an error result worded for the model, naming the server.
///   Progress the server reports reaches the call's [`CallContext`]; a call whose future is dropped
///   is cancelled at the server (`notifications/cancelled`).
/// - **Failures**: a server that exits or whose connection breaks is connected again on the next
///   call, waiting longer after each failed attempt ([`McpOptions::backoff`]); meanwhile calls are
///   answered with an error at once. A child process (and whatever it started) ends with the toolbox.
/// - **Changes**: when the server announces a new tool list (`notifications/tools/list_changed`),
///   it is listed again; the toolbox serves the new list from then on.
///
/// ```no_run
/// use tool_mcp::McpToolbox;
/// use tool_runtime::{Combine, Target, Toolbox};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let memory = McpToolbox::connect_stdio(std::process::Command::new("npx").args(["@modelcontextprotocol/server-memory"])).await?;
/// let tools = memory.render(Target::Gemini)?; // the request's `tools`, lowered for Gemini
/// let graph = memory.call("read_graph", "{}").await?;
/// # Ok(()) }
/// ```
pub struct McpToolbox {
    inner: Arc<Inner>,
}

struct Inner {
    /// The server's name in messages and errors.
    name: String,
    endpoint: Endpoint,
    options: McpOptions,
    generations: Generations,
    state: tokio::sync::Mutex<State>,
    /// What happened since connecting that the messages should say: lists not taken, reconnections.
    said: Mutex<Vec<Message>>,
    /// The runtime the toolbox was made on, which refreshes the tool list when the server says so.
    runtime: tokio::runtime::Handle,
}

/// The connection, or why there is none and when to try again.
enum State {
    Up(Arc<Link>),
    Down { retry_at: Instant, delay: Duration, why: String },
}

/// Why a toolbox cannot be made of a server.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum McpError {
    /// The server could not be started, reached or initialized, or did not list its tools.
    Connect {
        /// The server (its command or URL when it had not named itself yet).
        server: String,
        /// Why, in words.
        why: String,
    },
    /// The server's `tools/list` is not a list of tool definitions toolc can read.
    Read {
        /// The server.
        server: String,
        /// Where in the listed tools, and what.
        error: ReadError,
    },
    /// Tools the server lists are not the ones the lock file pins ([`OnDrift::Refuse`]).
    Drift {
        /// The server.
        server: String,
        /// Each tool that differs, and how.
        tools: Vec<String>,
    },
}

impl fmt::Display for McpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            McpError::Connect { server, why } => write!(f, "MCP server `{server}`: {why}"),
            McpError::Read { server, error } => write!(f, "MCP server `{server}`: its tools/list result: {error}"),
            McpError::Drift { server, tools } => write!(
                f,
                "MCP server `{server}`: tools differ from the lock file, so the server is refused: {}; review the \
                 change and pin it again with `toolc pin`",
                tools.join("; ")
            ),
        }
    }
}

impl std::error::Error for McpError {}

impl McpToolbox {
    /// Starts `command` as a child process and connects to it over its standard input and output,
    /// with the default [`McpOptions`]. Must be called on a tokio runtime (as every method that
    /// talks to the server).
    pub async fn connect_stdio(command: impl Into<StdioCommand>) -> Result<Self, McpError> {
        McpToolbox::connect_stdio_with(command, McpOptions::default()).await
    }

    /// [`McpToolbox::connect_stdio`] with options.
    pub async fn connect_stdio_with(command: impl Into<StdioCommand>, options: McpOptions) -> Result<Self, McpError> {
        McpToolbox::connect(Endpoint::Stdio(command.into()), options).await
    }

    /// Connects to the server at `url` over MCP's streamable HTTP transport (plain `http://`), with
    /// the default [`McpOptions`] (no bearer token).
    pub async fn connect_http(url: impl Into<String>) -> Result<Self, McpError> {
        McpToolbox::connect_http_with(url, McpOptions::default()).await
    }

    /// [`McpToolbox::connect_http`] with options: [`McpOptions::bearer`] for a token.
    pub async fn connect_http_with(url: impl Into<String>, options: McpOptions) -> Result<Self, McpError> {
        let bearer = options.bearer.clone();
        McpToolbox::connect(Endpoint::Http { url: url.into(), bearer }, options).await
    }

    /// A session over `transport`, any of rmcp's client transports (an in-memory duplex stream, a
    /// socket the program opened), with options. Such a toolbox cannot connect again once the
    /// transport closes: its calls are answered with an error saying so.
    pub async fn connect_transport<T, E, A>(transport: T, options: McpOptions) -> Result<Self, McpError>
    where
        T: rmcp::transport::IntoTransport<RoleClient, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        let hook: Arc<OnceLock<Weak<Inner>>> = Arc::new(OnceLock::new());
        let runtime = tokio::runtime::Handle::current();
        let described = "the given transport".to_owned();
        let link = timed(options.connect_timeout, Link::serve(transport, Listener::new(refresher(&hook, &runtime))))
            .await
            .map_err(|why| McpError::Connect { server: options.name.clone().unwrap_or(described.clone()), why })?;
        McpToolbox::start(Endpoint::Given, link, hook, runtime, options, described).await
    }

    async fn connect(endpoint: Endpoint, options: McpOptions) -> Result<Self, McpError> {
        let described = match &endpoint {
            Endpoint::Stdio(command) => command.program.to_string_lossy().into_owned(),
            Endpoint::Http { url, .. } => url.clone(),
            Endpoint::Given => "the given transport".to_owned(),
        };
        let hook: Arc<OnceLock<Weak<Inner>>> = Arc::new(OnceLock::new());
        let runtime = tokio::runtime::Handle::current();
        let link = open(&endpoint, &hook, &runtime, options.connect_timeout)
            .await
            .map_err(|why| McpError::Connect { server: options.name.clone().unwrap_or(described.clone()), why })?;
        McpToolbox::start(endpoint, link, hook, runtime, options, described).await
    }

    /// The toolbox of a live `link`: its tools listed and read.
    async fn start(
        endpoint: Endpoint,
        link: Link,
        hook: Arc<OnceLock<Weak<Inner>>>,
        runtime: tokio::runtime::Handle,
        options: McpOptions,
        described: String,
    ) -> Result<Self, McpError> {
        let name = options.name.clone().or_else(|| link.server_name()).unwrap_or(described);
        let listed = timed(options.connect_timeout, link.list_tools())
            .await
            .map_err(|why| McpError::Connect { server: name.clone(), why })?;
        let first = generation(&name, &listed, options.pinned.as_ref(), true)?;
        let inner = Arc::new(Inner {
            name,
            endpoint,
            options,
            generations: Generations::new(first),
            state: tokio::sync::Mutex::new(State::Up(Arc::new(link))),
            said: Mutex::new(Vec::new()),
            runtime,
        });
        let _ = hook.set(Arc::downgrade(&inner));
        Ok(McpToolbox { inner })
    }

    /// The server's name, as messages and errors give it: [`McpOptions::named`], or the name the
    /// server gave itself.
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The tools as the server lists them now (each as its `tools/list` gives it), including those
    /// left out because they cannot be read.
    pub fn listed(&self) -> &[Value] {
        &self.inner.generations.latest().listed
    }

    /// What reading the server's tools and rendering them for `target` had to say, in order: each
    /// tool left out with its JSON path and rule, the dialect quirks read, strict mode given up; and
    /// what happened since (the server reconnected, a new list not taken).
    pub fn messages(&self, target: Target) -> Vec<Message> {
        let latest = self.inner.generations.latest();
        let mut messages = latest.said.clone();
        messages.extend_from_slice(latest.tools.messages(target));
        messages.extend(self.inner.said.lock().unwrap_or_else(PoisonError::into_inner).iter().cloned());
        messages
    }

    /// Lists the server's tools again and serves the new list if it differs; whether it did. The
    /// toolbox does this by itself when the server announces a new list.
    pub async fn refresh(&self) -> Result<bool, McpError> {
        self.inner.refresh().await
    }
}

/// Starts a link whose announcements of a new tool list refresh the toolbox `hook` will point to.
async fn open(
    endpoint: &Endpoint,
    hook: &Arc<OnceLock<Weak<Inner>>>,
    runtime: &tokio::runtime::Handle,
    timeout: Duration,
) -> Result<Link, String> {
    timed(timeout, Link::open(endpoint, Listener::new(refresher(hook, runtime)))).await
}

/// What a link calls when the server announces a new tool list: the toolbox lists it again.
fn refresher(hook: &Arc<OnceLock<Weak<Inner>>>, runtime: &tokio::runtime::Handle) -> Arc<dyn Fn() + Send + Sync> {
    let (hook, runtime) = (Arc::clone(hook), runtime.clone());
    Arc::new(move || {
        if let Some(inner) = hook.get().and_then(Weak::upgrade) {
            runtime.spawn(async move {
                let _ = inner.refresh().await;
            });
        }
    })
}

/// `work`, or an error once `timeout` has passed.
async fn timed<T>(timeout: Duration, work: impl Future<Output = Result<T, String>>) -> Result<T, String> {
    match tokio::time::timeout(timeout, work).await {
        Ok(done) => done,
        Err(_) => Err(format!("no answer within {} s", timeout.as_secs_f32())),
    }
}

/// A list of the server `name`'s tools, read; with a lock, what differs from it refused (when
/// connecting, as [`OnDrift::Refuse`] asks) or left out with a warning.
fn generation(
    name: &str,
    listed: &[rmcp::model::Tool],
    pinned: Option<&(Arc<tool_runtime::lock::Lock>, OnDrift)>,
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
    let said = differ
        .iter()
        .map(|why| {
            Message::Warning(format!(
                "server `{name}`: {why}, so it is left out; review it and pin it again with `toolc pin`"
            ))
        })
        .collect();
    let document = serde_json::json!({ "tools": kept });
    let tools = JsonTools::read(&document)
        .map_err(|error| McpError::Read { server: name.to_owned(), error })?
        .labelled(format!("server `{name}`"));
    Ok(Generation::new(tools, listed, said))
}

impl Inner {
    fn say(&self, message: Message) {
        self.said.lock().unwrap_or_else(PoisonError::into_inner).push(message);
    }

    /// The live link, connecting again if the last one failed and the backoff allows.
    async fn link(self: &Arc<Self>) -> Result<Arc<Link>, String> {
        let mut state = self.state.lock().await;
        if let State::Up(link) = &*state {
            if !link.is_closed() {
                return Ok(Arc::clone(link));
            }
            *state = State::Down {
                retry_at: Instant::now(),
                delay: self.options.backoff.0,
                why: "the session ended".to_owned(),
            };
        }
        let State::Down { retry_at, delay, why } = &*state else { unreachable!("up was handled above") };
        let now = Instant::now();
        if now < *retry_at {
            let wait = retry_at.duration_since(now).as_secs_f32();
            return Err(format!(
                "the MCP server `{}` is unavailable ({why}); it is tried again in {wait:.1} s",
                self.name
            ));
        }
        let delay = *delay;
        match self.reconnect().await {
            Ok(link) => {
                self.say(Message::Note(format!("server `{}`: connected again", self.name)));
                *state = State::Up(Arc::clone(&link));
                Ok(link)
            }
            Err(why) => {
                let message = format!(
                    "the MCP server `{}` cannot be reached ({why}); it is tried again in {:.1} s",
                    self.name,
                    delay.as_secs_f32()
                );
                *state = State::Down {
                    retry_at: Instant::now() + delay,
                    delay: (delay * 2).min(self.options.backoff.1),
                    why,
                };
                Err(message)
            }
        }
    }

    async fn reconnect(self: &Arc<Self>) -> Result<Arc<Link>, String> {
        let hook = Arc::new(OnceLock::new());
        let _ = hook.set(Arc::downgrade(self));
        let link = Arc::new(open(&self.endpoint, &hook, &self.runtime, self.options.connect_timeout).await?);
        let listed = timed(self.options.connect_timeout, link.list_tools()).await?;
        self.take(&listed);
        Ok(link)
    }

    /// Marks `link` as failed (unless another has replaced it already): the next call connects again.
    async fn lost(&self, link: &Arc<Link>, why: String) {
        let mut state = self.state.lock().await;
        if matches!(&*state, State::Up(current) if Arc::ptr_eq(current, link)) {
            *state = State::Down { retry_at: Instant::now(), delay: self.options.backoff.0, why };
        }
    }

    async fn refresh(self: &Arc<Self>) -> Result<bool, McpError> {
        let connect = |why| McpError::Connect { server: self.name.clone(), why };
        let link = self.link().await.map_err(connect)?;
        let listed = timed(self.options.connect_timeout, link.list_tools()).await.map_err(connect)?;
        Ok(self.take(&listed))
    }

    /// Serves `listed` from now on if it differs from the list served; whether it did.
    fn take(&self, listed: &[rmcp::model::Tool]) -> bool {
        let next = match generation(&self.name, listed, self.options.pinned.as_ref(), false) {
            Ok(next) => next,
            Err(err) => {
                self.say(Message::Error(format!("{err}; the tools listed before are kept")));
                return false;
            }
        };
        if next.listed == self.generations.latest().listed {
            return false;
        }
        if !self.generations.push(next) {
            self.say(Message::Warning(format!(
                "server `{}`: announced more than {} tool lists; later ones are not taken",
                self.name,
                generations::MOST
            )));
            return false;
        }
        true
    }

    /// Forwards a checked call to the server.
    async fn forward(
        self: &Arc<Self>,
        tool: &str,
        arguments: Map<String, Value>,
        context: &CallContext,
    ) -> Result<ToolOutput, ToolError> {
        let failed = |message: String| ToolError::Failed { tool: tool.to_owned().into(), message };
        let link = self.link().await.map_err(failed)?;
        let request = ClientRequest::CallToolRequest(CallToolRequest::new(
            CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments),
        ));
        let options = PeerRequestOptions::with_timeout(self.options.timeout);
        let handle = match link.peer().send_request_with_option(request, options).await {
            Ok(handle) => handle,
            Err(err) => return Err(failed(self.stopped(&link, err).await)),
        };
        let mut cancel = CancelOnDrop { peer: Some(link.peer().clone()), id: handle.id.clone() };
        let mut progress = link.progress().subscribe(handle.progress_token.clone()).await;
        let mut response = pin!(handle.await_response());
        let mut reported = false;
        let outcome = loop {
            match select(response.as_mut(), progress.next()).await {
                Either::Left((outcome, _)) => break outcome,
                Either::Right((Some(report), _)) => {
                    reported = true;
                    context.report(report.progress, report.total, report.message.unwrap_or_default())
                }
                Either::Right((None, _)) => break response.await,
            }
        };
        // A server sends its last reports before its answer, but rmcp hands each notification to
        // its handler on a task of its own, which may run after the answer is read: a call that
        // reports waits a moment for the reports still on their way.
        if reported {
            while let Ok(Some(report)) = tokio::time::timeout(LAST_REPORTS, progress.next()).await {
                context.report(report.progress, report.total, report.message.unwrap_or_default());
            }
        }
        cancel.peer = None;
        match outcome {
            Ok(ServerResult::CallToolResult(result)) => result::call_result(&self.name, tool, result),
            Ok(_) => Err(failed(format!(
                "the MCP server `{}` answered with something other than a tool's result (a task or a request \
                 for input), which this client does not take",
                self.name
            ))),
            Err(ServiceError::McpError(error)) => Err(failed(format!(
                "the MCP server `{}` refused the call: {} (JSON-RPC error {})",
                self.name, error.message, error.code.0
            ))),
            Err(ServiceError::Timeout { timeout }) => Err(failed(format!(
                "the MCP server `{}` did not answer within {} s, so the call was cancelled",
                self.name,
                timeout.as_secs_f32()
            ))),
            Err(err) => Err(failed(self.stopped(&link, err).await)),
        }
    }

    /// The words for a call lost with its connection, which is marked failed.
    async fn stopped(&self, link: &Arc<Link>, err: ServiceError) -> String {
        let why = err.to_string();
        self.lost(link, why.clone()).await;
        format!(
            "the MCP server `{}` stopped answering ({why}) before the call completed; it is connected again on the \
             next call, so the call may be retried",
            self.name
        )
    }
}

/// Sends `notifications/cancelled` for a request whose caller stopped waiting for it.
struct CancelOnDrop {
    /// Taken once the response has arrived.
    peer: Option<Peer<RoleClient>>,
    id: RequestId,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        let Some(peer) = self.peer.take() else { return };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let params = CancelledNotificationParam::new(Some(self.id.clone()), Some("the caller stopped waiting".into()));
        runtime.spawn(async move {
            let _ = peer.notify_cancelled(params).await;
        });
    }
}

impl Toolbox for McpToolbox {
    fn tool_list(&self) -> &ToolList {
        self.inner.generations.latest().tools.tool_list()
    }

    fn call_arguments(
        &self,
        name: &str,
        arguments: Arguments<'_>,
        context: &CallContext,
    ) -> impl Future<Output = Result<ToolOutput, ToolError>> + Send {
        let checked = self.inner.generations.latest().tools.check(name, arguments);
        let (inner, name, context) = (Arc::clone(&self.inner), name.to_owned(), context.clone());
        async move { inner.forward(&name, checked?, &context).await }
    }
}

impl fmt::Debug for McpToolbox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("McpToolbox").field("name", &self.inner.name).field("tools", self.tool_list()).finish()
    }
}
