//! The struct a function tool's arguments are parsed into, shared by free functions and the
//! methods of a toolbox.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};
use syn::ext::IdentExt;
use syn::{Ident, LitStr, Type};

use super::replace_self;
use crate::ast::FnTool;
use crate::krate;

/// The struct a function's arguments are parsed into: one field per parameter, with its
/// description as a doc comment (schemars reads it) and its rename and default as serde attributes.
pub fn args_struct(tool: &FnTool, args_ident: &Ident, self_ty: Option<&Type>) -> TokenStream {
    let rt = krate::runtime();
    let serde_path = format!("{rt}::__private::serde");
    let schemars_path = format!("{rt}::__private::schemars");
    let rename_all = tool.args.rename_all.as_ref().map(|rule| quote!(, rename_all = #rule));
    let mut fields = Vec::new();
    let mut default_fns = Vec::new();
    for param in &tool.params {
        let ident = &param.ident;
        let ty = match self_ty {
            Some(self_ty) => replace_self(param.ty.to_token_stream(), self_ty),
            None => param.ty.to_token_stream(),
        };
        let description = param.arg.description.as_ref().map(LitStr::value).or_else(|| {
            let rust_name = param.rust_name();
            let renamed = param.arg.rename.as_ref().map(LitStr::value);
            tool.docs
                .arguments
                .iter()
                .find(|entry| entry.name == rust_name || Some(&entry.name) == renamed.as_ref())
                .map(|entry| entry.text.clone())
        });
        let doc = description.filter(|text| !text.is_empty()).map(|text| quote!(#[doc = #text]));
        let rename = param.arg.rename.as_ref().map(|name| quote!(#[serde(rename = #name)]));
        let default = match &param.arg.default {
            None => None,
            Some(None) => Some(quote!(#[serde(default)])),
            Some(Some(expr)) => {
                let default_fn = format_ident!("__toolc_default_{}_{}", tool.ident.unraw(), ident.unraw());
                let path = default_fn.to_string();
                default_fns.push(quote! {
                    #[allow(non_snake_case)]
                    fn #default_fn() -> #ty { #expr }
                });
                Some(quote!(#[serde(default = #path)]))
            }
        };
        let header = param.arg.header.as_ref().map(|header| quote!(#[schemars(extend("x-mcp-header" = #header))]));
        fields.push(quote!(#doc #rename #default #header #ident: #ty));
    }
    quote! {
        #(#default_fns)*

        #[derive(#rt::__private::serde::Deserialize, #rt::__private::schemars::JsonSchema)]
        #[serde(crate = #serde_path, deny_unknown_fields #rename_all)]
        #[schemars(crate = #schemars_path)]
        #[allow(non_camel_case_types)]
        struct #args_ident {
            #(#fields,)*
        }
    }
}
