//! [`RedisState`]: what the replicas of one server share, in Redis or Valkey (feature `redis`).
//!
//! Each replica keeps its sessions' workers and its calls in its own memory, as one process does;
//! what another replica must see lives in the store:
//!
//! - each 2025-11-25 session (`<prefix>:session:<id>`, a hash: the client's `initialize` and the
//!   caller that opened it), so that a request landing on another replica finds the session and
//!   its owner ([`sessions`]);
//! - each response stream's events (`<prefix>:events:<stream>`, a Redis stream), so that a client
//!   that lost its stream takes it up with `Last-Event-ID` on any replica, and misses nothing
//!   ([`events`]);
//! - each task (`<prefix>:task:<id>`), mirrored by the replica that runs it, so that any replica
//!   answers `tasks/get`, and hands it answers and a cancellation given elsewhere ([`tasks`]);
//! - each replica's lease (`<prefix>:replica:<id>`), renewed while it serves: a stream whose
//!   replica's lease has run out will get no more events, and its reader is told so.

pub(super) mod events;
mod scripts;
pub(super) mod sessions;
pub(super) mod tasks;

use std::fmt;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{AsyncConnectionConfig, Client, ConnectionAddr, IntoConnectionInfo, TlsCertificates};
use tokio_util::sync::CancellationToken;

/// How long a Redis command may take before it fails (a store that hangs must not hang requests).
const COMMAND_TIMEOUT: Duration = Duration::from_secs(5);

/// The state the replicas of one server share, in Redis (or Valkey): give it to every replica
/// with [`HttpOptions::shared_state`](super::HttpOptions::shared_state), and any replica answers
/// any request.
///
/// - A 2025-11-25 session opened on one replica is served by any other: the session (the
///   client's `initialize`, and who opened it when tokens are asked for) is kept in Redis, and a
///   replica that does not know it takes it up from there.
/// - Every response stream is kept in Redis as it is sent, for as long as a session may go
///   unused. A client whose stream broke (its replica was stopped, or the network failed) sends
///   `GET` with `Last-Event-ID` to any replica and gets every event after that one, then the rest
///   as they come, ending with the response.
/// - A replica renews a lease in Redis while it serves. A stream whose replica's lease ran out
///   (killed, or cut off from Redis) gets no more events: a client reading it gets a JSON-RPC
///   error for its request saying so, and the stream ends. Nothing waits forever.
///
/// Safe by default: a Redis at an address other than a loopback one is refused without a
/// password (`rediss://:password@host:6380`, or `rediss://user:password@…` with an ACL user), and
/// refused in plain text: off this machine, `rediss://` (TLS, checked against the system's root
/// certificates, or those of [`RedisOptions::root_certificates`]) unless the operator says the
/// network keeps it ([`RedisOptions::plain_text_off_this_machine`]). A socket
/// (`redis+unix:///run/redis.sock`) is reached as its file permissions allow. Neither the
/// password nor the URL appears in an error or in `Debug`. A `rediss://` connection makes rustls'
/// aws-lc the process' default cryptography, unless the program installed one first.
///
/// ```no_run
/// # async fn serve() -> std::io::Result<()> {
/// use toolc_mcp::{HttpOptions, RedisState};
///
/// let url = std::env::var("REDIS_URL").expect("REDIS_URL names the shared Redis");
/// let shared = RedisState::connect(&url).await?;
/// let options = HttpOptions::default().shared_state(shared);
/// # let _ = options;
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct RedisState {
    client: Client,
    connection: ConnectionManager,
    /// Where Redis is, for errors: `host:port` or the socket's path.
    address: String,
    prefix: Arc<str>,
    /// This replica's id: random, new at every start.
    replica: Arc<str>,
    lease: Duration,
    /// When the lease was last renewed, in milliseconds after `born`: a replica that has not
    /// renewed it for two thirds of it says it is unhealthy, so that the load balancer sends its
    /// requests elsewhere, and stops writing what other replicas may already have taken over.
    renewed_at: Arc<AtomicU64>,
    born: Instant,
    /// Cancelled when the server this state serves stops (set when it starts serving).
    stop: Arc<OnceLock<CancellationToken>>,
}

impl fmt::Debug for RedisState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisState")
            .field("address", &self.address)
            .field("prefix", &self.prefix)
            .field("replica", &self.replica)
            .field("lease", &self.lease)
            .finish_non_exhaustive()
    }
}

impl RedisState {
    /// Connects to the Redis at `url` (`rediss://…` over TLS, `redis://…` in plain text on this
    /// machine, or `redis+unix://…`) and checks that it answers. The connection is taken up again
    /// by itself when it breaks.
    ///
    /// An error names the address (never the password) and why: a URL that is not one, a Redis
    /// at a non-loopback address without a password or in plain text, or one that cannot be
    /// reached, whose certificate is not trusted, or that refuses the password.
    pub async fn connect(url: &str) -> io::Result<RedisState> {
        RedisState::connect_with(url, RedisOptions::default()).await
    }

    /// [`connect`](Self::connect), with the TLS roots or the plain-text allowance `options` give.
    pub async fn connect_with(url: &str, options: RedisOptions) -> io::Result<RedisState> {
        let invalid = |why: String| io::Error::new(io::ErrorKind::InvalidInput, why);
        // redis' own parse error may quote the URL, password and all: this one does not.
        let info = url.into_connection_info().map_err(|_| {
            invalid(
                "the Redis URL is not one: write rediss://[:password@]host[:port][/db], \
                 redis://[:password@]host[:port][/db] or redis+unix:///path"
                    .into(),
            )
        })?;
        let address = info.addr().to_string();
        let (remote, tls) = match info.addr() {
            ConnectionAddr::Tcp(host, _) => (!is_loopback(host), false),
            ConnectionAddr::TcpTls { insecure: true, .. } => {
                return Err(invalid(format!(
                    "the Redis URL for {address} asks that its certificate go unchecked (#insecure): anyone on \
                     the way could stand in for Redis; give its authority's certificate with \
                     RedisOptions::root_certificates instead"
                )));
            }
            ConnectionAddr::TcpTls { host, .. } => (!is_loopback(host), true),
            _ => (false, false),
        };
        if remote && info.redis_settings().password().is_none() {
            return Err(invalid(format!(
                "the Redis at {address} is not on this machine and the URL gives no password: anyone who \
                 reaches it could read the sessions and write into their streams; set one (requirepass, or \
                 an ACL user) and give it as rediss://:password@{address}"
            )));
        }
        if remote && !tls && !options.plain_text_off_this_machine {
            return Err(invalid(format!(
                "the Redis at {address} is not on this machine and the URL is redis://, in plain text: the \
                 password, the sessions and their streams would cross the network readable by anyone on the \
                 way; write rediss:// (TLS), or, on a network that keeps them (a private link, a sidecar that \
                 encrypts), say so with RedisOptions::plain_text_off_this_machine()"
            )));
        }
        let client = match options.root_certificates {
            Some(_) if !tls => {
                return Err(invalid(format!(
                    "root certificates are given for the Redis at {address}, but the URL is not rediss:// (TLS)"
                )));
            }
            Some(pem) => {
                install_crypto();
                let certificates = TlsCertificates { client_tls: None, root_cert: Some(pem) };
                Client::build_with_tls(info, certificates).map_err(|err| {
                    invalid(format!(
                        "the root certificates for the Redis at {address} are not PEM ones: {}",
                        said(&err)
                    ))
                })?
            }
            None => {
                if tls {
                    install_crypto();
                }
                Client::open(info).map_err(|err| invalid(format!("the Redis at {address}: {}", said(&err))))?
            }
        };
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(COMMAND_TIMEOUT))
            .set_response_timeout(Some(COMMAND_TIMEOUT))
            .set_number_of_retries(2);
        let mut connection = client.get_connection_manager_with_config(config).await.map_err(|err| {
            let why = said(&err);
            let hint = if why.contains("certificate") {
                " (a Redis whose certificate a private authority signed is trusted with \
                     RedisOptions::root_certificates, given that authority's certificate)"
            } else {
                ""
            };
            io::Error::other(format!("cannot reach Redis at {address}: {why}{hint}"))
        })?;
        redis::cmd("PING")
            .query_async::<String>(&mut connection)
            .await
            .map_err(|err| io::Error::other(format!("Redis at {address} does not answer: {}", said(&err))))?;
        Ok(RedisState {
            client,
            connection,
            address,
            prefix: Arc::from("toolc"),
            replica: Arc::from(random_id().as_str()),
            lease: Duration::from_secs(10),
            renewed_at: Arc::new(AtomicU64::new(0)),
            born: Instant::now(),
            stop: Arc::default(),
        })
    }

    /// The prefix of every key (default `toolc`): servers of different toolboxes sharing one Redis
    /// each take their own.
    pub fn prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = Arc::from(prefix.into().as_str());
        self
    }

    /// How long a replica's lease lasts without being renewed (default 10 s; renewed every third
    /// of it while the replica serves). A client reading a stream of a replica that was killed
    /// learns it within this time; a replica that cannot reach Redis for this long is taken for
    /// gone.
    pub fn replica_lease(mut self, lease: Duration) -> Self {
        self.lease = lease.max(Duration::from_millis(300));
        self
    }

    /// The key of `kind` (`session`, `events`, …) for `id`.
    fn key(&self, kind: &str, id: &str) -> String {
        format!("{}:{kind}:{id}", self.prefix)
    }

    /// The connection for short commands, shared.
    fn connection(&self) -> ConnectionManager {
        self.connection.clone()
    }

    /// A connection of its own, for a command that blocks (a stream's reader waiting for events).
    async fn dedicated(&self) -> redis::RedisResult<redis::aio::MultiplexedConnection> {
        let config = AsyncConnectionConfig::new()
            .set_connection_timeout(Some(COMMAND_TIMEOUT))
            .set_response_timeout(Some(COMMAND_TIMEOUT + events::WAIT));
        self.client.get_multiplexed_async_connection_with_config(&config).await
    }

    /// An error of the store, for a log or a client: what failed, where, and Redis' reason.
    fn failed(&self, what: &str, err: &redis::RedisError) -> io::Error {
        io::Error::other(format!("{what} in Redis at {}: {}", self.address, said(err)))
    }

    /// Keeps this replica's lease while `serving` lasts, and gives it up when it ends (a server
    /// stopped on purpose is known gone at once).
    pub(super) fn hold_lease(&self, serving: CancellationToken) {
        let _ = self.stop.set(serving.clone());
        let state = self.clone();
        let key = self.key("replica", &self.replica);
        let lease = millis(self.lease);
        tokio::spawn(async move {
            let mut connection = state.connection();
            loop {
                // Timed from before the request: the lease runs from when Redis may have set it.
                let asked = state.born.elapsed();
                let renewed: redis::RedisResult<()> =
                    redis::cmd("SET").arg(&key).arg("serving").arg("PX").arg(lease).query_async(&mut connection).await;
                match &renewed {
                    Ok(()) => state.renewed_at.store(millis(asked), Ordering::Release),
                    Err(err) => tracing::warn!("{}", state.failed("renewing this replica's lease", err)),
                }
                tokio::select! {
                    () = tokio::time::sleep(state.lease / 3) => {}
                    () = serving.cancelled() => break,
                }
            }
            let _: redis::RedisResult<()> = redis::cmd("DEL").arg(&key).query_async(&mut connection).await;
        });
    }

    /// Whether this replica surely still holds its lease: renewed less than two thirds of it ago.
    /// Past that, other replicas may soon take it for gone (a replica stalled, or cut off from
    /// Redis), so it stops writing what they would take over.
    pub(super) fn holds_lease(&self) -> bool {
        self.since_renewal() < self.lease * 2 / 3
    }

    /// Whether this replica reaches Redis: it renewed its lease within the lease's length (it has
    /// not been taken for gone). A load balancer's health check asks this, and a replica slowed a
    /// moment is not taken out of its rotation for it.
    pub(super) fn reaches_the_store(&self) -> bool {
        self.since_renewal() < self.lease
    }

    fn since_renewal(&self) -> Duration {
        let renewed = Duration::from_millis(self.renewed_at.load(Ordering::Acquire));
        self.born.elapsed().saturating_sub(renewed)
    }

    /// Whether the server this state serves is stopping.
    fn stopping(&self) -> bool {
        self.stop.get().is_some_and(CancellationToken::is_cancelled)
    }

    /// Whether the replica `replica` holds its lease.
    async fn serving(&self, replica: &str) -> redis::RedisResult<bool> {
        redis::cmd("EXISTS").arg(self.key("replica", replica)).query_async(&mut self.connection()).await
    }
}

/// How [`RedisState::connect_with`] reaches Redis: the root certificates its TLS certificate is
/// checked against, and whether plain text may leave this machine.
#[derive(Clone, Default)]
pub struct RedisOptions {
    root_certificates: Option<Vec<u8>>,
    plain_text_off_this_machine: bool,
}

impl fmt::Debug for RedisOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisOptions")
            .field("root_certificates", &self.root_certificates.is_some())
            .field("plain_text_off_this_machine", &self.plain_text_off_this_machine)
            .finish()
    }
}

impl RedisOptions {
    /// Checks the certificate of a `rediss://` Redis against the certificate authorities in `pem`
    /// (one or more PEM certificates: a private authority's, or a managed Redis' own) instead of
    /// the system's.
    pub fn root_certificates(mut self, pem: impl Into<Vec<u8>>) -> Self {
        self.root_certificates = Some(pem.into());
        self
    }

    /// Lets a `redis://` URL reach a Redis off this machine in plain text: for a network that
    /// keeps what crosses it (a private link, or a sidecar or mesh that encrypts it), said on
    /// purpose. Without it such a URL is refused.
    pub fn plain_text_off_this_machine(mut self) -> Self {
        self.plain_text_off_this_machine = true;
        self
    }
}

/// Makes rustls' cryptography (aws-lc, as the rest of toolc's TLS) the process' default unless
/// the program chose one: redis builds its TLS configuration on the process' default. (A program
/// that sets its own default after connecting to a `rediss://` Redis finds aws-lc already set.)
fn install_crypto() {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
}

/// `duration` in milliseconds, as Redis takes a time (`PX`, `PEXPIRE`, `BLOCK`).
fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// Redis' reason, without anything that could carry a secret (its code and words, not the command).
fn said(err: &redis::RedisError) -> String {
    match (err.code(), err.detail()) {
        (Some(code), Some(detail)) => format!("{code} {detail}"),
        _ => err.to_string(),
    }
}

/// Whether `host` (a name or an address, IPv6 in brackets or not) is this machine.
fn is_loopback(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.eq_ignore_ascii_case("localhost") || bare.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// 128 random bits as hex.
fn random_id() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the system's random source");
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_machine_is_loopback() {
        assert!(is_loopback("127.0.0.1"));
        assert!(is_loopback("localhost"));
        assert!(is_loopback("[::1]"));
        assert!(is_loopback("::1"));
        assert!(!is_loopback("10.0.0.5"));
        assert!(!is_loopback("redis.internal"));
    }

    #[tokio::test]
    async fn a_remote_redis_in_plain_text_is_refused_unless_the_operator_says_so() {
        let err = RedisState::connect("redis://:hunter2@10.255.255.1:6379").await.unwrap_err();
        assert!(err.to_string().contains("plain text") && err.to_string().contains("rediss://"), "{err}");
        assert!(!err.to_string().contains("hunter2"), "the password is never said: {err}");
        // Said on purpose, the URL is taken: the replica goes to reach the address (a documentation
        // one, where nobody answers), and is not refused.
        let options = RedisOptions::default().plain_text_off_this_machine();
        let reaching = RedisState::connect_with("redis://:hunter2@192.0.2.1:6379", options);
        if let Ok(reached) = tokio::time::timeout(Duration::from_millis(300), reaching).await {
            let err = reached.unwrap_err().to_string();
            assert!(err.starts_with("cannot reach Redis at 192.0.2.1:6379") && !err.contains("hunter2"), "{err}");
        }
        let roots = RedisOptions::default().root_certificates("not a certificate");
        let err = RedisState::connect_with("redis://127.0.0.1:6379", roots).await.unwrap_err();
        assert!(err.to_string().contains("not rediss://"), "{err}");
        assert_eq!(
            format!("{:?}", RedisOptions::default().root_certificates("-----BEGIN CERTIFICATE-----")),
            "RedisOptions { root_certificates: true, plain_text_off_this_machine: false }"
        );
    }

    #[tokio::test]
    async fn a_remote_redis_without_a_password_is_refused_before_any_connection() {
        let err = RedisState::connect("redis://10.255.255.1:6379").await.unwrap_err();
        assert!(err.to_string().contains("no password"), "{err}");
        let err = RedisState::connect("rediss://:hunter2@redis.internal:6380/#insecure").await.unwrap_err();
        assert!(err.to_string().contains("unchecked") && !err.to_string().contains("hunter2"), "{err}");
        let err = RedisState::connect("redis://:hunter2@[bad").await.unwrap_err();
        assert!(!err.to_string().contains("hunter2"), "the password is never said: {err}");
    }
}
