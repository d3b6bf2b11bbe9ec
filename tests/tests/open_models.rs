//! Definitions lowered for an open-model server's grammar engine: what the engine would refuse or
//! ignore leaves the schema the server compiles, and is still held to when the call arrives, by the
//! same check `Toolbox::dispatch` makes (the tool's own schema, not the lowered one).

use serde_json::{Value, json};
use toolc::{Arguments, JsonTools, RenderOptions, Server, Target};

/// A tool as an OpenAPI-made MCP server lists it: a length beside a pattern, a format no engine
/// knows, a union, unique items and a number step.
fn tools() -> JsonTools {
    JsonTools::read(&json!({"tools": [{
        "name": "create_coupon",
        "description": "Create a discount coupon.",
        "inputSchema": {
            "type": "object",
            "required": ["code", "percent"],
            "properties": {
                "code": {"type": "string", "pattern": "^[A-Z0-9]+$", "maxLength": 8},
                "expires": {"type": "string", "format": "dateTime"},
                "applies_to": {"oneOf": [
                    {"type": "string", "enum": ["all"]},
                    {"type": "array", "items": {"type": "string"}}
                ]},
                "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
                "percent": {"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 0.5}
            },
            "additionalProperties": false
        }
    }]}))
    .unwrap()
}

fn parameters(server: Server) -> Value {
    let rendered = tools().render_with(Target::OpenAi, &RenderOptions::default().server(server)).unwrap();
    rendered.value[0]["function"]["parameters"].clone()
}

fn refused(arguments: Value) -> String {
    let text = arguments.to_string();
    tools().check("create_coupon", Arguments::Text(&text)).expect_err("a call that breaks the schema").to_string()
}

#[test]
fn what_an_engine_would_drop_is_described_and_still_checked_when_the_call_arrives() {
    let vllm = parameters(Server::Vllm);
    let code = &vllm["properties"]["code"];
    assert!(code.get("maxLength").is_none() && code["description"].as_str().unwrap().contains("maxLength: 8"));
    let llama = parameters(Server::LlamaCpp);
    let percent = &llama["properties"]["percent"];
    assert!(percent.get("minimum").is_none() && percent.get("multipleOf").is_none(), "{percent}");
    let mistral = parameters(Server::MistralRs);
    assert!(mistral["properties"]["expires"].get("format").is_none());
    assert!(!mistral.to_string().contains("oneOf") && !mistral.to_string().contains("\"uniqueItems\""));

    // A good call passes; each moved keyword is still held to.
    let good = json!({"code": "SPRING", "percent": 12.5, "applies_to": ["shoes", "hats"], "tags": ["a", "b"]});
    tools().check("create_coupon", Arguments::Text(&good.to_string())).unwrap();
    let too_long = refused(json!({"code": "SPRINGSALE24", "percent": 10}));
    assert!(too_long.contains("/code") && too_long.contains("at most 8 characters"), "{too_long}");
    let repeated = refused(json!({"code": "A", "percent": 10, "tags": ["spring", "spring"]}));
    assert!(repeated.contains("/tags") && repeated.contains("unique"), "{repeated}");
    let step = refused(json!({"code": "A", "percent": 12.3}));
    assert!(step.contains("/percent") && step.contains("multiple of 0.5"), "{step}");
    let bound = refused(json!({"code": "A", "percent": 120}));
    assert!(bound.contains("/percent") && bound.contains("100"), "{bound}");
}
