//! Objects closed as dispatch reads them: a call is refused a field its object does not name (with
//! the name it probably meant), whether or not the definition says `additionalProperties: false`,
//! so every rendering says it, and a model held to the schema sends no such field.

use serde_json::Value;

/// Closes each object that names its fields and says nothing of others (`additionalProperties:
/// false`). Left open: maps, objects that say otherwise (`additionalProperties`,
/// `patternProperties`, `unevaluatedProperties`), and the parts of an object composed of several
/// (its own fields beside a `oneOf`, as a struct with a flattened enum is written, whose branches
/// each see a part of the object).
pub(crate) fn close_objects(schema: &mut Value) {
    let mut parts = Vec::new();
    referenced_as_parts(schema, &mut parts);
    close(schema, false, &parts);
}

/// The `$defs` an `allOf` takes as a part of an object (`allOf: [{"$ref": …}, …]`): each sees part
/// of the object, so none is closed.
fn referenced_as_parts(schema: &Value, parts: &mut Vec<String>) {
    match schema {
        Value::Object(node) => {
            for (keyword, value) in node {
                if keyword == "allOf"
                    && let Value::Array(branches) = value
                {
                    let named = branches.iter().filter_map(|branch| branch.get("$ref")?.as_str());
                    parts.extend(named.filter_map(|reference| reference.strip_prefix("#/$defs/")).map(str::to_owned));
                }
                referenced_as_parts(value, parts);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| referenced_as_parts(item, parts)),
        _ => {}
    }
}

/// Closes each object composed of parts (`allOf`) that the lowering could not merge into one
/// (`merge_object_all_of` merges those whose parts agree), for the targets that take `allOf` and
/// JSON Schema 2020-12's keywords (MCP, JSON Schema, Anthropic and Bedrock outside strict mode):
/// dispatch reads the fields of all its parts as the object's, so it is closed to any other with
/// `unevaluatedProperties: false`, which sees the fields of every part. Left open as `close_objects`
/// leaves them: a part of a larger object, and parts that give other fields a schema or refer
/// elsewhere.
pub(crate) fn close_compositions(schema: &mut Value) {
    compositions(schema, "", true);
}

/// The pointers (below `path`) of the objects [`close_compositions`] closes, closing them when
/// `close` says so.
pub(crate) fn compositions(schema: &mut Value, path: &str, close: bool) -> Vec<String> {
    fn visit(schema: &mut Value, part_of_object: bool, at: &str, close: bool, found: &mut Vec<String>) {
        let Value::Object(node) = schema else { return };
        let says_otherwise = ["additionalProperties", "patternProperties", "unevaluatedProperties"]
            .iter()
            .any(|key| node.contains_key(*key));
        if let Some(Value::Array(branches)) = node.get("allOf")
            && !says_otherwise
            && !part_of_object
            && branches.iter().any(names_fields)
            && branches.iter().all(closable_part)
        {
            found.push(at.to_owned());
            if close {
                node.insert("unevaluatedProperties".to_owned(), Value::Bool(false));
            }
        }
        let has_fields = node.contains_key("properties");
        for (keyword, value) in node.iter_mut() {
            let here = crate::pointer::child_path(at, keyword);
            match (keyword.as_str(), value) {
                ("allOf" | "anyOf" | "oneOf", Value::Array(branches)) => {
                    let part = keyword == "allOf" || has_fields || part_of_object;
                    for (index, branch) in branches.iter_mut().enumerate() {
                        visit(branch, part, &format!("{here}/{index}"), close, found);
                    }
                }
                ("properties" | "$defs", Value::Object(entries)) => {
                    for (name, entry) in entries.iter_mut() {
                        visit(entry, false, &crate::pointer::child_path(&here, name), close, found);
                    }
                }
                ("items" | "additionalProperties", value) => visit(value, false, &here, close, found),
                _ => {}
            }
        }
    }
    let mut found = Vec::new();
    visit(schema, false, path, close, &mut found);
    found
}

/// Whether a part of an object names fields, itself or in its alternatives.
fn names_fields(part: &Value) -> bool {
    part.get("properties").is_some()
        || ["anyOf", "oneOf", "allOf"].iter().any(|keyword| {
            part.get(*keyword).and_then(Value::as_array).is_some_and(|branches| branches.iter().any(names_fields))
        })
}

/// Whether a part of an object, and each of its alternatives, gives other fields no schema of their
/// own (a map's values, named by pattern) and refers nowhere (what a reference holds is not seen
/// here): the object may then be closed to fields no part names. A part that says
/// `additionalProperties: true` only says that it, a part, does not close the object.
fn closable_part(part: &Value) -> bool {
    let Some(part) = part.as_object() else { return part == &Value::Bool(true) };
    let says_otherwise = ["additionalProperties", "unevaluatedProperties"]
        .iter()
        .any(|key| part.get(*key).is_some_and(|value| !value.is_boolean()))
        || part.contains_key("patternProperties")
        || part.contains_key("$ref");
    !says_otherwise
        && ["anyOf", "oneOf", "allOf"].iter().all(|keyword| {
            part.get(*keyword).and_then(Value::as_array).is_none_or(|branches| branches.iter().all(closable_part))
        })
}

fn close(schema: &mut Value, part_of_object: bool, parts: &[String]) {
    let Value::Object(node) = schema else { return };
    let composed = ["anyOf", "oneOf", "allOf"].iter().any(|keyword| node.contains_key(*keyword));
    let has_fields = node.contains_key("properties");
    let says_otherwise = ["additionalProperties", "patternProperties", "unevaluatedProperties"]
        .iter()
        .any(|key| node.contains_key(*key));
    // A field required but not named is the definition's own contradiction: closing would make it
    // one no value meets, so such an object is left as it was written.
    let names_required = super::required_unnamed(node).is_none();
    if has_fields && !composed && !says_otherwise && !part_of_object && names_required {
        node.insert("additionalProperties".to_owned(), Value::Bool(false));
    }

    for (keyword, value) in node.iter_mut() {
        match (keyword.as_str(), value) {
            // An `allOf`'s branches are parts of one object; an `anyOf`'s or `oneOf`'s alternatives,
            // whole objects unless fields of the object's own stand beside them.
            ("allOf", Value::Array(branches)) => branches.iter_mut().for_each(|branch| close(branch, true, parts)),
            ("anyOf" | "oneOf", Value::Array(branches)) => {
                branches.iter_mut().for_each(|branch| close(branch, has_fields || part_of_object, parts));
            }
            ("properties", Value::Object(entries)) => entries.values_mut().for_each(|entry| close(entry, false, parts)),
            ("$defs", Value::Object(entries)) => {
                for (name, entry) in entries.iter_mut() {
                    close(entry, parts.contains(name), parts);
                }
            }
            ("items" | "additionalProperties", value) => close(value, false, parts),
            _ => {}
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn structs_are_closed_and_maps_composed_objects_and_open_ones_are_not() {
        let mut schema = json!({
            "type": "object",
            "properties": {
                "inner": {"type": "object", "properties": {"a": {"type": "integer"}}},
                "map": {"type": "object", "additionalProperties": {"type": "string"}},
                "open": {"type": "object", "properties": {}, "additionalProperties": true},
                "flat": {"type": "object", "properties": {"name": {"type": "string"}},
                         "oneOf": [{"properties": {"kind": {"const": "go"}}}]},
                "list": {"type": "array", "items": {"properties": {"b": {}}}},
                "either": {"anyOf": [{"properties": {"c": {}}}, {"type": "null"}]},
                "both": {"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"e": {}}}]}
            },
            "$defs": {"Def": {"properties": {"d": {}}}, "Base": {"properties": {"f": {}}}}
        });
        close_objects(&mut schema);
        let closed = |pointer: &str| schema.pointer(pointer).unwrap().get("additionalProperties").cloned();
        assert_eq!(closed(""), Some(json!(false)));
        assert_eq!(closed("/properties/inner"), Some(json!(false)));
        assert_eq!(closed("/properties/map"), Some(json!({"type": "string"})));
        assert_eq!(closed("/properties/open"), Some(json!(true)));
        assert_eq!(closed("/properties/flat"), None, "its fields and the enum's are one object");
        assert_eq!(closed("/properties/flat/oneOf/0"), None);
        assert_eq!(closed("/properties/list/items"), Some(json!(false)));
        assert_eq!(closed("/properties/either/anyOf/0"), Some(json!(false)));
        assert_eq!(closed("/$defs/Def"), Some(json!(false)));
        assert_eq!(closed("/properties/both"), None);
        assert_eq!(closed("/properties/both/allOf/1"), None, "each part of the object sees a part of it");
        assert_eq!(closed("/$defs/Base"), None, "a part of an object, by reference");
        let mut contradicting = json!({"type": "object", "properties": {"a": {}}, "required": ["a", "b"]});
        close_objects(&mut contradicting);
        assert_eq!(contradicting.get("additionalProperties"), None, "`b` is required but not named");
    }
}
