//! OpenAI Chat Completions: `choices[0].message.tool_calls`, answered with a `tool` message per
//! call; streamed as `chat.completion.chunk`s whose `delta.tool_calls` carry an `index`, the id and
//! name once, and the arguments in pieces.

use serde_json::{Value, json};

use crate::Target;
use crate::call::DispatchError;
use crate::call::Streamed;
use crate::call::{ToolCall, ToolResult};
use crate::provider::read_text::{Fields, Key, NamedCall, Object, fields, maybe, next, objects, skip};
use crate::provider::stream_state::{Ending, ErrorBody, OpenCall, first, read};
use crate::provider::wire::{arguments, array, images, text, texts};

const TARGET: Target = Target::OpenAi;

/// A completion (its first choice's message) or an assistant message.
pub(super) fn calls(response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
    let (message, at) = match response.get("choices") {
        Some(_) => match response.pointer("/choices/0/message") {
            Some(message) => (message, "/choices/0/message"),
            None => return Err(DispatchError::new(TARGET, "/choices/0/message", "a completion without a message")),
        },
        None if response.get("role").is_some() || response.get("tool_calls").is_some() => (response, ""),
        None => {
            return Err(DispatchError::new(
                TARGET,
                "",
                "expected a chat completion (`choices`) or an assistant message",
            ));
        }
    };
    let mut calls = Vec::new();
    for (index, call) in array(message, "tool_calls", at, TARGET)?.iter().enumerate() {
        let at = format!("{at}/tool_calls/{index}");
        let function = call.get("function").unwrap_or(&Value::Null);
        calls.push(ToolCall {
            id: Some(text(call, "id", &at, TARGET)?),
            name: text(function, "name", &format!("{at}/function"), TARGET)?,
            arguments: arguments(function.get("arguments")),
        });
    }
    Ok(calls)
}

pub(super) fn calls_from_text(bytes: &[u8]) -> Option<Vec<ToolCall>> {
    serde_json::from_slice::<Object<ChatResponse>>(bytes).ok()?.0.calls()
}

/// A `tool` message per call (text only, as chat takes it), then, when tools returned images, one
/// `user` message carrying them, each introduced by the call it answers.
pub(super) fn reply(results: &[ToolResult]) -> Value {
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

#[derive(Default)]
struct ChatResponse {
    choices: Option<Vec<Object<ChatChoice>>>,
    /// The response is an assistant message itself (`role` or `tool_calls` at the top).
    message: Option<ChatMessage>,
}

impl<'de> Fields<'de> for ChatResponse {
    fn field<A: serde::de::MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        match key {
            "choices" => self.choices = Some(map.next_value()?),
            "tool_calls" => self.message.get_or_insert_default().field(key, map)?,
            "role" => {
                self.message.get_or_insert_default();
                skip(map)?;
            }
            _ => skip(map)?,
        }
        Ok(())
    }
}

impl ChatResponse {
    fn calls(self) -> Option<Vec<ToolCall>> {
        let message = match self.choices {
            Some(choices) => choices.into_iter().next()?.0.message?.0,
            None => self.message?,
        };
        message.tool_calls.into_iter().map(|call| call.0.call()).collect()
    }
}

fields! {
    struct ChatChoice {
        "message" => message: Option<Object<ChatMessage>> = next,
    }
}

fields! {
    struct ChatMessage {
        "tool_calls" => tool_calls: Vec<Object<ChatCall>> = objects,
    }
}

fields! {
    struct ChatCall {
        "id" => id: Option<String> = next,
        "function" => function: Option<Object<NamedCall<Option<String>>>> = next,
    }
}

impl ChatCall {
    fn call(self) -> Option<ToolCall> {
        let function = self.function?.0;
        Some(ToolCall {
            id: Some(self.id?),
            name: function.name?,
            arguments: function.arguments.flatten().unwrap_or_default(),
        })
    }
}

/// The calls of a chat stream. A call's first piece carries its id and name; a piece of a later
/// call completes the one before (calls are streamed one after another, as the SDKs read them too),
/// and so do the choice's `finish_reason` and `[DONE]`.
#[derive(Debug, Default)]
pub(crate) struct Stream {
    open: Option<(u32, OpenCall)>,
    /// The index of the last call begun.
    last: Option<u32>,
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
        if data == "[DONE]" {
            self.close(out);
            self.ending.finished = true;
            return Ok(());
        }
        let chunk: Chunk = read(TARGET, at, data, "a `chat.completion.chunk`")?;
        if let Some(Object(error)) = chunk.error {
            self.ending.failed = Some((at, error.said()));
            return Ok(());
        }
        // Only the first choice is answered, as in a finished completion.
        let Some(choice) = first(chunk.choices, |choice| choice.index) else {
            return Ok(());
        };
        let choice_at = |rest: &str| format!("/choices/0{rest}");
        if let Some(Object(delta)) = choice.delta {
            if let Some(Some(Key(text))) = &delta.content
                && !text.is_empty()
            {
                out(Streamed::Text(text));
            }
            for (position, Object(piece)) in delta.tool_calls.into_iter().enumerate() {
                let piece_at = choice_at(&format!("/delta/tool_calls/{position}"));
                let index = piece.index.ok_or_else(|| {
                    DispatchError::in_stream(TARGET, at, format!("{piece_at}/index"), "expected the call's `index`")
                })?;
                let (name, arguments) = match piece.function {
                    Some(Object(function)) => (function.name.flatten(), function.arguments.flatten()),
                    None => (None, None),
                };
                match &mut self.open {
                    Some((open, call)) if *open == index => {
                        // Some servers repeat the id in every piece, or send it empty (DashScope's
                        // Qwen models: `"id": ""` on every piece after the first), as they repeat
                        // the name or send it empty (LM Studio); openai-python's accumulator reads
                        // both as one call. Another id or name is another call, which has no place
                        // at the same index: that stays an error.
                        if let Some(Some(Key(id))) = &piece.id
                            && !id.is_empty()
                            && call.id.as_deref() != Some(id)
                        {
                            return Err(DispatchError::in_stream(
                                TARGET,
                                at,
                                format!("{piece_at}/id"),
                                format!(
                                    "tool call {index} has the id {:?}; this piece names {id:?}",
                                    call.id.as_deref().unwrap_or("")
                                ),
                            ));
                        }
                        if let Some(name) = name.as_ref().map(|Key(name)| name)
                            && !name.is_empty()
                            && *name != call.name
                        {
                            return Err(DispatchError::in_stream(
                                TARGET,
                                at,
                                format!("{piece_at}/function/name"),
                                format!("tool call {index} calls `{}`; this piece names `{name}`", call.name),
                            ));
                        }
                        if let Some(Key(more)) = arguments {
                            call.arguments.push_str(&more);
                        }
                        continue;
                    }
                    _ => {}
                }
                if self.last.is_some_and(|last| index <= last) {
                    return Err(DispatchError::in_stream(
                        TARGET,
                        at,
                        format!("{piece_at}/index"),
                        format!(
                            "a piece of tool call {index} after tool call {} began: calls are streamed one after another",
                            self.last.unwrap_or_default()
                        ),
                    ));
                }
                let id = piece.id.flatten().ok_or_else(|| {
                    DispatchError::in_stream(
                        TARGET,
                        at,
                        format!("{piece_at}/id"),
                        "expected a string `id` in a call's first piece",
                    )
                })?;
                let name = name.ok_or_else(|| {
                    DispatchError::in_stream(
                        TARGET,
                        at,
                        format!("{piece_at}/function/name"),
                        "expected a string `name` in a call's first piece",
                    )
                })?;
                self.close(out);
                self.open = Some((index, OpenCall::new(Some(id), name, arguments)));
                self.last = Some(index);
            }
        }
        if matches!(choice.finish_reason, Some(Some(_))) {
            self.close(out);
            self.ending.finished = true;
        }
        Ok(())
    }

    fn close(&mut self, out: &mut dyn FnMut(Streamed<'_>)) {
        if let Some((_, call)) = self.open.take() {
            out(Streamed::Call(call.into_call()));
        }
    }

    /// What ends this provider's stream when nothing goes wrong.
    const END: &str = "`data: [DONE]`";

    /// How the stream ended, the calls still open, and what should have ended it.
    pub(super) fn into_parts(self) -> (Ending, Vec<ToolCall>, &'static str) {
        (self.ending, self.open.into_iter().map(|(_, call)| call.into_call()).collect(), Self::END)
    }
}

fields! {
    struct Chunk<'de> {
        "choices" => choices: Vec<Object<ChunkChoice<'de>>> = objects,
        "error" => error: Option<Object<ErrorBody<'de>>> = maybe,
    }
}

fields! {
    struct ChunkChoice<'de> {
        "index" => index: Option<u32> = next,
        "delta" => delta: Option<Object<Delta<'de>>> = maybe,
        "finish_reason" => finish_reason: Option<Option<Key<'de>>> = next,
    }
}

fields! {
    struct Delta<'de> {
        "content" => content: Option<Option<Key<'de>>> = next,
        "tool_calls" => tool_calls: Vec<Object<CallPiece<'de>>> = objects,
    }
}

fields! {
    struct CallPiece<'de> {
        "index" => index: Option<u32> = next,
        "id" => id: Option<Option<Key<'de>>> = next,
        "function" => function: Option<Object<FunctionPiece<'de>>> = maybe,
    }
}

fields! {
    struct FunctionPiece<'de> {
        "name" => name: Option<Option<Key<'de>>> = next,
        "arguments" => arguments: Option<Option<Key<'de>>> = next,
    }
}

crate::provider::read_stream!(Stream);
