//! The procedural macros of toolc: `#[tool]` and `#[toolbox]`.
//!
//! Depend on `tool-runtime`, which re-exports these and documents them; the code generated here
//! names only `tool-runtime`'s API. Each phase is a module: `attr` reads attribute grammar, `docs`
//! reads doc comments, `ast` builds the macro's model of the item (refusing what cannot be a tool),
//! `valid` checks the rules, `expand` writes code. Errors are collected, not thrown, so one build
//! shows every mistake in an item.

mod ast;
mod attr;
mod docs;
mod errors;
mod expand;
mod krate;
mod suggest;
mod valid;

use proc_macro::TokenStream;

/// Makes a typed tool of a function, a config struct or an internally tagged enum.
///
/// See the `tool-runtime` crate for the attribute keys and examples.
#[proc_macro_attribute]
pub fn tool(args: TokenStream, input: TokenStream) -> TokenStream {
    expand::tool(args.into(), input.into()).into()
}

/// Makes a dispatch table of an impl block's `#[tool]` methods, or typed parsing of an enum whose
/// variants wrap `#[tool]` types.
///
/// See the `tool-runtime` crate for examples.
#[proc_macro_attribute]
pub fn toolbox(args: TokenStream, input: TokenStream) -> TokenStream {
    expand::toolbox(args.into(), input.into()).into()
}
