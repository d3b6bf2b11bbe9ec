//! Schemas no value satisfies: refused for every engine, naming the rule, since an engine refuses
//! them or makes a grammar no call can pass.

use serde_json::{Map, Value};

use crate::passes::report::{Lowering, RenderError};

/// Refuses a schema no value satisfies, which an engine refuses or turns into a grammar whose every
/// call is then refused: an `enum` none of whose values has the schema's `type`, a `const` of
/// another type, or bounds that cross.
pub(super) fn unsatisfiable(
    node: &Map<String, Value>,
    name: &str,
    at: &str,
    lowering: &Lowering,
) -> Result<(), RenderError> {
    if let (Some(Value::Array(values)), Some(ty)) = (node.get("enum"), node.get("type")) {
        let types: Vec<&str> = match ty {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if !types.is_empty()
            && !values.is_empty()
            && !values.iter().any(|value| types.iter().any(|t| has_type(value, t)))
        {
            return Err(lowering.error(
                at,
                format!(
                    "no value satisfies this schema: its `enum` holds no value of type {}, so no call could pass \
                     ({name} cannot make a grammar of it that holds); give the enum values of the type, or the type \
                     of the values",
                    types.join(" or ")
                ),
            ));
        }
    }
    if let (Some(value), Some(types)) = (node.get("const"), node.get("type").and_then(crate::passes::type_names))
        && !types.iter().any(|ty| has_type(value, ty))
    {
        return Err(lowering.error(
            at,
            format!(
                "no value satisfies this schema: its `const` {value} is not of type {}, so no call could pass ({name} \
                 cannot make a grammar of it that holds); give the const the type, or the type of the const",
                types.join(" or ")
            ),
        ));
    }
    // An `allOf` whose closed branch forbids a property another part requires (an OpenAPI bridge
    // joining a path parameter to a closed request body does this).
    if let Some(Value::Array(branches)) = node.get("allOf") {
        let names = |schema: &Map<String, Value>| -> Vec<String> {
            schema
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        };
        let mut required = names(node);
        required.extend(branches.iter().filter_map(Value::as_object).flat_map(names));
        for (index, branch) in branches.iter().enumerate() {
            if let Some(missing) = required.iter().find(|name| forbids(branch, name)) {
                return Err(lowering.error(
                    at,
                    format!(
                        "no value satisfies this schema: `{missing}` is required, but `allOf/{index}` is closed to it \
                         (`additionalProperties` is false there, in each branch if a union), so no call could pass \
                         ({name} cannot make a grammar of it that holds)"
                    ),
                ));
            }
        }
    }
    if let (Some(low), Some(high)) =
        (node.get("minimum").and_then(Value::as_f64), node.get("maximum").and_then(Value::as_f64))
        && low > high
    {
        return Err(lowering.error(
            at,
            format!(
                "no value satisfies this schema: `minimum` {low} is more than `maximum` {high}, so no call could pass \
                 ({name} cannot make a grammar of it that holds)"
            ),
        ));
    }
    for (least, most) in [("minItems", "maxItems"), ("minLength", "maxLength"), ("minProperties", "maxProperties")] {
        if let (Some(low), Some(high)) =
            (node.get(least).and_then(Value::as_u64), node.get(most).and_then(Value::as_u64))
            && low > high
        {
            return Err(lowering.error(
                at,
                format!(
                    "no value satisfies this schema: `{least}` {low} is more than `{most}` {high}, so no call could pass \
                     ({name} cannot make a grammar of it that holds)"
                ),
            ));
        }
    }
    Ok(())
}

/// Whether `schema` allows no property `name`: a closed object without it, or a union of such.
fn forbids(schema: &Value, name: &str) -> bool {
    let Some(schema) = schema.as_object() else { return false };
    let closed = schema.get("additionalProperties") == Some(&Value::Bool(false))
        && !schema.contains_key("patternProperties")
        && !schema.get("properties").and_then(Value::as_object).is_some_and(|properties| properties.contains_key(name));
    let union_forbids = match schema.get("anyOf").or_else(|| schema.get("oneOf")) {
        Some(Value::Array(branches)) => !branches.is_empty() && branches.iter().all(|branch| forbids(branch, name)),
        _ => false,
    };
    closed || union_forbids
}

pub(super) fn has_type(value: &Value, ty: &str) -> bool {
    match ty {
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|f| f.fract() == 0.0),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => true,
    }
}
