//! `x-mcp-header`: a parameter whose value MCP's HTTP transport (2026-07-28) mirrors into a request
//! header, `Mcp-Param-<name>`, so that a load balancer or gateway can route on it without reading
//! the body. It is MCP's alone: the MCP rendering checks it as the specification asks (on a
//! property reached through `properties` from the root, a primitive type, a header name, unique
//! whatever its case); every other target leaves it out, since it means nothing to a model.

use serde_json::{Map, Value};

use crate::passes::report::{Lowering, RenderError};

const KEYWORD: &str = "x-mcp-header";

/// Whether the input schema `schema` mirrors a parameter into an HTTP header (`x-mcp-header` on
/// one of its properties, at any depth of `properties`): what an MCP server checks a request's
/// `Mcp-Param-*` headers for.
///
/// ```
/// use serde_json::json;
/// use toolc::schema::has_headers;
///
/// let routed = json!({"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}}});
/// assert!(has_headers(&routed));
/// assert!(!has_headers(&json!({"type": "object", "properties": {"region": {"type": "string"}}})));
/// ```
pub fn has_headers(schema: &Value) -> bool {
    properties(schema).is_some_and(|properties| {
        properties.values().any(|property| property.get(KEYWORD).is_some() || has_headers(property))
    })
}

fn properties(schema: &Value) -> Option<&Map<String, Value>> {
    schema.get("properties").and_then(Value::as_object)
}

/// `schema` without its header annotations.
pub(crate) fn without_headers(schema: &Value) -> Value {
    let mut schema = schema.clone();
    strip(&mut schema);
    schema
}

fn strip(schema: &mut Value) {
    let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else { return };
    for property in properties.values_mut() {
        if let Some(property) = property.as_object_mut() {
            property.remove(KEYWORD);
        }
        strip(property);
    }
}

/// The MCP checks of the header annotations of the arguments schema at `path`.
pub(crate) fn check_headers(schema: &Value, path: &str, lowering: &Lowering) -> Result<(), RenderError> {
    if schema.get(KEYWORD).is_some() {
        return Err(lowering.error(&format!("{path}/{KEYWORD}"), "a header mirrors a parameter: put it on a property"));
    }
    let mut seen: Vec<(String, String)> = Vec::new();
    check_properties(schema, schema, path, lowering, &mut seen)
}

fn check_properties(
    root: &Value,
    schema: &Value,
    path: &str,
    lowering: &Lowering,
    seen: &mut Vec<(String, String)>,
) -> Result<(), RenderError> {
    let Some(properties) = properties(schema) else { return Ok(()) };
    for (name, property) in properties {
        let at = format!("{path}/properties/{}", crate::pointer::token(name));
        if let Some(header) = property.get(KEYWORD) {
            let Some(header) = header.as_str().filter(|header| toolc_names::is_header_name(header)) else {
                return Err(lowering.error(
                    &format!("{at}/{KEYWORD}"),
                    format!("{header} cannot name a header: it must be a non-empty string of letters, digits and `!#$%&'*+-.^_`|~`"),
                ));
            };
            // An enum's values sit in its definition.
            let primitive = match crate::passes::refs::resolve(property, root).get("type") {
                Some(Value::String(ty)) => ["string", "number", "integer", "boolean"].contains(&ty.as_str()),
                _ => false,
            };
            if !primitive {
                return Err(lowering.error(
                    &at,
                    format!("`{name}` is mirrored into the header `Mcp-Param-{header}`, so it must be one string, number, integer or boolean"),
                ));
            }
            if let Some((other, _)) = seen.iter().find(|(_, taken)| taken.eq_ignore_ascii_case(header)) {
                return Err(lowering.error(
                    &format!("{at}/{KEYWORD}"),
                    format!("the header `Mcp-Param-{header}` is also `{other}`'s (header names are the same whatever their case)"),
                ));
            }
            seen.push((name.clone(), header.to_owned()));
        }
        check_properties(root, property, &at, lowering, seen)?;
    }
    Ok(())
}
