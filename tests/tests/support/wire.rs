//! What a provider sends and enforces, as the property tests need it: a response of one call in a
//! target's wire format, a lowered schema read as JSON Schema, and "absent" as strict mode says it.

use serde_json::{Value, json};
use toolc::Target;

/// A response of `target`'s holding one call of `name` with `arguments`, as the provider's API
/// returns it (for MCP, the client's `tools/call` request).
pub fn one_call(target: Target, name: &str, arguments: &Value) -> Value {
    match target {
        Target::OpenAi => json!({"choices": [{"message": {"role": "assistant", "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments.to_string()}}
        ]}}]}),
        Target::OpenAiResponses => json!({"output": [
            {"type": "function_call", "call_id": "call_1", "name": name, "arguments": arguments.to_string()}
        ]}),
        Target::Anthropic => json!({"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": name, "input": arguments}
        ]}),
        Target::Bedrock => json!({"output": {"message": {"role": "assistant", "content": [
            {"toolUse": {"toolUseId": "tooluse_1", "name": name, "input": arguments}}
        ]}}, "stopReason": "tool_use"}),
        Target::Gemini => json!({"candidates": [{"content": {"role": "model", "parts": [
            {"functionCall": {"name": name, "args": arguments}}
        ]}}]}),
        _ => {
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}})
        }
    }
}

/// Gemini's OpenAPI `nullable` written back as a type list, so one JSON Schema validator reads
/// every target's schema.
pub fn openapi_nullable_to_json_schema(schema: &mut Value) {
    match schema {
        Value::Object(node) => {
            if node.remove("nullable") == Some(json!(true)) {
                if let Some(ty) = node.get("type").cloned() {
                    node.insert("type".into(), json!([ty, "null"]));
                }
                if let Some(Value::Array(values)) = node.get_mut("enum") {
                    values.push(Value::Null);
                }
                if let Some(Value::Array(branches)) = node.get_mut("anyOf") {
                    branches.push(json!({"type": "null"}));
                }
            }
            node.values_mut().for_each(openapi_nullable_to_json_schema);
        }
        Value::Array(items) => items.iter_mut().for_each(openapi_nullable_to_json_schema),
        _ => {}
    }
}

/// Adds `null` for every required property the value lacks: what a model in strict mode sends for
/// "absent". Under an `anyOf`, the branch whose constant fields the value carries is followed (a
/// tagged union's variant), else the first branch with properties.
pub fn pad_nulls(value: &mut Value, schema: &Value) {
    let Value::Object(fields) = value else {
        if let (Value::Array(items), Some(item_schema)) = (value, schema.get("items")) {
            items.iter_mut().for_each(|item| pad_nulls(item, item_schema));
        }
        return;
    };
    let branches = schema.get("anyOf").and_then(Value::as_array);
    let with_properties = || branches.into_iter().flatten().filter(|branch| branch.get("properties").is_some());
    let tagged = with_properties().find(|branch| {
        let properties = branch["properties"].as_object().unwrap();
        let constants: Vec<_> = properties.iter().filter_map(|(name, p)| Some((name, p.get("const")?))).collect();
        !constants.is_empty() && constants.iter().all(|(name, constant)| fields.get(*name) == Some(constant))
    });
    let schema = tagged.or_else(|| with_properties().next()).unwrap_or(schema);
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return };
    for name in schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
        if !fields.contains_key(name) {
            fields.insert(name.to_owned(), Value::Null);
        }
    }
    for (name, field) in fields.iter_mut() {
        if let Some(property) = properties.get(name) {
            pad_nulls(field, property);
        }
    }
}
