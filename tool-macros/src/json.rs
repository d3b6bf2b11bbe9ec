//! Example arguments written as JSON inside an attribute: `example({"query": "rust", "limit": 3})`.
//! JSON's syntax is made of Rust tokens, so the tokens are read as JSON here, with an error spanned
//! on the first token that is not JSON, and written out as JSON text.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::{Error, Lit};

/// The JSON text of `tokens`, which must be one JSON value.
pub fn to_json(tokens: TokenStream) -> Result<String, Error> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut at = 0;
    let mut out = String::new();
    value(&trees, &mut at, &mut out)?;
    match trees.get(at) {
        None => Ok(out),
        Some(extra) => Err(Error::new(extra.span(), "expected one JSON value; this comes after it")),
    }
}

fn value(trees: &[TokenTree], at: &mut usize, out: &mut String) -> Result<(), Error> {
    let Some(tree) = trees.get(*at) else {
        let span = trees.last().map_or_else(proc_macro2::Span::call_site, TokenTree::span);
        return Err(Error::new(span, "expected a JSON value"));
    };
    *at += 1;
    match tree {
        TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => object(group.stream(), out),
        TokenTree::Group(group) if group.delimiter() == Delimiter::Bracket => array(group.stream(), out),
        TokenTree::Ident(ident) if ident == "true" || ident == "false" || ident == "null" => {
            out.push_str(&ident.to_string());
            Ok(())
        }
        TokenTree::Punct(minus) if minus.as_char() == '-' => {
            out.push('-');
            match trees.get(*at) {
                Some(TokenTree::Literal(_)) => value(trees, at, out),
                _ => Err(Error::new(minus.span(), "expected a number after `-`")),
            }
        }
        TokenTree::Literal(literal) => match Lit::new(literal.clone()) {
            Lit::Str(text) => {
                string(&text.value(), out);
                Ok(())
            }
            Lit::Int(int) if int.suffix().is_empty() => {
                out.push_str(int.base10_digits());
                Ok(())
            }
            Lit::Float(float) if float.suffix().is_empty() => {
                out.push_str(float.base10_digits());
                Ok(())
            }
            _ => Err(Error::new(
                literal.span(),
                "not JSON: use a string in double quotes, a number, true, false or null",
            )),
        },
        other => {
            Err(Error::new(other.span(), "not JSON: expected an object, array, string, number, true, false or null"))
        }
    }
}

/// The items of an object or array, separated by commas, each read by `item`.
fn separated(
    tokens: TokenStream,
    out: &mut String,
    mut item: impl FnMut(&[TokenTree], &mut usize, &mut String) -> Result<(), Error>,
) -> Result<(), Error> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut at = 0;
    while at < trees.len() {
        if at > 0 {
            expect_punct(&trees, &mut at, ',')?;
            out.push(',');
            if at == trees.len() {
                return Err(Error::new(trees[at - 1].span(), "JSON has no trailing comma"));
            }
        }
        item(&trees, &mut at, out)?;
    }
    Ok(())
}

fn object(tokens: TokenStream, out: &mut String) -> Result<(), Error> {
    out.push('{');
    separated(tokens, out, |trees, at, out| {
        let key = match &trees[*at] {
            TokenTree::Literal(literal) => match Lit::new(literal.clone()) {
                Lit::Str(key) => Some(key.value()),
                _ => None,
            },
            _ => None,
        };
        match key {
            Some(key) => string(&key, out),
            None => return Err(Error::new(trees[*at].span(), "a JSON key is a string in double quotes")),
        }
        *at += 1;
        expect_punct(trees, at, ':')?;
        out.push(':');
        value(trees, at, out)
    })?;
    out.push('}');
    Ok(())
}

fn array(tokens: TokenStream, out: &mut String) -> Result<(), Error> {
    out.push('[');
    separated(tokens, out, value)?;
    out.push(']');
    Ok(())
}

fn expect_punct(trees: &[TokenTree], at: &mut usize, want: char) -> Result<(), Error> {
    match trees.get(*at) {
        Some(TokenTree::Punct(punct)) if punct.as_char() == want => {
            *at += 1;
            Ok(())
        }
        Some(other) => Err(Error::new(other.span(), format!("expected `{want}`"))),
        None => Err(Error::new(trees[*at - 1].span(), format!("expected `{want}` after this"))),
    }
}

fn string(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn reads_json_written_as_tokens() {
        let json =
            to_json(quote!({"query": "rust \"crates\"", "n": -3, "x": 1.5e3, "tags": ["a", null, true], "o": {}}));
        assert_eq!(json.unwrap(), r#"{"query":"rust \"crates\"","n":-3,"x":1.5e3,"tags":["a",null,true],"o":{}}"#);
    }

    #[test]
    fn refuses_what_is_not_json() {
        for tokens in [quote!({query: "x"}), quote!({"a": 'c'}), quote!({"a": 1,}), quote!({"a": 1u8}), quote!([1][2])]
        {
            assert!(to_json(tokens.clone()).is_err(), "{tokens}");
        }
    }
}
