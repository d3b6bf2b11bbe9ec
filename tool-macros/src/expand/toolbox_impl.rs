//! `#[toolbox]` on an impl block: one arguments struct per `#[tool]` method, the tool list, the
//! `Toolbox` impl that dispatches a call by name, and the toolbox's registry entry.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};
use syn::Type;
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use super::args::args_struct;
use super::call::call_body;
use super::checks::{examples_test_module, strict_checks};
use super::definition::{fn_definition, source_location};
use super::replace_self;
use crate::ast::ImplToolbox;
use crate::krate;
use toolc_names::pascal_case;

pub fn impl_toolbox(toolbox: &ImplToolbox) -> TokenStream {
    let rt = krate::runtime();
    let self_ty = &toolbox.self_ty;
    let mut structs = Vec::new();
    let mut definitions = Vec::new();
    let mut arms = Vec::new();
    let mut checks = Vec::new();
    let mut example_checks = Vec::new();
    let mut args_idents = Vec::new();
    let mut names = Vec::new();
    for (index, tool) in toolbox.tools.iter().enumerate() {
        let args_ident = format_ident!("__ToolcArgs{}", pascal_case(&tool.ident.unraw().to_string()));
        structs.push(args_struct(tool, &args_ident, Some(self_ty)));
        args_idents.push(args_ident.clone());
        definitions.push(replace_self(fn_definition(tool, &args_ident), self_ty));
        let method = &tool.ident;
        let definition = quote!(&__toolc_tool_list().tools()[#index]);
        let body = call_body(tool, &args_ident, quote!(<#self_ty>::#method), definition.clone());
        checks.push(strict_checks(&tool.args, &tool.strict_blockers, Some(self_ty)));
        if !tool.args.examples.is_empty() {
            example_checks.push(quote! {
                #rt::__private::check_examples(#definition, |text: &str| {
                    #rt::__private::parse_arguments::<#args_ident>(#definition, text).map(drop)
                })?;
            });
        }
        let name = tool.name();
        arms.push(quote!(#name => { #body }));
        names.push(name);
    }
    let toolbox_name = type_text(self_ty);
    let source = source_location(self_ty.span());
    let (examples_impl, examples_test) = if example_checks.is_empty() {
        (TokenStream::new(), TokenStream::new())
    } else {
        let module =
            format_ident!("__toolc_examples_{}", toolc_names::snake_case(&toolbox_name.replace(['<', '>', ':'], "")));
        (
            quote! {
                impl #self_ty {
                    #[doc(hidden)]
                    pub fn __toolc_check_examples() -> ::core::result::Result<(), ::std::string::String> {
                        #(#example_checks)*
                        ::core::result::Result::Ok(())
                    }
                }
            },
            examples_test_module(&module, quote!(<#self_ty>::__toolc_check_examples())),
        )
    };
    quote! {
        #examples_test

        const _: () = {
            #(#structs)*
            #(#checks)*
            #examples_impl

            fn __toolc_tool_list() -> &'static #rt::ToolList {
                static LIST: #rt::__private::OnceLock<#rt::ToolList> = #rt::__private::OnceLock::new();
                LIST.get_or_init(|| #rt::ToolList::new(::std::vec![#(#definitions),*]))
            }

            impl #rt::Toolbox for #self_ty {
                const NAMES: &'static [&'static str] = &[#(#names),*];

                fn tool_list(&self) -> &#rt::ToolList {
                    __toolc_tool_list()
                }

                fn call_arguments(
                    &self,
                    name: &str,
                    arguments: #rt::Arguments<'_>,
                    context: &#rt::CallContext,
                ) -> impl #rt::__private::Future<
                    Output = ::core::result::Result<#rt::ToolOutput, #rt::ToolError>
                > + ::core::marker::Send {
                    #rt::__private::guard(name, self.__toolc_run(name, arguments, context))
                }
            }

            impl #self_ty {
                /// Runs the tool `name`: the body of `call_arguments`, which guards it against
                /// panics in a single future.
                #[doc(hidden)]
                fn __toolc_run<'s, 'n, 'a, 'c>(
                    &'s self,
                    name: &'n str,
                    arguments: #rt::Arguments<'a>,
                    __toolc_context: &'c #rt::CallContext,
                ) -> impl #rt::__private::Future<
                    Output = ::core::result::Result<#rt::ToolOutput, #rt::ToolError>
                > + ::core::marker::Send + use<'s, 'n, 'a, 'c> {
                    async move {
                        match name {
                            #(#arms)*
                            _ => ::core::result::Result::Err(#rt::ToolError::unknown_tool(
                                name,
                                __toolc_tool_list().tools().iter().map(|tool| &*tool.name),
                            )),
                        }
                    }
                }
            }

            #rt::__private::inventory::submit! {
                #rt::registry::ToolboxEntry::new(#toolbox_name, #source, || __toolc_tool_list().tools(), true, || {
                    ::std::vec![#(#rt::__private::input_schema::<#args_idents>()),*]
                })
            }
        };
    }
}

fn type_text(ty: &Type) -> String {
    ty.to_token_stream().to_string().replace(' ', "")
}
