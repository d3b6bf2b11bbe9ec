//! Doc comments as descriptions: the tool's text, and its `# Arguments` entries.
//!
//! The description keeps rustdoc's markdown readable for a model: the `# Arguments` section becomes
//! per-argument descriptions, sections written for Rust callers (`# Examples`, `# Panics`,
//! `# Safety`, `# Errors`) are dropped, and intra-doc links become plain text.

use proc_macro2::Span;
use syn::{Attribute, Expr, ExprLit, Lit, Meta};

use crate::errors::Errors;

pub struct Docs {
    /// The description, trimmed; empty when there is no doc comment.
    pub description: String,
    /// The entries of the `# Arguments` section.
    pub arguments: Vec<ArgumentDoc>,
}

pub struct ArgumentDoc {
    pub name: String,
    pub text: String,
    /// The doc line that names the argument.
    pub span: Span,
}

#[derive(PartialEq)]
enum Section {
    Text,
    Arguments,
    Dropped,
}

const ARGUMENT_HEADINGS: &[&str] = &["arguments", "parameters", "args"];
const DROPPED_HEADINGS: &[&str] = &["examples", "example", "panics", "safety", "errors"];

/// The doc comment lines of `attrs`, each with the span of its attribute.
fn doc_lines(attrs: &[Attribute], errors: &mut Errors) -> Vec<(String, Span)> {
    let mut lines = Vec::new();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("doc")) {
        match &attr.meta {
            Meta::NameValue(nv) => match &nv.value {
                Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) => {
                    let span = syn::spanned::Spanned::span(&nv.value);
                    lines.extend(text.value().split('\n').map(|line| (line.to_owned(), span)));
                }
                other => errors.at(
                    other,
                    "toolc reads doc comments as text and cannot expand this; write the description \
                     in `#[tool(description = \"...\")]` instead",
                ),
            },
            // `#[doc(hidden)]`, `#[doc(alias = "…")]`: rustdoc's settings, not text.
            Meta::List(_) => {}
            Meta::Path(path) => errors.at(path, "expected a doc comment: `/// text`"),
        }
    }
    let indent = lines
        .iter()
        .filter(|(line, _)| !line.trim().is_empty())
        .map(|(line, _)| line.len() - line.trim_start().len())
        .min()
        .unwrap_or(0);
    for (line, _) in &mut lines {
        *line = if line.trim().is_empty() { String::new() } else { line[indent..].trim_end().to_owned() };
    }
    lines
}

pub fn parse(attrs: &[Attribute], errors: &mut Errors) -> Docs {
    let mut kept: Vec<&str> = Vec::new();
    let mut arguments: Vec<ArgumentDoc> = Vec::new();
    let mut section = Section::Text;
    let mut in_code = false;
    let lines = doc_lines(attrs, errors);
    for (line, span) in &lines {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && trimmed.starts_with('#') {
            let heading = trimmed.trim_start_matches('#').trim().trim_end_matches(':').to_ascii_lowercase();
            section = if ARGUMENT_HEADINGS.contains(&heading.as_str()) {
                Section::Arguments
            } else if DROPPED_HEADINGS.contains(&heading.as_str()) {
                Section::Dropped
            } else {
                Section::Text
            };
            if section != Section::Text {
                continue;
            }
        }
        match section {
            Section::Text => kept.push(line),
            Section::Dropped => {}
            Section::Arguments => read_argument_line(line, *span, &mut arguments, errors),
        }
    }
    Docs { description: tidy(&kept.join("\n")), arguments }
}

/// Reads `* `name` - text` (also `-`/`+` bullets, `name:` and `—` separators, bare names) or a
/// continuation of the previous entry.
fn read_argument_line(line: &str, span: Span, arguments: &mut Vec<ArgumentDoc>, errors: &mut Errors) {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return;
    }
    let bullet = ["* ", "- ", "+ "].iter().find_map(|bullet| trimmed.strip_prefix(bullet));
    let Some(entry) = bullet else {
        match arguments.last_mut() {
            Some(last) => {
                last.text.push(' ');
                last.text.push_str(trimmed);
            }
            None => errors.at_span(
                span,
                "cannot read this `# Arguments` line; write each argument as ``* `name` - description``",
            ),
        }
        return;
    };
    let entry = entry.trim_start();
    let (name, rest) = match entry.strip_prefix('`') {
        Some(quoted) => match quoted.split_once('`') {
            Some((name, rest)) => (name, rest),
            None => (quoted, ""),
        },
        None => {
            let end = entry.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(entry.len());
            entry.split_at(end)
        }
    };
    let text = rest.trim_start().trim_start_matches(['-', ':', '—', '–']).trim();
    if name.is_empty() {
        errors.at_span(span, "cannot read this `# Arguments` entry; write ``* `name` - description``");
        return;
    }
    arguments.push(ArgumentDoc { name: name.to_owned(), text: unlink(text), span });
}

/// Trims, collapses runs of blank lines, and unlinks intra-doc links.
fn tidy(text: &str) -> String {
    let mut out = String::new();
    let mut blank = false;
    for line in text.trim().lines() {
        if line.is_empty() {
            blank = true;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank { "\n\n" } else { "\n" });
        }
        blank = false;
        out.push_str(line);
    }
    unlink(&out)
}

/// `[`Foo`]` -> `` `Foo` ``; `[text](crate::path)` and `[text][ref]` -> `text`. Web links stay.
fn unlink(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inner = &after[..close];
        let tail = &after[close + 1..];
        if let Some(target) = tail.strip_prefix('(').and_then(|t| t.find(')').map(|end| &t[..end])) {
            if target.contains("://") || target.starts_with('#') {
                let whole = 1 + close + 1 + 1 + target.len() + 1;
                out.push_str(&rest[open..open + whole]);
            } else {
                out.push_str(inner);
            }
            rest = &tail[1 + target.len() + 1..];
        } else if let Some(end) = tail.strip_prefix('[').and_then(|t| t.find(']')) {
            out.push_str(inner);
            rest = &tail[1 + end + 1..];
        } else if inner.starts_with('`') && inner.ends_with('`') || inner.contains("::") {
            out.push_str(inner);
            rest = tail;
        } else {
            out.push('[');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::parse_quote;

    fn docs(attrs: Vec<Attribute>) -> Docs {
        let mut errors = Errors::default();
        let docs = parse(&attrs, &mut errors);
        assert!(errors.is_empty());
        docs
    }

    #[test]
    fn splits_description_and_arguments() {
        let docs = docs(parse_quote! {
            /// Search the web and return the best matches.
            ///
            /// Uses [`Engine`] under the hood; see [the guide](https://example.com/guide).
            ///
            /// # Arguments
            /// * `query` - The search query.
            /// * `num_results` - How many results
            ///   to return.
            ///
            /// # Examples
            /// ```
            /// # let x = 1;
            /// ```
            ///
            /// # Notes
            /// Results are cached.
        });
        assert_eq!(
            docs.description,
            "Search the web and return the best matches.\n\n\
             Uses `Engine` under the hood; see [the guide](https://example.com/guide).\n\n\
             # Notes\nResults are cached."
        );
        let args: Vec<_> = docs.arguments.iter().map(|a| (a.name.as_str(), a.text.as_str())).collect();
        assert_eq!(args, [("query", "The search query."), ("num_results", "How many results to return.")]);
    }

    #[test]
    fn reads_other_entry_styles() {
        let docs = docs(parse_quote! {
            /// Do it.
            ///
            /// ## Parameters:
            /// - path: Where to write.
            /// + `mode` — How.
        });
        let args: Vec<_> = docs.arguments.iter().map(|a| (a.name.as_str(), a.text.as_str())).collect();
        assert_eq!(args, [("path", "Where to write."), ("mode", "How.")]);
        assert_eq!(docs.description, "Do it.");
    }

    #[test]
    fn unlinks_rust_paths_but_not_web_links() {
        assert_eq!(unlink("see [`Page`] and [the docs](crate::docs) or [x][`y`]"), "see `Page` and the docs or x");
        assert_eq!(unlink("a [web](http://x.y) link, [1] and [ ok"), "a [web](http://x.y) link, [1] and [ ok");
    }

    #[test]
    fn hash_lines_in_code_blocks_are_not_headings() {
        let docs = docs(parse_quote! {
            /// Run a script.
            ///
            /// ```sh
            /// # Arguments
            /// ```
        });
        assert!(docs.arguments.is_empty());
        assert!(docs.description.contains("# Arguments"));
    }
}
