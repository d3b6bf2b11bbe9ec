//! Code generation. Input has been checked by `ast` and `valid`; nothing here re-checks it.
//!
//! Generated code names `toolc` through the path `krate::runtime` finds, and its
//! `#[doc(hidden)] __private` module for support, so it never depends on the user's imports.
//!
//! One module per generator: `fn_tool` (`#[tool]` on a function), `config_tool` (on a struct or
//! enum), `toolbox_impl` (`#[toolbox]` on an impl block), `tool_set` (on an enum). What two of them
//! share is in `args`, `call`, `definition` and `checks`, or here.

mod args;
mod call;
mod checks;
mod config_tool;
mod definition;
mod fn_tool;
pub mod form;
mod tool_set;
mod toolbox_impl;

use proc_macro2::{Group, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::{Item, Type};

use crate::ast::{self, Place};
use crate::attr::{ToolArgs, parse_toolbox_args};
use crate::errors::Errors;
use crate::valid;
use config_tool::type_tool;
use fn_tool::free_fn;
use tool_set::enum_toolbox;
use toolbox_impl::impl_toolbox;

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
