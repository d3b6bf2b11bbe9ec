//! The keyword subset of each grammar engine ([`GrammarEngine`]): what an open-model server's engine
//! compiles a tool's parameter schema into, when a request asks for a call. A keyword the engine
//! would refuse (the request fails: "unknown format", "unimplemented keys") or silently ignore (the
//! model may then write what the schema forbids) is moved into the description with the reason, so
//! the model still reads it and the call is still checked against it when it arrives; a `oneOf` is
//! written as `anyOf`, which every engine holds; a schema no value satisfies is refused.
//!
//! What each engine takes was measured with the engines' own compilers (the conformance setup's
//! `check_engines.py`), keyword by keyword; the tables below are those findings.

use serde_json::{Map, Value, json};

use crate::GrammarEngine;
use crate::passes::describe::append_paragraph;
use crate::passes::formats::is_rust_number;
use crate::passes::report::{ChangeKind, Lowering, RenderError};
use crate::passes::walk::walk_mut;

/// What one engine compiles and honours.
struct Subset {
    /// The `format`s it holds the string to; any other it refuses or ignores.
    formats: &'static [&'static str],
    /// Keywords it refuses or ignores wherever they are.
    unsupported: &'static [&'static str],
    /// Whether it ignores `minLength`/`maxLength` beside a `pattern` or a `format`.
    no_lengths_beside_pattern: bool,
    /// Whether it ignores `multipleOf` on numbers that need not be integers.
    no_fractional_multiple: bool,
    /// Whether it compiles an `allOf` of more than one branch.
    all_of: bool,
    /// The largest magnitude of an integer bound it turns into a grammar.
    integer_bound: i128,
    /// The largest magnitude of a number bound it turns into a grammar.
    number_bound: f64,
    /// Which regular expression constructs it refuses or ignores in a `pattern`.
    regex: Regex,
}

/// Regular expression constructs an engine may not take.
struct Regex {
    lookaround: bool,
    backreferences: bool,
    unicode_classes: bool,
}

/// Keywords no engine honours: the conditional and dependent ones, negation, uniqueness, counted
/// `contains`, property names and the unevaluated ones. xgrammar and llama.cpp's converter ignore
/// them; llguidance refuses them ("Unimplemented keys").
const UNHONOURED: &[&str] = &[
    "not",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "propertyNames",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "unevaluatedProperties",
    "unevaluatedItems",
];

fn subset(engine: GrammarEngine) -> Subset {
    match engine {
        GrammarEngine::XGrammar => Subset {
            formats: &[
                "date",
                "time",
                "date-time",
                "duration",
                "email",
                "hostname",
                "ipv4",
                "ipv6",
                "uuid",
                "uri",
                "uri-reference",
                "uri-template",
                "json-pointer",
                "relative-json-pointer",
            ],
            unsupported: UNHONOURED,
            no_lengths_beside_pattern: true,
            no_fractional_multiple: true,
            all_of: false,
            integer_bound: i64::MAX as i128,
            number_bound: f64::MAX,
            regex: Regex { lookaround: true, backreferences: true, unicode_classes: true },
        },
        GrammarEngine::LlGuidance => Subset {
            formats: &["date", "time", "date-time", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", "uri"],
            unsupported: UNHONOURED,
            no_lengths_beside_pattern: false,
            no_fractional_multiple: false,
            all_of: true,
            integer_bound: (1 << 53) - 1,
            number_bound: 1e15,
            regex: Regex { lookaround: true, backreferences: true, unicode_classes: false },
        },
        GrammarEngine::LlamaCpp => Subset {
            formats: &["date", "time", "date-time", "uuid"],
            unsupported: UNHONOURED,
            no_lengths_beside_pattern: false,
            no_fractional_multiple: true,
            all_of: true,
            integer_bound: i64::MAX as i128,
            number_bound: f64::MAX,
            regex: Regex { lookaround: true, backreferences: true, unicode_classes: true },
        },
    }
}

/// Lowers `schema` (already lowered for the OpenAI format) to what `engine` compiles and honours.
pub(crate) fn grammar_subset(
    schema: &mut Value,
    engine: GrammarEngine,
    path: &str,
    lowering: &mut Lowering,
) -> Result<(), RenderError> {
    let subset = subset(engine);
    let name = engine.proper_name();
    walk_mut(schema, path, &mut |node, at| {
        unsatisfiable(node, name, at, lowering)?;
        let one_of_written = one_of(node, name, at, lowering);
        let mut moved: Vec<(String, Value, String)> = Vec::new();
        let mut take = |node: &mut Map<String, Value>, keyword: &str, why: String| {
            if let Some(value) = node.remove(keyword) {
                moved.push((keyword.to_owned(), value, why));
            }
        };
        if !one_of_written {
            take(
                node,
                "oneOf",
                format!("{name} cannot hold a value to exactly one branch, and it stands beside an `anyOf`"),
            );
        }
        for keyword in subset.unsupported {
            take(node, keyword, format!("{name} does not hold a value to it"));
        }
        if let Some(Value::String(format)) = node.get("format")
            && !subset.formats.contains(&format.as_str())
        {
            if is_rust_number(format) {
                let detail = format!("`format: {format}` (it names a Rust number type; its bounds stay)");
                node.remove("format");
                lowering.note(at, ChangeKind::Dropped, detail);
            } else {
                take(node, "format", format!("{name} does not know this format"));
            }
        }
        if let Some(Value::String(pattern)) = node.get("pattern")
            && let Some(construct) = unsupported_construct(pattern, &subset.regex)
        {
            take(node, "pattern", format!("{name} cannot compile {construct} in a pattern"));
        }
        if subset.no_lengths_beside_pattern && (node.contains_key("pattern") || node.contains_key("format")) {
            let beside = if node.contains_key("pattern") { "a pattern" } else { "a format" };
            for keyword in ["minLength", "maxLength"] {
                take(node, keyword, format!("{name} ignores string lengths beside {beside}"));
            }
        }
        if subset.no_fractional_multiple
            && let Some(multiple) = node.get("multipleOf")
            && (!is_integer(node) || !multiple.is_i64() && !multiple.is_u64())
        {
            take(node, "multipleOf", format!("{name} ignores `multipleOf` on numbers that need not be integers"));
        }
        for keyword in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
            let Some(bound) = node.get(keyword) else { continue };
            let too_large = if is_integer(node) {
                bound.as_f64().is_some_and(|b| b.abs() > subset.integer_bound as f64)
                    && !fits(bound, subset.integer_bound)
            } else {
                bound.as_f64().is_some_and(|b| b.abs() > subset.number_bound)
            };
            if too_large {
                take(node, keyword, format!("{name} cannot turn a bound this large into a grammar"));
            }
        }
        if !subset.all_of && node.get("allOf").and_then(Value::as_array).is_some_and(|branches| branches.len() > 1) {
            take(node, "allOf", format!("{name} does not compile an `allOf` of several branches"));
        }
        // An array with a least length but no `items`: xgrammar reads no `items` as no item allowed.
        if node.contains_key("minItems") && !node.contains_key("items") && !node.contains_key("prefixItems") {
            node.insert("items".to_owned(), json!({}));
            lowering.note(at, ChangeKind::Rewritten, "an array with `minItems` but no `items` given `items: {}`");
        }
        if !moved.is_empty() {
            let text = moved.iter().map(|(keyword, value, _)| format!("{keyword}: {value}")).collect::<Vec<_>>();
            append_paragraph(node, &format!("{{{}}}", text.join(", ")));
            for (keyword, value, why) in moved {
                let detail = format!("{{{keyword}: {value}}} ({why}; still checked when the call arrives)");
                lowering.note(at, ChangeKind::MovedToDescription, detail);
            }
        }
        Ok(())
    })
}

fn is_integer(node: &Map<String, Value>) -> bool {
    node.get("type").is_some_and(|ty| ty == "integer")
}

/// Whether an integer bound lies within `limit` either way, read exactly (a bound past 2^53 is not
/// exact as a float).
fn fits(bound: &Value, limit: i128) -> bool {
    let exact = bound.as_i64().map(i128::from).or_else(|| bound.as_u64().map(i128::from));
    exact.is_some_and(|b| (-limit - 1..=limit).contains(&b))
}

/// `oneOf` written as `anyOf`: no engine holds a value to exactly one branch (xgrammar falls back to
/// `anyOf` when it cannot tell the branches apart, llguidance refuses such a `oneOf`); exactly one
/// is still checked when the call arrives. Beside an `anyOf` of its own it is left for the caller
/// to move into the description (gives `false`).
fn one_of(node: &mut Map<String, Value>, name: &str, at: &str, lowering: &mut Lowering) -> bool {
    if !node.contains_key("oneOf") {
        return true;
    }
    if node.contains_key("anyOf") {
        return false;
    }
    let branches = node.remove("oneOf").expect("checked");
    node.insert("anyOf".to_owned(), branches);
    lowering.note(
        at,
        ChangeKind::Rewritten,
        format!(
            "`oneOf` written as `anyOf`: {name} cannot hold a value to exactly one branch (that exactly one \
             matches is still checked when the call arrives)"
        ),
    );
    true
}

/// Refuses a schema no value satisfies, which an engine refuses or turns into a grammar whose every
/// call is then refused: an `enum` none of whose values has the schema's `type`, or bounds that
/// cross.
fn unsatisfiable(node: &Map<String, Value>, name: &str, at: &str, lowering: &Lowering) -> Result<(), RenderError> {
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
                    "no value satisfies this schema: its `enum` holds no value of type {}, and {name} refuses it \
                     (or makes every call fail); give the enum values of the type, or the type of the values",
                    types.join(" or ")
                ),
            ));
        }
    }
    for (least, most) in [("minItems", "maxItems"), ("minLength", "maxLength"), ("minProperties", "maxProperties")] {
        if let (Some(low), Some(high)) =
            (node.get(least).and_then(Value::as_u64), node.get(most).and_then(Value::as_u64))
            && low > high
        {
            return Err(lowering.error(
                at,
                format!("no value satisfies this schema: `{least}` {low} is more than `{most}` {high}, and {name} refuses it"),
            ));
        }
    }
    Ok(())
}

fn has_type(value: &Value, ty: &str) -> bool {
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

/// The first construct of `pattern` the engine cannot compile or would ignore, in words.
fn unsupported_construct(pattern: &str, regex: &Regex) -> Option<&'static str> {
    let bytes = pattern.as_bytes();
    let mut i = 0;
    let mut in_class = false;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if i + 1 < bytes.len() => {
                let next = bytes[i + 1];
                if regex.backreferences && !in_class && (next.is_ascii_digit() && next != b'0' || next == b'k') {
                    return Some("a backreference");
                }
                if regex.unicode_classes && (next == b'p' || next == b'P') {
                    return Some("a Unicode class (`\\p{…}`)");
                }
                i += 2;
                continue;
            }
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'(' if !in_class && regex.lookaround => {
                let rest = &pattern[i + 1..];
                if ["?=", "?!", "?<=", "?<!"].iter().any(|look| rest.starts_with(look)) {
                    return Some("a lookaround (`(?=…)`, `(?!…)`)");
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Target;

    fn lowered(engine: GrammarEngine, mut schema: Value) -> (Value, Vec<String>) {
        let mut lowering = Lowering::new("t", Target::OpenAi);
        grammar_subset(&mut schema, engine, "/parameters", &mut lowering).unwrap();
        (schema, lowering.report.changes.iter().map(|change| format!("{}: {}", change.path, change.detail)).collect())
    }

    #[test]
    fn xgrammar_gets_lengths_beside_a_pattern_in_the_description() {
        let (schema, report) =
            lowered(GrammarEngine::XGrammar, json!({"type": "string", "pattern": "^[a-z]+$", "maxLength": 8}));
        assert_eq!(schema, json!({"type": "string", "pattern": "^[a-z]+$", "description": "{maxLength: 8}"}));
        assert_eq!(
            report,
            ["/parameters: {maxLength: 8} (xgrammar ignores string lengths beside a pattern; still checked when the \
              call arrives)"]
        );
        // llguidance holds both.
        let (schema, report) =
            lowered(GrammarEngine::LlGuidance, json!({"type": "string", "pattern": "^[a-z]+$", "maxLength": 8}));
        assert_eq!(schema["maxLength"], 8);
        assert!(report.is_empty());
    }

    #[test]
    fn formats_an_engine_does_not_know_are_moved_and_rust_number_formats_dropped() {
        let schema = json!({"type": "object", "properties": {
            "at": {"type": "string", "format": "dateTime"},
            "site": {"type": "string", "format": "uri"},
            "n": {"type": "integer", "format": "int64"}}});
        let (out, _) = lowered(GrammarEngine::LlGuidance, schema.clone());
        assert_eq!(out["properties"]["at"], json!({"type": "string", "description": "{format: \"dateTime\"}"}));
        assert_eq!(out["properties"]["site"]["format"], "uri");
        assert_eq!(out["properties"]["n"], json!({"type": "integer"}));
        let (out, _) = lowered(GrammarEngine::LlamaCpp, schema);
        assert_eq!(out["properties"]["site"], json!({"type": "string", "description": "{format: \"uri\"}"}));
    }

    #[test]
    fn one_of_becomes_any_of_and_unhonoured_keywords_are_described() {
        let (out, report) = lowered(
            GrammarEngine::LlGuidance,
            json!({"type": "array", "uniqueItems": true, "items": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}),
        );
        assert_eq!(
            out,
            json!({"type": "array", "description": "{uniqueItems: true}",
                   "items": {"anyOf": [{"type": "string"}, {"type": "integer"}]}})
        );
        assert_eq!(report.len(), 2, "{report:?}");
    }

    #[test]
    fn patterns_with_constructs_an_engine_cannot_compile_are_described() {
        for (pattern, xgrammar, llguidance) in [
            ("^(?=.*[A-Z]).{8,}$", true, true),
            ("^(a)\\1$", true, true),
            ("^\\p{L}+$", true, false),
            ("^[\\p{L}]+$", true, false),
            ("^[(?=]\\d{2}$", false, false),
            ("^\\0\\d$", false, false),
        ] {
            let moved =
                |engine| lowered(engine, json!({"type": "string", "pattern": pattern})).0.get("pattern").is_none();
            assert_eq!(moved(GrammarEngine::XGrammar), xgrammar, "{pattern}");
            assert_eq!(moved(GrammarEngine::LlGuidance), llguidance, "{pattern}");
        }
    }

    #[test]
    fn bounds_past_what_an_engine_compiles_are_described() {
        let (out, _) = lowered(
            GrammarEngine::XGrammar,
            json!({"type": "integer", "minimum": -9223372036854775808i64, "maximum": 18446744073709551615u64}),
        );
        assert_eq!(out["minimum"], json!(-9223372036854775808i64));
        assert!(out.get("maximum").is_none());
        let (out, _) =
            lowered(GrammarEngine::LlGuidance, json!({"type": "integer", "minimum": -9223372036854775808i64}));
        assert!(out.get("minimum").is_none());
        let (out, _) = lowered(GrammarEngine::LlGuidance, json!({"type": "number", "maximum": 1e20}));
        assert!(out.get("maximum").is_none());
    }

    #[test]
    fn a_schema_no_value_satisfies_is_refused_with_its_path() {
        let mut schema = json!({"type": "object", "properties": {"n": {"type": "integer", "enum": ["1", "2"]}}});
        let mut lowering = Lowering::new("tickets", Target::OpenAi);
        let err = grammar_subset(&mut schema, GrammarEngine::LlGuidance, "/parameters", &mut lowering).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("tickets") && text.contains("/parameters/properties/n"), "{text}");
        assert!(text.contains("no value of type integer"), "{text}");
    }
}
