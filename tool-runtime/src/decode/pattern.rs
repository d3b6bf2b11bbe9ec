//! The `pattern` keyword, read as JSON Schema reads it: an ECMA-262 regular expression.
//!
//! regex-lite reads the same syntax for what schemas write, and its `\d`, `\w` and `\b` are ASCII, as
//! ECMA-262's are. Its `\s` is ASCII too, where ECMA-262's takes every Unicode space and line
//! terminator: a grammar engine that reads `\s` as ECMA-262 does (llguidance) lets a model write a
//! no-break space there, so `\s` and `\S` are spelled out before regex-lite compiles the pattern.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use regex_lite::Regex;

/// ECMA-262's `\s`: its WhiteSpace and LineTerminator characters, as the members of a class.
const ECMA_SPACE: &str =
    r"\t\n\x0B\x0C\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";

/// `pattern` with ECMA-262's `\s` and `\S` spelled out for regex-lite. `\S` inside a class is left
/// as it is (its negation cannot be a class's members; regex-lite reads it as ASCII).
fn ecma_spaces(pattern: &str) -> Cow<'_, str> {
    if !pattern.contains("\\s") && !pattern.contains("\\S") {
        return Cow::Borrowed(pattern);
    }
    let mut out = String::with_capacity(pattern.len() + 64);
    let mut in_class = false;
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('s') if in_class => out.push_str(ECMA_SPACE),
                Some('s') => out.push_str(&format!("[{ECMA_SPACE}]")),
                Some('S') if !in_class => out.push_str(&format!("[^{ECMA_SPACE}]")),
                Some(escaped) => {
                    out.push('\\');
                    out.push(escaped);
                }
                None => out.push('\\'),
            },
            '[' if !in_class => {
                in_class = true;
                out.push(c);
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Whether `text` matches `pattern`; `None` when the pattern is not a regex this engine reads (then
/// it is not enforced: a call is never refused for a rule toolc cannot read).
pub(super) fn matches(pattern: &str, text: &str) -> Option<bool> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Regex>>>> = OnceLock::new();
    let mut cache = CACHE.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let regex = cache.entry(pattern.to_owned()).or_insert_with(|| Regex::new(&ecma_spaces(pattern)).ok());
    regex.as_ref().map(|regex| regex.is_match(text))
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn classes_are_ecma_262s_digits_and_word_characters_ascii_spaces_unicode() {
        assert_eq!(matches(r"^\d{4}$", "2026"), Some(true));
        assert_eq!(matches(r"^\d{4}$", "۲۰۲۶"), Some(false), "ECMA-262's \\d is 0-9 alone");
        assert_eq!(matches(r"^\w+$", "é"), Some(false));
        for space in ["\u{a0}", "\u{2028}", "\u{3000}", "\u{feff}", "\t"] {
            assert_eq!(matches(r"^\s$", space), Some(true), "{space:?}");
            assert_eq!(matches(r"^\S$", space), Some(false), "{space:?}");
        }
        assert_eq!(matches(r"^[\s,]+$", " ,\u{2003}"), Some(true));
        assert_eq!(matches(r"^\S+$", "a\u{a0}b"), Some(false));
        assert_eq!(matches(r"^\\s$", "\\s"), Some(true), "an escaped backslash is not a class");
        assert_eq!(matches(r"^\s$", "x"), Some(false));
        assert_eq!(matches("(unclosed", "x"), None);
    }
}
