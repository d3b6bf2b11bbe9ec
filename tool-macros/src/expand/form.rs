//! `#[derive(Form)]`: a type a tool may ask the user to fill in (MCP's elicitation), checked at
//! compile time against what a form holds. A struct's fields must each be a form field (a string,
//! a number, a boolean, an enum of unit variants, a list of such enums, or an `Option` of one),
//! which the trait `FormField` says, spanned on the field's type; an enum's variants must be unit
//! variants, which makes it a choice.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields};

use crate::errors::Errors;
use crate::krate;

pub fn derive(input: TokenStream) -> TokenStream {
    let input = match syn::parse2::<DeriveInput>(input) {
        Ok(input) => input,
        Err(err) => return err.to_compile_error(),
    };
    let mut errors = Errors::default();
    let rt = krate::runtime();
    let ident = &input.ident;
    if !input.generics.params.is_empty() {
        errors.at(&input.generics, "a form is one concrete type: it takes no generic parameters");
    }
    let generated = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(fields) => {
                let checks = fields.named.iter().map(|field| {
                    let ty = &field.ty;
                    quote_spanned!(ty.span()=> is_a_form_field::<#ty>();)
                });
                quote! {
                    impl #rt::Form for #ident {}
                    const _: () = {
                        fn is_a_form_field<T: #rt::FormField + ?Sized>() {}
                        #[allow(dead_code)]
                        fn fields() {
                            #(#checks)*
                        }
                    };
                }
            }
            other => {
                errors.at(other, "a form is a struct with named fields: each field is one question of the form");
                TokenStream::new()
            }
        },
        Data::Enum(data) => {
            for variant in &data.variants {
                if !matches!(variant.fields, Fields::Unit) {
                    errors.at(
                        variant,
                        format!(
                            "`{}` holds data, and a form's choice is one of a list of names: make it a unit variant",
                            variant.ident
                        ),
                    );
                }
            }
            quote! {
                impl #rt::FormField for #ident {}
                impl #rt::FormChoice for #ident {}
            }
        }
        Data::Union(data) => {
            errors.at(data.union_token, "a form is a struct with named fields, or an enum of unit variants (a choice)");
            TokenStream::new()
        }
    };
    if errors.is_empty() { generated } else { errors.to_compile_errors() }
}
