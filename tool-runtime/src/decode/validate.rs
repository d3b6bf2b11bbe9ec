//! Checking arguments against the tool's schema, to tell the model everything that is wrong at
//! once — where, what was expected, what arrived, the allowed values, the name it probably meant —
//! and to enforce what serde does not: bounds, lengths, `pattern`, `format`, unknown fields.
//!
//! It covers the keywords schemars writes; a keyword it does not know is left to serde.

use serde_json::{Map, Value};
use toolc_names::did_you_mean;

use crate::ArgumentProblem;
use crate::passes::formats::{integer_range, is_rust_number, written_range};
use crate::passes::refs::resolve;
use crate::passes::union::{TaggedUnion, tagged_union};
use crate::pointer::child_path;

/// Keywords that constrain values beyond what their Rust types check.
const CONSTRAINTS: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minItems",
    "maxItems",
    "uniqueItems",
];

/// Whether `schema` states a constraint serde does not check (so every call must be validated).
pub(crate) fn has_constraints(schema: &Value) -> bool {
    match schema {
        Value::Object(node) => node.iter().any(|(key, value)| {
            (CONSTRAINTS.contains(&key.as_str()) && !is_rust_format(key, value) && !is_type_bound(node, key, value))
                || has_constraints(value)
        }),
        Value::Array(items) => items.iter().any(has_constraints),
        _ => false,
    }
}

/// `minimum`/`maximum` that only restate the range of the Rust integer type `format` names (schemars
/// writes `minimum: 0` for every unsigned type, toolc each type's range, for a 64-bit type the
/// largest integer inside it a double holds exactly): serde refuses anything outside it already, so
/// a call need not be validated for it.
fn is_type_bound(node: &Map<String, Value>, key: &str, value: &Value) -> bool {
    let Some(format) = node.get("format").and_then(Value::as_str) else { return false };
    let (Some((min, max)), Some((written_min, written_max))) = (integer_range(format), written_range(format)) else {
        return false;
    };
    let Some(bound) = value.as_i64().map(i128::from).or_else(|| value.as_u64().map(i128::from)) else { return false };
    match key {
        "minimum" => bound == min || bound == written_min,
        "maximum" => bound == max || bound == written_max,
        _ => false,
    }
}

/// `format: int32` and friends only name the Rust type, which serde checks.
fn is_rust_format(key: &str, value: &Value) -> bool {
    key == "format" && value.as_str().is_some_and(is_rust_number)
}

pub(crate) fn validate(value: &Value, schema: &Value, root: &Value) -> Vec<ArgumentProblem> {
    let mut problems = Vec::new();
    check(value, schema, root, "", &mut problems);
    problems
}

/// How the model's value reads in a message.
pub(crate) fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(flag) => flag.to_string(),
        Value::Number(number) => format!("the number {number}"),
        Value::String(text) => {
            let shown: String = text.chars().take(60).collect();
            let more = if shown.len() < text.len() { "…" } else { "" };
            format!("the string {:?}", format!("{shown}{more}"))
        }
        Value::Array(items) => format!("an array of {}", items.len()),
        Value::Object(_) => "an object".to_owned(),
    }
}

fn type_name(ty: &str) -> &str {
    match ty {
        "integer" => "an integer",
        "number" => "a number",
        "string" => "a string",
        "boolean" => "true or false",
        "array" => "an array",
        "object" => "an object",
        "null" => "null",
        other => other,
    }
}

fn has_type(value: &Value, ty: &str) -> bool {
    match ty {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "number" => value.is_number(),
        "integer" => {
            value.as_i64().is_some() || value.as_u64().is_some() || value.as_f64().is_some_and(|n| n.fract() == 0.0)
        }
        _ => true,
    }
}

fn push(problems: &mut Vec<ArgumentProblem>, at: &str, message: String) {
    problems.push(ArgumentProblem::new(at, message));
}

fn check(value: &Value, schema: &Value, root: &Value, at: &str, problems: &mut Vec<ArgumentProblem>) {
    let schema = resolve(schema, root);
    let Some(node) = schema.as_object() else { return };

    if let Some(union) = tagged_union(schema) {
        return tagged(value, schema, &union, root, at, problems);
    }
    if let Some(branches) = node.get("anyOf").or_else(|| node.get("oneOf")).and_then(Value::as_array) {
        union(value, branches, root, at, problems);
    }
    if let Some(Value::Array(all)) = node.get("allOf") {
        // Each part sees part of the object: a field another part names is known to it too.
        let mut names = Vec::new();
        part_names(schema, root, &mut names);
        for branch in all {
            let branch = resolve(branch, root);
            match knowing(branch, root, &names) {
                Some(widened) => check(value, &widened, root, at, problems),
                None => check(value, branch, root, at, problems),
            }
        }
    }
    if let Some(expected) = node.get("const")
        && value != expected
    {
        return push(problems, at, format!("expected {expected}, got {}", describe(value)));
    }
    if let Some(Value::Array(allowed)) = node.get("enum") {
        if !allowed.contains(value) {
            let names: Vec<String> =
                allowed.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), |s| format!("`{s}`"))).collect();
            let close = value.as_str().and_then(|given| did_you_mean(given, allowed.iter().filter_map(Value::as_str)));
            let hint = close.map_or_else(String::new, |close| format!("; did you mean `{close}`?"));
            push(problems, at, format!("expected one of {}, got {}{hint}", names.join(", "), describe(value)));
        }
        return;
    }
    match node.get("type") {
        Some(Value::String(ty)) if !has_type(value, ty) => {
            return push(problems, at, format!("expected {}, got {}", type_name(ty), describe(value)));
        }
        Some(Value::Array(types)) if !types.iter().filter_map(Value::as_str).any(|ty| has_type(value, ty)) => {
            let names: Vec<&str> = types.iter().filter_map(Value::as_str).map(type_name).collect();
            return push(problems, at, format!("expected {}, got {}", names.join(" or "), describe(value)));
        }
        _ => {}
    }
    match value {
        Value::Object(fields) => object(fields, node, root, at, problems),
        Value::Array(items) => array(items, node, root, at, problems),
        Value::String(text) => string(text, node, at, problems),
        Value::Number(_) => number(value, node, at, problems),
        _ => {}
    }
}

/// A tagged enum: checked against the variant its tag names, or the tag is the problem.
fn tagged(
    value: &Value,
    schema: &Value,
    union: &TaggedUnion,
    root: &Value,
    at: &str,
    problems: &mut Vec<ArgumentProblem>,
) {
    let Some(fields) = value.as_object() else {
        return push(problems, at, format!("expected an object, got {}", describe(value)));
    };
    let values: Vec<&str> = union.variants.iter().map(|variant| variant.value.as_str()).collect();
    let here = child_path(at, &union.tag);
    let branches = schema.get("oneOf").or_else(|| schema.get("anyOf")).and_then(Value::as_array);
    match fields.get(&union.tag) {
        None => push(
            problems,
            at,
            format!(
                "missing required field `{}`: one of {}",
                union.tag,
                values.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", ")
            ),
        ),
        Some(tag) => match values.iter().position(|value| Some(*value) == tag.as_str()) {
            Some(index) => {
                if let Some(branch) = branches.and_then(|branches| branches.get(index)) {
                    check(value, &with_own_fields(schema, branch), root, at, problems);
                }
            }
            None => {
                let hint = tag.as_str().and_then(|given| did_you_mean(given, values.iter().copied()));
                let hint = hint.map_or_else(String::new, |close| format!("; did you mean `{close}`?"));
                let allowed = values.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", ");
                push(problems, &here, format!("expected one of {allowed}, got {}{hint}", describe(tag)));
            }
        },
    }
}

/// The schema a tagged union's variant `branch` is checked with: the branch itself, or — for an
/// object with fields of its own beside the union (a struct with a flattened enum) — one object of
/// the object's fields and the variant's, as serde reads them.
pub(crate) fn with_own_fields<'a>(schema: &Value, branch: &'a Value) -> std::borrow::Cow<'a, Value> {
    let (Some(own), Some(variant)) = (schema.get("properties").and_then(Value::as_object), branch.as_object()) else {
        return std::borrow::Cow::Borrowed(branch);
    };
    let mut merged = variant.clone();
    let mut properties = variant.get("properties").and_then(Value::as_object).cloned().unwrap_or_default();
    properties.extend(own.iter().map(|(name, field)| (name.clone(), field.clone())));
    merged.insert("properties".to_owned(), Value::Object(properties));
    let required = [variant.get("required"), schema.get("required")];
    let required: Vec<Value> = required.into_iter().flatten().filter_map(Value::as_array).flatten().cloned().collect();
    merged.insert("required".to_owned(), Value::Array(required));
    merged.remove("additionalProperties");
    std::borrow::Cow::Owned(Value::Object(merged))
}

fn union(value: &Value, branches: &[Value], root: &Value, at: &str, problems: &mut Vec<ArgumentProblem>) {
    let attempts: Vec<Vec<ArgumentProblem>> = branches
        .iter()
        .map(|branch| {
            let mut found = Vec::new();
            check(value, branch, root, at, &mut found);
            found
        })
        .collect();
    if attempts.iter().any(Vec::is_empty) {
        return;
    }
    // `Option<T>`-like unions: report against the one branch that is not `null`.
    let non_null: Vec<usize> = (0..branches.len())
        .filter(|&i| resolve(&branches[i], root).get("type").and_then(Value::as_str) != Some("null"))
        .collect();
    if non_null.len() == 1 {
        problems.extend(attempts.into_iter().nth(non_null[0]).unwrap_or_default());
        return;
    }
    // The branch the value most nearly matches — of those of its kind (an array for an array),
    // the one with the fewest problems — says what is wrong: an array whose items repeat is told
    // so, not that an array was expected.
    let nearest = (0..branches.len())
        .filter(|&i| of_its_kind(value, resolve(&branches[i], root)))
        .min_by_key(|&i| attempts[i].len());
    if let Some(nearest) = nearest {
        problems.extend(attempts.into_iter().nth(nearest).unwrap_or_default());
        return;
    }
    let shapes: Vec<String> = branches.iter().map(|branch| shape(resolve(branch, root))).collect();
    push(problems, at, format!("expected {}, got {}", shapes.join(" or "), describe(value)));
}

/// Whether `schema` takes values of `value`'s kind (JSON type): by its `type`, its `enum` or
/// `const`, or its `properties` (an object) or `items` (an array).
fn of_its_kind(value: &Value, schema: &Value) -> bool {
    let kind_of = |other: &Value| std::mem::discriminant(other) == std::mem::discriminant(value);
    match schema.get("type") {
        Some(Value::String(ty)) => return has_type(value, ty),
        Some(Value::Array(types)) => return types.iter().filter_map(Value::as_str).any(|ty| has_type(value, ty)),
        _ => {}
    }
    if let Some(Value::Array(values)) = schema.get("enum") {
        return values.iter().any(kind_of);
    }
    if let Some(constant) = schema.get("const") {
        return kind_of(constant);
    }
    (schema.get("properties").is_some() && value.is_object()) || (schema.get("items").is_some() && value.is_array())
}

/// Every field name the parts of an object name: its own `properties` and those of its `allOf`,
/// `anyOf` and `oneOf` branches, all the way down its parts.
fn part_names(schema: &Value, root: &Value, names: &mut Vec<String>) {
    let schema = resolve(schema, root);
    for name in schema.get("properties").and_then(Value::as_object).into_iter().flat_map(|p| p.keys()) {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    for keyword in ["allOf", "anyOf", "oneOf"] {
        for branch in schema.get(keyword).and_then(Value::as_array).into_iter().flatten() {
            part_names(branch, root, names);
        }
    }
}

/// A part of an object (and its alternatives) that names fields, widened to know `names` (each as
/// any value, which the part naming it checks); `None` when it already knows them all.
fn knowing(part: &Value, root: &Value, names: &[String]) -> Option<Value> {
    let node = resolve(part, root).as_object()?;
    let mut widened = None::<Map<String, Value>>;
    if let Some(Value::Object(properties)) = node.get("properties")
        && names.iter().any(|name| !properties.contains_key(name))
    {
        let mut properties = properties.clone();
        for name in names {
            properties.entry(name.clone()).or_insert(Value::Bool(true));
        }
        widened.get_or_insert_with(|| node.clone()).insert("properties".to_owned(), Value::Object(properties));
    }
    for keyword in ["anyOf", "oneOf", "allOf"] {
        let Some(Value::Array(branches)) = node.get(keyword) else { continue };
        let known: Vec<Option<Value>> = branches.iter().map(|branch| knowing(branch, root, names)).collect();
        if known.iter().any(Option::is_some) {
            let branches =
                branches.iter().zip(known).map(|(branch, known)| known.unwrap_or_else(|| branch.clone())).collect();
            widened.get_or_insert_with(|| node.clone()).insert(keyword.to_owned(), Value::Array(branches));
        }
    }
    widened.map(Value::Object)
}

fn shape(schema: &Value) -> String {
    if let Some(Value::Array(values)) = schema.get("enum") {
        return format!("one of {}", values.iter().map(Value::to_string).collect::<Vec<_>>().join(", "));
    }
    match schema.get("type") {
        Some(Value::String(ty)) => type_name(ty).to_owned(),
        Some(Value::Array(types)) => {
            types.iter().filter_map(Value::as_str).map(type_name).collect::<Vec<_>>().join(" or ")
        }
        _ if schema.get("properties").is_some() => "an object".to_owned(),
        _ => "a different value".to_owned(),
    }
}

fn object(
    fields: &Map<String, Value>,
    node: &Map<String, Value>,
    root: &Value,
    at: &str,
    problems: &mut Vec<ArgumentProblem>,
) {
    let properties = node.get("properties").and_then(Value::as_object);
    for name in node.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
        if !fields.contains_key(name) {
            push(problems, at, format!("missing required field `{name}`"));
        }
    }
    let extra = node.get("additionalProperties");
    for (name, field) in fields {
        let here = child_path(at, name);
        match (properties.and_then(|properties| properties.get(name)), extra) {
            (Some(property), _) => check(field, property, root, &here, problems),
            // Unknown fields are refused unless the schema opens the object on purpose (a map).
            (None, Some(Value::Object(_)) | Some(Value::Bool(true))) => {
                if let Some(Value::Object(_)) = extra {
                    check(field, extra.expect("matched"), root, &here, problems);
                }
            }
            (None, _) if properties.is_some() => {
                let known: Vec<&str> = properties.into_iter().flat_map(|p| p.keys().map(String::as_str)).collect();
                let hint = did_you_mean(name, known.iter().copied())
                    .map_or_else(|| ".".to_owned(), |close| format!("; did you mean `{close}`?"));
                let list = if known.is_empty() {
                    "none".to_owned()
                } else {
                    known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
                };
                push(
                    problems,
                    &here,
                    format!("unknown field `{name}` (sent {}){hint} Fields: {list}", describe(field)),
                );
            }
            (None, _) => {}
        }
    }
}

fn array(items: &[Value], node: &Map<String, Value>, root: &Value, at: &str, problems: &mut Vec<ArgumentProblem>) {
    let count = items.len();
    if let Some(min) = node.get("minItems").and_then(Value::as_u64)
        && (count as u64) < min
    {
        push(problems, at, format!("expected at least {min} items, got {count}"));
    }
    if let Some(max) = node.get("maxItems").and_then(Value::as_u64)
        && (count as u64) > max
    {
        push(problems, at, format!("expected at most {max} items, got {count}"));
    }
    if node.get("uniqueItems") == Some(&Value::Bool(true)) {
        for (i, item) in items.iter().enumerate() {
            if let Some(first) = items[..i].iter().position(|earlier| earlier == item) {
                push(problems, &format!("{at}/{i}"), format!("items must be unique; this repeats item {first}"));
            }
        }
    }
    if let Some(item_schema) = node.get("items") {
        for (i, item) in items.iter().enumerate() {
            check(item, item_schema, root, &format!("{at}/{i}"), problems);
        }
    }
}

fn string(text: &str, node: &Map<String, Value>, at: &str, problems: &mut Vec<ArgumentProblem>) {
    let length = text.chars().count() as u64;
    if let Some(min) = node.get("minLength").and_then(Value::as_u64)
        && length < min
    {
        push(problems, at, format!("expected at least {min} characters, got {length}"));
    }
    if let Some(max) = node.get("maxLength").and_then(Value::as_u64)
        && length > max
    {
        push(problems, at, format!("expected at most {max} characters, got {length}"));
    }
    if let Some(pattern) = node.get("pattern").and_then(Value::as_str)
        && super::pattern::matches(pattern, text) == Some(false)
    {
        push(
            problems,
            at,
            format!(
                "expected a string matching the pattern `{pattern}`, got {}",
                describe(&Value::String(text.to_owned()))
            ),
        );
    }
    if let Some(format) = node.get("format").and_then(Value::as_str)
        && !fits_format(format, text)
    {
        push(problems, at, format!("expected a `{format}` string, got {}", describe(&Value::String(text.to_owned()))));
    }
}

fn fits_format(format: &str, text: &str) -> bool {
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let date = |s: &str| {
        let parts: Vec<&str> = s.split('-').collect();
        parts.len() == 3
            && digits(parts[0], 4)
            && digits(parts[1], 2)
            && digits(parts[2], 2)
            && (1..=12).contains(&parts[1].parse::<u8>().unwrap_or(0))
            && (1..=31).contains(&parts[2].parse::<u8>().unwrap_or(0))
    };
    let time = |s: &str| {
        let s = s.trim_end_matches(['Z', 'z']);
        let s = s.rsplit_once(['+', '-']).map_or(s, |(clock, zone)| if zone.contains(':') { clock } else { s });
        let clock = s.split('.').next().unwrap_or("");
        let parts: Vec<&str> = clock.split(':').collect();
        parts.len() == 3 && parts.iter().all(|part| digits(part, 2))
    };
    match format {
        "date" => date(text),
        "time" => time(text),
        "date-time" => text.split_once(['T', 't', ' ']).is_some_and(|(d, t)| date(d) && time(t)),
        "email" => text
            .split_once('@')
            .is_some_and(|(user, host)| !user.is_empty() && host.contains('.') && !host.starts_with('.')),
        "uuid" => {
            let groups: Vec<&str> = text.split('-').collect();
            groups.len() == 5
                && [8, 4, 4, 4, 12]
                    .iter()
                    .zip(&groups)
                    .all(|(n, g)| g.len() == *n && g.bytes().all(|b| b.is_ascii_hexdigit()))
        }
        "ipv4" => text.parse::<std::net::Ipv4Addr>().is_ok(),
        "ipv6" => text.parse::<std::net::Ipv6Addr>().is_ok(),
        "uri" => text.split_once(':').is_some_and(|(scheme, _)| {
            !scheme.is_empty() && scheme.bytes().all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
        }),
        _ => true,
    }
}

fn number(value: &Value, node: &Map<String, Value>, at: &str, problems: &mut Vec<ArgumentProblem>) {
    let Some(n) = value.as_f64() else { return };
    let bound = |key: &str| node.get(key).and_then(Value::as_f64);
    if let Some(min) = bound("minimum")
        && n < min
    {
        push(problems, at, format!("expected at least {}, got {}", node["minimum"], value));
    }
    if let Some(max) = bound("maximum")
        && n > max
    {
        push(problems, at, format!("expected at most {}, got {}", node["maximum"], value));
    }
    if let Some(min) = bound("exclusiveMinimum")
        && n <= min
    {
        push(problems, at, format!("expected more than {}, got {}", node["exclusiveMinimum"], value));
    }
    if let Some(max) = bound("exclusiveMaximum")
        && n >= max
    {
        push(problems, at, format!("expected less than {}, got {}", node["exclusiveMaximum"], value));
    }
    if let Some(step) = bound("multipleOf")
        && step > 0.0
        && ((n / step) - (n / step).round()).abs() > 1e-9
    {
        push(problems, at, format!("expected a multiple of {}, got {}", node["multipleOf"], value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn problems(value: Value, schema: Value) -> Vec<(String, String)> {
        validate(&value, &schema, &schema).into_iter().map(|p| (p.pointer, p.message)).collect()
    }

    #[test]
    fn reports_every_problem_with_expected_and_received() {
        let schema = json!({
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "query": {"type": "string", "minLength": 2},
                "limit": {"type": "integer", "minimum": 1, "maximum": 10},
                "mode": {"type": "string", "enum": ["fast", "thorough"]}
            },
            "required": ["query", "mode"]
        });
        let found = problems(json!({"qurey": "x", "limit": 50, "mode": "fats"}), schema);
        assert_eq!(
            found,
            [
                ("".into(), "missing required field `query`".into()),
                ("/limit".into(), "expected at most 10, got 50".into()),
                (
                    "/mode".into(),
                    "expected one of `fast`, `thorough`, got the string \"fats\"; did you mean `fast`?".into()
                ),
                (
                    "/qurey".into(),
                    "unknown field `qurey` (sent the string \"x\"); did you mean `query`? Fields: `limit`, `mode`, `query`".into()
                ),
            ]
        );
    }

    #[test]
    fn an_option_reports_against_its_value_branch() {
        let schema = json!({"type": "object", "properties": {"n": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}}});
        assert_eq!(problems(json!({"n": -1}), schema.clone()), [("/n".into(), "expected at least 0, got -1".into())]);
        assert_eq!(
            problems(json!({"n": "x"}), schema),
            [("/n".into(), "expected an integer, got the string \"x\"".into())]
        );
    }

    #[test]
    fn patterns_and_formats() {
        let schema = json!({"type": "object", "properties": {
            "slug": {"type": "string", "pattern": "^[a-z_]+$"},
            "when": {"type": "string", "format": "date-time"},
            "id": {"type": "string", "format": "uuid"}
        }});
        let ok =
            json!({"slug": "open_page", "when": "2026-11-21T13:05:00Z", "id": "123e4567-e89b-12d3-a456-426614174000"});
        assert!(problems(ok, schema.clone()).is_empty());
        let bad = problems(json!({"slug": "Open Page", "when": "yesterday", "id": "42"}), schema);
        assert_eq!(bad.len(), 3, "{bad:?}");
        assert_eq!(bad[0].1, "expected a `uuid` string, got the string \"42\"");
    }

    #[test]
    fn the_parts_of_an_object_know_each_others_fields() {
        // GitHub's REST API as an OpenAPI bridge lists an operation: path parameters, and a body
        // that says only which of its fields one must send.
        let schema = json!({"type": "object", "required": ["owner"], "allOf": [
            {"type": "object", "properties": {"owner": {"type": "string"}}},
            {"type": "object", "properties": {"cname": {"type": ["string", "null"]}, "public": {"type": "boolean"}},
             "anyOf": [{"required": ["cname"]}, {"required": ["public"]}]}]});
        let problems = |value: Value| validate(&value, &schema, &schema);
        assert_eq!(problems(json!({"owner": "o", "cname": null})), []);
        let unknown = problems(json!({"owner": "o", "public": true, "cnmae": "x"}));
        assert!(!unknown.is_empty() && unknown.iter().all(|problem| problem.pointer == "/cnmae"), "{unknown:?}");
        assert!(unknown[0].message.contains("did you mean `cname`?"), "{unknown:?}");
        let wrong = problems(json!({"owner": "o", "public": "yes"}));
        assert_eq!(wrong[0].pointer, "/public", "each part still checks the fields it names: {wrong:?}");
    }

    #[test]
    fn knows_which_schemas_need_checking() {
        assert!(!has_constraints(&json!({"properties": {"n": {"type": "integer", "format": "uint32"}}})));
        assert!(has_constraints(&json!({"properties": {"n": {"type": "integer", "maximum": 3}}})));
        let type_range = json!({"type": "integer", "format": "uint8", "minimum": 0, "maximum": 255});
        assert!(!has_constraints(&json!({"properties": {"n": type_range}})), "serde checks a u8's range");
        let narrower = json!({"type": "integer", "format": "uint8", "minimum": 1, "maximum": 255});
        assert!(has_constraints(&json!({"properties": {"n": narrower}})));
        // A 64-bit type's range as toolc writes it (the largest exact doubles inside it) is serde's
        // to check too: a call of such a tool is not validated for it.
        let i64_range = json!({"type": "integer", "format": "int64",
            "minimum": -9_223_372_036_854_774_784i64, "maximum": 9_223_372_036_854_774_784i64});
        assert!(!has_constraints(&json!({"properties": {"n": i64_range}})));
        let u64_range =
            json!({"type": "integer", "format": "uint64", "minimum": 0, "maximum": 18_446_744_073_709_549_568u64});
        assert!(!has_constraints(&json!({"properties": {"n": u64_range}})));
        let wide_on_u32 = json!({"type": "integer", "format": "uint32", "maximum": 18_446_744_073_709_549_568u64});
        assert!(has_constraints(&json!({"properties": {"n": wide_on_u32}})));
        let i64_bound_on_u64 = json!({"type": "integer", "format": "uint64", "maximum": 9_223_372_036_854_774_784i64});
        assert!(has_constraints(&json!({"properties": {"n": i64_bound_on_u64}})), "narrower than a u64");
    }
}
