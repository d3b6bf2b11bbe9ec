//! `allOf`, as schemas are composed by hand and by generators (an object's parts, an OpenAPI
//! operation's path parameters beside its body, a `$ref` with a description beside it, a type with
//! a constraint added), merged into the one schema it means wherever its parts agree, for every
//! target: a merged object is closed as dispatch reads it (an `allOf`'s parts each see part of the
//! object, so none is closed), OpenAI strict and Gemini take no `allOf`, and the open-model servers'
//! engines lose it (llama.cpp's converter
//! reads only the branches' properties and enums, and makes every property required). A part that
//! is a union of several alternatives is distributed over them (`A ∧ (B ∨ C)` is `(A ∧ B) ∨ (A ∧
//! C)`), each alternative then a whole object. Parts that disagree, or that say what cannot be
//! merged (`not`, conditionals, two patterns), are left for the target to refuse or move by name.

use serde_json::{Map, Value, json};

use super::walk::walk_mut;
use crate::passes::closed::close_objects;
use crate::passes::report::{ChangeKind, Lowering};

/// Keywords that describe rather than constrain: the node's own stay, a part's are kept where the
/// node has none.
const ANNOTATIONS: &[&str] =
    &["description", "title", "examples", "default", "$comment", "deprecated", "readOnly", "writeOnly"];

/// Keywords that belong to the node a union is distributed from, not to each alternative.
const OUTER: &[&str] = &["$defs", "definitions", "$schema", "$id", "$anchor"];

/// Lower bounds (the larger of two holds) and upper bounds (the smaller).
const LOWER_BOUNDS: &[&str] = &["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
const UPPER_BOUNDS: &[&str] = &["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];

pub(crate) fn merge_object_all_of(schema: &mut Value, path: &str, lowering: &mut Lowering) {
    if !super::walk::has_key(schema, &["allOf"]) {
        return;
    }
    let mut merged_at = Vec::new();
    let _ = walk_mut::<()>(schema, path, &mut |node, at| {
        if node.contains_key("allOf")
            && let Some((whole, distributed)) = merged(node, at == path)
        {
            *node = whole;
            merged_at.push((at.to_owned(), distributed));
        }
        Ok(())
    });
    // A merged object is one object now: closed as dispatch reads it, as every object is.
    if !merged_at.is_empty() {
        close_objects(schema);
    }
    for (at, distributed) in merged_at {
        let detail = match distributed {
            Some(keyword) => format!(
                "`allOf` merged into one schema, its `{keyword}` part distributed: each alternative written whole, \
                 with the other parts' keywords"
            ),
            None => "`allOf` merged into one schema".to_owned(),
        };
        lowering.note(&at, ChangeKind::Rewritten, detail);
    }
}

/// The root union a root `allOf` means once its one union part is distributed (an OpenAPI
/// operation's path parameters beside a body that is one of several objects), each alternative a
/// whole object, closed as dispatch reads it; `None` where the root holds no such `allOf`. For the
/// union forms that keep a root union's branches apart (nested, variants); [`merge_object_all_of`]
/// leaves such an `allOf` at the root.
///
/// An alternative that requires a field no part names is left out, with why in the second value:
/// dispatch reads an object's fields from its parts and refuses any other, so no call passes it
/// (GitHub's `repos-update-information-about-pages-site` requires a `public` it no longer
/// describes). `None` too when every alternative is so.
pub(crate) fn distributed_root(schema: &Value) -> Option<(Value, Vec<String>)> {
    let node = schema.as_object()?;
    let (mut whole, Some(keyword)) = merged(node, false)? else { return None };
    let mut left_out = Vec::new();
    if let Some(Value::Array(alternatives)) = whole.get_mut(keyword) {
        let mut index = 0;
        alternatives.retain(|alternative| {
            let unnamed = required_but_unnamed(alternative);
            if let Some(name) = unnamed {
                left_out.push(format!(
                    "alternative {index} of the `{keyword}` left out: it requires `{name}`, which no part names, so \
                     no call passes it"
                ));
            }
            index += 1;
            unnamed.is_none()
        });
        if alternatives.is_empty() {
            return None;
        }
    }
    let mut union = Value::Object(whole);
    close_objects(&mut union);
    Some((union, left_out))
}

/// A field an object requires but does not name, where it says nothing of other fields (so
/// dispatch refuses the field it requires).
fn required_but_unnamed(object: &Value) -> Option<&str> {
    let object = object.as_object()?;
    let says_otherwise = ["additionalProperties", "patternProperties", "unevaluatedProperties"]
        .iter()
        .any(|key| object.get(*key).is_some_and(|value| value != &Value::Bool(false)));
    if says_otherwise { None } else { super::required_unnamed(object) }
}

/// The schema `node` (which holds an `allOf`) means, without it, and the keyword of the union it
/// distributed, if any; `None` when its parts do not merge. At the root (`at_root`) a union part is
/// not distributed: the arguments would then be a union without a tag, which the flat union form
/// cannot write (the others take it from [`distributed_root`], before this pass).
fn merged(node: &Map<String, Value>, at_root: bool) -> Option<(Map<String, Value>, Option<&'static str>)> {
    let Some(Value::Array(branches)) = node.get("allOf") else { return None };
    let mut own = node.clone();
    own.remove("allOf");
    // The object closed to fields no part names (`close_objects`): once one object, or each
    // alternative a whole one, it is closed as any object is.
    if own.get("unevaluatedProperties") == Some(&Value::Bool(false)) {
        own.remove("unevaluatedProperties");
    }
    let mut parts = vec![own];
    for branch in branches {
        collect_parts(branch, &mut parts)?;
    }
    // At most one part may be a union of several alternatives: it is distributed.
    let mut union: Option<(&'static str, Vec<Value>)> = None;
    for part in &mut parts {
        for keyword in ["anyOf", "oneOf"] {
            if let Some(Value::Array(alternatives)) = part.remove(keyword) {
                if union.is_some() {
                    return None;
                }
                union = Some((keyword, alternatives));
            }
        }
    }
    if at_root && union.is_some() {
        return None;
    }
    let whole = merge_parts(parts.iter())?;
    let Some((keyword, alternatives)) = union else { return Some((whole, None)) };
    let mut outer = Map::new();
    let mut rest = Map::new();
    for (key, value) in whole {
        if OUTER.contains(&key.as_str()) || ANNOTATIONS.contains(&key.as_str()) {
            outer.insert(key, value);
        } else {
            rest.insert(key, value);
        }
    }
    let mut written = Vec::new();
    for alternative in &alternatives {
        let alternative = alternative.as_object()?;
        written.push(Value::Object(merge_parts([&rest, alternative].into_iter())?));
    }
    outer.insert(keyword.to_owned(), Value::Array(written));
    Some((outer, Some(keyword)))
}

/// The parts of one `allOf` branch: itself, or the parts of a branch that is an `allOf` itself, or
/// the one alternative of a union of one; `None` for a part that cannot be merged (`false`, not a
/// schema).
fn collect_parts(branch: &Value, parts: &mut Vec<Map<String, Value>>) -> Option<()> {
    match branch {
        Value::Bool(true) => Some(()),
        Value::Object(part) => {
            let constraints: Vec<&String> = part.keys().filter(|key| !ANNOTATIONS.contains(&key.as_str())).collect();
            if let [only] = constraints.as_slice()
                && let Some(Value::Array(inner)) = part.get(*only)
                && (*only == "allOf" || (matches!(only.as_str(), "anyOf" | "oneOf") && inner.len() == 1))
            {
                // Its annotations go with it; its inner parts are the parts.
                let mut annotations = part.clone();
                annotations.remove(*only);
                parts.push(annotations);
                return inner.iter().try_for_each(|inner| collect_parts(inner, parts));
            }
            parts.push(part.clone());
            Some(())
        }
        _ => None,
    }
}

/// `parts` as one schema, if they agree: the first part's annotations win; bounds take the
/// tighter; types, enums, required fields and properties combine as a value must meet them all.
/// A closed part (`additionalProperties: false`) must name every field the others do, or the merge
/// would let through what it forbids.
fn merge_parts<'a>(parts: impl Iterator<Item = &'a Map<String, Value>> + Clone) -> Option<Map<String, Value>> {
    let mut whole = Map::new();
    for part in parts.clone() {
        // A reference is another schema's to say (where references are kept): not merged here.
        if (part.contains_key("patternProperties") || part.contains_key("$ref")) && parts.clone().count() > 1 {
            return None;
        }
        whole = merge_two(whole, part)?;
    }
    // `additionalProperties: true` opens its own part alone: beside a part that is an object and
    // says nothing of it (closed, as dispatch reads every object), the merged object stays closed.
    let object =
        |part: &Map<String, Value>| part.contains_key("properties") || part.get("type") == Some(&json!("object"));
    if whole.get("additionalProperties") == Some(&Value::Bool(true))
        && parts.clone().any(|part| object(part) && !part.contains_key("additionalProperties"))
    {
        whole.remove("additionalProperties");
    }
    let names = |schema: &Map<String, Value>| -> Vec<String> {
        let properties = schema.get("properties").and_then(Value::as_object);
        let required = schema.get("required").and_then(Value::as_array).into_iter().flatten();
        let mut names: Vec<String> = properties.into_iter().flat_map(|p| p.keys().cloned()).collect();
        names.extend(required.filter_map(Value::as_str).map(str::to_owned));
        names
    };
    let every = names(&whole);
    for part in parts {
        if part.get("additionalProperties") == Some(&Value::Bool(false)) {
            let own = names(part);
            if !every.iter().all(|name| own.contains(name)) {
                return None;
            }
        }
    }
    Some(whole)
}

fn merge_two(mut whole: Map<String, Value>, part: &Map<String, Value>) -> Option<Map<String, Value>> {
    for (key, value) in part {
        let Some(existing) = whole.get(key) else {
            whole.insert(key.clone(), value.clone());
            continue;
        };
        if existing == value || ANNOTATIONS.contains(&key.as_str()) {
            continue;
        }
        let combined = match key.as_str() {
            "type" => common_types(existing, value)?,
            "required" => {
                let mut names = existing.as_array()?.clone();
                names
                    .extend(value.as_array()?.iter().filter(|name| !names.contains(name)).cloned().collect::<Vec<_>>());
                Value::Array(names)
            }
            "properties" => {
                let mut properties = existing.as_object()?.clone();
                for (name, field) in value.as_object()? {
                    let field = match properties.get(name) {
                        Some(Value::Object(before)) if Some(before) != field.as_object() => {
                            Value::Object(merge_parts([before, field.as_object()?].into_iter())?)
                        }
                        Some(before) if before != field => return None,
                        _ => field.clone(),
                    };
                    properties.insert(name.clone(), field);
                }
                Value::Object(properties)
            }
            "items" => Value::Object(merge_parts([existing.as_object()?, value.as_object()?].into_iter())?),
            "enum" => {
                let others = value.as_array()?;
                let common: Vec<Value> = existing.as_array()?.iter().filter(|v| others.contains(v)).cloned().collect();
                if common.is_empty() {
                    return None;
                }
                Value::Array(common)
            }
            bound if LOWER_BOUNDS.contains(&bound) => tighter(existing, value, |a, b| a >= b)?,
            bound if UPPER_BOUNDS.contains(&bound) => tighter(existing, value, |a, b| a <= b)?,
            _ => return None,
        };
        whole.insert(key.clone(), combined);
    }
    Some(whole)
}

/// The bound of `a` and `b` that `keeps` says is the tighter.
fn tighter(a: &Value, b: &Value, keeps: impl Fn(f64, f64) -> bool) -> Option<Value> {
    Some(if keeps(a.as_f64()?, b.as_f64()?) { a.clone() } else { b.clone() })
}

/// The types both allow (an integer is a number); `None` when they have none in common.
fn common_types(a: &Value, b: &Value) -> Option<Value> {
    let (a, b) = (super::type_names(a)?, super::type_names(b)?);
    let mut common: Vec<String> = Vec::new();
    for ty in &a {
        let kept = if b.contains(ty) {
            ty.as_str()
        } else if (ty == "integer" && b.iter().any(|other| other == "number"))
            || (ty == "number" && b.iter().any(|other| other == "integer"))
        {
            "integer"
        } else {
            continue;
        };
        if !common.iter().any(|seen| seen == kept) {
            common.push(kept.to_owned());
        }
    }
    match common.len() {
        0 => None,
        1 => Some(Value::String(common.remove(0))),
        _ => Some(Value::Array(common.into_iter().map(Value::String).collect())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Target;
    use serde_json::json;

    fn merge(mut schema: Value) -> (Value, Vec<String>) {
        let mut lowering = Lowering::new("t", Target::OpenAi);
        merge_object_all_of(&mut schema, "", &mut lowering);
        (schema, lowering.report.changes.iter().map(|change| format!("{}: {}", change.path, change.detail)).collect())
    }

    #[test]
    fn merges_objects_and_the_parts_of_one_value() {
        let (objects, said) = merge(json!({"allOf": [
            {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
            {"properties": {"name": {"type": "string"}}}
        ]}));
        assert_eq!(
            objects,
            json!({"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}, "required": ["id"],
                "additionalProperties": false}),
            "one object now, closed as dispatch reads it"
        );
        assert_eq!(said, [": `allOf` merged into one schema"]);
        // A part open to any field opens itself alone: the other part, an object, keeps the merge
        // closed (GitHub's `checks-update` writes its body's alternatives so); open when every part is.
        let (open_part, _) = merge(json!({"allOf": [
            {"type": "object", "properties": {"id": {"type": "string"}}},
            {"properties": {"status": {"enum": ["done"]}}, "additionalProperties": true}
        ]}));
        assert_eq!(open_part["additionalProperties"], json!(false), "{open_part}");
        let (all_open, _) = merge(json!({"allOf": [
            {"type": "object", "properties": {"id": {"type": "string"}}, "additionalProperties": true},
            {"properties": {"status": {"enum": ["done"]}}, "additionalProperties": true}
        ]}));
        assert_eq!(all_open["additionalProperties"], json!(true), "{all_open}");
        // A type with a constraint added, and a reference with a description beside it (as pydantic
        // writes one, once inlined): one schema each.
        let (number, _) =
            merge(json!({"allOf": [{"type": "integer"}, {"minimum": 0}, {"type": "number", "minimum": 2}]}));
        assert_eq!(number, json!({"type": "integer", "minimum": 2}));
        let (described, _) = merge(json!({"description": "The code.", "allOf": [
            {"type": "string", "pattern": "^[a-z]+$", "maxLength": 5, "description": "A code."}
        ]}));
        assert_eq!(
            described,
            json!({"description": "The code.", "type": "string", "pattern": "^[a-z]+$", "maxLength": 5})
        );
    }

    #[test]
    fn distributes_a_union_part_so_each_alternative_is_whole() {
        // An OpenAPI operation: path parameters, and a body that is one of several objects.
        let (merged, said) = merge(json!({"properties": {"call": {"required": ["owner"], "allOf": [
            {"type": "object", "properties": {"owner": {"type": "string"}}},
            {"oneOf": [
                {"type": "object", "properties": {"labels": {"type": "array", "items": {"type": "string"}}}},
                {"type": "object", "properties": {"label": {"type": "string"}}, "required": ["label"]}
            ]}
        ]}}}));
        assert_eq!(
            merged["properties"]["call"],
            json!({"oneOf": [
                {"type": "object", "required": ["owner"], "additionalProperties": false, "properties": {
                    "owner": {"type": "string"}, "labels": {"type": "array", "items": {"type": "string"}}}},
                {"type": "object", "required": ["owner", "label"], "additionalProperties": false, "properties": {
                    "owner": {"type": "string"}, "label": {"type": "string"}}}
            ]})
        );
        assert!(said[0].contains("its `oneOf` part distributed"), "{said:?}");
        // At the root it is left: the arguments would be a union without a tag.
        let root = json!({"allOf": [{"properties": {"owner": {"type": "string"}}}, {"oneOf": [
            {"properties": {"a": {"type": "string"}}}, {"properties": {"b": {"type": "string"}}}]}]});
        assert_eq!(merge(root.clone()).0, root);
    }

    #[test]
    fn leaves_what_does_not_merge() {
        for schema in [
            // A closed part that does not name a field another part requires.
            json!({"allOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false},
                {"properties": {"b": {"type": "string"}}, "required": ["b"]}
            ]}),
            // Types with nothing in common, enums with no value in common, two patterns.
            json!({"allOf": [{"type": "string"}, {"type": "integer"}]}),
            json!({"allOf": [{"enum": ["a"]}, {"enum": ["b"]}]}),
            json!({"allOf": [{"pattern": "^a"}, {"pattern": "b$"}]}),
            // Two of a keyword that does not combine, and two unions.
            json!({"allOf": [{"not": {"const": ""}}, {"not": {"const": "x"}}]}),
            json!({"allOf": [{"anyOf": [{"type": "string"}, {"type": "null"}]}, {"anyOf": [{"minLength": 1}, {"type": "null"}]}]}),
        ] {
            let (after, said) = merge(schema.clone());
            assert_eq!(after, schema);
            assert!(said.is_empty(), "{said:?}");
        }
    }

    #[test]
    fn an_object_closed_to_its_parts_fields_is_closed_as_one_object_once_merged() {
        let mut schema = json!({"allOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"b": {}}}]});
        crate::passes::closed::close_compositions(&mut schema);
        assert_eq!(schema["unevaluatedProperties"], json!(false), "closed to fields no part names");
        let (merged, _) = merge(schema);
        assert_eq!(merged, json!({"properties": {"a": {"type": "string"}, "b": {}}, "additionalProperties": false}));
    }

    #[test]
    fn properties_both_parts_name_merge_as_one() {
        let (merged, _) = merge(json!({"allOf": [
            {"properties": {"kind": {"type": "string", "enum": ["temporary", "permanent"]}}},
            {"properties": {"kind": {"const": "temporary"}}, "required": ["kind"]}
        ]}));
        assert_eq!(
            merged,
            json!({"properties": {"kind": {"type": "string", "enum": ["temporary", "permanent"], "const": "temporary"}},
                "required": ["kind"], "additionalProperties": false})
        );
    }
}
