//! Cleaning a call before serde reads it: strict mode's `null` for an absent optional field
//! removed (serde then applies the default), a tagged union's fields that belong to another
//! variant refused, and an integral float (`3.0`) where the schema asks for an integer written as
//! the integer it is (JSON Schema counts it one, and some providers' SDKs send every number so;
//! serde would refuse it for a Rust integer).

use serde_json::{Map, Value};

use super::validate::with_own_fields;
use crate::ArgumentProblem;
use crate::passes::nullable::is_nullable;
use crate::passes::refs::resolve;
use crate::passes::union::tagged_union;
use crate::pointer::child_path;

pub(super) fn clean(value: &mut Value, schema: &Value, root: &Value, at: &str, problems: &mut Vec<ArgumentProblem>) {
    let schema = resolve(schema, root);
    match value {
        Value::Object(fields) => {
            if let Some(union) = tagged_union(schema) {
                let chosen = fields.get(&union.tag).and_then(Value::as_str);
                if let Some(variant) = union.variants.iter().find(|variant| Some(variant.value.as_str()) == chosen) {
                    let mut foreign = Vec::new();
                    // A struct with a flattened enum: its own fields beside the variant's.
                    let own = schema.get("properties").and_then(Value::as_object);
                    let is_own = |name: &str| own.is_some_and(|own| own.contains_key(name));
                    fields.retain(|name, field| {
                        if *name == union.tag || variant.properties.contains_key(name) || is_own(name) {
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
                        problems.push(ArgumentProblem::new(child_path(at, &name), message));
                    }
                    let object = variant_schema(variant, &union.tag);
                    clean_object(fields, &with_own_fields(schema, &object), root, at, problems);
                }
                return;
            }
            if schema.get("allOf").is_some() {
                clean_parts(fields, schema, root, at, problems);
            } else if schema.get("properties").is_some() {
                clean_object(fields, schema, root, at, problems);
            } else if let Some(branch) = object_branch(schema, root) {
                // `Option<Struct>`, `Option<TaggedEnum>`: cleaned as the one branch of objects.
                clean(value, branch, root, at, problems);
            } else if schema.get("anyOf").or_else(|| schema.get("oneOf")).is_some() {
                clean_parts(fields, schema, root, at, problems);
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
        Value::Number(number) if number.is_f64() && takes_integers_alone(schema, root) => {
            if let Some(integer) = integral(number) {
                *value = integer;
            }
        }
        _ => {}
    }
}

/// Whether `schema` takes integers, and no other numbers: by its `type`, or in every branch of a
/// union that takes numbers (`Option<u32>`, an untagged enum of an integer and a string).
fn takes_integers_alone(schema: &Value, root: &Value) -> bool {
    let typed = |schema: &Value, ty: &str| match schema.get("type") {
        Some(Value::String(named)) => named == ty,
        Some(Value::Array(named)) => named.iter().any(|named| named == ty),
        _ => false,
    };
    if typed(schema, "integer") || typed(schema, "number") {
        return !typed(schema, "number");
    }
    let Some(branches) = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array) else {
        return false;
    };
    let numeric: Vec<&Value> = branches
        .iter()
        .map(|branch| resolve(branch, root))
        .filter(|branch| typed(branch, "integer") || typed(branch, "number"))
        .collect();
    !numeric.is_empty() && numeric.iter().all(|branch| !typed(branch, "number"))
}

/// The integer a float without a fractional part is, when it fits in 64 bits.
fn integral(number: &serde_json::Number) -> Option<Value> {
    let float = number.as_f64().filter(|float| float.fract() == 0.0)?;
    // Bounds written as floats: -2^63 and 2^64 are exact, and the casts below saturate.
    if (-9_223_372_036_854_775_808.0..0.0).contains(&float) {
        Some(Value::from(float as i64))
    } else if (0.0..18_446_744_073_709_551_616.0).contains(&float) {
        Some(Value::from(float as u64))
    } else {
        None
    }
}

fn variant_schema(variant: &crate::passes::union::Variant, tag: &str) -> Value {
    let mut object = Map::new();
    let fields = variant.fields(tag).map(|(name, field)| (name.clone(), field.clone())).collect();
    object.insert("properties".to_owned(), Value::Object(fields));
    object.insert("required".to_owned(), variant.required.iter().cloned().map(Value::String).collect());
    Value::Object(object)
}

/// The one branch of an `anyOf`/`oneOf` (such as `Option<Struct>`'s) that describes objects: a
/// struct's, or a tagged enum's.
fn object_branch<'a>(schema: &'a Value, root: &'a Value) -> Option<&'a Value> {
    let branches = schema.get("anyOf").or_else(|| schema.get("oneOf"))?.as_array()?;
    let mut objects = branches
        .iter()
        .map(|branch| resolve(branch, root))
        .filter(|branch| branch.get("properties").is_some() || tagged_union(branch).is_some());
    let first = objects.next()?;
    objects.next().is_none().then_some(first)
}

/// How deep [`object_parts`] follows `allOf`, `anyOf` and `oneOf` (a `$ref` among them may lead
/// back to where it started).
const PART_DEPTH: usize = 8;

/// An object described in parts (an `allOf`, or a union of objects without a tag, as an OpenAPI
/// operation's path parameters and body are): a `null` is strict mode's absent field where a part
/// that names the field has it optional and none has it nullable (strict mode writes an
/// alternative's every field; one that another alternative requires is absent from this one);
/// each field is cleaned as the first part that names it describes it. What the parts then say
/// together, validation checks: a field required where it was `null` is then missing.
fn clean_parts<'a>(
    fields: &mut Map<String, Value>,
    schema: &'a Value,
    root: &'a Value,
    at: &str,
    problems: &mut Vec<ArgumentProblem>,
) {
    let mut parts = Vec::new();
    object_parts(schema, root, PART_DEPTH, &mut parts);
    let property = |part: &&'a Value, name: &str| part.get("properties").and_then(|properties| properties.get(name));
    let required = |part: &Value, name: &str| {
        part.get("required").and_then(Value::as_array).is_some_and(|required| required.iter().any(|r| r == name))
    };
    fields.retain(|name, field| {
        let naming: Vec<(&&Value, &Value)> =
            parts.iter().filter_map(|part| property(part, name).map(|property| (part, property))).collect();
        !(field.is_null()
            && naming.iter().any(|(part, _)| !required(part, name))
            && naming.iter().all(|(_, property)| !is_nullable(resolve(property, root))))
    });
    for (name, field) in fields.iter_mut() {
        if let Some(property) = parts.iter().find_map(|part| property(part, name)) {
            clean(field, property, root, &child_path(at, name), problems);
        }
    }
}

/// The parts of `schema` that name fields: itself if it has `properties`, and those of its
/// `allOf`, `anyOf` and `oneOf` branches, `depth` levels down.
fn object_parts<'a>(schema: &'a Value, root: &'a Value, depth: usize, parts: &mut Vec<&'a Value>) {
    let schema = resolve(schema, root);
    if schema.get("properties").is_some() {
        parts.push(schema);
    }
    if depth == 0 {
        return;
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        for branch in schema.get(key).and_then(Value::as_array).into_iter().flatten() {
            object_parts(branch, root, depth - 1, parts);
        }
    }
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
            clean(field, property, root, &child_path(at, name), problems);
        }
    }
}
