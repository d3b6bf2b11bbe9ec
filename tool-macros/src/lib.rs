//! The procedural macros of toolc: `#[tool]` and `#[toolbox]`.
//!
//! Depend on `toolc`, which re-exports these and documents them; the code generated here
//! names only `toolc`'s API. Each phase is a module: `attr` reads attribute grammar, `docs`
//! reads doc comments, `ast` builds the macro's model of the item (refusing what cannot be a tool),
//! `valid` checks the rules, `expand` writes code. Errors are collected, not thrown, so one build
//! shows every mistake in an item.

mod ast;
mod attr;
mod docs;
mod errors;
mod expand;
mod json;
mod krate;
mod suggest;
mod valid;

use proc_macro::TokenStream;

/// Makes a typed tool of a function, a config struct or an internally tagged enum.
///
/// The doc comment is the tool's description (required); on a function, its `# Arguments` entries
/// (`` * `name` - text ``) describe the parameters, and on a struct, field doc comments describe the
/// fields. On a function `web_search`, it generates `WebSearchTool`, which implements `Tool` and
/// `FnTool`; on a struct or enum, it implements `Tool` and `ConfigTool` for the type.
///
/// Keys of `#[tool(...)]`:
/// - `name = "…"`: the tool name (default: the function name, or the type name in snake_case); it must
///   match `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`, which every provider accepts.
/// - `description = "…"`: replaces the doc comment.
/// - `rename_all = "camelCase"`: how a function's argument names are written (any serde rule); a
///   struct uses `#[serde(rename_all)]` instead.
/// - `title = "…"`, `read_only`, `destructive`, `idempotent`, `open_world`: MCP annotations; each flag
///   may also be written `= true` or `= false`.
/// - `union_form = "flat" | "nested" | "variants"` (a struct or enum whose arguments are a tagged
///   union): the form its union takes where the render options choose none.
///
/// Keys of `#[arg(...)]` on a function parameter: `rename = "…"`, `default` (the type's `Default`) or
/// `default = expr`, `description = "…"` (replaces the `# Arguments` entry).
///
/// Parameters are owned types implementing `Deserialize` and `JsonSchema` (`Option<T>` is optional);
/// the return type is `T`, `Result<T, E: Display>` or `()` with `T: Serialize`, sync or `async` (the
/// future must be `Send`). When `T: JsonSchema`, its schema is the tool's output schema.
#[proc_macro_attribute]
pub fn tool(args: TokenStream, input: TokenStream) -> TokenStream {
    expand::tool(args.into(), input.into()).into()
}

/// Makes a dispatch table of an impl block's `#[tool]` methods, or typed parsing of an enum whose
/// variants wrap `#[tool]` types.
///
/// On `impl Browser { ... }` it implements `Toolbox` for `Browser`: methods taking `&self` get it as
/// their context (never part of a schema), associated functions are stateless tools, and methods
/// without `#[tool]` stay private to Rust. Tool names must be unique in the toolbox.
///
/// On `enum Op { AddNodes(AddNodes), DeleteNodes(DeleteNodes) }`, whose variants each wrap a `#[tool]`
/// struct or enum, it implements `ToolSet`: `Op::parse(name, arguments)` gives the matching variant.
///
/// It takes no keys.
#[proc_macro_attribute]
pub fn toolbox(args: TokenStream, input: TokenStream) -> TokenStream {
    expand::toolbox(args.into(), input.into()).into()
}

/// Makes a type a form a tool may ask the user to fill in (`CallContext::elicit`), checked at
/// compile time against what a form holds: on a struct with named fields, each field is a string,
/// a number, a boolean, an enum that derives `Form` (a choice), a `Vec` of one (several choices),
/// or an `Option` of any of these; an enum that derives `Form` has unit variants only. A field of
/// another type is an error on its type.
#[proc_macro_derive(Form)]
pub fn form(input: TokenStream) -> TokenStream {
    expand::form::derive(input.into()).into()
}
