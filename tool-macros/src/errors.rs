//! Collects errors while parsing goes on, so one build reports every mistake of an item.

use proc_macro2::TokenStream;
use std::fmt::Display;

#[derive(Default)]
pub struct Errors(Vec<syn::Error>);

impl Errors {
    pub fn at(&mut self, tokens: impl quote::ToTokens, message: impl Display) {
        self.0.push(syn::Error::new_spanned(tokens, message));
    }

    pub fn at_span(&mut self, span: proc_macro2::Span, message: impl Display) {
        self.0.push(syn::Error::new(span, message));
    }

    pub fn push(&mut self, error: syn::Error) {
        self.0.push(error);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn to_compile_errors(&self) -> TokenStream {
        self.0.iter().map(syn::Error::to_compile_error).collect()
    }
}
