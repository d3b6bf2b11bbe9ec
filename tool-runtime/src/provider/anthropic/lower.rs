//! Anthropic Messages API: the full 2020-12 schema by default; with the strict option, the subset
//! strict tool use takes, in the exact form Anthropic's SDK `transform_schema` leaves unchanged.
//!
//! Passes: flatten a tagged root union → inline refs (kept if recursive; strict refuses recursion)
//! → strict only: strict objects (closed; optional fields stay optional) → type arrays as `anyOf` →
//! keywords outside the strict subset moved into the description.

use serde_json::{Value, json};

use crate::lower::names::{ascii_word, check_name, check_property_keys};
use crate::lower::object;
use crate::lower::report::{Lowering, RenderError};
use crate::lower::strict_subset::{self, StrictMode};
use crate::lower::walk::each_node;
use crate::provider::description::{check_description, description};
use crate::{RenderOptions, ToolDef};

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

const STRICT: StrictMode = StrictMode {
    name: "Anthropic strict mode",
    recursion: "Anthropic strict mode takes no recursive schemas; render without the strict option, or break the cycle",
};

fn input_schema(def: &ToolDef, strict: bool, path: &str, lowering: &mut Lowering) -> Result<Value, RenderError> {
    let mut schema = strict_subset::input_schema(&def.input_schema, strict.then_some(&STRICT), path, lowering)?;
    check_property_keys(&mut schema, path, key_ok, "`^[a-zA-Z0-9_.-]{1,64}$`", lowering)?;
    Ok(schema)
}

/// Counts what the per-request limits of strict tool use count, in one lowered input schema.
pub(crate) fn count_parameters(schema: &Value) -> (usize, usize) {
    let mut optional = 0;
    let mut unions = 0;
    each_node(schema, &mut |node| {
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
    });
    (optional, unions)
}
