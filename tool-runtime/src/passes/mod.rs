//! The lowering passes several providers share, each one small named rewrite of a JSON Schema
//! (in the manner of schemars' transforms), and the report of what they changed. Nothing here knows
//! a provider: a provider's folder lists the passes it runs, in order.
//!
//! - [`union`]: a root union of objects tagged by one field flattened into one object;
//! - [`closed`]: objects closed, as dispatch refuses fields they do not name;
//! - [`refs`]: `$ref`s inlined, recursion kept under `$defs` or refused;
//! - [`all_of`]: an `allOf` of plain objects merged into one;
//! - [`strict`] and [`nullable`]: closed objects, every field required, optional ones nullable;
//! - [`strict_subset`]: the keyword subset of strict tool use with constrained decoding;
//! - [`formats`], [`describe`]: what a target does not take moved into the description;
//! - [`grammar`]: the keyword subset of each grammar engine of the open-model servers;
//! - [`root`], [`names`]: the checks every target makes; [`headers`]: MCP's `x-mcp-header`, checked
//!   for MCP and left out elsewhere;
//! - [`walk`]: every subschema with its JSON Pointer; [`report`]: what lowering changed.

pub(crate) mod all_of;
pub(crate) mod closed;
pub(crate) mod describe;
pub(crate) mod formats;
pub(crate) mod grammar;
pub(crate) mod headers;
pub(crate) mod names;
pub(crate) mod nullable;
pub(crate) mod refs;
pub mod report;
pub(crate) mod root;
pub(crate) mod strict;
pub(crate) mod strict_subset;
pub(crate) mod union;
pub(crate) mod walk;

use serde_json::{Map, Value};

/// Merges every `allOf` in `schema` whose parts agree into the one schema it means, as the OpenAI
/// and Gemini lowerings do: objects into one object, a type and its added constraints into one
/// schema, a part that is a union distributed over its alternatives (each then a whole object). An
/// `allOf` whose parts disagree (types or enums with nothing in common, a closed part that does not
/// name a field another requires, two patterns, `not`) is left as it is.
///
/// ```
/// use serde_json::json;
///
/// let mut schema = json!({"allOf": [{"type": "integer"}, {"minimum": 1}]});
/// toolc::schema::merge_object_all_of(&mut schema);
/// assert_eq!(schema, json!({"type": "integer", "minimum": 1}));
/// ```
pub fn merge_object_all_of(schema: &mut Value) {
    let mut lowering = report::Lowering::new("", crate::Target::JsonSchema);
    all_of::merge_object_all_of(schema, "", &mut lowering);
}

/// A field an object's `required` lists but its `properties` does not name (none where it has no
/// `properties`): what each caller makes of it depends on whether the object admits other fields.
pub(crate) fn required_unnamed(node: &Map<String, Value>) -> Option<&str> {
    let properties = node.get("properties")?.as_object()?;
    let required = node.get("required")?.as_array()?;
    required.iter().filter_map(Value::as_str).find(|name| !properties.contains_key(*name))
}

/// The type names a `type` keyword holds (one, or a list of them); `None` when it is not that.
pub(crate) fn type_names(ty: &Value) -> Option<Vec<String>> {
    match ty {
        Value::String(one) => Some(vec![one.clone()]),
        Value::Array(many) => many.iter().map(|ty| ty.as_str().map(str::to_owned)).collect(),
        _ => None,
    }
}

/// A JSON object of `entries`, the values moved in: `json!` would copy each value by serializing it,
/// which for a schema costs as much as the lowering itself.
pub(crate) fn object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::Object(entries.into_iter().map(|(key, value)| (key.to_owned(), value)).collect())
}
