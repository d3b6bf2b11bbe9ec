//! Response streams kept in Redis as they are sent (rmcp's `EventStore`): a client whose stream
//! broke takes it up on any replica with `Last-Event-ID`.
//!
//! A stream is a Redis stream, `<prefix>:events:<stream>`; an event's id, as the client sees it,
//! is `<stream>/<entry id>`. Each entry holds the JSON-RPC message (`m`), the retry hint (`t`),
//! the replica that wrote it (`r`), and `end` on the response that ends a request's stream (or
//! alone, on a stream its replica closed without a response).
//!
//! A stream whose replica was taken for gone is ended by the first reader that saw it so, with an
//! error for its request, and marked `<prefix>:ended:<stream>`; a replica that was only stalled and
//! comes back cannot write after that end (the write and the look at the mark are one script).

use std::collections::HashSet;
use std::io;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::body::Body;
use axum::response::Response;
use futures_util::StreamExt;
use redis::streams::{StreamId, StreamRangeReply, StreamReadReply};
use rmcp::ErrorData;
use rmcp::model::{JsonRpcMessage, RequestId, ServerJsonRpcMessage};
use rmcp::transport::common::server_side_http::ServerSseMessage;
use rmcp::transport::streamable_http_server::session::{EventId, EventStore, EventStoreError, EventStream};
use tokio::sync::mpsc;

use super::RedisState;
use super::scripts::{ADD, CLOSE};

/// How long a reader waits on Redis for new events before it looks whether the stream's replica
/// still serves.
pub(in crate::server) const WAIT: Duration = Duration::from_secs(1);

/// The most events a stream keeps (about: Redis trims whole blocks); a call that sends more has
/// its oldest forgotten.
const MOST_EVENTS: usize = 10_000;

/// The suffix of rmcp's id for a session's stream of its own (`GET` without `Last-Event-ID`),
/// which any replica holding the session writes to and no response ends.
const SESSION_STREAM: &str = ":common";

/// The response streams of a server's replicas, in Redis, each kept for `kept` after its last
/// event.
#[derive(Clone)]
pub(in crate::server) struct RedisEvents {
    state: RedisState,
    kept: Duration,
    /// The request streams whose response this replica kept, until their body ends.
    answered: Arc<Mutex<HashSet<String>>>,
}

impl RedisEvents {
    pub(in crate::server) fn new(state: RedisState, kept: Duration) -> Self {
        RedisEvents { state, kept, answered: Arc::default() }
    }

    fn kept_ms(&self) -> u64 {
        super::millis(self.kept)
    }

    /// `response`, when it is an event stream answering the JSON-RPC request `body`, with its
    /// stream recorded as that request's before its first event reaches the client: whoever
    /// takes the stream up on another replica can then answer the request if this one goes.
    ///
    /// The response's head waits for its first event, so that both leave together: a replica
    /// that dies between the two would leave the client with a stream it has no id to take up.
    ///
    /// `caller` is the subject of the caller's token (`Some("")` for one without a subject, `None`
    /// when no token is asked for): the stream is that caller's alone to take up.
    ///
    /// `stops_when_left` says that the call stops when its client leaves the stream (the server
    /// ends gone clients' calls).
    pub(in crate::server) async fn recorded(
        &self,
        response: Response,
        body: &[u8],
        caller: Option<String>,
        stops_when_left: bool,
    ) -> Response {
        #[derive(serde::Deserialize)]
        struct Request {
            id: Option<RequestId>,
            method: Option<serde::de::IgnoredAny>,
        }
        let Ok(Request { id: Some(request), method: Some(_) }) = serde_json::from_slice(body) else { return response };
        let streamed = response
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .is_some_and(|kind| kind.as_bytes().starts_with(b"text/event-stream"));
        if !streamed {
            return response;
        }
        let (parts, body) = response.into_parts();
        let mut body = body.into_data_stream();
        // What comes before the first event (a keep-alive comment) waits with the head.
        let mut before = Vec::new();
        let mut stream = None;
        while let Some(chunk) = body.next().await {
            let id = chunk.as_ref().ok().and_then(|bytes| first_event_id(bytes));
            before.push(chunk);
            if let Some(id) = id {
                let request = Answered { id: request, caller };
                if let Err(err) = self.answering(&id, &request).await {
                    tracing::warn!("{err}");
                }
                // Also from an id that cannot be taken up (`<stream>/-`, its event not kept).
                stream = id.rsplit_once('/').map(|(stream, _)| stream).filter(|s| is_stream_id(s)).map(str::to_owned);
                break;
            }
        }
        // A stream closed without its response is ended in Redis too: when the server ends it,
        // or when the client leaves it and that stops the call.
        let closer = Closer { events: self.clone(), stream, on_drop: stops_when_left, finished: false };
        let closed = futures_util::stream::once(async move {
            let mut closer = closer;
            closer.finished = true;
        })
        .filter_map(|()| std::future::ready(None));
        let body = futures_util::stream::iter(before).chain(body).chain(closed);
        Response::from_parts(parts, Body::from_stream(body))
    }

    /// Ends `stream` in Redis when its replica closed it without a response.
    async fn close(&self, stream: &str) {
        let mut close = CLOSE.key(self.state.key("events", stream));
        close.key(self.state.key("ended", stream)).arg(&*self.state.replica);
        if let Err(err) = close.invoke_async::<i64>(&mut self.state.connection()).await {
            tracing::warn!("{}", self.state.failed("ending a stream closed without its response", &err));
        }
    }

    /// Records that the stream of `event_id` answers `request`: a reader of a stream whose
    /// replica is gone is answered for that request, and only its caller may take it up.
    async fn answering(&self, event_id: &str, request: &Answered) -> io::Result<()> {
        let Some((stream, _)) = parse(event_id) else { return Ok(()) };
        let id = serde_json::to_string(request).map_err(io::Error::other)?;
        redis::cmd("SET")
            .arg(self.state.key("request", stream))
            .arg(id)
            .arg("PX")
            .arg(self.kept_ms())
            .query_async::<()>(&mut self.state.connection())
            .await
            .map_err(|err| self.state.failed("recording a stream's request", &err))
    }

    /// The entry `entry` of `stream` as the event sent to the client; `None` for one that is not
    /// an event this store wrote.
    fn event(stream: &str, entry: &StreamId) -> Option<ServerSseMessage> {
        let message: Option<ServerJsonRpcMessage> = match entry.get::<String>("m") {
            Some(json) => Some(serde_json::from_str::<ServerJsonRpcMessage>(&json).ok()?),
            None => None,
        };
        let mut event = match message {
            Some(message) => ServerSseMessage::from_message(message),
            None => ServerSseMessage::retry(Duration::ZERO),
        };
        event.event_id = Some(format!("{stream}/{}", entry.id));
        event.retry = entry.get::<u64>("t").map(Duration::from_millis);
        Some(event)
    }

    /// Ends the stream of a replica that is gone with an error for its request, saying so. The
    /// error is written once, by whichever reader comes first, and every reader gets it at its
    /// next read. Gives whether the stream has (or is about to have) that end: not when its
    /// request is not known (a 2026-07-28 request's stream, which then just ends).
    async fn end_for_gone(&self, stream: &str) -> redis::RedisResult<bool> {
        let mut connection = self.state.connection();
        let request: Option<String> =
            redis::cmd("GET").arg(self.state.key("request", stream)).query_async(&mut connection).await?;
        let Some(Answered { id, .. }) = request.and_then(|request| serde_json::from_str(&request).ok()) else {
            return Ok(false);
        };
        let first = redis::cmd("SET")
            .arg(self.state.key("ended", stream))
            .arg(&*self.state.replica)
            .arg("NX")
            .arg("PX")
            .arg(self.kept_ms())
            .query_async::<Option<String>>(&mut connection)
            .await?
            .is_some();
        if first {
            let error = ErrorData::internal_error(
                "the server replica that was answering this request stopped before it answered (its lease ran \
                 out); the call may or may not have run: ask again if it is safe to",
                None,
            );
            let message = ServerJsonRpcMessage::error(error, Some(id));
            let event = ServerSseMessage::from_message(message);
            self.add(stream, &event, true).await?;
        }
        Ok(true)
    }

    /// Whether the caller whose subject is `caller`, in `session` (when it names one), may take up
    /// the stream of `last_event_id`: a session's own stream in that session alone, a request's
    /// stream by the caller that sent the request alone. An id that is not one of this store's is
    /// left to the store to refuse.
    pub(in crate::server) async fn may_resume(
        &self,
        last_event_id: &str,
        session: Option<&str>,
        caller: Option<&str>,
    ) -> io::Result<bool> {
        let Some((stream, _)) = parse(last_event_id) else { return Ok(true) };
        if let Some(opened_in) = stream.strip_suffix(SESSION_STREAM) {
            return Ok(session == Some(opened_in));
        }
        let recorded: Option<String> = redis::cmd("GET")
            .arg(self.state.key("request", stream))
            .query_async(&mut self.state.connection())
            .await
            .map_err(|err| self.state.failed("looking up a stream", &err))?;
        let answered = recorded.and_then(|request| serde_json::from_str::<Answered>(&request).ok());
        Ok(answered.is_some_and(|answered| answered.caller.as_deref() == caller))
    }

    /// Adds `event` to `stream`, kept for `kept` from now; gives its entry id, or `None` when
    /// the stream was ended for a replica taken for gone (this one, say). `ending` is for the
    /// error that ends it so, written by the replica that set the mark.
    async fn add(&self, stream: &str, event: &ServerSseMessage, ending: bool) -> redis::RedisResult<Option<String>> {
        let mut add = ADD.key(self.state.key("events", stream));
        add.key(self.state.key("ended", stream));
        add.arg(if ending { &*self.state.replica } else { "" });
        add.arg(self.kept_ms()).arg(MOST_EVENTS).arg("r").arg(&*self.state.replica);
        if let Some(message) = &event.message {
            let json = serde_json::to_string(&**message)
                .map_err(|err| redis::RedisError::from(io::Error::new(io::ErrorKind::InvalidData, err)))?;
            add.arg("m").arg(json);
            if ends(stream, message) {
                add.arg("end").arg(1);
            }
        }
        if let Some(retry) = event.retry {
            add.arg("t").arg(super::millis(retry));
        }
        add.invoke_async(&mut self.state.connection()).await
    }

    /// Sends `stream`'s events from `first` on, then each as it is added, to `to`, until the
    /// response that ends it, the reader leaves, the stream is forgotten, or its replica is gone.
    async fn follow(
        self,
        stream: String,
        mut last: String,
        mut writer: Option<String>,
        first: Vec<StreamId>,
        to: mpsc::Sender<ServerSseMessage>,
    ) {
        let key = self.state.key("events", &stream);
        let mut pending = first;
        let mut reader = None;
        loop {
            for entry in pending.drain(..) {
                last.clone_from(&entry.id);
                if let Some(replica) = entry.get::<String>("r") {
                    writer = Some(replica);
                }
                let ended = entry.get::<String>("end").is_some();
                // The end of a stream closed without its response: nothing to send.
                if ended && entry.get::<String>("m").is_none() {
                    return;
                }
                if let Some(event) = Self::event(&stream, &entry)
                    && to.send(event).await.is_err()
                {
                    return;
                }
                if ended {
                    return;
                }
            }
            if reader.is_none() {
                match self.state.dedicated().await {
                    Ok(connection) => reader = Some(connection),
                    Err(err) => return tracing::warn!("{}", self.state.failed("reading a stream", &err)),
                }
            }
            let connection = reader.as_mut().expect("connected above");
            let wait = super::millis(WAIT);
            let mut command = redis::cmd("XREAD");
            command.arg("COUNT").arg(100).arg("BLOCK").arg(wait).arg("STREAMS").arg(&key).arg(&last);
            let read = command.query_async::<Option<StreamReadReply>>(connection);
            let read = tokio::select! {
                read = read => read,
                () = to.closed() => return,
            };
            match read {
                Ok(Some(reply)) if reply.keys.iter().any(|entries| !entries.ids.is_empty()) => {
                    pending = reply.keys.into_iter().flat_map(|entries| entries.ids).collect();
                }
                Ok(_) => {
                    if !self.still_written(&stream, writer.as_deref()).await {
                        return;
                    }
                }
                Err(err) => return tracing::warn!("{}", self.state.failed("reading a stream", &err)),
            }
        }
    }

    /// After a wait without events: whether `stream` may still get some. Not when it is no longer
    /// kept, nor when the replica that wrote it last is gone (its request then answered with an
    /// error, which the next read gives). A session's own stream may be written by any replica
    /// that takes the session up.
    async fn still_written(&self, stream: &str, writer: Option<&str>) -> bool {
        let kept: redis::RedisResult<bool> =
            redis::cmd("EXISTS").arg(self.state.key("events", stream)).query_async(&mut self.state.connection()).await;
        if !kept.unwrap_or(false) {
            return false;
        }
        let Some(writer) = writer.filter(|_| !stream.ends_with(SESSION_STREAM)) else { return true };
        match self.state.serving(writer).await {
            Ok(true) => true,
            Ok(false) => self.end_for_gone(stream).await.unwrap_or_else(|err| {
                tracing::warn!("{}", self.state.failed("ending the stream of a gone replica", &err));
                false
            }),
            Err(err) => {
                tracing::warn!("{}", self.state.failed("looking up a replica's lease", &err));
                true
            }
        }
    }
}

#[async_trait::async_trait]
impl EventStore for RedisEvents {
    async fn store_event(&self, stream_id: &str, event: &ServerSseMessage) -> Result<EventId, EventStoreError> {
        if !is_stream_id(stream_id) {
            return Err(format!("rmcp's stream id `{stream_id}` cannot be kept (it has a `/`)").into());
        }
        match self.add(stream_id, event, false).await {
            Ok(Some(entry)) => {
                if event.message.as_ref().is_some_and(|message| ends(stream_id, message)) {
                    self.answered.lock().unwrap_or_else(PoisonError::into_inner).insert(stream_id.to_owned());
                }
                Ok(format!("{stream_id}/{entry}"))
            }
            // The event still goes to the client reading it now; only taking it up elsewhere is
            // lost (an id no store gave, which a resumption is refused with).
            Ok(None) => {
                tracing::warn!(
                    "an event of stream {stream_id} was not kept: another replica ended that stream, taking this \
                     one for gone (it did not renew its lease in time)"
                );
                Ok(format!("{stream_id}/-"))
            }
            Err(err) => {
                tracing::warn!("{}", self.state.failed("keeping an event", &err));
                Ok(format!("{stream_id}/-"))
            }
        }
    }

    async fn replay_events_after(&self, last_event_id: &str) -> Result<EventStream, EventStoreError> {
        let Some((stream, after)) = parse(last_event_id) else {
            return Err(format!("`Last-Event-ID` is not an id this server gave: `{}`", shown(last_event_id)).into());
        };
        let key = self.state.key("events", stream);
        let mut pipe = redis::pipe();
        pipe.cmd("EXISTS").arg(&key);
        // Exclusive start (Redis 6.2 and later): the events after the one the client has.
        pipe.cmd("XRANGE").arg(&key).arg(format!("({after}")).arg("+");
        pipe.cmd("XREVRANGE").arg(&key).arg("+").arg("-").arg("COUNT").arg(1);
        pipe.cmd("XRANGE").arg(&key).arg("-").arg("+").arg("COUNT").arg(1);
        let (kept, after_it, latest, oldest): (bool, StreamRangeReply, StreamRangeReply, StreamRangeReply) = pipe
            .query_async(&mut self.state.connection())
            .await
            .map_err(|err| self.state.failed("reading a stream", &err))?;
        if !kept {
            return Err(format!(
                "no events are kept for `{stream}`: its last was sent more than {} s ago, or it never was",
                self.kept.as_secs()
            )
            .into());
        }
        // Older than the oldest kept: what came between is forgotten, and a stream with a gap is
        // not given as if whole.
        if oldest.ids.first().is_some_and(|oldest| entry_order(after) < entry_order(&oldest.id)) {
            return Err(format!(
                "the events of `{stream}` after the one named are no longer all kept: a stream keeps its last \
                 {MOST_EVENTS} or so, and this one has sent more since"
            )
            .into());
        }
        // Taken up from its end (the response, or the mark of a stream closed without one): the
        // client has all there is, and the stream ends at once rather than wait for events that
        // will never come.
        let has_end = |entry: &StreamId| entry.get::<String>("end").is_some();
        if latest.ids.first().is_some_and(|last| has_end(last) && entry_order(&last.id) <= entry_order(after)) {
            return Ok(Box::pin(futures_util::stream::empty()));
        }
        let writer = latest.ids.first().and_then(|entry| entry.get::<String>("r"));
        let (to, mut from) = mpsc::channel(32);
        tokio::spawn(self.clone().follow(stream.to_owned(), after.to_owned(), writer, after_it.ids, to));
        Ok(Box::pin(futures_util::stream::poll_fn(move |cx| from.poll_recv(cx))))
    }
}

/// Ends a request's stream in Redis once its replica no longer writes it: when the response body
/// ends (the call answered, or was cancelled), or, when `on_drop`, when the client left it and so
/// stopped the call. Not while the server stops: its lease is given up, and readers elsewhere end
/// the stream with the error that says so.
struct Closer {
    events: RedisEvents,
    stream: Option<String>,
    on_drop: bool,
    /// Whether the response body ran to its end.
    finished: bool,
}

impl Drop for Closer {
    fn drop(&mut self) {
        let Some(stream) = self.stream.take() else { return };
        // A stream whose response this replica kept needs nothing more (the common case, known
        // here without asking Redis).
        let answered = self.events.answered.lock().unwrap_or_else(PoisonError::into_inner).remove(&stream);
        if answered || !(self.finished || self.on_drop) || self.events.state.stopping() {
            return;
        }
        let events = self.events.clone();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            // The client's stream ends without waiting on Redis.
            runtime.spawn(async move { events.close(&stream).await });
        }
    }
}

/// The request a stream answers, and whose it is, as kept beside the stream.
#[derive(serde::Serialize, serde::Deserialize)]
struct Answered {
    id: RequestId,
    caller: Option<String>,
}

/// Whether `message` ends the stream it is sent on: a response, on a request's stream.
fn ends(stream: &str, message: &ServerJsonRpcMessage) -> bool {
    !stream.ends_with(SESSION_STREAM) && matches!(message, JsonRpcMessage::Response(_) | JsonRpcMessage::Error(_))
}

/// A stream id this store keeps: rmcp's (a UUID, or `<session>:common`), without the `/` the
/// event id puts after it, and short.
fn is_stream_id(stream: &str) -> bool {
    !stream.is_empty()
        && stream.len() <= 160
        && stream.bytes().all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b':' | b'_'))
}

/// An event id this store gave, `<stream>/<entry>`, as its parts; `None` for anything else (the
/// client sent it, so it is read with care).
fn parse(event_id: &str) -> Option<(&str, &str)> {
    let (stream, entry) = event_id.rsplit_once('/')?;
    let (millis, sequence) = entry.split_once('-')?;
    let digits = |part: &str| !part.is_empty() && part.len() <= 20 && part.bytes().all(|byte| byte.is_ascii_digit());
    (is_stream_id(stream) && digits(millis) && digits(sequence)).then_some((stream, entry))
}

/// A Redis entry id (`<millis>-<sequence>`) as what orders it; an id not of that form first.
fn entry_order(entry: &str) -> (u64, u64) {
    let (millis, sequence) = entry.split_once('-').unwrap_or_default();
    (millis.parse().unwrap_or(0), sequence.parse().unwrap_or(0))
}

/// The id of the first event in `chunk` of an event stream, when it has one.
fn first_event_id(chunk: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(chunk).ok()?;
    text.lines().find_map(|line| line.strip_prefix("id:")).map(|id| id.trim().to_owned())
}

/// A client's text in an error: at most 80 characters, control characters left out.
fn shown(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_ids_are_read_with_care() {
        assert_eq!(parse("4f1c-aa:common/1700000000000-3"), Some(("4f1c-aa:common", "1700000000000-3")));
        assert_eq!(parse("0"), None, "rmcp's own priming id is not one of ours");
        assert_eq!(parse("a/b/1-2"), None);
        assert_eq!(parse("stream/1-"), None);
        assert_eq!(parse("stream/1-2 "), None);
        assert_eq!(parse("str eam/1-2"), None);
        assert_eq!(parse(&format!("{}/1-2", "s".repeat(200))), None);
    }

    #[test]
    fn entries_are_ordered_as_redis_orders_them() {
        assert!(entry_order("1700000000000-9") < entry_order("1700000000000-10"));
        assert!(entry_order("999-5") < entry_order("1000-0"));
        assert_eq!(entry_order("1000-0"), entry_order("1000-0"));
    }
}
