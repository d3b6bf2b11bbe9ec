//! [`CallContext`]: what a running tool may tell its caller (progress) and learn from it
//! (cancellation), without either being part of the tool's schema.

use std::fmt;
use std::sync::Arc;

use crate::Caller;

/// How far a call has come: `progress` out of `total` when known, with a message.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Progress {
    /// The work done so far; it only grows.
    pub progress: f64,
    /// The work in all, when known.
    pub total: Option<f64>,
    /// What is happening, in words.
    pub message: Option<String>,
}

type Report = dyn Fn(Progress) + Send + Sync;
type Cancelled = dyn Fn() -> bool + Send + Sync;

/// The context of one tool call. A tool takes it as a `&CallContext` parameter, which is never
/// part of its schema; whoever runs the call says where progress goes and when the call is
/// cancelled (an MCP server: the client's `notifications/progress` and `notifications/cancelled`).
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use tool_runtime::{toolbox, CallContext, Progress, Toolbox};
///
/// struct Indexer;
///
/// #[toolbox]
/// impl Indexer {
///     /// Index the files.
///     ///
///     /// # Arguments
///     /// * `files` - How many files there are.
///     #[tool]
///     fn index(&self, context: &CallContext, files: u32) -> u32 {
///         let mut done = 0;
///         while done < files && !context.is_cancelled() {
///             done += 1;
///             context.report(f64::from(done), Some(f64::from(files)), "indexing");
///         }
///         done
///     }
/// }
///
/// let seen = Arc::new(Mutex::new(Vec::new()));
/// let sink = Arc::clone(&seen);
/// let context = CallContext::new().on_progress(move |progress: Progress| sink.lock().unwrap().push(progress.progress));
/// let out = pollster::block_on(Indexer.call_with("index", r#"{"files": 3}"#, &context)).unwrap();
/// assert_eq!(out, 3);
/// assert_eq!(*seen.lock().unwrap(), [1.0, 2.0, 3.0]);
/// assert!(Indexer.tools()[0].input_schema["properties"].get("context").is_none());
/// ```
#[derive(Clone, Default)]
pub struct CallContext {
    report: Option<Arc<Report>>,
    cancelled: Option<Arc<Cancelled>>,
    caller: Option<Arc<Caller>>,
}

static DETACHED: CallContext = CallContext { report: None, cancelled: None, caller: None };

impl CallContext {
    /// A context that reports nowhere and is never cancelled; add where progress goes with
    /// [`CallContext::on_progress`] and when it is cancelled with [`CallContext::cancelled_when`].
    pub fn new() -> Self {
        CallContext::default()
    }

    /// The context of a call nobody follows: what [`Toolbox::call`](crate::Toolbox::call) passes.
    pub fn detached() -> &'static CallContext {
        &DETACHED
    }

    /// Sends every [`CallContext::report`] to `report`.
    pub fn on_progress(mut self, report: impl Fn(Progress) + Send + Sync + 'static) -> Self {
        self.report = Some(Arc::new(report));
        self
    }

    /// Asks `cancelled` whether the call was cancelled, at every [`CallContext::is_cancelled`].
    pub fn cancelled_when(mut self, cancelled: impl Fn() -> bool + Send + Sync + 'static) -> Self {
        self.cancelled = Some(Arc::new(cancelled));
        self
    }

    /// Says who makes the call (what a server's token check found).
    pub fn called_by(mut self, caller: Arc<Caller>) -> Self {
        self.caller = Some(caller);
        self
    }

    /// Who makes the call, when the server checked a token: its subject, scopes and claims.
    /// `None` for a call nobody authenticated (a local one, stdio, a server without tokens).
    pub fn caller(&self) -> Option<&Caller> {
        self.caller.as_deref()
    }

    /// Reports how far the call has come; nothing happens when nobody follows it.
    pub fn report(&self, progress: f64, total: Option<f64>, message: impl Into<String>) {
        if let Some(report) = &self.report {
            let message = Some(message.into()).filter(|message| !message.is_empty());
            report(Progress { progress, total, message });
        }
    }

    /// Whether the caller has given up on the call: a long-running tool stops early. (An `async`
    /// tool's future is dropped besides, at its next `.await`.)
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.as_ref().is_some_and(|cancelled| cancelled())
    }
}

impl fmt::Debug for CallContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CallContext")
            .field("reports_progress", &self.report.is_some())
            .field("cancelled", &self.is_cancelled())
            .field("caller", &self.caller().and_then(Caller::subject))
            .finish()
    }
}
