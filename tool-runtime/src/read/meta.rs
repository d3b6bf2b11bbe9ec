//! The JSON Schema 2020-12 meta-schema's word on the schemas tools are made of, without building
//! its validator's walk: most tool schemas use a dozen keywords with plain values, and checking
//! those by hand costs a fraction of the general validator.
//!
//! [`plainly_valid`] answers `true` only where the meta-schema would: every keyword the meta-schema
//! defines that is not checked here, and every value it is unsure of, answers `false`, and the
//! caller asks the general validator, which also words the problem.

use serde_json::{Map, Value};

/// Whether `schema` is certainly valid under the 2020-12 meta-schema (`false`: not known, ask the
/// validator). Keywords the meta-schema does not define may hold anything, as it allows.
pub(super) fn plainly_valid(schema: &Value) -> bool {
    match schema {
        Value::Bool(_) => true,
        Value::Object(node) => node.iter().all(|(keyword, value)| keyword_valid(keyword, value)),
        _ => false,
    }
}

fn keyword_valid(keyword: &str, value: &Value) -> bool {
    match keyword {
        "title" | "description" | "format" | "$comment" | "contentEncoding" | "contentMediaType" => value.is_string(),
        "default" | "const" => true,
        "enum" | "examples" => value.is_array(),
        "deprecated" | "readOnly" | "writeOnly" | "uniqueItems" => value.is_boolean(),
        "maximum" | "minimum" | "exclusiveMaximum" | "exclusiveMinimum" => value.is_number(),
        "multipleOf" => value.as_f64().is_some_and(|number| number > 0.0),
        // An integer of at least 0; one written as a float (`1.0`) is left to the validator.
        "maxLength" | "minLength" | "maxItems" | "minItems" | "maxContains" | "minContains" | "maxProperties"
        | "minProperties" => value.is_u64(),
        "type" => match value {
            Value::String(name) => simple_type(name),
            Value::Array(names) => {
                !names.is_empty()
                    && names
                        .iter()
                        .enumerate()
                        .all(|(index, name)| name.as_str().is_some_and(simple_type) && !names[..index].contains(name))
            }
            _ => false,
        },
        "required" => string_set(value),
        "items"
        | "contains"
        | "additionalProperties"
        | "propertyNames"
        | "if"
        | "then"
        | "else"
        | "not"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "contentSchema" => plainly_valid(value),
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => {
            value.as_array().is_some_and(|items| !items.is_empty() && items.iter().all(plainly_valid))
        }
        "properties" | "$defs" | "definitions" | "dependentSchemas" => value.as_object().is_some_and(schemas),
        // Defined by the meta-schema, not checked here: references and anchors (their formats and
        // patterns), `$schema`, `$vocabulary`, `patternProperties` (its names are regular
        // expressions), `pattern`, `dependentRequired`, `dependencies`.
        "$id" | "$schema" | "$ref" | "$anchor" | "$dynamicRef" | "$dynamicAnchor" | "$vocabulary" | "$recursiveRef"
        | "$recursiveAnchor" | "patternProperties" | "pattern" | "dependentRequired" | "dependencies" => false,
        _ => true,
    }
}

fn simple_type(name: &str) -> bool {
    matches!(name, "array" | "boolean" | "integer" | "null" | "number" | "object" | "string")
}

/// The meta-schema's `stringArray`: strings, each once.
fn string_set(value: &Value) -> bool {
    value.as_array().is_some_and(|items| {
        items.iter().enumerate().all(|(index, item)| item.is_string() && !items[..index].contains(item))
    })
}

fn schemas(entries: &Map<String, Value>) -> bool {
    entries.values().all(plainly_valid)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::plainly_valid;

    /// The general validator's verdict, which `plainly_valid` may only ever agree with when it says
    /// `true`.
    fn meta_valid(schema: &serde_json::Value) -> bool {
        jsonschema::draft202012::meta::validate(schema).is_ok()
    }

    #[test]
    fn plain_tool_schemas_are_known_valid_without_the_validator() {
        let schemas = [
            json!(true),
            json!({}),
            json!({"type": "object", "properties": {"city": {"type": "string", "description": "A city."},
                "days": {"type": ["integer", "null"], "minimum": 1, "maxItems": 3}},
                "required": ["city"], "additionalProperties": false}),
            json!({"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"const": 3}], "default": null}),
            json!({"type": "array", "items": {"type": "number", "multipleOf": 0.5}, "uniqueItems": true}),
            json!({"nullable": true, "x-anything": {"type": 7}, "discriminator": "kind"}),
        ];
        for schema in &schemas {
            assert!(plainly_valid(schema), "{schema}");
            assert!(meta_valid(schema), "{schema}");
        }
    }

    #[test]
    fn whatever_it_is_unsure_of_is_left_to_the_validator() {
        // Each of these is invalid, or valid only by a rule not checked here: never "plainly valid".
        let schemas = [
            json!(7),
            json!({"type": "dict"}),
            json!({"type": []}),
            json!({"type": ["string", "string"]}),
            json!({"required": ["a", "a"]}),
            json!({"required": "a"}),
            json!({"minLength": -1}),
            json!({"minLength": 1.0}),
            json!({"multipleOf": 0}),
            json!({"anyOf": []}),
            json!({"properties": {"a": 7}}),
            json!({"items": [{"type": "string"}]}),
            json!({"$ref": "#"}),
            json!({"pattern": "["}),
            json!({"patternProperties": {"[": {}}}),
            json!({"properties": {"a": {"$id": "x#frag"}}}),
            json!({"description": 7}),
            json!({"enum": "a"}),
        ];
        for schema in &schemas {
            assert!(!plainly_valid(schema), "{schema}");
        }
        // Where the validator says valid anyway, `false` only cost the slower path.
        assert!(meta_valid(&json!({"minLength": 1.0})));
        assert!(!meta_valid(&json!({"type": ["string", "string"]})));
    }
}
