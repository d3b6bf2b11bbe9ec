//! `notifications/progress` for a call whose client sent a progress token.
//!
//! rmcp's client sends a token with every request, and most tools never report: so nothing is set
//! up until the first report, which starts one task that sends the notifications in order.

use std::sync::{Arc, Mutex, PoisonError};

use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::service::{Peer, RoleServer};
use tokio::runtime::Handle;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio::task::JoinHandle;

use crate::Progress;

/// Where a call's progress goes: the client that asked for it, through a task started on the
/// first report.
pub(super) struct ProgressSink {
    token: ProgressToken,
    peer: Peer<RoleServer>,
    /// The runtime serving the call: a tool may report from a thread of its own.
    runtime: Handle,
    started: Mutex<Option<(UnboundedSender<Progress>, JoinHandle<()>)>>,
}

impl ProgressSink {
    pub(super) fn new(token: ProgressToken, peer: Peer<RoleServer>) -> Arc<Self> {
        Arc::new(ProgressSink { token, peer, runtime: Handle::current(), started: Mutex::new(None) })
    }

    /// Queues `progress` for the client.
    pub(super) fn report(&self, progress: Progress) {
        let mut started = self.started.lock().unwrap_or_else(PoisonError::into_inner);
        let (send, _) = started.get_or_insert_with(|| {
            let (send, mut receive) = unbounded_channel::<Progress>();
            let (token, peer) = (self.token.clone(), self.peer.clone());
            let forward = self.runtime.spawn(async move {
                while let Some(progress) = receive.recv().await {
                    let mut notification = ProgressNotificationParam::new(token.clone(), progress.progress);
                    if let Some(total) = progress.total {
                        notification = notification.with_total(total);
                    }
                    if let Some(message) = progress.message {
                        notification = notification.with_message(message);
                    }
                    if peer.notify_progress(notification).await.is_err() {
                        break;
                    }
                }
            });
            (send, forward)
        });
        // The task ends only once every sender is gone, or the client with it.
        let _ = send.send(progress);
    }

    /// Waits until every report queued so far has gone out: the result must come after them.
    pub(super) async fn flush(&self) {
        let started = self.started.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some((send, forward)) = started {
            drop(send);
            let _ = forward.await;
        }
    }
}
