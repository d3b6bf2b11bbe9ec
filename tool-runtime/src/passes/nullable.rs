//! Nullability: whether a schema accepts `null`, and making it accept `null`.

use serde_json::{Map, Value, json};

/// How a target writes "T or null".
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum NullStyle {
    /// `"type": ["T", "null"]` where a single type is given, `anyOf` otherwise (OpenAI, JSON Schema).
    TypeArray,
    /// Always `anyOf: [T, {"type": "null"}]` (Anthropic strict refuses type arrays).
    AnyOf,
}

fn type_includes_null(node: &Map<String, Value>) -> bool {
    match node.get("type") {
        Some(Value::String(ty)) => ty == "null",
        Some(Value::Array(types)) => types.iter().any(|ty| ty == "null"),
        _ => false,
    }
}

/// Whether `schema` accepts `null` on its face (without resolving references).
pub(crate) fn is_nullable(schema: &Value) -> bool {
    let Some(node) = schema.as_object() else { return schema == &Value::Bool(true) };
    if node.get("enum").and_then(Value::as_array).is_some_and(|values| values.contains(&Value::Null)) {
        return true;
    }
    if node.get("const") == Some(&Value::Null) || node.get("nullable") == Some(&Value::Bool(true)) {
        return true;
    }
    if node.contains_key("enum") || node.contains_key("const") {
        return false;
    }
    if node.get("anyOf").and_then(Value::as_array).is_some_and(|branches| branches.iter().any(is_nullable)) {
        return true;
    }
    type_includes_null(node) || (node.is_empty())
}

/// Makes `schema` accept `null` as well, in the target's style; the description stays outermost.
pub(crate) fn make_nullable(schema: &mut Value, style: NullStyle) {
    if is_nullable(schema) {
        return;
    }
    let Value::Object(node) = schema else { return };
    if let Some(Value::Array(values)) = node.get_mut("enum") {
        values.push(Value::Null);
        match (style, node.get_mut("type")) {
            (NullStyle::TypeArray, Some(ty @ Value::String(_))) if ty != "null" => *ty = json!([ty.take(), "null"]),
            // The type may take null already while the enum does not; it is listed once.
            (NullStyle::TypeArray, Some(Value::Array(types))) if !types.contains(&json!("null")) => {
                types.push(json!("null"))
            }
            (NullStyle::AnyOf, Some(_)) => {
                node.remove("type");
            }
            _ => {}
        }
        return;
    }
    let plain_type = !node.contains_key("const") && !node.contains_key("$ref") && !node.contains_key("anyOf");
    match (style, node.get_mut("type")) {
        (NullStyle::TypeArray, Some(ty @ Value::String(_))) if plain_type => {
            *ty = json!([ty.take(), "null"]);
            return;
        }
        (NullStyle::TypeArray, Some(Value::Array(types))) if plain_type => {
            types.push(json!("null"));
            return;
        }
        _ => {}
    }
    let only_any_of = node.keys().all(|key| key == "anyOf" || key == "description" || key == "title");
    if only_any_of && let Some(Value::Array(branches)) = node.get_mut("anyOf") {
        branches.push(json!({"type": "null"}));
        return;
    }
    let mut inner = std::mem::take(node);
    let description = inner.remove("description");
    node.insert("anyOf".to_owned(), json!([Value::Object(inner), {"type": "null"}]));
    if let Some(description) = description {
        node.insert("description".to_owned(), description);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nullable(mut schema: Value, style: NullStyle) -> Value {
        make_nullable(&mut schema, style);
        assert!(is_nullable(&schema), "{schema}");
        schema
    }

    #[test]
    fn type_array_style() {
        let style = NullStyle::TypeArray;
        assert_eq!(nullable(json!({"type": "string"}), style), json!({"type": ["string", "null"]}));
        assert_eq!(
            nullable(json!({"type": "string", "enum": ["a"]}), style),
            json!({"type": ["string", "null"], "enum": ["a", null]})
        );
        // The type takes null but the enum does not: null joins the enum, and the type lists it once.
        assert_eq!(
            nullable(json!({"type": ["string", "null"], "enum": ["a"]}), style),
            json!({"type": ["string", "null"], "enum": ["a", null]})
        );
        assert_eq!(
            nullable(json!({"$ref": "#/$defs/X", "description": "d"}), style),
            json!({"anyOf": [{"$ref": "#/$defs/X"}, {"type": "null"}], "description": "d"})
        );
        assert_eq!(
            nullable(json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}), style),
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]})
        );
    }

    #[test]
    fn any_of_style_never_writes_type_arrays() {
        let style = NullStyle::AnyOf;
        assert_eq!(
            nullable(json!({"type": "integer", "description": "n"}), style),
            json!({"anyOf": [{"type": "integer"}, {"type": "null"}], "description": "n"})
        );
        assert_eq!(nullable(json!({"type": "string", "enum": ["a"]}), style), json!({"enum": ["a", null]}));
    }

    #[test]
    fn already_nullable_schemas_are_left_alone() {
        let schema = json!({"type": ["integer", "null"]});
        assert_eq!(nullable(schema.clone(), NullStyle::AnyOf), schema);
        assert!(!is_nullable(&json!({"type": "string"})));
        assert!(is_nullable(&json!({"anyOf": [{"type": "string"}, {"type": "null"}]})));
    }
}
