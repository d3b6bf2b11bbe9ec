//! [`CallContext`]: what a running tool may tell its caller (progress, log messages), learn from
//! it (cancellation, who calls) and ask it (a form for the user, a message from its model, its
//! roots), without any of it being part of the tool's schema.

mod ask;
mod elicit;
mod log;
mod sample;

use std::fmt;
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::Caller;

pub use ask::{Answer, AskError, Asker, Question, QuestionKind};
pub use elicit::{Elicited, Form, FormChoice, FormField};
pub use log::Level;
pub use sample::{Root, Sampled, Sampling};

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
type Log = dyn Fn(Level, Value) + Send + Sync;

/// How many questions of each kind a call has asked: the default keys, `elicitation-1`, … .
type Asked = [AtomicUsize; 3];

/// The context of one tool call. A tool takes it as a `&CallContext` parameter, which is never
/// part of its schema; whoever runs the call says where progress goes and when the call is
/// cancelled (an MCP server: the client's `notifications/progress` and `notifications/cancelled`).
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use toolc::{toolbox, CallContext, Progress, Toolbox};
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
    log: Option<Arc<Log>>,
    asker: Option<(Arc<dyn Asker>, Arc<Asked>)>,
}

static DETACHED: CallContext = CallContext { report: None, cancelled: None, caller: None, log: None, asker: None };

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

    /// Sends every [`CallContext::log`] to `log`, which decides what to pass on (an MCP server: the
    /// messages at or above the level its client asked for).
    pub fn on_log(mut self, log: impl Fn(Level, Value) + Send + Sync + 'static) -> Self {
        self.log = Some(Arc::new(log));
        self
    }

    /// Sends the call's questions to `asker`.
    pub fn asks_with(mut self, asker: Arc<dyn Asker>) -> Self {
        self.asker = Some((asker, Arc::new(Default::default())));
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

    /// Logs `data` (text, or any JSON) at `level`; nothing happens when nobody follows the call, or
    /// its client asked for messages of a higher level only.
    pub fn log(&self, level: Level, data: impl Into<Value>) {
        if let Some(log) = &self.log {
            log(level, data.into());
        }
    }

    /// Whether the call's client can answer questions of `kind`: a tool that can do without an
    /// answer asks only when it can.
    pub fn can_ask(&self, kind: QuestionKind) -> bool {
        self.asker.as_ref().is_some_and(|(asker, _)| asker.can_answer(kind))
    }

    /// Asks the user to fill in a form made from `T` (flat fields: strings, numbers, booleans,
    /// enums, lists of enum values; doc comments and defaults shown), with `message` above it. `T`
    /// derives [`Form`], which checks at compile time that each field is one a form holds.
    /// The answer is the values read into `T`, or that the user declined or cancelled.
    ///
    /// On MCP 2025-11-25 the server sends `elicitation/create` and waits. On 2026-07-28 the call
    /// ends with `input_required`, and runs again from the start when the client calls back with
    /// the answers: what the tool did before asking is done again, so a tool asks before it
    /// changes anything, and asks the same questions in the same order (or names each with
    /// [`Ask::key`]).
    ///
    /// ```
    /// use schemars::JsonSchema;
    /// use serde::Deserialize;
    /// use toolc::{AskError, CallContext, Elicited, Form, toolbox};
    ///
    /// /// Whether to go on.
    /// #[derive(Deserialize, JsonSchema, Form)]
    /// struct Confirm {
    ///     /// Delete the files.
    ///     delete: bool,
    /// }
    ///
    /// struct Files;
    ///
    /// #[toolbox]
    /// impl Files {
    ///     /// Delete the temporary files, once the user says so.
    ///     #[tool]
    ///     async fn clean(&self, context: &CallContext) -> Result<String, AskError> {
    ///         Ok(match context.elicit::<Confirm>("Delete 3 files?").await? {
    ///             Elicited::Accepted(Confirm { delete: true }) => "deleted 3 files".into(),
    ///             _ => "kept the files".into(),
    ///         })
    ///     }
    /// }
    ///
    /// // Called without a client, nobody can answer: the tool's error says so.
    /// let err = pollster::block_on(toolc::Toolbox::call(&Files, "clean", "{}")).unwrap_err();
    /// assert!(err.to_string().contains("did not declare the `elicitation` capability"), "{err}");
    /// ```
    pub fn elicit<T: Form + JsonSchema + DeserializeOwned + 'static>(&self, message: &str) -> Ask<'_, Elicited<T>> {
        Ask::new(self, QuestionKind::Elicitation, elicit::params::<T>(message), elicit::answer::<T>)
    }

    /// Asks the client's model for a message (see [`CallContext::elicit`] for how asking works on
    /// each protocol).
    pub fn sample(&self, request: Sampling) -> Ask<'_, Sampled> {
        Ask::new(self, QuestionKind::Sampling, Ok(request.params()), sample::answer)
    }

    /// Asks the client for its roots, the folders or URIs it works in (see [`CallContext::elicit`]
    /// for how asking works on each protocol).
    pub fn roots(&self) -> Ask<'_, Vec<Root>> {
        Ask::new(self, QuestionKind::Roots, Ok(serde_json::json!({})), sample::roots)
    }

    /// Whether the caller has given up on the call: a long-running tool stops early. (An `async`
    /// tool's future is dropped besides, at its next `.await`.)
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.as_ref().is_some_and(|cancelled| cancelled())
    }
}

/// A question a tool asks through its [`CallContext`], awaited for its answer.
#[must_use = "a question is asked when it is awaited"]
pub struct Ask<'a, T> {
    context: &'a CallContext,
    kind: QuestionKind,
    params: Result<Value, AskError>,
    key: Option<String>,
    read: fn(Value) -> Result<T, AskError>,
}

impl<'a, T> Ask<'a, T> {
    fn new(
        context: &'a CallContext,
        kind: QuestionKind,
        params: Result<Value, AskError>,
        read: fn(Value) -> Result<T, AskError>,
    ) -> Self {
        Ask { context, kind, params, key: None, read }
    }

    /// Names the question within the call (by default `elicitation-1`, `sampling-1`, … in the order
    /// the call asks them): the name a 2026-07-28 client answers it under.
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }
}

impl<'a, T: Send + 'a> IntoFuture for Ask<'a, T> {
    type Output = Result<T, AskError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Result<T, AskError>> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        let Ask { context, kind, params, key, read } = self;
        let asked = match (&context.asker, params) {
            (_, Err(err)) => Err(err),
            (Some((asker, count)), Ok(params)) if asker.can_answer(kind) => {
                let nth = count[kind as usize].fetch_add(1, Ordering::Relaxed) + 1;
                let key = key.unwrap_or_else(|| kind.default_key(nth));
                Ok(asker.ask(&key, Question::new(kind, params)))
            }
            (Some((asker, _)), Ok(_)) => {
                asker.refused(kind);
                Err(AskError::NotSupported { question: kind })
            }
            (None, Ok(_)) => Err(AskError::NotSupported { question: kind }),
        };
        Box::pin(async move { read(asked?.await?) })
    }
}

impl fmt::Debug for CallContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CallContext")
            .field("reports_progress", &self.report.is_some())
            .field("cancelled", &self.is_cancelled())
            .field("caller", &self.caller().and_then(Caller::subject))
            .field("logs", &self.log.is_some())
            .field("asks", &self.asker.is_some())
            .finish()
    }
}
