//! What the wire formats of several providers share: reading a call's fields with errors that
//! name where, and writing a result's text and images.

use serde_json::Value;

use crate::call::{DispatchError, ToolResult};
use crate::{ContentPart, Image, Target};

/// A string field of a call, or an error naming where it should be.
pub(super) fn text(node: &Value, key: &str, at: &str, target: Target) -> Result<String, DispatchError> {
    match node.get(key) {
        Some(Value::String(text)) => Ok(text.clone()),
        _ => Err(DispatchError::new(target, format!("{at}/{key}"), format!("expected a string `{key}`"))),
    }
}

/// Arguments as text: OpenAI sends text already; the others send an object, written out here.
pub(super) fn arguments(node: Option<&Value>) -> String {
    match node {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

pub(super) fn array<'a>(node: &'a Value, key: &str, at: &str, target: Target) -> Result<&'a [Value], DispatchError> {
    match node.get(key) {
        Some(Value::Array(items)) => Ok(items),
        Some(Value::Null) | None => Ok(&[]),
        Some(_) => Err(DispatchError::new(target, format!("{at}/{key}"), format!("expected `{key}` to be an array"))),
    }
}

/// What a result says as text, one piece per part: its JSON output (unless it returned content
/// alone), then its text and JSON parts. Images are left to each writer.
pub(super) fn texts(result: &ToolResult) -> Vec<String> {
    let json = (!result.parts_alone()).then(|| result.text());
    json.into_iter().chain(result.part_texts()).collect()
}

pub(super) fn images(result: &ToolResult) -> impl Iterator<Item = &Image> {
    result.parts.iter().filter_map(|part| match part {
        ContentPart::Image(image) => Some(image),
        _ => None,
    })
}
