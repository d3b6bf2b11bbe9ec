//! `toolc import`: tool definitions (any provider's format) turned into Rust `#[tool]` config
//! structs with doc comments, so a project can move its hand-written tools into Rust and keep
//! rendering the same schemas.

use std::collections::BTreeSet;
use std::path::Path;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::Value;
use syn::Ident;

use crate::definitions::{self, Definition};
use crate::rust_names::{self, Scope};
use crate::{Failure, Outcome, files, output, schema_check};

pub fn run(file: &Path, out: Option<&Path>) -> Result<Outcome, Failure> {
    let (input, stem) = definitions::load(file)?;
    let (code, refusals) = generate(&definitions::read(&input, &stem)?)?;
    for refusal in &refusals {
        output::error(refusal);
    }
    // A tool that cannot be imported does not sink its file: the others are written.
    if let Some(code) = code {
        match out {
            Some(path) => {
                files::write_atomically(path, &code)
                    .map_err(|err| Failure(format!("cannot write {}: {err}", path.display())))?;
                output::status("Imported", &format!("{} into {}", file.display(), path.display()));
            }
            None => print!("{code}"),
        }
    }
    if refusals.is_empty() {
        return Ok(Outcome::Ok);
    }
    output::note(&format!("{} tool(s) not imported; the others were written", refusals.len()));
    Ok(Outcome::Problems)
}

/// The Rust source for the tools that can be imported, pretty-printed (`None` when every one is
/// refused), and
/// why the others cannot, each naming the tool and where in the input.
pub fn generate(tools: &[Definition]) -> Result<(Option<String>, Vec<String>), Failure> {
    let mut generator = Generator::default();
    let mut items = Vec::new();
    let mut refusals = Vec::new();
    for tool in tools {
        let support = generator.items.len();
        match generator.tool(tool) {
            Ok(item) => items.push(item),
            Err(refusal) => {
                // What the refused tool's fields needed goes with it.
                generator.items.truncate(support);
                refusals.push(refusal);
            }
        }
    }
    if items.is_empty() && !refusals.is_empty() {
        return Ok((None, refusals));
    }
    let support = &generator.items;
    let tokens = quote! {
        //! Tools imported by `toolc import`.

        use schemars::JsonSchema;
        use serde::{Deserialize, Serialize};
        use tool_runtime::tool;

        #(#items)*
        #(#support)*
    };
    let file: syn::File =
        syn::parse2(tokens).map_err(|err| Failure(format!("generated code does not parse: {err}")))?;
    Ok((Some(prettyplease::unparse(&file)), refusals))
}

#[derive(Default)]
struct Generator {
    /// Structs, enums and default functions the tools' fields need.
    items: Vec<TokenStream>,
    /// The names of the file's types and functions.
    names: Scope,
    /// Set while a tool has a part strict mode cannot express (a map, free-form JSON, a union).
    loose: bool,
    /// The `$ref`s being followed, outermost first: one seen again is a recursive type.
    following: Vec<String>,
    /// Where in its schema and why the tool being generated cannot be imported, once found.
    refused: Option<(String, String)>,
}

fn doc(text: Option<&str>) -> TokenStream {
    let lines = text
        .filter(|text| !text.trim().is_empty())
        .map(|text| text.lines().map(|line| format!(" {line}")).collect::<Vec<_>>());
    let lines = lines.unwrap_or_default();
    quote!(#(#[doc = #lines])*)
}

impl Generator {
    fn unique(&mut self, hint: &str) -> Ident {
        self.names.unique(rust_names::type_name(hint))
    }

    fn tool(&mut self, tool: &Definition) -> Result<TokenStream, String> {
        let name = &tool.name;
        let refuse = |at: &str, reason: &str| {
            let at = if at.is_empty() { "/" } else { at };
            tool_names::one_line(&format!("tool `{name}` cannot be imported: at {at}, {reason}")).into_owned()
        };
        if !tool_names::is_portable_tool_name(name) {
            let reason = format!(
                "its name is not one every provider accepts (`{}`), and renaming it would change what the model calls",
                tool_names::PORTABLE_TOOL_NAME
            );
            return Err(refuse(&tool.at, &reason));
        }
        if let Some((path, rule)) = schema_check::problem(&tool.schema, &tool.schema_at) {
            return Err(refuse(&path, &rule));
        }
        self.loose = tool.strict == Some(false);
        self.refused = None;
        let mut schema = tool.schema.clone();
        tool_runtime::schema::merge_object_all_of(&mut schema);
        let root = schema.clone();
        if schema.is_object()
            && schema.get("properties").is_none()
            && schema.get("type").is_none_or(|ty| ty == "object")
        {
            schema["properties"] = serde_json::json!({});
        }
        if !schema.get("properties").is_some_and(Value::is_object) {
            let reason = "the arguments are not an object with `properties`, so they cannot be a config struct";
            return Err(refuse(&tool.schema_at, reason));
        }
        let ident = self.unique(&tool.name);
        let fields = self.fields(&schema, &root, &ident.to_string(), "");
        if let Some((path, reason)) = self.refused.take() {
            return Err(refuse(&format!("{}{path}", tool.schema_at), &reason));
        }
        let description = if tool.description.trim().is_empty() {
            output::warning(&format!("`{name}` has no description; the struct says so until you write one"));
            format!("The `{name}` tool (no description was given).")
        } else {
            tool.description.clone()
        };
        let docs = doc(Some(&description));
        let strict = self.loose.then(|| quote!(, strict = false));
        Ok(quote! {
            #docs
            #[tool(name = #name #strict)]
            #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
            pub struct #ident {
                #(#fields),*
            }
        })
    }

    fn fields(&mut self, schema: &Value, root: &Value, owner: &str, path: &str) -> Vec<TokenStream> {
        let required: Vec<&str> =
            schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        let mut idents = Scope::default();
        let mut fields = Vec::new();
        for (name, property) in schema["properties"].as_object().into_iter().flatten() {
            let resolved = resolve(property, root);
            let ident = idents.unique(rust_names::field(name));
            let rename = (ident.to_string().trim_start_matches("r#") != name).then(|| quote!(#[serde(rename = #name)]));
            let path = format!("{path}/properties/{}", definitions::pointer_token(name));
            // The property as written, so a `$ref` cycle through it is seen.
            let inner = self.rust_type(property, root, &format!("{owner}_{name}"), &path);
            let is_required = required.contains(&name.as_str());
            let default = resolved.get("default").filter(|_| !is_required);
            let field = ident.to_string();
            let (ty, serde_default) = match default.and_then(|value| self.default_fn(value, &inner, owner, &field)) {
                Some(function) => (inner, Some(quote!(#[serde(default = #function)]))),
                None if is_required => (inner, None),
                // serde reads a missing `Option` as `None` by itself; `#[serde(default)]` would only
                // make schemars write `"default": null`.
                None if nullable(resolved) => (inner, None),
                None => (quote!(Option<#inner>), None),
            };
            let docs = doc(resolved.get("description").and_then(Value::as_str));
            let constraints = constraints(resolved);
            fields.push(quote! { #docs #rename #serde_default #constraints pub #ident: #ty });
        }
        fields
    }

    fn default_fn(&mut self, value: &Value, ty: &TokenStream, owner: &str, field: &str) -> Option<String> {
        let rust = ty.to_string();
        let expression = match value {
            Value::Bool(flag) if rust == "bool" => quote!(#flag),
            Value::Number(number) if rust == "i64" => {
                let n = proc_macro2::Literal::i64_unsuffixed(number.as_i64()?);
                quote!(#n)
            }
            Value::Number(number) if rust == "f64" => {
                let n = proc_macro2::Literal::f64_unsuffixed(number.as_f64()?);
                quote!(#n)
            }
            Value::String(text) if rust == "String" => quote!(#text.to_owned()),
            _ => return None,
        };
        let function = self.names.unique(format_ident!(
            "default_{}_{}",
            tool_names::snake_case(owner),
            field.trim_start_matches("r#")
        ));
        self.items.push(quote! { fn #function() -> #ty { #expression } });
        Some(function.to_string())
    }

    fn rust_type(&mut self, schema: &Value, root: &Value, hint: &str, path: &str) -> TokenStream {
        let reference =
            schema.get("$ref").and_then(Value::as_str).filter(|_| !std::ptr::eq(resolve(schema, root), schema));
        let Some(reference) = reference else { return self.resolved_type(schema, root, hint, path) };
        if self.following.iter().any(|seen| seen == reference) {
            let chain = self.following.join(" → ");
            self.refused.get_or_insert_with(|| {
                let reason = format!(
                    "`$ref` `{reference}` refers back to itself ({chain} → {reference}): a recursive type cannot be imported"
                );
                (path.to_owned(), reason)
            });
            return quote!(serde_json::Value);
        }
        self.following.push(reference.to_owned());
        let ty = self.rust_type(resolve(schema, root), root, hint, path);
        self.following.pop();
        ty
    }

    fn resolved_type(&mut self, schema: &Value, root: &Value, hint: &str, path: &str) -> TokenStream {
        if let Some(branches) = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array) {
            let non_null: Vec<&Value> =
                branches.iter().filter(|branch| branch.get("type").is_none_or(|ty| ty != "null")).collect();
            if non_null.len() == 1 && non_null.len() < branches.len() {
                let index = branches.iter().position(|branch| std::ptr::eq(branch, non_null[0])).unwrap_or(0);
                let key = if schema.get("anyOf").is_some() { "anyOf" } else { "oneOf" };
                let inner = self.rust_type(non_null[0], root, hint, &format!("{path}/{key}/{index}"));
                return quote!(Option<#inner>);
            }
            self.loose = true;
            return quote!(serde_json::Value);
        }
        let types: Vec<&str> = match schema.get("type") {
            Some(Value::String(ty)) => vec![ty.as_str()],
            Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        let is_null = |ty: &&str| *ty == "null";
        let non_null: Vec<&str> = types.iter().copied().filter(|ty| !is_null(ty)).collect();
        if non_null.len() < types.len() && non_null.len() == 1 {
            let mut single = schema.clone();
            single["type"] = Value::String(non_null[0].to_owned());
            let inner = self.rust_type(&single, root, hint, path);
            return quote!(Option<#inner>);
        }
        if let Some(Value::Array(values)) = schema.get("enum")
            && !values.is_empty()
            && values.iter().all(Value::is_string)
        {
            return self.string_enum(values, schema, hint);
        }
        match non_null.as_slice() {
            ["string"] => quote!(String),
            ["integer"] => quote!(i64),
            ["number"] => quote!(f64),
            ["boolean"] => quote!(bool),
            ["array"] => match schema.get("items") {
                Some(items) => {
                    let inner = self.rust_type(items, root, &format!("{hint}_item"), &format!("{path}/items"));
                    quote!(Vec<#inner>)
                }
                None => {
                    self.loose = true;
                    quote!(Vec<serde_json::Value>)
                }
            },
            ["object"] | [] if schema.get("properties").is_some_and(Value::is_object) => {
                self.object(schema, root, hint, path)
            }
            ["object"] => {
                self.loose = true;
                let values = match schema.get("additionalProperties") {
                    Some(values @ Value::Object(_)) => {
                        self.rust_type(values, root, &format!("{hint}_value"), &format!("{path}/additionalProperties"))
                    }
                    _ => quote!(serde_json::Value),
                };
                quote!(std::collections::BTreeMap<String, #values>)
            }
            _ => {
                self.loose = true;
                quote!(serde_json::Value)
            }
        }
    }

    fn object(&mut self, schema: &Value, root: &Value, hint: &str, path: &str) -> TokenStream {
        let ident = self.unique(hint);
        let fields = self.fields(schema, root, &ident.to_string(), path);
        let docs = doc(schema.get("description").and_then(Value::as_str));
        self.items.push(quote! {
            #docs
            #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
            pub struct #ident {
                #(#fields),*
            }
        });
        quote!(#ident)
    }

    fn string_enum(&mut self, values: &[Value], schema: &Value, hint: &str) -> TokenStream {
        let ident = self.unique(hint);
        let mut names = Scope::default();
        let mut seen = BTreeSet::new();
        let variants: Vec<TokenStream> = values
            .iter()
            .filter_map(Value::as_str)
            .filter(|value| seen.insert(*value))
            .map(|value| {
                let variant = names.unique(rust_names::type_name(value));
                quote!(#[serde(rename = #value)] #variant)
            })
            .collect();
        let docs = doc(schema.get("description").and_then(Value::as_str));
        self.items.push(quote! {
            #docs
            #[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
            pub enum #ident {
                #(#variants),*
            }
        });
        quote!(#ident)
    }
}

fn resolve<'a>(schema: &'a Value, root: &'a Value) -> &'a Value {
    match schema
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|reference| reference.strip_prefix("#/$defs/").or_else(|| reference.strip_prefix("#/definitions/")))
    {
        Some(name) => {
            root.get("$defs").or_else(|| root.get("definitions")).and_then(|defs| defs.get(name)).unwrap_or(schema)
        }
        None => schema,
    }
}

fn nullable(schema: &Value) -> bool {
    schema["type"].as_array().is_some_and(|types| types.iter().any(|ty| ty == "null"))
        || schema["anyOf"].as_array().is_some_and(|branches| branches.iter().any(|branch| branch["type"] == "null"))
}

/// schemars attributes for the constraints a schema states, so they render back.
fn constraints(schema: &Value) -> TokenStream {
    let number = |key: &str| {
        let value = schema.get(key)?;
        match value.as_i64() {
            // schemars reads an unsuffixed literal as an `i32`: a larger bound says its type.
            Some(integer) if i32::try_from(integer).is_err() => Some(proc_macro2::Literal::i64_suffixed(integer)),
            Some(integer) => Some(proc_macro2::Literal::i64_unsuffixed(integer)),
            None => value.as_f64().map(proc_macro2::Literal::f64_unsuffixed),
        }
    };
    let count = |key: &str| schema.get(key).and_then(Value::as_u64).map(proc_macro2::Literal::u64_unsuffixed);
    let mut parts = Vec::new();
    let min = number("minimum").map(|n| quote!(min = #n));
    let max = number("maximum").map(|n| quote!(max = #n));
    let args: Vec<_> = min.into_iter().chain(max).collect();
    if !args.is_empty() {
        parts.push(quote!(range(#(#args),*)));
    }
    let (min_len, max_len) = match schema.get("type").and_then(Value::as_str) {
        Some("array") => (count("minItems"), count("maxItems")),
        _ => (count("minLength"), count("maxLength")),
    };
    if min_len.is_some() || max_len.is_some() {
        let (min_len, max_len) = (min_len.clone(), max_len.clone());
        let min = min_len.map(|n| quote!(min = #n));
        let max = max_len.map(|n| quote!(max = #n));
        let args: Vec<_> = min.into_iter().chain(max).collect();
        parts.push(quote!(length(#(#args),*)));
    }
    if let Some(pattern) = schema.get("pattern").and_then(Value::as_str) {
        parts.push(quote!(regex(pattern = #pattern)));
    }
    if parts.is_empty() { TokenStream::new() } else { quote!(#[schemars(#(#parts),*)]) }
}
