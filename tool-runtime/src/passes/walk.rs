//! Walking every subschema of a schema, with its JSON Pointer: the one list of the keywords whose
//! values are subschemas, which every pass and every reader goes by.

use serde_json::{Map, Value};

use crate::pointer::{push_index, push_token};

/// What a keyword's value holds, as far as walking subschemas goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holds {
    /// One subschema.
    One,
    /// A list of subschemas.
    List,
    /// Subschemas by name.
    Map,
}

/// What `keyword`'s value holds, if subschemas (a `match`, which compiles to a few comparisons of
/// length and bytes: every key of every node of every walk goes through it).
fn holds(keyword: &str) -> Option<Holds> {
    match keyword {
        "items"
        | "additionalProperties"
        | "not"
        | "if"
        | "then"
        | "else"
        | "contains"
        | "propertyNames"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "additionalItems" => Some(Holds::One),
        "anyOf" | "oneOf" | "allOf" | "prefixItems" => Some(Holds::List),
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => Some(Holds::Map),
        _ => None,
    }
}

/// A visitor of direct subschemas: the subschema, and the pointer buffer extended to it.
pub(crate) type ChildVisit<'a, E> = dyn FnMut(&mut Value, &mut String) -> Result<(), E> + 'a;

/// Calls `visit` on each direct subschema of `node`, with `path` extended to its pointer while it
/// runs (one buffer for the whole walk, so no child costs an allocation for its path); stops at the
/// first error.
pub(crate) fn each_child_mut<E>(
    node: &mut Map<String, Value>,
    path: &mut String,
    visit: &mut ChildVisit<'_, E>,
) -> Result<(), E> {
    let at = path.len();
    for (key, value) in node.iter_mut() {
        let keyword = key.as_str();
        match holds(keyword) {
            Some(Holds::One) => {
                push_token(path, keyword);
                visit(value, path)?;
            }
            Some(Holds::List) => {
                if let Value::Array(items) = value {
                    push_token(path, keyword);
                    let base = path.len();
                    for (index, item) in items.iter_mut().enumerate() {
                        push_index(path, index);
                        visit(item, path)?;
                        path.truncate(base);
                    }
                }
            }
            Some(Holds::Map) => {
                if let Value::Object(entries) = value {
                    push_token(path, keyword);
                    let base = path.len();
                    for (name, item) in entries.iter_mut() {
                        push_token(path, name);
                        visit(item, path)?;
                        path.truncate(base);
                    }
                }
            }
            None => {}
        }
        path.truncate(at);
    }
    Ok(())
}

/// [`each_child_mut`] for reading: calls `visit` on each direct subschema of `node`, with `path`
/// extended to its pointer while it runs; stops at the first `Some`.
#[cfg(feature = "read")]
pub(crate) fn find_child<T>(
    node: &Map<String, Value>,
    path: &mut String,
    visit: &mut dyn FnMut(&Value, &mut String) -> Option<T>,
) -> Option<T> {
    let at = path.len();
    for (key, value) in node {
        let keyword = key.as_str();
        let found = match (holds(keyword), value) {
            (Some(Holds::One), _) => {
                push_token(path, keyword);
                visit(value, path)
            }
            (Some(Holds::List), Value::Array(items)) => {
                push_token(path, keyword);
                let base = path.len();
                items.iter().enumerate().find_map(|(index, item)| {
                    path.truncate(base);
                    push_index(path, index);
                    visit(item, path)
                })
            }
            (Some(Holds::Map), Value::Object(entries)) => {
                push_token(path, keyword);
                let base = path.len();
                entries.iter().find_map(|(name, item)| {
                    path.truncate(base);
                    push_token(path, name);
                    visit(item, path)
                })
            }
            _ => None,
        };
        path.truncate(at);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether an object anywhere in `value` (a schema or not) has one of `keys`: a pass
/// that looks for keywords no node has can be passed over without its walk.
pub(crate) fn has_key(value: &Value, keys: &[&str]) -> bool {
    match value {
        Value::Object(node) => node.iter().any(|(key, child)| keys.contains(&key.as_str()) || has_key(child, keys)),
        Value::Array(items) => items.iter().any(|item| has_key(item, keys)),
        _ => false,
    }
}

/// Calls `visit` on every object subschema of `schema`, for reading (no pointers made).
pub(crate) fn each_node(schema: &Value, visit: &mut dyn FnMut(&Map<String, Value>)) {
    let Value::Object(node) = schema else { return };
    visit(node);
    for (key, value) in node {
        match (holds(key), value) {
            (Some(Holds::One), _) => each_node(value, visit),
            (Some(Holds::List), Value::Array(items)) => items.iter().for_each(|item| each_node(item, visit)),
            (Some(Holds::Map), Value::Object(entries)) => entries.values().for_each(|item| each_node(item, visit)),
            _ => {}
        }
    }
}

/// A visitor of schema nodes: the node and its JSON Pointer.
pub(crate) type Visit<'a, E> = dyn FnMut(&mut Map<String, Value>, &str) -> Result<(), E> + 'a;

/// Calls `visit` on every object subschema of `schema`, children before their parent.
pub(crate) fn walk_mut<E>(schema: &mut Value, path: &str, visit: &mut Visit<'_, E>) -> Result<(), E> {
    walk_from(schema, &mut crate::pointer::walk_buffer(path), visit)
}

/// [`walk_mut`] with one pointer buffer for the whole walk, extended and cut back at each step, so
/// that no node costs an allocation for its path.
fn walk_from<E>(schema: &mut Value, path: &mut String, visit: &mut Visit<'_, E>) -> Result<(), E> {
    let Value::Object(node) = schema else { return Ok(()) };
    each_child_mut(node, path, &mut |child, path| walk_from(child, path, visit))?;
    visit(node, path)
}

/// A visitor of boolean subschemas: the value and its JSON Pointer.
pub(crate) type BooleanVisit<'a, E> = dyn FnMut(&mut Value, &str) -> Result<(), E> + 'a;

/// Calls `visit` on every boolean subschema of `schema` (`true`: any value, `false`: no value),
/// which JSON Schema allows wherever a subschema goes. `additionalProperties` is not visited: its
/// `false` is the closed object every target takes, its `true` an open one each target handles.
pub(crate) fn each_boolean_subschema<E>(
    schema: &mut Value,
    path: &str,
    visit: &mut BooleanVisit<'_, E>,
) -> Result<(), E> {
    fn walk<E>(schema: &mut Value, path: &mut String, visit: &mut BooleanVisit<'_, E>) -> Result<(), E> {
        let Value::Object(node) = schema else { return Ok(()) };
        let at = path.len();
        each_child_mut(node, path, &mut |child, path| match child {
            Value::Bool(_) if &path[at..] == "/additionalProperties" => Ok(()),
            Value::Bool(_) => visit(child, path),
            _ => walk(child, path, visit),
        })
    }
    walk(schema, &mut crate::pointer::walk_buffer(path), visit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn visits_every_subschema_children_first() {
        let mut schema = json!({
            "properties": {"a/b": {"items": {"type": "string"}}},
            "anyOf": [{"type": "null"}],
            "enum": [{"type": "not a schema"}]
        });
        let mut seen = Vec::new();
        walk_mut::<()>(&mut schema, "", &mut |_, path| {
            seen.push(path.to_owned());
            Ok(())
        })
        .unwrap();
        assert_eq!(seen, ["/anyOf/0", "/properties/a~1b/items", "/properties/a~1b", ""]);
    }

    #[test]
    fn boolean_subschemas_are_found_but_additional_properties() {
        let mut schema = json!({
            "additionalProperties": false,
            "properties": {"any": true, "additionalProperties": false, "list": {"items": false}},
            "anyOf": [true, {"additionalProperties": true}],
            "$defs": {"n": {"properties": {"123456789": false}}},
        });
        let mut seen = Vec::new();
        each_boolean_subschema::<()>(&mut schema, "", &mut |value, path| {
            seen.push((path.to_owned(), value.clone()));
            Ok(())
        })
        .unwrap();
        assert_eq!(
            seen,
            [
                ("/$defs/n/properties/123456789".to_owned(), json!(false)),
                ("/anyOf/0".to_owned(), json!(true)),
                ("/properties/additionalProperties".to_owned(), json!(false)),
                ("/properties/any".to_owned(), json!(true)),
                ("/properties/list/items".to_owned(), json!(false)),
            ]
        );
    }
}
