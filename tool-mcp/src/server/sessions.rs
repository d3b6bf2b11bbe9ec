//! [`Sessions`]: rmcp's in-memory sessions, at most so many at once; with shared state, their
//! streams kept in Redis and sessions of other replicas taken up.

use std::sync::Arc;
use std::time::Duration;

use futures_util::Stream;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::common::server_side_http::{ServerSseMessage, SessionId};
use rmcp::transport::streamable_http_server::SessionManager;
use rmcp::transport::streamable_http_server::session::local::{LocalSessionManager, LocalSessionManagerError};
use rmcp::transport::streamable_http_server::session::{EventStore, RestoreOutcome};

/// rmcp's [`LocalSessionManager`] with a ceiling: a session past `most` is refused (the HTTP layer
/// answers 503 before it gets here, except in a race between two `initialize` requests).
pub(super) struct Sessions {
    local: LocalSessionManager,
    most: usize,
    /// Held from counting to inserting, so that no two new sessions pass the ceiling together.
    creating: tokio::sync::Mutex<()>,
}

/// Why a session could not be made or used.
#[derive(Debug)]
pub(super) enum SessionsError {
    Full(usize),
    Local(LocalSessionManagerError),
}

impl std::fmt::Display for SessionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionsError::Full(most) => write!(f, "the server has the most sessions it keeps open ({most})"),
            SessionsError::Local(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for SessionsError {}

impl From<LocalSessionManagerError> for SessionsError {
    fn from(err: LocalSessionManagerError) -> Self {
        SessionsError::Local(err)
    }
}

impl Sessions {
    /// At most `most` sessions, each closed after `lifetime` without a request
    /// ([`HttpOptions::session_lifetime`](super::HttpOptions::session_lifetime)).
    pub(super) fn new(most: usize, lifetime: Duration) -> Self {
        let mut local = LocalSessionManager::default();
        local.session_config.keep_alive = Some(lifetime);
        Sessions { local, most, creating: tokio::sync::Mutex::new(()) }
    }

    /// Every stream kept in `events`, for any replica to take up.
    #[cfg(feature = "redis")]
    pub(super) fn kept_in(mut self, events: super::shared::events::RedisEvents) -> Self {
        self.local = self.local.with_event_store(Arc::new(events));
        self
    }

    /// The most sessions open at once.
    pub(super) fn most(&self) -> usize {
        self.most
    }

    /// The ids of the sessions open now.
    pub(super) async fn ids(&self) -> std::collections::HashSet<String> {
        self.local.sessions.read().await.keys().map(ToString::to_string).collect()
    }

    /// Whether another session would pass the ceiling.
    pub(super) async fn full(&self) -> bool {
        self.local.sessions.read().await.len() >= self.most
    }
}

impl SessionManager for Sessions {
    type Error = SessionsError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        let _creating = self.creating.lock().await;
        if self.full().await {
            return Err(SessionsError::Full(self.most));
        }
        Ok(self.local.create_session().await?)
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.local.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.local.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        Ok(self.local.close_session(id).await?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.local.create_stream(id, message).await.map_err(SessionsError::from)
    }

    async fn accept_message(&self, id: &SessionId, message: ClientJsonRpcMessage) -> Result<(), Self::Error> {
        Ok(self.local.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.local.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.local.resume(id, last_event_id).await?)
    }

    async fn restore_session(&self, id: SessionId) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        let _creating = self.creating.lock().await;
        if !self.local.has_session(&id).await? && self.full().await {
            return Err(SessionsError::Full(self.most));
        }
        Ok(self.local.restore_session(id).await?)
    }

    fn event_store(&self) -> Option<Arc<dyn EventStore>> {
        self.local.event_store()
    }
}
