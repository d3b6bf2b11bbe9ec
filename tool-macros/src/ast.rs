//! The macros' model of an item, built from syn. Whatever cannot be a tool is refused here, with an
//! error saying what to write instead; the rules that need the whole model live in `valid`.

use proc_macro2::{Span, TokenTree};
use syn::spanned::Spanned;
use syn::{Attribute, FnArg, Ident, ItemEnum, ItemImpl, ItemStruct, Meta, Pat, ReturnType, Signature, Type};

use crate::attr::{ArgArgs, ToolArgs, is_arg_attribute};
use crate::docs::{self, Docs};
use crate::errors::Errors;

/// A function or method tool.
pub struct FnTool {
    pub args: ToolArgs,
    /// Argument types strict mode cannot express (maps, free-form JSON), where the types show them.
    pub strict_blockers: Vec<Type>,
    pub docs: Docs,
    pub ident: Ident,
    pub is_async: bool,
    /// Takes `&self`: a method of a toolbox.
    pub has_receiver: bool,
    pub params: Vec<Param>,
    /// Where a `&CallContext` parameter stands among the arguments (how many come before it): the
    /// call's context, never in the schema.
    pub context: Option<usize>,
    pub output: Output,
}

pub struct Param {
    pub ident: Ident,
    pub ty: Type,
    pub arg: ArgArgs,
}

pub enum Output {
    Unit,
    /// `Result<T, E>` (or an alias such as `io::Result<T>`): the whole type.
    Result(Type),
    Value(Type),
}

/// A config struct or tagged enum tool.
pub struct TypeTool {
    pub args: ToolArgs,
    /// Field types strict mode cannot express (maps, free-form JSON), where the types show them.
    pub strict_blockers: Vec<Type>,
    pub docs: Docs,
    pub ident: Ident,
}

/// `#[toolbox]` on an impl block.
pub struct ImplToolbox {
    pub self_ty: Type,
    pub tools: Vec<FnTool>,
}

/// `#[toolbox]` on an enum.
pub struct EnumToolbox {
    pub ident: Ident,
    pub variants: Vec<(Ident, Type)>,
}

#[derive(Clone, Copy, PartialEq)]
pub enum Place {
    /// A free function.
    Free,
    /// A method or associated function of a `#[toolbox]` impl block.
    Toolbox,
}

/// Reads a function's signature; takes the `#[arg]` attributes off its parameters.
pub fn fn_tool(args: ToolArgs, attrs: &[Attribute], sig: &mut Signature, place: Place, errors: &mut Errors) -> FnTool {
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        errors.at(
            &sig.generics,
            "a tool cannot be generic: its schema is fixed at compile time; use concrete types, \
             or call a generic function from a concrete tool",
        );
    }
    if let syn::Safety::Unsafe(token) = &sig.safety {
        errors.at(token, "a tool cannot be an `unsafe fn`: a model's call cannot uphold its safety contract; wrap it in a safe function");
    }
    if let Some(variadic) = &sig.variadic {
        errors.at(variadic, "a tool cannot be variadic; take a `Vec` instead");
    }
    let mut has_receiver = false;
    let mut context = None;
    let mut params = Vec::new();
    let mut strict_blockers = Vec::new();
    for input in &mut sig.inputs {
        match input {
            FnArg::Receiver(receiver) => {
                has_receiver = true;
                receiver_rule(receiver, place, errors);
            }
            FnArg::Typed(pat_type) if is_context(&pat_type.ty) => {
                if context.is_some() {
                    errors.at(&pat_type.ty, "a tool takes one `&CallContext` at most");
                }
                if let Type::Reference(reference) = &*pat_type.ty
                    && reference.mutability.is_some()
                {
                    errors.at(&pat_type.ty, "the call context is shared: take `&CallContext`, not `&mut CallContext`");
                }
                if let Some(attr) = pat_type.attrs.iter().find(|attr| is_arg_attribute(attr)) {
                    errors.at(attr, "the call context is not an argument of the model: it takes no #[arg(...)]");
                }
                // Removed either way, so the compiler does not also report an unknown attribute.
                pat_type.attrs.retain(|attr| !is_arg_attribute(attr));
                context = Some(params.len());
            }
            FnArg::Typed(pat_type) => {
                let mut arg = ArgArgs::default();
                let mut seen_arg = false;
                pat_type.attrs.retain(|attr| {
                    if !is_arg_attribute(attr) {
                        return true;
                    }
                    if seen_arg {
                        errors.at(attr, "give one #[arg(...)] per parameter, with all its keys");
                    } else {
                        arg = ArgArgs::from_attribute(attr, errors);
                    }
                    seen_arg = true;
                    false
                });
                if let Some(header) = &arg.header {
                    let taken = params
                        .iter()
                        .filter_map(|param: &Param| param.arg.header.as_ref())
                        .find(|taken| taken.value().eq_ignore_ascii_case(&header.value()));
                    if let Some(taken) = taken {
                        errors.at(
                            header,
                            format!(
                                "the header `Mcp-Param-{}` is already another parameter's (header names are the same \
                                 whatever their case): give each its own",
                                taken.value()
                            ),
                        );
                    }
                }
                check_argument_type(&pat_type.ty, errors);
                find_strict_blockers(&pat_type.ty, &mut strict_blockers);
                match &*pat_type.pat {
                    Pat::Ident(pat) if pat.by_ref.is_none() && pat.subpat.is_none() => {
                        params.push(Param { ident: pat.ident.clone(), ty: (*pat_type.ty).clone(), arg });
                    }
                    other => errors.at(
                        other,
                        "a tool argument needs a plain name, which becomes its JSON key; \
                         bind it to a name and destructure it in the body",
                    ),
                }
            }
        }
    }
    let output = match &sig.output {
        ReturnType::Default => Output::Unit,
        ReturnType::Type(_, ty) => match &**ty {
            Type::Tuple(tuple) if tuple.elems.is_empty() => Output::Unit,
            Type::ImplTrait(_) => {
                errors.at(ty, "a tool returns a named type, so its output schema is known: replace `impl Trait` with the concrete type");
                Output::Unit
            }
            Type::Path(path)
                if path.qself.is_none() && path.path.segments.last().is_some_and(|s| s.ident == "Result") =>
            {
                Output::Result((**ty).clone())
            }
            _ => Output::Value((**ty).clone()),
        },
    };
    FnTool {
        docs: docs::parse(attrs, errors),
        args,
        strict_blockers,
        ident: sig.ident.clone(),
        is_async: sig.asyncness.is_some(),
        has_receiver,
        params,
        context,
        output,
    }
}

/// Whether `ty` is a borrowed `CallContext` (by its last path segment, however it was imported).
fn is_context(ty: &Type) -> bool {
    let Type::Reference(reference) = ty else { return false };
    matches!(&*reference.elem, Type::Path(path) if path.qself.is_none() && path.path.segments.last().is_some_and(|segment| segment.ident == "CallContext" && segment.arguments.is_empty()))
}

fn receiver_rule(receiver: &syn::Receiver, place: Place, errors: &mut Errors) {
    if place == Place::Free {
        errors.at(
            receiver,
            "`#[tool]` on a method needs `#[toolbox]` on its impl block, which makes the dispatch table; \
             put `#[toolbox]` on the `impl`",
        );
        return;
    }
    match &receiver.kind {
        syn::ReceiverKind::Reference(_, _, None) => {}
        syn::ReceiverKind::Reference(_, _, Some(_)) => errors.at(
            receiver,
            "a tool method takes `&self`, not `&mut self`: the calls of one response may run at the same \
             time; keep mutable state behind a `Mutex` or an atomic",
        ),
        _ => errors.at(
            receiver,
            "a tool method takes `&self` as its context; `self` by value or a typed `self` is not supported",
        ),
    }
}

/// Refuses argument types that JSON cannot be parsed into.
fn check_argument_type(ty: &Type, errors: &mut Errors) {
    match ty {
        Type::Reference(reference) => {
            let owned = match &*reference.elem {
                Type::Path(path) if path.path.is_ident("str") => "`String`".to_owned(),
                Type::Path(path) if path.path.is_ident("Path") => "`PathBuf`".to_owned(),
                Type::Slice(slice) => format!("`Vec<{}>`", tokens_text(&slice.elem)),
                other => format!("`{}`", tokens_text(other)),
            };
            errors.at(
                ty,
                format!("a tool argument is parsed from JSON, so it must be owned: write {owned} instead of `{}`", tokens_text(ty)),
            );
        }
        Type::ImplTrait(_) => errors.at(
            ty,
            "an argument cannot be `impl Trait`: its schema must be known; name a concrete type such as `String` or `Vec<T>`",
        ),
        Type::TraitObject(_) => errors.at(ty, "a trait object cannot be parsed from JSON; name a concrete type"),
        Type::Ptr(_) | Type::FnPtr(_) | Type::Never(_) => errors.at(ty, "this type cannot be parsed from JSON; name an owned data type"),
        _ => for_each_inner_type(ty, |inner| check_argument_type(inner, errors)),
    }
}

/// Calls `visit` on the types directly inside `ty`: generic arguments, tuple and array elements.
fn for_each_inner_type(ty: &Type, mut visit: impl FnMut(&Type)) {
    match ty {
        Type::Path(path) => {
            for segment in &path.path.segments {
                if let syn::PathArguments::AngleBracketed(generics) = &segment.arguments {
                    for arg in &generics.args {
                        if let syn::GenericArgument::Type(inner) = arg {
                            visit(inner);
                        }
                    }
                }
            }
        }
        Type::Tuple(tuple) => tuple.elems.iter().for_each(visit),
        Type::Array(array) => visit(&array.elem),
        Type::Slice(slice) => visit(&slice.elem),
        Type::Paren(paren) => visit(&paren.elem),
        Type::Group(group) => visit(&group.elem),
        _ => {}
    }
}

/// Maps and `serde_json::Value` inside `ty`: strict mode has no object with arbitrary keys and no
/// free-form value. Type aliases hide them from this look; rendering still refuses them then.
fn find_strict_blockers(ty: &Type, out: &mut Vec<Type>) {
    const MAPS: &[&str] = &["HashMap", "BTreeMap", "IndexMap"];
    match ty {
        Type::Path(path) if path.qself.is_none() => {
            let segments: Vec<String> = path.path.segments.iter().map(|segment| segment.ident.to_string()).collect();
            let last = segments.last().map(String::as_str).unwrap_or_default();
            let from_serde_json = segments.len() > 1 && segments.iter().any(|segment| segment == "serde_json");
            if MAPS.contains(&last)
                || (last == "Value" && (segments.len() == 1 || from_serde_json))
                || (last == "Map" && from_serde_json)
            {
                out.push(ty.clone());
                return;
            }
            for_each_inner_type(ty, |inner| find_strict_blockers(inner, out));
        }
        _ => for_each_inner_type(ty, |inner| find_strict_blockers(inner, out)),
    }
}

fn tokens_text(tokens: &impl quote::ToTokens) -> String {
    tokens.to_token_stream().to_string().replace("& ", "&").replace(" <", "<").replace("< ", "<").replace(" >", ">")
}

pub fn struct_tool(args: ToolArgs, item: &ItemStruct, errors: &mut Errors) -> TypeTool {
    no_generics(&item.generics, "a tool", errors);
    match &item.fields {
        syn::Fields::Named(_) => {}
        syn::Fields::Unnamed(fields) => errors.at(
            fields,
            "a tuple struct has no field names for the model to fill: name its fields, `struct Args { field: T }`",
        ),
        syn::Fields::Unit => errors.at(
            &item.ident,
            format!("a unit struct is parsed from `null`, not from an arguments object: write `struct {} {{}}` for a tool without arguments", item.ident),
        ),
    }
    let mut tool = type_tool(args, &item.attrs, &item.ident, errors);
    item.fields.iter().for_each(|field| find_strict_blockers(&field.ty, &mut tool.strict_blockers));
    tool
}

pub fn enum_tool(args: ToolArgs, item: &ItemEnum, errors: &mut Errors) -> TypeTool {
    no_generics(&item.generics, "a tool", errors);
    let serde_keys: Vec<Ident> = item
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("serde"))
        .filter_map(|attr| match &attr.meta {
            Meta::List(list) => Some(list.tokens.clone()),
            _ => None,
        })
        .flat_map(|tokens| tokens.into_iter())
        .filter_map(|tree| match tree {
            TokenTree::Ident(ident) => Some(ident),
            _ => None,
        })
        .collect();
    if let Some(untagged) = serde_keys.iter().find(|ident| *ident == "untagged") {
        errors.at(
            untagged,
            "an untagged enum gives the model no field that says which variant it means: \
             use `#[serde(tag = \"action\")]` instead",
        );
    } else if !serde_keys.iter().any(|ident| ident == "tag") {
        errors.at(
            &item.ident,
            "an enum tool must be an object with a field naming the variant: add `#[serde(tag = \"action\")]` \
             (serde writes other enums as strings or single-key objects, which providers cannot describe well)",
        );
    }
    let mut tool = type_tool(args, &item.attrs, &item.ident, errors);
    for variant in &item.variants {
        variant.fields.iter().for_each(|field| find_strict_blockers(&field.ty, &mut tool.strict_blockers));
    }
    tool
}

fn type_tool(args: ToolArgs, attrs: &[Attribute], ident: &Ident, errors: &mut Errors) -> TypeTool {
    if let Some(rule) = &args.rename_all {
        errors.at(
            rule,
            "on a struct or enum, serde parses the fields, so rename them with `#[serde(rename_all = \"...\")]`",
        );
    }
    TypeTool { docs: docs::parse(attrs, errors), args, ident: ident.clone(), strict_blockers: Vec::new() }
}

fn no_generics(generics: &syn::Generics, what: &str, errors: &mut Errors) {
    if !generics.params.is_empty() || generics.where_clause.is_some() {
        errors.at(
            generics,
            format!("{what} cannot be generic: its schemas are fixed at compile time; use concrete types"),
        );
    }
}

/// Reads an impl block; takes the `#[tool]` attributes off its methods.
pub fn impl_toolbox(item: &mut ItemImpl, errors: &mut Errors) -> ImplToolbox {
    if let Some((path, _)) = &item.trait_ {
        errors.at(
            path,
            "#[toolbox] goes on an inherent impl block (`impl Browser { ... }`), not on a trait impl; \
             move the tool methods into one",
        );
    }
    no_generics(&item.generics, "a #[toolbox] impl block", errors);
    let mut tools = Vec::new();
    for impl_item in &mut item.items {
        let syn::ImplItem::Fn(method) = impl_item else { continue };
        let mut found: Option<ToolArgs> = None;
        let mut attrs = std::mem::take(&mut method.attrs);
        attrs.retain(|attr| {
            if !crate::attr::is_tool_attribute(attr) {
                return true;
            }
            if found.is_some() {
                errors.at(attr, "give one #[tool(...)] per method, with all its keys");
            } else {
                found = Some(ToolArgs::from_attribute(attr, errors));
            }
            false
        });
        method.attrs = attrs;
        if let Some(args) = found {
            tools.push(fn_tool(args, &method.attrs, &mut method.sig, Place::Toolbox, errors));
        }
    }
    if tools.is_empty() {
        errors.at_span(
            item.self_ty.span(),
            "this #[toolbox] impl block has no tools: mark the methods the model may call with `#[tool]`",
        );
    }
    ImplToolbox { self_ty: (*item.self_ty).clone(), tools }
}

pub fn enum_toolbox(item: &ItemEnum, errors: &mut Errors) -> EnumToolbox {
    no_generics(&item.generics, "a #[toolbox] enum", errors);
    let mut variants = Vec::new();
    for variant in &item.variants {
        match &variant.fields {
            syn::Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                variants.push((variant.ident.clone(), fields.unnamed[0].ty.clone()));
            }
            _ => errors.at(
                variant,
                format!(
                    "each variant of a #[toolbox] enum wraps one #[tool] type: write `{0}({0})` and put `#[tool]` on `{0}`",
                    variant.ident
                ),
            ),
        }
    }
    if item.variants.is_empty() {
        errors.at(&item.ident, "this #[toolbox] enum has no variants: add one per tool, `Name(Name)`");
    }
    EnumToolbox { ident: item.ident.clone(), variants }
}

/// The span of a tool's name: the `name = "…"` literal when given, else the Rust identifier.
pub fn name_span(args: &ToolArgs, ident: &Ident) -> Span {
    args.name.as_ref().map_or_else(|| ident.span(), |lit| lit.span())
}

impl FnTool {
    /// `name = "…"`, or the function's name.
    pub fn name(&self) -> String {
        self.args.name.as_ref().map_or_else(|| syn::ext::IdentExt::unraw(&self.ident).to_string(), syn::LitStr::value)
    }

    pub fn description(&self) -> String {
        self.args.description.as_ref().map_or_else(|| self.docs.description.clone(), syn::LitStr::value)
    }
}

impl TypeTool {
    /// `name = "…"`, or the type's name in snake_case.
    pub fn name(&self) -> String {
        self.args.name.as_ref().map_or_else(|| toolc_names::snake_case(&self.ident.to_string()), syn::LitStr::value)
    }

    pub fn description(&self) -> String {
        self.args.description.as_ref().map_or_else(|| self.docs.description.clone(), syn::LitStr::value)
    }
}

impl Param {
    /// The Rust name, without `r#`.
    pub fn rust_name(&self) -> String {
        syn::ext::IdentExt::unraw(&self.ident).to_string()
    }
}
