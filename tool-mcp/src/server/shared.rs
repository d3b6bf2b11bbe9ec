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
pub(super) mod sessions;
pub(super) mod tasks;

use std::fmt;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{AsyncConnectionConfig, Client, ConnectionAddr};
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
/// password (`redis://:password@host:6379`, or `redis://user:password@…` with an ACL user); a
/// socket (`redis+unix:///run/redis.sock`) is reached as its file permissions allow. Neither the
/// password nor the URL appears in an error or in `Debug`.
///
/// ```no_run
/// # async fn serve() -> std::io::Result<()> {
/// use tool_mcp::{HttpOptions, RedisState};
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
    /// Whether the lease's last renewal went through: a replica cut off from Redis says it is
    /// unhealthy, so that the load balancer sends its requests elsewhere.
    renewed: Arc<AtomicBool>,
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
    /// Connects to the Redis at `url` (`redis://…` or `redis+unix://…`) and checks that it
    /// answers. The connection is taken up again by itself when it breaks.
    ///
    /// An error names the address (never the password) and why: a URL that is not one, a Redis
    /// at a non-loopback address without a password, or one that cannot be reached or refuses
    /// the password.
    pub async fn connect(url: &str) -> io::Result<RedisState> {
        let invalid = |why: String| io::Error::new(io::ErrorKind::InvalidInput, why);
        // redis' own parse error may quote the URL, password and all: this one does not.
        let client = Client::open(url).map_err(|_| {
            invalid("the Redis URL is not one: write redis://[:password@]host[:port][/db] or redis+unix:///path".into())
        })?;
        let info = client.get_connection_info();
        let address = info.addr().to_string();
        let remote = match info.addr() {
            ConnectionAddr::Tcp(host, _) | ConnectionAddr::TcpTls { host, .. } => !is_loopback(host),
            _ => false,
        };
        if remote && info.redis_settings().password().is_none() {
            return Err(invalid(format!(
                "the Redis at {address} is not on this machine and the URL gives no password: anyone who \
                 reaches it could read the sessions and write into their streams; set one (requirepass, or \
                 an ACL user) and give it as redis://:password@{address}"
            )));
        }
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(COMMAND_TIMEOUT))
            .set_response_timeout(Some(COMMAND_TIMEOUT))
            .set_number_of_retries(2);
        let mut connection = client
            .get_connection_manager_with_config(config)
            .await
            .map_err(|err| io::Error::other(format!("cannot reach Redis at {address}: {}", said(&err))))?;
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
            renewed: Arc::new(AtomicBool::new(true)),
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
        let state = self.clone();
        let key = self.key("replica", &self.replica);
        let lease = millis(self.lease);
        tokio::spawn(async move {
            let mut connection = state.connection();
            loop {
                let renewed: redis::RedisResult<()> =
                    redis::cmd("SET").arg(&key).arg("serving").arg("PX").arg(lease).query_async(&mut connection).await;
                if let Err(err) = &renewed {
                    tracing::warn!("{}", state.failed("renewing this replica's lease", err));
                }
                state.renewed.store(renewed.is_ok(), Ordering::Release);
                tokio::select! {
                    () = tokio::time::sleep(state.lease / 3) => {}
                    () = serving.cancelled() => break,
                }
            }
            let _: redis::RedisResult<()> = redis::cmd("DEL").arg(&key).query_async(&mut connection).await;
        });
    }

    /// Whether this replica's lease was renewed the last time it was due.
    pub(super) fn holds_lease(&self) -> bool {
        self.renewed.load(Ordering::Acquire)
    }

    /// Whether the replica `replica` holds its lease.
    async fn serving(&self, replica: &str) -> redis::RedisResult<bool> {
        redis::cmd("EXISTS").arg(self.key("replica", replica)).query_async(&mut self.connection()).await
    }
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
    async fn a_remote_redis_without_a_password_is_refused_before_any_connection() {
        let err = RedisState::connect("redis://10.255.255.1:6379").await.unwrap_err();
        assert!(err.to_string().contains("no password"), "{err}");
        let err = RedisState::connect("redis://:hunter2@[bad").await.unwrap_err();
        assert!(!err.to_string().contains("hunter2"), "the password is never said: {err}");
    }
}
