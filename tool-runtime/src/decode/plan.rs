//! What decoding reads of a definition ([`Decoding`]) and the [`Plan`] worked out once from its
//! schema: which roads a call may take, which fields are checked after a direct read.

use serde_json::{Map, Value};

use super::known_fields::Shapes;
use crate::passes::nullable::is_nullable;
use crate::passes::refs::resolve;

/// What decoding a tool's arguments reads of its definition: its name (for errors), its input schema
/// and the plan worked out from it.
pub(crate) struct Decoding<'a> {
    pub(crate) tool: &'a str,
    pub(crate) schema: &'a Value,
    pub(crate) plan: &'a Plan,
}

/// What decoding needs to know about a tool's schema, worked out once per definition.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Plan {
    /// The schema states constraints serde does not check: every call is validated.
    constrained: bool,
    /// Where the schema has open objects (no `additionalProperties: false`), the fields each
    /// object may have, to find fields serde skipped; `None` when every object is closed, so serde
    /// refuses unknown fields itself.
    pub(super) open: Option<Shapes>,
    /// The root is a union (a tagged enum): calls go through the schema.
    tagged: bool,
    /// Some optional field does not take `null`: a call with `null` in it goes through the schema,
    /// which removes those nulls (strict mode's "absent") so that serde applies the default.
    clears_nulls: bool,
    /// A call may be written nested, `{"request": {…}}` (`passes::union::nests`).
    pub(super) nests: bool,
}

impl Plan {
    pub(crate) fn of(schema: &Value) -> Self {
        Plan {
            constrained: super::validate::has_constraints(schema),
            open: (!all_closed(schema)).then(|| Shapes::of(schema)),
            tagged: schema.get("oneOf").is_some() || schema.get("anyOf").is_some(),
            clears_nulls: clears_nulls(schema, schema),
            nests: crate::passes::union::nests(schema),
        }
    }

    /// Whether a call with this text must go through the schema before serde reads it.
    #[inline]
    pub(super) fn needs_schema(&self, text: &str) -> bool {
        self.tagged || self.constrained || (self.clears_nulls && text.contains("null"))
    }

    /// [`Plan::needs_schema`] for a parsed object.
    pub(super) fn needs_schema_object(&self, object: &Map<String, Value>) -> bool {
        self.tagged || self.constrained || (self.clears_nulls && object.values().any(has_null))
    }

    /// Whether a parsed call must be cleaned before it is used: a tagged union's fields of other
    /// variants, or strict mode's `null` for an absent optional field, are removed.
    #[cfg(feature = "read")]
    pub(super) fn needs_cleaning(&self, value: &Value) -> bool {
        self.tagged || (self.clears_nulls && has_null(value))
    }
}

fn has_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.iter().any(has_null),
        Value::Object(fields) => fields.values().any(has_null),
        _ => false,
    }
}

/// Whether any object schema in `schema` has an optional property that does not take `null`.
fn clears_nulls(schema: &Value, root: &Value) -> bool {
    match schema {
        Value::Object(node) => {
            let optional_not_null = match (node.get("properties"), node.get("required")) {
                (Some(Value::Object(properties)), required) => properties.iter().any(|(name, property)| {
                    let required = required.and_then(Value::as_array).is_some_and(|r| r.iter().any(|r| r == name));
                    !required && !is_nullable(resolve(property, root))
                }),
                _ => false,
            };
            optional_not_null || node.values().any(|child| clears_nulls(child, root))
        }
        Value::Array(items) => items.iter().any(|item| clears_nulls(item, root)),
        _ => false,
    }
}

/// Whether every object schema in `schema` refuses unknown fields.
fn all_closed(schema: &Value) -> bool {
    match schema {
        Value::Object(node) => {
            let open = node.contains_key("properties") && node.get("additionalProperties") != Some(&Value::Bool(false));
            !open && node.values().all(all_closed)
        }
        Value::Array(items) => items.iter().all(all_closed),
        _ => true,
    }
}
