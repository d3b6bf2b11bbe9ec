//! What every target shares: the description with examples, name checks, and property-key checks.

use serde_json::{Value, json};

use crate::ToolDef;
use crate::schema::walk::{child_path, walk_mut};
use crate::target::report::{ChangeKind, Lowering, RenderError};

/// OpenAI once refused longer tool descriptions; newer reports say the limit is gone.
const LONG_DESCRIPTION: usize = 1024;

/// A JSON object of `entries`, the values moved in: `json!` would copy each value by serializing it,
/// which for a schema costs as much as the lowering itself.
pub(crate) fn object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::Object(entries.into_iter().map(|(key, value)| (key.to_owned(), value)).collect())
}

/// The description, with the examples appended in a compact form for targets without an examples field.
pub(crate) fn description(def: &ToolDef, with_examples: bool) -> String {
    let mut text = def.description.to_string();
    if with_examples && !def.examples.is_empty() {
        text.push_str("\n\nExamples:");
        for example in &def.examples {
            text.push_str(&format!("\n- {}", example.arguments));
            if let Some(what) = &example.description {
                text.push_str(&format!(" ({what})"));
            }
        }
    }
    text
}

/// Warns of a long description.
pub(crate) fn check_description(text: &str, lowering: &mut Lowering) {
    let length = text.chars().count();
    if length > LONG_DESCRIPTION {
        lowering.note(
            "/description",
            ChangeKind::Warning,
            format!(
                "the description has {length} characters; OpenAI has refused tool descriptions over {LONG_DESCRIPTION}"
            ),
        );
    }
}

/// Refuses a tool name the target does not take.
pub(crate) fn check_name(
    name: &str,
    valid: impl Fn(&str) -> bool,
    rule: &str,
    lowering: &Lowering,
) -> Result<(), RenderError> {
    if valid(name) { Ok(()) } else { Err(lowering.error("/name", format!("the name `{name}` does not match {rule}"))) }
}

/// Refuses property names the target does not take, anywhere in `schema`.
pub(crate) fn check_property_keys(
    schema: &mut Value,
    path: &str,
    valid: fn(&str) -> bool,
    rule: &str,
    lowering: &Lowering,
) -> Result<(), RenderError> {
    walk_mut(schema, path, &mut |node, at| {
        if let Some(Value::Object(properties)) = node.get("properties")
            && let Some(bad) = properties.keys().find(|key| !valid(key))
        {
            return Err(lowering.error(
                &child_path(&child_path(at, "properties"), bad),
                format!("the property name `{bad}` does not match {rule}; rename it (`#[arg(rename = \"...\")]` or `#[serde(rename = \"...\")]`)"),
            ));
        }
        Ok(())
    })
}

/// Makes sure the arguments schema is one object with `properties`, as every provider's root must
/// be: a root union left after [`flat_copy`](crate::schema::union::flat_copy) (which flattens one
/// tagged by a field) is refused.
pub(crate) fn object_root(schema: &mut Value, path: &str, lowering: &Lowering) -> Result<(), RenderError> {
    object_or_union_root(schema, path, lowering)?;
    if schema.get("$ref").is_some() {
        return Err(lowering.error(path, "the arguments must be one object: the root refers to itself (`$ref`)"));
    }
    if schema.get("type").is_none() {
        return Err(lowering.error(
            path,
            "the arguments must be one object: a root `anyOf`/`oneOf` whose branches are not objects tagged by one \
             field cannot be expressed",
        ));
    }
    Ok(())
}

/// Plain JSON Schema's root: an object, or a union of them, as generated.
pub(crate) fn object_or_union_root(schema: &mut Value, path: &str, lowering: &Lowering) -> Result<(), RenderError> {
    let Some(root) = schema.as_object_mut() else {
        return Err(lowering.error(path, "the arguments schema must be an object"));
    };
    match root.get("type") {
        Some(ty) if ty == "object" => {}
        None if !root.contains_key("anyOf") && !root.contains_key("oneOf") => {
            root.insert("type".to_owned(), json!("object"));
        }
        None => return Ok(()),
        _ => return Err(lowering.error(path, "the arguments must be an object (`\"type\": \"object\"` at the root)")),
    }
    root.entry("properties").or_insert_with(|| json!({}));
    Ok(())
}

pub(crate) fn ascii_word(name: &str, max: usize, extra: &[u8]) -> bool {
    !name.is_empty() && name.len() <= max && name.bytes().all(|b| b.is_ascii_alphanumeric() || extra.contains(&b))
}
