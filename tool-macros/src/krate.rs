//! The path of `tool-runtime` as the user's crate names it, so renamed dependencies work.

use proc_macro_crate::{FoundCrate, crate_name};
use proc_macro2::{Span, TokenStream};
use quote::quote;

pub fn runtime() -> TokenStream {
    match crate_name("tool-runtime") {
        Ok(FoundCrate::Name(name)) => {
            let ident = syn::Ident::new(&name, Span::call_site());
            quote!(::#ident)
        }
        // Inside tool-runtime (its doctests too) `extern crate self as tool_runtime` makes this work.
        Ok(FoundCrate::Itself) | Err(_) => quote!(::tool_runtime),
    }
}
