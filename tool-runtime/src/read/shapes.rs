//! The shapes tool definitions come in, each read into one [`Definition`]: OpenAI chat
//! (`[{"type": "function", "function": {…}}]`), OpenAI Responses (`[{"type": "function", "name",
//! "parameters"}]`), Anthropic (`[{"name", "input_schema"}]`), Gemini (`[{"functionDeclarations": […]}]`
//! or declarations with OpenAPI `parameters` or `parametersJsonSchema`), MCP (`{"tools": […]}`, a
//! `tools/list` result, or `[{"name", "inputSchema"}]`), Bedrock Converse (`[{"toolSpec": {"name",
//! "inputSchema": {"json"}}}]`, or the request's whole `{"toolConfig": {"tools": […]}}`), one tool of
//! any of these, or a bare JSON Schema (named after its file).

use serde_json::{Value, json};

use super::{Definition, ReadError};
use crate::Annotations;
use crate::provider::gemini_openapi;

/// Reads the definitions of `input`, taking their names, descriptions, input and output schemas
/// out of it (what is left of `input` afterwards is of no use).
pub(super) fn read_any(input: &mut Value, file_stem: &str) -> Result<Vec<Definition>, ReadError> {
    match input {
        Value::Array(items) => {
            let mut out = Vec::new();
            for (index, item) in items.iter_mut().enumerate() {
                out.extend(one(item, &format!("/{index}"), file_stem)?);
            }
            Ok(out)
        }
        // A whole JSON-RPC response to `tools/list`.
        Value::Object(object)
            if object.get("result").and_then(|result| result.get("tools")).is_some_and(Value::is_array) =>
        {
            within("result", &mut object["result"], file_stem)
        }
        Value::Object(object) if object.get("tools").is_some_and(Value::is_array) => {
            within("tools", &mut object["tools"], file_stem)
        }
        // A Converse request's tools, beside its tool choice.
        Value::Object(object) if object.get("toolConfig").and_then(|config| config.get("tools")).is_some() => {
            within("toolConfig", &mut object["toolConfig"], file_stem)
        }
        other => one(other, "", file_stem),
    }
}

/// The definitions of `inner`, the value of `key` in the input, with their paths (and an error's)
/// taken from the input's root.
fn within(key: &str, inner: &mut Value, file_stem: &str) -> Result<Vec<Definition>, ReadError> {
    let from_root = |path: &str| format!("/{key}{path}");
    match read_any(inner, file_stem) {
        Ok(defs) => Ok(defs
            .into_iter()
            .map(|def| Definition { at: from_root(&def.at), schema_at: from_root(&def.schema_at), ..def })
            .collect()),
        Err(err) => Err(ReadError { path: from_root(&err.path), ..err }),
    }
}

/// The string `key` of `value`, taken out of it ("" when there is none).
fn text(value: &mut Value, key: &str) -> String {
    match value.get_mut(key) {
        Some(Value::String(text)) => std::mem::take(text),
        _ => String::new(),
    }
}

/// The value `key` of `value`, taken out of it; an object schema when there is none.
fn schema(value: &mut Value, key: &str) -> Value {
    value.get_mut(key).map_or_else(|| json!({"type": "object"}), Value::take)
}

fn one(item: &mut Value, at: &str, file_stem: &str) -> Result<Vec<Definition>, ReadError> {
    let strict = item.get("strict").and_then(Value::as_bool);
    let def = |name: String, description: String, schema: Value, at: String, schema_at: String| Definition {
        name,
        description,
        schema,
        strict,
        at,
        schema_at,
        notes: Vec::new(),
        output_schema: None,
        annotations: Annotations::default(),
        warnings: Vec::new(),
    };
    if let Some(function) = item.get_mut("function") {
        let schema = schema(function, "parameters");
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
    if let Some(spec) = item.get_mut("toolSpec") {
        let schema = spec.pointer_mut("/inputSchema/json").map_or_else(|| json!({"type": "object"}), Value::take);
        return Ok(vec![Definition {
            strict: spec.get("strict").and_then(Value::as_bool),
            ..def(
                text(spec, "name"),
                text(spec, "description"),
                schema,
                format!("{at}/toolSpec"),
                format!("{at}/toolSpec/inputSchema/json"),
            )
        }]);
    }
    // Bedrock's other members of a tools list: a cache checkpoint, a tool the service runs itself.
    if item
        .as_object()
        .is_some_and(|object| !object.is_empty() && object.keys().all(|key| key == "cachePoint" || key == "systemTool"))
    {
        return Ok(Vec::new());
    }
    if let Some(Value::Array(declarations)) = item.get_mut("functionDeclarations") {
        return Ok(declarations
            .iter_mut()
            .enumerate()
            .map(|(index, declaration)| gemini(declaration, &format!("{at}/functionDeclarations/{index}")))
            .collect());
    }
    for key in ["input_schema", "inputSchema"] {
        if item.get(key).is_some() {
            let (name, description) = (text(item, "name"), text(item, "description"));
            let output_schema = item.get_mut("outputSchema").filter(|schema| schema.is_object()).map(Value::take);
            return Ok(vec![Definition {
                output_schema,
                annotations: annotations(item),
                ..def(name, description, schema(item, key), at.to_owned(), format!("{at}/{key}"))
            }]);
        }
    }
    if item.get("name").is_some() && (item.get("parameters").is_some() || item.get("parametersJsonSchema").is_some()) {
        if item.get("type").and_then(Value::as_str) == Some("function") {
            let schema = item["parameters"].take();
            let (name, description) = (text(item, "name"), text(item, "description"));
            return Ok(vec![def(name, description, schema, at.to_owned(), format!("{at}/parameters"))]);
        }
        return Ok(vec![gemini(item, at)]);
    }
    let looks_like_schema =
        ["type", "properties", "$schema", "oneOf", "anyOf", "allOf", "$ref"].iter().any(|key| item.get(*key).is_some());
    if looks_like_schema {
        let description = text(item, "description");
        let mut schema = item.take();
        if let Some(root) = schema.as_object_mut() {
            root.remove("description");
        }
        let name = toolc_names::snake_case(file_stem).replace('-', "_");
        return Ok(vec![def(name, description, schema, at.to_owned(), at.to_owned())]);
    }
    Err(ReadError::new(at, "neither a tool definition of a known provider nor a JSON Schema"))
}

/// A Gemini declaration: `parametersJsonSchema` as it is, `parameters` from OpenAPI to JSON Schema.
fn gemini(declaration: &mut Value, at: &str) -> Definition {
    let (schema, key) = match declaration.get_mut("parametersJsonSchema") {
        Some(schema) => (schema.take(), "parametersJsonSchema"),
        None => {
            let mut schema = schema(declaration, "parameters");
            gemini_openapi::to_json_schema(&mut schema);
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
        output_schema: None,
        annotations: Annotations::default(),
        warnings: Vec::new(),
    }
}

/// An MCP tool's `annotations` (its hints, of the right types) and its `title`.
fn annotations(item: &Value) -> Annotations {
    let given = item.get("annotations").unwrap_or(&Value::Null);
    let hint = |key: &str| given.get(key).and_then(Value::as_bool);
    let title = given.get("title").or_else(|| item.get("title")).and_then(Value::as_str);
    Annotations {
        title: title.map(|title| title.to_owned().into()),
        read_only_hint: hint("readOnlyHint"),
        destructive_hint: hint("destructiveHint"),
        idempotent_hint: hint("idempotentHint"),
        open_world_hint: hint("openWorldHint"),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::read_any;

    #[test]
    fn paths_inside_a_tools_list_or_a_json_rpc_response_start_at_the_input_s_root() {
        let listed = json!({"tools": [{"name": "a", "inputSchema": {"type": "object"}}]});
        let defs = read_any(&mut json!({"jsonrpc": "2.0", "id": 1, "result": listed}), "tools").unwrap();
        assert_eq!(
            (defs[0].at.as_str(), defs[0].schema_at.as_str()),
            ("/result/tools/0", "/result/tools/0/inputSchema")
        );
        let err = read_any(&mut json!({"tools": [{"name": "a", "inputSchema": {}}, 7]}), "tools").unwrap_err();
        assert_eq!(err.path, "/tools/1");
    }

    #[test]
    fn bedrock_tool_specs_are_read_whole_or_from_a_converse_request_and_cache_points_skipped() {
        let spec = json!({"toolSpec": {"name": "get_weather", "description": "Weather.", "strict": true,
            "inputSchema": {"json": {"type": "object", "properties": {"city": {"type": "string"}}}}}});
        let mut request = json!({"modelId": "m", "toolConfig": {"tools": [spec, {"cachePoint": {"type": "default"}}],
            "toolChoice": {"auto": {}}}});
        let defs = read_any(&mut request, "tools").unwrap();
        assert_eq!(defs.len(), 1, "the cache point is not a tool");
        assert_eq!(
            (defs[0].name.as_str(), defs[0].description.as_str(), defs[0].strict),
            ("get_weather", "Weather.", Some(true))
        );
        assert_eq!(defs[0].schema, json!({"type": "object", "properties": {"city": {"type": "string"}}}));
        assert_eq!(defs[0].schema_at, "/toolConfig/tools/0/toolSpec/inputSchema/json");
    }
}
