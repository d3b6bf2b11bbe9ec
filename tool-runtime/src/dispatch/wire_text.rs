//! Reading a response's tool calls straight from its text, without building a JSON tree of the whole
//! response: each provider's usual shape, read field by field, other fields skipped, and each call's
//! arguments kept as the text the model sent.
//!
//! This is only a faster road to what `wire.rs` reads. Anything it does not expect — a missing
//! field, a value of another type, a shape it does not know — gives `None`, and the response is then
//! read as a tree by `wire.rs`, which decides and names every problem. So for any input both roads
//! give the same calls, or this one gives way.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

use super::records::ToolCall;
use crate::Target;

/// The calls of a response in `target`'s format, or `None` when `wire.rs` must read it.
pub(super) fn calls(target: Target, bytes: &[u8]) -> Option<Vec<ToolCall>> {
    match target {
        Target::OpenAi => serde_json::from_slice::<Object<ChatResponse>>(bytes).ok()?.0.calls(),
        Target::OpenAiResponses => {
            let items = match bytes.iter().find(|byte| !byte.is_ascii_whitespace()) {
                Some(b'[') => serde_json::from_slice::<Vec<Object<ResponsesItem>>>(bytes).ok()?,
                _ => serde_json::from_slice::<Object<ResponsesResponse>>(bytes).ok()?.0.output?,
            };
            items.into_iter().filter_map(|item| item.0.call()).collect()
        }
        Target::Anthropic => {
            let blocks = serde_json::from_slice::<Object<AnthropicMessage>>(bytes).ok()?.0.content?;
            blocks.into_iter().filter_map(|block| block.0.call()).collect()
        }
        Target::Gemini => serde_json::from_slice::<Object<GeminiResponse>>(bytes).ok()?.0.calls(),
        Target::Mcp | Target::JsonSchema => None,
    }
}

/// Arguments sent as a JSON value: its text; `null` means none. A string (arguments encoded as
/// text inside the value) is left to `wire.rs`.
fn raw_arguments(raw: Option<&RawValue>) -> Option<String> {
    match raw.map(RawValue::get) {
        None | Some("null") => Some(String::new()),
        Some(text) if text.starts_with('"') => None,
        Some(text) => Some(text.to_owned()),
    }
}

/// The fields of a JSON object this module reads; the others are skipped. A repeated key keeps its
/// last value, as in a JSON tree.
trait Fields<'de>: Default {
    fn field<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error>;
}

/// A JSON object read through [`Fields`]; any other JSON type is refused.
struct Object<T>(T);

impl<'de, T: Fields<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);

        impl<'de, T: Fields<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = T;

            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
                let mut fields = T::default();
                while let Some(Key(key)) = map.next_key()? {
                    fields.field(&key, &mut map)?;
                }
                Ok(fields)
            }
        }

        deserializer.deserialize_map(ObjectVisitor(PhantomData)).map(Object)
    }
}

/// An object key, borrowed from the text when it has no escapes.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;

        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;

            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("a key")
            }

            fn visit_borrowed_str<E>(self, key: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(key)))
            }

            fn visit_str<E>(self, key: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(key.to_owned())))
            }
        }

        deserializer.deserialize_str(KeyVisitor)
    }
}

/// A struct of the fields an object is read for and its [`Fields`] impl: each field read by `next`
/// (a value of the field's type) or `objects` (an array of objects, `null` for none); others skipped.
macro_rules! fields {
    (struct $name:ident { $($key:literal => $field:ident: $ty:ty = $read:ident,)* }) => {
        #[derive(Default)]
        struct $name {
            $($field: $ty,)*
        }

        impl<'de> Fields<'de> for $name {
            fn field<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
                match key {
                    $($key => self.$field = $read(map)?,)*
                    _ => skip(map)?,
                }
                Ok(())
            }
        }
    };
    (struct $name:ident<$de:lifetime> { $($key:literal => $field:ident: $ty:ty = $read:ident,)* }) => {
        #[derive(Default)]
        struct $name<$de> {
            $($field: $ty,)*
        }

        impl<$de> Fields<$de> for $name<$de> {
            fn field<A: MapAccess<$de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
                match key {
                    $($key => self.$field = $read(map)?,)*
                    _ => skip(map)?,
                }
                Ok(())
            }
        }
    };
}

/// The value of a field this module reads.
fn next<'de, A: MapAccess<'de>, T: Deserialize<'de>>(map: &mut A) -> Result<Option<T>, A::Error> {
    map.next_value().map(Some)
}

/// [`objects`], present.
fn some_objects<'de, A: MapAccess<'de>, T: Fields<'de>>(map: &mut A) -> Result<Option<Vec<Object<T>>>, A::Error> {
    objects(map).map(Some)
}

/// Whether a `type` field equals `expected`, read without keeping it.
fn is_type<'de, A: MapAccess<'de>>(map: &mut A, expected: &str) -> Result<bool, A::Error> {
    map.next_value::<Key>().map(|Key(kind)| kind == expected)
}

/// Skips the value of a field this module does not read.
fn skip<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value::<IgnoredAny>().map(drop)
}

/// An array of objects where `null` stands for none, as `wire.rs` reads it.
fn objects<'de, A: MapAccess<'de>, T: Fields<'de>>(map: &mut A) -> Result<Vec<Object<T>>, A::Error> {
    map.next_value::<Option<Vec<Object<T>>>>().map(Option::unwrap_or_default)
}

#[derive(Default)]
struct ChatResponse {
    choices: Option<Vec<Object<ChatChoice>>>,
    /// The response is an assistant message itself (`role` or `tool_calls` at the top).
    message: Option<ChatMessage>,
}

impl<'de> Fields<'de> for ChatResponse {
    fn field<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
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

/// A `name` and `arguments` pair, the arguments as text (`A = Option<String>`) or as a JSON value.
struct NamedCall<A> {
    name: Option<String>,
    arguments: Option<A>,
}

impl<A> Default for NamedCall<A> {
    fn default() -> Self {
        NamedCall { name: None, arguments: None }
    }
}

impl<'de> Fields<'de> for NamedCall<Option<String>> {
    fn field<M: MapAccess<'de>>(&mut self, key: &str, map: &mut M) -> Result<(), M::Error> {
        match key {
            "name" => self.name = Some(map.next_value()?),
            "arguments" => self.arguments = Some(map.next_value()?),
            _ => skip(map)?,
        }
        Ok(())
    }
}

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
    fn field<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        match key {
            "type" => self.function_call = is_type(map, "function_call")?,
            "call_id" => self.call_id = Some(map.next_value()?),
            _ => self.call.field(key, map)?,
        }
        Ok(())
    }
}

impl ResponsesItem {
    /// `None` for an item that is not a call; `Some(None)` for a call `wire.rs` must read.
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

fields! {
    struct AnthropicMessage<'de> {
        "content" => content: Option<Vec<Object<AnthropicBlock<'de>>>> = next,
    }
}

#[derive(Default)]
struct AnthropicBlock<'de> {
    tool_use: bool,
    id: Option<String>,
    name: Option<String>,
    input: Option<&'de RawValue>,
}

impl<'de> Fields<'de> for AnthropicBlock<'de> {
    fn field<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        match key {
            "type" => self.tool_use = is_type(map, "tool_use")?,
            "id" => self.id = Some(map.next_value()?),
            "name" => self.name = Some(map.next_value()?),
            "input" => self.input = Some(map.next_value()?),
            _ => skip(map)?,
        }
        Ok(())
    }
}

impl AnthropicBlock<'_> {
    /// `None` for a block that is not a call; `Some(None)` for a call `wire.rs` must read.
    fn call(self) -> Option<Option<ToolCall>> {
        self.tool_use
            .then(|| Some(ToolCall { id: Some(self.id?), name: self.name?, arguments: raw_arguments(self.input)? }))
    }
}

#[derive(Default)]
struct GeminiResponse<'de> {
    candidates: Option<Vec<Object<GeminiCandidate<'de>>>>,
    /// The response is a content itself (`parts` at the top).
    content: Option<GeminiContent<'de>>,
}

impl<'de> Fields<'de> for GeminiResponse<'de> {
    fn field<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        match key {
            "candidates" => self.candidates = Some(map.next_value()?),
            "parts" => self.content.get_or_insert_default().field(key, map)?,
            _ => skip(map)?,
        }
        Ok(())
    }
}

impl GeminiResponse<'_> {
    fn calls(self) -> Option<Vec<ToolCall>> {
        let content = match self.candidates {
            Some(candidates) => candidates.into_iter().next()?.0.content?.0,
            None => self.content?,
        };
        content.parts.into_iter().filter_map(|part| part.0.call.map(|call| call.0.call())).collect()
    }
}

fields! {
    struct GeminiCandidate<'de> {
        "content" => content: Option<Object<GeminiContent<'de>>> = next,
    }
}

fields! {
    struct GeminiContent<'de> {
        "parts" => parts: Vec<Object<GeminiPart<'de>>> = objects,
    }
}

fields! {
    struct GeminiPart<'de> {
        "functionCall" => call: Option<Object<GeminiCall<'de>>> = next,
    }
}

fields! {
    struct GeminiCall<'de> {
        "id" => id: Option<Option<String>> = next,
        "name" => name: Option<String> = next,
        "args" => args: Option<&'de RawValue> = next,
    }
}

impl GeminiCall<'_> {
    fn call(self) -> Option<ToolCall> {
        Some(ToolCall { id: self.id.flatten(), name: self.name?, arguments: raw_arguments(self.args)? })
    }
}
