//! The keyword subset of each grammar engine ([`GrammarEngine`]): what an open-model server's engine
//! compiles a tool's parameter schema into, when a request asks for a call. A keyword the engine
//! would refuse (the request fails: "unknown format", "unimplemented keys") or silently ignore (the
//! model may then write what the schema forbids) is moved into the description with the reason, so
//! the model still reads it and the call is still checked against it when it arrives; a `oneOf` is
//! written as `anyOf`, which every engine holds; a schema no value satisfies is refused.
//!
//! What each engine takes (`engines`) was measured with the engines' own compilers, keyword by
//! keyword; `pattern` reads a pattern for the constructs an engine cannot take; `unsatisfiable`
//! refuses what no value satisfies. The corpus tests compile every lowering with each engine's own
//! compiler (`tests/conformance/check_engines.py`): xgrammar, llguidance and llama.cpp's converter.

mod engines;
mod pattern;
mod unsatisfiable;

use serde_json::{Map, Value, json};

use crate::GrammarEngine;
use crate::passes::describe::append_paragraph;
use crate::passes::formats::{drop_wide_limit, is_rust_number, is_wide_limit};
use crate::passes::report::{ChangeKind, Lowering, RenderError};
use crate::passes::type_names;
use crate::passes::walk::walk_mut;
use engines::{Held, UNHONOURED, subset};
use pattern::unsupported_construct;
use unsatisfiable::unsatisfiable;

/// Lowers `schema` (already lowered for the OpenAI format) to what `engine` compiles and honours.
pub(crate) fn grammar_subset(
    schema: &mut Value,
    engine: GrammarEngine,
    path: &str,
    lowering: &mut Lowering,
) -> Result<(), RenderError> {
    let subset = subset(engine);
    let name = engine.proper_name();
    if subset.no_boolean_items_or_root_ref {
        root_under_defs(schema, name, path, lowering);
    }
    walk_mut(schema, path, &mut |node, at| {
        unsatisfiable(node, name, at, lowering)?;
        values_of_the_type(node, name, at, lowering);
        whole_integer_bounds(node, name, at, lowering);
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
        for keyword in UNHONOURED.iter().chain(subset.also_unsupported) {
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
        if let Some(why) = subset.lengths_beside_pattern
            && (node.contains_key("pattern") || node.contains_key("format") && subset.no_lengths_beside_format)
        {
            for keyword in ["minLength", "maxLength"] {
                take(node, keyword, format!("{name} {why}"));
            }
        }
        for keyword in ["minLength", "maxLength", "minItems", "maxItems"] {
            if node.get(keyword).and_then(Value::as_u64).is_some_and(|count| count >= subset.largest_count) {
                let why = format!("{name} cannot make a grammar of a count this large");
                take(node, keyword, why);
            }
        }
        if let Some(multiple) = node.get("multipleOf") {
            let on_integers = is_integer(node) && (multiple.is_i64() || multiple.is_u64());
            match subset.multiple_of {
                Held::All => {}
                Held::Some if on_integers => {}
                Held::Some => take(
                    node,
                    "multipleOf",
                    format!("{name} ignores `multipleOf` on numbers that need not be integers"),
                ),
                Held::None => take(node, "multipleOf", format!("{name} ignores `multipleOf`")),
            }
        }
        for keyword in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
            let Some(bound) = node.get(keyword) else { continue };
            if !subset.number_bounds && !is_integer(node) && bound.is_number() {
                take(node, keyword, format!("{name} ignores the bounds of a number that need not be an integer"));
                continue;
            }
            let too_large = if is_integer(node) {
                bound.as_f64().is_some_and(|b| b.abs() > subset.integer_bound as f64)
                    && !fits(bound, subset.integer_bound)
            } else {
                bound.as_f64().is_some_and(|b| b.abs() > subset.number_bound)
            };
            if too_large && is_wide_limit(keyword, bound) {
                drop_wide_limit(node, keyword, at, lowering);
            } else if too_large {
                take(node, keyword, format!("{name} cannot turn a bound this large into a grammar"));
            }
        }
        let all_of_taken = node.contains_key("allOf") && subset.all_of != Held::All;
        if all_of_taken {
            take(node, "allOf", format!("{name} does not compile `allOf`, and its parts do not merge into one schema"));
        }
        // A required field `properties` does not name: xgrammar and llama.cpp's converter write no
        // such field (llguidance writes it as any value, unless the object is closed), so every
        // call the grammar lets through would be refused for want of it.
        let closed = node.get("additionalProperties") == Some(&Value::Bool(false));
        // (At the root, or where an `allOf` was taken: inside a union beside an object's own
        // `properties`, a branch is a part of that object, and names its fields there.)
        if (at == path || all_of_taken)
            && let Some(missing) = required_but_unnamed(node)
            && (engine != GrammarEngine::LlGuidance || closed || all_of_taken)
        {
            let why = if all_of_taken {
                format!(
                    "only an `allOf` {name} does not compile names it, and the `allOf`'s parts do not merge into one \
                     schema (they disagree: a closed part, types or enums with nothing in common, two patterns, two \
                     unions; or, written flat, a part is a union of several objects at the root, which the nested \
                     union form keeps apart)"
                )
            } else {
                format!("`properties` does not name it, and {name} writes no field they do not name")
            };
            return Err(lowering.error(
                at,
                format!(
                    "`{missing}` is required, but {why}, so no call {name} lets through could have it; write the \
                     field in `properties`"
                ),
            ));
        }
        if subset.no_boolean_items_or_root_ref {
            boolean_items(node, name, at, lowering);
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

/// `items` as a boolean, which llama.cpp's converter refuses ("Unrecognized schema"): `true` is
/// `{}`, and `false` beside `prefixItems` goes, since the converter reads `prefixItems` as the whole
/// tuple.
fn boolean_items(node: &mut Map<String, Value>, name: &str, at: &str, lowering: &mut Lowering) {
    match node.get("items") {
        Some(Value::Bool(true)) => {
            node.insert("items".to_owned(), json!({}));
            lowering.note(at, ChangeKind::Rewritten, format!("`items: true` written as `items: {{}}` for {name}"));
        }
        Some(Value::Bool(false)) if node.contains_key("prefixItems") => {
            node.remove("items");
            let detail = format!("`items: false` left out: {name} reads `prefixItems` as the whole array");
            lowering.note(at, ChangeKind::Rewritten, detail);
        }
        _ => {}
    }
}

/// A reference to the root (`$ref: "#"`, how recursion through the root is kept), which llama.cpp's
/// converter refuses ("Unsupported ref"), points instead to a copy of the root under `$defs`.
fn root_under_defs(schema: &mut Value, name: &str, path: &str, lowering: &mut Lowering) {
    const ROOT: &str = "Root";
    fn repoint(value: &mut Value) -> bool {
        match value {
            Value::Object(node) => {
                let mut found = false;
                if node.get("$ref").is_some_and(|reference| reference == "#") {
                    node.insert("$ref".to_owned(), json!(format!("#/$defs/{ROOT}")));
                    found = true;
                }
                for (key, child) in node.iter_mut() {
                    if !matches!(key.as_str(), "const" | "enum" | "default" | "examples") {
                        found |= repoint(child);
                    }
                }
                found
            }
            Value::Array(items) => items.iter_mut().fold(false, |found, item| repoint(item) | found),
            _ => false,
        }
    }
    let Some(root) = schema.as_object() else { return };
    if root.get("$defs").and_then(|defs| defs.get(ROOT)).is_some() {
        return;
    }
    let mut copy = root.clone();
    copy.remove("$defs");
    if !repoint(schema) {
        return;
    }
    let mut copy = Value::Object(copy);
    repoint(&mut copy);
    let root = schema.as_object_mut().expect("an object");
    let defs = root.entry("$defs").or_insert_with(|| json!({}));
    if let Some(defs) = defs.as_object_mut() {
        defs.insert(ROOT.to_owned(), copy);
        let detail = format!(
            "`$ref: \"#\"` pointed at a copy of the root, `$defs/{ROOT}`: {name} takes no reference to the root"
        );
        lowering.note(path, ChangeKind::Rewritten, detail);
    }
}

/// Whether `node` holds integers alone (`null` beside them, as an optional field has it, too).
fn is_integer(node: &Map<String, Value>) -> bool {
    match node.get("type") {
        Some(Value::String(ty)) => ty == "integer",
        Some(Value::Array(types)) => {
            types.iter().any(|ty| ty == "integer") && types.iter().all(|ty| ty == "integer" || ty == "null")
        }
        _ => false,
    }
}

/// A field `node`, an object that names its fields, requires without naming it (nor a schema for
/// other fields). A part of an object (`{"required": ["id"]}` in a union beside the object's
/// `properties`) names none, and is not one.
fn required_but_unnamed(node: &Map<String, Value>) -> Option<String> {
    if node.get("additionalProperties").is_some_and(Value::is_object) || node.contains_key("patternProperties") {
        return None;
    }
    crate::passes::required_unnamed(node).map(str::to_owned)
}

/// An `enum` beside a `type` keeps only the values of the type: no other passes the schema, and
/// llama.cpp's converter and xgrammar let the enum win over the type (`{"type": "integer",
/// "enum": ["1", 2]}` would let `"1"` through, which the call is then refused for). An enum with no
/// value of the type is refused before this (`unsatisfiable`).
fn values_of_the_type(node: &mut Map<String, Value>, name: &str, at: &str, lowering: &mut Lowering) {
    let (Some(Value::Array(values)), Some(types)) = (node.get("enum"), node.get("type").and_then(type_names)) else {
        return;
    };
    let (kept, left): (Vec<Value>, Vec<Value>) =
        values.iter().cloned().partition(|value| types.iter().any(|ty| unsatisfiable::has_type(value, ty)));
    if left.is_empty() || kept.is_empty() {
        return;
    }
    let left_out = left.iter().map(Value::to_string).collect::<Vec<_>>().join(", ");
    node.insert("enum".to_owned(), Value::Array(kept));
    let detail = format!(
        "`enum` values of no type the schema allows left out ({left_out}): no such value passes the `type`, and \
         {name} would let them through"
    );
    lowering.note(at, ChangeKind::Dropped, detail);
}

/// A fractional bound on integers written as the whole bound that admits the same integers
/// (`minimum: 1.5` is `minimum: 2`): xgrammar refuses a bound of an integer that is not whole.
fn whole_integer_bounds(node: &mut Map<String, Value>, name: &str, at: &str, lowering: &mut Lowering) {
    if !is_integer(node) {
        return;
    }
    for (keyword, round) in [
        ("minimum", f64::ceil as fn(f64) -> f64),
        ("exclusiveMinimum", f64::floor),
        ("maximum", f64::floor),
        ("exclusiveMaximum", f64::ceil),
    ] {
        let Some(bound) = node.get(keyword).and_then(Value::as_f64).filter(|bound| bound.fract() != 0.0) else {
            continue;
        };
        let whole = round(bound);
        if whole.abs() >= (1u64 << 53) as f64 {
            continue;
        }
        node.insert(keyword.to_owned(), json!(whole as i64));
        let detail = format!(
            "`{keyword}: {bound}` written `{keyword}: {}`, which admits the same integers ({name} takes only whole \
             bounds on integers)",
            whole as i64
        );
        lowering.note(at, ChangeKind::Rewritten, detail);
    }
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
            ["/parameters: {maxLength: 8} (xgrammar ignores string lengths beside a pattern or a format; still \
              checked when the call arrives)"]
        );
        // llguidance holds a length beside a format.
        let (schema, report) =
            lowered(GrammarEngine::LlGuidance, json!({"type": "string", "format": "email", "maxLength": 8}));
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
    fn llama_cpp_gets_only_anchored_patterns_of_plain_classes_and_integer_bounds() {
        for (pattern, moved) in [
            ("^[a-z]+$", false),
            ("^[a-z\\]]+\\.txt$", false),
            ("[a-z]+", true),
            ("^\\d{3}$", true),
            ("^(?:ab)+$", true),
            ("^[A-Za-z0-9.\\-_]+$", true),
            ("^a$|^b$", true),
        ] {
            let (out, _) = lowered(GrammarEngine::LlamaCpp, json!({"type": "string", "pattern": pattern}));
            assert_eq!(out.get("pattern").is_none(), moved, "{pattern}");
        }
        let (out, _) = lowered(GrammarEngine::LlamaCpp, json!({"type": "number", "minimum": 0.5, "multipleOf": 0.5}));
        assert_eq!(out, json!({"type": "number", "description": "{multipleOf: 0.5, minimum: 0.5}"}));
        let (out, _) = lowered(GrammarEngine::LlamaCpp, json!({"type": "integer", "minimum": 1, "maximum": 9}));
        assert_eq!(out, json!({"type": "integer", "minimum": 1, "maximum": 9}));
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
    fn a_required_property_a_closed_all_of_branch_forbids_is_refused() {
        let mut schema = json!({"type": "object", "allOf": [
            {"type": "object", "properties": {"org": {"type": "string"}}, "required": ["org"]},
            {"type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": false}]});
        let mut lowering = Lowering::new("create_campaign", Target::OpenAi);
        let err = grammar_subset(&mut schema, GrammarEngine::LlGuidance, "/parameters", &mut lowering).unwrap_err();
        assert!(err.to_string().contains("`org` is required, but `allOf/1` is closed to it"), "{err}");
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

    #[test]
    fn an_all_of_left_unmerged_is_moved_and_what_only_it_names_refused() {
        // The lowering merges an `allOf` whose parts agree; one left is one whose parts disagree.
        let two_patterns = json!({"type": "object", "properties": {"code": {"type": "string", "allOf": [
            {"pattern": "^[a-z]+$"}, {"pattern": "^.{1,5}$"}]}}});
        for engine in [GrammarEngine::XGrammar, GrammarEngine::LlamaCpp] {
            let (out, said) = lowered(engine, two_patterns.clone());
            assert!(out["properties"]["code"].get("allOf").is_none(), "{engine}: {out}");
            assert!(said.iter().any(|line| line.contains("does not compile `allOf`")), "{said:?}");
        }
        let (kept, _) = lowered(GrammarEngine::LlGuidance, two_patterns);
        assert!(kept["properties"]["code"]["allOf"].is_array(), "llguidance holds it");
        // An object whose fields only the `allOf` names: the engine could write none of them.
        let mut parts = json!({"type": "object", "properties": {}, "required": ["owner"], "allOf": [
            {"properties": {"owner": {"type": "string"}}, "additionalProperties": false},
            {"properties": {"labels": {"type": "array"}}}]});
        let mut lowering = Lowering::new("add_labels", Target::OpenAi);
        let err = grammar_subset(&mut parts, GrammarEngine::LlamaCpp, "/parameters", &mut lowering).unwrap_err();
        assert!(err.to_string().contains("`owner` is required, but only an `allOf`"), "{err}");
    }

    #[test]
    fn enum_values_of_another_type_are_left_out_and_a_const_of_another_type_refused() {
        let schema = json!({"type": "object", "properties": {
            "adults": {"type": ["integer", "null"], "enum": ["1", "2", 3, null]}}});
        for engine in [GrammarEngine::XGrammar, GrammarEngine::LlGuidance, GrammarEngine::LlamaCpp] {
            let (out, said) = lowered(engine, schema.clone());
            assert_eq!(out["properties"]["adults"]["enum"], json!([3, null]), "{engine}");
            assert!(said.iter().any(|line| line.contains("left out (\"1\", \"2\")")), "{said:?}");
        }
        let mut constant = json!({"type": "object", "properties": {"kind": {"type": "string", "const": 1}}});
        let mut lowering = Lowering::new("t", Target::OpenAi);
        let err = grammar_subset(&mut constant, GrammarEngine::XGrammar, "/parameters", &mut lowering).unwrap_err();
        assert!(err.to_string().contains("its `const` 1 is not of type string"), "{err}");
    }

    #[test]
    fn integer_bounds_are_read_on_nullable_integers_and_made_whole() {
        let schema = json!({"type": "object", "properties": {
            "page": {"type": ["integer", "null"], "minimum": 1.5, "exclusiveMaximum": 9.5},
            "offset": {"type": ["integer", "null"], "minimum": -1e20}}});
        let (xgrammar, _) = lowered(GrammarEngine::XGrammar, schema.clone());
        assert_eq!(xgrammar["properties"]["page"]["minimum"], json!(2));
        assert_eq!(xgrammar["properties"]["page"]["exclusiveMaximum"], json!(10));
        assert!(xgrammar["properties"]["offset"].get("minimum").is_none(), "past what xgrammar takes: {xgrammar}");
        // llama.cpp holds an integer's bounds, `null` beside it or not.
        let (llama, _) = lowered(GrammarEngine::LlamaCpp, schema);
        assert_eq!(llama["properties"]["page"]["minimum"], json!(2));
        let mut crossing =
            json!({"type": "object", "properties": {"n": {"type": "integer", "minimum": 5, "maximum": 1}}});
        let mut lowering = Lowering::new("t", Target::OpenAi);
        let err = grammar_subset(&mut crossing, GrammarEngine::LlGuidance, "/parameters", &mut lowering).unwrap_err();
        assert!(err.to_string().contains("`minimum` 5 is more than `maximum` 1"), "{err}");
    }

    #[test]
    fn bounds_that_leave_nothing_between_and_a_required_property_nothing_satisfies_are_refused() {
        let refusal = |property: Value, required: bool| {
            let mut schema = json!({"type": "object", "properties": {"n": property}});
            if required {
                schema["required"] = json!(["n"]);
            }
            let mut lowering = Lowering::new("t", Target::OpenAi);
            grammar_subset(&mut schema, GrammarEngine::LlGuidance, "/parameters", &mut lowering)
                .err()
                .map(|err| err.to_string())
        };
        let nothing_between = [
            (json!({"type": "number", "minimum": 1, "exclusiveMaximum": 1}), "`minimum` 1 and `exclusiveMaximum` 1"),
            (json!({"type": "integer", "minimum": 0.2, "maximum": 0.8}), "`minimum` 0.2 and `maximum` 0.8"),
            (json!({"type": "integer", "exclusiveMinimum": 1, "exclusiveMaximum": 2}), "`exclusiveMinimum` 1 and"),
        ];
        for (property, said) in nothing_between {
            let err = refusal(property.clone(), false).unwrap_or_else(|| panic!("{property} is lowered"));
            assert!(err.contains(said) && err.contains("leave no"), "{err}");
        }
        // A number may still be the bound itself, and `null` satisfies a nullable integer's schema.
        assert_eq!(refusal(json!({"type": "number", "minimum": 1, "maximum": 1}), true), None);
        assert_eq!(refusal(json!({"type": "integer", "minimum": 0.5, "maximum": 1}), true), None);
        assert_eq!(refusal(json!({"type": ["integer", "null"], "minimum": 0.2, "maximum": 0.8}), true), None);
        for impossible in [json!(false), json!({"type": "string", "enum": []})] {
            let err = refusal(impossible.clone(), true).unwrap_or_else(|| panic!("{impossible} is lowered"));
            assert!(err.contains("`n` is required, but its schema admits no value"), "{err}");
        }
        // Left out, a property nothing satisfies only forbids the field.
        assert_eq!(refusal(json!(false), false), None);
    }
}
