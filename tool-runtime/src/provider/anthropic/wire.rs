//! Anthropic Messages: `tool_use` blocks of a message's `content`, answered with one user message
//! of `tool_result` blocks; streamed as `content_block_start` (a `tool_use` with its id and name),
//! `input_json_delta` pieces, and `content_block_stop`.

use serde_json::value::RawValue;
use serde_json::{Value, json};

use super::Anthropic;
use crate::Target;
use crate::call::DispatchError;
use crate::call::Streamed;
use crate::call::{ToolCall, ToolResult};
use crate::provider::Wire;
use crate::provider::images::{Accepted, MB};
use crate::provider::read_stream::{Ending, ErrorBody, OpenCall, OpenCalls, ReadStream, compact, kind, read};
use crate::provider::read_text::{Fields, Key, Object, fields, maybe, next, objects, raw_arguments, skip};
use crate::provider::wire::{arguments, array, images, text, texts};

const TARGET: Target = Target::Anthropic;

fields! {
    struct Message<'de> {
        "content" => content: Option<Vec<Object<Block<'de>>>> = next,
    }
}

#[derive(Default)]
struct Block<'de> {
    tool_use: bool,
    id: Option<String>,
    name: Option<String>,
    input: Option<&'de RawValue>,
}

impl<'de> Fields<'de> for Block<'de> {
    fn field<A: serde::de::MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        match key {
            "type" => self.tool_use = crate::provider::read_text::is_type(map, "tool_use")?,
            "id" => self.id = Some(map.next_value()?),
            "name" => self.name = Some(map.next_value()?),
            "input" => self.input = Some(map.next_value()?),
            _ => skip(map)?,
        }
        Ok(())
    }
}

impl Block<'_> {
    /// `None` for a block that is not a call; `Some(None)` for a call the tree reader must read.
    fn call(self) -> Option<Option<ToolCall>> {
        self.tool_use
            .then(|| Some(ToolCall { id: Some(self.id?), name: self.name?, arguments: raw_arguments(self.input)? }))
    }
}

/// "image/jpeg, image/png, image/gif, image/webp", 5 MB an image.
const IMAGES: Accepted = Accepted {
    provider: "Anthropic",
    mime_types: &["image/jpeg", "image/png", "image/gif", "image/webp"],
    max_image_bytes: 5 * MB,
    max_total_bytes: 32 * MB,
};

impl Wire for Anthropic {
    fn images(&self) -> &'static Accepted {
        &IMAGES
    }

    /// A message whose `content` holds `tool_use` blocks.
    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        if response.get("content").is_none() {
            return Err(DispatchError::new(TARGET, "", "expected a message with `content`"));
        }
        let mut calls = Vec::new();
        for (index, block) in array(response, "content", "", TARGET)?.iter().enumerate() {
            if block.get("type").and_then(Value::as_str) != Some("tool_use") {
                continue;
            }
            let at = format!("/content/{index}");
            calls.push(ToolCall {
                id: Some(text(block, "id", &at, TARGET)?),
                name: text(block, "name", &at, TARGET)?,
                arguments: arguments(block.get("input")),
            });
        }
        Ok(calls)
    }

    fn calls_from_text(&self, bytes: &[u8]) -> Option<Vec<ToolCall>> {
        let blocks = serde_json::from_slice::<Object<Message>>(bytes).ok()?.0.content?;
        blocks.into_iter().filter_map(|block| block.0.call()).collect()
    }

    /// One user message holding every `tool_result`; `null` when there is nothing to answer.
    fn reply(&self, results: &[ToolResult]) -> Value {
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

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Ok(Box::<Stream>::default())
    }
}

/// The calls of a Messages stream: a `tool_use` block's input is its `input_json_delta` pieces put
/// together, without white space between tokens as in a finished message (or, when they are all
/// empty, the `input` its start gave, as a call made by the code execution tool has it), complete at
/// its `content_block_stop`.
///
/// Content can arrive pre-filled in `message_start` (`message.content`), with no
/// `content_block_start` for it: programmatic tool calling does so for the calls its code makes
/// after the first. It is read as content that streams, as the SDK's accumulator takes it into its
/// snapshot: its text is handed on and a `tool_use` block, its `input` complete, is a call.
#[derive(Debug, Default)]
pub(crate) struct Stream {
    /// `tool_use` blocks begun and not yet stopped, by block index, with the start's input.
    open: OpenCalls<(OpenCall, String)>,
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
        match &*kind(TARGET, at, name, data)? {
            "message_start" => {
                let event: Started = read(TARGET, at, data, "a `message_start` event")?;
                let blocks = event.message.map(|Object(message)| message.content).unwrap_or_default();
                for (index, Object(block)) in (0..).zip(blocks) {
                    self.begin(at, &format!("/message/content/{index}"), index, block, out)?;
                    // A pre-filled block is whole: no `content_block_stop` comes for it.
                    self.stop(index, out);
                }
            }
            "content_block_start" => {
                let event: Event = read(TARGET, at, data, "a `content_block_start` event")?;
                let index = event.index(at)?;
                let Some(Object(block)) = event.content_block else {
                    return Err(DispatchError::in_stream(TARGET, at, "/content_block", "expected the `content_block`"));
                };
                self.begin(at, "/content_block", index, block, out)?;
            }
            "content_block_delta" => {
                let event: Event = read(TARGET, at, data, "a `content_block_delta` event")?;
                let index = event.index(at)?;
                let Some(Object(delta)) = event.delta else {
                    return Err(DispatchError::in_stream(TARGET, at, "/delta", "expected the `delta`"));
                };
                match delta.kind.as_ref().map(|Key(kind)| &**kind) {
                    Some("text_delta") => {
                        if let Some(Key(text)) = &delta.text {
                            out(Streamed::Text(text));
                        }
                    }
                    Some("input_json_delta") => {
                        // Server tools' input arrives the same way: only the client's calls are kept.
                        if let Some((call, _)) = self.open.get_mut(index)
                            && let Some(Key(more)) = &delta.partial_json
                        {
                            call.arguments.push_str(more);
                        }
                    }
                    _ => {}
                }
            }
            "content_block_stop" => {
                let event: Event = read(TARGET, at, data, "a `content_block_stop` event")?;
                self.stop(event.index(at)?, out);
            }
            "message_stop" => self.ending.finished = true,
            "error" => {
                let event: Failed = read(TARGET, at, data, "an `error` event")?;
                let said = event.error.map(|Object(error)| error.said());
                self.ending.failed = Some((at, said.unwrap_or_else(|| "an error event".to_owned())));
            }
            _ => {}
        }
        Ok(())
    }

    fn ending(&self) -> &Ending {
        &self.ending
    }

    fn into_parts(self: Box<Self>) -> (Ending, Vec<ToolCall>, &'static str) {
        let this = *self;
        (this.ending, this.open.into_values().map(|(call, _)| call.into_call()).collect(), Self::END)
    }
}

impl Stream {
    /// Begins block `index`, found at `block_at` in event `at`: hands on its text, or opens its call.
    fn begin(
        &mut self,
        at: usize,
        block_at: &str,
        index: u32,
        block: StreamBlock<'_>,
        out: &mut dyn FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError> {
        match block.kind.as_ref().map(|Key(kind)| &**kind) {
            Some("tool_use") => {
                let missing = |key: &str| {
                    DispatchError::in_stream(
                        TARGET,
                        at,
                        format!("{block_at}/{key}"),
                        format!("expected a string `{key}`"),
                    )
                };
                let id = block.id.ok_or_else(|| missing("id"))?;
                let name = block.name.ok_or_else(|| missing("name"))?;
                let input = raw_arguments(block.input).unwrap_or_default();
                self.open.open(index, (OpenCall::new(Some(id), name, None), input));
            }
            Some("text") => {
                if let Some(Key(text)) = block.text.filter(|Key(text)| !text.is_empty()) {
                    out(Streamed::Text(&text));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Block `index` is complete: a call, when it is one.
    fn stop(&mut self, index: u32, out: &mut dyn FnMut(Streamed<'_>)) {
        if let Some((mut call, input)) = self.open.take(index) {
            call.arguments = if call.arguments.is_empty() { input } else { compact(&call.arguments) };
            out(Streamed::Call(call.into_call()));
        }
    }

    /// What ends this provider's stream when nothing goes wrong.
    const END: &str = "`message_stop`";
}

fields! {
    struct Event<'de> {
        "index" => index: Option<u32> = maybe,
        "content_block" => content_block: Option<Object<StreamBlock<'de>>> = maybe,
        "delta" => delta: Option<Object<Delta<'de>>> = maybe,
    }
}

impl Event<'_> {
    fn index(&self, at: usize) -> Result<u32, DispatchError> {
        self.index.ok_or_else(|| DispatchError::in_stream(TARGET, at, "/index", "expected the block's `index`"))
    }
}

fields! {
    struct Started<'de> {
        "message" => message: Option<Object<StartedMessage<'de>>> = maybe,
    }
}

fields! {
    struct StartedMessage<'de> {
        "content" => content: Vec<Object<StreamBlock<'de>>> = objects,
    }
}

fields! {
    struct StreamBlock<'de> {
        "type" => kind: Option<Key<'de>> = maybe,
        "id" => id: Option<Key<'de>> = maybe,
        "name" => name: Option<Key<'de>> = maybe,
        "input" => input: Option<&'de RawValue> = next,
        "text" => text: Option<Key<'de>> = maybe,
    }
}

fields! {
    struct Delta<'de> {
        "type" => kind: Option<Key<'de>> = maybe,
        "text" => text: Option<Key<'de>> = maybe,
        "partial_json" => partial_json: Option<Key<'de>> = maybe,
    }
}

fields! {
    struct Failed<'de> {
        "error" => error: Option<Object<ErrorBody<'de>>> = maybe,
    }
}
