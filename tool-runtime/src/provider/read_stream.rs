//! What a provider's stream reader is ([`ReadStream`]) and what every reader shares: how a stream
//! ended, the call whose arguments are still arriving, the provider's error event, and reading one
//! event's data.

use std::borrow::Cow;
use std::fmt;

use serde_json::value::RawValue;

use crate::Target;
use crate::call::DispatchError;
use crate::call::Interruption;
use crate::call::{Streamed, ToolCall};
use crate::provider::read_text::{Fields, Key, Object, fields, next};

/// A reader of one provider's stream of events, as dispatch drives it: each provider's `Stream`.
pub(crate) trait ReadStream: fmt::Debug + Send {
    /// Reads event number `at`, named `name` (empty when the event had no name), handing on its
    /// text and every call it completes.
    fn event(
        &mut self,
        at: usize,
        name: &str,
        data: &str,
        out: &mut dyn FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError>;

    /// How far the stream got.
    fn ending(&self) -> &Ending;

    /// The ending, the calls still open, and what ends a response of this provider (for messages).
    fn into_parts(self: Box<Self>) -> (Ending, Vec<ToolCall>, &'static str);

    /// Whether the provider said the stream failed: nothing after it is read.
    fn failed(&self) -> bool {
        self.ending().failed.is_some()
    }

    /// How the stream ended, read after its last event (`events` of them): `None` when it ended
    /// as the provider ends a response, with every call complete.
    fn finish(self: Box<Self>, events: usize, read_error: Option<String>) -> Option<Interruption> {
        let (ending, unfinished, end) = self.into_parts();
        ending.interruption(events, end, read_error, unfinished)
    }
}

/// How far a stream got: its end event seen, or an error event from the provider.
#[derive(Debug, Default)]
pub(crate) struct Ending {
    pub(super) finished: bool,
    /// The number of the error event and what the provider said.
    pub(super) failed: Option<(usize, String)>,
}

impl Ending {
    /// `None` for a stream that ended as the provider ends a response (`end`), every call complete.
    fn interruption(
        self,
        events: usize,
        end: &str,
        read_error: Option<String>,
        unfinished: Vec<ToolCall>,
    ) -> Option<Interruption> {
        let (event, reason) = if let Some((at, said)) = self.failed {
            (at, format!("the provider sent an error: {said}"))
        } else if let Some(err) = read_error {
            (events, format!("reading the stream failed: {err}"))
        } else if !self.finished {
            (events, format!("the stream ended before {end}"))
        } else if !unfinished.is_empty() {
            (events, "the response ended with tool calls whose arguments were not complete".to_owned())
        } else {
            return None;
        };
        Some(Interruption { event, reason, unfinished })
    }
}

/// The calls whose arguments are still arriving, by their index in the response (a stream may
/// interleave them).
#[derive(Debug)]
pub(super) struct OpenCalls<T>(Vec<(u32, T)>);

impl<T> Default for OpenCalls<T> {
    fn default() -> Self {
        OpenCalls(Vec::new())
    }
}

impl<T> OpenCalls<T> {
    /// Opens the call at `index`, in place of one open there.
    pub(super) fn open(&mut self, index: u32, call: T) {
        self.0.retain(|(open, _)| *open != index);
        self.0.push((index, call));
    }

    pub(super) fn get_mut(&mut self, index: u32) -> Option<&mut T> {
        self.0.iter_mut().find(|(open, _)| *open == index).map(|(_, call)| call)
    }

    /// Takes the call at `index` out: it is complete.
    pub(super) fn take(&mut self, index: u32) -> Option<T> {
        let position = self.0.iter().position(|(open, _)| *open == index)?;
        Some(self.0.remove(position).1)
    }

    pub(super) fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.0.retain(|(_, call)| keep(call));
    }

    /// The calls still open, in the order they began.
    pub(super) fn into_values(self) -> impl Iterator<Item = T> {
        self.0.into_iter().map(|(_, call)| call)
    }
}

/// A call whose arguments are still arriving.
#[derive(Debug)]
pub(super) struct OpenCall {
    pub(super) id: Option<String>,
    pub(super) name: String,
    pub(super) arguments: String,
}

impl OpenCall {
    pub(super) fn new(id: Option<Key<'_>>, name: Key<'_>, arguments: Option<Key<'_>>) -> Self {
        OpenCall {
            id: id.map(|Key(id)| id.into_owned()),
            name: name.0.into_owned(),
            arguments: arguments.map(|Key(text)| text.into_owned()).unwrap_or_default(),
        }
    }

    pub(super) fn into_call(self) -> ToolCall {
        ToolCall { id: self.id, name: self.name, arguments: self.arguments }
    }
}

/// The item whose `index` (absent: 0) is 0 — the one choice or candidate a finished response's
/// reader answers too.
pub(super) fn first<T>(items: Vec<Object<T>>, index: impl Fn(&T) -> Option<u32>) -> Option<T> {
    items.into_iter().map(|Object(item)| item).find(|item| index(item).unwrap_or(0) == 0)
}

/// Reads the data of event `at` for the fields of `T`; `what` says what the event should be.
pub(super) fn read<'de, T: Fields<'de>>(
    target: Target,
    at: usize,
    data: &'de str,
    what: &str,
) -> Result<T, DispatchError> {
    serde_json::from_str::<Object<T>>(data)
        .map(|Object(fields)| fields)
        .map_err(|err| DispatchError::in_stream(target, at, "", format!("expected {what}: {err}")))
}

/// The kind of an event: its name, or else the `type` field of its data.
pub(super) fn kind<'a>(target: Target, at: usize, name: &'a str, data: &'a str) -> Result<Cow<'a, str>, DispatchError> {
    if !name.is_empty() && name != "message" {
        return Ok(Cow::Borrowed(name));
    }
    let typed: Typed = read(target, at, data, "a JSON object with a `type`")?;
    typed
        .kind
        .map(|Key(kind)| kind)
        .ok_or_else(|| DispatchError::in_stream(target, at, "/type", "expected a string `type`"))
}

/// JSON text without the white space between its tokens: the input as a finished message holds it,
/// where the streamed pieces are spaced as the model wrote them (`{"city": "Paris"}`).
pub(super) fn compact(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            ' ' | '\t' | '\n' | '\r' if !in_string => continue,
            _ => {}
        }
        out.push(c);
    }
    out
}

fields! {
    struct Typed<'de> {
        "type" => kind: Option<Key<'de>> = next,
    }
}

fields! {
    /// A provider's error object: `{"type" | "code" | "status", "message"}`.
    pub(super) struct ErrorBody<'de> {
        "message" => message: Option<Key<'de>> = next,
        "type" => kind: Option<Key<'de>> = next,
        "status" => status: Option<Key<'de>> = next,
        "code" => code: Option<&'de RawValue> = next,
    }
}

impl ErrorBody<'_> {
    /// `kind: message`, from whichever of the fields the provider sent.
    pub(super) fn said(&self) -> String {
        let message = self.message.as_ref().map_or("(no message)", |Key(message)| message);
        // A Responses `error` event's `type` is `error` itself: its `code` says more.
        let kind = self.kind.as_ref().filter(|Key(kind)| kind != "error").or(self.status.as_ref());
        let kind = kind.map(|Key(kind)| kind.as_ref());
        let kind = kind.or(self.code.map(RawValue::get).filter(|code| *code != "null"));
        match kind {
            Some(kind) => format!("{}: {message}", kind.trim_matches('"')),
            None => message.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn compact_keeps_strings_as_they_are() {
        assert_eq!(super::compact("{\"a b\": \"x \\\" y\",\n \"c\": [1, 2]}"), "{\"a b\":\"x \\\" y\",\"c\":[1,2]}");
    }
}
