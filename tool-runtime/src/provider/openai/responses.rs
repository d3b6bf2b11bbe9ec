//! OpenAI Responses: `function_call` items of `output`, answered with `function_call_output`
//! items; streamed as `response.output_item.added`, `response.function_call_arguments.delta` and
//! `.done`, `response.output_item.done`, and `response.completed`.

use serde_json::value::RawValue;
use serde_json::{Value, json};

use super::{IMAGES, Responses};
use crate::Target;
use crate::call::DispatchError;
use crate::call::Streamed;
use crate::call::{ToolCall, ToolResult};
use crate::provider::Wire;
use crate::provider::images::Accepted;
use crate::provider::read_stream::{Ending, ErrorBody, OpenCall, OpenCalls, ReadStream, kind, read};
use crate::provider::read_text::{Fields, Key, NamedCall, Object, fields, is_type, maybe, next, objects, some_objects};
use crate::provider::wire::{arguments, array, images, text, texts};

const TARGET: Target = Target::OpenAiResponses;

fields! {
    struct ResponsesResponse {
        "output" => output: Option<Vec<Object<ResponsesItem>>> = some_objects,
    }
}

#[derive(Default)]
struct ResponsesItem {
    function_call: bool,
    call_id: Option<String>,
    call: NamedCall<Option<String>>,
}

impl<'de> Fields<'de> for ResponsesItem {
    fn field<A: serde::de::MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        match key {
            "type" => self.function_call = is_type(map, "function_call")?,
            "call_id" => self.call_id = Some(map.next_value()?),
            _ => self.call.field(key, map)?,
        }
        Ok(())
    }
}

impl ResponsesItem {
    /// `None` for an item that is not a call; `Some(None)` for a call the tree reader must read.
    fn call(self) -> Option<Option<ToolCall>> {
        self.function_call.then(|| {
            Some(ToolCall {
                id: Some(self.call_id?),
                name: self.call.name?,
                arguments: self.call.arguments.flatten().unwrap_or_default(),
            })
        })
    }
}

impl Wire for Responses {
    fn images(&self) -> &'static Accepted {
        &IMAGES
    }

    /// A response (its `output`) or the `output` array itself.
    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        let (items, at) = match response {
            Value::Array(items) => (items.as_slice(), ""),
            Value::Object(_) if response.get("output").is_some() => (array(response, "output", "", TARGET)?, "/output"),
            _ => return Err(DispatchError::new(TARGET, "", "expected a response (`output`) or its `output` array")),
        };
        let mut calls = Vec::new();
        for (index, item) in items.iter().enumerate() {
            if item.get("type").and_then(Value::as_str) != Some("function_call") {
                continue;
            }
            let at = format!("{at}/{index}");
            calls.push(ToolCall {
                id: Some(text(item, "call_id", &at, TARGET)?),
                name: text(item, "name", &at, TARGET)?,
                arguments: arguments(item.get("arguments")),
            });
        }
        Ok(calls)
    }

    fn calls_from_text(&self, bytes: &[u8]) -> Option<Vec<ToolCall>> {
        let items = match bytes.iter().find(|byte| !byte.is_ascii_whitespace()) {
            Some(b'[') => serde_json::from_slice::<Vec<Object<ResponsesItem>>>(bytes).ok()?,
            _ => serde_json::from_slice::<Object<ResponsesResponse>>(bytes).ok()?.0.output?,
        };
        items.into_iter().filter_map(|item| item.0.call()).collect()
    }

    /// A `function_call_output` item per call: its text, or its parts as `input_text` and
    /// `input_image` items.
    fn reply(&self, results: &[ToolResult]) -> Value {
        let items: Vec<Value> = results
            .iter()
            .map(|result| {
                let output = if result.parts.is_empty() {
                    json!(result.text())
                } else {
                    let mut items: Vec<Value> =
                        texts(result).into_iter().map(|text| json!({"type": "input_text", "text": text})).collect();
                    items.extend(
                        images(result).map(|image| json!({"type": "input_image", "image_url": image.data_url()})),
                    );
                    Value::Array(items)
                };
                json!({"type": "function_call_output", "call_id": result.id, "output": output})
            })
            .collect();
        Value::Array(items)
    }

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Ok(Box::<Stream>::default())
    }
}

/// The calls of a Responses stream, each complete at its `response.function_call_arguments.done`
/// (whose `arguments` are the whole text) or, failing that, its `response.output_item.done`; a
/// call that only `response.completed`'s output holds is complete there.
#[derive(Debug, Default)]
pub(crate) struct Stream {
    /// Calls added and not yet done, by output index.
    open: OpenCalls<OpenCall>,
    /// The output indexes and ids of the calls handed on, so a later event does not repeat one.
    done: Vec<(u32, String)>,
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
            "response.output_text.delta" => {
                let event: Event = read(TARGET, at, data, "a `response.output_text.delta` event")?;
                if let Some(Key(text)) = &event.delta {
                    out(Streamed::Text(text));
                }
            }
            "response.output_item.added" => {
                let event: Event = read(TARGET, at, data, "a `response.output_item.added` event")?;
                let index = event.output_index(at)?;
                if let Some(item) = event.call_item(at)? {
                    self.open.open(index, OpenCall::new(Some(item.call_id), item.name, item.arguments));
                }
            }
            "response.function_call_arguments.delta" => {
                let event: Event = read(TARGET, at, data, "a `response.function_call_arguments.delta` event")?;
                let index = event.output_index(at)?;
                let call = self.open_call(at, index)?;
                if let Some(Key(more)) = event.delta {
                    call.arguments.push_str(&more);
                }
            }
            "response.function_call_arguments.done" => {
                let event: Event = read(TARGET, at, data, "a `response.function_call_arguments.done` event")?;
                let index = event.output_index(at)?;
                let arguments = event.arguments.ok_or_else(|| {
                    DispatchError::in_stream(TARGET, at, "/arguments", "expected the call's whole `arguments`")
                })?;
                self.open_call(at, index)?.arguments = arguments.0.into_owned();
                self.close(index, out);
            }
            "response.output_item.done" => {
                let event: Event = read(TARGET, at, data, "a `response.output_item.done` event")?;
                let index = event.output_index(at)?;
                if let Some(item) = event.call_item(at)?
                    && !self.done.iter().any(|(done, _)| *done == index)
                {
                    // Added without its `arguments.done`, or never added: the item has it all.
                    self.open.open(index, OpenCall::new(Some(item.call_id), item.name, item.arguments));
                    self.close(index, out);
                }
            }
            "response.completed" | "response.incomplete" => {
                let event: Finished = read(TARGET, at, data, "a `response.completed` event")?;
                let output = event.response.map(|Object(response)| response.output).unwrap_or_default();
                for (index, Object(item)) in output.into_iter().enumerate() {
                    let Some(item) = item.call(at, &format!("/response/output/{index}"))? else { continue };
                    if self.done.iter().any(|(_, id)| *id == *item.call_id.0) {
                        continue;
                    }
                    // Its events never came (or never ended): the finished response has it all.
                    self.open.retain(|call| call.id.as_deref() != Some(&*item.call_id.0));
                    let index = u32::MAX - self.done.len() as u32;
                    self.open.open(index, OpenCall::new(Some(item.call_id), item.name, item.arguments));
                    self.close(index, out);
                }
                self.ending.finished = true;
            }
            "response.failed" => {
                let event: Failed = read(TARGET, at, data, "a `response.failed` event")?;
                let said = event.response.and_then(|Object(response)| response.error).map(|Object(error)| error.said());
                self.ending.failed = Some((at, said.unwrap_or_else(|| "the response failed".to_owned())));
            }
            "error" => {
                let error: ErrorBody = read(TARGET, at, data, "an `error` event")?;
                self.ending.failed = Some((at, error.said()));
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
        (this.ending, this.open.into_values().map(OpenCall::into_call).collect(), Self::END)
    }
}

impl Stream {
    fn open_call(&mut self, at: usize, index: u32) -> Result<&mut OpenCall, DispatchError> {
        match self.open.get_mut(index) {
            Some(call) => Ok(call),
            None => Err(DispatchError::in_stream(
                TARGET,
                at,
                "/output_index",
                format!(
                    "arguments for output {index}, which no `response.output_item.added` began as a `function_call`"
                ),
            )),
        }
    }

    fn close(&mut self, index: u32, out: &mut dyn FnMut(Streamed<'_>)) {
        if let Some(call) = self.open.take(index) {
            self.done.push((index, call.id.clone().unwrap_or_default()));
            out(Streamed::Call(call.into_call()));
        }
    }

    /// What ends this provider's stream when nothing goes wrong.
    const END: &str = "`response.completed`";
}

fields! {
    struct Event<'de> {
        "output_index" => output_index: Option<u32> = next,
        "delta" => delta: Option<Key<'de>> = next,
        "arguments" => arguments: Option<Key<'de>> = next,
        "item" => item: Option<Object<StreamItem<'de>>> = maybe,
    }
}

/// A `function_call` item's fields, checked.
struct CallItem<'de> {
    call_id: Key<'de>,
    name: Key<'de>,
    arguments: Option<Key<'de>>,
}

impl<'de> Event<'de> {
    fn output_index(&self, at: usize) -> Result<u32, DispatchError> {
        self.output_index
            .ok_or_else(|| DispatchError::in_stream(TARGET, at, "/output_index", "expected the item's `output_index`"))
    }

    /// The event's item when it is a `function_call` (an event may come with none: the SDKs skip it).
    fn call_item(self, at: usize) -> Result<Option<CallItem<'de>>, DispatchError> {
        match self.item {
            Some(Object(item)) => item.call(at, "/item"),
            None => Ok(None),
        }
    }
}

impl<'de> StreamItem<'de> {
    /// The item's call fields when it is a `function_call`; `item_at` is where it is in event `at`.
    fn call(self, at: usize, item_at: &str) -> Result<Option<CallItem<'de>>, DispatchError> {
        let item = self;
        if item.kind.as_ref().is_none_or(|Key(kind)| kind != "function_call") {
            return Ok(None);
        }
        let string =
            |key: &str, raw: Option<&'de RawValue>| match raw.map(|raw| serde_json::from_str::<Key<'de>>(raw.get())) {
                Some(Ok(text)) => Ok(text),
                _ => Err(DispatchError::in_stream(
                    TARGET,
                    at,
                    format!("{item_at}/{key}"),
                    format!("expected a string `{key}`"),
                )),
            };
        let arguments = match item.arguments {
            Some(raw) if raw.get() != "null" => Some(string("arguments", Some(raw))?),
            _ => None,
        };
        Ok(Some(CallItem { call_id: string("call_id", item.call_id)?, name: string("name", item.name)?, arguments }))
    }
}

fields! {
    /// An output item; its fields are read as strings only once it is known to be a `function_call`
    /// (other items use the same names for other things: a `tool_search_call`'s `arguments` is an
    /// object).
    struct StreamItem<'de> {
        "type" => kind: Option<Key<'de>> = next,
        "call_id" => call_id: Option<&'de RawValue> = next,
        "name" => name: Option<&'de RawValue> = next,
        "arguments" => arguments: Option<&'de RawValue> = next,
    }
}

fields! {
    struct Finished<'de> {
        "response" => response: Option<Object<FinishedResponse<'de>>> = maybe,
    }
}

fields! {
    struct FinishedResponse<'de> {
        "output" => output: Vec<Object<StreamItem<'de>>> = objects,
    }
}

fields! {
    struct Failed<'de> {
        "response" => response: Option<Object<FailedResponse<'de>>> = next,
    }
}

fields! {
    struct FailedResponse<'de> {
        "error" => error: Option<Object<ErrorBody<'de>>> = next,
    }
}
