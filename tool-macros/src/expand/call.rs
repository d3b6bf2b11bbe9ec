//! The body that calls a function tool, shared by free functions and the methods of a toolbox:
//! parse the arguments, call, turn the output into JSON.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use syn::Ident;
use syn::spanned::Spanned;

use crate::ast::{FnTool, Output};
use crate::krate;

/// Parses the arguments once from the raw text, calls the function, and turns its output into JSON.
pub fn call_body(tool: &FnTool, args_ident: &Ident, callee: TokenStream, definition: TokenStream) -> TokenStream {
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
