//! A checked call forwarded to the server: `tools/call` sent, the server's progress handed to the
//! call's context, the call cancelled at the server when its caller stops waiting, and every way
//! it can fail worded for the model.

use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::{Either, select};
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CancelledNotificationParam, ClientRequest, RequestId, ServerResult,
};
use rmcp::service::{Peer, PeerRequestOptions, RoleClient, ServiceError};
use serde_json::{Map, Value};
use tool_runtime::{CallContext, ToolError, ToolOutput};

use super::error::LinkError;
use super::link::Link;
use super::{Inner, result};

/// How long a call that reported progress waits, after its answer, for reports still on their way.
const LAST_REPORTS: Duration = Duration::from_millis(25);

impl Inner {
    /// Forwards a checked call to the server.
    pub(super) async fn forward(
        self: &Arc<Self>,
        tool: &str,
        arguments: Map<String, Value>,
        context: &CallContext,
    ) -> Result<ToolOutput, ToolError> {
        let failed = |message: String| ToolError::Failed { tool: tool.to_owned().into(), message };
        let link = self.link().await.map_err(|unavailable| failed(unavailable.to_string()))?;
        let request = ClientRequest::CallToolRequest(CallToolRequest::new(
            CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments),
        ));
        let options = PeerRequestOptions::with_timeout(self.options.timeout);
        let handle = match link.peer().send_request_with_option(request, options).await {
            Ok(handle) => handle,
            Err(err) => return Err(failed(self.stopped(&link, err).await)),
        };
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
        match outcome {
            Ok(ServerResult::CallToolResult(result)) => result::call_result(&self.name, tool, result),
            Ok(_) => Err(failed(format!(
                "the MCP server `{}` answered with something other than a tool's result (a task or a request \
                 for input), which this client does not take",
                self.name
            ))),
            Err(ServiceError::McpError(error)) => Err(failed(format!(
                "the MCP server `{}` refused the call: {} (JSON-RPC error {})",
                self.name, error.message, error.code.0
            ))),
            Err(ServiceError::Timeout { timeout }) => Err(failed(format!(
                "the MCP server `{}` did not answer within {} s, so the call was cancelled",
                self.name,
                timeout.as_secs_f32()
            ))),
            Err(err) => Err(failed(self.stopped(&link, err).await)),
        }
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
