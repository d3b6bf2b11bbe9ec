//! The Rust of one file's tools: a config struct per tool, and the structs, enums and default
//! functions their fields need. Every keyword of a tool's schema is either carried into the Rust
//! (by a type, an attribute or a doc comment) or noted, with where it was, so `import` can say per
//! tool what it left out.

use std::collections::HashMap;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::Value;
use syn::Ident;

use super::carry::{self, FIELD_KEYWORDS, Kind};
use super::describe;
use crate::rust_names::{self, Scope};
use toolc::pointer;
use toolc::read::Definition;
use toolc::schema::resolve;

/// Keywords left out without a word: the dialect's name, definitions (read where they are
/// referred to), and a title (the Rust name is the title).
const SILENT: &[&str] = &["$schema", "$defs", "definitions", "title"];

/// Keywords that only tell a model something: leaving one out changes no value's validity.
const ANNOTATIONS: &[&str] = &["description", "default", "examples", "deprecated", "readOnly", "writeOnly"];

/// How deep a tool's Rust types may nest (a struct's fields, an array's items, a map's values: one
/// level each; the tool's struct is the first) before a part is written as `serde_json::Value`.
/// rustc checks and instantiates the derived serde and schemars code once per level and stops at
/// its recursion limit (128) well before the nesting JSON can hold: a `Vec` about 65 deep, or
/// optional structs about 70 deep through `$ref`s, do not compile. Half that leaves room for
/// whatever a level costs (an `Option` around a `Vec`, a map); no hand-written schema nests so deep.
const MAX_TYPE_DEPTH: usize = 32;

/// What a file's tools share: the types and functions written for their fields so far, and the
/// names taken.
#[derive(Default)]
pub struct Generator {
    /// Structs, enums and default functions the tools' fields need.
    pub items: Vec<TokenStream>,
    /// The names of the file's types and functions.
    names: Scope,
    /// Each string enum's values and variants, by type name, for defaults.
    variants: HashMap<String, Vec<(String, Ident)>>,
}

/// One tool being written: the file it writes into, and what is its own, made new for each tool.
struct ToolWriter<'g> {
    file: &'g mut Generator,
    /// Set while the tool has a part strict mode cannot express (a map, free-form JSON, a union).
    loose: bool,
    /// The `$ref`s being followed, outermost first: one seen again is a recursive type.
    following: Vec<String>,
    /// Where in its schema and why the tool being generated cannot be imported, once found.
    refused: Option<(String, String)>,
    /// The keywords of the tool being generated that its Rust leaves out, each with its path.
    lost: Vec<(String, String)>,
    /// How many types enclose the part being generated (see [`MAX_TYPE_DEPTH`]).
    depth: usize,
    /// Where the tool being generated nests past [`MAX_TYPE_DEPTH`]: parts written as
    /// `serde_json::Value`, by path.
    too_deep: Vec<String>,
}

/// The Rust type made for a schema.
struct RustType {
    /// The type without the `Option` a nullable schema adds.
    inner: TokenStream,
    kind: Kind,
    nullable: bool,
}

impl RustType {
    fn new(inner: TokenStream, kind: Kind) -> Self {
        RustType { inner, kind, nullable: false }
    }

    fn tokens(&self) -> TokenStream {
        let inner = &self.inner;
        if self.nullable { quote!(Option<#inner>) } else { inner.clone() }
    }
}

/// A tool's code, and what the command should say of it.
pub struct Tool {
    pub code: TokenStream,
    /// The name of its config struct.
    pub ident: Ident,
    /// That the tool has no description, so its struct's doc comment says so.
    pub undescribed: Option<String>,
    /// What its Rust leaves out, if anything.
    pub left_out: Option<String>,
}

/// Why a tool cannot be imported: where in the input (a JSON Pointer), and what.
#[derive(Debug)]
pub struct Refusal {
    pub tool: String,
    pub at: String,
    pub reason: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = if self.at.is_empty() { "/" } else { &self.at };
        let text = format!("tool `{}` cannot be imported: at {at}, {}", self.tool, self.reason);
        f.write_str(&toolc_names::one_line(&text))
    }
}

impl Generator {
    /// Takes `name` for a type of the file's own (the toolbox enum), so no tool's type takes it.
    pub fn reserve(&mut self, name: &Ident) {
        self.names.unique(name.clone());
    }

    /// The code of `tool`'s config struct, the types its fields need added to the file's; or why
    /// it cannot be imported.
    pub fn tool(&mut self, tool: &Definition) -> Result<Tool, Refusal> {
        let refuse = |at: &str, reason: String| Refusal { tool: tool.name.clone(), at: at.to_owned(), reason };
        if !toolc_names::is_portable_tool_name(&tool.name) {
            let reason = format!(
                "its name is not one every provider accepts (`{}`), and renaming it would change what the model calls",
                toolc_names::PORTABLE_TOOL_NAME
            );
            return Err(refuse(&tool.at, reason));
        }
        if let Err(err) = tool.check() {
            return Err(refuse(&err.path, err.rule));
        }
        let writer = ToolWriter {
            file: self,
            loose: tool.strict == Some(false),
            following: Vec::new(),
            refused: None,
            lost: Vec::new(),
            depth: 0,
            too_deep: Vec::new(),
        };
        writer.write(tool).map_err(|(at, reason)| refuse(&at, reason))
    }
}

impl ToolWriter<'_> {
    fn unique(&mut self, hint: &str) -> Ident {
        self.file.names.unique(rust_names::type_name(hint))
    }

    /// Notes every keyword of `schema` (at `path`) that is not in `used` as lost: the tool's Rust
    /// does not say it.
    fn lose_all_but(&mut self, schema: &Value, path: &str, used: &[&str]) {
        for key in schema.as_object().into_iter().flat_map(|node| node.keys()) {
            let key = key.as_str();
            let left_out = !used.contains(&key) && !SILENT.contains(&key) && !key.starts_with("x-");
            if left_out && !self.lost.iter().any(|(at, lost)| at == path && lost == key) {
                self.lost.push((path.to_owned(), key.to_owned()));
            }
        }
    }

    /// The tool's struct; or where in its input and why it cannot be imported.
    fn write(mut self, tool: &Definition) -> Result<Tool, (String, String)> {
        let name = &tool.name;
        let mut schema = tool.schema.clone();
        toolc::schema::merge_object_all_of(&mut schema);
        let root = schema.clone();
        if schema.is_object()
            && schema.get("properties").is_none()
            && schema.get("type").is_none_or(|ty| ty == "object")
        {
            schema["properties"] = serde_json::json!({});
        }
        if !schema.get("properties").is_some_and(Value::is_object) {
            let reason = "the arguments are not an object with `properties`, so they cannot be a config struct";
            return Err((tool.schema_at.clone(), reason.to_owned()));
        }
        // The root's description is the tool's, written apart.
        self.lose_all_but(&schema, "", &object_keywords(&schema, &["description"]));
        let ident = self.unique(&tool.name);
        let fields = self.fields(&schema, &root, &ident.to_string(), "");
        if let Some((path, reason)) = self.refused.take() {
            return Err((format!("{}{path}", tool.schema_at), reason));
        }
        let undescribed = tool
            .description
            .trim()
            .is_empty()
            .then(|| format!("`{name}` has no description; the struct says so until you write one"));
        let description = match undescribed {
            Some(_) => format!("The `{name}` tool (no description was given)."),
            None => tool.description.clone(),
        };
        let (docs, described) = describe::tool(&description);
        let strict = self.loose.then(|| quote!(, strict = false));
        let deny = deny_unknown_fields(&schema);
        let code = quote! {
            #docs
            #[tool(name = #name #described #strict)]
            #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
            #deny
            pub struct #ident {
                #(#fields),*
            }
        };
        Ok(Tool { code, ident, undescribed, left_out: self.left_out(name, &tool.schema_at) })
    }

    /// The warning naming what the tool's Rust leaves out, first what changes which arguments it
    /// accepts (the parts nested too deep, then the keywords), then what only a model would have read.
    fn left_out(&self, name: &str, schema_at: &str) -> Option<String> {
        let at = |path: &str| {
            let at = format!("{schema_at}{path}");
            if at.is_empty() { "/".to_owned() } else { at }
        };
        let list = |annotations: bool| {
            let deep = self.too_deep.iter().filter(|_| !annotations).map(|path| {
                format!(
                    "the schema at {} (any JSON value: its Rust types would nest deeper than {MAX_TYPE_DEPTH}, \
                     past what rustc compiles)",
                    at(path)
                )
            });
            let keywords = self
                .lost
                .iter()
                .filter(|(_, key)| ANNOTATIONS.contains(&key.as_str()) == annotations)
                .map(|(path, key)| format!("`{key}` at {}", at(path)));
            deep.chain(keywords).collect::<Vec<String>>().join(", ")
        };
        let (accepts, says) = (list(false), list(true));
        let parts: Vec<String> = [
            (!accepts.is_empty()).then(|| format!("{accepts} (so it accepts arguments the definition rules out)")),
            (!says.is_empty()).then(|| format!("{says} (which only a model reads)")),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!parts.is_empty())
            .then(|| format!("tool `{name}` is imported without what its Rust cannot say: {}", parts.join("; ")))
    }

    /// The fields of the struct for `schema`, one type deeper than the struct.
    fn fields(&mut self, schema: &Value, root: &Value, owner: &str, path: &str) -> Vec<TokenStream> {
        self.depth += 1;
        let required: Vec<&str> =
            schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        let mut idents = Scope::default();
        let mut fields = Vec::new();
        for (name, property) in schema["properties"].as_object().into_iter().flatten() {
            let ident = idents.unique(rust_names::field(name));
            let rename = (ident.to_string().trim_start_matches("r#") != name).then(|| quote!(#[serde(rename = #name)]));
            let path = format!("{path}/properties/{}", pointer::token(name));
            let resolved = resolve(property, root);
            let own = scalar(property, root);
            // The property as written, so a `$ref` cycle through it is seen.
            let ty = self.rust_type(property, root, &format!("{owner}_{name}"), &path, true);
            let is_required = required.contains(&name.as_str());
            let annotation = |key: &str| [property, resolved, own].into_iter().find_map(|node| node.get(key));
            let field = ident.to_string();
            let default = annotation("default")
                .filter(|_| !is_required)
                .and_then(|value| self.default_fn(value, &ty, owner, &field));
            // A default no function gives is still said in the schema.
            let stated_default = annotation("default").filter(|_| default.is_none());
            let (field_type, serde_attributes) = match default {
                Some(function) => (ty.tokens(), quote!(#[serde(default = #function)])),
                // schemars has no field that must be given and may be `null` (its `required` takes
                // the `null` away), so the field may also be left out, which the warning says.
                None if is_required && ty.nullable => {
                    self.lost.push((path.clone(), "required".to_owned()));
                    (ty.tokens(), TokenStream::new())
                }
                // serde reads a missing `Option` as `None` by itself; `#[serde(default)]` would only
                // make schemars write `"default": null`.
                None if is_required || ty.nullable => (ty.tokens(), TokenStream::new()),
                // Optional, but not `null` when given: the schema is the inner type's.
                None => {
                    let inner = &ty.inner;
                    let with = type_text(inner);
                    let attributes = quote! {
                        #[serde(default, skip_serializing_if = "Option::is_none")]
                        #[schemars(with = #with)]
                    };
                    (quote!(Option<#inner>), attributes)
                }
            };
            let docs = describe::schema(annotation("description").and_then(Value::as_str));
            // A union with `null` leaves the other branch's keywords to that branch.
            let or_null = !std::ptr::eq(own, resolved);
            let constraints = carry::attributes(own, ty.kind, or_null, stated_default);
            fields.push(quote! { #docs #rename #serde_attributes #constraints pub #ident: #field_type });
        }
        self.depth -= 1;
        fields
    }

    fn default_fn(&mut self, value: &Value, ty: &RustType, owner: &str, field: &str) -> Option<String> {
        let expression = match (value, ty.kind) {
            (Value::Null, _) if ty.nullable => quote!(None),
            (Value::Bool(flag), Kind::Boolean) => quote!(#flag),
            (Value::Number(number), Kind::Integer) => {
                let n = proc_macro2::Literal::i64_unsuffixed(number.as_i64()?);
                quote!(#n)
            }
            (Value::Number(number), Kind::Float) => {
                let n = proc_macro2::Literal::f64_unsuffixed(number.as_f64()?);
                quote!(#n)
            }
            (Value::String(text), Kind::Text) => quote!(#text.to_owned()),
            (Value::String(text), Kind::Variants) => {
                let inner = &ty.inner;
                let variants = self.file.variants.get(&inner.to_string())?;
                let (_, variant) = variants.iter().find(|(value, _)| value == text)?;
                quote!(#inner::#variant)
            }
            _ => return None,
        };
        let expression = if ty.nullable && !value.is_null() { quote!(Some(#expression)) } else { expression };
        let function = self.file.names.unique(format_ident!(
            "default_{}_{}",
            toolc_names::snake_case(owner),
            field.trim_start_matches("r#")
        ));
        let return_type = ty.tokens();
        self.file.items.push(quote! { fn #function() -> #return_type { #expression } });
        Some(function.to_string())
    }

    /// The Rust type for `schema` at `path`; `field` when `schema` is a property's own, whose
    /// keywords the field's attributes carry.
    fn rust_type(&mut self, schema: &Value, root: &Value, hint: &str, path: &str, field: bool) -> RustType {
        if self.depth > MAX_TYPE_DEPTH {
            return self.too_deep(path);
        }
        let reference =
            schema.get("$ref").and_then(Value::as_str).filter(|_| !std::ptr::eq(resolve(schema, root), schema));
        let Some(reference) = reference else { return self.resolved_type(schema, root, hint, path, field) };
        self.lose_all_but(schema, path, if field { &["$ref", "description", "default"] } else { &["$ref"] });
        if self.following.iter().any(|seen| seen == reference) {
            let chain = self.following.join(" → ");
            self.refused.get_or_insert_with(|| {
                let reason = format!(
                    "`$ref` `{reference}` refers back to itself ({chain} → {reference}): a recursive type cannot be imported"
                );
                (path.to_owned(), reason)
            });
            return RustType::new(quote!(serde_json::Value), Kind::Other);
        }
        self.following.push(reference.to_owned());
        let ty = self.rust_type(resolve(schema, root), root, hint, path, field);
        self.following.pop();
        ty
    }

    /// The Rust type for `schema` at `path`, nested one type deeper (an array's items, a map's
    /// values).
    fn nested_type(&mut self, schema: &Value, root: &Value, hint: &str, path: &str) -> RustType {
        self.depth += 1;
        let ty = self.rust_type(schema, root, hint, path, false);
        self.depth -= 1;
        ty
    }

    /// Any JSON value, for the part at `path` nested past [`MAX_TYPE_DEPTH`]: what it says is left
    /// out (named in the tool's warning), so that what `import` writes compiles.
    fn too_deep(&mut self, path: &str) -> RustType {
        self.loose = true;
        self.too_deep.push(path.to_owned());
        RustType::new(quote!(serde_json::Value), Kind::Other)
    }

    fn resolved_type(&mut self, schema: &Value, root: &Value, hint: &str, path: &str, field: bool) -> RustType {
        let used = |keys: &[&'static str]| -> Vec<&'static str> {
            let own: &[&'static str] = if field { FIELD_KEYWORDS } else { &[] };
            let annotations: &[&'static str] = if field { &["description", "default"] } else { &[] };
            keys.iter().chain(own).chain(annotations).copied().collect()
        };
        if let Some((key, branches)) = union(schema) {
            if let Some(index) = beside_null(branches) {
                let annotations: &[&str] = if field { &["description", "default"] } else { &[] };
                self.lose_all_but(schema, path, &[&[key][..], annotations].concat());
                for (at, branch) in branches.iter().enumerate().filter(|(at, _)| *at != index) {
                    self.lose_all_but(branch, &format!("{path}/{key}/{at}"), &["type"]);
                }
                let mut ty = self.rust_type(&branches[index], root, hint, &format!("{path}/{key}/{index}"), field);
                ty.nullable = true;
                return ty;
            }
            self.loose = true;
            self.lose_all_but(schema, path, &used(&[]));
            return RustType::new(quote!(serde_json::Value), Kind::Other);
        }
        let types: Vec<&str> = match schema.get("type") {
            Some(Value::String(ty)) => vec![ty.as_str()],
            Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        let non_null: Vec<&str> = types.iter().copied().filter(|ty| *ty != "null").collect();
        if non_null.len() < types.len() && non_null.len() == 1 {
            let mut single = schema.clone();
            single["type"] = Value::String(non_null[0].to_owned());
            let mut ty = self.rust_type(&single, root, hint, path, field);
            ty.nullable = true;
            return ty;
        }
        // A string enum, where the type allows strings (`type: boolean` with string values allows
        // nothing, and is carried as written).
        if let Some(Value::Array(values)) = schema.get("enum")
            && !values.is_empty()
            && values.iter().all(Value::is_string)
            && (non_null.is_empty() || non_null == ["string"])
        {
            self.lose_all_but(schema, path, &used(&["type", "enum"]));
            let ident = self.string_enum(values, schema, hint);
            return RustType::new(quote!(#ident), Kind::Variants);
        }
        let (ty, used_here) = match non_null.as_slice() {
            ["string"] => (RustType::new(quote!(String), Kind::Text), vec!["type"]),
            ["integer"] => (RustType::new(quote!(i64), Kind::Integer), vec!["type"]),
            ["number"] => (RustType::new(quote!(f64), Kind::Float), vec!["type"]),
            ["boolean"] => (RustType::new(quote!(bool), Kind::Boolean), vec!["type"]),
            ["array"] => match schema.get("items").filter(|items| items.is_object()) {
                Some(items) => {
                    let inner =
                        self.nested_type(items, root, &format!("{hint}_item"), &format!("{path}/items")).tokens();
                    (RustType::new(quote!(Vec<#inner>), Kind::List), vec!["type", "items"])
                }
                None => {
                    self.loose = true;
                    (RustType::new(quote!(Vec<serde_json::Value>), Kind::List), vec!["type"])
                }
            },
            ["object"] | [] if schema.get("properties").is_some_and(Value::is_object) => {
                let ident = self.object(schema, root, hint, path);
                (RustType::new(quote!(#ident), Kind::Other), object_keywords(schema, &["description"]))
            }
            ["object"] => {
                self.loose = true;
                let (values, used) = match schema.get("additionalProperties") {
                    Some(values @ Value::Object(_)) => {
                        let hint = format!("{hint}_value");
                        let values = self.nested_type(values, root, &hint, &format!("{path}/additionalProperties"));
                        (values.tokens(), vec!["type", "additionalProperties"])
                    }
                    Some(Value::Bool(true)) => (quote!(serde_json::Value), vec!["type", "additionalProperties"]),
                    _ => (quote!(serde_json::Value), vec!["type"]),
                };
                (RustType::new(quote!(std::collections::BTreeMap<String, #values>), Kind::Other), used)
            }
            [] => {
                self.loose = true;
                (RustType::new(quote!(serde_json::Value), Kind::Other), vec![])
            }
            // Several types: a field states them (`extend`), a part of one cannot.
            _ => {
                self.loose = true;
                let kind = if field { Kind::Types } else { Kind::Other };
                (RustType::new(quote!(serde_json::Value), kind), if field { vec!["type"] } else { vec![] })
            }
        };
        self.lose_all_but(schema, path, &used(&used_here));
        ty
    }

    fn object(&mut self, schema: &Value, root: &Value, hint: &str, path: &str) -> Ident {
        let ident = self.unique(hint);
        let fields = self.fields(schema, root, &ident.to_string(), path);
        let docs = describe::schema(schema.get("description").and_then(Value::as_str));
        let deny = deny_unknown_fields(schema);
        self.file.items.push(quote! {
            #docs
            #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
            #deny
            pub struct #ident {
                #(#fields),*
            }
        });
        ident
    }

    fn string_enum(&mut self, values: &[Value], schema: &Value, hint: &str) -> Ident {
        let ident = self.unique(hint);
        let mut names = Scope::default();
        let mut variants: Vec<(String, Ident)> = Vec::new();
        for value in values.iter().filter_map(Value::as_str) {
            if variants.iter().all(|(seen, _)| seen != value) {
                variants.push((value.to_owned(), names.unique(rust_names::type_name(value))));
            }
        }
        let arms = variants.iter().map(|(value, variant)| quote!(#[serde(rename = #value)] #variant));
        let docs = describe::schema(schema.get("description").and_then(Value::as_str));
        self.file.items.push(quote! {
            #docs
            #[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
            pub enum #ident {
                #(#arms),*
            }
        });
        self.file.variants.insert(ident.to_string(), variants);
        ident
    }
}

/// The keywords a struct carries for an object schema: its fields, which of them are required, and
/// whether it takes fields it does not name (a schema for those is not carried).
fn object_keywords(schema: &Value, more: &[&'static str]) -> Vec<&'static str> {
    let mut keys = vec!["type", "properties", "required"];
    if schema.get("additionalProperties").is_some_and(Value::is_boolean) {
        keys.push("additionalProperties");
    }
    keys.extend_from_slice(more);
    keys
}

fn deny_unknown_fields(schema: &Value) -> TokenStream {
    if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
        quote!(#[serde(deny_unknown_fields)])
    } else {
        TokenStream::new()
    }
}

/// A type as Rust code is written (`Vec<String>`, not `Vec < String >`), for an attribute's string.
fn type_text(ty: &TokenStream) -> String {
    ty.to_string().replace(" :: ", "::").replace(" <", "<").replace("< ", "<").replace(" >", ">").replace(" ,", ",")
}

/// A property's own schema, whose keywords its field's attributes carry: the schema it refers to,
/// and within a union with `null` the other branch.
fn scalar<'a>(property: &'a Value, root: &'a Value) -> &'a Value {
    let resolved = resolve(property, root);
    match union(resolved).and_then(|(_, branches)| Some(&branches[beside_null(branches)?])) {
        Some(branch) => resolve(branch, root),
        None => resolved,
    }
}

/// The `anyOf` (or `oneOf`) of `schema`, with its keyword.
fn union(schema: &Value) -> Option<(&'static str, &Vec<Value>)> {
    let key = if schema.get("anyOf").is_some() { "anyOf" } else { "oneOf" };
    Some((key, schema.get(key)?.as_array()?))
}

/// Which branch of a union is its one branch beside `null` (an `Option` in Rust), if it is one.
fn beside_null(branches: &[Value]) -> Option<usize> {
    let is_null = |branch: &Value| branch.get("type").is_some_and(|ty| ty == "null");
    let mut others = branches.iter().enumerate().filter(|(_, branch)| !is_null(branch));
    let (index, _) = others.next()?;
    (others.next().is_none() && branches.len() > 1).then_some(index)
}
