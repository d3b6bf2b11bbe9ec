//! `allOf` of objects, as hand-written schemas compose them, merged into one object: OpenAI strict
//! and Gemini take no `allOf`. Anything else under `allOf` is left for the target to refuse by name.

use serde_json::{Map, Value};

use super::walk::walk_mut;
use crate::passes::report::{ChangeKind, Lowering};

/// Keywords an object branch may hold and still be merged.
const MERGEABLE: &[&str] = &["type", "properties", "required", "additionalProperties", "description", "title"];

pub(crate) fn merge_object_all_of(schema: &mut Value, path: &str, lowering: &mut Lowering) {
    if !super::walk::has_key(schema, &["allOf"]) {
        return;
    }
    let mut merged_at = Vec::new();
    let _ = walk_mut::<()>(schema, path, &mut |node, at| {
        let Some(Value::Array(branches)) = node.get("allOf") else { return Ok(()) };
        let objects = branches.iter().all(|branch| {
            branch.as_object().is_some_and(|branch| {
                branch.keys().all(|key| MERGEABLE.contains(&key.as_str()))
                    && branch.get("type").is_none_or(|ty| ty == "object")
            })
        });
        if !objects {
            return Ok(());
        }
        let mut properties = Map::new();
        let mut required: Vec<Value> = Vec::new();
        let mut closed = false;
        for branch in branches {
            for (name, property) in branch.get("properties").and_then(Value::as_object).into_iter().flatten() {
                if properties.get(name).is_some_and(|existing| existing != property) {
                    return Ok(()); // the branches disagree about a field: not ours to decide
                }
                properties.insert(name.clone(), property.clone());
            }
            for name in branch.get("required").and_then(Value::as_array).into_iter().flatten() {
                if !required.contains(name) {
                    required.push(name.clone());
                }
            }
            closed |= branch.get("additionalProperties") == Some(&Value::Bool(false));
        }
        node.remove("allOf");
        node.insert("type".to_owned(), Value::String("object".to_owned()));
        let own = node.entry("properties").or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(own) = own {
            own.extend(properties);
        }
        let own_required = node.entry("required").or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(own_required) = own_required {
            for name in required {
                if !own_required.contains(&name) {
                    own_required.push(name);
                }
            }
        }
        if closed {
            node.insert("additionalProperties".to_owned(), Value::Bool(false));
        }
        merged_at.push(at.to_owned());
        Ok(())
    });
    for at in merged_at {
        lowering.note(&at, ChangeKind::Rewritten, "`allOf` of objects merged into one object");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Target;
    use serde_json::json;

    #[test]
    fn merges_objects_and_leaves_the_rest() {
        let mut schema = json!({"allOf": [
            {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
            {"properties": {"name": {"type": "string"}}}
        ]});
        let mut lowering = Lowering::new("t", Target::OpenAi);
        merge_object_all_of(&mut schema, "", &mut lowering);
        assert_eq!(
            schema,
            json!({"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}, "required": ["id"]})
        );
        let mut numbers = json!({"allOf": [{"type": "integer"}, {"minimum": 0}]});
        merge_object_all_of(&mut numbers, "", &mut lowering);
        assert!(numbers.get("allOf").is_some());
    }
}
