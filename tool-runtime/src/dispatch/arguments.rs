//! Argument decoding: from the raw JSON text of a call to the tool's Rust type, once.
//!
//! Lowered schemas accept some things the Rust types do not read as they are: strict mode makes every
//! optional field required and nullable, so `null` arrives for "absent"; and a tagged enum lowered
//! to one flat object receives the fields of every variant. So before serde sees the value, `null`
//! for an optional field that does not itself take `null` is removed (serde then applies the
//! default), and a non-null field that does not belong to the chosen variant is an error.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::schema::nullable::is_nullable;
use crate::schema::refs::resolve;
use crate::schema::union::tagged_union;
use crate::{ArgumentProblem, ToolDef, ToolError};

/// What decoding needs to know about a tool's schema, worked out once per definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Plan {
    /// The schema states constraints serde does not check: every call is validated.
    constrained: bool,
    /// Every object is closed (`additionalProperties: false`), so serde refuses unknown fields
    /// itself and need not be watched for skipped ones.
    closed: bool,
    /// The root is a union (a tagged enum): calls go through the schema.
    tagged: bool,
}

impl Plan {
    pub(crate) fn of(schema: &Value) -> Self {
        Plan {
            constrained: super::validate::has_constraints(schema),
            closed: all_closed(schema),
            tagged: schema.get("oneOf").is_some() || schema.get("anyOf").is_some(),
        }
    }
}

/// Whether every object schema in `schema` refuses unknown fields.
fn all_closed(schema: &Value) -> bool {
    match schema {
        Value::Object(node) => {
            let open = node.contains_key("properties") && node.get("additionalProperties") != Some(&Value::Bool(false));
            !open && node.values().all(all_closed)
        }
        Value::Array(items) => items.iter().all(all_closed),
        _ => true,
    }
}

/// The most bytes of arguments [`parse`] reads when called directly (`handle` applies its own limits).
const DEFAULT_MAX_BYTES: usize = 1 << 20;

/// Parses a call's arguments for the tool `def` into `T`.
///
/// Empty text and `null` stand for "no arguments", which models send for tools without parameters;
/// arguments encoded twice (a JSON string holding the object) are read through the string. A call
/// serde accepts without skipping a field, for a tool whose schema states nothing serde does not
/// check, is parsed once straight from the text; anything else goes through the schema, which finds
/// every problem.
pub(crate) fn parse<T: DeserializeOwned>(def: &ToolDef, arguments: &str) -> Result<T, ToolError> {
    let invalid = |problems: Vec<ArgumentProblem>| ToolError::InvalidArguments { tool: def.name.clone(), problems };
    if arguments.len() > DEFAULT_MAX_BYTES {
        let message =
            format!("the arguments have {} bytes; the limit is {DEFAULT_MAX_BYTES}: send less", arguments.len());
        return Err(invalid(vec![ArgumentProblem::new("", message)]));
    }
    let decoded;
    let text = match arguments.trim() {
        "" | "null" => "{}",
        quoted if quoted.starts_with('"') => match serde_json::from_str::<String>(quoted) {
            Ok(inner) if inner.trim_start().starts_with('{') => {
                decoded = inner;
                &decoded
            }
            _ => arguments,
        },
        _ => arguments,
    };
    let plan = def.plan();
    if !plan.tagged && !plan.constrained && !text.contains("null") {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        if plan.closed {
            if let Ok(value) = T::deserialize(&mut deserializer)
                && deserializer.end().is_ok()
            {
                return Ok(value);
            }
        } else {
            // serde skips fields an open struct does not declare; any such field sends the call the
            // long way, which refuses it with a did-you-mean.
            let mut ignored = false;
            if let Ok(value) = serde_ignored::deserialize(&mut deserializer, |_| ignored = true)
                && !ignored
                && deserializer.end().is_ok()
            {
                return Ok(value);
            }
        }
    }
    let mut value: Value = serde_json::from_str(text).map_err(|err| invalid(vec![problem(String::new(), err)]))?;
    let mut problems = Vec::new();
    clean(&mut value, &def.input_schema, &def.input_schema, "", &mut problems);
    problems.extend(super::validate::validate(&value, &def.input_schema, &def.input_schema));
    if !problems.is_empty() {
        return Err(invalid(problems));
    }
    serde_path_to_error::deserialize(value)
        .map_err(|err| invalid(vec![problem(json_pointer(err.path()), err.into_inner())]))
}

fn problem(pointer: String, err: serde_json::Error) -> ArgumentProblem {
    // serde_json appends " at line L column C"; a pointer says where far better for an object.
    let text = err.to_string();
    let message = match text.rfind(" at line ") {
        Some(at) if !err.is_syntax() && !err.is_eof() => text[..at].to_owned(),
        _ => text,
    };
    ArgumentProblem::new(pointer, message)
}

fn json_pointer(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => pointer.push_str(&format!("/{index}")),
            Segment::Map { key } | Segment::Enum { variant: key } => {
                pointer.push('/');
                pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
            }
            Segment::Unknown => {}
        }
    }
    pointer
}

fn clean(value: &mut Value, schema: &Value, root: &Value, at: &str, problems: &mut Vec<ArgumentProblem>) {
    let schema = resolve(schema, root);
    match value {
        Value::Object(fields) => {
            if let Some(union) = tagged_union(schema) {
                let chosen = fields.get(&union.tag).and_then(Value::as_str);
                if let Some(variant) = union.variants.iter().find(|variant| Some(variant.value.as_str()) == chosen) {
                    let mut foreign = Vec::new();
                    fields.retain(|name, field| {
                        if *name == union.tag || variant.properties.contains_key(name) {
                            return true;
                        }
                        if !field.is_null() {
                            foreign.push(name.clone());
                        }
                        false
                    });
                    for name in foreign {
                        let users: Vec<&str> = union
                            .variants
                            .iter()
                            .filter(|other| other.properties.contains_key(&name))
                            .map(|other| other.value.as_str())
                            .collect();
                        let message = if users.is_empty() {
                            format!("unknown field `{name}` for `{}` = `{}`", union.tag, variant.value)
                        } else {
                            format!(
                                "`{name}` does not apply when `{}` is `{}` (it is for: {}); send null or leave it out",
                                union.tag,
                                variant.value,
                                users.join(", ")
                            )
                        };
                        problems.push(ArgumentProblem::new(format!("{at}/{name}"), message));
                    }
                    let object = variant_schema(variant);
                    clean_object(fields, &object, root, at, problems);
                }
                return;
            }
            if schema.get("properties").is_some() {
                clean_object(fields, schema, root, at, problems);
            } else if let Some(branch) = object_branch(schema, root) {
                clean_object(fields, branch, root, at, problems);
            }
        }
        Value::Array(items) => {
            let item_schema = resolve(schema, root)
                .get("items")
                .or_else(|| object_branch(schema, root).and_then(|branch| branch.get("items")));
            if let Some(item_schema) = item_schema {
                for (index, item) in items.iter_mut().enumerate() {
                    clean(item, item_schema, root, &format!("{at}/{index}"), problems);
                }
            }
        }
        _ => {}
    }
}

fn variant_schema(variant: &crate::schema::union::Variant) -> Value {
    let mut object = Map::new();
    object.insert("properties".to_owned(), Value::Object(variant.properties.clone()));
    object.insert("required".to_owned(), variant.required.iter().cloned().map(Value::String).collect());
    Value::Object(object)
}

/// The one branch of an `anyOf`/`oneOf` (such as `Option<Struct>`'s) that describes objects.
fn object_branch<'a>(schema: &'a Value, root: &'a Value) -> Option<&'a Value> {
    let branches = schema.get("anyOf").or_else(|| schema.get("oneOf"))?.as_array()?;
    let mut objects =
        branches.iter().map(|branch| resolve(branch, root)).filter(|branch| branch.get("properties").is_some());
    let first = objects.next()?;
    objects.next().is_none().then_some(first)
}

fn clean_object(
    fields: &mut Map<String, Value>,
    schema: &Value,
    root: &Value,
    at: &str,
    problems: &mut Vec<ArgumentProblem>,
) {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return };
    let required = |name: &str| {
        schema.get("required").and_then(Value::as_array).is_some_and(|required| required.iter().any(|r| r == name))
    };
    fields.retain(|name, field| {
        !(field.is_null() && !required(name) && properties.get(name).is_some_and(|p| !is_nullable(resolve(p, root))))
    });
    for (name, field) in fields.iter_mut() {
        if let Some(property) = properties.get(name) {
            clean(field, property, root, &format!("{at}/{name}"), problems);
        }
    }
}
