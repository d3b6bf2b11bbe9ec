//! What a property's own keywords become in Rust: schemars's validation attributes where the Rust
//! type takes them (`range` on a number, `length` on a string or an array, `regex` on a string),
//! `extend` for the keywords the type cannot state but the tool's argument check enforces
//! (`format`, exclusive bounds, `multipleOf`, `const`, an enum of numbers, `uniqueItems`) and for
//! the annotations a model reads (`title`, `examples`, `deprecated`).

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_json::Value;

/// The keywords of a property's own schema that its field's attributes carry. `enum` is carried by
/// the field's type when its values are strings, by `extend` otherwise; `default` and
/// `description` are the field's own business.
pub const FIELD_KEYWORDS: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minItems",
    "maxItems",
    "uniqueItems",
    "const",
    "enum",
    "title",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// What the Rust type of a field is, as far as its attributes and its default care.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Integer,
    Float,
    Boolean,
    Text,
    List,
    /// A string enum: its values are its variants.
    Variants,
    /// A value of one of several types, which the field's `extend` states.
    Types,
    Other,
}

/// The schemars attribute for the keywords of `schema` (a property's own schema) in
/// [`FIELD_KEYWORDS`], for a field of `kind` (`or_null` when `schema` is a union's branch beside
/// `null`, whose `enum` or `const` must not refuse the `null` the union allows), and for a
/// `default` no Rust function gives (`null` for a field that is only left out, a list, a value of
/// another type), which the schema states as written.
pub fn attributes(schema: &Value, kind: Kind, or_null: bool, default: Option<&Value>) -> TokenStream {
    let Some(node) = schema.as_object() else { return TokenStream::new() };
    let mut range = Vec::new();
    let mut length = Vec::new();
    let mut parts = Vec::new();
    let mut extend = Vec::new();
    for key in FIELD_KEYWORDS {
        let Some(value) = node.get(*key) else { continue };
        let bound = number(value);
        let numeric = matches!(kind, Kind::Integer | Kind::Float);
        match (*key, kind) {
            ("minimum", _) if numeric && bound.is_some() => range.push(quote!(min = #bound)),
            ("maximum", _) if numeric && bound.is_some() => range.push(quote!(max = #bound)),
            ("minLength", Kind::Text) | ("minItems", Kind::List) if value.is_u64() => length.push(quote!(min = #bound)),
            ("maxLength", Kind::Text) | ("maxItems", Kind::List) if value.is_u64() => length.push(quote!(max = #bound)),
            ("pattern", Kind::Text) if value.is_string() => {
                let pattern = value.as_str();
                parts.push(quote!(regex(pattern = #pattern)));
            }
            ("enum", Kind::Variants) => {}
            // `null` from a union's other branch is still allowed: the values the branch allows,
            // and `null`, in one `enum` (written below).
            ("enum" | "const", _) if or_null => {}
            _ => {
                let value = json(value);
                extend.push(quote!(#key = #value));
            }
        }
    }
    if or_null && (node.contains_key("enum") || node.contains_key("const")) {
        let listed = node.get("enum").and_then(Value::as_array);
        let mut allowed: Vec<Value> = match (listed, node.get("const")) {
            (Some(values), Some(value)) => values.iter().filter(|listed| *listed == value).cloned().collect(),
            (Some(values), None) => values.clone(),
            (None, Some(value)) => vec![value.clone()],
            (None, None) => Vec::new(),
        };
        if !allowed.contains(&Value::Null) {
            allowed.push(Value::Null);
        }
        // A string enum is the field's type, which takes the other values.
        if kind != Kind::Variants || node.contains_key("const") {
            let allowed = json(&Value::Array(allowed));
            extend.push(quote!("enum" = #allowed));
        }
    }
    if kind == Kind::Types
        && let Some(types) = node.get("type")
    {
        let types = json(types);
        extend.insert(0, quote!("type" = #types));
    }
    if let Some(default) = default {
        let value = json(default);
        extend.push(quote!("default" = #value));
    }
    if !range.is_empty() {
        parts.insert(0, quote!(range(#(#range),*)));
    }
    if !length.is_empty() {
        parts.insert(0, quote!(length(#(#length),*)));
    }
    if !extend.is_empty() {
        parts.push(quote!(extend(#(#extend),*)));
    }
    if parts.is_empty() { TokenStream::new() } else { quote!(#[schemars(#(#parts),*)]) }
}

/// A JSON number as a Rust literal: schemars reads an unsuffixed integer as an `i32`, so a larger
/// one says its type.
pub fn number(value: &Value) -> Option<Literal> {
    if let Some(integer) = value.as_i64() {
        return Some(match i32::try_from(integer) {
            Ok(_) => Literal::i64_unsuffixed(integer),
            Err(_) => Literal::i64_suffixed(integer),
        });
    }
    if let Some(integer) = value.as_u64() {
        return Some(Literal::u64_suffixed(integer));
    }
    value.as_f64().map(Literal::f64_unsuffixed)
}

/// `value` as the tokens of `serde_json::json!`, which schemars's `extend` takes. A large array or
/// object is written as an expression building it instead: `json!` reads its input one element at
/// a time, recursively, and an enum of hundreds would pass the compiler's recursion limit. So does
/// a value nested deep, whatever its size: one nested past [`DEEP`] is written as its JSON text,
/// read when the schema is made.
pub fn json(value: &Value) -> TokenStream {
    if depth(value) > DEEP {
        let text = value.to_string();
        return quote!(serde_json::from_str::<serde_json::Value>(#text).expect("JSON that `toolc import` wrote"));
    }
    tokens(value)
}

/// [`json`] of a value nested no deeper than [`DEEP`].
fn tokens(value: &Value) -> TokenStream {
    match value {
        Value::Null => quote!(null),
        Value::Bool(flag) => quote!(#flag),
        Value::Number(_) => {
            let literal = number(value).expect("a JSON number is a literal");
            quote!(#literal)
        }
        Value::String(text) => quote!(#text),
        Value::Array(items) if items.len() > LARGE => {
            let items = items.iter().map(|item| {
                let item = tokens(item);
                quote!(serde_json::json!(#item))
            });
            quote!(serde_json::Value::Array(vec![#(#items),*]))
        }
        Value::Array(items) => {
            let items = items.iter().map(tokens);
            quote!([#(#items),*])
        }
        Value::Object(entries) if entries.len() > LARGE / 4 => {
            let entries = entries.iter().map(|(key, value)| {
                let value = tokens(value);
                quote!((#key.to_owned(), serde_json::json!(#value)))
            });
            quote!(serde_json::Value::Object(serde_json::Map::from_iter([#(#entries),*])))
        }
        Value::Object(entries) => {
            let entries = entries.iter().map(|(key, value)| {
                let value = tokens(value);
                quote!(#key: #value)
            });
            quote!({#(#entries),*})
        }
    }
}

/// How many elements `json!` is given at once (an object entry costs it about four times an
/// element): well within the compiler's default recursion limit of 128.
const LARGE: usize = 24;

/// How deep a value `json!` is given may nest. It expands each level in several steps, and past
/// about thirty levels stops at the compiler's recursion limit.
const DEEP: usize = 16;

/// How deep `value` nests arrays and objects (a scalar: 0).
fn depth(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Object(entries) => 1 + entries.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn a_large_array_or_object_is_built_not_read_by_json() {
        let small = super::json(&json!([1, "a", null, {"k": [true]}])).to_string();
        assert_eq!(small, r#"[1 , "a" , null , { "k" : [true] }]"#);
        let values: Vec<u32> = (0..100).collect();
        let large = super::json(&json!(values)).to_string();
        assert!(large.starts_with("serde_json :: Value :: Array (vec ! [serde_json :: json ! (0) ,"), "{large}");
        let entries: serde_json::Map<String, serde_json::Value> =
            (0..10).map(|n| (format!("k{n}"), json!(n))).collect();
        let object = super::json(&serde_json::Value::Object(entries)).to_string();
        assert!(object.starts_with(r#"serde_json :: Value :: Object (serde_json :: Map :: from_iter ([("k0" . to_owned () , serde_json :: json ! (0))"#), "{object}");
    }

    #[test]
    fn a_deeply_nested_value_is_read_from_its_text_not_by_json() {
        let mut value = json!(1);
        for _ in 0..super::DEEP / 2 {
            value = json!({"k": [value]});
        }
        assert!(super::json(&value).to_string().starts_with(r#"{ "k" : [{ "k""#));
        let deeper = super::json(&json!([value])).to_string();
        assert!(
            deeper.starts_with(r#"serde_json :: from_str :: < serde_json :: Value > ("[{\"k\":[{\"k\""#),
            "{deeper}"
        );
    }
}
