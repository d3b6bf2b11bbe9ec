//! The dialects hand-written schemas come in, read as the JSON Schema every target is lowered from.
//! Each quirk read here has one obvious meaning and is named in a note: Python's and Java's type
//! names (`dict`, `float`, `tuple`, `any`, `HashMap`, `String`, …, as the Berkeley Function
//! Calling Leaderboard and many Python tools write them), OpenAPI's `nullable`, draft-04's boolean
//! `exclusiveMinimum`/`exclusiveMaximum`, and a non-standard `optional` flag. Metadata that means
//! nothing to a model (`$id`, `$comment`) is dropped, never moved into a description.

use std::convert::Infallible;

use serde_json::{Map, Value, json};

use crate::passes::walk::each_child_mut;

use super::Note;

/// Reads `schema` in place, returning a note per quirk read.
pub(super) fn read(schema: &mut Value) -> Vec<Note> {
    let mut notes = Vec::new();
    walk(schema, &mut String::new(), &mut notes);
    notes
}

/// Reads the schema at `path` and below, each node before its subschemas; `path` is a buffer each
/// subschema's path is built in.
fn walk(node: &mut Value, path: &mut String, notes: &mut Vec<Note>) {
    let Value::Object(schema) = node else { return };
    read_node(schema, path, notes);
    let Ok(()) = each_child_mut::<Infallible>(schema, path, &mut |child, path| {
        walk(child, path, notes);
        Ok(())
    });
}

/// Reads the quirks of one schema node.
fn read_node(schema: &mut Map<String, Value>, path: &str, notes: &mut Vec<Note>) {
    let mut note = |what: String| notes.push(Note { path: path.to_owned(), what });
    for key in ["$id", "$comment"] {
        if schema.remove(key).is_some() {
            note(format!("`{key}` dropped: it means nothing to a model"));
        }
    }
    read_type(schema, &mut note);
    if let Some(nullable) = schema.remove("nullable") {
        if nullable == Value::Bool(true) {
            add_null(schema);
            note("OpenAPI's `nullable: true` read as a type that also allows `null`".to_owned());
        } else {
            note(format!("OpenAPI's `nullable: {nullable}` dropped"));
        }
    }
    for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
        if let Some(Value::Bool(flag)) = schema.get(exclusive).cloned() {
            schema.remove(exclusive);
            match (flag, schema.remove(bound)) {
                (true, Some(value)) => {
                    schema.insert(exclusive.to_owned(), value);
                    note(format!(
                        "draft-04's `{exclusive}: true` beside `{bound}` read as `{exclusive}` of that value"
                    ));
                }
                (_, value) => {
                    if let Some(value) = value {
                        schema.insert(bound.to_owned(), value);
                    }
                    note(format!("draft-04's `{exclusive}: {flag}` dropped: it bounds nothing here"));
                }
            }
        }
    }
    enum_of_items(schema, &mut note);
    if let Some(optional) = schema.remove("optional") {
        note(format!(
            "`optional: {optional}` dropped: not JSON Schema (`required` says which properties must be given)"
        ));
    }
}

/// The JSON Schema type a type name of another dialect means, `None` for any value.
fn json_type(name: &str) -> Option<Option<&'static str>> {
    const NAMES: [(&str, Option<&str>); 21] = [
        ("object", Some("object")),
        ("dict", Some("object")),
        ("map", Some("object")),
        ("hashmap", Some("object")),
        ("array", Some("array")),
        ("list", Some("array")),
        ("arraylist", Some("array")),
        ("tuple", Some("array")),
        ("string", Some("string")),
        ("str", Some("string")),
        ("char", Some("string")),
        ("number", Some("number")),
        ("float", Some("number")),
        ("double", Some("number")),
        ("integer", Some("integer")),
        ("int", Some("integer")),
        ("long", Some("integer")),
        ("boolean", Some("boolean")),
        ("bool", Some("boolean")),
        ("null", Some("null")),
        ("any", None),
    ];
    if name.is_empty() {
        return Some(None);
    }
    NAMES.iter().find(|(known, _)| known.eq_ignore_ascii_case(name)).map(|(_, ty)| *ty)
}

/// `type` in another dialect's words, written as JSON Schema's.
fn read_type(schema: &mut Map<String, Value>, note: &mut impl FnMut(String)) {
    // JSON Schema's own names, as most schemas write them, have nothing to read.
    let own = |name: &str| matches!(name, "object" | "array" | "string" | "number" | "integer" | "boolean" | "null");
    if let Some(Value::String(name)) = schema.get("type")
        && own(name)
    {
        return;
    }
    let names: Vec<String> = match schema.get("type") {
        Some(Value::String(name)) => vec![name.clone()],
        Some(Value::Array(names)) => names.iter().filter_map(|name| name.as_str().map(str::to_owned)).collect(),
        _ => return,
    };
    let mut types: Vec<&str> = Vec::new();
    let mut any = false;
    let mut read = Vec::new();
    for name in &names {
        match json_type(name) {
            Some(Some(ty)) => {
                if ty != name {
                    read.push(format!("`{name}` as `{ty}`"));
                }
                if !types.contains(&ty) {
                    types.push(ty);
                }
            }
            Some(None) => {
                any = true;
                read.push(format!("`{name}` as any value"));
            }
            // A name with no one meaning is left for the schema check to refuse.
            None => return,
        }
    }
    if read.is_empty() {
        return;
    }
    note(format!("type {}", read.join(", ")));
    if any {
        schema.remove("type");
    } else if types.len() == 1 {
        schema.insert("type".to_owned(), json!(types[0]));
    } else {
        schema.insert("type".to_owned(), json!(types));
    }
}

/// An `enum` of single values on an array (no array equals one of them, so as written nothing is
/// valid) read as what it means: the values its items may take.
fn enum_of_items(schema: &mut Map<String, Value>, note: &mut impl FnMut(String)) {
    let is_array = schema.get("type").is_some_and(|ty| ty == "array");
    let single = matches!(schema.get("enum"), Some(Value::Array(values)) if !values.is_empty() && !values.iter().any(Value::is_array));
    if !is_array || !single {
        return;
    }
    let values = schema.remove("enum").unwrap_or_default();
    let items = schema.entry("items").or_insert_with(|| json!({}));
    if let Value::Object(items) = items
        && !items.contains_key("enum")
    {
        items.insert("enum".to_owned(), values);
        note("an `enum` of single values on an array read as the values of its items".to_owned());
    } else {
        schema.insert("enum".to_owned(), values);
    }
}

fn add_null(schema: &mut Map<String, Value>) {
    match schema.get_mut("type") {
        Some(Value::String(ty)) if ty != "null" => {
            let ty = ty.clone();
            schema.insert("type".to_owned(), json!([ty, "null"]));
        }
        Some(Value::Array(types)) if !types.iter().any(|ty| ty == "null") => types.push(json!("null")),
        // No type: any value, `null` among them.
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notes(schema: &mut Value) -> Vec<String> {
        read(schema).into_iter().map(|note| format!("{}: {}", note.path, note.what)).collect()
    }

    #[test]
    fn python_and_java_type_names_are_read_as_json_schema_s() {
        let mut schema = json!({"type": "dict", "properties": {
            "ratio": {"type": "float"}, "pair": {"type": "tuple", "items": {"type": "String"}},
            "anything": {"type": "any", "description": "Any value."}, "both": {"type": ["Boolean", "str"]}}});
        assert_eq!(
            notes(&mut schema),
            [
                ": type `dict` as `object`",
                "/properties/anything: type `any` as any value",
                "/properties/both: type `Boolean` as `boolean`, `str` as `string`",
                "/properties/pair: type `tuple` as `array`",
                "/properties/pair/items: type `String` as `string`",
                "/properties/ratio: type `float` as `number`",
            ]
        );
        assert_eq!(
            schema,
            json!({"type": "object", "properties": {
                "ratio": {"type": "number"}, "pair": {"type": "array", "items": {"type": "string"}},
                "anything": {"description": "Any value."}, "both": {"type": ["boolean", "string"]}}})
        );
    }

    #[test]
    fn openapi_and_draft_04_quirks_are_read_and_metadata_dropped() {
        let mut schema = json!({"$id": "x", "$comment": "internal", "type": "object", "properties": {
            "age": {"type": "integer", "minimum": 0, "exclusiveMinimum": true, "nullable": true},
            "top": {"type": "number", "exclusiveMaximum": false, "maximum": 9, "optional": true}}});
        assert_eq!(notes(&mut schema).len(), 6);
        assert_eq!(
            schema,
            json!({"type": "object", "properties": {
                "age": {"type": ["integer", "null"], "exclusiveMinimum": 0},
                "top": {"type": "number", "maximum": 9}}})
        );
    }

    #[test]
    fn an_enum_of_single_values_on_an_array_is_its_items_enum() {
        let mut schema = json!({"type": "array", "items": {"type": "string"}, "enum": ["a", "b"]});
        assert_eq!(notes(&mut schema), [": an `enum` of single values on an array read as the values of its items"]);
        assert_eq!(schema, json!({"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}));
    }

    #[test]
    fn a_type_name_with_no_one_meaning_is_left_alone() {
        let mut schema = json!({"type": "datetime"});
        assert!(notes(&mut schema).is_empty());
        assert_eq!(schema, json!({"type": "datetime"}));
    }
}
