//! Bedrock Converse: `toolUse` blocks of `output.message.content`, answered with one user message
//! of `toolResult` blocks; streamed (`ConverseStream`) as `contentBlockStart` (a `toolUse` with its
//! id and name), `contentBlockDelta` pieces of its input, and `contentBlockStop`.
//!
//! A stream's events arrive named (the `:event-type` header of each event-stream message, or the
//! name a caller that decoded the messages itself passes on) with the event's members as data; an
//! event without a name may also be the one-member object an SDK makes of it
//! (`{"contentBlockDelta": {…}}`). Exception messages are named for their exception
//! (`throttlingException`, `modelStreamErrorException`, …), error messages `error`: the stream
//! failed, in the service's words where its payload gives them.

use std::collections::BTreeMap;

use serde_json::value::RawValue;
use serde_json::{Value, json};

use super::Bedrock;
use crate::call::{DispatchError, Streamed, ToolCall, ToolResult};
use crate::provider::images::{Accepted, MB};
use crate::provider::read_stream::{Ending, OpenCall, OpenCalls, ReadStream, compact, read};
use crate::provider::read_text::{Key, Object, fields, maybe};
use crate::provider::wire::{arguments, array, text};
use crate::provider::{Framing, Wire};
use crate::{ContentPart, Target};

const TARGET: Target = Target::Bedrock;

/// An object as a `json` block, any other value as JSON text (a string as itself).
fn value_block(value: &Value) -> Value {
    match value {
        Value::Object(_) => json!({"json": value}),
        Value::String(text) => json!({"text": text}),
        other => json!({"text": other.to_string()}),
    }
}

/// The service model's `ImageFormat` of a MIME type the image check let through.
fn image_format(mime: &str) -> &str {
    mime.strip_prefix("image/").unwrap_or(mime)
}

/// The service model's `ImageFormat` (png, jpeg, gif, webp); Converse takes images of up to
/// 3.75 MB, 20 of them in a request.
const IMAGES: Accepted = Accepted {
    provider: "Bedrock",
    mime_types: &["image/png", "image/jpeg", "image/gif", "image/webp"],
    max_image_bytes: 15 * MB / 4,
    max_total_bytes: 20 * (15 * MB / 4),
};

impl Wire for Bedrock {
    fn images(&self) -> &'static Accepted {
        &IMAGES
    }

    /// A Converse response whose `output.message.content` holds `toolUse` blocks.
    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        let Some(message) = response.pointer("/output/message").filter(|message| message.get("content").is_some())
        else {
            return Err(DispatchError::new(TARGET, "", "expected a Converse response with `output.message.content`"));
        };
        let mut calls = Vec::new();
        for (index, block) in array(message, "content", "/output/message", TARGET)?.iter().enumerate() {
            let Some(call) = block.get("toolUse") else { continue };
            // A server tool's use (`"type": "server_tool_use"`) is answered by Bedrock itself.
            if call.get("type").is_some_and(|kind| kind == "server_tool_use") {
                continue;
            }
            let at = format!("/output/message/content/{index}/toolUse");
            calls.push(ToolCall {
                id: Some(text(call, "toolUseId", &at, TARGET)?),
                name: text(call, "name", &at, TARGET)?,
                arguments: arguments(call.get("input")),
            });
        }
        Ok(calls)
    }

    /// One user message holding every `toolResult`; `null` when there is nothing to answer. An object
    /// output is a `json` block, any other a `text` block; an error is its text with
    /// `"status": "error"`; images are `image` blocks with their bytes in base64, as the HTTP API
    /// carries a blob (an AWS SDK takes the decoded bytes).
    fn reply(&self, results: &[ToolResult]) -> Value {
        if results.is_empty() {
            return Value::Null;
        }
        let blocks: Vec<Value> = results
            .iter()
            .map(|result| {
                let mut content = Vec::new();
                if !result.parts_alone() {
                    content.push(if result.is_error {
                        json!({"text": result.text()})
                    } else {
                        value_block(&result.content)
                    });
                }
                content.extend(result.parts.iter().map(|part| match part {
                    ContentPart::Text(text) => json!({"text": text}),
                    ContentPart::Json(value) => value_block(value),
                    ContentPart::Image(image) => json!({"image": {
                        "format": image_format(image.mime_type()),
                        "source": {"bytes": image.base64()},
                    }}),
                    // Audio, resources and links: their text, or a line naming them.
                    other => json!({"text": other.as_text().unwrap_or_default()}),
                }));
                let mut block = json!({"toolUseId": result.id, "content": content});
                if result.is_error {
                    block["status"] = json!("error");
                }
                json!({"toolResult": block})
            })
            .collect();
        json!({"role": "user", "content": blocks})
    }

    fn framing(&self) -> Framing {
        Framing::AwsEventStream
    }

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Ok(Box::<Stream>::default())
    }
}

/// The calls of a `ConverseStream`: a `toolUse` block's input is its delta pieces put together,
/// without white space between tokens as in a finished response, complete at its
/// `contentBlockStop`.
#[derive(Debug, Default)]
pub(crate) struct Stream {
    /// `toolUse` blocks begun and not yet stopped, by block index.
    open: OpenCalls<OpenCall>,
    ending: Ending,
}

impl ReadStream for Stream {
    fn event(
        &mut self,
        at: usize,
        name: &str,
        data: &str,
        out: &mut dyn FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError> {
        if name.is_empty() {
            let (name, data) = unwrap_event(at, data)?;
            return self.event(at, &name, data.get(), out);
        }
        match name {
            "contentBlockStart" => {
                let event: Event = read(TARGET, at, data, "a `contentBlockStart` event")?;
                let index = event.index(at)?;
                let Some(Object(start)) = event.start else {
                    return Err(DispatchError::in_stream(TARGET, at, "/start", "expected the block's `start`"));
                };
                if let Some(Object(call)) = start.tool_use
                    && call.kind.as_ref().is_none_or(|Key(kind)| kind != "server_tool_use")
                {
                    let missing = |key: &str| {
                        DispatchError::in_stream(
                            TARGET,
                            at,
                            format!("/start/toolUse/{key}"),
                            format!("expected a string `{key}`"),
                        )
                    };
                    let id = call.id.ok_or_else(|| missing("toolUseId"))?;
                    let name = call.name.ok_or_else(|| missing("name"))?;
                    self.open.open(index, OpenCall::new(Some(id), name, None));
                }
            }
            "contentBlockDelta" => {
                let event: Event = read(TARGET, at, data, "a `contentBlockDelta` event")?;
                let index = event.index(at)?;
                let Some(Object(delta)) = event.delta else {
                    return Err(DispatchError::in_stream(TARGET, at, "/delta", "expected the `delta`"));
                };
                if let Some(Key(text)) = &delta.text {
                    out(Streamed::Text(text));
                }
                if let Some(Object(piece)) = &delta.tool_use
                    && let Some(call) = self.open.get_mut(index)
                    && let Some(Key(input)) = &piece.input
                {
                    call.arguments.push_str(input);
                }
            }
            "contentBlockStop" => {
                let event: Event = read(TARGET, at, data, "a `contentBlockStop` event")?;
                if let Some(mut call) = self.open.take(event.index(at)?) {
                    call.arguments = compact(&call.arguments);
                    out(Streamed::Call(call.into_call()));
                }
            }
            "messageStop" => self.ending.finished = true,
            // An exception message, or an `error` message (`{"code", "message"}` from its headers).
            _ if name.ends_with("Exception") || name == "error" => {
                // What the service said, as well as it can be read: the failure stands either way.
                let said = serde_json::from_str::<Object<Failed>>(data).ok().map(|Object(failed)| failed);
                let message =
                    said.as_ref().and_then(|failed| failed.message.as_ref()).map_or("(no message)", |Key(m)| m);
                let kind = said.as_ref().and_then(|failed| failed.code.as_ref()).map_or(name, |Key(code)| code);
                self.ending.failed = Some((at, format!("{kind}: {message}")));
            }
            // `messageStart`, `metadata`, and what a newer API adds.
            _ => {}
        }
        Ok(())
    }

    fn ending(&self) -> &Ending {
        &self.ending
    }

    fn into_parts(self: Box<Self>) -> (Ending, Vec<ToolCall>, &'static str) {
        let this = *self;
        (this.ending, this.open.into_values().map(OpenCall::into_call).collect(), Self::END)
    }
}

impl Stream {
    /// What ends this provider's stream when nothing goes wrong.
    const END: &str = "`messageStop`";
}

/// An event given without its name, as the one-member object an SDK makes of it.
fn unwrap_event(at: usize, data: &str) -> Result<(String, Box<RawValue>), DispatchError> {
    let wrapped: BTreeMap<String, Box<RawValue>> = serde_json::from_str(data).map_err(|err| {
        DispatchError::in_stream(TARGET, at, "", format!("expected an event named by its one member: {err}"))
    })?;
    let mut members = wrapped.into_iter();
    match (members.next(), members.next()) {
        // A member without a name would be read as unnamed again.
        (Some(only), None) if !only.0.is_empty() => Ok(only),
        _ => Err(DispatchError::in_stream(
            TARGET,
            at,
            "",
            "expected an event named by its one member (`{\"contentBlockDelta\": {…}}`), or the event's name",
        )),
    }
}

fields! {
    struct Event<'de> {
        "contentBlockIndex" => index: Option<u32> = maybe,
        "start" => start: Option<Object<Start<'de>>> = maybe,
        "delta" => delta: Option<Object<Delta<'de>>> = maybe,
    }
}

impl Event<'_> {
    fn index(&self, at: usize) -> Result<u32, DispatchError> {
        self.index.ok_or_else(|| {
            DispatchError::in_stream(TARGET, at, "/contentBlockIndex", "expected the block's `contentBlockIndex`")
        })
    }
}

fields! {
    struct Start<'de> {
        "toolUse" => tool_use: Option<Object<ToolUseStart<'de>>> = maybe,
    }
}

fields! {
    struct ToolUseStart<'de> {
        "toolUseId" => id: Option<Key<'de>> = maybe,
        "name" => name: Option<Key<'de>> = maybe,
        "type" => kind: Option<Key<'de>> = maybe,
    }
}

fields! {
    struct Delta<'de> {
        "text" => text: Option<Key<'de>> = maybe,
        "toolUse" => tool_use: Option<Object<ToolUseDelta<'de>>> = maybe,
    }
}

fields! {
    struct ToolUseDelta<'de> {
        "input" => input: Option<Key<'de>> = maybe,
    }
}

fields! {
    struct Failed<'de> {
        "message" => message: Option<Key<'de>> = maybe,
        "code" => code: Option<Key<'de>> = maybe,
    }
}
