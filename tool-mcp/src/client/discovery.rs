//! Negotiation that never strands a user: rmcp's `Auto` lifecycle falls back from
//! `server/discover` (2026-07-28) to `initialize` (2025-11-25) only when the server answers with a
//! JSON-RPC error of a code from before 2026-07-28. Servers in the wild answer otherwise — an empty
//! result `{}` for any method they do not know (the conformance suite's own 2025-11-25 mocks), a
//! result of another shape, an error with a code of 2026-07-28, a discovery result that lists no
//! version this client discovers with — and rmcp then ends the connection. This transport sits
//! under rmcp and turns each such answer to `server/discover` into the "method not found" error a
//! server of before gives, so that the session goes on over `initialize`; what the server answered
//! is kept for the toolbox's messages.

use std::sync::{Arc, Mutex, PoisonError};

use rmcp::model::{ClientJsonRpcMessage, ClientRequest, ErrorCode, ErrorData, RequestId, ServerJsonRpcMessage};
use rmcp::model::{ProtocolVersion, ServerResult};
use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::Value;

/// What the server answered to `server/discover` when the client fell back because of it, said
/// once in the toolbox's messages.
pub(super) type FellBack = Arc<Mutex<Option<String>>>;

/// A client transport `T` whose answers to `server/discover` are screened (see the module).
pub(super) struct Discovering<T> {
    inner: T,
    /// The id of the `server/discover` request waiting for its answer.
    waiting: Option<RequestId>,
    /// The version the client discovers with.
    preferred: ProtocolVersion,
    fell_back: FellBack,
}

impl<T> Discovering<T> {
    pub(super) fn new(inner: T, preferred: ProtocolVersion, fell_back: FellBack) -> Self {
        Discovering { inner, waiting: None, preferred, fell_back }
    }

    /// `message`, or the "method not found" error that stands for it when it answers
    /// `server/discover` in a way rmcp would not fall back from.
    fn screen(&mut self, message: ServerJsonRpcMessage) -> ServerJsonRpcMessage {
        let id = match &message {
            ServerJsonRpcMessage::Response(response) => Some(&response.id),
            ServerJsonRpcMessage::Error(error) => error.id.as_ref(),
            _ => None,
        };
        if self.waiting.is_none() || id != self.waiting.as_ref() {
            return message;
        }
        let id = self.waiting.take();
        let Some(why) = self.not_a_discovery(&message) else { return message };
        *self.fell_back.lock().unwrap_or_else(PoisonError::into_inner) = Some(why.clone());
        let message = format!("server/discover was not answered with a discovery result: {why}");
        ServerJsonRpcMessage::error(ErrorData::new(ErrorCode::METHOD_NOT_FOUND, message, None), id)
    }

    /// What is wrong with `answer` to `server/discover`, when rmcp would stop on it rather than fall
    /// back: `None` for a discovery result this client can use, a "method not found" (or any error
    /// rmcp itself falls back from), and a version refusal rmcp retries.
    fn not_a_discovery(&self, answer: &ServerJsonRpcMessage) -> Option<String> {
        match answer {
            ServerJsonRpcMessage::Response(response) => match &response.result {
                ServerResult::DiscoverResult(result) if result.supported_versions.contains(&self.preferred) => None,
                ServerResult::DiscoverResult(result) => {
                    let listed: Vec<String> = result.supported_versions.iter().map(ToString::to_string).collect();
                    Some(format!("the server lists the versions [{}], not {}", listed.join(", "), self.preferred))
                }
                other => Some(format!("the server answered {}", shape(other))),
            },
            ServerJsonRpcMessage::Error(error) => {
                let code = error.error.code;
                let retried = code == ErrorCode::UNSUPPORTED_PROTOCOL_VERSION && self.offers_preferred(&error.error);
                let modern =
                    code == ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY || code == ErrorCode::HEADER_MISMATCH;
                (modern || (code == ErrorCode::UNSUPPORTED_PROTOCOL_VERSION && !retried))
                    .then(|| format!("the server answered the error {}: {}", code.0, error.error.message))
            }
            _ => None,
        }
    }

    /// Whether a version refusal lists the version the client discovers with (rmcp asks again).
    fn offers_preferred(&self, error: &ErrorData) -> bool {
        let supported = error.data.as_ref().and_then(|data| data.get("supported")).and_then(Value::as_array);
        supported.is_some_and(|versions| versions.iter().any(|version| version == self.preferred.as_str()))
    }
}

/// A result's shape, briefly: its JSON, cut short.
fn shape(result: &ServerResult) -> String {
    let text = serde_json::to_string(result).unwrap_or_else(|_| "a result that cannot be shown".to_owned());
    match text.char_indices().nth(120) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

impl<T> Transport<RoleClient> for Discovering<T>
where
    T: Transport<RoleClient>,
{
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        if let ClientJsonRpcMessage::Request(request) = &item
            && matches!(request.request, ClientRequest::DiscoverRequest(_))
        {
            self.waiting = Some(request.id.clone());
        }
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        let message = self.inner.receive().await?;
        Some(self.screen(message))
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

#[cfg(test)]
mod tests {
    use rmcp::model::{DiscoverResult, EmptyResult, NumberOrString, ServerCapabilities};
    use serde_json::json;

    use super::*;

    struct Nowhere;

    fn screened(answer: ServerJsonRpcMessage) -> (ServerJsonRpcMessage, Option<String>) {
        let fell_back = FellBack::default();
        let mut discovering = Discovering::new(Nowhere, ProtocolVersion::V_2026_07_28, Arc::clone(&fell_back));
        discovering.waiting = Some(NumberOrString::Number(1));
        let out = discovering.screen(answer);
        let why = fell_back.lock().unwrap().clone();
        (out, why)
    }

    fn id() -> RequestId {
        NumberOrString::Number(1)
    }

    /// The message as it goes over the wire (rmcp's results have no `PartialEq`).
    fn wire(message: &ServerJsonRpcMessage) -> Value {
        serde_json::to_value(message).expect("a message serializes")
    }

    fn method_not_found(message: &ServerJsonRpcMessage) -> bool {
        matches!(message, ServerJsonRpcMessage::Error(error) if error.error.code == ErrorCode::METHOD_NOT_FOUND && error.id == Some(id()))
    }

    #[test]
    fn an_empty_result_stands_for_method_not_found() {
        let (out, why) = screened(ServerJsonRpcMessage::response(ServerResult::EmptyResult(EmptyResult {}), id()));
        assert!(method_not_found(&out), "{out:?}");
        assert_eq!(why.as_deref(), Some("the server answered {}"));
    }

    #[test]
    fn errors_rmcp_would_stop_on_stand_for_method_not_found() {
        for code in [ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY, ErrorCode::HEADER_MISMATCH] {
            let error = ErrorData::new(code, "no", None);
            let (out, why) = screened(ServerJsonRpcMessage::error(error, Some(id())));
            assert!(method_not_found(&out), "{out:?}");
            assert!(why.unwrap().contains(&code.0.to_string()));
        }
        let refusal =
            ErrorData::new(ErrorCode::UNSUPPORTED_PROTOCOL_VERSION, "old", Some(json!({"supported": ["2025-11-25"]})));
        assert!(method_not_found(&screened(ServerJsonRpcMessage::error(refusal, Some(id()))).0));
    }

    #[test]
    fn what_rmcp_handles_itself_passes_through() {
        let plain = ErrorData::new(ErrorCode::METHOD_NOT_FOUND, "unknown method", None);
        let (out, why) = screened(ServerJsonRpcMessage::error(plain.clone(), Some(id())));
        assert_eq!(wire(&out), wire(&ServerJsonRpcMessage::error(plain, Some(id()))));
        assert_eq!(why, None, "a server of before answering as such is not news");

        let retry = ErrorData::new(
            ErrorCode::UNSUPPORTED_PROTOCOL_VERSION,
            "retry",
            Some(json!({"supported": ["2026-07-28"]})),
        );
        let (out, _) = screened(ServerJsonRpcMessage::error(retry.clone(), Some(id())));
        assert_eq!(wire(&out), wire(&ServerJsonRpcMessage::error(retry, Some(id()))));
    }

    #[test]
    fn a_discovery_result_without_the_version_stands_for_method_not_found() {
        let listing = |versions: Vec<ProtocolVersion>| {
            let mut result: DiscoverResult = serde_json::from_value(json!({
                "resultType": "complete", "supportedVersions": [], "capabilities": {},
                "ttlMs": 0, "cacheScope": "private"
            }))
            .expect("a discovery result");
            result.supported_versions = versions;
            result.capabilities = ServerCapabilities::default();
            ServerJsonRpcMessage::response(ServerResult::DiscoverResult(result), id())
        };
        let usable = listing(vec![ProtocolVersion::V_2026_07_28]);
        assert_eq!(wire(&screened(usable.clone()).0), wire(&usable));
        let (out, why) = screened(listing(vec![ProtocolVersion::V_2025_11_25]));
        assert!(method_not_found(&out), "{out:?}");
        assert!(why.unwrap().contains("[2025-11-25]"));
    }

    #[test]
    fn answers_to_other_requests_are_left_alone() {
        let other =
            ServerJsonRpcMessage::response(ServerResult::EmptyResult(EmptyResult {}), NumberOrString::Number(2));
        assert_eq!(wire(&screened(other.clone()).0), wire(&other));
    }
}
