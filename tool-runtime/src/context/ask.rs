//! What a tool may ask whoever runs its call, and what that party implements to answer: the
//! [`Asker`] a server hands the [`CallContext`](super::CallContext).
//!
//! Questions are written as MCP writes them (`elicitation/create`, `sampling/createMessage` and
//! `roots/list` parameters), so that a server forwards them as they are; the answers come back as
//! MCP's results and are read into typed values here, once for every server.

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

/// The kinds of question a tool may ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum QuestionKind {
    /// A form the user fills in (MCP's elicitation).
    Elicitation,
    /// A message from the client's model (MCP's sampling).
    Sampling,
    /// The client's roots: the folders or URIs it works in.
    Roots,
}

impl QuestionKind {
    /// The MCP method that asks it: `elicitation/create`, `sampling/createMessage`, `roots/list`.
    pub fn method(self) -> &'static str {
        match self {
            QuestionKind::Elicitation => "elicitation/create",
            QuestionKind::Sampling => "sampling/createMessage",
            QuestionKind::Roots => "roots/list",
        }
    }

    /// The client capability that says it can be asked: `elicitation`, `sampling`, `roots`.
    pub fn capability(self) -> &'static str {
        match self {
            QuestionKind::Elicitation => "elicitation",
            QuestionKind::Sampling => "sampling",
            QuestionKind::Roots => "roots",
        }
    }

    /// The name used in the keys of questions that were not given one: `elicitation`,
    /// `sampling`, `roots`.
    fn noun(self) -> &'static str {
        self.capability()
    }

    pub(super) fn default_key(self, nth: usize) -> String {
        format!("{}-{nth}", self.noun())
    }
}

impl fmt::Display for QuestionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            QuestionKind::Elicitation => "a form for the user (elicitation)",
            QuestionKind::Sampling => "a message from the client's model (sampling)",
            QuestionKind::Roots => "the client's roots",
        })
    }
}

/// One question, as MCP writes its request: the kind, and the method's parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    kind: QuestionKind,
    params: Value,
}

impl Question {
    pub(super) fn new(kind: QuestionKind, params: Value) -> Self {
        Question { kind, params }
    }

    /// What kind of question it is.
    pub fn kind(&self) -> QuestionKind {
        self.kind
    }

    /// The parameters of its MCP method ([`QuestionKind::method`]).
    pub fn params(&self) -> &Value {
        &self.params
    }
}

/// The answer an [`Asker`] gives: the MCP result of the question's method, or why there is none.
pub type Answer = Pin<Box<dyn Future<Output = Result<Value, AskError>> + Send>>;

/// Whoever runs a call, as a tool's questions reach it: an MCP server implements it for its
/// client, on either protocol (a request sent and waited for on 2025-11-25; on 2026-07-28 the
/// call answered `input_required` and run again with the answers, found by each question's key).
pub trait Asker: Send + Sync {
    /// Whether the client said it can answer questions of `kind`. A question it cannot answer is
    /// never sent: the tool gets [`AskError::NotSupported`] at once.
    fn can_answer(&self, kind: QuestionKind) -> bool;

    /// Asks `question`, named `key` within the call (the same key each time the call runs).
    fn ask(&self, key: &str, question: Question) -> Answer;

    /// Told when the tool asked a question of `kind` that [`Asker::can_answer`] said no to: a server
    /// whose call then fails can say which capability it needed.
    fn refused(&self, kind: QuestionKind) {
        let _ = kind;
    }
}

/// Why a tool's question has no answer.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum AskError {
    /// Nobody can answer it: the client did not declare the capability, or the call runs without
    /// a client (a local call, a provider's response).
    NotSupported {
        /// What was asked.
        question: QuestionKind,
    },
    /// The question cannot be asked as written (a form type that is not flat and primitive), or
    /// the answer is not what was asked (a field missing or of the wrong type).
    Invalid {
        /// What was asked.
        question: QuestionKind,
        /// What is wrong, naming the field.
        message: String,
    },
    /// The client answered with an error, or could not be reached.
    Failed {
        /// What was asked.
        question: QuestionKind,
        /// What went wrong.
        message: String,
    },
}

impl AskError {
    /// What was asked.
    pub fn question(&self) -> QuestionKind {
        match self {
            AskError::NotSupported { question }
            | AskError::Invalid { question, .. }
            | AskError::Failed { question, .. } => *question,
        }
    }
}

impl fmt::Display for AskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AskError::NotSupported { question } => write!(
                f,
                "this call cannot ask for {question}: its client did not declare the `{}` capability",
                question.capability()
            ),
            AskError::Invalid { question, message } => write!(f, "asking for {question}: {message}"),
            AskError::Failed { question, message } => write!(f, "asking for {question} failed: {message}"),
        }
    }
}

impl std::error::Error for AskError {}

/// A tool that returns `Result<T, String>` passes a question's error on with `?`.
impl From<AskError> for String {
    fn from(err: AskError) -> String {
        err.to_string()
    }
}
