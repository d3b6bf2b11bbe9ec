//! A server's progress reports routed to the calls that asked for them. rmcp hands out a call's
//! progress token only once the request has gone, and a server may report at once: a report whose
//! call has not subscribed yet waits here, a few tokens' worth, until it does, rather than being
//! dropped.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rmcp::model::{ProgressNotificationParam, ProgressToken};
use tokio::sync::mpsc;

/// How many calls' early reports are kept at once; the oldest go first. A token no call subscribes
/// to (a server reporting for a request it made up) costs at most this.
const EARLY_TOKENS: usize = 64;
/// How many reports one call may have waiting, early or not yet read; more are dropped, as a late
/// reader of progress loses nothing but steps it would have skipped.
const WAITING: usize = 64;

/// The routes from a progress token to the call that waits for its reports.
#[derive(Default)]
pub(super) struct ProgressRoutes {
    routes: Mutex<Routes>,
}

#[derive(Default)]
struct Routes {
    subscribed: HashMap<ProgressToken, mpsc::Sender<ProgressNotificationParam>>,
    early: VecDeque<(ProgressToken, Vec<ProgressNotificationParam>)>,
}

impl ProgressRoutes {
    fn routes(&self) -> MutexGuard<'_, Routes> {
        self.routes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands `report` to the call that subscribed to its token, or keeps it until one does.
    pub(super) fn deliver(&self, report: ProgressNotificationParam) {
        let mut routes = self.routes();
        if let Some(call) = routes.subscribed.get(&report.progress_token) {
            let _ = call.try_send(report);
            return;
        }
        match routes.early.iter_mut().find(|(token, _)| *token == report.progress_token) {
            Some((_, waiting)) if waiting.len() < WAITING => waiting.push(report),
            Some(_) => {}
            None => {
                if routes.early.len() == EARLY_TOKENS {
                    routes.early.pop_front();
                }
                routes.early.push_back((report.progress_token.clone(), vec![report]));
            }
        }
    }

    /// The reports for `token`, those that came before this first; unsubscribed when dropped.
    pub(super) fn subscribe(self: &Arc<Self>, token: ProgressToken) -> Reports {
        let (sender, receiver) = mpsc::channel(WAITING);
        let mut routes = self.routes();
        if let Some(at) = routes.early.iter().position(|(early, _)| *early == token) {
            let (_, waiting) = routes.early.remove(at).expect("the position was just found");
            for report in waiting {
                let _ = sender.try_send(report);
            }
        }
        routes.subscribed.insert(token.clone(), sender);
        Reports { receiver, token, routes: Arc::clone(self) }
    }
}

/// One call's progress reports, in the order they came.
pub(super) struct Reports {
    receiver: mpsc::Receiver<ProgressNotificationParam>,
    token: ProgressToken,
    routes: Arc<ProgressRoutes>,
}

impl Reports {
    /// The next report (cancel-safe: a report is not lost when the wait is dropped).
    pub(super) async fn next(&mut self) -> Option<ProgressNotificationParam> {
        self.receiver.recv().await
    }
}

impl Drop for Reports {
    fn drop(&mut self) {
        self.routes.routes().subscribed.remove(&self.token);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::NumberOrString;

    fn report(token: i64, progress: f64) -> ProgressNotificationParam {
        ProgressNotificationParam::new(ProgressToken(NumberOrString::Number(token)), progress)
    }

    #[test]
    fn a_report_before_its_call_subscribes_reaches_it_and_others_are_not_mixed_in() {
        let routes = Arc::new(ProgressRoutes::default());
        routes.deliver(report(1, 0.5));
        routes.deliver(report(2, 9.0));
        let mut first = routes.subscribe(ProgressToken(NumberOrString::Number(1)));
        routes.deliver(report(1, 1.0));
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let steps: Vec<f64> = runtime
            .block_on(async { vec![first.next().await.unwrap().progress, first.next().await.unwrap().progress] });
        assert_eq!(steps, [0.5, 1.0]);
        drop(first);
        assert!(routes.routes().subscribed.is_empty(), "a dropped subscription leaves no route");
    }

    #[test]
    fn early_reports_are_bounded() {
        let routes = ProgressRoutes::default();
        for token in 0..(EARLY_TOKENS as i64 + 10) {
            for step in 0..(WAITING + 5) {
                routes.deliver(report(token, step as f64));
            }
        }
        let kept = routes.routes();
        assert_eq!(kept.early.len(), EARLY_TOKENS);
        assert!(kept.early.iter().all(|(_, waiting)| waiting.len() == WAITING));
    }
}
