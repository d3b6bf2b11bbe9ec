//! Gemini: `functionCall` parts of the first candidate's content, answered with one `user` content
//! of `functionResponse` parts; streamed (`streamGenerateContent?alt=sse`) as whole responses, each
//! carrying the next parts, a call whole in one part.

use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use super::Gemini;
use super::json_path::Built;
use crate::Target;
use crate::call::DispatchError;
use crate::call::Streamed;
use crate::call::{ToolCall, ToolResult};
use crate::provider::Wire;
use crate::provider::images::{Accepted, MB};
use crate::provider::read_stream::{Ending, ErrorBody, ReadStream, first, read};
use crate::provider::read_text::{Fields, Key, Object, fields, maybe, next, objects, raw_arguments};
use crate::provider::wire::{arguments, array, images, text};

const TARGET: Target = Target::Gemini;

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
            _ => crate::provider::read_text::skip(map)?,
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

/// Multimodal function responses: PNG, JPEG, WEBP; inline data up to 20 MB a request.
const IMAGES: Accepted = Accepted {
    provider: "Gemini",
    mime_types: &["image/png", "image/jpeg", "image/webp"],
    max_image_bytes: 20 * MB,
    max_total_bytes: 20 * MB,
};

impl Wire for Gemini {
    fn images(&self) -> &'static Accepted {
        &IMAGES
    }

    /// A `generateContent` response (its first candidate's content) or a content.
    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        let (content, at) = match response.get("candidates") {
            Some(_) => match response.pointer("/candidates/0/content") {
                Some(content) => (content, "/candidates/0/content"),
                None => return Err(DispatchError::new(TARGET, "/candidates/0/content", "a response without content")),
            },
            None if response.get("parts").is_some() => (response, ""),
            None => {
                return Err(DispatchError::new(
                    TARGET,
                    "",
                    "expected a response (`candidates`) or a content (`parts`)",
                ));
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

    fn calls_from_text(&self, bytes: &[u8]) -> Option<Vec<ToolCall>> {
        serde_json::from_slice::<Object<Response>>(bytes).ok()?.0.calls()
    }

    /// One content with role `user` holding a `functionResponse` per call; `null` when there is
    /// nothing to answer.
    fn reply(&self, results: &[ToolResult]) -> Value {
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

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Ok(Box::<Stream>::default())
    }
}

/// The calls of a Gemini stream: every chunk is a response whose parts follow the last chunk's, a
/// call whole in its part — or, where arguments are streamed (Vertex AI), begun by a part with its
/// name and `willContinue`, its arguments set piece by piece by `partialArgs` (a JSON path and a
/// value, a string continued while `willContinue`), and ended by a part without `willContinue`. A
/// candidate's `finishReason` ends the stream.
#[derive(Debug, Default)]
pub(crate) struct Stream {
    open: Option<PartialCall>,
    ending: Ending,
}

/// A call whose arguments are streamed.
#[derive(Debug)]
struct PartialCall {
    id: Option<String>,
    name: String,
    args: Built,
    /// The path of a string value whose next piece continues it.
    continuing: Option<String>,
}

impl PartialCall {
    fn into_call(self) -> ToolCall {
        let mut arguments = String::new();
        self.args.write(&mut arguments);
        ToolCall { id: self.id, name: self.name, arguments }
    }
}

impl ReadStream for Stream {
    fn event(
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
        let Some(candidate) = first(chunk.candidates, |candidate| candidate.index) else {
            return Ok(());
        };
        let parts = candidate.content.map(|Object(content)| content.parts).unwrap_or_default();
        for (position, Object(part)) in parts.into_iter().enumerate() {
            if let Some(Object(call)) = part.call {
                let call_at = format!("/candidates/0/content/parts/{position}/functionCall");
                self.call(at, &call_at, call, out)?;
            } else if let Some(Key(text)) = part.text
                && !part.thought.unwrap_or(false)
                && !text.is_empty()
            {
                out(Streamed::Text(&text));
            }
        }
        if candidate.finish_reason.is_some() {
            self.ending.finished = true;
        }
        Ok(())
    }

    fn ending(&self) -> &Ending {
        &self.ending
    }

    fn into_parts(self: Box<Self>) -> (Ending, Vec<ToolCall>, &'static str) {
        let this = *self;
        (this.ending, this.open.into_iter().map(PartialCall::into_call).collect(), Self::END)
    }
}

impl Stream {
    fn call(
        &mut self,
        at: usize,
        call_at: &str,
        call: StreamCall<'_>,
        out: &mut dyn FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError> {
        let continues = call.will_continue.unwrap_or(false);
        let mut open = match self.open.take() {
            Some(open) if call.name.as_ref().is_none_or(|Key(name)| *name == open.name) => open,
            Some(open) => {
                let name = call.name.map(|Key(name)| name.into_owned()).unwrap_or_default();
                return Err(DispatchError::in_stream(
                    TARGET,
                    at,
                    format!("{call_at}/name"),
                    format!(
                        "a call of `{name}` began before the call of `{}` ended (its last part said `willContinue`)",
                        open.name
                    ),
                ));
            }
            None => {
                let name = call.name.ok_or_else(|| {
                    DispatchError::in_stream(TARGET, at, format!("{call_at}/name"), "expected a string `name`")
                })?;
                if !continues && call.partial_args.is_empty() {
                    let arguments = match call.args {
                        Some(raw) if raw.get().starts_with('"') => serde_json::from_str(raw.get()).unwrap_or_default(),
                        raw => raw_arguments(raw).unwrap_or_default(),
                    };
                    out(Streamed::Call(ToolCall {
                        id: call.id.map(|Key(id)| id.into_owned()),
                        name: name.0.into_owned(),
                        arguments,
                    }));
                    return Ok(());
                }
                PartialCall {
                    id: call.id.map(|Key(id)| id.into_owned()),
                    name: name.0.into_owned(),
                    args: Built::Object(Vec::new()),
                    continuing: None,
                }
            }
        };
        if let Some(raw) = call.args {
            let members = serde_json::from_str::<Object<Members>>(raw.get()).map_err(|_| {
                DispatchError::in_stream(TARGET, at, format!("{call_at}/args"), "expected `args` to be an object")
            })?;
            for (key, value) in members.0.0 {
                let slot = open
                    .args
                    .member(key)
                    .map_err(|why| DispatchError::in_stream(TARGET, at, format!("{call_at}/args"), why))?;
                *slot = Built::Raw(value.get().to_owned());
            }
        }
        for (index, Object(piece)) in call.partial_args.into_iter().enumerate() {
            let piece_at = format!("{call_at}/partialArgs/{index}");
            piece.apply(&mut open, at, &piece_at)?;
        }
        if continues {
            self.open = Some(open);
        } else {
            out(Streamed::Call(open.into_call()));
        }
        Ok(())
    }

    /// What ends this provider's stream when nothing goes wrong.
    const END: &str = "a candidate with a `finishReason`";
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
        "finishReason" => finish_reason: Option<Key<'de>> = maybe,
    }
}

fields! {
    struct StreamContent<'de> {
        "parts" => parts: Vec<Object<StreamPart<'de>>> = objects,
    }
}

fields! {
    struct StreamPart<'de> {
        "text" => text: Option<Key<'de>> = maybe,
        "thought" => thought: Option<bool> = maybe,
        "functionCall" => call: Option<Object<StreamCall<'de>>> = maybe,
    }
}

fields! {
    struct StreamCall<'de> {
        "id" => id: Option<Key<'de>> = maybe,
        "name" => name: Option<Key<'de>> = maybe,
        "args" => args: Option<&'de RawValue> = maybe,
        "willContinue" => will_continue: Option<bool> = maybe,
        "partialArgs" => partial_args: Vec<Object<PartialArg<'de>>> = objects,
    }
}

fields! {
    /// One piece of a streamed argument: where it goes, and its value.
    struct PartialArg<'de> {
        "jsonPath" => json_path: Option<Key<'de>> = maybe,
        "stringValue" => string_value: Option<Key<'de>> = maybe,
        "numberValue" => number_value: Option<&'de RawValue> = maybe,
        "boolValue" => bool_value: Option<bool> = maybe,
        "nullValue" => null_value: Option<&'de RawValue> = next,
        "willContinue" => will_continue: Option<bool> = maybe,
    }
}

/// The members of an `args` object, in order, each as its JSON text.
#[derive(Default)]
struct Members<'de>(Vec<(String, &'de RawValue)>);

impl<'de> Fields<'de> for Members<'de> {
    fn field<A: serde::de::MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        self.0.push((key.to_owned(), map.next_value()?));
        Ok(())
    }
}

impl PartialArg<'_> {
    /// Sets the piece's value at its path in `call`'s arguments, or adds it to the string there
    /// when the last piece said the string continues.
    fn apply(self, call: &mut PartialCall, at: usize, piece_at: &str) -> Result<(), DispatchError> {
        let fail = |message: String| DispatchError::in_stream(TARGET, at, piece_at, message);
        let Some(Key(path)) = self.json_path else {
            return Err(fail("expected a string `jsonPath`".to_owned()));
        };
        let continued = call.continuing.take().is_some_and(|continuing| continuing == *path);
        let slot = call.args.slot(&path).map_err(|why| fail(format!("`jsonPath` {path:?}: {why}")))?;
        match (self.string_value, self.number_value, self.bool_value, self.null_value) {
            (Some(Key(more)), ..) if continued && matches!(slot, Built::Text(_)) => {
                if let Built::Text(text) = slot {
                    text.push_str(&more);
                }
            }
            (Some(Key(text)), ..) => *slot = Built::Text(text.into_owned()),
            (None, Some(number), ..) => {
                serde_json::from_str::<serde_json::Number>(number.get())
                    .map_err(|err| fail(format!("`numberValue`: {err}")))?;
                *slot = Built::Raw(number.get().to_owned());
            }
            (None, None, Some(flag), _) => *slot = Built::Raw(flag.to_string()),
            (None, None, None, Some(_)) => *slot = Built::Null,
            (None, None, None, None) => {
                return Err(fail(
                    "expected a value: `stringValue`, `numberValue`, `boolValue` or `nullValue`".to_owned(),
                ));
            }
        }
        if self.will_continue.unwrap_or(false) {
            call.continuing = Some(path.into_owned());
        }
        Ok(())
    }
}
