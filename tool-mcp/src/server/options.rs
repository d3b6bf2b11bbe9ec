//! [`HttpOptions`]: who may reach an MCP server over HTTP, and how much any caller may ask of it.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use super::auth::{Erased, TokenValidator};
use toolc::Caller;

/// Which tools a caller may list and call: [`Toolbox::only`](toolc::Toolbox::only) and
/// [`Toolbox::except`](toolc::Toolbox::except) as a value, chosen per caller by
/// [`HttpOptions::visible`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visible {
    /// Every tool.
    All,
    /// These tools alone.
    Only(Vec<String>),
    /// Every tool but these.
    Except(Vec<String>),
}

impl Visible {
    /// These tools alone.
    pub fn only<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Self {
        Visible::Only(names.into_iter().map(Into::into).collect())
    }

    /// Every tool but these.
    pub fn except<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Self {
        Visible::Except(names.into_iter().map(Into::into).collect())
    }
}

type VisibleFn = dyn Fn(Option<&Caller>) -> Visible + Send + Sync;

/// How an [`McpServer`](super::McpServer) serves: who may reach it over streamable HTTP (which
/// `Host` names and browser `Origin`s, which bearer tokens) and the limits every caller meets.
/// Given with [`McpServer::with`](super::McpServer::with).
///
/// Safe by default, each default chosen so that a server on a developer's machine refuses what a
/// web page or a stranger could send it:
///
/// - bound to a loopback address, it answers `Host: localhost`, `127.0.0.1` and `[::1]` (any
///   port) alone, and a browser request only from a loopback page (`http://localhost:*`, …); any
///   other `Origin` gets 403, as MCP's transport asks (against DNS rebinding). A request without
///   an `Origin` (a program, not a browser) is served. Bound to any other address, the server
///   will not start until [`HttpOptions::allowed_hosts`] and [`HttpOptions::allowed_origins`]
///   say who it serves;
/// - no token is asked for until [`HttpOptions::bearer`] says how to check one;
/// - a request body of at most 4 MiB, arriving within 10 s; request headers within 10 s; at most
///   1,024 connections;
/// - arguments of at most 1 MiB and 64 levels deep; 16 calls at once per session, 256 in all; 256
///   sessions, each closed after 5 minutes without a request; a call stopped after 5 minutes, the
///   model told so; a call whose client has gone away stopped.
///
/// The call limits (arguments, calls at once, time) hold over stdio as well.
///
/// ```
/// use std::time::Duration;
/// use toolc::Caller;
/// use toolc_mcp::{HttpOptions, StaticToken, Visible};
///
/// let options = HttpOptions::default()
///     .bearer(StaticToken::new("s3cret-token-from-a-file", Caller::named("ci", ["files:read"])))
///     .visible(|caller| match caller {
///         Some(caller) if caller.has_scope("files:write") => Visible::All,
///         _ => Visible::except(["write_file"]),
///     })
///     .call_timeout(Some(Duration::from_secs(60)))
///     .calls_per_session(4);
/// ```
#[derive(Clone)]
pub struct HttpOptions {
    pub(super) allowed_hosts: Option<Vec<String>>,
    pub(super) allowed_origins: Option<Vec<String>>,
    pub(super) bearer: Option<Arc<dyn Erased>>,
    #[cfg(feature = "dpop")]
    pub(super) dpop: Option<Arc<super::dpop::DpopTokens>>,
    pub(super) resource: Option<String>,
    pub(super) authorization_servers: Vec<String>,
    pub(super) scopes_supported: Vec<String>,
    pub(super) visible: Option<Arc<VisibleFn>>,
    pub(super) max_body_bytes: usize,
    pub(super) read_timeout: Duration,
    pub(super) max_connections: usize,
    pub(super) max_argument_bytes: usize,
    pub(super) max_depth: usize,
    pub(super) calls_per_session: usize,
    pub(super) calls_in_total: usize,
    pub(super) max_sessions: usize,
    pub(super) idle_session_expiry: Duration,
    pub(super) call_timeout: Option<Duration>,
    /// Whether to stop a call whose client has gone; by default, yes, unless streams are kept
    /// for clients to come back to ([`HttpOptions::shared_state`]).
    pub(super) stop_calls_of_gone_clients: Option<bool>,
    #[cfg(feature = "redis")]
    pub(super) shared: Option<super::RedisState>,
    pub(super) tool_list_fresh_for: Duration,
}

impl Default for HttpOptions {
    fn default() -> Self {
        HttpOptions {
            allowed_hosts: None,
            allowed_origins: None,
            bearer: None,
            #[cfg(feature = "dpop")]
            dpop: None,
            resource: None,
            authorization_servers: Vec::new(),
            scopes_supported: Vec::new(),
            visible: None,
            max_body_bytes: 4 << 20,
            read_timeout: Duration::from_secs(10),
            max_connections: 1024,
            max_argument_bytes: 1 << 20,
            max_depth: 64,
            calls_per_session: 16,
            calls_in_total: 256,
            max_sessions: 256,
            idle_session_expiry: Duration::from_secs(300),
            call_timeout: Some(Duration::from_secs(300)),
            stop_calls_of_gone_clients: None,
            #[cfg(feature = "redis")]
            shared: None,
            tool_list_fresh_for: Duration::ZERO,
        }
    }
}

impl fmt::Debug for HttpOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut f = f.debug_struct("HttpOptions");
        f.field("allowed_hosts", &self.allowed_hosts)
            .field("allowed_origins", &self.allowed_origins)
            .field("bearer", &self.bearer.is_some())
            .field("resource", &self.resource)
            .field("visible", &self.visible.is_some())
            .field("max_body_bytes", &self.max_body_bytes)
            .field("read_timeout", &self.read_timeout)
            .field("max_connections", &self.max_connections)
            .field("max_argument_bytes", &self.max_argument_bytes)
            .field("max_depth", &self.max_depth)
            .field("calls_per_session", &self.calls_per_session)
            .field("calls_in_total", &self.calls_in_total)
            .field("max_sessions", &self.max_sessions)
            .field("idle_session_expiry", &self.idle_session_expiry)
            .field("call_timeout", &self.call_timeout)
            .field("stop_calls_of_gone_clients", &self.stop_calls_of_gone_clients)
            .field("tool_list_fresh_for", &self.tool_list_fresh_for);
        #[cfg(feature = "redis")]
        f.field("shared", &self.shared);
        f.finish_non_exhaustive()
    }
}

impl HttpOptions {
    /// The `Host` names (with a port, `example.com:8443`, or without one for any port) clients
    /// reach the server by; any other gets 403. Needed to serve on a non-loopback address. Clients
    /// leave the scheme's default port out of `Host`: write `example.com`, not `example.com:443`.
    pub fn allowed_hosts<S: Into<String>>(mut self, hosts: impl IntoIterator<Item = S>) -> Self {
        self.allowed_hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    /// The browser origins (`https://app.example.com`, `http://localhost:*` for any port) whose
    /// pages may reach the server; a request with any other `Origin` gets 403. An empty list
    /// refuses every browser. Needed to serve on a non-loopback address. (The server sends no
    /// CORS headers: a page on another origin is served only through a proxy that adds them.)
    pub fn allowed_origins<S: Into<String>>(mut self, origins: impl IntoIterator<Item = S>) -> Self {
        self.allowed_origins = Some(origins.into_iter().map(Into::into).collect());
        self
    }

    /// Asks every HTTP request for a bearer token (`Authorization: Bearer …`) and checks it with
    /// `validator`: a [`StaticToken`](super::StaticToken), a
    // A link where the item exists; its name alone without `jwt`, so the docs build either way.
    #[cfg_attr(feature = "jwt", doc = " [`JwtValidator`](super::JwtValidator)")]
    #[cfg_attr(not(feature = "jwt"), doc = " `JwtValidator`")]
    /// (feature `jwt`), or one of your own. A request
    /// without a good one gets 401 and a `WWW-Authenticate` header pointing at the server's
    /// Protected Resource Metadata (RFC 9728), which it serves.
    pub fn bearer(mut self, validator: impl TokenValidator) -> Self {
        self.bearer = Some(Arc::new(validator));
        self
    }

    /// Takes access tokens bound to the client's key (DPoP, RFC 9449) as `dpop` says, checked with
    /// the [validator](HttpOptions::bearer) beside their proofs; the metadata document and the
    /// `401` challenges say so. Proofs name the URL they were made for: set
    /// [`HttpOptions::resource`] when clients reach the server by another URL than the request's
    /// (behind a proxy that ends TLS).
    #[cfg(feature = "dpop")]
    pub fn dpop(mut self, dpop: super::dpop::DpopTokens) -> Self {
        self.dpop = Some(Arc::new(dpop));
        self
    }

    /// The server's own URL as its clients know it (`https://tools.example.com/mcp`), the
    /// `resource` of its metadata document and the audience its tokens are for. By default the
    /// URL the request was sent to (`http://<Host>/mcp`): set it behind a proxy that ends TLS.
    pub fn resource(mut self, url: impl Into<String>) -> Self {
        self.resource = Some(url.into());
        self
    }

    /// The authorization servers that issue tokens for this server (their issuer URLs), as the
    /// metadata document lists them for a client to find.
    pub fn authorization_servers<S: Into<String>>(mut self, issuers: impl IntoIterator<Item = S>) -> Self {
        self.authorization_servers = issuers.into_iter().map(Into::into).collect();
        self
    }

    /// The scopes a client may ask its authorization server for, as the metadata document lists
    /// them.
    pub fn scopes_supported<S: Into<String>>(mut self, scopes: impl IntoIterator<Item = S>) -> Self {
        self.scopes_supported = scopes.into_iter().map(Into::into).collect();
        self
    }

    /// Decides per caller (what its token said; `None` without [`HttpOptions::bearer`]) which
    /// tools it may list and call. A tool it may not see is, to it, a tool that does not exist.
    pub fn visible(mut self, visible: impl Fn(Option<&Caller>) -> Visible + Send + Sync + 'static) -> Self {
        self.visible = Some(Arc::new(visible));
        self
    }

    /// The largest request body, in bytes (default 4 MiB); a larger one gets 413.
    pub fn max_body_bytes(mut self, bytes: usize) -> Self {
        self.max_body_bytes = bytes;
        self
    }

    /// How long a request's headers, and then its body, may take to arrive (default 10 s); a
    /// body that has not arrived by then gets 408, and a connection whose headers have not, is
    /// closed.
    pub fn read_timeout(mut self, timeout: Duration) -> Self {
        self.read_timeout = timeout;
        self
    }

    /// How many connections are served at once (default 1,024); more wait to be accepted. A
    /// connection is closed after any refusal, and after the read timeout without a request.
    pub fn max_connections(mut self, connections: usize) -> Self {
        self.max_connections = connections.max(1);
        self
    }

    /// The largest arguments of one call, in bytes as JSON text (default 1 MiB).
    pub fn max_argument_bytes(mut self, bytes: usize) -> Self {
        self.max_argument_bytes = bytes;
        self
    }

    /// The deepest nesting of arrays and objects in one call's arguments (default 64).
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// How many calls one session may have running at once (default 16); one more is refused
    /// with a JSON-RPC error saying so.
    pub fn calls_per_session(mut self, calls: usize) -> Self {
        self.calls_per_session = calls.max(1);
        self
    }

    /// How many calls all sessions together may have running at once (default 256).
    pub fn calls_in_total(mut self, calls: usize) -> Self {
        self.calls_in_total = calls.max(1);
        self
    }

    /// How many sessions may be open at once (default 256); one more `initialize` gets 503.
    /// Requests of a protocol without sessions (2026-07-28 and later) are bounded by
    /// [`HttpOptions::calls_in_total`] alone.
    pub fn max_sessions(mut self, sessions: usize) -> Self {
        self.max_sessions = sessions.max(1);
        self
    }

    /// How long a session may go without a request before it is closed (default 5 minutes; never
    /// less than the call timeout and half a minute, since a running call that reports nothing
    /// counts as time without a request). With no call timeout, a call that reports nothing for
    /// longer than this ends with its session.
    pub fn idle_session_expiry(mut self, idle: Duration) -> Self {
        self.idle_session_expiry = idle;
        self
    }

    /// How long one call may run (default 5 minutes; `None`: as long as it takes). A call that
    /// takes longer has its future dropped and the model is answered with an error result
    /// saying so. A tool that never awaits (a synchronous one) cannot be stopped from outside: it
    /// stops at its next look at [`CallContext::is_cancelled`](toolc::CallContext::is_cancelled),
    /// which turns true at the time limit, when the client has gone, or on cancellation.
    pub fn call_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.call_timeout = timeout;
        self
    }

    /// Whether a call whose client has gone away (its connection closed before the answer) is
    /// stopped, its future dropped. By default it is (nobody is left to read its answer, and it
    /// would hold its place among the calls at once), except with a
    #[cfg_attr(feature = "redis", doc = " [`HttpOptions::shared_state`],")]
    #[cfg_attr(not(feature = "redis"), doc = " `HttpOptions::shared_state` (feature `redis`),")]
    /// where every stream is kept for a client to come back to with `Last-Event-ID`: there the
    /// call goes on. MCP's transport lets a client come back for an answer it missed; turn this
    /// off for clients that do.
    pub fn stop_calls_of_gone_clients(mut self, stop: bool) -> Self {
        self.stop_calls_of_gone_clients = Some(stop);
        self
    }

    /// How long a session lives without a request, and its streams and tasks are kept in shared
    /// state after their last use: the idle expiry, and never less than the longest call with a
    /// margin, since rmcp counts a call that reports nothing as idle time (a call without a time
    /// limit is as long as the idle expiry).
    pub(super) fn session_lifetime(&self) -> Duration {
        let longest_call = self.call_timeout.map_or(Duration::ZERO, |most| most + Duration::from_secs(30));
        self.idle_session_expiry.max(longest_call)
    }

    /// Whether a call whose client has gone is stopped, as set or by default.
    pub(super) fn stops_calls_of_gone_clients(&self) -> bool {
        #[cfg(feature = "redis")]
        let kept = self.shared.is_some();
        #[cfg(not(feature = "redis"))]
        let kept = false;
        self.stop_calls_of_gone_clients.unwrap_or(!kept)
    }

    /// Shares this server's sessions and response streams with its other replicas, in Redis
    /// ([`RedisState`](super::RedisState)): any replica then answers any request, a session opened
    /// on one goes on on another, and a client whose stream broke takes it up with
    /// `Last-Event-ID` on any replica without missing an event. Calls of gone clients go on (see
    /// [`HttpOptions::stop_calls_of_gone_clients`]), since their clients may come back.
    ///
    /// Give every replica the same [`McpServer::request_state_keys`](super::McpServer::request_state_keys)
    /// too, so that a tool's questions on 2026-07-28, answered on another replica, are trusted
    /// there.
    #[cfg(feature = "redis")]
    pub fn shared_state(mut self, state: super::RedisState) -> Self {
        self.shared = Some(state);
        self
    }

    /// How long a 2026-07-28 client may keep the tool list before it asks again (`ttlMs` on
    /// `tools/list`; default zero: ask every time). The tools of a server change only when it is
    /// deployed again, so the time a deploy may take to reach every client is a fair choice.
    ///
    /// Who may keep it (`cacheScope`) the server works out: `public`, the same for every caller,
    /// only when the server neither checks tokens ([`HttpOptions::bearer`]) nor lists tools per
    /// caller ([`HttpOptions::visible`]); `private`, for the caller alone, otherwise, so that a
    /// shared cache never hands one caller's list to another. Resources and prompts served
    /// [`beside`](crate::McpServer::beside) the tools carry the hints their handler sets.
    pub fn tool_list_fresh_for(mut self, fresh: Duration) -> Self {
        self.tool_list_fresh_for = fresh;
        self
    }

    /// The caching hints of `tools/list`: how long it stays fresh, and for whom.
    pub(super) fn tool_list_cache(&self) -> (u64, rmcp::model::CacheScope) {
        let for_all = self.bearer.is_none() && self.visible.is_none();
        let scope = if for_all { rmcp::model::CacheScope::Public } else { rmcp::model::CacheScope::Private };
        (u64::try_from(self.tool_list_fresh_for.as_millis()).unwrap_or(u64::MAX), scope)
    }
}
