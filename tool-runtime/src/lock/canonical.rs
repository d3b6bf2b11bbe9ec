//! One text for each definition, whatever the key order and formatting of the JSON it came in, and
//! its digest.

use std::fmt::Write;

use serde_json::{Map, Number, Value};
use sha2::{Digest, Sha256};

/// The member of a listed tool that is not part of its definition: metadata for clients, never
/// shown to a model (MCP's `_meta`).
const METADATA: &str = "_meta";

/// The digest of a tool definition, as the lock holds it: `sha256:` and the SHA-256, in lowercase
/// hexadecimal, of the definition's canonical JSON text.
///
/// The definition is the tool exactly as listed — an MCP `Tool` object as `tools/list` gives it, or
/// any provider's definition — less its top-level `_meta` member (MCP's metadata for clients, which
/// no model sees); everything else counts, `description`, schemas and annotations alike.
///
/// The canonical text has no whitespace, object keys sorted by their UTF-8 bytes at every depth,
/// strings escaped as serde_json escapes them, and numbers as serde_json writes them, except that an
/// integral number written with a fraction or an exponent is written as the integer (`1.0` is `1`):
/// so the key order, spacing, escapes and number formatting of the JSON the server sent never change
/// the digest, and any change to what it says does.
///
/// ```
/// use serde_json::json;
/// use toolc::lock::digest;
///
/// let listed = json!({"name": "ping", "description": "Ping.", "inputSchema": {"type": "object"}});
/// let same: serde_json::Value = serde_json::from_str(
///     r#"{ "inputSchema": {"type": "object"}, "description": "Ping.", "name": "ping", "_meta": {"v": 2} }"#,
/// ).unwrap();
/// assert_eq!(digest(&listed), digest(&same));
/// assert!(digest(&listed).starts_with("sha256:"));
/// assert_ne!(digest(&listed), digest(&json!({"name": "ping", "description": "Ping!", "inputSchema": {"type": "object"}})));
/// ```
pub fn digest(definition: &Value) -> String {
    let mut text = String::new();
    match definition {
        Value::Object(members) => write_object(members, true, &mut text),
        other => write_value(other, &mut text),
    }
    let hash = Sha256::digest(text.as_bytes());
    let mut out = String::with_capacity(7 + 2 * hash.len());
    out.push_str("sha256:");
    for byte in hash.iter() {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

fn write_value(value: &Value, out: &mut String) {
    match value {
        Value::Null | Value::Bool(_) => out.push_str(&value.to_string()),
        Value::Number(number) => write_number(number, out),
        Value::String(text) => out.push_str(&Value::String(text.clone()).to_string()),
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                write_value(item, out);
            }
            out.push(']');
        }
        Value::Object(members) => write_object(members, false, out),
    }
}

/// An object with its keys sorted; at the top of a definition, without its metadata.
fn write_object(members: &Map<String, Value>, top: bool, out: &mut String) {
    let mut keys: Vec<&String> = members.keys().filter(|key| !(top && *key == METADATA)).collect();
    keys.sort();
    out.push('{');
    for (index, key) in keys.into_iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        out.push_str(&Value::String(key.clone()).to_string());
        out.push(':');
        write_value(&members[key], out);
    }
    out.push('}');
}

/// The largest integer below which every integer is exactly a double.
const EXACT: f64 = 9_007_199_254_740_992.0;

fn write_number(number: &Number, out: &mut String) {
    match number.as_f64() {
        Some(float) if !number.is_i64() && !number.is_u64() && float.fract() == 0.0 && float.abs() < EXACT => {
            let _ = write!(out, "{}", float as i64);
        }
        _ => {
            let _ = write!(out, "{number}");
        }
    }
}

/// `definition` as the lock holds it: its metadata left out, its keys sorted at every depth (so it
/// is written sorted whichever map serde_json was built with).
pub(super) fn stored(definition: &Value) -> Value {
    match definition {
        Value::Object(members) => sorted_object(members, true),
        other => sorted(other),
    }
}

fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(members) => sorted_object(members, false),
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

fn sorted_object(members: &Map<String, Value>, top: bool) -> Value {
    let mut entries: Vec<(&String, &Value)> = members.iter().filter(|(key, _)| !(top && *key == METADATA)).collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    Value::Object(entries.into_iter().map(|(key, value)| (key.clone(), sorted(value))).collect())
}

/// Pretty JSON of a stored definition: two-space indents, a final newline; one member a line, so a
/// changed description is a one-line diff.
pub(super) fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).expect("JSON values serialize") + "\n"
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{digest, stored};

    fn parse(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn key_order_whitespace_escapes_and_number_formatting_do_not_change_the_digest() {
        let one = parse(
            r#"{"name":"a","description":"Café.","inputSchema":{"type":"object","properties":{"n":{"type":"integer","maximum":10,"minimum":1}}}}"#,
        );
        let other = parse(
            "{\n  \"inputSchema\" : { \"properties\": {\"n\": {\"minimum\": 1.0, \"maximum\": 1e1, \"type\": \"integer\"}},\n    \"type\": \"object\" },\n  \"description\": \"Caf\\u00e9.\",\n\t\"name\": \"a\"\n}",
        );
        assert_eq!(digest(&one), digest(&other));
        assert_eq!(digest(&one).len(), "sha256:".len() + 64);
        assert!(digest(&one)["sha256:".len()..].bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    }

    #[test]
    fn a_change_to_what_the_definition_says_changes_the_digest() {
        let base = json!({"name": "a", "description": "A.", "inputSchema": {"type": "object"}});
        for changed in [
            json!({"name": "a", "description": "A. ", "inputSchema": {"type": "object"}}),
            json!({"name": "b", "description": "A.", "inputSchema": {"type": "object"}}),
            json!({"name": "a", "description": "A.", "inputSchema": {"type": "object", "required": []}}),
            json!({"name": "a", "description": "A.", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}),
            json!({"name": "a", "description": "A.", "inputSchema": {"type": "object", "_meta": {}}}),
            json!({"name": "a", "description": "A.", "inputSchema": {"type": "object", "maximum": 1.5}}),
        ] {
            assert_ne!(digest(&base), digest(&changed), "{changed}");
        }
        // An array's order is what it says.
        assert_ne!(digest(&json!({"enum": [1, 2]})), digest(&json!({"enum": [2, 1]})));
        // 2^53 and beyond are not rewritten: a double there stands for many integers.
        assert_ne!(digest(&parse(r#"{"m": 9007199254740993}"#)), digest(&parse(r#"{"m": 9007199254740993.0}"#)));
    }

    #[test]
    fn the_top_level_meta_is_left_out_and_only_it() {
        let plain = json!({"name": "a", "description": "A.", "inputSchema": {"type": "object"}});
        let with_meta = json!({"name": "a", "description": "A.", "inputSchema": {"type": "object"}, "_meta": {"x": 1}});
        assert_eq!(digest(&plain), digest(&with_meta));
        assert_eq!(stored(&with_meta), plain);
        let inner = json!({"name": "a", "description": "A.", "inputSchema": {"type": "object", "_meta": {"x": 1}}});
        assert_eq!(stored(&inner)["inputSchema"]["_meta"], json!({"x": 1}));
    }

    #[test]
    fn a_stored_definition_is_written_with_its_keys_sorted() {
        let listed =
            parse(r#"{"name": "a", "inputSchema": {"type": "object", "properties": {}}, "description": "A."}"#);
        let text = serde_json::to_string(&stored(&listed)).unwrap();
        assert_eq!(text, r#"{"description":"A.","inputSchema":{"properties":{},"type":"object"},"name":"a"}"#);
    }
}
