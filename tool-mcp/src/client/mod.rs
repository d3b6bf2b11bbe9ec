//! [`McpToolbox`]: any MCP server's tools as a [`Toolbox`] (feature `client`), on rmcp's client.

#[cfg(any(feature = "oauth-jwt", feature = "oauth-wif", feature = "oauth-dpop"))]
mod addresses;
mod answers;
#[cfg(feature = "oauth")]
mod authorizer;
mod discovery;
#[cfg(feature = "oauth-dpop")]
mod dpop;
#[cfg(feature = "oauth-dpop")]
mod dpop_mcp;
#[cfg(feature = "oauth-dpop")]
mod dpop_oauth;
mod drift;
mod error;
mod forward;
mod generations;
#[cfg(feature = "oauth-wif")]
mod jwt_bearer;
#[cfg(feature = "oauth-jwt")]
mod key_assertion;
mod link;
#[cfg(feature = "oauth")]
mod loopback;
mod options;
mod progress;
mod reconnect;
mod result;
#[cfg(feature = "oauth")]
mod sign_in;
#[cfg(feature = "skills")]
mod skills;
#[cfg(feature = "oauth")]
mod token_file;
#[cfg(any(feature = "oauth-jwt", feature = "oauth-wif"))]
mod token_request;
mod watched;

use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};
use std::time::Duration;

use rmcp::service::RoleClient;
use serde_json::Value;

use drift::generation;
use error::LinkError;
pub use error::McpError;
use generations::Generations;
#[cfg(feature = "oauth-enterprise")]
pub use jwt_bearer::IdentityProvider;
use link::{Access, Endpoint, Link, Listener};
#[cfg(feature = "oauth")]
pub use loopback::LoopbackRedirect;
pub use options::{McpOptions, OnDrift, StdioCommand};
use reconnect::State;
#[cfg(feature = "oauth")]
pub use sign_in::SignIn;
#[cfg(feature = "oauth")]
pub use token_file::TokenFile;
use toolc::Arguments;
use toolc::read::Message;
use toolc::{CallContext, RenderError, RenderOptions, Rendered, Target, ToolError, ToolList, ToolOutput, Toolbox};

/// The tools of an MCP server as a [`Toolbox`]: listed, lowered for every provider and called as a
/// `#[toolbox]`'s are.
///
/// - **Connecting**: a server started as a child process ([`McpToolbox::connect_stdio`]) or reached
///   over streamable HTTP ([`McpToolbox::connect_http`], with a bearer token in [`McpOptions`]) is
///   spoken to on MCP 2026-07-28 when it speaks it, otherwise on the version it answers `initialize`
///   with: 2025-11-25, 2025-06-18, 2025-03-26 or 2024-11-05, every version the official SDKs still
///   speak (a server that settles on a version this client does not speak is refused, naming it),
///   and its tools listed to the last page. Each definition is read as any definition arriving as
///   JSON ([`JsonTools`](toolc::JsonTools)): a definition that cannot be read is left out and
///   said so in [`McpToolbox::messages`].
/// - **Rendering** ([`Toolbox::render`], [`Toolbox::render_with`]): tool by tool, so one tool never
///   sinks the others. Each is rendered in strict mode where the provider has one and the tool fits
///   it, without strict mode where it does not (a free-form map, say; a warning in the messages),
///   and left out of that provider's `tools` only where the provider takes it in no form, with an
///   error message naming the server, the tool, the JSON path and the rule.
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
/// - **Questions**: a server that asks in the middle of a call (the user, with a form; the program's
///   model; the roots it works in) is answered as [`McpOptions::on_elicitation`],
///   [`McpOptions::on_sampling`] and [`McpOptions::roots`] say, on 2025-11-25 as requests, on
///   2026-07-28 by sending the call again with the answers. The client declares only those, so a
///   server never asks what the program did not say it answers.
/// - **Changes**: when the server announces a new tool list (`notifications/tools/list_changed`),
///   it is listed again; the toolbox serves the new list from then on.
///
/// ```no_run
/// use toolc_mcp::McpToolbox;
/// use toolc::{Combine, Target, Toolbox};
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

    /// [`McpToolbox::connect_http`] with options: [`McpOptions::bearer`] for a token the program
    /// has, or `McpOptions::sign_in` to sign in when the server asks (feature `oauth`).
    pub async fn connect_http_with(url: impl Into<String>, options: McpOptions) -> Result<Self, McpError> {
        let url = url.into();
        let access = access(&url, &options)?;
        McpToolbox::connect(Endpoint::Http { url, access }, options).await
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
        let link =
            timed(options.connect_timeout, Link::serve(transport, Listener::new(refresher(&hook, &runtime), &options)))
                .await
                .map_err(|why| McpError::connect(options.name.as_deref().unwrap_or(&described), &why))?;
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
        let link = open(&endpoint, &hook, &runtime, &options)
            .await
            .map_err(|why| McpError::connect(options.name.as_deref().unwrap_or(&described), &why))?;
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
        let listed = link.list_tools(options.connect_timeout).await.map_err(|why| McpError::connect(&name, &why))?;
        let first = generation(&name, &listed, link.left_out(), options.pinned.as_ref(), true)?;
        let link = Arc::new(link);
        let inner = Arc::new(Inner {
            name,
            endpoint,
            options,
            generations: Generations::new(first),
            state: tokio::sync::Mutex::new(State::Up(Arc::clone(&link))),
            said: Mutex::new(Vec::new()),
            runtime,
        });
        inner.fell_back(&link);
        let _ = hook.set(Arc::downgrade(&inner));
        Ok(McpToolbox { inner })
    }

    /// The version of MCP spoken with the server now: `2026-07-28` when the server speaks it, else
    /// the version it settled on in `initialize` (`2025-11-25` down to `2024-11-05`); `None` while the
    /// server is down.
    pub async fn protocol_version(&self) -> Option<String> {
        match &*self.inner.state.lock().await {
            reconnect::State::Up(link) => link.protocol_version().map(|version| version.to_string()),
            reconnect::State::Down { .. } => None,
        }
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
    options: &McpOptions,
) -> Result<Link, LinkError> {
    let listener = Listener::new(refresher(hook, runtime), options);
    let timeout = options.connect_timeout;
    if endpoint.signs_in() {
        // Each attempt is timed there; the user's sign-in between them is not.
        Link::open(endpoint, listener, timeout).await
    } else {
        timed(timeout, Link::open(endpoint, listener, timeout)).await
    }
}

/// How the client is let in at `url`: the program's bearer token, a sign-in, or as anyone.
fn access(url: &str, options: &McpOptions) -> Result<Access, McpError> {
    #[cfg(feature = "oauth")]
    if let Some(sign_in) = &options.sign_in {
        if options.bearer.is_some() {
            return Err(McpError::Connect {
                server: options.name.clone().unwrap_or_else(|| url.to_owned()),
                why: "both a bearer token and a sign-in are set in McpOptions; a server is reached with one of them"
                    .to_owned(),
            });
        }
        let client_name = sign_in.client_name.clone().or_else(|| options.client.as_ref().map(|(name, _)| name.clone()));
        let client_name = client_name.unwrap_or_else(|| env!("CARGO_PKG_NAME").to_owned());
        let authorizer = authorizer::Authorizer::new(url.to_owned(), sign_in.clone(), client_name)
            .map_err(|why| McpError::Connect { server: options.name.clone().unwrap_or_else(|| url.to_owned()), why })?;
        return Ok(Access::SignIn(Arc::new(authorizer)));
    }
    let _ = url;
    Ok(options.bearer.clone().map_or(Access::Open, Access::Bearer))
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
async fn timed<T>(timeout: Duration, work: impl Future<Output = Result<T, LinkError>>) -> Result<T, LinkError> {
    match tokio::time::timeout(timeout, work).await {
        Ok(done) => done,
        Err(_) => Err(LinkError::TimedOut(timeout)),
    }
}

impl Inner {
    fn say(&self, message: Message) {
        self.said.lock().unwrap_or_else(PoisonError::into_inner).push(message);
    }

    /// Says, once however often the client connects, that `link` began over `initialize` because
    /// the server answered `server/discover` in a way a server of before does not.
    fn fell_back(&self, link: &Link) {
        let Some(why) = link.fell_back() else { return };
        let note = Message::Note(format!(
            "server `{}`: asked `server/discover` (MCP 2026-07-28), {why}, which is not a discovery result; \
             the session began over `initialize` on {} instead",
            self.name,
            link.protocol_version()
                .map_or_else(|| "the version it settled on".to_owned(), |version| version.to_string())
        ));
        let mut said = self.said.lock().unwrap_or_else(PoisonError::into_inner);
        if !said.contains(&note) {
            said.push(note);
        }
    }
}

impl Toolbox for McpToolbox {
    fn tool_list(&self) -> &ToolList {
        self.inner.generations.latest().tools.tool_list()
    }

    /// Tool by tool, as [`JsonTools::render`](toolc::JsonTools::render): a tool strict mode
    /// cannot take is rendered without it, one the provider takes in no form left out; both said in
    /// [`McpToolbox::messages`].
    fn render(&self, target: Target) -> Result<&Value, RenderError> {
        self.inner.generations.latest().tools.render(target)
    }

    /// Tool by tool with per-target options, as [`JsonTools::render_with`](toolc::JsonTools::render_with).
    fn render_with(&self, target: Target, options: &RenderOptions) -> Result<Rendered, RenderError> {
        self.inner.generations.latest().tools.render_with(target, options)
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
