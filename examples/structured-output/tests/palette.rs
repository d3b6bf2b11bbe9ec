//! The palette the way its users work with it: forced as a tool, asked for as a response format, read
//! back from provider responses, and repaired by the sanitizer without ever leaving the schema.

use serde_json::json;
use structured_output::{ColorPalette, forced_tool, palette_from_response, response_format, sanitize};
use toolc::{ConfigTool, Target};

#[test]
fn the_tool_is_forced_in_each_providers_words() {
    let openai = forced_tool(Target::OpenAi).unwrap();
    assert_eq!(openai["tool_choice"], json!({"type": "function", "function": {"name": "extract_colors"}}));
    assert_eq!(openai["tools"][0]["function"]["strict"], true);
    assert_eq!(openai["parallel_tool_calls"], false);
    let anthropic = forced_tool(Target::Anthropic).unwrap();
    assert_eq!(
        anthropic["tool_choice"],
        json!({"type": "tool", "name": "extract_colors", "disable_parallel_tool_use": true})
    );
    assert_eq!(anthropic["tools"][0]["input_examples"][0]["colors"][0], "#1e90ff");
    let gemini = forced_tool(Target::Gemini).unwrap();
    assert_eq!(
        gemini["toolConfig"],
        json!({"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["extract_colors"]}})
    );
    let mcp = forced_tool(Target::Mcp).unwrap_err();
    assert_eq!(mcp.to_string(), "mcp: there is no tool choice in this target: the client decides what to call");
}

#[test]
fn the_same_struct_is_a_response_format() {
    let openai = response_format(Target::OpenAi).unwrap();
    let schema = &openai["json_schema"]["schema"];
    assert_eq!(schema["properties"]["colors"]["items"]["pattern"], "^#[0-9a-f]{6}$");
    assert_eq!(schema["required"], json!(["colors", "confidence"]));
    let anthropic = response_format(Target::Anthropic).unwrap();
    let confidence = &anthropic["schema"]["properties"]["confidence"];
    assert!(confidence.get("maximum").is_none(), "strict Anthropic takes no bounds: {confidence}");
    assert!(confidence["description"].as_str().unwrap().contains("maximum: 1.0"), "{confidence}");
}

#[test]
fn a_forced_call_is_read_back_from_recorded_responses() {
    let openai = json!({"choices": [{"message": {"role": "assistant", "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "extract_colors",
         "arguments": "{\"colors\": [\"#ff6347\", \"#2e8b57\"], \"confidence\": 0.72}"}}
    ]}}]});
    let palette = palette_from_response(Target::OpenAi, &openai).unwrap();
    assert_eq!(palette, ColorPalette { colors: vec!["#ff6347".into(), "#2e8b57".into()], confidence: 0.72 });

    let anthropic = json!({"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "extract_colors", "input": {"colors": ["red"], "confidence": 2}}
    ]});
    let err = palette_from_response(Target::Anthropic, &anthropic).unwrap_err();
    assert!(err.contains("at /colors/0: expected a string matching the pattern"), "{err}");
    assert!(err.contains("at /confidence: expected at most 1.0, got 2"), "{err}");
}

#[test]
fn the_sanitizer_repairs_what_models_get_wrong_and_keeps_the_schema() {
    let repaired = sanitize(r##"{"colors": ["#ABC", "1E90FF", "#aabbcc", "#FFFFFF"], "confidence": 85}"##).unwrap();
    assert_eq!(repaired.colors, ["#aabbcc", "#1e90ff", "#ffffff"]);
    assert_eq!(repaired.confidence, 0.85);
    let many: Vec<String> = (0..15).map(|i| format!("#{i:06x}")).collect();
    assert_eq!(sanitize(&json!({"colors": many, "confidence": 0.5}).to_string()).unwrap().colors.len(), 10);
    // What it cannot repair is refused, not passed on.
    assert!(sanitize(r#"{"colors": ["teal"], "confidence": 0.5}"#).is_err());
    assert!(sanitize(r#"{"colors": [], "confidence": 0.5}"#).is_err(), "at least one color");
}

#[test]
fn whatever_the_sanitizer_returns_parses_again() {
    for raw in [
        r##"{"colors": ["#abc"], "confidence": 1}"##,
        r##"{"colors": ["000000", "#000"], "confidence": 0}"##,
        r##"{"colors": ["#F0F0F0"], "confidence": 100}"##,
    ] {
        let palette = sanitize(raw).unwrap();
        let again = ColorPalette::parse(&serde_json::to_string(&palette).unwrap()).unwrap();
        assert_eq!(again, palette, "{raw}");
    }
}
