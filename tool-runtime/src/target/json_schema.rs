//! Plain JSON Schema draft 2020-12: the definition as generated, with `$schema` and `examples`; the
//! arguments, as everywhere, an object.

use serde_json::{Value, json};

use super::common::{check_description, object, object_or_union_root};
use crate::ToolDef;
use crate::target::report::{Lowering, RenderError};

const DRAFT: &str = "https://json-schema.org/draft/2020-12/schema";

pub(crate) fn tool(def: &ToolDef, lowering: &mut Lowering) -> Result<Value, RenderError> {
    check_description(&def.description, lowering);
    let mut input = def.input_schema.clone();
    object_or_union_root(&mut input, "/input_schema", lowering)?;
    let mut input = with_dialect(input);
    if !def.examples.is_empty() {
        input["examples"] = def.examples.iter().map(|example| example.arguments.clone()).collect();
    }
    let mut tool = object([
        ("name", def.name.clone().into()),
        ("description", def.description.clone().into()),
        ("input_schema", input),
    ]);
    if let Some(output) = &def.output_schema {
        tool["output_schema"] = with_dialect(output.clone());
    }
    Ok(tool)
}

/// Structured output: the arguments schema itself, with its dialect.
pub(crate) fn response_format(def: &ToolDef) -> Value {
    with_dialect(def.input_schema.clone())
}

fn with_dialect(mut schema: Value) -> Value {
    if let Some(root) = schema.as_object_mut() {
        root.insert("$schema".to_owned(), json!(DRAFT));
    }
    schema
}
