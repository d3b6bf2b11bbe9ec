//! Generated tool sources for the benchmarks: shared by `build.rs` (the 1,000 tools rendered in
//! `render`) and the `compile` benchmark (the 200-tool crate in three forms).
//!
//! The tools vary the way real ones do: strings with length bounds, optional numbers with ranges,
//! flags, string enums, lists, and a nested struct shared by many tools (so `$defs` appear).

/// The fields of tool `i` as `(name, type, doc, attributes)`.
pub fn fields(i: usize) -> Vec<(String, &'static str, String, &'static str)> {
    let mut fields = vec![
        ("query".to_owned(), "String", format!("What tool {i} looks for."), "#[schemars(length(min = 1, max = 500))]"),
        (
            "limit".to_owned(),
            "Option<u32>",
            "How many results at most.".to_owned(),
            "#[schemars(range(min = 1, max = 100))]",
        ),
    ];
    if i.is_multiple_of(2) {
        fields.push(("verbose".to_owned(), "bool", "Explain each result.".to_owned(), ""));
    }
    if i.is_multiple_of(3) {
        fields.push(("mode".to_owned(), "Mode", "How to match.".to_owned(), ""));
    }
    if i.is_multiple_of(4) {
        fields.push(("tags".to_owned(), "Vec<String>", "Tags to filter by.".to_owned(), ""));
    }
    if i.is_multiple_of(5) {
        fields.push(("window".to_owned(), "Window", "The time window.".to_owned(), ""));
    }
    for extra in 0..(i % 4) {
        fields.push((format!("field_{extra}"), "Option<String>", format!("Extra setting {extra}."), ""));
    }
    fields
}

/// The types the tools share.
pub const SHARED: &str = r#"
/// How a query matches.
#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Exact words.
    Exact,
    /// Any word.
    Any,
    /// Close spellings.
    Fuzzy,
}

/// A time window.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
pub struct Window {
    /// Start, RFC 3339.
    pub from: String,
    /// End, RFC 3339; now when absent.
    pub to: Option<String>,
}
"#;

/// `n` config-struct tools made with `#[tool]`, after [`SHARED`].
pub fn config_tools(n: usize) -> String {
    let mut out = String::from(SHARED);
    for i in 0..n {
        out.push_str(&format!(
            "\n/// Tool number {i}: finds things of kind {i}.\n#[toolc::tool]\n#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]\npub struct Tool{i} {{\n"
        ));
        for (name, ty, doc, attrs) in fields(i) {
            out.push_str(&format!("    /// {doc}\n    {attrs}\n    pub {name}: {ty},\n"));
        }
        out.push_str("}\n");
    }
    out
}
