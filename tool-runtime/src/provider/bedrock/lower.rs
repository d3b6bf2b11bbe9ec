//! Bedrock Converse `toolSpec`s: the full 2020-12 schema under `inputSchema.json` by default; with
//! the strict option, `"strict": true` and the strict subset. Bedrock does not publish which
//! keywords its strict tool use takes, so toolc lowers to Anthropic's published subset, the
//! strictest it knows; and since Claude is the model most requests reach, its property-name rule
//! holds too.
//!
//! Passes: flatten a tagged root union → inline refs (kept if recursive; strict refuses recursion)
//! → an object at the top → strict only: strict objects (closed; optional fields stay optional) →
//! the strict subset → property names checked. Examples go into the description: a `toolSpec`
//! has no field for them.

use serde_json::{Value, json};

use crate::lower::names::{ascii_word, check_name, check_property_keys};
use crate::lower::object;
use crate::lower::report::{Lowering, RenderError};
use crate::lower::strict_subset::{self, StrictMode};
use crate::provider::description::{check_description, description};
use crate::{RenderOptions, ToolDef};

/// The service model's `ToolName`: 1 to 64 characters of `[a-zA-Z0-9_-]`.
fn name_ok(name: &str) -> bool {
    ascii_word(name, 64, b"_-")
}

fn key_ok(key: &str) -> bool {
    ascii_word(key, 64, b"_.-")
}

fn is_strict(def: &ToolDef, options: &RenderOptions) -> bool {
    options.bedrock_strict && def.strict
}

/// One entry of `toolConfig.tools`.
pub(super) fn tool(def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
    check_name(&def.name, name_ok, "`^[a-zA-Z0-9_-]{1,64}$`", lowering)?;
    check_description(&def.description, lowering);
    let strict = is_strict(def, options);
    let schema = input_schema(def, strict, "/toolSpec/inputSchema/json", lowering)?;
    let mut spec = object([("name", def.name.clone().into())]);
    // The service model's `description` has a minimum length of 1: an empty one is left out.
    let text = description(def, true);
    if !text.is_empty() {
        spec["description"] = text.into();
    }
    spec["inputSchema"] = object([("json", schema)]);
    if strict {
        spec["strict"] = json!(true);
    }
    Ok(object([("toolSpec", spec)]))
}

/// Structured output: the value of `outputConfig.textFormat`, in the strict subset, the schema
/// written as JSON text as the service model's `JsonSchemaDefinition` takes it.
pub(super) fn response_format(def: &ToolDef, lowering: &mut Lowering) -> Result<Value, RenderError> {
    let schema = input_schema(def, true, "/structure/jsonSchema/schema", lowering)?;
    let mut definition = object([("schema", schema.to_string().into()), ("name", def.name.clone().into())]);
    if !def.description.is_empty() {
        definition["description"] = def.description.to_string().into();
    }
    Ok(object([("type", "json_schema".into()), ("structure", object([("jsonSchema", definition)]))]))
}

const STRICT: StrictMode = StrictMode {
    name: "Bedrock strict tool use",
    recursion: "Bedrock strict tool use takes no recursive schemas; render without the strict option, or break the cycle",
};

fn input_schema(def: &ToolDef, strict: bool, path: &str, lowering: &mut Lowering) -> Result<Value, RenderError> {
    let mut schema = strict_subset::input_schema(&def.input_schema, strict.then_some(&STRICT), path, lowering)?;
    check_property_keys(&mut schema, path, key_ok, "`^[a-zA-Z0-9_.-]{1,64}$`", lowering)?;
    Ok(schema)
}
