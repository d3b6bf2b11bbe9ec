//! Attribute grammar: `#[tool(...)]`, `#[arg(...)]` and `#[toolbox]`. Every key is checked: unknown,
//! duplicate and wrongly typed keys are errors, and parsing goes on so all are reported at once.

use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, ExprLit, Lit, LitStr, Meta, Token};

use crate::errors::Errors;
use crate::suggest::hint;
use toolc_names::RENAME_RULES;

/// The values of `union_form`, as `toolc::UnionForm` names them.
pub const UNION_FORMS: [&str; 3] = ["flat", "nested", "variants"];

/// What a key's value must be.
#[derive(Clone, Copy)]
enum Kind {
    /// `key = "text"`
    Str,
    /// `key` or `key = true|false`
    Flag,
    /// `key` or `key = <expression>`
    FlagOrExpr,
    /// `key(<JSON object>)` or `key(<JSON object>, "text")`, any number of times
    Example,
}

struct Key {
    name: &'static str,
    kind: Kind,
}

const fn key(name: &'static str, kind: Kind) -> Key {
    Key { name, kind }
}

const TOOL_KEYS: &[Key] = &[
    key("name", Kind::Str),
    key("description", Kind::Str),
    key("rename_all", Kind::Str),
    key("title", Kind::Str),
    key("read_only", Kind::Flag),
    key("destructive", Kind::Flag),
    key("idempotent", Kind::Flag),
    key("open_world", Kind::Flag),
    key("strict", Kind::Flag),
    key("union_form", Kind::Str),
    key("example", Kind::Example),
    key("long_running", Kind::FlagOrExpr),
];

const ARG_KEYS: &[Key] = &[
    key("rename", Kind::Str),
    key("default", Kind::FlagOrExpr),
    key("description", Kind::Str),
    key("header", Kind::Str),
];

enum Value {
    Str(LitStr),
    Bool(bool),
    Expr(Option<Expr>),
    Example(Example),
}

/// `example({...}, "what it shows")`: the arguments as JSON text, checked at compile time.
pub struct Example {
    pub json: String,
    pub description: Option<LitStr>,
}

/// The keys given in one attribute, each once, in the order written.
struct Given(Vec<(&'static str, Span, Value)>);

impl Given {
    fn take(&mut self, name: &str) -> Option<(Span, Value)> {
        let index = self.0.iter().position(|(key, ..)| *key == name)?;
        let (_, span, value) = self.0.remove(index);
        Some((span, value))
    }

    fn str(&mut self, name: &str) -> Option<LitStr> {
        match self.take(name)?.1 {
            Value::Str(lit) => Some(lit),
            _ => None,
        }
    }

    fn flag(&mut self, name: &str) -> Option<bool> {
        match self.take(name)?.1 {
            Value::Bool(value) => Some(value),
            _ => None,
        }
    }
}

fn parse_keys(tokens: TokenStream, attribute: &str, keys: &[Key], errors: &mut Errors) -> Given {
    let mut given = Given(Vec::new());
    let metas = match Punctuated::<Meta, Token![,]>::parse_terminated.parse2(tokens) {
        Ok(metas) => metas,
        Err(err) => {
            errors.at_span(
                err.span(),
                format!("cannot read #[{attribute}(...)]: {err}; write `key = \"value\"` pairs separated by commas"),
            );
            return given;
        }
    };
    let names = || keys.iter().map(|key| key.name);
    for meta in metas {
        let path = meta.path();
        let Some(ident) = path.get_ident() else {
            errors.at(
                path,
                format!("expected a key of #[{attribute}(...)], one of: {}", names().collect::<Vec<_>>().join(", ")),
            );
            continue;
        };
        let written = ident.to_string();
        let Some(spec) = keys.iter().find(|key| key.name == written) else {
            let message = format!(
                "unknown key `{written}` in #[{attribute}(...)]{}\nkeys: {}",
                hint(&written, names()),
                names().collect::<Vec<_>>().join(", ")
            );
            errors.at(ident, message);
            continue;
        };
        if !matches!(spec.kind, Kind::Example) && given.0.iter().any(|(name, ..)| *name == spec.name) {
            errors.at(ident, format!("duplicate key `{written}` in #[{attribute}(...)]: give it once"));
            continue;
        }
        if let Some(value) = read_value(&meta, spec, errors) {
            given.0.push((spec.name, ident.span(), value));
        }
    }
    given
}

fn read_value(meta: &Meta, spec: &Key, errors: &mut Errors) -> Option<Value> {
    let name = spec.name;
    let literal = |meta: &Meta| match meta {
        Meta::NameValue(nv) => match &nv.value {
            Expr::Lit(ExprLit { lit, .. }) => Some(lit.clone()),
            _ => None,
        },
        _ => None,
    };
    match (spec.kind, meta) {
        (Kind::Str, _) => match literal(meta) {
            Some(Lit::Str(lit)) => Some(Value::Str(lit)),
            _ => {
                errors.at(value_tokens(meta), format!("`{name}` takes a string: write `{name} = \"...\"`"));
                None
            }
        },
        (Kind::Flag, Meta::Path(_)) => Some(Value::Bool(true)),
        (Kind::Flag, _) => match literal(meta) {
            Some(Lit::Bool(lit)) => Some(Value::Bool(lit.value)),
            _ => {
                errors.at(
                    value_tokens(meta),
                    format!("`{name}` is a flag: write `{name}`, `{name} = true` or `{name} = false`"),
                );
                None
            }
        },
        (Kind::FlagOrExpr, Meta::Path(_)) => Some(Value::Expr(None)),
        (Kind::FlagOrExpr, Meta::NameValue(nv)) => Some(Value::Expr(Some(nv.value.clone()))),
        (Kind::FlagOrExpr, Meta::List(list)) => {
            errors.at(list, format!("write `{name}` or `{name} = <value>`"));
            None
        }
        (Kind::Example, Meta::List(list)) => read_example(list.tokens.clone(), errors).map(Value::Example),
        (Kind::Example, other) => {
            errors.at(other, "write `example({\"argument\": value, ...})`, optionally with a description: `example({...}, \"what it shows\")`");
            None
        }
    }
}

fn read_example(tokens: TokenStream, errors: &mut Errors) -> Option<Example> {
    let mut trees: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    let mut description = None;
    if let Some(comma) =
        trees.iter().rposition(|tree| matches!(tree, proc_macro2::TokenTree::Punct(p) if p.as_char() == ','))
    {
        let tail: TokenStream = trees.split_off(comma).into_iter().skip(1).collect();
        match syn::parse2::<LitStr>(tail.clone()) {
            Ok(text) => description = Some(text),
            Err(_) => {
                errors.at(tail, "after the arguments, an example takes one string: what it shows");
                return None;
            }
        }
    }
    let json_tokens: TokenStream = trees.into_iter().collect();
    let is_object = matches!(json_tokens.clone().into_iter().next(), Some(proc_macro2::TokenTree::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Brace);
    if !is_object {
        errors.at(json_tokens, "an example's arguments are a JSON object: `example({\"query\": \"rust\"})`");
        return None;
    }
    match crate::json::to_json(json_tokens) {
        Ok(json) => Some(Example { json, description }),
        Err(err) => {
            errors.push(err);
            None
        }
    }
}

fn value_tokens(meta: &Meta) -> TokenStream {
    match meta {
        Meta::NameValue(nv) => quote::ToTokens::to_token_stream(&nv.value),
        other => quote::ToTokens::to_token_stream(other),
    }
}

/// The keys of `#[tool(...)]`.
#[derive(Default)]
pub struct ToolArgs {
    pub name: Option<LitStr>,
    pub description: Option<LitStr>,
    pub rename_all: Option<LitStr>,
    pub title: Option<LitStr>,
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
    pub strict: Option<bool>,
    /// `union_form = "flat" | "nested" | "variants"`: how a root tagged union is written where the
    /// render options choose no form (checked to be one of them).
    pub union_form: Option<LitStr>,
    pub examples: Vec<Example>,
    /// `long_running` (a task when the client follows tasks) or `long_running = "required"` (only
    /// ever a task), with the key's span.
    pub long_running: Option<(Span, LongRunning)>,
}

/// What `long_running` asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum LongRunning {
    Optional,
    Required,
}

impl ToolArgs {
    pub fn parse(tokens: TokenStream, errors: &mut Errors) -> Self {
        let mut given = parse_keys(tokens, "tool", TOOL_KEYS, errors);
        let args = ToolArgs {
            name: given.str("name"),
            description: given.str("description"),
            rename_all: given.str("rename_all"),
            title: given.str("title"),
            read_only: given.flag("read_only"),
            destructive: given.flag("destructive"),
            idempotent: given.flag("idempotent"),
            open_world: given.flag("open_world"),
            strict: given.flag("strict"),
            union_form: given.str("union_form"),
            examples: std::iter::from_fn(|| match given.take("example") {
                Some((_, Value::Example(example))) => Some(example),
                _ => None,
            })
            .collect(),
            long_running: match given.take("long_running") {
                Some((span, Value::Expr(None))) => Some((span, LongRunning::Optional)),
                Some((span, Value::Expr(Some(Expr::Lit(ExprLit { lit: Lit::Str(text), .. })))))
                    if text.value() == "required" =>
                {
                    Some((span, LongRunning::Required))
                }
                Some((_, Value::Expr(Some(other)))) => {
                    errors.at(
                        other,
                        "write `long_running` (a task when the client follows tasks) or `long_running = \"required\"` \
                         (only ever a task)",
                    );
                    None
                }
                _ => None,
            },
        };
        let forms_said = " (flat: one object, each variant's fields beside the tag; nested: the union under \
                          `request`; variants: `anyOf` at the root, where a target takes it)";
        check_listed(args.union_form.as_ref(), "union form", "forms", &UNION_FORMS, forms_said, errors);
        check_listed(args.rename_all.as_ref(), "rename rule", "rules", RENAME_RULES, "", errors);
        args
    }

    /// The arguments of a `#[tool]` or `#[tool(...)]` attribute found on a method.
    pub fn from_attribute(attr: &syn::Attribute, errors: &mut Errors) -> Self {
        match &attr.meta {
            Meta::Path(_) => ToolArgs::default(),
            Meta::List(list) => ToolArgs::parse(list.tokens.clone(), errors),
            Meta::NameValue(nv) => {
                errors.at(nv, "write `#[tool]` or `#[tool(key = value, ...)]`");
                ToolArgs::default()
            }
        }
    }
}

/// An error at `given` unless it is one of `allowed`: "unknown `what` `…`; did you mean …?", then
/// the list (`list: a, b, c`) and what the values mean (`said`).
fn check_listed(given: Option<&LitStr>, what: &str, list: &str, allowed: &[&str], said: &str, errors: &mut Errors) {
    let Some(given) = given else { return };
    let value = given.value();
    if !allowed.contains(&value.as_str()) {
        let hint = hint(&value, allowed.iter().copied());
        errors.at(given, format!("unknown {what} `{value}`{hint}\n{list}: {}{said}", allowed.join(", ")));
    }
}

/// The keys of `#[arg(...)]` on a parameter.
#[derive(Default)]
pub struct ArgArgs {
    pub rename: Option<LitStr>,
    /// `Some(None)`: `default` (the type's `Default`); `Some(Some(expr))`: `default = expr`.
    pub default: Option<Option<Expr>>,
    pub description: Option<LitStr>,
    /// `header = "Region"`: over MCP's HTTP transport (2026-07-28), the value is mirrored into the
    /// request header `Mcp-Param-Region` (`x-mcp-header`), so a load balancer can route on it.
    pub header: Option<LitStr>,
}

impl ArgArgs {
    pub fn from_attribute(attr: &syn::Attribute, errors: &mut Errors) -> Self {
        let tokens = match &attr.meta {
            Meta::List(list) => list.tokens.clone(),
            other => {
                errors.at(other, "write `#[arg(rename = \"...\", default, description = \"...\", header = \"...\")]`");
                return ArgArgs::default();
            }
        };
        let mut given = parse_keys(tokens, "arg", ARG_KEYS, errors);
        ArgArgs {
            rename: given.str("rename"),
            default: match given.take("default") {
                Some((_, Value::Expr(expr))) => Some(expr),
                _ => None,
            },
            description: given.str("description"),
            header: given.str("header").filter(|header| {
                let name = header.value();
                let valid = toolc_names::is_header_name(&name);
                if !valid {
                    errors.at(
                        header,
                        format!(
                            "`{name}` cannot name a header: the value becomes the header `Mcp-Param-{name}`, so it \
                             must be letters, digits and `!#$%&'*+-.^_`|~`, at least one"
                        ),
                    );
                }
                valid
            }),
        }
    }
}

/// `#[toolbox]` takes no keys; anything given is an error.
pub fn parse_toolbox_args(tokens: TokenStream, errors: &mut Errors) {
    if !tokens.is_empty() {
        errors
            .at(tokens, "#[toolbox] takes no arguments: the tools' names and keys go in each method's `#[tool(...)]`");
    }
}

/// Whether an attribute is `#[tool]` / `#[tool(...)]` (or a path ending in `tool`).
pub fn is_tool_attribute(attr: &syn::Attribute) -> bool {
    attr.path().segments.last().is_some_and(|segment| segment.ident == "tool")
}

/// Whether an attribute is `#[arg(...)]`.
pub fn is_arg_attribute(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("arg")
}
