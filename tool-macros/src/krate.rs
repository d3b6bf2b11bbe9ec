//! The path of `toolc` as the user's crate names it, so renamed dependencies work.

use proc_macro_crate::{FoundCrate, crate_name};
use proc_macro2::{Span, TokenStream};
use quote::quote;

pub fn runtime() -> TokenStream {
    match crate_name("toolc") {
        Ok(FoundCrate::Name(name)) => {
            let ident = syn::Ident::new(&name, Span::call_site());
            quote!(::#ident)
        }
        // Inside toolc (its doctests too) `extern crate self as toolc` makes this work.
        Ok(FoundCrate::Itself) | Err(_) => quote!(::toolc),
    }
}
