//! Long calls as tasks: MCP's Tasks extension (2026-07-28), on rmcp's `TaskManager`.
//!
//! A long-running tool (`#[tool(long_running)]`) called by a client that follows tasks starts as
//! any call does, inline: if it finishes at once it is answered at once, and if it asks what is not
//! answered yet the round ends `input_required`, as every call's does. The first time it waits on
//! anything else, its future, still running, becomes a task: the client is answered with the task's
//! id and follows it with `tasks/get`; the tool's later questions park the task in
//! `input_required` until `tasks/update` answers them; `tasks/cancel` stops it at its next await.

use std::collections::HashMap;
use std::future::Future;
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::Poll;
use std::time::Instant;

use futures_util::future::{Either, select};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, CreateTaskResult};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::task_manager::{TaskContext, TaskExit, TaskManager};
use rmcp::{ErrorData, ServerHandler};

use super::McpServer;
use super::ask::{RoundTrips, request};
use toolc::{
    Answer, AskError, Asker, CallContext, Caller, Question, QuestionKind, ToolDef, ToolError, ToolOutput, Toolbox,
};

/// Where a long-running call is: still answered inline (none), or running as the task given.
#[derive(Default)]
pub(super) struct Phase(Mutex<Option<TaskContext>>);

impl Phase {
    pub(super) fn task(&self) -> Option<TaskContext> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    fn become_task(&self, task: TaskContext) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(task);
    }
}

/// The questions of a long-running call: answered from its rounds while inline, and once it runs
/// as a task, asked through the task (`input_required` in `tasks/get`, answered by `tasks/update`).
pub(super) struct LongAsker {
    pub(super) round: RoundTrips,
    pub(super) phase: Arc<Phase>,
}

impl Asker for LongAsker {
    fn can_answer(&self, kind: QuestionKind) -> bool {
        self.round.can_answer(kind)
    }

    fn ask(&self, key: &str, question: Question) -> Answer {
        let Some(task) = self.phase.task().filter(|_| !self.round.answered(key)) else {
            return self.round.ask(key, question);
        };
        let kind = question.kind();
        let (key, request) = (key.to_owned(), request(&question));
        Box::pin(async move {
            task.request_input(key, request?).await.map_err(|exit| AskError::Failed {
                question: kind,
                message: match exit {
                    TaskExit::Cancelled => "the task was cancelled before the client answered".to_owned(),
                    TaskExit::Error(err) => err.message.to_string(),
                },
            })
        })
    }

    fn refused(&self, kind: QuestionKind) {
        self.round.refused(kind);
    }
}

/// A call's future that owns all it needs, so that it can go on as a task.
pub(super) type OwnedCall = Pin<Box<dyn Future<Output = Result<ToolOutput, ToolError>> + Send>>;

/// How the inline part of a long-running call ended.
pub(super) enum Inline {
    /// It finished.
    Finished(Result<ToolOutput, ToolError>),
    /// It waits on questions not answered yet: the round ends `input_required`.
    Asking,
    /// It waits on work: it goes on as a task.
    Working(OwnedCall),
}

/// Runs `call` until it finishes, asks, or waits on anything else.
pub(super) async fn inline(mut call: OwnedCall, asker: &LongAsker) -> Inline {
    let ended = std::future::poll_fn(|cx| match call.as_mut().poll(cx) {
        Poll::Ready(outcome) => Poll::Ready(Some(outcome)),
        Poll::Pending => Poll::Ready(None),
    })
    .await;
    match ended {
        Some(outcome) => Inline::Finished(outcome),
        None if asker.round.waiting() => Inline::Asking,
        None => Inline::Working(call),
    }
}

/// Where a task is answered for.
enum Found<'a> {
    /// This replica runs it.
    Here(&'a TaskManager),
    /// Another replica may: Redis holds it.
    #[cfg(feature = "redis")]
    Elsewhere(&'a super::shared::tasks::RedisTasks),
}

/// The tasks of a server, and whose each one is: a task is seen only by the caller that started it.
#[derive(Default)]
pub(super) struct Tasks {
    manager: TaskManager,
    /// The subject of the token that started each task (none without tokens).
    owners: Mutex<HashMap<String, Option<String>>>,
    /// Where the tasks are mirrored for the other replicas, and those of the others are read.
    #[cfg(feature = "redis")]
    shared: Option<super::shared::tasks::RedisTasks>,
}

impl Tasks {
    /// The tasks of one of several replicas, each seen from all through `shared`.
    #[cfg(feature = "redis")]
    pub(super) fn shared(shared: super::shared::tasks::RedisTasks) -> Self {
        Tasks { shared: Some(shared), ..Tasks::default() }
    }

    /// Starts `call` as a task of `owner`, the call's phase told; its outcome made into a result by
    /// `finish`. Gives the task as rmcp's type, ready to answer with.
    pub(super) async fn start(
        &self,
        owner: Option<String>,
        call: OwnedCall,
        phase: Arc<Phase>,
        finish: impl FnOnce(Result<ToolOutput, ToolError>) -> Result<CallToolResult, TaskExit> + Send + 'static,
        keep: impl Send + 'static,
    ) -> rmcp::model::Task {
        let task = self.manager.spawn(rmcp::task_manager::TaskOptions::new(), move |context| {
            phase.become_task(context.clone());
            Box::pin(async move {
                // What the call holds while it runs (its place among the calls at once).
                let _keep = keep;
                match select(call, pin!(context.cancelled())).await {
                    Either::Left((outcome, _)) => finish(outcome),
                    Either::Right(((), _)) => Err(TaskExit::Cancelled),
                }
            })
        });
        {
            let mut owners = self.owners.lock().unwrap_or_else(PoisonError::into_inner);
            // Tasks past their time are gone from the manager: their owners go too.
            owners.retain(|id, _| self.manager.get_task(id).is_ok());
            owners.insert(task.task_id.clone(), owner.clone());
        }
        #[cfg(feature = "redis")]
        if let Some(shared) = &self.shared {
            shared.mirror(self.manager.clone(), task.task_id.clone(), owner).await;
        }
        task
    }

    /// `tasks/get`: the task `id` when `caller` started it, on this replica or (with shared
    /// state) another.
    pub(super) async fn get(&self, id: &str, caller: Option<&str>) -> Result<rmcp::model::DetailedTask, ErrorData> {
        match self.find(id, caller)? {
            Found::Here(manager) => manager.get_task(id),
            #[cfg(feature = "redis")]
            Found::Elsewhere(shared) => shared.get(id, caller).await,
        }
    }

    /// `tasks/update`: answers for the task `id`'s questions.
    pub(super) async fn update(
        &self,
        id: &str,
        caller: Option<&str>,
        responses: rmcp::model::InputResponses,
    ) -> Result<(), ErrorData> {
        match self.find(id, caller)? {
            Found::Here(manager) => manager.update_task(id, responses),
            #[cfg(feature = "redis")]
            Found::Elsewhere(shared) => shared.update(id, caller, responses.into_iter().collect()).await,
        }
    }

    /// `tasks/cancel`: asks the task `id` to stop.
    pub(super) async fn cancel(&self, id: &str, caller: Option<&str>) -> Result<(), ErrorData> {
        match self.find(id, caller)? {
            Found::Here(manager) => manager.cancel_task(id),
            #[cfg(feature = "redis")]
            Found::Elsewhere(shared) => shared.cancel(id, caller).await,
        }
    }

    /// Where the task `id` of `caller` is answered for: here when this replica runs it (and, with
    /// shared state, still answers for it), else (with shared state) through Redis, which says
    /// whether it exists and whose it is.
    fn find(&self, id: &str, caller: Option<&str>) -> Result<Found<'_>, ErrorData> {
        #[cfg(feature = "redis")]
        let here = self.shared.as_ref().is_none_or(|shared| shared.answers_here(id));
        #[cfg(not(feature = "redis"))]
        let here = true;
        let unknown = match self.manager_for(id, caller) {
            Ok(manager) if here => return Ok(Found::Here(manager)),
            Ok(_) => ErrorData::invalid_params(format!("no task `{id}`"), None),
            Err(unknown) => unknown,
        };
        #[cfg(feature = "redis")]
        if let Some(shared) = &self.shared {
            return Ok(Found::Elsewhere(shared));
        }
        Err(unknown)
    }

    /// The task `id` when `caller` started it; to anyone else, a task that does not exist.
    fn manager_for(&self, id: &str, caller: Option<&str>) -> Result<&TaskManager, ErrorData> {
        let owners = self.owners.lock().unwrap_or_else(PoisonError::into_inner);
        match owners.get(id) {
            Some(owner) if owner.as_deref() == caller => Ok(&self.manager),
            _ => Err(ErrorData::invalid_params(format!("no task `{id}`"), None)),
        }
    }
}

impl<T: Toolbox + Send + 'static, H: ServerHandler> McpServer<T, H> {
    /// A call of the long-running tool `def` from a client that follows tasks: answered at once if
    /// it finishes at once, `input_required` if it asks first, a task once it waits on work.
    pub(super) async fn call_long(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
        def: ToolDef,
        caller: Option<Arc<Caller>>,
        capabilities: ClientCapabilities,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some(in_total) = self.in_total.enter(self.options.calls_in_total) else {
            return Err(Self::busy(self.options.calls_in_total, "the whole server"));
        };
        let name = request.name.to_string();
        let arguments = request.arguments.clone().unwrap_or_default();
        let phase = Arc::new(Phase::default());
        let round = RoundTrips::new(capabilities, self.answers(&request, &arguments)?);
        let asker = Arc::new(LongAsker { round, phase: Arc::clone(&phase) });
        let notices = self.notices(&context, true);
        let owner = caller.as_deref().and_then(Caller::subject).map(str::to_owned);
        let deadline = self.deadline();
        let call_context = long_context(&context, caller, &phase, &notices, deadline);
        let call_context = call_context.asks_with(Arc::clone(&asker) as Arc<dyn Asker>);
        let server = self.clone();
        let (tool, given) = (name.clone(), arguments.clone());
        let call: OwnedCall = Box::pin(async move { server.run(&tool, &given, &call_context, deadline).await });
        let inline = inline(call, &asker).await;
        notices.flush(super::FLUSH_PROGRESS).await;
        match inline {
            Inline::Finished(outcome) => {
                let asker = Arc::into_inner(asker).expect("the finished call's context is gone");
                if let Some(needed) = super::call::needed(&name, &outcome, &asker.round.refused) {
                    return Err(needed);
                }
                Ok(super::call::finished(&name, &def, outcome)?.into())
            }
            Inline::Asking => {
                let asker = Arc::into_inner(asker).expect("the call that asked is dropped");
                Ok(self.asking(asker.round, &name, &arguments))
            }
            Inline::Working(call) => {
                let finish = move |outcome: Result<ToolOutput, ToolError>| match outcome {
                    // A panic is the server's failure, not the tool's answer: the task failed.
                    Err(err @ ToolError::Panicked { .. }) => {
                        Err(TaskExit::Error(ErrorData::internal_error(err.to_string(), None)))
                    }
                    outcome => super::call::finished(&name, &def, outcome).map_err(TaskExit::Error),
                };
                let task = self.tasks.start(owner, call, phase, finish, in_total).await;
                Ok(CreateTaskResult::new(task).into())
            }
        }
    }
}

/// The context of a long-running call: cancelled with its request while inline, by `tasks/cancel`
/// once a task, and at its deadline either way; its progress sent to the client while inline, and
/// the task's status message once a task.
fn long_context(
    request: &RequestContext<RoleServer>,
    caller: Option<Arc<Caller>>,
    phase: &Arc<Phase>,
    notices: &Arc<super::notices::Notices>,
    deadline: Option<Instant>,
) -> CallContext {
    let (cancelled, in_phase) = (request.ct.clone(), Arc::clone(phase));
    let mut context = CallContext::new().cancelled_when(move || {
        let stopped = match in_phase.task() {
            Some(task) => task.is_cancel_requested(),
            None => cancelled.is_cancelled(),
        };
        stopped || deadline.is_some_and(|deadline| Instant::now() >= deadline)
    });
    if let Some(caller) = caller {
        context = context.called_by(caller);
    }
    let (reports, in_phase) = (Arc::clone(notices), Arc::clone(phase));
    context = context.on_progress(move |progress| match in_phase.task() {
        Some(task) => task.set_status_message(match (&progress.message, progress.total) {
            (Some(message), _) => message.clone(),
            (None, Some(total)) => format!("{} of {total}", progress.progress),
            (None, None) => format!("{}", progress.progress),
        }),
        None => reports.report(progress),
    });
    let logs = Arc::clone(notices);
    context.on_log(move |level, data| logs.log(level, data))
}
