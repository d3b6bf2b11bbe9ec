//! The size and depth of arguments that arrive parsed (an MCP server's), measured as their compact
//! JSON text would be (short of its escapes), without writing it: a call's limits hold whether it
//! came as text or not.

use serde_json::{Map, Value};

/// What [`Measure::object`] found: the bytes of compact JSON text with its strings unescaped
/// (counting stops once past the limit), and the deepest nesting of objects and lists.
pub(crate) struct Measure {
    limit: usize,
    pub(crate) bytes: usize,
    pub(crate) deepest: usize,
}

impl Measure {
    /// A measure that stops counting once past `limit` bytes.
    pub(crate) fn up_to(limit: usize) -> Self {
        Measure { limit, bytes: 0, deepest: 0 }
    }

    /// Measures `object`, found at nesting `depth` (1 for the arguments themselves).
    pub(crate) fn object(&mut self, object: &Map<String, Value>, depth: usize) {
        self.deepest = self.deepest.max(depth);
        // Braces, a colon per member and a comma between members.
        self.bytes += 2 + object.len() + object.len().saturating_sub(1);
        for (key, value) in object {
            if self.bytes > self.limit {
                return;
            }
            self.bytes += string_len(key);
            self.value(value, depth);
        }
    }

    fn value(&mut self, value: &Value, depth: usize) {
        match value {
            Value::Null => self.bytes += 4,
            Value::Bool(true) => self.bytes += 4,
            Value::Bool(false) => self.bytes += 5,
            Value::Number(number) => self.bytes += number_len(number),
            Value::String(text) => self.bytes += string_len(text),
            Value::Array(items) => {
                self.deepest = self.deepest.max(depth + 1);
                self.bytes += 2 + items.len().saturating_sub(1);
                for item in items {
                    if self.bytes > self.limit {
                        return;
                    }
                    self.value(item, depth + 1);
                }
            }
            Value::Object(object) => self.object(object, depth + 1),
        }
    }
}

/// The length of `text` quoted. Escapes are not counted: they would cost a scan of every byte, and
/// the limit bounds the work a call makes, which the unescaped length measures as well.
fn string_len(text: &str) -> usize {
    text.len() + 2
}

fn number_len(number: &serde_json::Number) -> usize {
    let digits = |n: u64| n.checked_ilog10().map_or(1, |log| log as usize + 1);
    match (number.as_u64(), number.as_i64()) {
        (Some(n), _) => digits(n),
        (None, Some(n)) => 1 + digits(n.unsigned_abs()),
        (None, None) => number.to_string().len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn measure(value: &Value) -> Measure {
        let mut measure = Measure::up_to(usize::MAX);
        measure.object(value.as_object().unwrap(), 1);
        measure
    }

    #[test]
    fn counts_the_bytes_of_the_compact_text_short_of_escapes() {
        for value in [
            json!({}),
            json!({"a": null, "b": true, "c": false, "d": [], "e": {}}),
            json!({"n": [0, 7, 10, 99, 100, u64::MAX, -1, -10, i64::MIN, 1.5, -0.25, 1e300]}),
            json!({"deep": [[{"x": [1, 2, {"y": []}]}]], "z": "end", "é": "日本"}),
        ] {
            assert_eq!(measure(&value).bytes, value.to_string().len(), "{value}");
        }
        let escaped = json!({"quote\"": "back\\slash \n\u{1}"});
        // `\"`, `\\` and `\n` take a byte more each as text, `\u0001` five.
        assert_eq!(measure(&escaped).bytes, escaped.to_string().len() - 8, "escapes not counted");
    }

    #[test]
    fn finds_the_deepest_nesting_as_the_text_scan_does() {
        assert_eq!(measure(&json!({})).deepest, 1);
        assert_eq!(measure(&json!({"a": [1, {"b": "[[[{{{"}]})).deepest, 3);
        assert_eq!(measure(&json!({"a": [[[[]]]], "b": {}})).deepest, 5);
    }

    #[test]
    fn stops_counting_past_the_limit() {
        let big = json!({"a": "x".repeat(1000), "b": vec!["y"; 1000]});
        let mut measure = Measure::up_to(100);
        measure.object(big.as_object().unwrap(), 1);
        assert!(measure.bytes > 100 && measure.bytes < 1100, "{}", measure.bytes);
    }
}
