//! The rules a tool must follow, checked on the model `ast` built. Nothing here emits code.

use std::collections::BTreeMap;

use proc_macro2::Span;

use crate::ast::{FnTool, ImplToolbox, TypeTool, name_span};
use crate::attr::ToolArgs;
use crate::errors::Errors;
use crate::suggest::hint;
use toolc_names::{PORTABLE_TOOL_NAME, is_portable_tool_name};

pub fn fn_tool(tool: &FnTool, errors: &mut Errors) {
    name_rule(&tool.name(), &tool.args, &tool.ident, errors);
    description_rule(&tool.description(), &tool.ident, errors);
    arguments_section_rule(tool, errors);
    if let Some(form) = &tool.args.union_form {
        errors.at(
            form,
            "a function's arguments are one object, with no union at the root to write in a form: `union_form` goes \
             on a struct or enum tool whose arguments are a tagged union",
        );
    }
}

pub fn type_tool(tool: &TypeTool, errors: &mut Errors) {
    name_rule(&tool.name(), &tool.args, &tool.ident, errors);
    description_rule(&tool.description(), &tool.ident, errors);
    if let Some((span, _)) = tool.args.long_running {
        errors.at_span(
            span,
            "a struct or enum tool is parsed, not called, so it never runs long: `long_running` goes on a function \
             or a method that does the work",
        );
    }
}

pub fn impl_toolbox(toolbox: &ImplToolbox, errors: &mut Errors) {
    let mut first: BTreeMap<String, Span> = BTreeMap::new();
    for tool in &toolbox.tools {
        fn_tool(tool, errors);
        let name = tool.name();
        let span = name_span(&tool.args, &tool.ident);
        match first.get(&name) {
            Some(&earlier) => {
                errors.at_span(
                    earlier,
                    format!("two tools of this toolbox are named `{name}`: this one, and another below"),
                );
                errors.at_span(
                    span,
                    format!("a second tool named `{name}`: tool names must be unique in a toolbox; rename one with `#[tool(name = \"...\")]`"),
                );
            }
            None => {
                first.insert(name, span);
            }
        }
    }
}

fn name_rule(name: &str, args: &ToolArgs, ident: &syn::Ident, errors: &mut Errors) {
    if !is_portable_tool_name(name) {
        let why = if name.len() > 64 { format!(" (it has {} characters)", name.len()) } else { String::new() };
        errors.at_span(
            name_span(args, ident),
            format!(
                "`{name}` is not a tool name every provider accepts{why}: it must match `{PORTABLE_TOOL_NAME}` \
                 (a letter or `_`, then letters, digits, `_` or `-`, at most 64 in all); set one with `#[tool(name = \"...\")]`"
            ),
        );
    }
}

fn description_rule(description: &str, ident: &syn::Ident, errors: &mut Errors) {
    if description.trim().is_empty() {
        errors.at(
            ident,
            "a tool needs a description, which tells the model what it does and when to call it: \
             add a doc comment (`/// Search the web.`) or `#[tool(description = \"...\")]`",
        );
    }
}

fn arguments_section_rule(tool: &FnTool, errors: &mut Errors) {
    let known: Vec<String> = tool
        .params
        .iter()
        .flat_map(|param| std::iter::once(param.rust_name()).chain(param.arg.rename.as_ref().map(syn::LitStr::value)))
        .collect();
    let mut described: BTreeMap<&str, ()> = BTreeMap::new();
    for entry in &tool.docs.arguments {
        if !known.contains(&entry.name) {
            let message = if tool.params.is_empty() {
                format!(
                    "`# Arguments` names `{}`, but `{}` takes no arguments; remove the entry",
                    entry.name, tool.ident
                )
            } else {
                let mut message = format!(
                    "`# Arguments` names `{}`, which is not an argument of `{}`{}",
                    entry.name,
                    tool.ident,
                    hint(&entry.name, known.iter().map(String::as_str))
                );
                if !message.ends_with('?') {
                    let names: Vec<String> =
                        tool.params.iter().map(|param| format!("`{}`", param.rust_name())).collect();
                    message.push_str(&format!("; its arguments are {}", names.join(", ")));
                }
                message
            };
            errors.at_span(entry.span, message);
        } else if described.insert(&entry.name, ()).is_some() {
            errors.at_span(entry.span, format!("`# Arguments` describes `{}` twice; keep one entry", entry.name));
        }
    }
}
