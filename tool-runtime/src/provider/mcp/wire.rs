//! MCP over JSON-RPC: a `tools/call` request in, its response out. An unknown tool is a protocol
//! error (-32602); everything a model can fix — invalid arguments, a failing tool — is a tool result
//! with `isError: true`, so the model sees it and can try again.

use serde_json::{Map, Value, json};

use super::Mcp;
use crate::Target;
use crate::call::{DispatchError, ToolCall, ToolResult};
use crate::provider::{ReadStream, Wire};
use crate::{ContentPart, ToolDef, ToolOutput};

pub(crate) const PARSE_ERROR: i64 = -32700;
pub(crate) const INVALID_REQUEST: i64 = -32600;
pub(crate) const METHOD_NOT_FOUND: i64 = -32601;
pub(crate) const INVALID_PARAMS: i64 = -32602;

/// A client decides what to call: MCP's wire is a `tools/call` request, not a model's response.
impl Wire for Mcp {
    /// The call of a `tools/call` request, whatever tool it names: the caller reads the call
    /// against its own tools.
    fn calls(&self, request: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        match read(request, None) {
            Request::Call { call, .. } => Ok(vec![call]),
            Request::Answer(answer) => {
                let message = answer["error"]["message"].as_str().unwrap_or("expected a JSON-RPC `tools/call` request");
                Err(DispatchError::new(Target::Mcp, "", message))
            }
            Request::Nothing => {
                Err(DispatchError::new(Target::Mcp, "", "a notification (no `id`) asks for no call to be run"))
            }
        }
    }

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Err(DispatchError::new(Target::Mcp, "", "MCP answers a `tools/call` request; it has no response stream"))
    }
}

/// A JSON-RPC error response.
pub(crate) fn error(id: &Value, code: i64, message: impl Into<String>) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message.into()}})
}

/// What a request asks for: a call to run, or a response to give at once.
pub(crate) enum Request {
    Call {
        id: Value,
        call: ToolCall,
    },
    Answer(Value),
    /// A notification: nothing to answer.
    Nothing,
}

/// What `request` asks for; a call of a tool not among `tools` is answered with the error, when
/// `tools` is given.
pub(crate) fn read(request: &Value, tools: Option<&[ToolDef]>) -> Request {
    let Some(object) = request.as_object() else {
        return Request::Answer(error(&Value::Null, INVALID_REQUEST, "Invalid Request: expected a JSON-RPC object"));
    };
    let id = object.get("id").cloned().unwrap_or(Value::Null);
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Request::Answer(error(&id, INVALID_REQUEST, "Invalid Request: `jsonrpc` must be \"2.0\""));
    }
    let Some(method) = object.get("method").and_then(Value::as_str) else {
        return Request::Answer(error(&id, INVALID_REQUEST, "Invalid Request: no `method`"));
    };
    if !object.contains_key("id") {
        return Request::Nothing;
    }
    if method != "tools/call" {
        return Request::Answer(error(&id, METHOD_NOT_FOUND, format!("Method not found: `{method}`")));
    }
    let params = object.get("params").unwrap_or(&Value::Null);
    let Some(name) = params.get("name").and_then(Value::as_str) else {
        return Request::Answer(error(&id, INVALID_PARAMS, "Invalid params: `params.name` must be a string"));
    };
    if let Some(tools) = tools
        && !tools.iter().any(|tool| tool.name == name)
    {
        let unknown = crate::ToolError::unknown_tool(name, tools.iter().map(|tool| &*tool.name));
        return Request::Answer(error(&id, INVALID_PARAMS, unknown.to_string()));
    }
    let arguments = match params.get("arguments") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
    };
    Request::Call { id, call: ToolCall { id: None, name: name.to_owned(), arguments } }
}

/// The `CallToolResult` response: text content always; `structuredContent` when the tool declares
/// an output schema (a non-object output wrapped as `{"result": …}`, as the rendered schema says).
pub(crate) fn reply(id: &Value, result: &ToolResult, def: Option<&ToolDef>) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": call_result(result, def)})
}

/// The `CallToolResult` of a call of the tool `def`.
pub(crate) fn call_result(result: &ToolResult, def: Option<&ToolDef>) -> Value {
    let alone = result.parts_alone();
    let mut call_result = json!({"content": content(&result.content, &result.parts, alone)});
    if result.is_error {
        call_result["isError"] = json!(true);
    } else if let Some(structured) =
        def.filter(|_| !alone).and_then(|def| structured_content(result.content.clone(), def))
    {
        call_result["structuredContent"] = structured;
    }
    call_result
}

/// The content blocks of an output: its JSON as text (unless the parts stand `alone`), then each part.
fn content(json: &Value, parts: &[ContentPart], alone: bool) -> Vec<Value> {
    let mut content = Vec::with_capacity(1 + parts.len());
    if !alone {
        content.push(json!({"type": "text", "text": crate::call::output_text(json)}));
    }
    for part in parts {
        content.push(match part {
            ContentPart::Json(json) => json!({"type": "text", "text": json.to_string()}),
            // Every other kind is an MCP content block as it is kept in history.
            other => serde_json::to_value(other).expect("a content part is JSON"),
        });
    }
    content
}

impl ToolOutput {
    /// This output as an MCP `CallToolResult`, as toolc's MCP server and dispatch write it: the JSON
    /// output as a text block (a string as it is, anything else as JSON text) unless the tool returned
    /// content parts alone, then each part (text, JSON as text, images, audio, embedded resources,
    /// resource links); and `structuredContent` when
    /// `def` declares an output schema — the output itself for an object's schema, `{"result": …}`
    /// otherwise, as the rendered schema says. For any server of MCP's `tools/call`, whatever carries
    /// it; check the parts first with [`ToolOutput::check_parts`].
    ///
    /// ```
    /// use serde_json::json;
    /// use toolc::ToolOutput;
    ///
    /// let result = ToolOutput::json(json!("done")).into_mcp_result(None);
    /// assert_eq!(result, json!({"content": [{"type": "text", "text": "done"}]}));
    /// ```
    pub fn into_mcp_result(self, def: Option<&ToolDef>) -> Value {
        let alone = crate::content::parts_alone(&self.json, &self.parts);
        let mut call_result = json!({"content": content(&self.json, &self.parts, alone)});
        if let Some(structured) = def.filter(|_| !alone).and_then(|def| structured_content(self.json, def)) {
            call_result["structuredContent"] = structured;
        }
        call_result
    }
}

/// The `structuredContent` of a successful call of `def` that returned `output`: the output as it is
/// when the output schema is an object's, wrapped as `{"result": …}` otherwise (as the rendered
/// schema says); none without an output schema.
fn structured_content(output: Value, def: &ToolDef) -> Option<Value> {
    let schema = def.output_schema.as_ref()?;
    let is_object = schema.get("type").is_some_and(|ty| ty == "object");
    if is_object {
        return Some(output);
    }
    let mut wrapped = Map::with_capacity(1);
    wrapped.insert("result".to_owned(), output);
    Some(Value::Object(wrapped))
}
