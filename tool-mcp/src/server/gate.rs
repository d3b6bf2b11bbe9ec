//! What every HTTP request meets before rmcp reads it: the `Host` and `Origin` it came with, its
//! bearer token, its body's size and pace, the session ceiling; and the mark that tells a call its
//! client has gone.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde_json::json;
use tokio_util::sync::CancellationToken;

use super::auth::{Erased, token_of};
use super::options::HttpOptions;
use super::sessions::Sessions;
use toolc::Caller;

/// The path of the MCP endpoint, and of its Protected Resource Metadata (RFC 9728 §3.1: the
/// well-known segment between the host and the resource's path).
pub(super) const ENDPOINT: &str = "/mcp";
pub(super) const METADATA: &str = "/.well-known/oauth-protected-resource/mcp";
/// The path of the health check.
pub(super) const HEALTH: &str = "/health";

/// Cancelled when the client of a request has gone: its response was dropped before it was sent
/// in full (the connection closed).
#[derive(Clone)]
pub(super) struct ClientGone(pub(super) CancellationToken);

/// The checks, as the options and the address bound set them.
pub(super) struct Gate {
    hosts: Vec<String>,
    origins: Vec<String>,
    bearer: Option<Arc<dyn Erased>>,
    /// The proofs of DPoP-bound tokens, when the server takes them.
    #[cfg(feature = "dpop")]
    proofs: Option<super::dpop::Proofs>,
    resource: Option<String>,
    authorization_servers: Vec<String>,
    scopes_supported: Vec<String>,
    max_body_bytes: usize,
    read_timeout: Duration,
    stop_calls_of_gone_clients: bool,
    pub(super) sessions: Arc<Sessions>,
    /// The caller (its token's subject) that opened each session, when tokens are asked for.
    owners: std::sync::Mutex<std::collections::HashMap<String, String>>,
    /// The sessions of every replica, and their owners, when the replicas share state.
    #[cfg(feature = "redis")]
    pub(super) shared: Option<super::shared::sessions::RedisSessions>,
    /// Where every response stream is kept, when the replicas share state.
    #[cfg(feature = "redis")]
    events: Option<super::shared::events::RedisEvents>,
}

/// The names and browser origins a server bound to a loopback address answers by default.
const LOOPBACK_HOSTS: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];
const LOOPBACK_ORIGINS: [&str; 6] = [
    "http://localhost:*",
    "http://127.0.0.1:*",
    "http://[::1]:*",
    "https://localhost:*",
    "https://127.0.0.1:*",
    "https://[::1]:*",
];

impl Gate {
    /// The gate for a server bound to `address`; an error saying what to set when the address is
    /// not a loopback one and the options do not say whom the server answers.
    pub(super) fn new(options: &HttpOptions, address: std::net::SocketAddr) -> std::io::Result<Self> {
        let (hosts, origins) = match (&options.allowed_hosts, &options.allowed_origins) {
            (Some(hosts), Some(origins)) => (hosts.clone(), origins.clone()),
            (hosts, origins) if address.ip().is_loopback() => (
                hosts.clone().unwrap_or_else(|| LOOPBACK_HOSTS.map(str::to_owned).to_vec()),
                origins.clone().unwrap_or_else(|| LOOPBACK_ORIGINS.map(str::to_owned).to_vec()),
            ),
            _ => {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "{address} is not a loopback address, so anyone who can reach it could call the tools, \
                         and a web page could through a browser: say which Host names clients use \
                         (HttpOptions::allowed_hosts([\"tools.example.com\"])) and which browser origins may \
                         call (HttpOptions::allowed_origins([\"https://app.example.com\"]), or none), and \
                         consider HttpOptions::bearer"
                    ),
                ));
            }
        };
        let sessions = Sessions::new(options.max_sessions, options.session_lifetime());
        #[cfg(feature = "redis")]
        let (sessions, shared, events) = match &options.shared {
            Some(state) => {
                use super::shared::{events::RedisEvents, sessions::RedisSessions};
                let kept = options.session_lifetime();
                let events = RedisEvents::new(state.clone(), kept);
                (sessions.kept_in(events.clone()), Some(RedisSessions::new(state.clone(), kept)), Some(events))
            }
            None => (sessions, None, None),
        };
        Ok(Gate {
            hosts,
            origins,
            bearer: options.bearer.clone(),
            #[cfg(feature = "dpop")]
            proofs: options.dpop.as_deref().map(super::dpop::Proofs::new).transpose()?,
            resource: options.resource.clone(),
            authorization_servers: options.authorization_servers.clone(),
            scopes_supported: options.scopes_supported.clone(),
            max_body_bytes: options.max_body_bytes,
            read_timeout: options.read_timeout,
            stop_calls_of_gone_clients: options.stops_calls_of_gone_clients(),
            owners: std::sync::Mutex::default(),
            sessions: Arc::new(sessions),
            #[cfg(feature = "redis")]
            shared,
            #[cfg(feature = "redis")]
            events,
        })
    }

    /// Whether `session` may be used by the caller whose subject is `owner` (`None`: no token is
    /// asked for). With shared state, a session this replica did not open is its opener's as
    /// Redis records it, and one nobody is recorded for is nobody's when tokens are asked for; the
    /// session is kept there another idle time from now. An error when Redis cannot be asked.
    async fn owned_by(&self, session: &str, owner: Option<&str>) -> std::io::Result<bool> {
        let opener = {
            let owners = self.owners.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            owners.get(session).cloned()
        };
        #[cfg(feature = "redis")]
        if let Some(shared) = &self.shared {
            let recorded = shared.owner_of(session).await?;
            return Ok(match opener.or(recorded) {
                Some(opener) => Some(opener.as_str()) == owner,
                None => owner.is_none(),
            });
        }
        Ok(opener.is_none_or(|opener| Some(opener.as_str()) == owner))
    }

    /// Records that `owner` opened `session`, forgetting the owners of sessions since closed.
    async fn own(&self, session: String, owner: String) {
        #[cfg(feature = "redis")]
        if let Some(shared) = &self.shared
            && let Err(err) = shared.own(&session, &owner).await
        {
            // The session goes on here; another replica will not take it up for its owner.
            tracing::warn!("{err}");
        }
        let open: Option<std::collections::HashSet<String>> =
            if self.owners_len() > 2 * self.sessions.most() { Some(self.sessions.ids().await) } else { None };
        let mut owners = self.owners.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(open) = open {
            owners.retain(|id, _| open.contains(id));
        }
        owners.insert(session, owner);
    }

    fn owners_len(&self) -> usize {
        self.owners.lock().unwrap_or_else(std::sync::PoisonError::into_inner).len()
    }

    /// The 403 for a request from a `Host` or `Origin` the server does not answer.
    fn foreign(&self, headers: &HeaderMap) -> Option<Response> {
        let host = headers.get(header::HOST).and_then(|host| host.to_str().ok());
        let Some(host) = host else {
            return Some(refused(StatusCode::BAD_REQUEST, "the request has no Host header"));
        };
        if !self.hosts.iter().any(|allowed| host_matches(allowed, host)) {
            return Some(refused(
                StatusCode::FORBIDDEN,
                &format!("the Host `{host}` is not one this server answers to (HttpOptions::allowed_hosts)"),
            ));
        }
        let origin = headers.get(header::ORIGIN)?;
        let allowed =
            origin.to_str().ok().is_some_and(|origin| self.origins.iter().any(|ok| origin_matches(ok, origin)));
        (!allowed).then(|| {
            let origin = String::from_utf8_lossy(origin.as_bytes());
            refused(
                StatusCode::FORBIDDEN,
                &format!("the Origin `{origin}` may not call this server (HttpOptions::allowed_origins)"),
            )
        })
    }

    /// The server's URL as clients know it: as configured, or the one this request was sent to.
    fn resource(&self, headers: &HeaderMap) -> String {
        self.resource.clone().unwrap_or_else(|| {
            let host = headers.get(header::HOST).and_then(|host| host.to_str().ok()).unwrap_or("localhost");
            format!("http://{host}{ENDPOINT}")
        })
    }

    /// The URL of the metadata document for `resource`.
    fn metadata_url(resource: &str) -> String {
        match resource.split_once("://") {
            Some((scheme, rest)) => {
                let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
                format!("{scheme}://{authority}/.well-known/oauth-protected-resource{path}")
            }
            None => resource.to_owned(),
        }
    }

    /// The 401 for a request without a good token (`refusal`: none came): what RFC 6750, RFC 9728
    /// and RFC 9449 say it carries. The challenge first is in the scheme the client used, else the
    /// server's first; a server that takes both schemes names the other after it.
    fn unauthorized(&self, headers: &HeaderMap, refusal: Option<Refusal<'_>>) -> Response {
        let metadata = Gate::metadata_url(&self.resource(headers));
        let dpop_first = refusal.as_ref().map_or(self.dpop_required(), |refusal| refusal.dpop);
        let mut challenge = String::from(if dpop_first { "DPoP" } else { "Bearer" });
        let needs = if self.dpop_required() { "a DPoP-bound access token" } else { "a bearer token" };
        let mut body = json!({"error": "unauthorized", "error_description": format!("this server needs {needs}")});
        if let Some(Refusal { error, why, .. }) = &refusal {
            challenge.push_str(&format!(" error=\"{error}\", error_description=\"{}\",", quoted(why)));
            body = json!({"error": error, "error_description": why});
        }
        challenge.push_str(&format!(" resource_metadata=\"{}\"", quoted(&metadata)));
        if !self.scopes_supported.is_empty() {
            challenge.push_str(&format!(", scope=\"{}\"", quoted(&self.scopes_supported.join(" "))));
        }
        #[cfg_attr(not(feature = "dpop"), expect(unused_mut))]
        let mut challenges = vec![challenge];
        #[cfg(feature = "dpop")]
        if let Some(proofs) = &self.proofs {
            let algorithms = super::dpop::Proofs::algorithms().join(" ");
            match dpop_first {
                true => challenges[0].push_str(&format!(", algs=\"{algorithms}\"")),
                false => challenges.push(format!("DPoP algs=\"{algorithms}\"")),
            }
            if dpop_first && !proofs.required {
                challenges.push(format!("Bearer resource_metadata=\"{}\"", quoted(&metadata)));
            }
        }
        let mut response = (StatusCode::UNAUTHORIZED, axum::Json(body)).into_response();
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        for challenge in challenges {
            if let Ok(value) = HeaderValue::from_str(&challenge) {
                response.headers_mut().append(header::WWW_AUTHENTICATE, value);
            }
        }
        #[cfg(feature = "dpop")]
        if let Some(nonce) = self.proofs.as_ref().and_then(super::dpop::Proofs::nonce)
            && let Ok(value) = HeaderValue::from_str(&nonce)
        {
            response.headers_mut().insert("dpop-nonce", value);
        }
        response
    }

    /// Whether the server takes DPoP-bound tokens alone.
    fn dpop_required(&self) -> bool {
        #[cfg(feature = "dpop")]
        return self.proofs.as_ref().is_some_and(|proofs| proofs.required);
        #[cfg(not(feature = "dpop"))]
        false
    }

    /// The caller of a `method` request, or the 401 it gets.
    async fn authenticate(&self, headers: &HeaderMap, method: &axum::http::Method) -> Result<Option<Caller>, Response> {
        let Some(validator) = &self.bearer else { return Ok(None) };
        let header = headers.get(header::AUTHORIZATION).and_then(|value| value.to_str().ok());
        #[cfg(feature = "dpop")]
        if let Some(proofs) = &self.proofs {
            if let Some(token) = header.and_then(|header| token_of(header, "dpop")) {
                let checked = async { validator.check(token).await.map_err(|refused| refused.0) };
                let url = self.resource(headers);
                let refusal = match proofs.check(headers, method.as_str(), &url, token, checked).await {
                    Ok(Ok(caller)) => return Ok(Some(caller)),
                    Ok(Err(why)) => super::dpop::ProofRefused { error: "invalid_token", why },
                    Err(refused) => refused,
                };
                let refusal = Refusal { dpop: true, error: refusal.error, why: &refusal.why };
                return Err(self.unauthorized(headers, Some(refusal)));
            }
            if proofs.required {
                let why = "this server takes DPoP-bound tokens alone (`Authorization: DPoP` with a proof)";
                let refusal = header.map(|_| Refusal { dpop: true, error: "invalid_token", why });
                return Err(self.unauthorized(headers, refusal));
            }
        }
        let _ = method;
        let Some(token) = header.and_then(|header| token_of(header, "bearer")) else {
            return Err(self.unauthorized(headers, None));
        };
        let refused =
            |why: &str| self.unauthorized(headers, Some(Refusal { dpop: false, error: "invalid_token", why }));
        let caller = validator.check(token).await.map_err(|refusal| refused(&refusal.0))?;
        // RFC 9449 section 7.2: a token bound to a key is no bearer token.
        #[cfg(feature = "dpop")]
        if self.proofs.is_some() && caller.claims().get("cnf").and_then(|cnf| cnf.get("jkt")).is_some() {
            return Err(refused("the token is bound to a key (DPoP): send it as `Authorization: DPoP` with a proof"));
        }
        Ok(Some(caller))
    }

    /// The Protected Resource Metadata document (RFC 9728), served when tokens are asked for.
    fn metadata(&self, headers: &HeaderMap) -> Response {
        if self.bearer.is_none() {
            return refused(StatusCode::NOT_FOUND, "this server asks for no token");
        }
        let mut document = json!({"resource": self.resource(headers), "bearer_methods_supported": ["header"]});
        #[cfg(feature = "dpop")]
        if let Some(proofs) = &self.proofs {
            document["dpop_signing_alg_values_supported"] = json!(super::dpop::Proofs::algorithms());
            document["dpop_bound_access_tokens_required"] = json!(proofs.required);
        }
        if !self.authorization_servers.is_empty() {
            document["authorization_servers"] = json!(self.authorization_servers);
        }
        if !self.scopes_supported.is_empty() {
            document["scopes_supported"] = json!(self.scopes_supported);
        }
        axum::Json(document).into_response()
    }
}

/// Why a request was refused its token: `error` (RFC 6750, RFC 9449) for `why`, told in the
/// DPoP scheme or the bearer one.
struct Refusal<'a> {
    dpop: bool,
    error: &'a str,
    why: &'a str,
}

/// A quoted-string's content (RFC 9110): `"` and `\` escaped, control characters left out.
fn quoted(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| if matches!(c, '"' | '\\') { vec!['\\', c] } else { vec![c] })
        .collect()
}

/// A refusal in plain words, as JSON: `{"error": …}`. The connection is closed after it, so that
/// a client refused again and again cannot hold one of the server's connections with it.
fn refused(status: StatusCode, why: &str) -> Response {
    let mut response = (status, axum::Json(json!({"error": why}))).into_response();
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Whether the `Host` header value `host` is the allowed `entry`: a name with a port matches that
/// port alone, without one any port. Names compare without regard to case.
fn host_matches(entry: &str, host: &str) -> bool {
    let (name, port) = split_port(host);
    let (entry_name, entry_port) = split_port(entry);
    // A port is digits: `localhost:@evil.example` is no `localhost`.
    let port_ok = port.is_none_or(|port| (1..=5).contains(&port.len()) && port.bytes().all(|b| b.is_ascii_digit()));
    port_ok && name.eq_ignore_ascii_case(entry_name) && (entry_port.is_none() || entry_port == port)
}

/// `name` and its port: `[::1]:80` is `([::1], 80)`, `example.com` has none.
fn split_port(authority: &str) -> (&str, Option<&str>) {
    match authority.rfind(':') {
        Some(colon)
            if !authority[colon..].contains(']')
                && (authority.starts_with('[') || authority[..colon].find(':').is_none()) =>
        {
            (&authority[..colon], Some(&authority[colon + 1..]))
        }
        _ => (authority, None),
    }
}

/// Whether the `Origin` value `origin` is the allowed `entry`: the same scheme and host, and the
/// same port (the scheme's own when none is written), or any port for `:*`. `null` matches only
/// itself.
fn origin_matches(entry: &str, origin: &str) -> bool {
    if entry == "null" || origin == "null" {
        return entry == origin;
    }
    let parse = |value: &str| {
        let (scheme, authority) = value.split_once("://")?;
        let authority = authority.strip_suffix('/').unwrap_or(authority);
        if authority.is_empty() || authority.contains(['/', '?', '#', '@']) {
            return None;
        }
        let (host, port) = split_port(authority);
        let default = match scheme.to_ascii_lowercase().as_str() {
            "http" => "80",
            "https" => "443",
            _ => "",
        };
        Some((scheme.to_ascii_lowercase(), host.to_ascii_lowercase(), port.unwrap_or(default).to_owned()))
    };
    let (Some(entry), Some(origin)) = (parse(entry), parse(origin)) else { return false };
    entry.0 == origin.0 && entry.1 == origin.1 && (entry.2 == "*" || entry.2 == origin.2)
}

/// The middleware in front of the MCP endpoint: the request admitted ([`Gate::admit`]) or refused,
/// then served, the session it opens recorded as its caller's, and its calls ended when its client
/// has gone.
pub(super) async fn guard(State(gate): State<Arc<Gate>>, request: Request, next: Next) -> Response {
    let admitted = match gate.admit(request).await {
        Ok(admitted) => admitted,
        Err(refusal) => return refusal,
    };
    let Admitted { parts, body, opens, owner, gone } = admitted;
    #[cfg(feature = "redis")]
    let sent = body.clone();
    let body = match body {
        Some(bytes) => Body::from(bytes),
        None => Body::empty(),
    };
    let response = next.run(Request::from_parts(parts, body)).await;
    #[cfg(feature = "redis")]
    let response = match (&gate.events, sent) {
        (Some(events), Some(sent)) => events.recorded(response, &sent, owner.clone(), gone.is_some()).await,
        _ => response,
    };
    if opens
        && let (Some(owner), Some(session)) =
            (owner, response.headers().get("mcp-session-id").and_then(|id| id.to_str().ok()))
    {
        gate.own(session.to_owned(), owner).await;
    }
    match gone {
        Some(gone) => ended_with_its_body(response, gone),
        None => response,
    }
}

/// A request the gate let through, with what it learned of it.
struct Admitted {
    /// The request's head, the caller and the mark of a gone client in its extensions.
    parts: axum::http::request::Parts,
    /// A POST's body, read whole.
    body: Option<axum::body::Bytes>,
    /// Whether it is an `initialize` that opens a session.
    opens: bool,
    /// Who owns the session it opens or names: the caller's subject (empty for a caller without
    /// one), none without a token check.
    owner: Option<String>,
    /// Cancelled when the client has gone, when the server ends a gone client's calls.
    gone: Option<CancellationToken>,
}

impl Gate {
    /// The checks a request meets before MCP sees it, in order: its `Host` and `Origin`, its bearer
    /// token, its body's size and pace, the owner of the session it names, and room for the session
    /// it opens. The first that fails is the response.
    async fn admit(&self, request: Request) -> Result<Admitted, Response> {
        if let Some(refusal) = self.foreign(request.headers()) {
            return Err(refusal);
        }
        let caller = self.authenticate(request.headers(), request.method()).await?;
        let (mut parts, body) = request.into_parts();
        let body = match parts.method == axum::http::Method::POST {
            true => Some(read_body(self, &parts.headers, body).await?),
            false => None,
        };
        let opens = opens_a_session(&parts, &body);
        let owner = caller.as_ref().map(|caller| caller.subject().unwrap_or_default().to_owned());
        self.not_the_owners(&parts.headers, owner.as_deref()).await?;
        #[cfg(feature = "redis")]
        self.resumes_its_own(&parts.headers, owner.as_deref()).await?;
        if opens {
            self.check_room().await?;
        }
        if let Some(caller) = caller {
            parts.extensions.insert(Arc::new(caller));
        }
        let gone = self.stop_calls_of_gone_clients.then(CancellationToken::new);
        if let Some(gone) = &gone {
            parts.extensions.insert(ClientGone(gone.clone()));
        }
        Ok(Admitted { parts, body, opens, owner, gone })
    }

    /// A session is its opener's: another caller naming it is told it does not exist (a session id
    /// seen in a log or through a proxy gives no way into another caller's results).
    async fn not_the_owners(&self, headers: &HeaderMap, owner: Option<&str>) -> Result<(), Response> {
        let Some(session) = headers.get("mcp-session-id").and_then(|id| id.to_str().ok()) else { return Ok(()) };
        match self.owned_by(session, owner).await {
            Ok(true) => Ok(()),
            Ok(false) => Err(refused(StatusCode::NOT_FOUND, "Session not found")),
            Err(err) => Err(store_unreachable(&err)),
        }
    }

    /// A stream taken up (`Last-Event-ID`) is its own: a session's stream in that session, a
    /// request's stream by the caller that sent the request. Any other is, to this caller, a
    /// stream that does not exist (an event id seen in a log gives no way into another's events).
    #[cfg(feature = "redis")]
    async fn resumes_its_own(&self, headers: &HeaderMap, caller: Option<&str>) -> Result<(), Response> {
        let last = headers.get("last-event-id").and_then(|id| id.to_str().ok());
        let (Some(events), Some(last)) = (&self.events, last) else { return Ok(()) };
        let session = headers.get("mcp-session-id").and_then(|id| id.to_str().ok());
        match events.may_resume(last, session, caller).await {
            Ok(true) => Ok(()),
            Ok(false) => Err(refused(StatusCode::NOT_FOUND, "no such stream")),
            Err(err) => Err(store_unreachable(&err)),
        }
    }

    /// Room for one more session, or 503 with a time to come back.
    async fn check_room(&self) -> Result<(), Response> {
        if !self.sessions.full().await {
            return Ok(());
        }
        let mut response = refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server has the most sessions it keeps open; try again when one has closed",
        );
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        Err(response)
    }
}

/// The 503 for a request the shared state could not be asked about (the operator's log says why).
fn store_unreachable(err: &std::io::Error) -> Response {
    #[cfg(feature = "redis")]
    tracing::warn!("{err}");
    #[cfg(not(feature = "redis"))]
    let _ = err;
    let mut response = refused(
        StatusCode::SERVICE_UNAVAILABLE,
        "the server cannot reach the state its replicas share; try again shortly",
    );
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
    response
}

/// `response`, whose body cancels `gone` when it is dropped: when it has been sent, or when the
/// connection closed before — either way nobody waits for the call any more.
fn ended_with_its_body(response: Response, gone: CancellationToken) -> Response {
    let (parts, body) = response.into_parts();
    let guard = gone.drop_guard();
    let body = body.into_data_stream().map(move |chunk| {
        let _held = &guard;
        chunk
    });
    Response::from_parts(parts, Body::from_stream(body))
}

/// Whether the request is an `initialize` outside any session: one that opens a session.
fn opens_a_session(parts: &axum::http::request::Parts, body: &Option<axum::body::Bytes>) -> bool {
    #[derive(serde::Deserialize)]
    struct Method<'a> {
        #[serde(borrow)]
        method: Option<std::borrow::Cow<'a, str>>,
    }
    let Some(body) = body else { return false };
    !parts.headers.contains_key("mcp-session-id")
        && serde_json::from_slice::<Method>(body).is_ok_and(|message| message.method.as_deref() == Some("initialize"))
}

/// A POST's body, whole: within the size limit (413 past it, before reading when its length is
/// declared) and the time limit (408 for a body that arrives too slowly).
async fn read_body(gate: &Gate, headers: &HeaderMap, body: Body) -> Result<axum::body::Bytes, Response> {
    let too_large = || {
        refused(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("the request body is larger than {} bytes, the most this server reads", gate.max_body_bytes),
        )
    };
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > gate.max_body_bytes as u64) {
        return Err(too_large());
    }
    match tokio::time::timeout(gate.read_timeout, axum::body::to_bytes(body, gate.max_body_bytes)).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(err)) if is_length_limit(&err) => Err(too_large()),
        Ok(Err(_)) => Err(refused(StatusCode::BAD_REQUEST, "the request body could not be read")),
        Err(_) => Err(refused(
            StatusCode::REQUEST_TIMEOUT,
            &format!("the request body did not arrive within {} s", gate.read_timeout.as_secs_f64()),
        )),
    }
}

fn is_length_limit(err: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(err) = source {
        if err.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = err.source();
    }
    false
}

/// The health check a load balancer asks (`GET /health`): 200 while the replica serves, 503 when
/// it cannot reach the state the replicas share. It says nothing else, so it is answered whatever
/// the `Host` (a load balancer's check often sends none).
pub(super) async fn health(State(gate): State<Arc<Gate>>) -> Response {
    #[cfg(feature = "redis")]
    if gate.shared.as_ref().is_some_and(|shared| !shared.reaches_the_store()) {
        return refused(StatusCode::SERVICE_UNAVAILABLE, "this replica cannot reach the state its replicas share");
    }
    let _ = gate;
    axum::Json(json!({"status": "serving"})).into_response()
}

/// The metadata document's handler.
pub(super) async fn metadata(State(gate): State<Arc<Gate>>, headers: HeaderMap) -> Response {
    gate.foreign(&headers).unwrap_or_else(|| gate.metadata(&headers))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_match_by_name_and_by_port_when_one_is_written() {
        assert!(host_matches("localhost", "localhost:8080"));
        assert!(host_matches("localhost", "LOCALHOST"));
        assert!(host_matches("[::1]", "[::1]:5000"));
        assert!(host_matches("example.com:443", "example.com:443"));
        assert!(!host_matches("example.com:443", "example.com:444"));
        assert!(!host_matches("localhost", "localhost.evil.example"));
        assert!(!host_matches("127.0.0.1", "127.0.0.2:80"));
        assert!(!host_matches("localhost", "localhost:@evil.example"));
        assert!(!host_matches("localhost", "localhost:"));
        assert!(!host_matches("localhost", "localhost:123456"));
    }

    #[test]
    fn origins_match_scheme_host_and_port() {
        assert!(origin_matches("http://localhost:*", "http://localhost:3000"));
        assert!(origin_matches("http://localhost:*", "http://localhost"));
        assert!(!origin_matches("http://localhost:*", "https://localhost:3000"));
        assert!(!origin_matches("http://localhost:*", "http://evil.example"));
        assert!(!origin_matches("http://localhost:*", "http://localhost.evil.example:80"));
        assert!(origin_matches("https://app.example.com", "https://app.example.com:443"));
        assert!(!origin_matches("https://app.example.com", "https://app.example.com:8443"));
        assert!(origin_matches("http://[::1]:*", "http://[::1]:9"));
        assert!(!origin_matches("http://localhost:*", "null"));
        assert!(origin_matches("null", "null"));
        assert!(!origin_matches("http://localhost:*", "http://user@localhost:1"));
    }

    #[test]
    fn the_metadata_document_sits_under_the_well_known_path_of_the_resource() {
        assert_eq!(
            Gate::metadata_url("https://tools.example.com/mcp"),
            "https://tools.example.com/.well-known/oauth-protected-resource/mcp"
        );
        assert_eq!(
            Gate::metadata_url("http://127.0.0.1:9/mcp"),
            "http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp"
        );
        assert_eq!(quoted("a \"b\" \\ c\n"), "a \\\"b\\\" \\\\ c");
    }
}
