//! [`McpServer`]: any [`Toolbox`] as an rmcp [`ServerHandler`] (feature `server`).

mod ask;
mod auth;
mod beside;
mod call;
#[cfg(feature = "dpop")]
mod dpop;
mod gate;
mod http;
#[cfg(feature = "jwt")]
mod jwt;
mod notices;
mod options;
mod running;
mod sessions;
#[cfg(feature = "redis")]
mod shared;
mod task;

use std::io;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

#[allow(deprecated, reason = "rmcp marks logging deprecated (SEP-2577); 2025-11-25 clients set a level")]
use rmcp::model::SetLevelRequestParams;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CompleteRequestParams, CompleteResult, DiscoverResult,
    GetPromptRequestParams, GetPromptResponse, GetTaskParams, GetTaskResult, Implementation, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ResultType, ServerCapabilities, ServerConfig,
    SubscribeRequestParams, SubscriptionFilter, Tool, UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::model::{
    CustomNotification, CustomRequest, CustomResult, GetSkillRequestParams, GetSkillResult, ListSkillsResult,
    ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult,
};
use rmcp::service::{NotificationContext, RequestContext, RoleServer, SubscriptionContext};
use rmcp::{ErrorData, ServerHandler, ServiceExt};

use ask::{InSession, StateKey};
use running::Running;
use toolc::{Caller, Level, RenderError, Target, TaskSupport, Toolbox};

pub use auth::{StaticToken, TokenRefused, TokenValidator};
pub use beside::ToolsAlone;
#[cfg(feature = "dpop")]
pub use dpop::DpopTokens;
pub use http::HttpServer;
#[cfg(feature = "jwt")]
pub use jwt::JwtValidator;
pub use options::{HttpOptions, Visible};
#[cfg(feature = "redis")]
pub use shared::{RedisOptions, RedisState};

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
    in_total: Arc<Running>,
    /// The calls running now, in this session.
    in_session: Arc<Running>,
    /// The key `requestState` is signed with.
    state_key: StateKey,
    /// The least level of the log messages this session's client asked for (`logging/setLevel`);
    /// none until it asks.
    log_level: Arc<Mutex<Option<Level>>>,
    /// The calls running as tasks, in all sessions.
    tasks: Arc<task::Tasks>,
    /// Whether any tool may run as a task.
    long_running: bool,
    /// The questions of this session's calls, to its client (2025-11-25): set at the first call,
    /// when the client is known; each clone, one a session, starts without.
    session_asker: OnceLock<Arc<InSession>>,
    /// Cancelled when the HTTP server serving this one stops (never over stdio): a call it ends is
    /// told so, not taken for one its client cancelled.
    stopping: tokio_util::sync::CancellationToken,
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
            session_asker: OnceLock::new(),
            stopping: self.stopping.clone(),
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
        let with_headers = (tools.iter().zip(rendered.as_array().into_iter().flatten()))
            .filter(|(_, rendered)| toolc::schema::has_headers(&rendered["inputSchema"]))
            .map(|(tool, _)| tool.clone())
            .collect();
        let implementation = Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        let options = HttpOptions::default();
        let long_running = toolbox.tools().iter().any(|def| def.task_support != TaskSupport::Forbidden);
        Ok(McpServer {
            toolbox: Arc::new(toolbox),
            beside: Arc::new(ToolsAlone),
            tools: tools.into(),
            with_headers,
            implementation,
            in_total: Arc::default(),
            in_session: Arc::default(),
            options,
            state_key: StateKey::random(),
            log_level: Arc::default(),
            tasks: Arc::default(),
            long_running,
            session_asker: OnceLock::new(),
            stopping: tokio_util::sync::CancellationToken::new(),
        })
    }
}

impl<T: Toolbox + Send + 'static, H: ServerHandler> McpServer<T, H> {
    /// Serves everything of `handler`'s beside the tools: `resources/*` (`resources/directory/read`
    /// included), `prompts/*`, `completion/complete`, the skills of SEP-2640 (`skills/list`,
    /// `skills/get`), any custom method or notification, and its `instructions`; every capability
    /// and extension it declares is declared with the tools', in `initialize` and in
    /// `server/discover`. Tool calls, tool lists, tasks and logging stay the toolbox's.
    ///
    /// ```
    /// use rmcp::ServerHandler;
    /// use rmcp::model::{ServerCapabilities, ServerConfig};
    /// use toolc_mcp::McpServer;
    /// use toolc::toolbox;
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
            session_asker: OnceLock::new(),
            stopping: self.stopping.clone(),
        }
    }

    /// Signs `requestState` with `key` (HMAC-SHA256; at least 32 bytes), which every replica of the
    /// server must share (to rotate it, [`McpServer::request_state_keys`]): a tool that asks on MCP 2026-07-28 goes on with the client's next call,
    /// which any replica may take. Without it, each process signs with a random key of its own.
    pub fn request_state_key(mut self, key: impl Into<Vec<u8>>) -> io::Result<Self> {
        self.state_key = StateKey::new(key.into()).map_err(|why| io::Error::new(io::ErrorKind::InvalidInput, why))?;
        Ok(self)
    }

    /// Signs `requestState` with `signing`, and takes a state signed with it or with any of `also`
    /// (each key at least 32 bytes): a key is rotated in without failing the calls in flight,
    /// whichever replica they reach.
    ///
    /// Rotate in three deploys: every replica takes the new key beside the old one, still signing
    /// with the old (`request_state_keys(old, [new])`); then every replica signs with the new one
    /// (`request_state_keys(new, [old])`); an hour later (a state's lifetime) the old key goes
    /// (`request_state_key(new)`). A state signed with a key no longer given is refused, as a
    /// forged one is.
    ///
    /// ```
    /// use toolc_mcp::McpServer;
    /// use toolc::toolbox;
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
    /// let (old, new) = (vec![1u8; 32], vec![2u8; 32]);
    /// // The second deploy: signing with the new key, still taking states the old one signed.
    /// let server = McpServer::new(Clock).unwrap().request_state_keys(new, [old]);
    /// assert!(server.is_ok());
    /// ```
    pub fn request_state_keys<K: Into<Vec<u8>>>(
        mut self,
        signing: impl Into<Vec<u8>>,
        also: impl IntoIterator<Item = K>,
    ) -> io::Result<Self> {
        let also = also.into_iter().map(Into::into).collect();
        self.state_key =
            StateKey::ring(signing.into(), also).map_err(|why| io::Error::new(io::ErrorKind::InvalidInput, why))?;
        Ok(self)
    }

    /// Serves with `options`: who may reach the server over HTTP, and the limits every caller
    /// meets (see [`HttpOptions`] for what holds without them).
    pub fn with(mut self, options: HttpOptions) -> Self {
        #[cfg(feature = "redis")]
        if let Some(state) = &options.shared {
            let kept = options.session_lifetime();
            self.tasks = Arc::new(task::Tasks::shared(shared::tasks::RedisTasks::new(state.clone(), kept)));
        }
        self.options = options;
        self
    }

    /// The server for a new HTTP session: the same tools and limits, its own count of calls.
    fn for_session(&self) -> Self {
        McpServer { in_session: Arc::default(), log_level: Arc::default(), ..self.clone() }
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

impl<T: Toolbox + Send + 'static, H: ServerHandler> ServerHandler for McpServer<T, H> {
    fn get_info(&self) -> ServerConfig {
        let beside = self.beside.get_info();
        #[allow(deprecated, reason = "2025-11-25 clients set a level; 2026-07-28 ones send it with each request")]
        let capabilities = if self.long_running {
            ServerCapabilities::builder().enable_tools().enable_logging().enable_tasks().build()
        } else {
            ServerCapabilities::builder().enable_tools().enable_logging().build()
        };
        let mut config = ServerConfig::new(beside::declared(beside.capabilities, capabilities))
            .with_server_info(self.implementation.clone());
        config.instructions = beside.instructions;
        config
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
        let (fresh_ms, scope) = self.options.tool_list_cache();
        Ok(ListToolsResult::with_all_items(tools).with_ttl_ms(fresh_ms).with_cache_scope(scope))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.call(request, context).await
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        Ok(GetTaskResult::new(self.tasks.get(&request.task_id, subject(&context).as_deref()).await?))
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks.update(&request.task_id, subject(&context).as_deref(), request.input_responses).await
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks.cancel(&request.task_id, subject(&context).as_deref()).await
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

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        let mut listed = self.beside.list_skills(request, context).await?;
        complete(&mut listed.result_type);
        Ok(listed)
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        let mut skill = self.beside.get_skill(request, context).await?;
        complete(&mut skill.result_type);
        Ok(skill)
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        let mut read = self.beside.read_resource_directory(request, context).await?;
        complete(&mut read.result_type);
        Ok(read)
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        self.beside.on_custom_request(request, context).await
    }

    async fn on_custom_notification(&self, notification: CustomNotification, context: NotificationContext<RoleServer>) {
        self.beside.on_custom_notification(notification, context).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.beside.on_roots_list_changed(context).await;
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.beside.on_initialized(context).await;
    }
}
