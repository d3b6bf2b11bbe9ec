//! The `ToolDef` of a function tool, and the parts of a definition the generators share: annotations,
//! examples, source location.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::Ident;

use crate::ast::{FnTool, Output, name_span};
use crate::attr::{LongRunning, ToolArgs};
use crate::krate;

/// `.with_examples(…)` for the `example(...)` keys.
pub fn examples(args: &ToolArgs) -> Option<TokenStream> {
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

pub fn fn_definition(tool: &FnTool, args_ident: &Ident) -> TokenStream {
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
    let task_support = tool.args.long_running.map(|(_, long_running)| match long_running {
        LongRunning::Optional => quote!(.with_task_support(#rt::TaskSupport::Optional)),
        LongRunning::Required => quote!(.with_task_support(#rt::TaskSupport::Required)),
    });
    quote! {
        #rt::ToolDef::new(#name, #description, #rt::__private::input_schema::<#args_ident>())
            .with_output_schema(#output_schema)
            .with_annotations(#annotations)
            #strict
            #examples
            #task_support
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

pub fn annotations(args: &ToolArgs) -> TokenStream {
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
pub fn source_location(span: Span) -> TokenStream {
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
