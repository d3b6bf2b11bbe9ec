//! Reading Gemini's `parameters`: the OpenAPI 3.0 subset Gemini takes (`types.Schema`), written as
//! JSON Schema — upper-case type names lower-cased, `nullable: true` as a type that also takes
//! `null`. Only schema positions are read: a property named `nullable` or `type` is an argument, and
//! a `default` or an `example` is a value, neither a keyword.

use serde_json::{Map, Value, json};

use crate::passes::walk::walk_mut;

/// `schema`, a Gemini `parameters` value, written as JSON Schema in place.
pub(crate) fn to_json_schema(schema: &mut Value) {
    let Ok(()) = walk_mut::<std::convert::Infallible>(schema, "", &mut |node, _| {
        read_node(node);
        Ok(())
    });
}

fn read_node(node: &mut Map<String, Value>) {
    if let Some(Value::String(ty)) = node.get_mut("type") {
        ty.make_ascii_lowercase();
    }
    // Without a type, any value is allowed, `null` among them; `false` adds nothing. Any other value
    // is left for the dialect reading, which names it.
    if let Some(&Value::Bool(nullable)) = node.get("nullable") {
        node.remove("nullable");
        if nullable && let Some(ty) = node.get("type").cloned() {
            node.insert("type".to_owned(), json!([ty, "null"]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_read_where_schemas_stand_and_arguments_named_like_them_kept() {
        let mut schema = json!({
            "type": "OBJECT",
            "properties": {
                "nullable": {"type": "STRING", "nullable": true},
                "type": {"type": "INTEGER", "default": {"type": "Mixed Case"}},
                "items": {"type": "ARRAY", "items": {"type": "NUMBER"}, "nullable": false}
            },
            "required": ["nullable", "type"]
        });
        to_json_schema(&mut schema);
        assert_eq!(
            schema,
            json!({
                "type": "object",
                "properties": {
                    "nullable": {"type": ["string", "null"]},
                    "type": {"type": "integer", "default": {"type": "Mixed Case"}},
                    "items": {"type": "array", "items": {"type": "number"}}
                },
                "required": ["nullable", "type"]
            })
        );
    }
}
