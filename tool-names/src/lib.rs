//! Naming rules shared by toolc's macros, runtime and command line, so each rule is written once:
//! which tool names every provider accepts, how Rust names become tool names, serde's rename rules,
//! and did-you-mean suggestions.

#![warn(missing_docs)]

/// The pattern of a tool name every provider accepts, as text for messages.
pub const PORTABLE_TOOL_NAME: &str = "^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$";

/// Whether `name` matches [`PORTABLE_TOOL_NAME`]: a letter or `_`, then letters, digits, `_` or `-`,
/// at most 64 in all.
///
/// ```
/// assert!(toolc_names::is_portable_tool_name("launchBrowser"));
/// assert!(!toolc_names::is_portable_tool_name("web search"));
/// ```
pub fn is_portable_tool_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 64
        && (bytes[0].is_ascii_alphabetic() || bytes[0] == b'_')
        && bytes.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Whether `name` may name an HTTP header: at least one of RFC 9110's `tchar` (letters, digits and
/// `` !#$%&'*+-.^_`|~ ``). MCP mirrors a parameter marked `x-mcp-header: NAME` into the header
/// `Mcp-Param-NAME`, so the macros and the MCP rendering both check the name with this.
///
/// ```
/// assert!(toolc_names::is_header_name("Region"));
/// assert!(!toolc_names::is_header_name("two words"));
/// assert!(!toolc_names::is_header_name(""));
/// ```
pub fn is_header_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c))
}

/// The rule names serde's `rename_all` accepts.
pub const RENAME_RULES: &[&str] = &[
    "lowercase",
    "UPPERCASE",
    "PascalCase",
    "camelCase",
    "snake_case",
    "SCREAMING_SNAKE_CASE",
    "kebab-case",
    "SCREAMING-KEBAB-CASE",
];

/// `ColorPalette` -> `color_palette`, `HTTPServer` -> `http_server`.
///
/// ```
/// assert_eq!(toolc_names::snake_case("AddOrReplaceNodes"), "add_or_replace_nodes");
/// ```
pub fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let after_lower = i > 0 && (chars[i - 1].is_lowercase() || chars[i - 1].is_ascii_digit());
            let acronym_end =
                i > 0 && chars[i - 1].is_uppercase() && chars.get(i + 1).is_some_and(|next| next.is_lowercase());
            if (after_lower || acronym_end) && !out.ends_with('_') {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `web_search` -> `WebSearch`.
///
/// ```
/// assert_eq!(toolc_names::pascal_case("web_search"), "WebSearch");
/// ```
pub fn pascal_case(name: &str) -> String {
    name.split('_')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
        })
        .collect()
}

/// `text` for a one-line message: control characters (a line break in a hand-written tool name)
/// written as escapes, everything else as it is.
///
/// ```
/// assert_eq!(toolc_names::one_line("add"), "add");
/// assert_eq!(toolc_names::one_line("two\nlines\t!"), "two\\nlines\\t!");
/// ```
pub fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let escaped = text.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() });
    std::borrow::Cow::Owned(escaped.collect())
}

/// The candidate closest to `given`, when one is close enough to be what was meant: equal but for
/// case, or at most a third of its length in edits (one edit at least: a typo or a swapped pair).
/// Names shorter than three characters are only matched up to case: any short name is one edit
/// from any other.
/// Ties go to the first candidate, so the answer is deterministic.
///
/// ```
/// assert_eq!(toolc_names::did_you_mean("serch", ["search", "fetch"]), Some("search"));
/// assert_eq!(toolc_names::did_you_mean("delete", ["search", "fetch"]), None);
/// ```
pub fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(&str, usize)> = None;
    for candidate in candidates {
        let distance =
            if candidate.eq_ignore_ascii_case(given) { 0 } else { strsim::damerau_levenshtein(given, candidate) };
        let length = candidate.chars().count();
        let allowed = if length < 3 { 0 } else { (length / 3).max(1) };
        if distance <= allowed && best.is_none_or(|(_, top)| distance < top) {
            best = Some((candidate, distance));
        }
    }
    best.map(|(candidate, _)| candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_of_type_names() {
        assert_eq!(snake_case("ColorPalette"), "color_palette");
        assert_eq!(snake_case("HTTPServer"), "http_server");
        assert_eq!(snake_case("Node2Op"), "node2_op");
        assert_eq!(snake_case("already_snake"), "already_snake");
    }

    #[test]
    fn pascal_case_of_function_names() {
        assert_eq!(pascal_case("add"), "Add");
        assert_eq!(pascal_case("_private_fn"), "PrivateFn");
    }

    #[test]
    fn portable_names() {
        assert!(is_portable_tool_name("_x-1"));
        assert!(!is_portable_tool_name("1st"));
        assert!(!is_portable_tool_name("a.b"));
        assert!(!is_portable_tool_name(""));
        assert!(is_portable_tool_name(&"a".repeat(64)));
        assert!(!is_portable_tool_name(&"a".repeat(65)));
    }

    #[test]
    fn suggestions() {
        assert_eq!(did_you_mean("mpc", ["openai", "mcp"]), Some("mcp"));
        assert_eq!(did_you_mean("WEB_SEARCH", ["web_search"]), Some("web_search"));
        assert_eq!(did_you_mean("nmae", ["name", "title"]), Some("name"));
        assert_eq!(did_you_mean("readonly", ["read_only", "open_world"]), Some("read_only"));
        assert_eq!(did_you_mean("x", ["add", "sub"]), None);
        assert_eq!(did_you_mean("c", ["a", "b"]), None, "short names are all one edit apart");
        assert_eq!(did_you_mean("A", ["a", "b"]), Some("a"));
    }
}
