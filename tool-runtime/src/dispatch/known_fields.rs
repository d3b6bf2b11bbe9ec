//! Whether every field of a call's arguments is one its schema declares where it was sent.
//!
//! serde skips a field an open struct (one without `deny_unknown_fields`) does not declare, so a
//! misspelt optional field would silently take its default. Once serde has read a call, this scan
//! reads the same text again, guided by the schema, without building anything: when it finds a
//! field the schema does not declare at that place, or a place whose shape it cannot tell, the call
//! takes the checked road, which refuses unknown fields with a did-you-mean. Reading the text a
//! second time, outside serde's generated code, costs far less to compile than watching every
//! tool's own deserializer, and runs at about the speed of parsing without allocating.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::schema::refs::resolve;

/// Whether every object in `text` has only fields `schema` declares at its place (or is a map).
/// `false` also when the text is not JSON, or a place's shape is not clear from the schema.
pub(super) fn all_known(text: &str, schema: &Value) -> bool {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    Scan { schema: Some(schema), root: schema }.deserialize(&mut deserializer).is_ok()
}

/// The fields an object may have.
enum Shape<'a> {
    /// A struct: its declared fields, and the schema of any others (`additionalProperties`).
    Fields(&'a Map<String, Value>, Option<&'a Value>),
    /// A map: any key, each value of this schema (`None`: anything).
    Map(Option<&'a Value>),
}

fn object_shape<'a>(schema: &'a Value, root: &'a Value) -> Option<Shape<'a>> {
    let node = resolve(schema, root).as_object()?;
    let extra = node.get("additionalProperties").filter(|extra| *extra != &Value::Bool(false));
    if let Some(Value::Object(properties)) = node.get("properties") {
        return Some(Shape::Fields(properties, extra));
    }
    if node.contains_key("allOf") {
        return None;
    }
    if let Some(Value::Array(branches)) = node.get("anyOf").or_else(|| node.get("oneOf")) {
        // `Option<T>` and the like: one branch takes objects. Several are a union serde may
        // settle in ways the schema cannot say; the checked road decides those.
        let mut objects = branches.iter().filter(|branch| takes(branch, root, "object"));
        let only = objects.next()?;
        return if objects.next().is_none() { object_shape(only, root) } else { None };
    }
    Some(Shape::Map(extra.filter(|extra| extra.is_object())))
}

/// The schema of a list's items (`None`: anything).
fn item_schema<'a>(schema: &'a Value, root: &'a Value) -> Option<&'a Value> {
    let node = resolve(schema, root);
    if let Some(items) = node.get("items").filter(|items| items.is_object()) {
        return Some(items);
    }
    let branches = node.get("anyOf").or_else(|| node.get("oneOf"))?.as_array()?;
    let mut lists = branches.iter().filter(|branch| takes(branch, root, "array"));
    let only = lists.next()?;
    if lists.next().is_none() { item_schema(only, root) } else { None }
}

/// Whether `schema` says it takes values of JSON type `ty` (or says nothing of types).
fn takes(schema: &Value, root: &Value, ty: &str) -> bool {
    let node = resolve(schema, root);
    match node.get("type") {
        Some(Value::String(one)) => one == ty,
        Some(Value::Array(types)) => types.iter().any(|t| t == ty),
        _ => node.get("const").is_none() && node.get("enum").is_none(),
    }
}

/// A value to read at a place of the schema (`None` or `true`: anything goes below).
struct Scan<'a> {
    schema: Option<&'a Value>,
    root: &'a Value,
}

impl<'de> DeserializeSeed<'de> for Scan<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        match self.schema {
            None | Some(Value::Bool(true)) => deserializer.deserialize_ignored_any(IgnoredAny).map(drop),
            Some(_) => deserializer.deserialize_any(self),
        }
    }
}

impl<'de> Visitor<'de> for Scan<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let items = self.schema.and_then(|schema| item_schema(schema, self.root));
        while seq.next_element_seed(Scan { schema: items, root: self.root })?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Some(shape) = self.schema.and_then(|schema| object_shape(schema, self.root)) else {
            return Err(de::Error::custom("the shape of this object is not clear from the schema"));
        };
        while let Some(schema) = map.next_key_seed(Key(&shape))? {
            map.next_value_seed(Scan { schema, root: self.root })?;
        }
        Ok(())
    }
}

/// A field name, read without allocating and looked up in its object's shape: the schema of its
/// value, or an error for a field the shape does not declare.
struct Key<'s, 'a>(&'s Shape<'a>);

impl<'de, 'a> DeserializeSeed<'de> for Key<'_, 'a> {
    type Value = Option<&'a Value>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de, 'a> Visitor<'de> for Key<'_, 'a> {
    type Value = Option<&'a Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Self::Value, E> {
        match self.0 {
            Shape::Fields(properties, extra) => match (properties.get(name), extra) {
                (Some(property), _) => Ok(Some(property)),
                (None, Some(extra)) => Ok(Some(*extra).filter(|extra| extra.is_object())),
                (None, None) => Err(E::custom("a field the schema does not declare here")),
            },
            Shape::Map(values) => Ok(*values),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": {"type": "string"},
                "window": {"anyOf": [{"$ref": "#/$defs/Window"}, {"type": "null"}]},
                "windows": {"type": "array", "items": {"$ref": "#/$defs/Window"}},
                "labels": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Window"}},
                "anything": true
            },
            "additionalProperties": false,
            "$defs": {"Window": {"type": "object", "properties": {"from": {"type": "string"}}}}
        })
    }

    #[test]
    fn declared_fields_and_map_keys_are_known() {
        let text = r#"{"query":"a\"b","window":{"from":"x"},"windows":[{"from":"y"},{}],
            "labels":{"any key":{"from":"z"}},"anything":{"what":[1,{"ever":null}]}}"#;
        assert!(all_known(text, &schema()));
        assert!(all_known(r#"{"window":null}"#, &schema()));
    }

    #[test]
    fn a_field_not_declared_at_its_place_is_found() {
        for text in [
            r#"{"window":{"from":"x","to":"y"}}"#,
            r#"{"windows":[{"from":"x"},{"form":"y"}]}"#,
            r#"{"labels":{"k":{"query":"misplaced"}}}"#,
            r#"{"qurey":"x"}"#,
        ] {
            assert!(!all_known(text, &schema()), "{text}");
        }
    }

    #[test]
    fn an_unclear_place_sends_the_call_the_checked_road() {
        let union = json!({"type": "object", "properties": {"either": {"anyOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}},
            {"type": "object", "properties": {"b": {"type": "string"}}}
        ]}}});
        assert!(!all_known(r#"{"either":{"a":"x"}}"#, &union));
        assert!(all_known(r#"{"either":null}"#, &union));
    }
}
