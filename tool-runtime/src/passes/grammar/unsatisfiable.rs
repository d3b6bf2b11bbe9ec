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
    if let Some(bounds) = crossing_bounds(node) {
        return Err(lowering.error(
            at,
            format!(
                "no value satisfies this schema: {bounds}, so no call could pass ({name} cannot make a grammar of it that \
                 holds)"
            ),
        ));
    }
    if let Some(property) = required_but_impossible(node) {
        return Err(lowering.error(
            at,
            format!(
                "no value satisfies this schema: `{property}` is required, but its schema admits no value, so no call \
                 could pass ({name} refuses it or cannot make a grammar of it that holds)"
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

/// The bounds of a schema of numbers alone that no number meets, in words: an inclusive pair that
/// meet with an exclusive one (`minimum` 1 and `exclusiveMaximum` 1), or, on integers, bounds with
/// no whole number between them (`minimum` 0.2 and `maximum` 0.8). Bounds that merely cross are
/// said above; a schema that also admits another type is satisfied by it.
fn crossing_bounds(node: &Map<String, Value>) -> Option<String> {
    let types = node.get("type").and_then(crate::passes::type_names)?;
    if types.is_empty() || !types.iter().all(|ty| matches!(ty.as_str(), "integer" | "number")) {
        return None;
    }
    let integer = types.iter().all(|ty| *ty == "integer");
    // The tighter of each side's bounds, and whether it is exclusive.
    let side = |inclusive: &'static str, exclusive: &'static str, lower: bool| {
        let a = node.get(inclusive).and_then(Value::as_f64).map(|bound| (bound, false, inclusive));
        let b = node.get(exclusive).and_then(Value::as_f64).map(|bound| (bound, true, exclusive));
        match (a, b) {
            (Some(a), Some(b)) if a.0 == b.0 => Some(b),
            (Some(a), Some(b)) => Some(if (a.0 > b.0) == lower { a } else { b }),
            (one, other) => one.or(other),
        }
    };
    let (low, low_open, low_key) = side("minimum", "exclusiveMinimum", true)?;
    let (high, high_open, high_key) = side("maximum", "exclusiveMaximum", false)?;
    let empty = if integer {
        let least = if low_open { low.floor() + 1.0 } else { low.ceil() };
        let most = if high_open { high.ceil() - 1.0 } else { high.floor() };
        least > most
    } else {
        low > high || (low == high && (low_open || high_open))
    };
    // Crossing inclusive bounds are said in their own words before this.
    let said = !low_open && !high_open && low > high;
    (empty && !said).then(|| {
        let kind = if integer { "integer" } else { "number" };
        format!("`{low_key}` {low} and `{high_key}` {high} leave no {kind} between them")
    })
}

/// A required property whose schema admits no value: `false`, or an empty `enum`. (A `not` never
/// reaches an engine: the OpenAI lowering before this moves it into the description.)
fn required_but_impossible(node: &Map<String, Value>) -> Option<&str> {
    let properties = node.get("properties").and_then(Value::as_object)?;
    let required = node.get("required").and_then(Value::as_array)?;
    required.iter().filter_map(Value::as_str).find(|name| {
        properties.get(*name).is_some_and(|schema| match schema {
            Value::Bool(allowed) => !allowed,
            Value::Object(schema) => schema.get("enum").and_then(Value::as_array).is_some_and(Vec::is_empty),
            _ => false,
        })
    })
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
