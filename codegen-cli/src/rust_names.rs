//! Rust identifiers for names that come from JSON: property names, enum values and tool names may
//! hold any text, and each must become an identifier that compiles and is unique where it lives.

use std::collections::BTreeSet;

use proc_macro2::{Ident, Span};

/// Names that cannot be identifiers, not even raw ones (`r#self` is not allowed).
const NOT_EVEN_RAW: &[&str] = &["self", "Self", "super", "crate", "_"];

/// `text` with every character that cannot be in an identifier replaced by `_`.
fn identifier_chars(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect()
}

/// An identifier from `text`: `r#` before a keyword, `_` after one that cannot be raw, a prefix
/// before a leading digit or an empty name.
fn identifier(mut text: String, prefix: &str) -> Ident {
    if text.trim_matches('_').is_empty() || text.starts_with(|c: char| c.is_ascii_digit()) {
        text.insert_str(0, prefix);
    }
    if NOT_EVEN_RAW.contains(&text.as_str()) {
        text.push('_');
    }
    match syn::parse_str::<Ident>(&text) {
        Ok(ident) => ident,
        Err(_) => Ident::new_raw(&text, Span::call_site()),
    }
}

/// `"numResults"` → `num_results`, `"a b"` → `a_b`, `"type"` → `r#type`, `""` → `field_`.
pub fn field(name: &str) -> Ident {
    identifier(identifier_chars(&toolc_names::snake_case(name)), "field_")
}

/// `"find contacts"` → `FindContacts`, `"1st"` → `T1st`, `"self"` → `Self_`.
pub fn type_name(hint: &str) -> Ident {
    let pascal = toolc_names::pascal_case(&identifier_chars(&toolc_names::snake_case(hint)));
    identifier(pascal, "T")
}

/// Identifiers made unique among one scope's (a struct's fields, an enum's variants, a file's
/// types) by a number after a repeat.
#[derive(Default)]
pub struct Scope(BTreeSet<String>);

impl Scope {
    /// `ident`, or `ident` with the first number after it that is free.
    pub fn unique(&mut self, ident: Ident) -> Ident {
        let text = ident.to_string();
        let (raw, base) = match text.strip_prefix("r#") {
            Some(base) => (true, base.to_owned()),
            None => (false, text),
        };
        let mut name = base.clone();
        let mut n = 2;
        while !self.0.insert(name.clone()) {
            name = format!("{base}{n}");
            n += 1;
        }
        if raw && name == base {
            Ident::new_raw(&name, Span::call_site())
        } else {
            Ident::new(&name, Span::call_site())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_text_becomes_an_identifier() {
        let fields: Vec<String> = ["numResults", "a b", "type", "", "_", "1st", "self", "ü", "$ref", "a-b"]
            .iter()
            .map(|name| field(name).to_string())
            .collect();
        assert_eq!(
            fields,
            ["num_results", "a_b", "r#type", "field_", "field__", "field_1st", "self_", "field__", "_ref", "a_b"]
        );
        let types: Vec<String> = ["find contacts", "1st", "self", "", "x/y", "Self"]
            .iter()
            .map(|hint| type_name(hint).to_string())
            .collect();
        assert_eq!(types, ["FindContacts", "T1st", "Self_", "T", "XY", "Self_"]);
    }

    #[test]
    fn a_scope_numbers_repeats() {
        let mut scope = Scope::default();
        let names: Vec<String> = ["a_b", "a_b", "a_b", "r#type", "type"]
            .iter()
            .map(|name| match name.strip_prefix("r#") {
                Some(raw) => Ident::new_raw(raw, Span::call_site()),
                None => Ident::new(name, Span::call_site()),
            })
            .map(|ident| scope.unique(ident).to_string())
            .collect();
        assert_eq!(names, ["a_b", "a_b2", "a_b3", "r#type", "type2"]);
    }
}
