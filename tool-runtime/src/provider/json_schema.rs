//! Plain JSON Schema draft 2020-12: the definition as generated, with `$schema` and `examples`; the
//! arguments, as everywhere, an object. No wire format: nothing to dispatch, reply or choose.

use serde_json::{Value, json};

use crate::call::{DispatchError, ToolCall};
use crate::passes::all_of::merge_object_all_of;
use crate::passes::closed::{close_compositions, close_objects};
use crate::passes::object;
use crate::passes::report::{Lowering, RenderError};
use crate::passes::root::object_or_union_root;
use crate::passes::union::union_copy;
use crate::provider::description::{check_description, examples};
use crate::provider::{Lower, ReadStream, Wire};
use crate::{RenderOptions, Target, ToolDef};

/// Plain JSON Schema.
pub(super) struct JsonSchema;

impl Lower for JsonSchema {
    fn target(&self) -> Target {
        Target::JsonSchema
    }

    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        check_description(&def.description, lowering);
        // JSON Schema takes the union at the root as the definition has it, unless told otherwise.
        let mut input = match options.union_form {
            None => def.input_schema.clone(),
            Some(form) => union_copy(&def.input_schema, form, true, "/input_schema", lowering)?,
        };
        close_objects(&mut input);
        merge_object_all_of(&mut input, "/input_schema", lowering);
        close_compositions(&mut input);
        object_or_union_root(&mut input, "/input_schema", lowering)?;
        let mut input = with_dialect(input);
        if !def.examples.is_empty() {
            let form = options.form_for(Target::JsonSchema);
            let examples = examples(def, form, "/input_schema/examples", lowering);
            if !examples.is_empty() {
                input["examples"] = examples.into();
            }
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
    fn response_format(&self, def: &ToolDef, _: &RenderOptions, _: &mut Lowering) -> Result<Value, RenderError> {
        let mut schema = def.input_schema.clone();
        close_objects(&mut schema);
        Ok(with_dialect(schema))
    }
}

impl Wire for JsonSchema {
    fn calls(&self, _: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        Err(no_wire_format())
    }

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Err(no_wire_format())
    }
}

fn no_wire_format() -> DispatchError {
    DispatchError::new(Target::JsonSchema, "", "plain JSON Schema has no wire format for tool calls")
}

const DRAFT: &str = "https://json-schema.org/draft/2020-12/schema";

/// `schema` with `$schema` saying its dialect, JSON Schema 2020-12.
pub(super) fn with_dialect(mut schema: Value) -> Value {
    if let Some(root) = schema.as_object_mut() {
        root.insert("$schema".to_owned(), json!(DRAFT));
    }
    schema
}
