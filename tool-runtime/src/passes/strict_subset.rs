//! The JSON Schema subset of strict tool use with constrained decoding, as Anthropic publishes it
//! (and as its SDK's `transform_schema` leaves a schema unchanged): one type per node, `anyOf` for
//! unions, a short list of keywords kept and the rest moved into the description. Bedrock's strict
//! tool use does not publish its subset; it is lowered to this one, the strictest known.

use serde_json::{Map, Value, json};

use crate::UnionForm;
use crate::passes::all_of::merge_object_all_of;
use crate::passes::closed::{close_compositions, close_objects};
use crate::passes::describe::{move_all_but, move_to_description};
use crate::passes::formats::{drop_wide_limit, formats, is_wide_limit};
use crate::passes::names::{ascii_word, check_name, check_property_keys};
use crate::passes::nullable::NullStyle;
use crate::passes::refs::{Recursion, inline_refs};
use crate::passes::report::{ChangeKind, Lowering, RenderError};
use crate::passes::root::object_root;
use crate::passes::strict::{CONDITIONAL, Optional, strict_objects};
use crate::passes::union::union_copy;
use crate::passes::walk::walk_mut;

/// A strict mode that takes this subset, for its messages.
pub(crate) struct StrictMode {
    /// Its name in an error: "Anthropic strict mode".
    pub(crate) name: &'static str,
    /// Why a recursive schema is refused, and what to do instead.
    pub(crate) recursion: &'static str,
}

/// The tool-name rule of the targets that take this subset: 1 to 64 characters of `[a-zA-Z0-9_-]`.
pub(crate) fn check_tool_name(name: &str, lowering: &mut Lowering) -> Result<(), RenderError> {
    check_name(name, |name| ascii_word(name, 64, b"_-"), "`^[a-zA-Z0-9_-]{1,64}$`", lowering)
}

/// An input schema as a target that takes the full schema, or this subset in `strict` mode, takes it:
/// a tagged root union written in `form`, refs inlined (a recursive one kept under `$defs`; refused in
/// strict mode), an object at the top, and in strict mode closed objects (optional fields stay
/// optional, `null` as an `anyOf` branch) in the subset; in either mode, property names of 1 to 64
/// characters of `[a-zA-Z0-9_.-]` (the rule Claude's tool use holds, whichever service it is on).
pub(crate) fn input_schema(
    schema: &Value,
    form: UnionForm,
    strict: Option<&StrictMode>,
    path: &str,
    lowering: &mut Lowering,
) -> Result<Value, RenderError> {
    let mut schema = union_copy(schema, form, false, path, lowering)?;
    close_objects(&mut schema);
    let recursion = strict.map_or(Recursion::Keep, |mode| Recursion::Reject(mode.recursion));
    inline_refs(&mut schema, path, recursion, lowering)?;
    merge_object_all_of(&mut schema, path, lowering);
    if strict.is_none() {
        close_compositions(&mut schema);
    }
    object_root(&mut schema, path, lowering)?;
    if let Some(mode) = strict {
        strict_objects(&mut schema, path, Optional::Keep, NullStyle::AnyOf, lowering)?;
        strict_subset(&mut schema, path, mode.name, lowering)?;
    }
    check_property_keys(&mut schema, path, key_ok, "`^[a-zA-Z0-9_.-]{1,64}$`", lowering)?;
    Ok(schema)
}

fn key_ok(key: &str) -> bool {
    ascii_word(key, 64, b"_.-")
}

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

/// Lowers `schema` (objects already closed by [`crate::passes::strict`]) to the subset; `mode` names
/// the strict mode in errors ("Anthropic strict mode").
fn strict_subset(schema: &mut Value, path: &str, mode: &str, lowering: &mut Lowering) -> Result<(), RenderError> {
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
        for keyword in ["minimum", "maximum"] {
            if node.get(keyword).is_some_and(|bound| is_wide_limit(keyword, bound)) {
                drop_wide_limit(node, keyword, at, lowering);
            }
        }
        if node.get("minItems").is_some_and(|min| min != 0 && min != 1) {
            move_to_description(node, &["minItems"], at, lowering);
        }
        move_all_but(node, KEPT, at, lowering);
        Ok(())
    })
}
