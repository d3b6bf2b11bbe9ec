//! Arguments named after keywords: a tool's argument may be called `type`, `nullable`, `$ref`,
//! `properties` or `input_schema`, and such a name is data, not schema. For every name of a list of
//! JSON Schema, OpenAPI and provider keywords, one tool has arguments of that name at several depths
//! (a string, an integer, an object holding another argument of the name, an array of such objects;
//! some required, some optional). The tool is written in every input format `toolc lower` reads and
//! lowered to every target, and every output must still hold:
//!
//! 1. every argument, at its place under `properties`, with its type (a target may make it accept
//!    `null` as well: a type list with `"null"`, an `anyOf` with a null branch, Gemini's
//!    `nullable: true`; OpenAI strict mode makes optional arguments required and nullable), its
//!    description, and whether it is required;
//! 2. in every object, a `required` list that names only properties the object has;
//! 3. the tool's name and description, once; and a default value whose keys are the argument
//!    names, as written (kept as `default`, or moved into the description where a target does that).
//!
//! A target whose documented property-name rule excludes the name (Anthropic's and Gemini
//! `parameters`' rules exclude `$ref`) must refuse the tool with an error naming the tool, the path
//! of the property and the rule; no other refusal is expected, since every target can express these
//! arguments under a plain name (the control test shows that).

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};
use toolc::read::{Lowered, Message, lower_each};
use toolc::{RenderOptions, Target};

const TOOL: &str = "keyword_args";
const DESCRIPTION: &str = "Looks records up by arguments whose names are schema keywords.";

/// The names under test: JSON Schema keywords (2020-12, draft-07, draft-04), OpenAPI 3.0 and Gemini
/// `Schema` fields, dialect quirks `toolc` reads (`optional`, Python type names), and the fields of
/// the providers' tool definitions.
const KEYWORDS: &[&str] = &[
    // JSON Schema
    "type",
    "properties",
    "required",
    "enum",
    "const",
    "format",
    "items",
    "prefixItems",
    "contains",
    "default",
    "title",
    "description",
    "pattern",
    "patternProperties",
    "propertyNames",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
    "if",
    "then",
    "else",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "additionalProperties",
    "unevaluatedProperties",
    "dependentRequired",
    "dependentSchemas",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentEncoding",
    "$ref",
    "$defs",
    "definitions",
    "$id",
    "$anchor",
    "$dynamicRef",
    "$comment",
    "$schema",
    // OpenAPI 3.0 and Gemini `Schema`
    "nullable",
    "example",
    "propertyOrdering",
    // read by `toolc` as dialect quirks
    "optional",
    "null",
    "object",
    "string",
    "dict",
    "any",
    // the providers' tool definitions
    "strict",
    "name",
    "parameters",
    "parametersJsonSchema",
    "input_schema",
    "inputSchema",
    "input_examples",
    "function",
    "functionDeclarations",
    "tools",
];

/// The names of the arguments around the keyword-named ones.
const PLAIN: &[&str] = &["box", "tree", "rows", "label", "size", "note"];

// ---------------------------------------------------------------------------------------------
// The tool as the test means it.

/// One argument: its name, its type, whether it is required, a description of its own, and a
/// default value.
struct Arg {
    name: String,
    ty: Ty,
    required: bool,
    description: String,
    default: Option<Value>,
}

enum Ty {
    String,
    Integer,
    /// An object with these properties.
    Object(Vec<Arg>),
    /// An array of objects with these properties.
    Array(Vec<Arg>),
}

impl Ty {
    fn json_name(&self) -> &'static str {
        match self {
            Ty::String => "string",
            Ty::Integer => "integer",
            Ty::Object(_) => "object",
            Ty::Array(_) => "array",
        }
    }
}

fn arg(name: &str, ty: Ty, required: bool, at: &str) -> Arg {
    let description = format!("The {} argument at {at}{name}.", ty.json_name());
    Arg { name: name.to_owned(), ty, required, description, default: None }
}

impl Arg {
    fn with_default(self, default: Value) -> Arg {
        Arg { default: Some(default), ..self }
    }
}

/// The arguments of the tool for the name `k`:
///
/// - `k`: a string, required;
/// - `box.k`: an integer, optional, beside the required `box.label`;
/// - `tree.k`: an object, required (in the optional `tree`), holding `tree.k.k`, a required string;
///   `tree` has a default, a value whose keys are the argument names;
/// - `rows.k`: an array, optional, of objects holding `k`, a required integer, and `note`.
fn arguments(k: &str) -> Vec<Arg> {
    assert!(!PLAIN.contains(&k), "`{k}` is a name of the arguments around the keyword-named ones");
    vec![
        arg(k, Ty::String, true, ""),
        arg(
            "box",
            Ty::Object(vec![arg(k, Ty::Integer, false, "box."), arg("label", Ty::String, true, "box.")]),
            true,
            "",
        ),
        arg(
            "tree",
            Ty::Object(vec![arg(
                k,
                Ty::Object(vec![
                    arg(k, Ty::String, true, &format!("tree.{k}.")),
                    arg("size", Ty::Integer, false, &format!("tree.{k}.")),
                ]),
                true,
                "tree.",
            )]),
            false,
            "",
        )
        .with_default(json!({k: {k: "Mixed Case Text"}})),
        arg(
            "rows",
            Ty::Object(vec![arg(
                k,
                Ty::Array(vec![
                    arg(k, Ty::Integer, true, &format!("rows.{k}[].")),
                    arg("note", Ty::String, false, &format!("rows.{k}[].")),
                ]),
                false,
                "rows.",
            )]),
            false,
            "",
        ),
    ]
}

/// Every argument name, at every depth.
fn all_names(args: &[Arg]) -> Vec<&str> {
    args.iter()
        .flat_map(|arg| {
            let inner = match &arg.ty {
                Ty::Object(fields) | Ty::Array(fields) => all_names(fields),
                Ty::String | Ty::Integer => Vec::new(),
            };
            std::iter::once(arg.name.as_str()).chain(inner)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The tool written in each input format.

/// How an arguments schema is written: JSON Schema, or the OpenAPI 3.0 subset of Gemini `parameters`
/// (upper-case types, `nullable: true` on the optional arguments).
#[derive(Clone, Copy, PartialEq)]
enum Dialect {
    JsonSchema,
    OpenApi,
}

fn type_name(ty: &str, dialect: Dialect) -> String {
    match dialect {
        Dialect::JsonSchema => ty.to_owned(),
        Dialect::OpenApi => ty.to_ascii_uppercase(),
    }
}

fn object_schema(args: &[Arg], dialect: Dialect) -> Map<String, Value> {
    let properties: Map<String, Value> =
        args.iter().map(|arg| (arg.name.clone(), Value::Object(arg_schema(arg, dialect)))).collect();
    let required: Vec<&str> = args.iter().filter(|arg| arg.required).map(|arg| arg.name.as_str()).collect();
    let mut node = Map::new();
    node.insert("type".to_owned(), json!(type_name("object", dialect)));
    node.insert("properties".to_owned(), Value::Object(properties));
    node.insert("required".to_owned(), json!(required));
    node
}

fn arg_schema(arg: &Arg, dialect: Dialect) -> Map<String, Value> {
    let mut node = match &arg.ty {
        Ty::String | Ty::Integer => {
            let mut node = Map::new();
            node.insert("type".to_owned(), json!(type_name(arg.ty.json_name(), dialect)));
            node
        }
        Ty::Object(fields) => object_schema(fields, dialect),
        Ty::Array(fields) => {
            let mut node = Map::new();
            node.insert("type".to_owned(), json!(type_name("array", dialect)));
            node.insert("items".to_owned(), Value::Object(object_schema(fields, dialect)));
            node
        }
    };
    node.insert("description".to_owned(), json!(arg.description));
    if let Some(default) = &arg.default {
        node.insert("default".to_owned(), default.clone());
    }
    if dialect == Dialect::OpenApi && !arg.required {
        node.insert("nullable".to_owned(), json!(true));
    }
    node
}

/// The input formats `toolc lower` reads.
#[derive(Clone, Copy, Debug)]
enum Input {
    OpenAiChat,
    OpenAiResponses,
    Anthropic,
    Mcp,
    GeminiParameters,
    GeminiJsonSchema,
    BareSchema,
}

impl Input {
    const ALL: [Input; 7] = [
        Input::OpenAiChat,
        Input::OpenAiResponses,
        Input::Anthropic,
        Input::Mcp,
        Input::GeminiParameters,
        Input::GeminiJsonSchema,
        Input::BareSchema,
    ];

    fn name(self) -> &'static str {
        match self {
            Input::OpenAiChat => "openai chat input",
            Input::OpenAiResponses => "openai responses input",
            Input::Anthropic => "anthropic input",
            Input::Mcp => "mcp input",
            Input::GeminiParameters => "gemini `parameters` input",
            Input::GeminiJsonSchema => "gemini `parametersJsonSchema` input",
            Input::BareSchema => "bare JSON Schema input",
        }
    }

    /// The document of one tool with these arguments.
    fn document(self, args: &[Arg]) -> Value {
        let schema = Value::Object(object_schema(args, Dialect::JsonSchema));
        match self {
            Input::OpenAiChat => {
                json!([{"type": "function", "function": {"name": TOOL, "description": DESCRIPTION, "parameters": schema}}])
            }
            Input::OpenAiResponses => {
                json!([{"type": "function", "name": TOOL, "description": DESCRIPTION, "parameters": schema}])
            }
            Input::Anthropic => json!([{"name": TOOL, "description": DESCRIPTION, "input_schema": schema}]),
            Input::Mcp => json!({"tools": [{"name": TOOL, "description": DESCRIPTION, "inputSchema": schema}]}),
            Input::GeminiParameters => {
                let parameters = Value::Object(object_schema(args, Dialect::OpenApi));
                json!([{"functionDeclarations": [{"name": TOOL, "description": DESCRIPTION, "parameters": parameters}]}])
            }
            Input::GeminiJsonSchema => json!([{"functionDeclarations": [
                {"name": TOOL, "description": DESCRIPTION, "parametersJsonSchema": schema}
            ]}]),
            Input::BareSchema => {
                let mut schema = schema;
                schema["description"] = json!(DESCRIPTION);
                schema
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The renderings and where each puts the tool.

/// Every target with default options, then Anthropic strict, Bedrock strict, Gemini `parameters`
/// only and Gemini `parametersJsonSchema`.
fn renderings() -> Vec<(Target, RenderOptions)> {
    Target::ALL
        .iter()
        .map(|target| (*target, RenderOptions::default()))
        .chain([
            (Target::Anthropic, RenderOptions::default().anthropic_strict(true)),
            (Target::Bedrock, RenderOptions::default().bedrock_strict(true)),
            (Target::Gemini, RenderOptions::default().gemini_parameters_only(true)),
            (Target::Gemini, RenderOptions::default().gemini_json_schema(true)),
        ])
        .collect()
}

fn rendering_name(target: Target, options: &RenderOptions) -> String {
    match target {
        Target::Anthropic if options.anthropic_strict => "anthropic (strict)".to_owned(),
        Target::Bedrock if options.bedrock_strict => "bedrock (strict)".to_owned(),
        Target::Gemini if options.gemini_json_schema => "gemini (parametersJsonSchema)".to_owned(),
        Target::Gemini if options.gemini_parameters_only => "gemini (parameters only)".to_owned(),
        _ => target.to_string(),
    }
}

/// The tools of a lowered document.
fn output_tools(value: &Value, target: Target) -> Vec<&Value> {
    let list = match target {
        Target::Gemini => value.pointer("/0/functionDeclarations"),
        _ => Some(value),
    };
    list.and_then(Value::as_array).map(|tools| tools.iter().collect()).unwrap_or_default()
}

/// Where a target puts a tool's name, its description and its arguments schema.
fn fields(target: Target, options: &RenderOptions) -> (&'static str, &'static str, &'static str) {
    match target {
        Target::OpenAi => ("/function/name", "/function/description", "/function/parameters"),
        Target::OpenAiResponses => ("/name", "/description", "/parameters"),
        Target::Anthropic | Target::JsonSchema => ("/name", "/description", "/input_schema"),
        Target::Gemini if options.gemini_json_schema => ("/name", "/description", "/parametersJsonSchema"),
        Target::Gemini => ("/name", "/description", "/parameters"),
        Target::Bedrock => ("/toolSpec/name", "/toolSpec/description", "/toolSpec/inputSchema/json"),
        Target::Mcp => ("/name", "/description", "/inputSchema"),
    }
}

/// A property-name rule: as the error message writes it, and the test of a name.
type NameRule = (&'static str, fn(&str) -> bool);

/// The property-name rule a target documents, where it has one: a name outside it is refused (or,
/// for Gemini without `parameters` only, given `parametersJsonSchema`).
fn property_name_rule(target: Target, options: &RenderOptions) -> Option<NameRule> {
    fn anthropic(name: &str) -> bool {
        (1..=64).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"_.-".contains(&b))
    }
    fn gemini(name: &str) -> bool {
        (1..=64).contains(&name.len())
            && name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    }
    match target {
        Target::Anthropic | Target::Bedrock => Some(("`^[a-zA-Z0-9_.-]{1,64}$`", anthropic)),
        Target::Gemini if !options.gemini_json_schema => Some(("`^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`", gemini)),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Reading an output schema: types, nullability, the branch of a type.

/// `name` as a JSON Pointer token.
fn token(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

/// The types a schema's own `type` names, lower case.
fn own_types(node: &Map<String, Value>) -> Vec<String> {
    match node.get("type") {
        Some(Value::String(ty)) => vec![ty.to_ascii_lowercase()],
        Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).map(str::to_ascii_lowercase).collect(),
        _ => Vec::new(),
    }
}

fn branches(node: &Map<String, Value>) -> impl Iterator<Item = &Map<String, Value>> {
    ["anyOf", "oneOf"]
        .into_iter()
        .filter_map(|keyword| node.get(keyword).and_then(Value::as_array))
        .flatten()
        .filter_map(Value::as_object)
}

/// Every type but `null` a schema takes, through its `anyOf`/`oneOf` branches.
fn value_types(node: &Map<String, Value>) -> BTreeSet<String> {
    let mut types: BTreeSet<String> = own_types(node).into_iter().filter(|ty| ty != "null").collect();
    for branch in branches(node) {
        types.extend(value_types(branch));
    }
    types
}

/// Whether a schema takes `null`, in any of the ways the targets write it.
fn accepts_null(node: &Map<String, Value>) -> bool {
    own_types(node).iter().any(|ty| ty == "null")
        || node.get("nullable") == Some(&Value::Bool(true))
        || node.get("enum").and_then(Value::as_array).is_some_and(|values| values.contains(&Value::Null))
        || branches(node).any(accepts_null)
}

/// The schema, or the branch of it, that describes values of type `ty`.
fn branch_of_type<'a>(node: &'a Map<String, Value>, ty: &str) -> Option<&'a Map<String, Value>> {
    if own_types(node).iter().any(|own| own == ty) {
        return Some(node);
    }
    branches(node).find_map(|branch| branch_of_type(branch, ty))
}

fn names_of(node: &Map<String, Value>, keyword: &str) -> Vec<String> {
    match node.get(keyword) {
        Some(Value::Object(properties)) => properties.keys().cloned().collect(),
        Some(Value::Array(names)) => {
            names.iter().map(|name| name.as_str().map_or(name.to_string(), str::to_owned)).collect()
        }
        _ => Vec::new(),
    }
}

/// A short view of an object schema: its property names and its `required`.
fn shape(node: &Map<String, Value>) -> String {
    format!("properties {:?}, required {:?}", names_of(node, "properties"), names_of(node, "required"))
}

/// Compact JSON, cut to a length one can read in a failure.
fn snippet(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(400) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}

// ---------------------------------------------------------------------------------------------
// The checks.

/// What went wrong, each entry naming the input format, the rendering and the argument name.
struct Failures {
    context: String,
    list: Vec<String>,
}

impl Failures {
    fn push(&mut self, what: String) {
        self.list.push(format!("{}: {what}", self.context));
    }
}

/// Lowers the tool of `k` written as `input` to every rendering and checks each output.
fn check_name(input: Input, k: &str, failures: &mut Vec<String>) {
    let args = arguments(k);
    let document = input.document(&args);
    let renderings = renderings();
    let lowered = match lower_each(&document, TOOL, &renderings) {
        Ok(lowered) => lowered,
        Err(err) => {
            failures.push(format!("{}, argument `{k}`: the document is not read: {err}", input.name()));
            return;
        }
    };
    for ((target, options), lowered) in renderings.iter().zip(&lowered) {
        let mut found = Failures {
            context: format!("{} → {}, argument `{k}`", input.name(), rendering_name(*target, options)),
            list: Vec::new(),
        };
        check_lowered(&args, *target, options, lowered, &mut found);
        failures.extend(found.list);
    }
}

/// The tool is in the output and whole, or refused for a name its target's rule excludes.
fn check_lowered(args: &[Arg], target: Target, options: &RenderOptions, lowered: &Lowered, failures: &mut Failures) {
    let (name_at, description_at, schema_at) = fields(target, options);
    let tools: Vec<&Value> = lowered
        .value
        .iter()
        .flat_map(|value| output_tools(value, target))
        .filter(|tool| tool.pointer(name_at) == Some(&json!(TOOL)))
        .collect();
    let refusals: Vec<&str> = lowered
        .messages
        .iter()
        .filter_map(|message| match message {
            Message::Error(text) if text.starts_with(&format!("tool `{TOOL}` cannot be rendered")) => {
                Some(text.as_str())
            }
            _ => None,
        })
        .collect();
    let mut broken_rule = property_name_rule(target, options)
        .and_then(|(rule, valid)| all_names(args).into_iter().find(|name| !valid(name)).map(|name| (rule, name)));
    // Gemini, unless asked for `parameters` only: such a tool takes `parametersJsonSchema`, with a
    // warning naming the property.
    let mut schema_at = schema_at;
    if target == Target::Gemini
        && !options.gemini_parameters_only
        && let Some((rule, name)) = broken_rule.take()
    {
        schema_at = "/parametersJsonSchema";
        let warned = lowered.messages.iter().any(|message| {
            matches!(message, Message::Warning(text) if text.contains("`parametersJsonSchema`")
                && text.contains("/properties/") && text.contains(rule))
        });
        if !warned {
            failures.push(format!("no warning that `{name}` moved the tool to `parametersJsonSchema`"));
        }
    }
    if lowered.refused.len() != usize::from(tools.is_empty()) {
        failures.push(format!("{} tool(s) counted refused, {} lowered", lowered.refused.len(), tools.len()));
    }
    match tools.as_slice() {
        [] if refusals.is_empty() => failures.push(format!(
            "the tool is neither in the output nor refused; output {}, messages {:?}",
            lowered.value.as_ref().map_or("none".to_owned(), snippet),
            lowered.messages
        )),
        [] => {
            for refusal in refusals {
                check_refusal(refusal, target, broken_rule, failures);
            }
        }
        [tool] => {
            if let Some((rule, name)) = broken_rule {
                failures.push(format!(
                    "lowered although the property name `{name}` breaks the target's rule {rule}, which its API enforces"
                ));
            }
            if tool.pointer(description_at).and_then(Value::as_str).is_none_or(|text| !text.contains(DESCRIPTION)) {
                failures.push(format!("the tool's description is lost: {}", snippet(tool)));
            }
            match tool.pointer(schema_at) {
                Some(Value::Object(schema)) => {
                    check_object(schema, args, schema_at, failures);
                    check_required_lists(&Value::Object(schema.clone()), schema_at, failures);
                }
                _ => failures.push(format!("no arguments schema at {schema_at}: {}", snippet(tool))),
            }
        }
        many => failures.push(format!("the tool is in the output {} times", many.len())),
    }
}

/// A refusal is an error naming the tool, a path and a rule; and the rule is the target's rule for
/// property names, the only one these arguments can break.
fn check_refusal(message: &str, target: Target, broken_rule: Option<(&str, &str)>, failures: &mut Failures) {
    let prefix = format!("tool `{TOOL}` cannot be rendered for {target} at ");
    let Some((path, rule)) = message.strip_prefix(&prefix).and_then(|rest| rest.split_once(": ")) else {
        failures.push(format!("a refusal that names no path and rule: {message}"));
        return;
    };
    if !path.starts_with('/') || rule.trim().is_empty() {
        failures.push(format!("a refusal that names no path and rule: {message}"));
        return;
    }
    match broken_rule {
        Some((_, name)) if path.ends_with(&format!("/properties/{}", token(name))) && rule.contains(name) => {}
        Some((expected, name)) => failures.push(format!(
            "refused, but not for the property name `{name}` that breaks the rule {expected}: {message}"
        )),
        None => failures.push(format!("refused, though the target can express these arguments: {message}")),
    }
}

/// The object schema `node`, at `at` in the output, has exactly the arguments `args`, each with its
/// type, description and requiredness, and so on down.
fn check_object(node: &Map<String, Value>, args: &[Arg], at: &str, failures: &mut Failures) {
    let Some(object) = branch_of_type(node, "object") else {
        failures.push(format!("{at} is no longer an object: {}", snippet(&Value::Object(node.clone()))));
        return;
    };
    let Some(Value::Object(properties)) = object.get("properties") else {
        failures.push(format!("{at} has no `properties`: {}", snippet(&Value::Object(object.clone()))));
        return;
    };
    let required = names_of(object, "required");
    for arg in args {
        let here = format!("{at}/properties/{}", token(&arg.name));
        let Some(Value::Object(property)) = properties.get(&arg.name) else {
            failures.push(format!(
                "the {} argument `{}` is missing at {here}; the object has {}",
                arg.ty.json_name(),
                arg.name,
                shape(object)
            ));
            continue;
        };
        check_argument(property, arg, &here, required.contains(&arg.name), failures);
    }
    for name in properties.keys().filter(|name| !args.iter().any(|arg| &arg.name == *name)) {
        failures
            .push(format!("an argument `{name}` the tool does not have appears at {at}/properties: {}", shape(object)));
    }
}

fn check_argument(property: &Map<String, Value>, arg: &Arg, at: &str, listed_required: bool, failures: &mut Failures) {
    let expected = arg.ty.json_name();
    let types = value_types(property);
    if types.len() != 1 || !types.contains(expected) {
        failures.push(format!(
            "`{}` at {at} should be of type {expected} (or that or null), is {types:?}: {}",
            arg.name,
            snippet(&Value::Object(property.clone()))
        ));
        return;
    }
    let typed = branch_of_type(property, expected).expect("the type was found");
    let described = [property, typed].iter().any(|node| {
        node.get("description").and_then(Value::as_str).is_some_and(|text| text.contains(&arg.description))
    });
    if !described {
        failures.push(format!(
            "the description of `{}` at {at} is lost: {}",
            arg.name,
            snippet(&Value::Object(property.clone()))
        ));
    }
    if let Some(default) = &arg.default {
        check_default(property, typed, default, &arg.name, at, failures);
    }
    if arg.required && !listed_required {
        failures.push(format!("the required argument `{}` at {at} is no longer listed in `required`", arg.name));
    }
    if !arg.required && listed_required && !accepts_null(property) {
        failures.push(format!(
            "the optional argument `{}` at {at} is made required without accepting null: {}",
            arg.name,
            snippet(&Value::Object(property.clone()))
        ));
    }
    match &arg.ty {
        Ty::String | Ty::Integer => {}
        Ty::Object(fields) => check_object(typed, fields, at, failures),
        Ty::Array(fields) => match typed.get("items") {
            Some(Value::Object(items)) => check_object(items, fields, &format!("{at}/items"), failures),
            other => failures.push(format!(
                "the array `{}` at {at} lost the objects it holds: items {}",
                arg.name,
                other.map_or("missing".to_owned(), snippet)
            )),
        },
    }
}

/// An argument's default is kept as it was written, as `default` or, where a target moves the
/// keyword into the description, as `default: <JSON>` there.
fn check_default(
    property: &Map<String, Value>,
    typed: &Map<String, Value>,
    default: &Value,
    name: &str,
    at: &str,
    failures: &mut Failures,
) {
    let moved = format!("default: {default}");
    let kept = [property, typed].iter().any(|node| {
        node.get("default") == Some(default)
            || node.get("description").and_then(Value::as_str).is_some_and(|text| text.contains(&moved))
    });
    if !kept {
        failures.push(format!(
            "the default of `{name}` at {at} is changed or lost: written {default}, now {}",
            snippet(&Value::Object(property.clone()))
        ));
    }
}

/// Keywords whose value is a schema, a list of schemas, or schemas by name.
const ONE: &[&str] = &["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"];
const LIST: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems"];
const BY_NAME: &[&str] = &["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/// Every object schema in `schema` whose `required` lists a name names one of its own properties.
fn check_required_lists(schema: &Value, at: &str, failures: &mut Failures) {
    let Value::Object(node) = schema else { return };
    if let Some(required) = node.get("required") {
        let properties = names_of(node, "properties");
        for name in names_of(node, "required") {
            if !properties.contains(&name) {
                failures.push(format!(
                    "`required` at {at} names `{name}`, which is not among the object's properties: {}, \"required\": {}",
                    shape(node),
                    snippet(required)
                ));
            }
        }
    }
    for (keyword, value) in node {
        let here = format!("{at}/{}", token(keyword));
        match value {
            Value::Object(children) if BY_NAME.contains(&keyword.as_str()) => {
                for (name, child) in children {
                    check_required_lists(child, &format!("{here}/{}", token(name)), failures);
                }
            }
            Value::Array(children) if LIST.contains(&keyword.as_str()) => {
                for (index, child) in children.iter().enumerate() {
                    check_required_lists(child, &format!("{here}/{index}"), failures);
                }
            }
            child if ONE.contains(&keyword.as_str()) => check_required_lists(child, &here, failures),
            _ => {}
        }
    }
}

/// Runs every name through one input format and fails with every failure found.
fn check_input(input: Input, names: &[&str]) {
    let mut failures = Vec::new();
    for name in names {
        check_name(input, name, &mut failures);
    }
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------

#[test]
fn plain_names_pass_every_check_in_every_format() {
    for input in Input::ALL {
        check_input(input, &["city", "query_text"]);
    }
}

#[test]
fn openai_chat_definitions() {
    check_input(Input::OpenAiChat, KEYWORDS);
}

#[test]
fn openai_responses_definitions() {
    check_input(Input::OpenAiResponses, KEYWORDS);
}

#[test]
fn anthropic_definitions() {
    check_input(Input::Anthropic, KEYWORDS);
}

#[test]
fn mcp_definitions() {
    check_input(Input::Mcp, KEYWORDS);
}

#[test]
fn gemini_parameters_definitions() {
    check_input(Input::GeminiParameters, KEYWORDS);
}

#[test]
fn gemini_parameters_json_schema_definitions() {
    check_input(Input::GeminiJsonSchema, KEYWORDS);
}

#[test]
fn bare_json_schema_definitions() {
    check_input(Input::BareSchema, KEYWORDS);
}
