//! `#[toolbox]` on an enum whose variants wrap `#[tool]` types: the `ToolSet` impl that parses a
//! call into the matching variant, a compile error for two variants of one name, and its registry entry.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, Type};

use super::definition::source_location;
use crate::ast::EnumToolbox;
use crate::krate;

pub fn enum_toolbox(toolbox: &EnumToolbox) -> TokenStream {
    let rt = krate::runtime();
    let ident = &toolbox.ident;
    let consts: Vec<Ident> = (0..toolbox.variants.len()).map(|i| format_ident!("__TOOLC_NAME_{}", i)).collect();
    let mut checks = Vec::new();
    for (i, (variant, _)) in toolbox.variants.iter().enumerate() {
        for (j, (other, _)) in toolbox.variants.iter().enumerate().take(i) {
            let (a, b) = (&consts[j], &consts[i]);
            let message = format!(
                "the variants `{other}` and `{variant}` of `{ident}` wrap tools with the same name; rename one with `#[tool(name = \"...\")]`"
            );
            checks.push(quote_spanned! {variant.span()=>
                const _: () = ::core::assert!(!#rt::__private::str_eq(#a, #b), #message);
            });
        }
    }
    let inner: Vec<&Type> = toolbox.variants.iter().map(|(_, ty)| ty).collect();
    let variants: Vec<&Ident> = toolbox.variants.iter().map(|(variant, _)| variant).collect();
    let bounds = inner.iter().map(|ty| {
        quote_spanned! {ty.span()=> const _: &str = <#ty as #rt::Tool>::NAME; }
    });
    let source = source_location(ident.span());
    let toolbox_name = ident.to_string();
    quote! {
        const _: () = {
            #(#bounds)*
            #(const #consts: &str = <#inner as #rt::Tool>::NAME;)*
            #(#checks)*

            impl #rt::ToolSet for #ident {
                fn tools() -> &'static [#rt::ToolDef] {
                    static TOOLS: #rt::__private::OnceLock<::std::vec::Vec<#rt::ToolDef>> = #rt::__private::OnceLock::new();
                    TOOLS.get_or_init(|| ::std::vec![#(<#inner as #rt::Tool>::definition().clone()),*])
                }

                fn render(
                    target: #rt::Target,
                ) -> ::core::result::Result<&'static #rt::__private::serde_json::Value, #rt::RenderError> {
                    static RENDERED: #rt::__private::RenderCache = #rt::__private::RenderCache::new();
                    RENDERED.get(<Self as #rt::ToolSet>::tools(), target)
                }

                fn parse(name: &str, arguments: &str) -> ::core::result::Result<Self, #rt::ToolError> {
                    match name {
                        #(#consts => <#inner as #rt::ConfigTool>::parse(arguments).map(Self::#variants),)*
                        _ => ::core::result::Result::Err(#rt::ToolError::unknown_tool(
                            name,
                            <Self as #rt::ToolSet>::tools().iter().map(|tool| &*tool.name),
                        )),
                    }
                }
            }

            #rt::__private::inventory::submit! {
                #rt::registry::ToolboxEntry::new(#toolbox_name, #source, <#ident as #rt::ToolSet>::tools, false, ::std::vec::Vec::new)
            }
        };
    }
}
