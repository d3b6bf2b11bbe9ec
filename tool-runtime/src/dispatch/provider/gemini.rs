//! Gemini: `functionCall` parts of the first candidate's content, answered with one `user` content
//! of `functionResponse` parts; streamed (`streamGenerateContent?alt=sse`) as whole responses, each
//! carrying the next parts, a call whole in one part.

use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use super::read_text::{Fields, Object, fields, maybe, next, objects, raw_arguments};
use super::stream_state::{Ending, ErrorBody, read};
use super::{arguments, array, images, text};
use crate::Target;
use crate::dispatch::error::DispatchError;
use crate::dispatch::records::{ToolCall, ToolResult};
use crate::dispatch::stream::Streamed;

const TARGET: Target = Target::Gemini;

/// A `generateContent` response (its first candidate's content) or a content.
pub(super) fn calls(response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
    let (content, at) = match response.get("candidates") {
        Some(_) => match response.pointer("/candidates/0/content") {
            Some(content) => (content, "/candidates/0/content"),
            None => return Err(DispatchError::new(TARGET, "/candidates/0/content", "a response without content")),
        },
        None if response.get("parts").is_some() => (response, ""),
        None => {
            return Err(DispatchError::new(TARGET, "", "expected a response (`candidates`) or a content (`parts`)"));
        }
    };
    let mut calls = Vec::new();
    for (index, part) in array(content, "parts", at, TARGET)?.iter().enumerate() {
        let Some(call) = part.get("functionCall") else { continue };
        let at = format!("{at}/parts/{index}/functionCall");
        calls.push(ToolCall {
            id: call.get("id").and_then(Value::as_str).map(str::to_owned),
            name: text(call, "name", &at, TARGET)?,
            arguments: arguments(call.get("args")),
        });
    }
    Ok(calls)
}

pub(super) fn calls_from_text(bytes: &[u8]) -> Option<Vec<ToolCall>> {
    serde_json::from_slice::<Object<Response>>(bytes).ok()?.0.calls()
}

/// One content with role `user` holding a `functionResponse` per call; `null` when there is
/// nothing to answer.
pub(super) fn reply(results: &[ToolResult]) -> Value {
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

#[derive(Default)]
struct Response<'de> {
    candidates: Option<Vec<Object<Candidate<'de>>>>,
    /// The response is a content itself (`parts` at the top).
    content: Option<Content<'de>>,
}

impl<'de> Fields<'de> for Response<'de> {
    fn field<A: serde::de::MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        match key {
            "candidates" => self.candidates = Some(map.next_value()?),
            "parts" => self.content.get_or_insert_default().field(key, map)?,
            _ => super::read_text::skip(map)?,
        }
        Ok(())
    }
}

impl Response<'_> {
    fn calls(self) -> Option<Vec<ToolCall>> {
        let content = match self.candidates {
            Some(candidates) => candidates.into_iter().next()?.0.content?.0,
            None => self.content?,
        };
        content.parts.into_iter().filter_map(|part| part.0.call.map(|call| call.0.call())).collect()
    }
}

fields! {
    struct Candidate<'de> {
        "content" => content: Option<Object<Content<'de>>> = next,
    }
}

fields! {
    struct Content<'de> {
        "parts" => parts: Vec<Object<Part<'de>>> = objects,
    }
}

fields! {
    struct Part<'de> {
        "functionCall" => call: Option<Object<Call<'de>>> = next,
    }
}

fields! {
    struct Call<'de> {
        "id" => id: Option<Option<String>> = next,
        "name" => name: Option<String> = next,
        "args" => args: Option<&'de RawValue> = next,
    }
}

impl Call<'_> {
    fn call(self) -> Option<ToolCall> {
        Some(ToolCall { id: self.id.flatten(), name: self.name?, arguments: raw_arguments(self.args)? })
    }
}

/// The calls of a Gemini stream: every chunk is a response whose parts follow the last chunk's, a
/// call whole in its part; a candidate's `finishReason` ends it.
#[derive(Debug, Default)]
pub(crate) struct Stream {
    pub(super) ending: Ending,
}

impl Stream {
    pub(super) fn event(
        &mut self,
        at: usize,
        _name: &str,
        data: &str,
        out: &mut dyn FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError> {
        let chunk: Chunk = read(TARGET, at, data, "a `GenerateContentResponse`")?;
        if let Some(Object(error)) = chunk.error {
            self.ending.failed = Some((at, error.said()));
            return Ok(());
        }
        // Only the first candidate is answered, as in a finished response.
        let Some(Object(candidate)) =
            chunk.candidates.into_iter().find(|Object(candidate)| candidate.index.unwrap_or(0) == 0)
        else {
            return Ok(());
        };
        let parts = candidate.content.map(|Object(content)| content.parts).unwrap_or_default();
        for (position, Object(part)) in parts.into_iter().enumerate() {
            if let Some(Object(call)) = part.call {
                let at_call = format!("/candidates/0/content/parts/{position}/functionCall");
                let name = call.name.ok_or_else(|| {
                    DispatchError::in_stream(TARGET, at, format!("{at_call}/name"), "expected a string `name`")
                })?;
                let arguments = match call.args {
                    Some(raw) if raw.get().starts_with('"') => serde_json::from_str(raw.get()).unwrap_or_default(),
                    raw => raw_arguments(raw).unwrap_or_default(),
                };
                out(Streamed::Call(ToolCall { id: call.id.flatten(), name, arguments }));
            } else if let Some(text) = part.text
                && !part.thought.unwrap_or(false)
                && !text.0.is_empty()
            {
                out(Streamed::Text(&text.0));
            }
        }
        if candidate.finish_reason.is_some() {
            self.ending.finished = true;
        }
        Ok(())
    }

    pub(super) fn into_parts(self) -> (Ending, Vec<ToolCall>) {
        (self.ending, Vec::new())
    }
}

fields! {
    struct Chunk<'de> {
        "candidates" => candidates: Vec<Object<StreamCandidate<'de>>> = objects,
        "error" => error: Option<Object<ErrorBody<'de>>> = maybe,
    }
}

fields! {
    struct StreamCandidate<'de> {
        "index" => index: Option<u32> = maybe,
        "content" => content: Option<Object<StreamContent<'de>>> = maybe,
        "finishReason" => finish_reason: Option<super::read_text::Key<'de>> = maybe,
    }
}

fields! {
    struct StreamContent<'de> {
        "parts" => parts: Vec<Object<StreamPart<'de>>> = objects,
    }
}

fields! {
    struct StreamPart<'de> {
        "text" => text: Option<super::read_text::Key<'de>> = maybe,
        "thought" => thought: Option<bool> = maybe,
        "functionCall" => call: Option<Object<Call<'de>>> = maybe,
    }
}
