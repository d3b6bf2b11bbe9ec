//! Descriptions written into Rust so that what reads them back gets the same text, and so that
//! `cargo test` runs none of it.
//!
//! A description becomes a doc comment where that is faithful: schemars reads a field's or type's
//! doc comment line for line, and `#[tool]` reads a struct's. Two things break that. Rustdoc runs a
//! code block in any doc comment as a doctest (a server's usage example such as
//! `find_releases(organizationSlug='my-org')` fails `cargo test`), and `#[tool]` reads its doc
//! comment as rustdoc markdown: it drops `# Examples` sections, reads `# Arguments`, makes links
//! plain text, and tidies white space. Such a description is written whole in the attribute that
//! reads it (`#[tool(description = "…")]`, `#[schemars(description = "…")]`), and the doc comment
//! keeps its first paragraph when that is plain text, for whoever reads the Rust.

use proc_macro2::TokenStream;
use quote::quote;

/// Whether rustdoc could read part of `text` as a code block, and so run it: a fence (```` ``` ````
/// or `~~~`), or a line indented as an indented block can be. It errs towards yes: a description it
/// wrongly takes for code is still written faithfully, in an attribute.
fn holds_code(text: &str) -> bool {
    text.lines().any(|line| {
        let trimmed = line.trim_start();
        trimmed.starts_with("```") || trimmed.starts_with("~~~") || line.starts_with("    ") || line.starts_with('\t')
    })
}

/// The headings under which `#[tool]` does not keep a doc comment's text as it is: it reads the
/// arguments' descriptions from the first ones and drops the sections written for Rust callers.
const READ_HEADINGS: &[&str] =
    &["arguments", "parameters", "args", "examples", "example", "panics", "safety", "errors"];

/// Whether `#[tool]`, reading `text` as a doc comment, could give back other text: it reads some
/// markdown headings (`# Examples`, `# Arguments`), makes intra-doc links plain text, takes away an
/// indent every line shares and white space at the ends of lines, and keeps one blank line between
/// paragraphs. It errs towards yes, as [`holds_code`] does.
fn tool_reads_otherwise(text: &str) -> bool {
    let heading = |line: &str| {
        let name = line.trim_start().strip_prefix('#')?.trim_start_matches('#').trim().trim_end_matches(':');
        Some(READ_HEADINGS.contains(&name.to_ascii_lowercase().as_str()))
    };
    text != text.trim()
        || text.contains("\r\n")
        || text.contains("\n\n\n")
        || may_link(text)
        || text.lines().any(|line| line != line.trim_end() || heading(line) == Some(true))
}

/// Whether `text` holds what rustdoc could read as an intra-doc link, which `#[tool]` writes as
/// plain text: `[text](target)`, `[text][name]`, or a bracketed path or code span (`` [`Foo`] ``,
/// `[a::b]`). A bracketed word alone (`[FILE]`) is kept as it is.
fn may_link(text: &str) -> bool {
    text.match_indices('[').any(|(open, _)| {
        let after = &text[open + 1..];
        after.find(']').is_some_and(|close| {
            let (inner, tail) = (&after[..close], &after[close + 1..]);
            tail.starts_with(['(', '[']) || inner.starts_with('`') || inner.contains("::")
        })
    })
}

/// The first paragraph of `text` (its lines up to the first blank one), where it is plain text
/// that rustdoc and `#[tool]` read as it is.
fn plain_summary(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.trim().lines().take_while(|line| !line.trim().is_empty()).collect();
    let first = lines.join("\n");
    let plain = !first.is_empty() && !holds_code(&first) && !tool_reads_otherwise(&first);
    plain.then_some(first)
}

/// `text` as doc comment lines, each with the one space a `///` comment has.
fn doc_comment(text: &str) -> TokenStream {
    let lines = text.lines().map(|line| format!(" {line}"));
    quote!(#(#[doc = #lines])*)
}

/// How a tool's description is written: its doc comment, and the `description = "…"` argument of
/// `#[tool]` (with its leading comma) where the doc comment alone would not give the text back.
pub fn tool(text: &str) -> (TokenStream, TokenStream) {
    if !holds_code(text) && !tool_reads_otherwise(text) {
        return (doc_comment(text), TokenStream::new());
    }
    let docs = match plain_summary(text) {
        Some(summary) => doc_comment(&summary),
        None => doc_comment("The tool's description is in `#[tool(description)]`, written there as it was given."),
    };
    (docs, quote!(, description = #text))
}

/// How the description of a field or a type is written: its doc comment, and where that would hold
/// code, `#[schemars(description = "…")]` holding it instead.
pub fn schema(text: Option<&str>) -> TokenStream {
    match text.filter(|text| !text.trim().is_empty()) {
        None => TokenStream::new(),
        Some(text) if !holds_code(text) => doc_comment(text),
        Some(text) => {
            let docs = plain_summary(text).map(|summary| doc_comment(&summary)).unwrap_or_default();
            quote!(#docs #[schemars(description = #text)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_rustdoc_would_run_or_tool_would_change_goes_whole_into_the_attribute() {
        let example = "Find releases.\n\n```\nfind_releases(organizationSlug='my-org')\n```";
        let (docs, argument) = tool(example);
        assert_eq!(docs.to_string(), quote!(#[doc = " Find releases."]).to_string());
        assert_eq!(argument.to_string(), quote!(, description = #example).to_string());

        for changed in [
            "Read it.\n\n# Examples\n\nread(1)",
            "Read it.\n## Arguments:\n- path",
            "See [the guide](guide.md).",
            "See [`Reader`].",
            "  Indented.",
            "a\n\n\nb",
            "Trailing. \nSpace.",
        ] {
            assert!(!tool(changed).1.is_empty(), "{changed:?}");
        }
        for kept in ["With [FILE] and [DIR] prefixes.", "Steps:\n- one\n  * part", "## Usage\nRead."] {
            assert!(tool(kept).1.is_empty(), "{kept:?}");
        }
        let (docs, argument) = tool("# Examples\nRead a file.");
        assert!(argument.to_string().contains("# Examples"));
        assert!(docs.to_string().contains("is in `#[tool(description)]`"), "no plain first paragraph: {docs}");

        let plain = "Read a file.\nIts text, whole.\n\nAt most 1 MB.";
        let (docs, argument) = tool(plain);
        assert_eq!((docs.to_string(), argument.is_empty()), (doc_comment(plain).to_string(), true));
    }

    #[test]
    fn a_field_description_is_a_doc_comment_unless_it_holds_code() {
        assert_eq!(
            schema(Some("The path. [FILE] or [DIR].")).to_string(),
            doc_comment("The path. [FILE] or [DIR].").to_string()
        );
        let code = "A filter.\n\n    {\"status\": \"open\"}";
        assert_eq!(
            schema(Some(code)).to_string(),
            quote!(#[doc = " A filter."] #[schemars(description = #code)]).to_string()
        );
        assert!(schema(Some("  ")).is_empty() && schema(None).is_empty());
    }
}
