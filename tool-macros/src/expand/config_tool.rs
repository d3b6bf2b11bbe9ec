//! `#[tool]` on a struct or an enum: its `Tool` and `ConfigTool` impls, parsing the whole type from
//! the arguments, and its registry entry.

use proc_macro2::TokenStream;
use quote::quote;

use super::checks::{example_check, strict_checks};
use super::definition::{annotations, examples, source_location};
use crate::ast::{TypeTool, name_span};
use crate::krate;

pub fn type_tool(tool: &TypeTool) -> TokenStream {
    let rt = krate::runtime();
    let ident = &tool.ident;
    let name = tool.name();
    let description = tool.description();
    let annotations = annotations(&tool.args);
    let source = source_location(name_span(&tool.args, ident));
    let strict = tool.args.strict.map(|strict| quote!(.with_strict(#strict)));
    let union_form = tool.args.union_form.as_ref().map(|form| {
        let variant = match form.value().as_str() {
            "flat" => quote!(Flat),
            "variants" => quote!(Variants),
            _ => quote!(Nested),
        };
        quote!(.with_union_form(#rt::UnionForm::#variant))
    });
    let examples = examples(&tool.args);
    let strict_checks = strict_checks(&tool.args, &tool.strict_blockers, None);
    let (examples_impl, examples_test) = example_check(
        &tool.args,
        ident,
        quote!(#rt::__private::check_examples(<Self as #rt::Tool>::definition(), |text: &str| {
            <Self as #rt::ConfigTool>::parse(text).map(drop)
        })),
        &toolc_names::snake_case(&ident.to_string()),
    );
    quote! {
        #examples_test

        const _: () = {
            #strict_checks
            #examples_impl
        };

        impl #rt::Tool for #ident {
            const NAME: &'static str = #name;

            fn definition() -> &'static #rt::ToolDef {
                static DEFINITION: #rt::__private::OnceLock<#rt::ToolDef> = #rt::__private::OnceLock::new();
                DEFINITION.get_or_init(|| {
                    #rt::ToolDef::new(#name, #description, #rt::__private::input_schema::<Self>())
                        .with_annotations(#annotations)
                        #strict
                        #union_form
                        #examples
                        .with_source(#source)
                })
            }
        }

        impl #rt::ConfigTool for #ident {
            fn parse(arguments: &str) -> ::core::result::Result<Self, #rt::ToolError> {
                // A hand-written `Deserialize` may panic: the caller gets an error instead.
                #rt::__private::guard_sync(#name, || {
                    #rt::__private::parse_arguments(<Self as #rt::Tool>::definition(), arguments)
                })
            }
        }

        #rt::__private::inventory::submit! {
            #rt::registry::ToolEntry::new(<#ident as #rt::Tool>::definition, #rt::__private::input_schema::<#ident>)
        }
    }
}
