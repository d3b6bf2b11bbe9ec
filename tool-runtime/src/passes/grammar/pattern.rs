//! The constructs of a `pattern` an engine cannot compile or would ignore.

use super::engines::Regex;

/// The first construct of `pattern` the engine cannot compile or would ignore, in words.
pub(super) fn unsupported_construct(pattern: &str, regex: &Regex) -> Option<&'static str> {
    if regex.unanchored && !(pattern.starts_with('^') && pattern.ends_with('$') && !pattern.ends_with("\\$")) {
        return Some("a pattern not anchored at both ends (`^…$`)");
    }
    let bytes = pattern.as_bytes();
    let last = bytes.len().saturating_sub(1);
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
                // GBNF's escapes, and outside a class the metacharacters taken literally.
                let gbnf = matches!(next, b't' | b'r' | b'n' | b'\\' | b'"' | b'[' | b']' | b'x' | b'u' | b'U');
                let literal = !in_class && b"^$.()|{}*+?".contains(&next);
                if regex.escapes_beyond_gbnf && !gbnf && !literal {
                    return Some("an escape such as `\\d`, `\\w` or `\\-`");
                }
                i += 2;
                continue;
            }
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'^' if regex.inner_anchors && !in_class && i > 0 => return Some("an anchor inside the pattern"),
            b'$' if regex.inner_anchors && !in_class && i < last => return Some("an anchor inside the pattern"),
            b'(' if !in_class && regex.lookaround => {
                let rest = &pattern[i + 1..];
                if ["?=", "?!", "?<=", "?<!"].iter().any(|look| rest.starts_with(look)) {
                    return Some("a lookaround (`(?=…)`, `(?!…)`)");
                }
                // llama.cpp's converter reads no `(?` group at all, not even `(?:…)`.
                if regex.unanchored && rest.starts_with('?') {
                    return Some("a `(?…)` group");
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}
