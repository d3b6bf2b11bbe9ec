//! `#[tool]` on a free function: the unit struct `<Name>Tool`, its `Tool` and `FnTool` impls, the
//! struct its arguments are parsed into, and its registry entry.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::ext::IdentExt;

use super::args::args_struct;
use super::call::call_body;
use super::checks::{example_check, strict_checks};
use super::definition::fn_definition;
use crate::ast::FnTool;
use crate::krate;
use toolc_names::pascal_case;

pub fn free_fn(tool: &FnTool, vis: &syn::Visibility) -> TokenStream {
    let rt = krate::runtime();
    let fn_ident = &tool.ident;
    let struct_ident = format_ident!("{}Tool", pascal_case(&fn_ident.unraw().to_string()), span = fn_ident.span());
    let name = tool.name();
    let args_ident = format_ident!("__ToolcArgs");
    let args_struct = args_struct(tool, &args_ident, None);
    let definition = fn_definition(tool, &args_ident);
    let body = call_body(tool, &args_ident, quote!(#fn_ident), quote!(<#struct_ident as #rt::Tool>::definition()));
    let doc =
        format!("The `{name}` tool made by `#[tool]` from [`{fn_ident}`]: its definition and a JSON entry point.");
    let strict_checks = strict_checks(&tool.args, &tool.strict_blockers, None);
    let definition_path = quote!(<#struct_ident as #rt::Tool>::definition());
    let check_parse =
        quote!(|text: &str| #rt::__private::parse_arguments::<#args_ident>(#definition_path, text).map(drop));
    let (examples_impl, examples_test) = example_check(
        &tool.args,
        &struct_ident,
        quote!(#rt::__private::check_examples(#definition_path, #check_parse)),
        &fn_ident.unraw().to_string(),
    );
    quote! {
        #[doc = #doc]
        #[derive(Debug, Clone, Copy, Default)]
        #vis struct #struct_ident;

        #examples_test

        const _: () = {
            #args_struct
            #strict_checks
            #examples_impl

            impl #rt::Tool for #struct_ident {
                const NAME: &'static str = #name;

                fn definition() -> &'static #rt::ToolDef {
                    static DEFINITION: #rt::__private::OnceLock<#rt::ToolDef> = #rt::__private::OnceLock::new();
                    DEFINITION.get_or_init(|| #definition)
                }
            }

            impl #rt::FnTool for #struct_ident {
                fn call(arguments: &str) -> impl #rt::__private::Future<
                    Output = ::core::result::Result<#rt::__private::serde_json::Value, #rt::ToolError>
                > + ::core::marker::Send {
                    let __toolc_context = #rt::CallContext::detached();
                    #rt::__private::guard_json(#name, async move { #body })
                }
            }

            #rt::__private::inventory::submit! {
                #rt::registry::ToolEntry::new(
                    <#struct_ident as #rt::Tool>::definition,
                    #rt::__private::input_schema::<#args_ident>,
                )
            }
        };
    }
}
