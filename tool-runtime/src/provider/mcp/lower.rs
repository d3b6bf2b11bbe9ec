//! MCP `Tool` (specifications 2025-11-25 and 2026-07-28): `inputSchema`, `outputSchema`,
//! `annotations`, `title`.
//!
//! Passes: flatten a tagged root union (clients pass schemas on to providers that refuse one) →
//! object root with `properties` → `$schema` saying 2020-12, MCP's dialect, whose `$defs` and `$ref`
//! are kept as they are (SEP-1613), or inlined except recursion when the options ask (some clients
//! resolve none); an output that is not an object is wrapped as `{"result": …}`, since
//! `structuredContent` is one.

use serde_json::{Value, json};

use super::Mcp;
use crate::passes::all_of::merge_object_all_of;
use crate::passes::closed::{close_compositions, close_objects};
use crate::passes::headers;
use crate::passes::names::{ascii_word, check_name};
use crate::passes::object;
use crate::passes::refs::{Recursion, inline_refs};
use crate::passes::report::{ChangeKind, Lowering, RenderError};
use crate::passes::root::object_root;
use crate::passes::strict::is_object;
use crate::passes::union::union_copy;
use crate::passes::walk::each_boolean_subschema;
use crate::provider::Lower;
use crate::provider::description::{check_description, description};
use crate::provider::json_schema::with_dialect;
use crate::{RenderOptions, Target, ToolDef};

impl Lower for Mcp {
    fn target(&self) -> Target {
        Target::Mcp
    }

    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        check_name(&def.name, name_ok, "`^[A-Za-z0-9_.-]{1,128}$`", lowering)?;
        let text = description(def, true, options.form_for(Target::Mcp));
        check_description(&text, lowering);
        let form = options.form_for(Target::Mcp);
        let mut input = union_copy(&def.input_schema, form, true, "/inputSchema", lowering)?;
        close_objects(&mut input);
        if options.mcp_inline_refs {
            inline_refs(&mut input, "/inputSchema", Recursion::Keep, lowering)?;
        }
        merge_object_all_of(&mut input, "/inputSchema", lowering);
        close_compositions(&mut input);
        object_root(&mut input, "/inputSchema", lowering)?;
        headers::check_headers(&input, "/inputSchema", lowering)?;
        objects_for_booleans(&mut input, "/inputSchema", lowering);
        let input = with_dialect(input);
        let mut tool =
            object([("name", def.name.clone().into()), ("description", text.into()), ("inputSchema", input)]);
        if let Some(title) = &def.annotations.title {
            tool["title"] = json!(title);
        }
        if let Some(output) = &def.output_schema {
            let mut output = output.clone();
            if options.mcp_inline_refs {
                inline_refs(&mut output, "/outputSchema", Recursion::Keep, lowering)?;
            }
            objects_for_booleans(&mut output, "/outputSchema", lowering);
            if !output
                .as_object()
                .is_some_and(|root| is_object(root) && root.get("type").is_some_and(|ty| ty == "object"))
            {
                output = wrap_result(output);
                lowering.note(
                    "/outputSchema",
                    ChangeKind::Rewritten,
                    "the output is not an object, which `structuredContent` must be: wrapped as `{\"result\": …}`",
                );
            }
            tool["outputSchema"] = with_dialect(output);
        }
        if !def.annotations.is_empty() {
            tool["annotations"] = json!(def.annotations);
        }
        Ok(tool)
    }

    fn response_format(&self, _: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        Err(lowering.error("", "MCP has no answer format; a tool's output is described by its `outputSchema`"))
    }
}

fn name_ok(name: &str) -> bool {
    ascii_word(name, 128, b"_.-")
}

/// Boolean subschemas as the objects that mean the same (`true` as `{}`, `false` as `{"not": {}}`):
/// the TypeScript SDK's `Tool` takes only objects as property schemas.
fn objects_for_booleans(schema: &mut Value, path: &str, lowering: &mut Lowering) {
    let Ok(()) = each_boolean_subschema::<std::convert::Infallible>(schema, path, &mut |value, at| {
        let (object, detail) = match value {
            Value::Bool(true) => (json!({}), "`true` (any value) written as `{}`"),
            _ => (json!({"not": {}}), "`false` (no value) written as `{\"not\": {}}`"),
        };
        *value = object;
        lowering.note(at, ChangeKind::Rewritten, detail);
        Ok(())
    });
}

/// `{"type": "object", "properties": {"result": schema}, "required": ["result"]}`, with the
/// definitions kept at the root where their `$ref`s point.
pub(crate) fn wrap_result(mut schema: Value) -> Value {
    let defs = schema.as_object_mut().and_then(|root| root.remove("$defs"));
    let description = schema.as_object_mut().and_then(|root| root.remove("description"));
    let mut wrapped = object([
        ("type", "object".into()),
        ("properties", object([("result", schema)])),
        ("required", json!(["result"])),
    ]);
    if let Some(description) = description {
        wrapped["properties"]["result"]["description"] = description;
    }
    if let Some(defs) = defs {
        wrapped["$defs"] = defs;
    }
    wrapped
}
