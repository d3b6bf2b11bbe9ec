//! Code generation. Input has been checked by `ast` and `valid`; nothing here re-checks it.
//!
//! Generated code names `tool-runtime` through the path `krate::runtime` finds, and its
//! `#[doc(hidden)] __private` module for support, so it never depends on the user's imports.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{Ident, Item, LitStr, Type};

use crate::ast::{self, EnumToolbox, FnTool, ImplToolbox, Output, Place, TypeTool, name_span};
use crate::attr::{ToolArgs, parse_toolbox_args};
use crate::errors::Errors;
use crate::krate;
use crate::valid;
use tool_names::pascal_case;

pub fn tool(args: TokenStream, input: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let tool_args = ToolArgs::parse(args, &mut errors);
    let item = match syn::parse2::<Item>(input) {
        Ok(item) => item,
        Err(err) => return err.to_compile_error(),
    };
    match item {
        Item::Fn(mut function) => {
            let tool = ast::fn_tool(tool_args, &function.attrs, &mut function.sig, Place::Free, &mut errors);
            valid::fn_tool(&tool, &mut errors);
            let generated = if errors.is_empty() { free_fn(&tool, &function.vis) } else { TokenStream::new() };
            finish(function.into_token_stream(), generated, &errors)
        }
        Item::Struct(item) => {
            let tool = ast::struct_tool(tool_args, &item, &mut errors);
            valid::type_tool(&tool, &mut errors);
            finish(item.into_token_stream(), type_tool(&tool), &errors)
        }
        Item::Enum(item) => {
            let tool = ast::enum_tool(tool_args, &item, &mut errors);
            valid::type_tool(&tool, &mut errors);
            finish(item.into_token_stream(), type_tool(&tool), &errors)
        }
        other => {
            let message = match &other {
                Item::Trait(_) => {
                    "#[tool] cannot go on a trait: implement the tools as methods of an `impl` block with `#[toolbox]`, \
                     or as functions that call the trait"
                }
                Item::Union(_) => {
                    "a union cannot be parsed from JSON: make the tool a struct with named fields, \
                     or an enum with `#[serde(tag = \"...\")]`"
                }
                Item::Impl(_) => "#[tool] goes on each method the model may call; put `#[toolbox]` on the impl block",
                _ => {
                    "#[tool] goes on a function, a struct with named fields, or an enum with `#[serde(tag = \"...\")]`"
                }
            };
            errors.at(item_name(&other), message);
            finish(other.into_token_stream(), TokenStream::new(), &errors)
        }
    }
}

pub fn toolbox(args: TokenStream, input: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    parse_toolbox_args(args, &mut errors);
    let item = match syn::parse2::<Item>(input) {
        Ok(item) => item,
        Err(err) => return err.to_compile_error(),
    };
    match item {
        Item::Impl(mut item) => {
            let toolbox = ast::impl_toolbox(&mut item, &mut errors);
            valid::impl_toolbox(&toolbox, &mut errors);
            let generated = if errors.is_empty() { impl_toolbox(&toolbox) } else { TokenStream::new() };
            finish(item.into_token_stream(), generated, &errors)
        }
        Item::Enum(item) => {
            let toolbox = ast::enum_toolbox(&item, &mut errors);
            let generated = if errors.is_empty() { enum_toolbox(&toolbox) } else { TokenStream::new() };
            finish(item.into_token_stream(), generated, &errors)
        }
        other => {
            errors.at(
                item_name(&other),
                "#[toolbox] goes on an impl block (a dispatch table over its `#[tool]` methods) \
                 or on an enum whose variants wrap `#[tool]` types",
            );
            finish(other.into_token_stream(), TokenStream::new(), &errors)
        }
    }
}

/// The item as written (less the attributes the macros consumed), then the generated code or the
/// errors. On errors the item still compiles alone, so the user sees our messages, not a cascade.
fn finish(item: TokenStream, generated: TokenStream, errors: &Errors) -> TokenStream {
    if errors.is_empty() {
        quote!(#item #generated)
    } else {
        let errors = errors.to_compile_errors();
        quote!(#item #errors)
    }
}

fn free_fn(tool: &FnTool, vis: &syn::Visibility) -> TokenStream {
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

fn type_tool(tool: &TypeTool) -> TokenStream {
    let rt = krate::runtime();
    let ident = &tool.ident;
    let name = tool.name();
    let description = tool.description();
    let annotations = annotations(&tool.args);
    let source = source_location(name_span(&tool.args, ident));
    let strict = tool.args.strict.map(|strict| quote!(.with_strict(#strict)));
    let examples = examples(&tool.args);
    let strict_checks = strict_checks(&tool.args, &tool.strict_blockers, None);
    let (examples_impl, examples_test) = example_check(
        &tool.args,
        ident,
        quote!(#rt::__private::check_examples(<Self as #rt::Tool>::definition(), |text: &str| {
            <Self as #rt::ConfigTool>::parse(text).map(drop)
        })),
        &tool_names::snake_case(&ident.to_string()),
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

fn impl_toolbox(toolbox: &ImplToolbox) -> TokenStream {
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
            format_ident!("__toolc_examples_{}", tool_names::snake_case(&toolbox_name.replace(['<', '>', ':'], "")));
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

                fn call(&self, name: &str, arguments: &str) -> impl #rt::__private::Future<
                    Output = ::core::result::Result<#rt::__private::serde_json::Value, #rt::ToolError>
                > + ::core::marker::Send {
                    <Self as #rt::Toolbox>::call_with(self, name, arguments, #rt::CallContext::detached())
                }

                fn call_with(
                    &self,
                    name: &str,
                    arguments: &str,
                    context: &#rt::CallContext,
                ) -> impl #rt::__private::Future<
                    Output = ::core::result::Result<#rt::__private::serde_json::Value, #rt::ToolError>
                > + ::core::marker::Send {
                    #rt::__private::guard_json(name, self.__toolc_run(name, #rt::Arguments::Text(arguments), context))
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
                /// Runs the tool `name`: the one body of `call_with` and `call_arguments`, each of
                /// which guards it against panics in a single future.
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

fn enum_toolbox(toolbox: &EnumToolbox) -> TokenStream {
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

/// The struct a function's arguments are parsed into: one field per parameter, with its
/// description as a doc comment (schemars reads it) and its rename and default as serde attributes.
fn args_struct(tool: &FnTool, args_ident: &Ident, self_ty: Option<&Type>) -> TokenStream {
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
        fields.push(quote!(#doc #rename #default #ident: #ty));
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

/// A compile error, through a trait bound with a message of its own, for each map or free-form
/// JSON type in a strict tool.
fn strict_checks(args: &ToolArgs, blockers: &[Type], self_ty: Option<&Type>) -> TokenStream {
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

/// `.with_examples(…)` for the `example(...)` keys.
fn examples(args: &ToolArgs) -> Option<TokenStream> {
    if args.examples.is_empty() {
        return None;
    }
    let rt = krate::runtime();
    let examples = args.examples.iter().map(|example| {
        let json = &example.json;
        let description = match &example.description {
            Some(text) => quote!(::core::option::Option::Some(::std::borrow::Cow::Borrowed(#text))),
            None => quote!(::core::option::Option::None),
        };
        quote! {
            #rt::ToolExample::new(
                #rt::__private::serde_json::from_str(#json).expect("#[tool] checked this JSON"),
                #description,
            )
        }
    });
    Some(quote!(.with_examples(::std::vec![#(#examples),*])))
}

/// For a tool with examples: a hidden function that checks them, and a `#[cfg(test)]` module whose
/// test calls it, so a bad example fails the crate's tests, naming the example.
fn example_check(args: &ToolArgs, owner: &Ident, check: TokenStream, name: &str) -> (TokenStream, TokenStream) {
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

fn examples_test_module(module: &Ident, call: TokenStream) -> TokenStream {
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

fn fn_definition(tool: &FnTool, args_ident: &Ident) -> TokenStream {
    let rt = krate::runtime();
    let name = tool.name();
    let description = tool.description();
    let output_schema = match &tool.output {
        Output::Unit => quote!(::core::option::Option::None),
        Output::Result(ty) => output_schema(quote!(<#ty as #rt::__private::ResultOk>::Ok)),
        Output::Value(ty) => output_schema(ty.to_token_stream()),
    };
    let annotations = annotations(&tool.args);
    let source = source_location(name_span(&tool.args, &tool.ident));
    let strict = tool.args.strict.map(|strict| quote!(.with_strict(#strict)));
    let examples = examples(&tool.args);
    quote! {
        #rt::ToolDef::new(#name, #description, #rt::__private::input_schema::<#args_ident>())
            .with_output_schema(#output_schema)
            .with_annotations(#annotations)
            #strict
            #examples
            .with_source(#source)
    }
}

fn output_schema(ty: TokenStream) -> TokenStream {
    let rt = krate::runtime();
    quote! {{
        use #rt::__private::{WithContentSchema as _, WithSchema as _, WithoutSchema as _};
        #[allow(clippy::needless_borrow)] // the borrows pick the impl: autoref specialization
        let schema = (&&&#rt::__private::OutputSchema::<#ty>::new()).get();
        schema
    }}
}

/// Parses the arguments once from the raw text, calls the function, and turns its output into JSON.
fn call_body(tool: &FnTool, args_ident: &Ident, callee: TokenStream, definition: TokenStream) -> TokenStream {
    let rt = krate::runtime();
    let name = tool.name();
    let mut call_args: Vec<TokenStream> = tool
        .params
        .iter()
        .map(|param| {
            let field = &param.ident;
            quote!(args.#field)
        })
        .collect();
    if let Some(position) = tool.context {
        call_args.insert(position, quote!(__toolc_context));
    }
    let receiver = tool.has_receiver.then(|| quote!(self,));
    let call_await = tool.is_async.then(|| quote!(.await));
    // Spanned on the return type, so a missing `Serialize` or `Display` is reported there.
    let kind = |ty: TokenStream| {
        quote! {{
            use #rt::__private::{ContentKind as _, JsonKind as _};
            #[allow(clippy::needless_borrow)] // the borrows pick the impl: autoref specialization
            let kind = (&&#rt::__private::OutputKind::<#ty>::new()).kind();
            kind
        }}
    };
    let output = match &tool.output {
        Output::Result(ty) => {
            let kind = kind(quote!(<#ty as #rt::__private::ResultOk>::Ok));
            quote_spanned! {ty.span()=>
                match output {
                    ::core::result::Result::Ok(value) => (#kind).convert(#name, value),
                    ::core::result::Result::Err(err) => #rt::__private::failed(#name, err),
                }
            }
        }
        Output::Value(ty) => {
            let kind = kind(ty.to_token_stream());
            quote_spanned!(ty.span()=> (#kind).convert(#name, output))
        }
        Output::Unit => quote!(#rt::__private::output(#name, output).map(#rt::ToolOutput::json)),
    };
    quote! {
        let args: #args_ident = match #rt::__private::parse_arguments(#definition, arguments) {
            ::core::result::Result::Ok(args) => args,
            ::core::result::Result::Err(err) => return ::core::result::Result::Err(err),
        };
        let output = #callee(#receiver #(#call_args),*) #call_await;
        #output
    }
}

fn annotations(args: &ToolArgs) -> TokenStream {
    let rt = krate::runtime();
    let option = |value: Option<TokenStream>| match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    };
    let title = option(args.title.as_ref().map(ToTokens::to_token_stream));
    let [read_only, destructive, idempotent, open_world] =
        [args.read_only, args.destructive, args.idempotent, args.open_world]
            .map(|flag| option(flag.map(|flag| quote!(#flag))));
    quote!(#rt::__private::annotations(#title, #read_only, #destructive, #idempotent, #open_world))
}

/// A `SourceLocation` whose file, line and column are those of `span`.
fn source_location(span: Span) -> TokenStream {
    let rt = krate::runtime();
    quote_spanned! {span=>
        #rt::SourceLocation::new(
            ::core::env!("CARGO_PKG_NAME"),
            ::core::module_path!(),
            ::core::file!(),
            ::core::line!(),
            ::core::column!(),
        )
    }
}

/// `Self` means the impl's type inside it, but generated items outside the impl need the name.
fn replace_self(tokens: TokenStream, self_ty: &Type) -> TokenStream {
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(ident) if ident == "Self" => {
                let ty = self_ty.to_token_stream();
                TokenTree::Group(Group::new(proc_macro2::Delimiter::None, quote!(<#ty>)))
            }
            TokenTree::Group(group) => {
                let mut replaced = Group::new(group.delimiter(), replace_self(group.stream(), self_ty));
                replaced.set_span(group.span());
                TokenTree::Group(replaced)
            }
            other => other,
        })
        .collect()
}

/// What to point at in an item the macros do not take: its name where it has one.
fn item_name(item: &Item) -> TokenStream {
    match item {
        Item::Const(item) => item.ident.to_token_stream(),
        Item::Static(item) => item.ident.to_token_stream(),
        Item::Struct(item) => item.ident.to_token_stream(),
        Item::Type(item) => item.ident.to_token_stream(),
        Item::Mod(item) => item.ident.to_token_stream(),
        Item::Fn(item) => item.sig.ident.to_token_stream(),
        Item::Trait(item) => item.ident.to_token_stream(),
        Item::Union(item) => item.ident.to_token_stream(),
        Item::Impl(item) => item.self_ty.to_token_stream(),
        other => other.to_token_stream(),
    }
}

fn type_text(ty: &Type) -> String {
    ty.to_token_stream().to_string().replace(' ', "")
}
