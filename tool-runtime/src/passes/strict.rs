//! Strict objects: closed (`additionalProperties: false`), with `properties`, and — where the target
//! wants every field present — every field required, optional ones nullable so `null` means absent.

use serde_json::{Map, Value};

use super::nullable::{NullStyle, is_nullable, make_nullable};
use super::walk::{each_boolean_subschema, walk_mut};
use crate::passes::report::{ChangeKind, Lowering, Remedy, RenderError};
use crate::pointer::child_path;

/// Keywords that make what is valid depend on conditions or positions, which no strict mode and no
/// OpenAPI subset expresses: refused rather than moved, since a model cannot follow them reliably.
pub(crate) const CONDITIONAL: &[&str] = &[
    "not",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "prefixItems",
    "contains",
];

/// Whether strict mode wants every field listed in `required`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Optional {
    /// Every field required; optional ones made nullable (OpenAI strict).
    RequiredNullable,
    /// Optional fields stay optional (Anthropic strict, which counts them instead).
    Keep,
}

/// The keywords that constrain only objects. A node with one of them and no `type` is an object to
/// the SDKs' strict transforms (openai-node's `hasObjectConstraints`), so it is one here too.
const OBJECT_KEYWORDS: &[&str] = &[
    "additionalProperties",
    "dependencies",
    "maxProperties",
    "minProperties",
    "patternProperties",
    "properties",
    "propertyNames",
    "required",
];

/// Whether `node` describes objects: its `type` says so, or it has no `type` and an object keyword.
pub(crate) fn is_object(node: &Map<String, Value>) -> bool {
    match node.get("type") {
        Some(Value::String(ty)) => ty == "object",
        Some(Value::Array(types)) => types.iter().any(|ty| ty == "object"),
        _ => node.keys().any(|key| OBJECT_KEYWORDS.contains(&key.as_str())),
    }
}

/// Whether `node` says nothing about its values: free-form JSON.
fn is_free_form(node: &Map<String, Value>) -> bool {
    const SHAPING: &[&str] =
        &["type", "anyOf", "oneOf", "allOf", "enum", "const", "$ref", "properties", "items", "not"];
    !node.keys().any(|key| SHAPING.contains(&key.as_str()))
}

const NOTHING: &str = "a `false` schema (no value is valid) cannot be expressed in strict mode; remove what it \
                       stands for";
const FREE_FORM: &str = "free-form JSON (any value) cannot be expressed in strict mode";

pub(crate) fn strict_objects(
    schema: &mut Value,
    path: &str,
    optional: Optional,
    style: NullStyle,
    lowering: &mut Lowering,
) -> Result<(), RenderError> {
    each_boolean_subschema(schema, path, &mut |value, at| {
        Err(if value == &Value::Bool(true) {
            lowering.error_with(at, FREE_FORM, Remedy::GiveItAType)
        } else {
            lowering.error(at, NOTHING)
        })
    })?;
    let mut notes = Vec::new();
    walk_mut(schema, path, &mut |node, at| {
        if is_free_form(node) {
            return Err(lowering.error_with(at, FREE_FORM, Remedy::GiveItAType));
        }
        if let Some(Value::Array(types)) = node.get("type")
            && let [only] = types.as_slice()
        {
            let only = only.clone();
            node.insert("type".to_owned(), only);
            notes.push((at.to_owned(), ChangeKind::Rewritten, "a list of one type written as the type".to_owned()));
        }
        if node.contains_key("type") && !is_object(node) {
            // They constrain only objects, and strict mode would make them demand fields.
            for keyword in ["properties", "required", "additionalProperties", "patternProperties"] {
                if node.remove(keyword).is_some() {
                    let detail = format!("`{keyword}` on a value that is not an object, which it does not constrain");
                    notes.push((child_path(at, keyword), ChangeKind::Dropped, detail));
                }
            }
        }
        if !is_object(node) {
            return Ok(());
        }
        if node.contains_key("patternProperties")
            || node.get("additionalProperties").is_some_and(|extra| extra != &Value::Bool(false))
        {
            return Err(lowering.error_with(
                at,
                "a map (an object with arbitrary keys) cannot be expressed in strict mode",
                Remedy::ListOfPairs,
            ));
        }
        node.insert("additionalProperties".to_owned(), Value::Bool(false));
        node.entry("properties").or_insert_with(|| Value::Object(Map::new()));
        let Some(Value::Object(properties)) = node.get("properties") else { return Ok(()) };
        // A closed object cannot have a field it does not declare: such an object could never be sent.
        if let Some(Value::Array(required)) = node.get("required")
            && let Some(name) = required.iter().filter_map(Value::as_str).find(|name| !properties.contains_key(*name))
        {
            return Err(lowering.error(
                at,
                format!("`required` names `{name}`, which is not among `properties`; strict mode closes the object, so it could never be sent"),
            ));
        }
        if optional == Optional::Keep {
            return Ok(());
        }
        let required: Vec<String> = node
            .get("required")
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).map(str::to_owned).collect())
            .unwrap_or_default();
        let Some(Value::Object(properties)) = node.get_mut("properties") else { return Ok(()) };
        for (name, property) in properties.iter_mut() {
            if !required.contains(name) {
                let detail = if is_nullable(property) {
                    "optional field made required; it already took null, which stands for absent"
                } else {
                    "optional field made required and nullable: null stands for absent"
                };
                make_nullable(property, style);
                notes.push((
                    child_path(&child_path(at, "properties"), name),
                    ChangeKind::MadeNullable,
                    detail.to_owned(),
                ));
            }
        }
        let all: Vec<Value> = properties.keys().cloned().map(Value::String).collect();
        node.insert("required".to_owned(), Value::Array(all));
        Ok(())
    })?;
    for (at, kind, detail) in notes {
        lowering.note(&at, kind, detail);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Target;
    use serde_json::json;

    #[test]
    fn closes_objects_and_requires_every_field() {
        let mut schema = json!({
            "type": "object",
            "properties": {"q": {"type": "string"}, "n": {"type": "integer"}, "inner": {"type": "object"}},
            "required": ["q"]
        });
        let mut lowering = Lowering::new("t", Target::OpenAi);
        strict_objects(&mut schema, "", Optional::RequiredNullable, NullStyle::TypeArray, &mut lowering).unwrap();
        assert_eq!(
            schema,
            json!({
                "type": "object",
                "additionalProperties": false,
                "properties": {
                    "q": {"type": "string"},
                    "n": {"type": ["integer", "null"]},
                    "inner": {"type": ["object", "null"], "additionalProperties": false, "properties": {}, "required": []}
                },
                "required": ["inner", "n", "q"]
            })
        );
        let paths: Vec<&str> = lowering.report.changes.iter().map(|change| change.path.as_str()).collect();
        assert_eq!(paths, ["/properties/inner", "/properties/n"]);
    }

    #[test]
    fn object_keywords_on_values_that_are_not_objects_are_dropped() {
        let mut schema = json!({
            "type": "object",
            "properties": {
                "n": {"type": ["integer", "null"], "properties": {"x": {"type": "string"}}, "required": ["x"]},
                "s": {"type": ["string"], "additionalProperties": false}
            },
            "required": ["n", "s"]
        });
        let mut lowering = Lowering::new("t", Target::OpenAi);
        strict_objects(&mut schema, "", Optional::RequiredNullable, NullStyle::TypeArray, &mut lowering).unwrap();
        assert_eq!(schema["properties"]["n"], json!({"type": ["integer", "null"]}));
        assert_eq!(schema["properties"]["s"], json!({"type": "string"}));
        let kinds: Vec<_> = lowering.report.changes.iter().map(|change| (change.path.as_str(), change.kind)).collect();
        assert_eq!(
            kinds,
            [
                ("/properties/n/properties", ChangeKind::Dropped),
                ("/properties/n/required", ChangeKind::Dropped),
                ("/properties/s", ChangeKind::Rewritten),
                ("/properties/s/additionalProperties", ChangeKind::Dropped),
            ]
        );
    }

    #[test]
    fn refuses_maps_and_free_form_values() {
        let mut map = json!({"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "string"}}}});
        let err =
            strict_objects(&mut map, "", Optional::Keep, NullStyle::AnyOf, &mut Lowering::new("t", Target::Anthropic))
                .unwrap_err();
        assert_eq!(err.path, "/properties/m");
        assert!(err.rule.starts_with("a map"));

        let mut any = json!({"type": "object", "properties": {"v": true}});
        let err =
            strict_objects(&mut any, "", Optional::Keep, NullStyle::AnyOf, &mut Lowering::new("t", Target::OpenAi))
                .unwrap_err();
        assert_eq!(err.path, "/properties/v");
        assert!(err.rule.starts_with("free-form JSON"));
    }
}
