//! OpenAI Chat Completions: `choices[0].message.tool_calls`, answered with a `tool` message per
//! call; streamed as `chat.completion.chunk`s whose `delta.tool_calls` carry an `index`, the id and
//! name once, and the arguments in pieces.

use serde_json::{Value, json};

use super::{Chat, IMAGES};
use crate::Target;
use crate::call::DispatchError;
use crate::call::Streamed;
use crate::call::{ToolCall, ToolResult};
use crate::provider::Wire;
use crate::provider::images::Accepted;
use crate::provider::read_stream::{Ending, ErrorBody, OpenCall, ReadStream, first, read};
use crate::provider::read_text::{Fields, Key, NamedCall, Object, fields, maybe, next, objects, skip};
use crate::provider::wire::{arguments, array, images, text, texts};

const TARGET: Target = Target::OpenAi;

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

impl Wire for Chat {
    fn images(&self) -> &'static Accepted {
        &IMAGES
    }

    /// A completion (its first choice's message) or an assistant message.
    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
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

    fn calls_from_text(&self, bytes: &[u8]) -> Option<Vec<ToolCall>> {
        serde_json::from_slice::<Object<ChatResponse>>(bytes).ok()?.0.calls()
    }

    /// A `tool` message per call (text only, as chat takes it), then, when tools returned images, one
    /// `user` message carrying them, each introduced by the call it answers.
    fn reply(&self, results: &[ToolResult]) -> Value {
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

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Ok(Box::<Stream>::default())
    }
}

/// The calls of a chat stream. A call's first piece carries its id and name; a piece of a later
/// call completes the one before (calls are streamed one after another, as the SDKs read them too),
/// and so do the choice's `finish_reason` and `[DONE]`.
///
/// The chat format is spoken by many servers besides OpenAI's, each with its quirks, read here as
/// openai-python's accumulator (`ChatCompletionStreamState`) reads them where it reads them at all:
/// - a continuation piece with `"id": ""` (DashScope's Qwen models) or `"name": ""` (LM Studio), or
///   repeating the call's id, name and `type`, continues the call;
/// - a call sent whole in one piece, the choice's `finish_reason` and the usage maybe in the same
///   chunk (xAI, Groq, Mistral, Gemini's compatible endpoint, Ollama);
/// - chunks with no choices (usage at the end, Azure's `prompt_filter_results` first), a `null`
///   delta, `tool_calls` or `content`, the delta's `reasoning_content` or `reasoning` (DeepSeek,
///   Groq, OpenRouter; not the answer's text), `: comment` lines (OpenRouter): read past, as are
///   Azure's content filter chunks (`"object": ""`, which openai-python skips; they carry no delta);
/// - a call begun after the choice's `finish_reason` is a call like any other;
/// - an `error` object in the stream (Groq's `event: error`) ends it in the server's words, as
///   openai-python raises it.
///
/// Where openai-python fails or misreads, toolc reads the stream as the servers mean it, as the
/// Vercel AI SDK's tool call tracker does:
/// - a piece without `index` (Mistral, Ollama, Gemini's compatible endpoint send whole calls so):
///   openai-python raises a `TypeError`. A piece naming a tool begins the next call, one naming none
///   continues the open call.
/// - a continuation repeating the id or name: openai-python joins the strings (`call_1call_1`,
///   `nownow`), a name no tool has. toolc keeps the one id and name.
/// - a piece at the open call's index that names its tool, after the open call's arguments are
///   whole JSON, with another id, or with no id and another tool or arguments of its own beginning
///   with `{` (servers that give every call the same index): openai-python joins the two calls into
///   one, whose arguments are not JSON. toolc begins the next call. The open call's own id again
///   never begins one: a call sent twice is not run twice.
///
/// Stricter than openai-python, because no reading of these is safe to run: an id or name that
/// changes while a call's arguments are still arriving is an error naming both (openai-python joins
/// them), and so is a piece of a call after a later call began or the `finish_reason` ended it
/// (openai-python appends it to a call whose arguments it has already reported done).
#[derive(Debug, Default)]
pub(crate) struct Stream {
    open: Option<(u32, OpenCall)>,
    /// The index of the last call begun.
    last: Option<u32>,
    ending: Ending,
}

impl ReadStream for Stream {
    fn event(
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
        if let Some(Object(delta)) = choice.delta {
            if let Some(Some(Key(text))) = &delta.content
                && !text.is_empty()
            {
                out(Streamed::Text(text));
            }
            for (position, Object(piece)) in delta.tool_calls.into_iter().enumerate() {
                self.piece(at, position, piece, out)?;
            }
        }
        if matches!(choice.finish_reason, Some(Some(_))) {
            self.close(out);
            self.ending.finished = true;
        }
        Ok(())
    }

    fn ending(&self) -> &Ending {
        &self.ending
    }

    fn into_parts(self: Box<Self>) -> (Ending, Vec<ToolCall>, &'static str) {
        let this = *self;
        (this.ending, this.open.into_iter().map(|(_, call)| call.into_call()).collect(), Self::END)
    }
}

impl Stream {
    /// Reads one piece of `delta.tool_calls`, the `position`th of event `at`.
    fn piece(
        &mut self,
        at: usize,
        position: usize,
        piece: CallPiece<'_>,
        out: &mut dyn FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError> {
        let piece_at = format!("/choices/0/delta/tool_calls/{position}");
        let error = |key: &str, says: String| DispatchError::in_stream(TARGET, at, format!("{piece_at}{key}"), says);
        let (name, arguments) = match piece.function {
            Some(Object(function)) => (function.name.flatten(), function.arguments.flatten()),
            None => (None, None),
        };
        let id = piece.id.flatten();
        // A piece without `index` is read against the open call: it continues it, or begins the
        // next call by the same test as a piece at the open call's index.
        let next = self.last.map_or(0, |last| last.saturating_add(1));
        let mut index = match (piece.index, &self.open) {
            (Some(index), _) => index,
            (None, Some((open, _))) => *open,
            (None, None) if given(&name).is_some() => next,
            (None, None) => {
                return Err(error(
                    "/index",
                    "a piece without `index` or a `name` continues a call, and no call is open".to_owned(),
                ));
            }
        };
        if let Some((open, call)) = &mut self.open
            && *open == index
        {
            let other_id = given(&id).filter(|id| call.id.as_deref() != Some(id));
            let same_id = given(&id).is_some() && other_id.is_none();
            let other_name = given(&name).filter(|name| *name != call.name);
            // A piece naming its tool after the open call's arguments are whole is the next call
            // (servers that give every call one index), when it names another id, or names no id
            // and another tool or arguments that begin anew; the open call's own id again never
            // begins a call (a call sent twice must not run twice). An id or name that changes
            // midway is an error. Whether the arguments are whole is asked last: it reads them all.
            let begins = given(&name).is_some()
                && !same_id
                && (other_id.is_some()
                    || other_name.is_some()
                    || arguments.as_ref().is_some_and(|Key(text)| text.trim_start().starts_with('{')))
                && complete(&call.arguments);
            if begins && piece.index.is_none() {
                index = next;
            }
            if !begins {
                if let Some(id) = other_id {
                    let has = call.id.as_deref().unwrap_or("");
                    return Err(error("/id", format!("tool call {index} has the id {has:?}; this piece names {id:?}")));
                }
                if let Some(name) = other_name {
                    let calls = &call.name;
                    return Err(error(
                        "/function/name",
                        format!("tool call {index} calls `{calls}`; this piece names `{name}`"),
                    ));
                }
                if let Some(Key(more)) = arguments {
                    call.arguments.push_str(&more);
                }
                return Ok(());
            }
        } else if self.last.is_some_and(|last| index <= last) {
            return Err(error(
                "/index",
                format!(
                    "a piece of tool call {index} after tool call {} began: calls are streamed one after another",
                    self.last.unwrap_or_default()
                ),
            ));
        }
        let id = id.ok_or_else(|| error("/id", "expected a string `id` in a call's first piece".to_owned()))?;
        let name =
            name.ok_or_else(|| error("/function/name", "expected a string `name` in a call's first piece".to_owned()))?;
        self.close(out);
        self.open = Some((index, OpenCall::new(Some(id), name, arguments)));
        self.last = Some(index);
        Ok(())
    }

    fn close(&mut self, out: &mut dyn FnMut(Streamed<'_>)) {
        if let Some((_, call)) = self.open.take() {
            out(Streamed::Call(call.into_call()));
        }
    }

    /// What ends this provider's stream when nothing goes wrong.
    const END: &str = "`data: [DONE]`";
}

fields! {
    struct Chunk<'de> {
        "choices" => choices: Vec<Object<ChunkChoice<'de>>> = objects,
        "error" => error: Option<Object<ErrorBody<'de>>> = maybe,
    }
}

fields! {
    struct ChunkChoice<'de> {
        "index" => index: Option<u32> = maybe,
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
        "index" => index: Option<u32> = maybe,
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

/// The text of a string field, when it is there and not empty.
fn given<'a>(field: &'a Option<Key<'_>>) -> Option<&'a str> {
    field.as_ref().map(|Key(text)| &**text).filter(|text| !text.is_empty())
}

/// Whether `arguments` are a whole JSON value: a call's arguments that another call may follow at
/// the same index.
fn complete(arguments: &str) -> bool {
    serde_json::from_str::<serde::de::IgnoredAny>(arguments).is_ok()
}
