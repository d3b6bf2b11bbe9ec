//! The JSON Schema subset of strict tool use with constrained decoding, as Anthropic publishes it
//! (and as its SDK's `transform_schema` leaves a schema unchanged): one type per node, `anyOf` for
//! unions, a short list of keywords kept and the rest moved into the description. Bedrock's strict
//! tool use does not publish its subset; it is lowered to this one, the strictest known.

use serde_json::{Map, Value, json};

use crate::lower::describe::{move_all_but, move_to_description};
use crate::lower::formats::formats;
use crate::lower::report::{ChangeKind, Lowering, RenderError};
use crate::lower::strict::CONDITIONAL;
use crate::lower::walk::walk_mut;

/// The string formats the subset keeps.
const FORMATS: &[&str] = &["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"];
/// What the subset keeps in a schema node; everything else goes into the description.
const KEPT: &[&str] = &[
    "type",
    "enum",
    "const",
    "anyOf",
    "allOf",
    "$ref",
    "$defs",
    "description",
    "title",
    "properties",
    "additionalProperties",
    "required",
    "items",
    "format",
    "minItems",
];

/// Lowers `schema` (objects already closed by [`crate::lower::strict`]) to the subset; `mode` names
/// the strict mode in errors ("Anthropic strict mode").
pub(crate) fn strict_subset(
    schema: &mut Value,
    path: &str,
    mode: &str,
    lowering: &mut Lowering,
) -> Result<(), RenderError> {
    split_type_arrays(schema, path, lowering)?;
    strict_keywords(schema, path, mode, lowering)
}

/// `"type": ["integer", "null"]` → `anyOf: [{"type": "integer", …}, {"type": "null"}]`: strict tool
/// use takes one type per node. Annotations stay on the outer node.
fn split_type_arrays(schema: &mut Value, path: &str, lowering: &mut Lowering) -> Result<(), RenderError> {
    walk_mut(schema, path, &mut |node, at| {
        let Some(Value::Array(types)) = node.get("type") else { return Ok(()) };
        let types = types.clone();
        let mut inner = std::mem::take(node);
        inner.remove("type");
        for annotation in ["description", "title", "default"] {
            if let Some(value) = inner.remove(annotation) {
                node.insert(annotation.to_owned(), value);
            }
        }
        let branches: Vec<Value> = types
            .iter()
            .map(|ty| {
                if ty == "null" {
                    json!({"type": "null"})
                } else {
                    let mut branch = inner.clone();
                    branch.insert("type".to_owned(), ty.clone());
                    Value::Object(branch)
                }
            })
            .collect();
        node.insert("anyOf".to_owned(), Value::Array(branches));
        lowering.note(
            at,
            ChangeKind::Rewritten,
            "a type list written as `anyOf` (strict mode takes one type per schema)",
        );
        Ok(())
    })
}

fn strict_keywords(schema: &mut Value, path: &str, mode: &str, lowering: &mut Lowering) -> Result<(), RenderError> {
    walk_mut(schema, path, &mut |node: &mut Map<String, Value>, at| {
        if let Some(keyword) = CONDITIONAL.iter().find(|keyword| node.contains_key(**keyword)) {
            return Err(lowering.error(at, format!("`{keyword}` cannot be expressed in {mode}")));
        }
        if let Some(branches) = node.remove("oneOf") {
            node.insert("anyOf".to_owned(), branches);
            lowering.note(at, ChangeKind::Rewritten, "`oneOf` written as `anyOf` (strict mode has no `oneOf`)");
        }
        // With `enum` or `const` the values say the type; the SDK drops `type` there, so we do too.
        if node.contains_key("enum") || node.contains_key("const") || node.contains_key("anyOf") {
            node.remove("type");
        }
        let is_string = node.get("type").is_some_and(|ty| ty == "string");
        if is_string {
            formats(node, FORMATS, at, lowering);
        } else if node.contains_key("format") {
            formats(node, &[], at, lowering);
        }
        if node.get("minItems").is_some_and(|min| min != 0 && min != 1) {
            move_to_description(node, &["minItems"], at, lowering);
        }
        move_all_but(node, KEPT, at, lowering);
        Ok(())
    })
}
