//! A hand-written schema is checked before it is lowered: lowering assumes valid JSON Schema, and
//! a keyword of the wrong type, a `pattern` that is not a regular expression or a `$ref` that
//! points nowhere would otherwise pass through into output the provider rejects.

use jsonschema::Draft;
use serde_json::Value;

use crate::passes::walk::{find_child, has_key};

/// Why `schema`, found at `schema_at` in the input, is not valid JSON Schema 2020-12 (the dialect
/// every target starts from): the JSON Pointer of the offending part in the input, and the rule.
/// `None` when it is valid.
pub(super) fn problem(schema: &Value, schema_at: &str) -> Option<(String, String)> {
    // The dialect is 2020-12 whatever the schema claims: that is what the targets are lowered from.
    let without_dialect;
    let schema = match schema.as_object() {
        Some(root) if root.contains_key("$schema") => {
            let mut root = root.clone();
            root.remove("$schema");
            without_dialect = Value::Object(root);
            &without_dialect
        }
        _ => schema,
    };
    let not_a_schema = |err: jsonschema::ValidationError| {
        let path = format!("{schema_at}{}", err.instance_path().as_str());
        let path = if path.is_empty() { "/".to_owned() } else { path };
        Some((path, format!("not valid JSON Schema (2020-12): {err}")))
    };
    // The root's examples are the tool's: calls the model is shown, which must be calls it may make.
    let examples = schema.get("examples").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    // Building a validator checks the schema against the meta-schema, resolves every `$ref` and
    // compiles the patterns it reaches. Without a reference or an example to check, the
    // meta-schema's word is all that is needed, at a fraction of the cost (most schemas).
    let validator = if examples.is_empty() && !refers(schema) {
        if !super::meta::plainly_valid(schema)
            && let Err(err) = jsonschema::draft202012::meta::validate(schema)
        {
            return not_a_schema(err);
        }
        None
    } else {
        match jsonschema::options().with_draft(Draft::Draft202012).build(schema) {
            Ok(validator) => Some(validator),
            Err(err) => return not_a_schema(err),
        }
    };
    if let Some((path, rule)) = invalid_pattern(schema, &mut crate::pointer::walk_buffer(schema_at)) {
        return Some((path, rule));
    }
    let validator = validator?;
    examples.iter().enumerate().find_map(|(index, example)| {
        if !example.is_object() {
            let rule = format!("the example is not an object, as a tool's arguments always are: {example}");
            return Some((format!("{schema_at}/examples/{index}"), rule));
        }
        let err = validator.validate(example).err()?;
        let at = err.instance_path().as_str();
        let at = if at.is_empty() { "its root".to_owned() } else { format!("`{at}`") };
        Some((format!("{schema_at}/examples/{index}"), format!("the example does not fit the schema: at {at}, {err}")))
    })
}

/// Whether a reference stands anywhere in `schema`.
fn refers(schema: &Value) -> bool {
    has_key(schema, &["$ref", "$dynamicRef", "$recursiveRef"])
}

/// The first `pattern` of a subschema of `schema` that is no regular expression: building the
/// validator compiles only the patterns a `$ref` or the root reaches, and a provider checks all.
/// Only schemas are looked at: a property named `pattern`, or a default holding one, is no keyword.
fn invalid_pattern(schema: &Value, path: &mut String) -> Option<(String, String)> {
    let Value::Object(node) = schema else { return None };
    if let Some(Value::String(pattern)) = node.get("pattern")
        && let Err(err) = jsonschema::validator_for(&serde_json::json!({"pattern": pattern}))
    {
        return Some((format!("{path}/pattern"), format!("not valid JSON Schema (2020-12): {err}")));
    }
    find_child(node, path, &mut |child, path| invalid_pattern(child, path))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn names_the_part_that_is_not_a_schema() {
        let wrong_type = json!({"type": "object", "properties": {"a": {"type": 7}}});
        let (path, rule) = problem(&wrong_type, "/0/input_schema").unwrap();
        assert_eq!(path, "/0/input_schema/properties/a/type");
        assert!(rule.starts_with("not valid JSON Schema (2020-12): 7 is not valid"), "{rule}");

        let (path, rule) = problem(&json!({"type": "string", "pattern": "["}), "").unwrap();
        assert_eq!(path, "/pattern");
        assert!(rule.contains("regex"), "{rule}");

        let (_, rule) = problem(&json!({"properties": {"a": {"$ref": "#/$defs/missing"}}}), "").unwrap();
        assert!(rule.contains("/$defs/missing") && rule.contains("does not exist"), "{rule}");
    }

    #[test]
    fn an_example_must_fit_the_schema() {
        let schema = json!({
            "type": "object",
            "properties": {"n": {"type": "integer"}},
            "examples": [{"n": 1}, {"n": "two"}],
        });
        let (path, rule) = problem(&schema, "/0/parameters").unwrap();
        assert_eq!(path, "/0/parameters/examples/1");
        assert_eq!(rule, "the example does not fit the schema: at `/n`, \"two\" is not of type \"integer\"");

        let (path, rule) = problem(&json!({"examples": [{}, 7]}), "").unwrap();
        assert_eq!(
            (path.as_str(), rule.as_str()),
            ("/examples/1", "the example is not an object, as a tool's arguments always are: 7")
        );
    }

    #[test]
    fn a_pattern_no_reference_reaches_is_checked_too() {
        for pattern in ["([", r"(?<=a)b\1"] {
            let schema = json!({"$defs": {"unused": {"type": "string", "pattern": pattern}}, "properties": {"b": {"pattern": r"(x)\1"}}});
            let (path, rule) = problem(&schema, "/0/input_schema").unwrap();
            assert_eq!(path, "/0/input_schema/$defs/unused/pattern", "{pattern}");
            assert!(rule.starts_with("not valid JSON Schema (2020-12): "), "{rule}");
        }
        assert_eq!(problem(&json!({"properties": {"b": {"type": "string", "pattern": r"(x)\1"}}}), ""), None);
    }

    #[test]
    fn a_valid_schema_passes_whatever_dialect_it_claims() {
        let schema = json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {"next": {"$ref": "#"}, "tags": {"type": "array", "items": {"type": "string"}}},
        });
        assert_eq!(problem(&schema, ""), None);
    }
}
