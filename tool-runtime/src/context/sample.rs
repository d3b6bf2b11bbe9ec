//! Sampling, typed: a message asked of the client's model, and its reply.

use serde_json::{Value, json};

use super::ask::{AskError, QuestionKind};

/// What to ask the client's model: the conversation so far, the most tokens the reply may take, and
/// optionally a system prompt. The client decides which model answers, and may show the user the
/// request first.
///
/// ```
/// use toolc::Sampling;
///
/// let request = Sampling::new(100).system("Answer in one word.").user("What is the capital of France?");
/// assert_eq!(request.params()["messages"][0]["content"]["text"], "What is the capital of France?");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Sampling {
    messages: Vec<Value>,
    max_tokens: u32,
    system: Option<String>,
    temperature: Option<f64>,
}

impl Sampling {
    /// A request whose reply takes at most `max_tokens` tokens; add its messages.
    pub fn new(max_tokens: u32) -> Self {
        Sampling { messages: Vec::new(), max_tokens, system: None, temperature: None }
    }

    /// Adds a message from the user.
    pub fn user(mut self, text: impl Into<String>) -> Self {
        self.messages.push(json!({"role": "user", "content": {"type": "text", "text": text.into()}}));
        self
    }

    /// Adds a message from the assistant (an earlier reply).
    pub fn assistant(mut self, text: impl Into<String>) -> Self {
        self.messages.push(json!({"role": "assistant", "content": {"type": "text", "text": text.into()}}));
        self
    }

    /// Sets the system prompt.
    pub fn system(mut self, text: impl Into<String>) -> Self {
        self.system = Some(text.into());
        self
    }

    /// Sets the sampling temperature.
    pub fn temperature(mut self, temperature: f64) -> Self {
        self.temperature = Some(temperature);
        self
    }

    /// The `sampling/createMessage` parameters.
    pub fn params(&self) -> Value {
        let mut params = json!({"messages": self.messages, "maxTokens": self.max_tokens});
        if let Some(system) = &self.system {
            params["systemPrompt"] = json!(system);
        }
        if let Some(temperature) = self.temperature {
            params["temperature"] = json!(temperature);
        }
        params
    }
}

/// The client model's reply.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Sampled {
    /// The model that answered, as the client names it.
    pub model: String,
    /// Why the model stopped (`endTurn`, `maxTokens`, …), when the client says.
    pub stop_reason: Option<String>,
    /// The reply's content: one MCP content block, or several.
    pub content: Value,
}

impl Sampled {
    /// The reply's text: its text blocks, joined by newlines.
    pub fn text(&self) -> String {
        let blocks = match &self.content {
            Value::Array(blocks) => blocks.iter().collect(),
            block => vec![block],
        };
        let texts: Vec<&str> = blocks
            .into_iter()
            .filter(|block| block.get("type").and_then(Value::as_str) == Some("text"))
            .filter_map(|block| block.get("text").and_then(Value::as_str))
            .collect();
        texts.join("\n")
    }
}

/// The reply from a `sampling/createMessage` result.
pub(super) fn answer(result: Value) -> Result<Sampled, AskError> {
    let Some(content) = result.get("content").cloned() else {
        return Err(AskError::Invalid {
            question: QuestionKind::Sampling,
            message: "the client's reply has no `content`".to_owned(),
        });
    };
    Ok(Sampled {
        model: result.get("model").and_then(Value::as_str).unwrap_or_default().to_owned(),
        stop_reason: result.get("stopReason").and_then(Value::as_str).map(str::to_owned),
        content,
    })
}

/// One of the client's roots: a folder or URI it works in.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Root {
    /// Its URI (`file:///home/me/project`).
    pub uri: String,
    /// Its name, when the client gives one.
    pub name: Option<String>,
}

/// The roots from a `roots/list` result.
pub(super) fn roots(result: Value) -> Result<Vec<Root>, AskError> {
    let Some(roots) = result.get("roots").and_then(Value::as_array) else {
        return Err(AskError::Invalid {
            question: QuestionKind::Roots,
            message: "the client's answer has no `roots` list".to_owned(),
        });
    };
    roots
        .iter()
        .enumerate()
        .map(|(at, root)| match root.get("uri").and_then(Value::as_str) {
            Some(uri) => {
                Ok(Root { uri: uri.to_owned(), name: root.get("name").and_then(Value::as_str).map(str::to_owned) })
            }
            None => Err(AskError::Invalid {
                question: QuestionKind::Roots,
                message: format!("root {at} of the client's answer has no `uri`"),
            }),
        })
        .collect()
}
