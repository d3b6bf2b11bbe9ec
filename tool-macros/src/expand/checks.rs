//! Checks the generated code carries: compile errors for what a strict tool cannot take, and the
//! hidden function and `#[cfg(test)]` module that check a tool's examples.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, Type};

use super::replace_self;
use crate::attr::ToolArgs;
use crate::krate;

/// A compile error, through a trait bound with a message of its own, for each map or free-form
/// JSON type in a strict tool.
pub fn strict_checks(args: &ToolArgs, blockers: &[Type], self_ty: Option<&Type>) -> TokenStream {
    if args.strict == Some(false) {
        return TokenStream::new();
    }
    let rt = krate::runtime();
    blockers
        .iter()
        .map(|ty| {
            let written = match self_ty {
                Some(self_ty) => replace_self(ty.to_token_stream(), self_ty),
                None => ty.to_token_stream(),
            };
            quote_spanned! {ty.span()=> const _: fn() = #rt::__private::strict_argument::<#written>; }
        })
        .collect()
}

/// For a tool with examples: a hidden function that checks them, and a `#[cfg(test)]` module whose
/// test calls it, so a bad example fails the crate's tests, naming the example.
pub fn example_check(args: &ToolArgs, owner: &Ident, check: TokenStream, name: &str) -> (TokenStream, TokenStream) {
    if args.examples.is_empty() {
        return (TokenStream::new(), TokenStream::new());
    }
    let module = format_ident!("__toolc_examples_{}", name);
    (
        quote! {
            impl #owner {
                #[doc(hidden)]
                pub fn __toolc_check_examples() -> ::core::result::Result<(), ::std::string::String> {
                    #check
                }
            }
        },
        examples_test_module(&module, quote!(#owner::__toolc_check_examples())),
    )
}

pub fn examples_test_module(module: &Ident, call: TokenStream) -> TokenStream {
    quote! {
        #[cfg(test)]
        #[doc(hidden)]
        mod #module {
            #[test]
            fn examples_fit_the_tool() {
                #[allow(unused_imports)]
                use super::*;
                if let ::core::result::Result::Err(problem) = #call {
                    ::core::panic!("{}", problem);
                }
            }
        }
    }
}
