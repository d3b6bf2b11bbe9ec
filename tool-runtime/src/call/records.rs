//! [`ToolCall`] and [`ToolResult`]: a provider-neutral record of one call and its answer, small
//! enough for an agent to keep as its message history.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ToolError;
use crate::content::{ContentPart, ToolOutput};

/// One tool call a model made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The provider's id of the call, carried into the answer (Gemini may send none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The tool the model called.
    pub name: String,
    /// The arguments as JSON text, as the model sent them.
    pub arguments: String,
}

/// The arguments of a call as they reach a toolbox: JSON text as a model sent it, or a JSON object
/// already parsed (as an MCP server receives them), which is read as it is rather than written back
/// to text and parsed again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arguments<'a> {
    /// JSON text. Empty text and `null` stand for no arguments; an object encoded twice (a JSON
    /// string holding it) is read through the string.
    Text(&'a str),
    /// A parsed JSON object.
    Object(&'a Map<String, Value>),
}

impl<'a> From<&'a str> for Arguments<'a> {
    fn from(text: &'a str) -> Self {
        Arguments::Text(text)
    }
}

impl<'a> From<&'a Map<String, Value>> for Arguments<'a> {
    fn from(object: &'a Map<String, Value>) -> Self {
        Arguments::Object(object)
    }
}

/// The answer to one [`ToolCall`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolResult {
    /// The id of the call it answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The tool that was called.
    pub name: String,
    /// The tool's output, or the error text the model reads.
    pub content: Value,
    /// True when `content` is an error the model should act on.
    #[serde(default)]
    pub is_error: bool,
    /// Images and other parts the tool returned beside `content` (which is `null` for a tool that
    /// returns content alone).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<ContentPart>,
}

impl ToolResult {
    /// The result of `call`: its output, or its error worded for the model.
    pub fn new(call: &ToolCall, outcome: Result<Value, ToolError>) -> Self {
        Self::from_output(call, outcome.map(ToolOutput::json))
    }

    /// The result of `call`: its output with its content parts, or its error worded for the model.
    pub fn from_output(call: &ToolCall, outcome: Result<ToolOutput, ToolError>) -> Self {
        let (content, parts, is_error) = match outcome {
            Ok(output) => (output.json, output.parts, false),
            Err(err) => (Value::String(err.to_string()), Vec::new(), true),
        };
        ToolResult { id: call.id.clone(), name: call.name.clone(), content, is_error, parts }
    }

    /// Whether the tool returned content parts alone, without a JSON output.
    pub(crate) fn parts_alone(&self) -> bool {
        crate::content::parts_alone(&self.content, &self.parts)
    }

    /// The content as the model reads it: a string output as plain text, any other as JSON text.
    /// For a tool that returned content parts alone, their text and JSON, a line each (images are
    /// left out).
    ///
    /// ```
    /// use serde_json::json;
    /// use toolc::{ToolCall, ToolResult};
    ///
    /// let call = ToolCall { id: Some("c1".into()), name: "add".into(), arguments: "{}".into() };
    /// assert_eq!(ToolResult::new(&call, Ok(json!("done"))).text(), "done");
    /// assert_eq!(ToolResult::new(&call, Ok(json!({"sum": 3}))).text(), r#"{"sum":3}"#);
    /// ```
    pub fn text(&self) -> String {
        if !self.parts_alone() {
            return output_text(&self.content);
        }
        self.part_texts().collect::<Vec<_>>().join("\n")
    }

    /// The parts as text, in order (images left out): see [`ContentPart::as_text`].
    pub(crate) fn part_texts(&self) -> impl Iterator<Item = String> + '_ {
        self.parts.iter().filter_map(ContentPart::as_text)
    }
}

/// A tool's output as the model reads it: a string as plain text, any other value as JSON text.
pub(crate) fn output_text(output: &Value) -> String {
    match output {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}
