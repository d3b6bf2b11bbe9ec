//! 2025-11-25 sessions kept in Redis (rmcp's `SessionStore`, and who opened each): a request
//! naming a session another replica opened is served here, by the same caller alone.
//!
//! A session is a hash, `<prefix>:session:<id>`: `state`, the client's `initialize` as rmcp keeps
//! it, and `owner`, the subject of the token that opened it (when tokens are asked for). It lives
//! as long as the session may go unused, from its last request on any replica.

use std::io;
use std::time::Duration;

use rmcp::transport::streamable_http_server::session::{SessionState, SessionStore, SessionStoreError};

use super::RedisState;

/// The sessions of a server's replicas, in Redis, each kept for `idle` after its last request.
#[derive(Clone)]
pub(in crate::server) struct RedisSessions {
    state: RedisState,
    idle: Duration,
}

impl RedisSessions {
    pub(in crate::server) fn new(state: RedisState, idle: Duration) -> Self {
        RedisSessions { state, idle }
    }

    /// Whether this replica still reaches Redis (it renewed its lease within its length).
    pub(in crate::server) fn reaches_the_store(&self) -> bool {
        self.state.reaches_the_store()
    }

    fn idle_ms(&self) -> u64 {
        super::millis(self.idle)
    }

    /// Who opened `session` (`Some("")` for a caller without a subject; `None` when nobody is
    /// recorded, or no such session is kept), the session kept another `idle` from now: one round
    /// trip, at every request that names a session.
    pub(in crate::server) async fn owner_of(&self, session: &str) -> io::Result<Option<String>> {
        if !is_session_id(session) {
            return Ok(None);
        }
        let key = self.state.key("session", session);
        let mut pipe = redis::pipe();
        pipe.cmd("HGET").arg(&key).arg("owner").cmd("PEXPIRE").arg(&key).arg(self.idle_ms()).ignore();
        let (owner,): (Option<String>,) = pipe
            .query_async(&mut self.state.connection())
            .await
            .map_err(|err| self.state.failed("looking up a session", &err))?;
        Ok(owner)
    }

    /// Records that the caller whose subject is `owner` opened `session`.
    pub(in crate::server) async fn own(&self, session: &str, owner: &str) -> io::Result<()> {
        let key = self.state.key("session", session);
        let mut pipe = redis::pipe();
        pipe.cmd("HSET").arg(&key).arg("owner").arg(owner).ignore();
        pipe.cmd("PEXPIRE").arg(&key).arg(self.idle_ms()).ignore();
        pipe.query_async::<()>(&mut self.state.connection())
            .await
            .map_err(|err| self.state.failed("recording a session's owner", &err))
    }
}

#[async_trait::async_trait]
impl SessionStore for RedisSessions {
    async fn load(&self, session_id: &str) -> Result<Option<SessionState>, SessionStoreError> {
        if !is_session_id(session_id) {
            return Ok(None);
        }
        let state: Option<String> = redis::cmd("HGET")
            .arg(self.state.key("session", session_id))
            .arg("state")
            .query_async(&mut self.state.connection())
            .await
            .map_err(|err| self.state.failed("loading a session", &err))?;
        match state {
            Some(json) => Ok(Some(serde_json::from_str(&json)?)),
            None => Ok(None),
        }
    }

    async fn store(&self, session_id: &str, state: &SessionState) -> Result<(), SessionStoreError> {
        let key = self.state.key("session", session_id);
        let mut pipe = redis::pipe();
        pipe.cmd("HSET").arg(&key).arg("state").arg(serde_json::to_string(state)?).ignore();
        pipe.cmd("PEXPIRE").arg(&key).arg(self.idle_ms()).ignore();
        pipe.query_async::<()>(&mut self.state.connection())
            .await
            .map_err(|err| self.state.failed("keeping a session", &err))?;
        Ok(())
    }

    async fn delete(&self, session_id: &str) -> Result<(), SessionStoreError> {
        redis::cmd("DEL")
            .arg(self.state.key("session", session_id))
            .query_async::<()>(&mut self.state.connection())
            .await
            .map_err(|err| self.state.failed("closing a session", &err))?;
        Ok(())
    }
}

/// A session id as a client sends it, fit to be part of a key: rmcp's are UUIDs.
fn is_session_id(session: &str) -> bool {
    !session.is_empty()
        && session.len() <= 128
        && session.bytes().all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_'))
}
