//! A tool's questions reaching its client, on either protocol.
//!
//! - 2025-11-25 (a session): the question is a request to the client, sent on the call's stream and
//!   waited for ([`InSession`]).
//! - 2026-07-28 (no session): the server may not send requests. The call runs until the tool asks
//!   something not yet answered, then ends with `input_required`, listing the questions; the client
//!   calls again with the answers, and the call runs again from the start, its questions answered
//!   from them ([`RoundTrips`]). The answers of earlier rounds travel in `requestState`, signed by
//!   the server ([`StateKey`]), so that any replica holding the key can go on and none can be
//!   tricked.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::Poll;
use std::time::Duration;

use rmcp::model::{ClientCapabilities, InputRequest, InputRequests, ServerRequest};
use rmcp::model::{RequestStateCodec, SealOptions};
use rmcp::service::{Peer, RoleServer};
use serde_json::{Map, Value, json};

use toolc::{Answer, AskError, Asker, Question, QuestionKind};

/// Whether `capabilities` say the client answers questions of `kind`.
fn declared(capabilities: &ClientCapabilities, kind: QuestionKind) -> bool {
    match kind {
        QuestionKind::Elicitation => capabilities.elicitation.is_some(),
        QuestionKind::Sampling => capabilities.sampling.is_some(),
        QuestionKind::Roots => capabilities.roots.is_some(),
        _ => false,
    }
}

/// A question as rmcp's request type: MCP's `{method, params}`.
pub(super) fn request(question: &Question) -> Result<InputRequest, AskError> {
    serde_json::from_value(json!({"method": question.kind().method(), "params": question.params()})).map_err(|err| {
        AskError::Invalid { question: question.kind(), message: format!("the question is not MCP's: {err}") }
    })
}

/// The kinds of question a call asked that its client cannot answer.
#[derive(Default)]
pub(super) struct Refused(Mutex<Vec<QuestionKind>>);

impl Refused {
    fn note(&self, kind: QuestionKind) {
        let mut refused = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if !refused.contains(&kind) {
            refused.push(kind);
        }
    }

    /// The capabilities the call needed and did not have, as MCP's `requiredCapabilities` writes
    /// them; none when every question could be asked.
    pub(super) fn required(&self) -> Option<Value> {
        let refused = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        (!refused.is_empty())
            .then(|| Value::Object(refused.iter().map(|kind| (kind.capability().to_owned(), json!({}))).collect()))
    }
}

/// Questions in a 2025-11-25 session: requests to the client, waited for. What the client can
/// answer is what it declared when the session began, so one asker serves all the session's calls
/// (a question refused fails the tool's ask; the call itself goes on).
pub(super) struct InSession {
    pub(super) peer: Peer<RoleServer>,
}

impl Asker for InSession {
    fn can_answer(&self, kind: QuestionKind) -> bool {
        self.peer.peer_info().is_some_and(|client| declared(&client.capabilities, kind))
    }

    fn ask(&self, _: &str, question: Question) -> Answer {
        let peer = self.peer.clone();
        Box::pin(async move {
            let kind = question.kind();
            let request = match request(&question)? {
                InputRequest::Elicitation(request) => ServerRequest::from(request),
                InputRequest::CreateMessage(request) => ServerRequest::from(request),
                InputRequest::ListRoots(request) => ServerRequest::from(request),
                _ => return Err(AskError::NotSupported { question: kind }),
            };
            let answer = peer
                .send_request(request)
                .await
                .map_err(|err| AskError::Failed { question: kind, message: err.to_string() })?;
            serde_json::to_value(answer)
                .map_err(|err| AskError::Failed { question: kind, message: format!("the answer is not JSON: {err}") })
        })
    }
}

/// Questions on 2026-07-28: answered from the client's `inputResponses` and the answers of earlier
/// rounds; one not answered yet is kept, and the call ends asking it.
pub(super) struct RoundTrips {
    capabilities: ClientCapabilities,
    answers: BTreeMap<String, Value>,
    asked: Mutex<InputRequests>,
    pub(super) refused: Refused,
}

impl RoundTrips {
    pub(super) fn new(capabilities: ClientCapabilities, answers: BTreeMap<String, Value>) -> Self {
        RoundTrips { capabilities, answers, asked: Mutex::default(), refused: Refused::default() }
    }

    /// Whether the question `key` has its answer.
    pub(super) fn answered(&self, key: &str) -> bool {
        self.answers.get(key).is_some_and(Value::is_object)
    }

    /// Whether questions were asked and not answered yet.
    pub(super) fn waiting(&self) -> bool {
        !self.asked.lock().unwrap_or_else(PoisonError::into_inner).is_empty()
    }

    /// The questions to send back, and the answers so far (for the state).
    pub(super) fn into_round(self) -> (InputRequests, BTreeMap<String, Value>) {
        (self.asked.into_inner().unwrap_or_else(PoisonError::into_inner), self.answers)
    }
}

impl Asker for RoundTrips {
    fn can_answer(&self, kind: QuestionKind) -> bool {
        declared(&self.capabilities, kind)
    }

    fn ask(&self, key: &str, question: Question) -> Answer {
        // An answer is an MCP result, an object: anything else is no answer, and is asked again.
        if let Some(answer) = self.answers.get(key).filter(|_| self.answered(key)) {
            return Box::pin(std::future::ready(Ok(answer.clone())));
        }
        match request(&question) {
            Ok(request) => {
                self.asked.lock().unwrap_or_else(PoisonError::into_inner).insert(key.to_owned(), request);
                // Never answered in this round: the call ends when it waits on it.
                Box::pin(std::future::pending())
            }
            Err(err) => Box::pin(std::future::ready(Err(err))),
        }
    }

    fn refused(&self, kind: QuestionKind) {
        self.refused.note(kind);
    }
}

/// How a round of a call ended: it finished, or it waits on questions.
pub(super) enum Round<T> {
    Finished(T),
    Asking,
}

/// Runs `call` until it finishes, or waits on a question `asker` could not answer.
pub(super) async fn until_asked<T>(call: impl Future<Output = T>, asker: &RoundTrips) -> Round<T> {
    let mut call = pin!(call);
    std::future::poll_fn(|cx| match call.as_mut().poll(cx) {
        Poll::Ready(outcome) => Poll::Ready(Round::Finished(outcome)),
        Poll::Pending if asker.waiting() => Poll::Ready(Round::Asking),
        Poll::Pending => Poll::Pending,
    })
    .await
}

/// How long a `requestState` is good for: the user may take a while over a form.
const STATE_LIFETIME: Duration = Duration::from_secs(60 * 60);

/// The keys `requestState` is signed with (HMAC-SHA256): one signs, every one opens, so that a key
/// is rotated in without failing the calls in flight. Each state names the key that signed it by a
/// fingerprint of the key, so replicas agree on the names without being told them.
#[derive(Clone)]
pub(super) struct StateKey(Arc<RequestStateCodec>);

impl StateKey {
    /// A key of `secret`, which must be at least 32 bytes.
    pub(super) fn new(secret: Vec<u8>) -> Result<Self, String> {
        StateKey::ring(secret, Vec::new())
    }

    /// `signing`, and `also` to open states with (each at least 32 bytes).
    pub(super) fn ring(signing: Vec<u8>, also: Vec<Vec<u8>>) -> Result<Self, String> {
        let active = fingerprint(&signing);
        let mut keys = vec![(active.clone(), signing)];
        for key in also {
            let name = fingerprint(&key);
            // The same key given twice is one key.
            if keys.iter().all(|(known, _)| *known != name) {
                keys.push((name, key));
            }
        }
        let codec = RequestStateCodec::new_with_keyring(active, keys).map_err(|err| err.to_string())?;
        Ok(StateKey(Arc::new(codec)))
    }

    /// A key made for this process alone.
    pub(super) fn random() -> Self {
        let mut secret = vec![0u8; 32];
        getrandom::fill(&mut secret).expect("the system gives random bytes");
        StateKey::new(secret).expect("32 bytes is a long enough key")
    }

    /// The state carrying `answers`, bound to the call of `tool` with `arguments`.
    pub(super) fn seal(&self, tool: &str, arguments: &Map<String, Value>, answers: &BTreeMap<String, Value>) -> String {
        let bound = binding(tool, arguments);
        let options = SealOptions::new().associated_data(&bound).ttl(STATE_LIFETIME);
        self.0.seal_json_with(answers, &options).expect("answers are JSON")
    }

    /// The answers a state carries, when this server made it for this call and it has not expired.
    pub(super) fn open(
        &self,
        state: &str,
        tool: &str,
        arguments: &Map<String, Value>,
    ) -> Result<BTreeMap<String, Value>, String> {
        self.0.open_json_with(state, &binding(tool, arguments)).map_err(|err| err.to_string())
    }
}

/// The name a state gives the key that signed it: the first 8 bytes of a SHA-256 of the key, which
/// tell nothing of it (the key has 32 bytes or more).
fn fingerprint(key: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new().chain_update(b"toolc requestState key\0").chain_update(key).finalize();
    digest[..8].iter().map(|byte| format!("{byte:02x}")).collect()
}

/// What a state is bound to: the tool and its arguments, so that it answers no other call.
fn binding(tool: &str, arguments: &Map<String, Value>) -> Vec<u8> {
    let mut bound = tool.as_bytes().to_vec();
    bound.push(0);
    bound.extend(serde_json::to_vec(arguments).expect("arguments are JSON"));
    bound
}
