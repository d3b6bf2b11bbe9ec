//! Anthropic Messages API: the full 2020-12 schema by default; with the strict option, the subset
//! strict tool use takes, in the exact form Anthropic's SDK `transform_schema` leaves unchanged.
//!
//! Passes: flatten a tagged root union → inline refs (kept if recursive; strict refuses recursion)
//! → strict only: strict objects (closed; optional fields stay optional) → type arrays as `anyOf` →
//! keywords outside the strict subset moved into the description.

use serde_json::{Map, Value, json};

use crate::lower::describe::{move_all_but, move_to_description};
use crate::lower::formats::formats;
use crate::lower::names::{ascii_word, check_name, check_property_keys};
use crate::lower::nullable::NullStyle;
use crate::lower::object;
use crate::lower::refs::{Recursion, inline_refs};
use crate::lower::report::{ChangeKind, Lowering, RenderError};
use crate::lower::root::object_root;
use crate::lower::strict::{CONDITIONAL, Optional, strict_objects};
use crate::lower::union::flat_copy;
use crate::lower::walk::walk_mut;
use crate::provider::description::{check_description, description};
use crate::{RenderOptions, ToolDef};

const FORMATS: &[&str] = &["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"];
/// What strict tool use keeps in a schema node; everything else goes into the description.
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
/// Per-request limits of strict tool use.
pub(crate) const MAX_STRICT_TOOLS: usize = 20;
pub(crate) const MAX_OPTIONAL_PARAMETERS: usize = 24;
pub(crate) const MAX_UNION_PARAMETERS: usize = 16;

fn name_ok(name: &str) -> bool {
    ascii_word(name, 64, b"_-")
}

fn key_ok(key: &str) -> bool {
    ascii_word(key, 64, b"_.-")
}

pub(crate) fn is_strict(def: &ToolDef, options: &RenderOptions) -> bool {
    options.anthropic_strict && def.strict
}

pub(crate) fn tool(def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
    check_name(&def.name, name_ok, "`^[a-zA-Z0-9_-]{1,64}$`", lowering)?;
    check_description(&def.description, lowering);
    let strict = is_strict(def, options);
    let schema = input_schema(def, strict, "/input_schema", lowering)?;
    let mut tool = object([
        ("name", def.name.clone().into()),
        ("description", description(def, false).into()),
        ("input_schema", schema),
    ]);
    if strict {
        tool["strict"] = json!(true);
    }
    if !def.examples.is_empty() {
        tool["input_examples"] = def.examples.iter().map(|example| example.arguments.clone()).collect();
    }
    Ok(tool)
}

/// Structured output: the value of `output_config.format`, always in the strict subset.
pub(crate) fn response_format(def: &ToolDef, lowering: &mut Lowering) -> Result<Value, RenderError> {
    let schema = input_schema(def, true, "/schema", lowering)?;
    Ok(object([("type", "json_schema".into()), ("schema", schema)]))
}

fn input_schema(def: &ToolDef, strict: bool, path: &str, lowering: &mut Lowering) -> Result<Value, RenderError> {
    let mut schema = flat_copy(&def.input_schema, path, lowering)?;
    let recursion = if strict {
        Recursion::Reject(
            "Anthropic strict mode takes no recursive schemas; render without the strict option, or break the cycle",
        )
    } else {
        Recursion::Keep
    };
    inline_refs(&mut schema, path, recursion, lowering)?;
    object_root(&mut schema, path, lowering)?;
    if strict {
        strict_objects(&mut schema, path, Optional::Keep, NullStyle::AnyOf, lowering)?;
        split_type_arrays(&mut schema, path, lowering)?;
        strict_keywords(&mut schema, path, lowering)?;
    }
    check_property_keys(&mut schema, path, key_ok, "`^[a-zA-Z0-9_.-]{1,64}$`", lowering)?;
    Ok(schema)
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

fn strict_keywords(schema: &mut Value, path: &str, lowering: &mut Lowering) -> Result<(), RenderError> {
    walk_mut(schema, path, &mut |node: &mut Map<String, Value>, at| {
        if let Some(keyword) = CONDITIONAL.iter().find(|keyword| node.contains_key(**keyword)) {
            return Err(lowering.error(at, format!("`{keyword}` cannot be expressed in Anthropic strict mode")));
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

/// Counts what the per-request limits of strict tool use count, in one lowered input schema.
pub(crate) fn count_parameters(schema: &Value) -> (usize, usize) {
    let mut optional = 0;
    let mut unions = 0;
    let mut schema = schema.clone();
    let _ = walk_mut::<()>(&mut schema, "", &mut |node, _| {
        if let Some(Value::Object(properties)) = node.get("properties") {
            let required = node.get("required").and_then(Value::as_array);
            for (name, property) in properties {
                if !required.is_some_and(|required| required.iter().any(|r| r == name)) {
                    optional += 1;
                }
                if property.get("anyOf").is_some() {
                    unions += 1;
                }
            }
        }
        Ok(())
    });
    (optional, unions)
}
