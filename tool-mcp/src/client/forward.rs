//! A checked call forwarded to the server: `tools/call` sent, the server's progress handed to the
//! call's context, the call cancelled at the server when its caller stops waiting, sent again with
//! the program's answers while the server asks (2026-07-28), and every way it can fail worded for
//! the model.

use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::{Either, select};
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CancelledNotificationParam, ClientRequest, ElicitationAction, RequestId,
    ServerResult,
};
use rmcp::service::{Peer, PeerRequestOptions, RoleClient, ServiceError};
use serde_json::{Map, Value};
use toolc::{CallContext, ToolError, ToolOutput};

use super::error::LinkError;
use super::link::{Link, Tries};
use super::{Inner, result};

/// How long a call that reported progress waits, after its answer, for reports still on their way.
const LAST_REPORTS: Duration = Duration::from_millis(25);

/// The most rounds of answers a call goes through (2026-07-28): a server that keeps asking past
/// them is given up on.
const MOST_ROUNDS: u32 = 16;

/// The error of a server that wants the user to open URLs before it takes the call.
const URL_ELICITATION_REQUIRED: i32 = -32042;

/// How long to wait before sending the state back of a round that asked nothing, times the round.
const STATE_ONLY_PAUSE: Duration = Duration::from_millis(50);

impl Inner {
    /// Forwards a checked call to the server; on 2026-07-28, sends it again with the program's
    /// answers for as long as the server asks (`input_required`).
    pub(super) async fn forward(
        self: &Arc<Self>,
        tool: &str,
        arguments: Map<String, Value>,
        context: &CallContext,
    ) -> Result<ToolOutput, ToolError> {
        let failed = |message: String| ToolError::Failed { tool: tool.to_owned().into(), message };
        let link = self.link().await.map_err(|unavailable| failed(unavailable.to_string()))?;
        let mut params = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
        let mut tries = Tries::default();
        for round in 0..MOST_ROUNDS {
            let seen = link.sign_ins();
            let asked = match self.send(&link, params.clone(), context).await {
                Ok(ServerResult::CallToolResult(result)) => return result::call_result(&self.name, tool, result),
                Ok(ServerResult::InputRequiredResult(asked)) => asked,
                Ok(_) => {
                    return Err(failed(format!(
                        "the MCP server `{}` answered with something other than a tool's result (a task), which this \
                         client does not take",
                        self.name
                    )));
                }
                // The server wants the user to open URLs first (a sign-in elsewhere): once they did,
                // the call goes again.
                Err(ServiceError::McpError(error)) if error.code.0 == URL_ELICITATION_REQUIRED => {
                    self.open_urls(&link, error.data).await.map_err(failed)?;
                    continue;
                }
                Err(ServiceError::McpError(error)) => {
                    return Err(failed(format!(
                        "the MCP server `{}` refused the call: {} (JSON-RPC error {}){}",
                        self.name,
                        error.message,
                        error.code.0,
                        needed(error.data.as_ref())
                    )));
                }
                Err(ServiceError::Timeout { timeout }) => {
                    return Err(failed(format!(
                        "the MCP server `{}` did not answer within {} s, so the call was cancelled",
                        self.name,
                        timeout.as_secs_f32()
                    )));
                }
                Err(err) => match link.refused(&err, seen, &mut tries).await {
                    // Refused for want of a sign-in, and not run: signed in, it goes again.
                    Some(Ok(())) => continue,
                    Some(Err(why)) => {
                        return Err(failed(format!(
                            "the MCP server `{}` refused the call for want of a sign-in: {why}",
                            self.name
                        )));
                    }
                    None => return Err(failed(self.stopped(&link, err).await)),
                },
            };
            let questions = asked.input_requests.unwrap_or_default();
            if questions.is_empty() {
                // Nothing to answer: the server is still at work and wants its state back, a little later.
                tokio::time::sleep(STATE_ONLY_PAUSE * (round + 1)).await;
            }
            let answers = link.answers().answer_all(questions).await.map_err(|unanswered| {
                failed(format!("the MCP server `{}` asked what this client cannot answer: {}", self.name, unanswered.0))
            })?;
            params.input_responses = (!answers.is_empty()).then_some(answers);
            params.request_state = asked.request_state;
        }
        Err(failed(format!(
            "the MCP server `{}` was still asking after {MOST_ROUNDS} rounds of answers, so the call was given up",
            self.name
        )))
    }

    /// Shows the user the URLs a server refused a call for (error -32042's `elicitations`), through
    /// the program; an error when the program cannot, or the user did not go to every one.
    async fn open_urls(&self, link: &Arc<Link>, data: Option<Value>) -> Result<(), String> {
        let urls = data.as_ref().and_then(|data| data.get("elicitations")).and_then(Value::as_array);
        for url in urls.into_iter().flatten() {
            let request = serde_json::from_value(url.clone()).map_err(|err| {
                format!("the MCP server `{}` asked the user to open a URL it did not write as MCP's: {err}", self.name)
            })?;
            let answer = link.answers().answer_elicitation(request).await.map_err(|unanswered| {
                format!("the MCP server `{}` needs the user to open a URL first: {}", self.name, unanswered.0)
            })?;
            if answer.action != ElicitationAction::Accept {
                return Err(format!(
                    "the MCP server `{}` needs the user to open {} first, and the user did not",
                    self.name, url["url"]
                ));
            }
        }
        Ok(())
    }

    /// Sends one round of a call: its progress handed to the call's context, the request cancelled
    /// at the server when the caller stops waiting.
    async fn send(
        &self,
        link: &Arc<Link>,
        params: CallToolRequestParams,
        context: &CallContext,
    ) -> Result<ServerResult, ServiceError> {
        let request = ClientRequest::CallToolRequest(CallToolRequest::new(params));
        let options = PeerRequestOptions::with_timeout(self.options.timeout);
        let handle = link.peer().send_request_with_option(request, options).await?;
        let mut cancel = CancelOnDrop { peer: Some(link.peer().clone()), id: handle.id.clone() };
        let mut progress = link.progress().subscribe(handle.progress_token.clone());
        let mut response = pin!(handle.await_response());
        let mut reported = false;
        let outcome = loop {
            let next = pin!(progress.next());
            match select(response.as_mut(), next).await {
                Either::Left((outcome, _)) => break outcome,
                Either::Right((Some(report), _)) => {
                    reported = true;
                    context.report(report.progress, report.total, report.message.unwrap_or_default())
                }
                Either::Right((None, _)) => break response.await,
            }
        };
        // A server sends its last reports before its answer, but rmcp hands each notification to
        // its handler on a task of its own, which may run after the answer is read: a call that
        // reports waits a moment for the reports still on their way.
        if reported {
            while let Ok(Some(report)) = tokio::time::timeout(LAST_REPORTS, progress.next()).await {
                context.report(report.progress, report.total, report.message.unwrap_or_default());
            }
        }
        cancel.peer = None;
        outcome
    }

    /// The words for a call lost with its connection, which is marked failed.
    async fn stopped(&self, link: &Arc<Link>, err: ServiceError) -> String {
        let why = LinkError::Stopped(Arc::new(err));
        self.lost(link, why.clone()).await;
        format!(
            "the MCP server `{}` stopped answering ({why}) before the call completed; it is connected again on the \
             next call, so the call may be retried",
            self.name
        )
    }
}

/// What a refusal's data says the call needed of the client (`requiredCapabilities`, MCP's error
/// -32021), in words; empty when it says nothing.
fn needed(data: Option<&Value>) -> String {
    let Some(required) = data.and_then(|data| data.get("requiredCapabilities")).and_then(Value::as_object) else {
        return String::new();
    };
    let names: Vec<&str> = required.keys().map(String::as_str).collect();
    format!(
        "; it needs the client to answer {}, which this program did not set up (see `McpOptions::on_elicitation`, \
         `on_sampling` and `roots`)",
        names.join(", ")
    )
}

/// Sends `notifications/cancelled` for a request whose caller stopped waiting for it.
struct CancelOnDrop {
    /// Taken once the response has arrived.
    peer: Option<Peer<RoleClient>>,
    id: RequestId,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        let Some(peer) = self.peer.take() else { return };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let params = CancelledNotificationParam::new(Some(self.id.clone()), Some("the caller stopped waiting".into()));
        runtime.spawn(async move {
            let _ = peer.notify_cancelled(params).await;
        });
    }
}
