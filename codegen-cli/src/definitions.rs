//! Tool definitions written by hand, in any provider's format, read into one shape: name,
//! description, JSON Schema of the arguments, and whether strict mode was asked for.
//!
//! Recognized: OpenAI chat (`[{"type": "function", "function": {…}}]`), OpenAI Responses
//! (`[{"type": "function", "name", "parameters"}]`), Anthropic (`[{"name", "input_schema"}]`),
//! Gemini (`[{"functionDeclarations": […]}]` or declarations with OpenAPI `parameters`), MCP
//! (`{"tools": […]}` or `[{"name", "inputSchema"}]`), one tool of any of these, or a bare JSON Schema
//! (named after its file).

use serde_json::{Value, json};

use crate::Failure;

pub struct Definition {
    pub name: String,
    pub description: String,
    pub schema: Value,
    /// Strict mode as the input asks for it; `None` where it says nothing (strict mode is then
    /// tried, not demanded: a tool it cannot express is lowered without it, with a warning).
    pub strict: Option<bool>,
    /// JSON Pointer of the definition in the input, for messages.
    pub at: String,
    /// JSON Pointer of the schema in the input.
    pub schema_at: String,
    /// The quirks of other dialects read in the schema (paths relative to it).
    pub notes: Vec<crate::dialect::Note>,
}

/// Reads `input`, whose file name gives a bare schema its tool name.
pub fn read(input: &Value, file_stem: &str) -> Result<Vec<Definition>, Failure> {
    let mut definitions = read_any(input, file_stem)?;
    for def in &mut definitions {
        // The dialect a schema claims means nothing to a model, and some MCP clients refuse the
        // keyword; every target is lowered from 2020-12.
        if let Some(root) = def.schema.as_object_mut() {
            root.remove("$schema");
        }
        def.notes = crate::dialect::read(&mut def.schema);
    }
    Ok(definitions)
}

fn read_any(input: &Value, file_stem: &str) -> Result<Vec<Definition>, Failure> {
    match input {
        Value::Array(items) => {
            let mut out = Vec::new();
            for (index, item) in items.iter().enumerate() {
                out.extend(one(item, &format!("/{index}"), file_stem)?);
            }
            Ok(out)
        }
        Value::Object(object) if object.get("tools").is_some_and(Value::is_array) => {
            read_any(&object["tools"], file_stem).map(|defs| {
                defs.into_iter()
                    .map(|mut def| {
                        def.at = format!("/tools{}", def.at);
                        def.schema_at = format!("/tools{}", def.schema_at);
                        def
                    })
                    .collect()
            })
        }
        other => one(other, "", file_stem),
    }
}

/// `name` as a JSON Pointer token (`~` and `/` escaped), for paths into an input file.
pub fn pointer_token(name: &str) -> std::borrow::Cow<'_, str> {
    if name.contains(['~', '/']) { name.replace('~', "~0").replace('/', "~1").into() } else { name.into() }
}

fn text(value: &Value, key: &str) -> String {
    value.get(key).and_then(Value::as_str).unwrap_or_default().to_owned()
}

fn one(item: &Value, at: &str, file_stem: &str) -> Result<Vec<Definition>, Failure> {
    let strict = item.get("strict").and_then(Value::as_bool);
    let def = |name: String, description: String, schema: Value, at: String, schema_at: String| Definition {
        name,
        description,
        schema,
        strict,
        at,
        schema_at,
        notes: Vec::new(),
    };
    if let Some(function) = item.get("function") {
        let schema = function.get("parameters").cloned().unwrap_or_else(|| json!({"type": "object"}));
        return Ok(vec![Definition {
            strict: function.get("strict").and_then(Value::as_bool),
            ..def(
                text(function, "name"),
                text(function, "description"),
                schema,
                format!("{at}/function"),
                format!("{at}/function/parameters"),
            )
        }]);
    }
    if let Some(Value::Array(declarations)) = item.get("functionDeclarations") {
        return Ok(declarations
            .iter()
            .enumerate()
            .map(|(index, declaration)| gemini(declaration, &format!("{at}/functionDeclarations/{index}")))
            .collect());
    }
    for key in ["input_schema", "inputSchema"] {
        if let Some(schema) = item.get(key) {
            let (name, description) = (text(item, "name"), text(item, "description"));
            return Ok(vec![def(name, description, schema.clone(), at.to_owned(), format!("{at}/{key}"))]);
        }
    }
    if item.get("name").is_some() && (item.get("parameters").is_some() || item.get("parametersJsonSchema").is_some()) {
        if item.get("type").and_then(Value::as_str) == Some("function") {
            let schema = item["parameters"].clone();
            let (name, description) = (text(item, "name"), text(item, "description"));
            return Ok(vec![def(name, description, schema, at.to_owned(), format!("{at}/parameters"))]);
        }
        return Ok(vec![gemini(item, at)]);
    }
    let looks_like_schema =
        ["type", "properties", "$schema", "oneOf", "anyOf", "allOf", "$ref"].iter().any(|key| item.get(*key).is_some());
    if looks_like_schema {
        let description = text(item, "description");
        let mut schema = item.clone();
        if let Some(root) = schema.as_object_mut() {
            root.remove("description");
        }
        let name = tool_names::snake_case(file_stem).replace('-', "_");
        return Ok(vec![def(name, description, schema, at.to_owned(), at.to_owned())]);
    }
    Err(Failure(format!(
        "the input at {} is neither a tool definition of a known provider nor a JSON Schema",
        if at.is_empty() { "/" } else { at }
    )))
}

/// A Gemini declaration: `parametersJsonSchema` as it is, `parameters` from OpenAPI to JSON Schema.
fn gemini(declaration: &Value, at: &str) -> Definition {
    let (schema, key) = match declaration.get("parametersJsonSchema") {
        Some(schema) => (schema.clone(), "parametersJsonSchema"),
        None => {
            let mut schema = declaration.get("parameters").cloned().unwrap_or_else(|| json!({"type": "object"}));
            from_openapi(&mut schema);
            (schema, "parameters")
        }
    };
    Definition {
        name: text(declaration, "name"),
        description: text(declaration, "description"),
        schema,
        strict: None,
        at: at.to_owned(),
        schema_at: format!("{at}/{key}"),
        notes: Vec::new(),
    }
}

/// OpenAPI's upper-case types and `nullable` written as JSON Schema.
fn from_openapi(schema: &mut Value) {
    match schema {
        Value::Object(node) => {
            if let Some(Value::String(ty)) = node.get_mut("type") {
                ty.make_ascii_lowercase();
            }
            if node.remove("nullable") == Some(Value::Bool(true))
                && let Some(ty) = node.get("type").cloned()
            {
                node.insert("type".to_owned(), json!([ty, "null"]));
            }
            node.values_mut().for_each(from_openapi);
        }
        Value::Array(items) => items.iter_mut().for_each(from_openapi),
        _ => {}
    }
}

/// Reads the JSON text of `file` (`-` for standard input).
pub fn load(file: &std::path::Path) -> Result<(Value, String), Failure> {
    let text = if file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|err| Failure(format!("cannot read {}: {err}", file.display())))?
    };
    let value = serde_json::from_str(&text).map_err(|err| Failure(format!("{} is not JSON: {err}", file.display())))?;
    let stem = file.file_stem().and_then(|stem| stem.to_str()).filter(|stem| *stem != "-").unwrap_or("tool").to_owned();
    Ok((value, stem))
}
