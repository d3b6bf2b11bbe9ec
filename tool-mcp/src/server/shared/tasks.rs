//! Tasks seen from every replica: the replica that runs a task mirrors it into Redis, and takes
//! from there what a client asked of it on another replica (answers, a cancellation).
//!
//! A task is a hash, `<prefix>:task:<id>`: `detail` (the task as `tasks/get` gives it), `owner`
//! (the subject of the caller that started it, as JSON), `replica` (which one runs it) and
//! `cancel`; answers given on another replica wait in the list `<prefix>:task:<id>:answers`. A task
//! still running when its replica's lease runs out is marked failed, saying why, by the first
//! replica asked about it, and `lost`: a replica that was only stalled and comes back cannot write
//! over that mark (the write and the look at the mark are one script), and stops the task.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::ErrorData;
use rmcp::model::{DetailedTask, JsonObject, TaskPayload, TaskStatus};
use rmcp::task_manager::TaskManager;

use super::RedisState;
use super::scripts::{MARK_LOST, MIRROR};

/// How often a running task's state is mirrored, and its answers and cancellation looked for.
const MIRROR_EVERY: Duration = Duration::from_millis(100);

/// The tasks of a server's replicas, in Redis, each kept for `kept` after its last change.
#[derive(Clone)]
pub(in crate::server) struct RedisTasks {
    state: RedisState,
    kept: Duration,
    /// The tasks this replica ran that another replica marked lost: answered for from Redis, as
    /// every other replica answers for them.
    lost: Arc<Mutex<HashSet<String>>>,
}

impl RedisTasks {
    pub(in crate::server) fn new(state: RedisState, kept: Duration) -> Self {
        RedisTasks { state, kept, lost: Arc::default() }
    }

    /// Whether this replica answers for its own task `id` from its memory: not once the task was
    /// marked lost, nor while the replica may already be taken for gone (it has not renewed its
    /// lease lately), when Redis says what the other replicas say.
    pub(in crate::server) fn answers_here(&self, id: &str) -> bool {
        self.state.holds_lease() && !self.lost.lock().unwrap_or_else(PoisonError::into_inner).contains(id)
    }

    fn kept_ms(&self) -> u64 {
        super::millis(self.kept)
    }

    /// Mirrors the task `id` of `manager`, started by `owner`, into Redis once before it returns
    /// (a client polling another replica at once finds it), then until it settles; answers and a
    /// cancellation given on other replicas are handed to it as they come.
    pub(in crate::server) async fn mirror(&self, manager: TaskManager, id: String, owner: Option<String>) {
        let mut last = String::new();
        let owner = serde_json::to_string(&owner).expect("a subject is JSON");
        let settled = self.mirror_once(&manager, &id, &owner, &mut last).await;
        if settled {
            return;
        }
        let tasks = self.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(MIRROR_EVERY).await;
                if tasks.mirror_once(&manager, &id, &owner, &mut last).await {
                    return;
                }
            }
        });
    }

    /// One round of the mirror: the task's state written when it changed; answers and a
    /// cancellation taken. Gives whether the task has settled (or is gone here).
    ///
    /// A replica that may already be taken for gone (it has not renewed its lease lately) writes
    /// nothing; one whose task another replica marked lost stops the task, since its client was
    /// told it failed.
    async fn mirror_once(&self, manager: &TaskManager, id: &str, owner: &str, last: &mut String) -> bool {
        let Ok(detail) = manager.get_task(id) else { return true };
        if !self.state.holds_lease() {
            return false;
        }
        let settled = is_settled(detail.status());
        let json = serde_json::to_string(&detail).expect("a task is JSON");
        let key = self.state.key("task", id);
        let mut round = MIRROR.key(&key);
        round.key(format!("{key}:answers")).arg(self.kept_ms());
        if json != *last {
            round.arg(&json).arg(owner).arg(&*self.state.replica);
        }
        let taken: redis::RedisResult<(bool, bool, Vec<String>)> =
            round.invoke_async(&mut self.state.connection()).await;
        match taken {
            Ok((true, _, _)) => {
                tracing::warn!(
                    "task {id} was stopped: another replica marked it failed, taking this one for gone (it did not \
                     renew its lease in time)"
                );
                self.lost.lock().unwrap_or_else(PoisonError::into_inner).insert(id.to_owned());
                let _ = manager.cancel_task(id);
                return true;
            }
            Ok((false, cancelled, given)) => {
                *last = json;
                if cancelled && !settled {
                    let _ = manager.cancel_task(id);
                }
                for answer in given {
                    if let Ok(responses) = serde_json::from_str::<JsonObject>(&answer) {
                        let _ = manager.update_task(id, responses);
                    }
                }
            }
            Err(err) => tracing::warn!("{}", self.state.failed("mirroring a task", &err)),
        }
        settled
    }

    /// The task `id` as Redis holds it, when `caller` started it; to anyone else, a task that
    /// does not exist. A task left running by a replica that is gone is marked failed first.
    async fn held(&self, id: &str, caller: Option<&str>) -> Result<DetailedTask, ErrorData> {
        let key = self.state.key("task", id);
        let unknown = || ErrorData::invalid_params(format!("no task `{id}`"), None);
        let (detail, owner, replica): (Option<String>, Option<String>, Option<String>) = redis::cmd("HMGET")
            .arg(&key)
            .arg("detail")
            .arg("owner")
            .arg("replica")
            .query_async(&mut self.state.connection())
            .await
            .map_err(|err| self.unavailable(&err))?;
        let (Some(json), Some(owner), Some(replica)) = (detail, owner, replica) else { return Err(unknown()) };
        let owner: Option<String> = serde_json::from_str(&owner).map_err(|_| unknown())?;
        if owner.as_deref() != caller {
            return Err(unknown());
        }
        let detail: DetailedTask = serde_json::from_str(&json).map_err(|_| unknown())?;
        if is_settled(detail.status()) {
            return Ok(detail);
        }
        // Marked lost, in one script, only when its replica's lease has run out.
        let now = self.mark_lost(&key, &replica, &json, detail).await.map_err(|err| self.unavailable(&err))?;
        serde_json::from_str(&now).map_err(|_| unknown())
    }

    /// Marks the task `detail` (read as `json`) of the gone replica `replica` failed, saying why,
    /// unless it came back or the task changed since; gives the task's detail as it now is.
    async fn mark_lost(
        &self,
        key: &str,
        replica: &str,
        json: &str,
        detail: DetailedTask,
    ) -> redis::RedisResult<String> {
        let mut error = JsonObject::new();
        error.insert("code".into(), ErrorData::internal_error("", None).code.0.into());
        error.insert(
            "message".into(),
            "the server replica running this task stopped before it finished (its lease ran out); the call may \
             have run in part: start it again if it is safe to"
                .into(),
        );
        let mut task = detail.task;
        task.last_updated_at = now();
        let failed =
            serde_json::to_string(&DetailedTask::new(task, TaskPayload::Failed { error })).expect("a task is JSON");
        let mut mark = MARK_LOST.key(key);
        mark.key(self.state.key("replica", replica)).arg(json).arg(failed).arg(self.kept_ms());
        let now: Option<String> = mark.invoke_async(&mut self.state.connection()).await?;
        // A task that expired in between is as it was read.
        Ok(now.unwrap_or_else(|| json.to_owned()))
    }

    /// `tasks/get` of a task another replica runs.
    pub(in crate::server) async fn get(&self, id: &str, caller: Option<&str>) -> Result<DetailedTask, ErrorData> {
        self.held(id, caller).await
    }

    /// `tasks/update` of a task another replica runs: the answers wait in Redis for it.
    pub(in crate::server) async fn update(
        &self,
        id: &str,
        caller: Option<&str>,
        responses: JsonObject,
    ) -> Result<(), ErrorData> {
        if is_settled(self.held(id, caller).await?.status()) {
            return Ok(());
        }
        let answers = format!("{}:answers", self.state.key("task", id));
        let mut pipe = redis::pipe();
        pipe.cmd("RPUSH").arg(&answers).arg(serde_json::to_string(&responses).expect("answers are JSON")).ignore();
        pipe.cmd("PEXPIRE").arg(&answers).arg(self.kept_ms()).ignore();
        pipe.query_async::<()>(&mut self.state.connection()).await.map_err(|err| self.unavailable(&err))?;
        Ok(())
    }

    /// `tasks/cancel` of a task another replica runs: the request waits in Redis for it.
    pub(in crate::server) async fn cancel(&self, id: &str, caller: Option<&str>) -> Result<(), ErrorData> {
        if is_settled(self.held(id, caller).await?.status()) {
            return Ok(());
        }
        let key = self.state.key("task", id);
        let mut pipe = redis::pipe();
        pipe.cmd("HSET").arg(&key).arg("cancel").arg(1).ignore();
        // A task gone since it was read is not left without an end.
        pipe.cmd("PEXPIRE").arg(&key).arg(self.kept_ms()).ignore();
        pipe.query_async::<()>(&mut self.state.connection()).await.map_err(|err| self.unavailable(&err))
    }

    /// The error a client gets when Redis cannot be asked (the operator's log gets why).
    fn unavailable(&self, err: &redis::RedisError) -> ErrorData {
        tracing::warn!("{}", self.state.failed("reading a task", err));
        ErrorData::internal_error("the server cannot reach the state its replicas share; try again shortly", None)
    }
}

/// Whether a task in `status` has settled.
fn is_settled(status: TaskStatus) -> bool {
    matches!(status, TaskStatus::Completed | TaskStatus::Failed | TaskStatus::Cancelled)
}

/// Now, as rmcp writes a task's times (RFC 3339, UTC).
fn now() -> String {
    rmcp::task_manager::current_timestamp()
}
