//! `notifications/progress` for a call whose client sent a progress token.
//!
//! rmcp's client sends a token with every request, and most tools never report: so nothing is set
//! up until the first report, which starts one task that sends the notifications in order.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::service::{Peer, RoleServer};
use tokio::runtime::Handle;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

use tool_runtime::Progress;

/// The most reports waiting to go out; past it, the newest takes the place of the last one
/// waiting (progress only grows, so the one it replaces says less). A tool that reports faster
/// than its client reads holds no more than this.
const MOST_WAITING: usize = 64;

/// The reports waiting to go out, and whether the call has ended.
#[derive(Default)]
struct Waiting {
    reports: VecDeque<Progress>,
    ended: bool,
}

/// Where a call's progress goes: the client that asked for it, through a task started on the
/// first report.
pub(super) struct ProgressSink {
    token: ProgressToken,
    peer: Peer<RoleServer>,
    /// The runtime serving the call: a tool may report from a thread of its own.
    runtime: Handle,
    waiting: Arc<(Mutex<Waiting>, Notify)>,
    forward: Mutex<Option<JoinHandle<()>>>,
}

impl ProgressSink {
    pub(super) fn new(token: ProgressToken, peer: Peer<RoleServer>) -> Arc<Self> {
        Arc::new(ProgressSink {
            token,
            peer,
            runtime: Handle::current(),
            waiting: Arc::default(),
            forward: Mutex::new(None),
        })
    }

    /// Queues `progress` for the client.
    pub(super) fn report(&self, progress: Progress) {
        let (waiting, arrived) = &*self.waiting;
        {
            let mut waiting = waiting.lock().unwrap_or_else(PoisonError::into_inner);
            if waiting.reports.len() >= MOST_WAITING {
                waiting.reports.pop_back();
            }
            waiting.reports.push_back(progress);
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

/// Sends the waiting reports as `notifications/progress`, one after another, until the call has
/// ended and none is left, or the client is gone.
async fn send_in_order(waiting: Arc<(Mutex<Waiting>, Notify)>, token: ProgressToken, peer: Peer<RoleServer>) {
    let (queue, arrived) = &*waiting;
    loop {
        let next = {
            let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
            match queue.reports.pop_front() {
                Some(progress) => Some(progress),
                None if queue.ended => return,
                None => None,
            }
        };
        let Some(progress) = next else {
            arrived.notified().await;
            continue;
        };
        let mut notification = ProgressNotificationParam::new(token.clone(), progress.progress);
        if let Some(total) = progress.total {
            notification = notification.with_total(total);
        }
        if let Some(message) = progress.message {
            notification = notification.with_message(message);
        }
        if peer.notify_progress(notification).await.is_err() {
            return;
        }
    }
}
