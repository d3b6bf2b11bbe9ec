//! What a call tells its client while it runs, in the order the tool said it:
//! `notifications/progress` (when the client sent a progress token) and `notifications/message`
//! (at or above the level the client asked for).
//!
//! rmcp's client sends a token with every request, and most tools never report or log: so nothing
//! is set up until the first notice, which starts one task that sends them in order.

// rmcp marks logging deprecated (SEP-2577 will remove it); 2025-11-25 and 2026-07-28 both have it.
#![allow(deprecated)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam, ProgressNotificationParam, ProgressToken};
use rmcp::service::{Peer, RoleServer};
use tokio::runtime::Handle;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

use serde_json::Value;
use toolc::{Level, Progress};

/// The most notices waiting to go out; past it, a progress report takes the place of the last one
/// waiting (progress only grows, so the one it replaces says less), and a log message is dropped.
/// A tool that reports faster than its client reads holds no more than this.
const MOST_WAITING: usize = 64;

/// One notice for the client.
enum Notice {
    Progress(Progress),
    Log(Level, Value),
}

/// The notices waiting to go out, and whether the call has ended.
#[derive(Default)]
struct Waiting {
    notices: VecDeque<Notice>,
    ended: bool,
}

/// Where a call's notices go: the client, through a task started on the first.
pub(super) struct Notices {
    /// The client's progress token; none when it asked for no progress.
    token: Option<ProgressToken>,
    /// The least level of the log messages the client asked for; none when it asked for none.
    log_level: Option<Level>,
    peer: Peer<RoleServer>,
    /// The runtime serving the call: a tool may report from a thread of its own.
    runtime: Handle,
    waiting: Arc<(Mutex<Waiting>, Notify)>,
    forward: Mutex<Option<JoinHandle<()>>>,
}

impl Notices {
    pub(super) fn new(token: Option<ProgressToken>, log_level: Option<Level>, peer: Peer<RoleServer>) -> Arc<Self> {
        Arc::new(Notices {
            token,
            log_level,
            peer,
            runtime: Handle::current(),
            waiting: Arc::default(),
            forward: Mutex::new(None),
        })
    }

    /// Whether the client asked for progress.
    pub(super) fn wants_progress(&self) -> bool {
        self.token.is_some()
    }

    /// Whether the client asked for log messages.
    pub(super) fn wants_logs(&self) -> bool {
        self.log_level.is_some()
    }

    /// Queues `progress` for the client, when it asked for progress.
    pub(super) fn report(&self, progress: Progress) {
        if self.token.is_some() {
            self.queue(Notice::Progress(progress));
        }
    }

    /// Queues a log message for the client, when it asked for messages of its level.
    pub(super) fn log(&self, level: Level, data: Value) {
        if self.log_level.is_some_and(|least| level >= least) {
            self.queue(Notice::Log(level, data));
        }
    }

    fn queue(&self, notice: Notice) {
        let (waiting, arrived) = &*self.waiting;
        {
            let mut waiting = waiting.lock().unwrap_or_else(PoisonError::into_inner);
            if waiting.notices.len() >= MOST_WAITING {
                match notice {
                    Notice::Progress(_) => {
                        waiting.notices.pop_back();
                    }
                    Notice::Log(..) => return,
                }
            }
            waiting.notices.push_back(notice);
        }
        arrived.notify_one();
        let mut forward = self.forward.lock().unwrap_or_else(PoisonError::into_inner);
        if forward.is_none() {
            let (waiting, token, peer) = (Arc::clone(&self.waiting), self.token.clone(), self.peer.clone());
            *forward = Some(self.runtime.spawn(send_in_order(waiting, token, peer)));
        }
    }

    /// Waits until every report queued so far has gone out (the result must come after them), for
    /// at most `most`: a client that stops reading gets the result without them.
    pub(super) async fn flush(&self, most: Duration) {
        let (waiting, arrived) = &*self.waiting;
        waiting.lock().unwrap_or_else(PoisonError::into_inner).ended = true;
        arrived.notify_one();
        let forward = self.forward.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(mut forward) = forward
            && tokio::time::timeout(most, &mut forward).await.is_err()
        {
            forward.abort();
        }
    }
}

/// Sends the waiting notices, one after another, until the call has ended and none is left, or the
/// client is gone.
async fn send_in_order(waiting: Arc<(Mutex<Waiting>, Notify)>, token: Option<ProgressToken>, peer: Peer<RoleServer>) {
    let (queue, arrived) = &*waiting;
    loop {
        let next = {
            let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
            match queue.notices.pop_front() {
                Some(notice) => Some(notice),
                None if queue.ended => return,
                None => None,
            }
        };
        let sent = match next {
            None => {
                arrived.notified().await;
                continue;
            }
            Some(Notice::Progress(progress)) => {
                let Some(token) = &token else { continue };
                let mut notification = ProgressNotificationParam::new(token.clone(), progress.progress);
                if let Some(total) = progress.total {
                    notification = notification.with_total(total);
                }
                if let Some(message) = progress.message {
                    notification = notification.with_message(message);
                }
                peer.notify_progress(notification).await
            }
            Some(Notice::Log(level, data)) =>
            {
                #[allow(deprecated, reason = "logging is notifications/message on both protocols")]
                peer.notify_logging_message(LoggingMessageNotificationParam::new(logging_level(level), data)).await
            }
        };
        if sent.is_err() {
            return;
        }
    }
}

/// rmcp's name for a level.
pub(super) fn logging_level(level: Level) -> LoggingLevel {
    match level {
        Level::Debug => LoggingLevel::Debug,
        Level::Info => LoggingLevel::Info,
        Level::Notice => LoggingLevel::Notice,
        Level::Warning => LoggingLevel::Warning,
        Level::Error => LoggingLevel::Error,
        Level::Critical => LoggingLevel::Critical,
        Level::Alert => LoggingLevel::Alert,
        Level::Emergency => LoggingLevel::Emergency,
    }
}

/// A level from rmcp's name for it.
pub(super) fn level(level: LoggingLevel) -> Level {
    Level::ALL.into_iter().find(|ours| logging_level(*ours) == level).unwrap_or(Level::Emergency)
}
