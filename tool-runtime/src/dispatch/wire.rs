//! The providers' wire formats: reading the tool calls out of a response, and writing the answer.
//! One function pair per provider, in the shapes the providers document for their responses.

use serde_json::{Map, Value, json};

use super::error::DispatchError;
use super::records::{ToolCall, ToolResult};
use crate::{ContentPart, Image, Target};

/// A string field of a call, or an error naming where it should be.
fn text(node: &Value, key: &str, at: &str, target: Target) -> Result<String, DispatchError> {
    match node.get(key) {
        Some(Value::String(text)) => Ok(text.clone()),
        _ => Err(DispatchError::new(target, format!("{at}/{key}"), format!("expected a string `{key}`"))),
    }
}

/// Arguments as text: OpenAI sends text already; the others send an object, written out here.
fn arguments(node: Option<&Value>) -> String {
    match node {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

fn array<'a>(node: &'a Value, key: &str, at: &str, target: Target) -> Result<&'a [Value], DispatchError> {
    match node.get(key) {
        Some(Value::Array(items)) => Ok(items),
        Some(Value::Null) | None => Ok(&[]),
        Some(_) => Err(DispatchError::new(target, format!("{at}/{key}"), format!("expected `{key}` to be an array"))),
    }
}

/// OpenAI Chat Completions: a completion (its first choice's message) or an assistant message.
pub(super) fn openai_chat_calls(response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
    let target = Target::OpenAi;
    let (message, at) = match response.get("choices") {
        Some(_) => match response.pointer("/choices/0/message") {
            Some(message) => (message, "/choices/0/message"),
            None => return Err(DispatchError::new(target, "/choices/0/message", "a completion without a message")),
        },
        None if response.get("role").is_some() || response.get("tool_calls").is_some() => (response, ""),
        None => {
            return Err(DispatchError::new(
                target,
                "",
                "expected a chat completion (`choices`) or an assistant message",
            ));
        }
    };
    let mut calls = Vec::new();
    for (index, call) in array(message, "tool_calls", at, target)?.iter().enumerate() {
        let at = format!("{at}/tool_calls/{index}");
        let function = call.get("function").unwrap_or(&Value::Null);
        calls.push(ToolCall {
            id: Some(text(call, "id", &at, target)?),
            name: text(function, "name", &format!("{at}/function"), target)?,
            arguments: arguments(function.get("arguments")),
        });
    }
    Ok(calls)
}

/// What a result says as text, one piece per part: its JSON output (unless it returned content
/// alone), then its text and JSON parts. Images are left to each writer.
fn texts(result: &ToolResult) -> Vec<String> {
    let json = (!result.parts_alone()).then(|| result.text());
    json.into_iter().chain(result.part_texts()).collect()
}

fn images(result: &ToolResult) -> impl Iterator<Item = &Image> {
    result.parts.iter().filter_map(|part| match part {
        ContentPart::Image(image) => Some(image),
        _ => None,
    })
}

/// A `tool` message per call (text only, as chat takes it), then, when tools returned images, one
/// `user` message carrying them, each introduced by the call it answers.
pub(super) fn openai_chat_reply(results: &[ToolResult]) -> Value {
    let mut messages: Vec<Value> = Vec::with_capacity(results.len() + 1);
    let mut pictures: Vec<Value> = Vec::new();
    for result in results {
        let mut text = texts(result).join("\n");
        if images(result).next().is_some() {
            let id = result.id.as_deref().unwrap_or("");
            if text.is_empty() {
                text = "The images are in the next message.".to_owned();
            }
            pictures.push(
                json!({"type": "text", "text": format!("Images returned by the tool call {id} (`{}`):", result.name)}),
            );
            pictures.extend(
                images(result).map(|image| json!({"type": "image_url", "image_url": {"url": image.data_url()}})),
            );
        }
        messages.push(json!({"role": "tool", "tool_call_id": result.id, "content": text}));
    }
    if !pictures.is_empty() {
        messages.push(json!({"role": "user", "content": pictures}));
    }
    Value::Array(messages)
}

/// OpenAI Responses: a response (its `output`) or the `output` array itself.
pub(super) fn openai_responses_calls(response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
    let target = Target::OpenAiResponses;
    let (items, at) = match response {
        Value::Array(items) => (items.as_slice(), ""),
        Value::Object(_) if response.get("output").is_some() => (array(response, "output", "", target)?, "/output"),
        _ => return Err(DispatchError::new(target, "", "expected a response (`output`) or its `output` array")),
    };
    let mut calls = Vec::new();
    for (index, item) in items.iter().enumerate() {
        if item.get("type").and_then(Value::as_str) != Some("function_call") {
            continue;
        }
        let at = format!("{at}/{index}");
        calls.push(ToolCall {
            id: Some(text(item, "call_id", &at, target)?),
            name: text(item, "name", &at, target)?,
            arguments: arguments(item.get("arguments")),
        });
    }
    Ok(calls)
}

pub(super) fn openai_responses_reply(results: &[ToolResult]) -> Value {
    let items: Vec<Value> = results
        .iter()
        .map(|result| {
            let output = if result.parts.is_empty() {
                json!(result.text())
            } else {
                let mut items: Vec<Value> =
                    texts(result).into_iter().map(|text| json!({"type": "input_text", "text": text})).collect();
                items.extend(images(result).map(|image| json!({"type": "input_image", "image_url": image.data_url()})));
                Value::Array(items)
            };
            json!({"type": "function_call_output", "call_id": result.id, "output": output})
        })
        .collect();
    Value::Array(items)
}

/// Anthropic Messages: a message whose `content` holds `tool_use` blocks.
pub(super) fn anthropic_calls(response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
    let target = Target::Anthropic;
    if response.get("content").is_none() {
        return Err(DispatchError::new(target, "", "expected a message with `content`"));
    }
    let mut calls = Vec::new();
    for (index, block) in array(response, "content", "", target)?.iter().enumerate() {
        if block.get("type").and_then(Value::as_str) != Some("tool_use") {
            continue;
        }
        let at = format!("/content/{index}");
        calls.push(ToolCall {
            id: Some(text(block, "id", &at, target)?),
            name: text(block, "name", &at, target)?,
            arguments: arguments(block.get("input")),
        });
    }
    Ok(calls)
}

/// One user message holding every `tool_result`; `null` when there is nothing to answer.
pub(super) fn anthropic_reply(results: &[ToolResult]) -> Value {
    if results.is_empty() {
        return Value::Null;
    }
    let blocks: Vec<Value> = results
        .iter()
        .map(|result| {
            let content = if result.parts.is_empty() {
                json!(result.text())
            } else {
                let mut blocks: Vec<Value> =
                    texts(result).into_iter().map(|text| json!({"type": "text", "text": text})).collect();
                blocks.extend(images(result).map(|image| {
                    json!({"type": "image", "source": {"type": "base64", "media_type": image.mime_type(), "data": image.base64()}})
                }));
                Value::Array(blocks)
            };
            let mut block = json!({"type": "tool_result", "tool_use_id": result.id, "content": content});
            if result.is_error {
                block["is_error"] = json!(true);
            }
            block
        })
        .collect();
    json!({"role": "user", "content": blocks})
}

/// Gemini: a `generateContent` response (its first candidate's content) or a content.
pub(super) fn gemini_calls(response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
    let target = Target::Gemini;
    let (content, at) = match response.get("candidates") {
        Some(_) => match response.pointer("/candidates/0/content") {
            Some(content) => (content, "/candidates/0/content"),
            None => return Err(DispatchError::new(target, "/candidates/0/content", "a response without content")),
        },
        None if response.get("parts").is_some() => (response, ""),
        None => {
            return Err(DispatchError::new(target, "", "expected a response (`candidates`) or a content (`parts`)"));
        }
    };
    let mut calls = Vec::new();
    for (index, part) in array(content, "parts", at, target)?.iter().enumerate() {
        let Some(call) = part.get("functionCall") else { continue };
        let at = format!("{at}/parts/{index}/functionCall");
        calls.push(ToolCall {
            id: call.get("id").and_then(Value::as_str).map(str::to_owned),
            name: text(call, "name", &at, target)?,
            arguments: arguments(call.get("args")),
        });
    }
    Ok(calls)
}

/// One content with role `user` holding a `functionResponse` per call; `null` when there is
/// nothing to answer.
pub(super) fn gemini_reply(results: &[ToolResult]) -> Value {
    if results.is_empty() {
        return Value::Null;
    }
    let parts: Vec<Value> = results
        .iter()
        .map(|result| {
            let mut response = Map::new();
            let key = if result.is_error { "error" } else { "output" };
            if !result.parts_alone() {
                response.insert(key.to_owned(), result.content.clone());
            }
            let texts: Vec<String> = result.part_texts().collect();
            if !texts.is_empty() {
                response.insert("text".to_owned(), json!(texts));
            }
            let mut function_response = json!({"name": result.name, "response": response});
            if let Some(id) = &result.id {
                function_response["id"] = json!(id);
            }
            // Multimodal function responses: the images as inline data beside the JSON.
            let inline: Vec<Value> = images(result)
                .map(|image| json!({"inlineData": {"mimeType": image.mime_type(), "data": image.base64()}}))
                .collect();
            if !inline.is_empty() {
                function_response["parts"] = json!(inline);
            }
            json!({"functionResponse": function_response})
        })
        .collect();
    json!({"role": "user", "parts": parts})
}
