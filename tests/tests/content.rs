//! Tools that return images and other content parts beside their JSON output: each provider gets
//! them its own way, the output schema describes the JSON alone, and an image a provider would
//! refuse is an error the model and the developer read before any request is sent.

use pollster::block_on;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolc::{
    Audio, ContentPart, DispatchOptions, Exchange, Image, Resource, ResourceLink, Target, ToolCall, ToolResult,
    Toolbox, toolbox,
};

/// The bytes of a 1×1 PNG (a real one: signature, IHDR, IDAT, IEND).
const PIXEL: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d,
    0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];
const PIXEL_BASE64: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==";

/// What a capture reports.
#[derive(Debug, Serialize, JsonSchema)]
struct Shot {
    /// The page's address.
    url: String,
}

struct Camera;

#[toolbox]
impl Camera {
    /// Take a screenshot of the page.
    #[tool]
    fn capture(&self) -> Result<(Shot, Image), String> {
        Ok((Shot { url: "https://a.test".into() }, Image::png(PIXEL.to_vec())))
    }

    /// Draw a chart.
    #[tool]
    fn chart() -> Image {
        Image::png(PIXEL.to_vec())
    }

    /// Describe the page in parts.
    #[tool]
    fn describe() -> Vec<ContentPart> {
        vec![ContentPart::Text("A page.".into()), ContentPart::Json(json!({"links": 2}))]
    }

    /// Take a bitmap, which no provider takes.
    #[tool]
    fn bitmap() -> (u32, Image) {
        (1, Image::new("image/bmp", vec![b'B', b'M']))
    }

    /// Record the page: audio, the page's source embedded, a binary download and a link to the log.
    #[tool]
    fn record() -> Vec<ContentPart> {
        vec![
            ContentPart::Audio(Audio::new("audio/wav", b"RIFF".to_vec())),
            ContentPart::Resource(Resource::text("https://a.test/", "<p>A page.</p>").with_mime_type("text/html")),
            ContentPart::Resource(
                Resource::blob("https://a.test/a.zip", vec![0, 1, 2]).with_mime_type("application/zip"),
            ),
            ContentPart::ResourceLink(
                ResourceLink::new("file:///var/log/a.log", "a.log").with_description("the crawl's log"),
            ),
        ]
    }

    /// Take a picture too large for Anthropic.
    #[tool]
    fn huge() -> Image {
        Image::jpeg(vec![0; 6 << 20])
    }
}

fn run(target: Target, names: &[&str]) -> Exchange {
    let response =
        match target {
            Target::OpenAi => json!({"role": "assistant", "tool_calls": names.iter().enumerate().map(|(i, name)| {
            json!({"id": format!("c{i}"), "type": "function", "function": {"name": name, "arguments": "{}"}})
        }).collect::<Vec<_>>()}),
            Target::OpenAiResponses => {
                json!(names.iter().enumerate().map(|(i, name)| {
            json!({"type": "function_call", "call_id": format!("c{i}"), "name": name, "arguments": "{}"})
        }).collect::<Vec<_>>())
            }
            Target::Anthropic => json!({"content": names.iter().enumerate().map(|(i, name)| {
            json!({"type": "tool_use", "id": format!("c{i}"), "name": name, "input": {}})
        }).collect::<Vec<_>>()}),
            Target::Gemini => json!({"parts": names.iter().enumerate().map(|(i, name)| {
            json!({"functionCall": {"id": format!("c{i}"), "name": name, "args": {}}})
        }).collect::<Vec<_>>()}),
            Target::Bedrock => {
                json!({"output": {"message": {"role": "assistant", "content": names.iter().enumerate().map(|(i, name)| {
            json!({"toolUse": {"toolUseId": format!("c{i}"), "name": name, "input": {}}})
        }).collect::<Vec<_>>()}}, "stopReason": "tool_use"})
            }
            Target::Mcp => json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": names[0]}}),
            Target::JsonSchema => unreachable!(),
        };
    block_on(Camera.dispatch(target, response.to_string(), DispatchOptions::default())).unwrap()
}

#[test]
fn the_output_schema_describes_the_json_output_alone() {
    let tools = Camera.tools();
    let schema = tools[0].output_schema.as_ref().expect("capture has a JSON output");
    assert_eq!(schema["properties"]["url"]["description"], "The page's address.");
    assert!(tools[1].output_schema.is_none(), "an image alone has no JSON output");
    assert!(tools[2].output_schema.is_none(), "content parts are not JSON output");
    assert_eq!(tools[3].output_schema.as_ref().unwrap()["type"], "integer");
}

#[test]
fn call_gives_the_json_and_call_arguments_the_parts_too() {
    assert_eq!(block_on(Camera.call("capture", "{}")).unwrap(), json!({"url": "https://a.test"}));
    assert_eq!(block_on(Camera.call("chart", "{}")).unwrap(), Value::Null);
    let output = block_on(Camera.call_arguments("capture", "{}".into(), toolc::CallContext::detached())).unwrap();
    assert_eq!(output.parts, [ContentPart::Image(Image::png(PIXEL.to_vec()))]);
}

#[test]
fn anthropic_gets_content_blocks_with_a_base64_image() {
    let exchange = run(Target::Anthropic, &["capture", "describe"]);
    assert_eq!(
        exchange.reply["content"][0]["content"],
        json!([
            {"type": "text", "text": r#"{"url":"https://a.test"}"#},
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PIXEL_BASE64}}
        ])
    );
    assert_eq!(
        exchange.reply["content"][1]["content"],
        json!([{"type": "text", "text": "A page."}, {"type": "text", "text": r#"{"links":2}"#}])
    );
}

#[test]
fn openai_responses_gets_an_output_list_with_an_input_image() {
    let exchange = run(Target::OpenAiResponses, &["chart"]);
    assert_eq!(
        exchange.reply,
        json!([{"type": "function_call_output", "call_id": "c0", "output": [
            {"type": "input_image", "image_url": format!("data:image/png;base64,{PIXEL_BASE64}")}
        ]}])
    );
}

#[test]
fn openai_chat_gets_text_tool_messages_then_a_user_message_with_the_images() {
    let exchange = run(Target::OpenAi, &["capture", "describe", "chart"]);
    let messages = exchange.reply.as_array().unwrap();
    assert_eq!(messages.len(), 4, "three tool messages, then one user message");
    assert_eq!(messages[0], json!({"role": "tool", "tool_call_id": "c0", "content": r#"{"url":"https://a.test"}"#}));
    assert_eq!(messages[1]["content"], "A page.\n{\"links\":2}");
    assert_eq!(messages[2]["content"], "The images are in the next message.");
    let url = format!("data:image/png;base64,{PIXEL_BASE64}");
    assert_eq!(
        messages[3],
        json!({"role": "user", "content": [
            {"type": "text", "text": "Images returned by the tool call c0 (`capture`):"},
            {"type": "image_url", "image_url": {"url": url}},
            {"type": "text", "text": "Images returned by the tool call c2 (`chart`):"},
            {"type": "image_url", "image_url": {"url": url}}
        ]})
    );
}

#[test]
fn gemini_gets_a_function_response_with_inline_data() {
    let exchange = run(Target::Gemini, &["capture", "describe"]);
    assert_eq!(
        exchange.reply["parts"][0]["functionResponse"],
        json!({"id": "c0", "name": "capture", "response": {"output": {"url": "https://a.test"}},
               "parts": [{"inlineData": {"mimeType": "image/png", "data": PIXEL_BASE64}}]})
    );
    assert_eq!(
        exchange.reply["parts"][1]["functionResponse"]["response"],
        json!({"text": ["A page.", r#"{"links":2}"#]})
    );
}

#[test]
fn bedrock_gets_tool_result_blocks_with_json_text_and_image_bytes() {
    let exchange = run(Target::Bedrock, &["capture", "describe", "bitmap"]);
    assert_eq!(
        exchange.reply,
        json!({"role": "user", "content": [
            {"toolResult": {"toolUseId": "c0", "content": [
                {"json": {"url": "https://a.test"}},
                {"image": {"format": "png", "source": {"bytes": PIXEL_BASE64}}}
            ]}},
            {"toolResult": {"toolUseId": "c1", "content": [{"text": "A page."}, {"json": {"links": 2}}]}},
            {"toolResult": {"toolUseId": "c2", "status": "error", "content": [{"text": exchange.results[2].text()}]}}
        ]})
    );
    assert!(exchange.results[2].text().contains(
        "which Bedrock does not take in a tool result (it takes image/png, image/jpeg, image/gif, image/webp)"
    ));
    let exchange = run(Target::Bedrock, &["huge"]);
    assert_eq!(
        exchange.results[0].text(),
        "tool `huge` failed: it returned an image of 6291456 bytes; Bedrock takes at most 3932160 bytes an image"
    );
}

#[test]
fn mcp_gets_image_content_and_structured_content_for_the_json() {
    let exchange = run(Target::Mcp, &["capture"]);
    assert_eq!(
        exchange.reply["result"],
        json!({
            "content": [
                {"type": "text", "text": r#"{"url":"https://a.test"}"#},
                {"type": "image", "data": PIXEL_BASE64, "mimeType": "image/png"}
            ],
            "structuredContent": {"url": "https://a.test"}
        })
    );
    let exchange = run(Target::Mcp, &["chart"]);
    assert_eq!(
        exchange.reply["result"],
        json!({"content": [{"type": "image", "data": PIXEL_BASE64, "mimeType": "image/png"}]})
    );
}

#[test]
fn an_image_a_provider_refuses_is_an_error_before_the_request() {
    for target in [Target::Anthropic, Target::OpenAi, Target::OpenAiResponses, Target::Gemini, Target::Bedrock] {
        let exchange = run(target, &["bitmap", "chart"]);
        let refused = &exchange.results[0];
        assert!(refused.is_error && refused.parts.is_empty(), "{target}: {refused:?}");
        assert!(
            refused.text().starts_with("tool `bitmap` failed: it returned an image of type `image/bmp`, which "),
            "{target}: {}",
            refused.text()
        );
        assert!(refused.text().contains("image/png"), "the types it takes are listed: {}", refused.text());
        assert!(!exchange.results[1].is_error, "{target}: the other call's image goes through");
    }
    let exchange = run(Target::Anthropic, &["huge"]);
    assert_eq!(
        exchange.results[0].text(),
        "tool `huge` failed: it returned an image of 6291456 bytes; Anthropic takes at most 5242880 bytes an image"
    );
    assert!(!run(Target::Gemini, &["huge"]).results[0].is_error, "Gemini takes 6 MB");
    let exchange = run(Target::Gemini, &["huge", "huge", "huge", "huge"]);
    assert!(!exchange.results[2].is_error);
    assert!(
        exchange.results[3]
            .text()
            .contains("bring the reply's images to 25165824 bytes; Gemini takes at most 20971520")
    );
}

#[test]
fn content_parts_are_kept_in_history_and_read_back() {
    let call = ToolCall { id: Some("c1".into()), name: "capture".into(), arguments: "{}".into() };
    let output = block_on(Camera.call_arguments("capture", "{}".into(), toolc::CallContext::detached()));
    let result = ToolResult::from_output(&call, output);
    let stored = serde_json::to_value(&result).unwrap();
    assert_eq!(stored["parts"], json!([{"type": "image", "mimeType": "image/png", "data": PIXEL_BASE64}]));
    let read: ToolResult = serde_json::from_value(stored).unwrap();
    assert_eq!(read, result);
}

/// What every provider's reply gives the model for `record`'s parts, in order: the page's source as
/// its text, and a line naming each part it cannot carry.
const RECORDED: [&str; 4] = [
    "[audio (audio/wav, 4 bytes) not passed on: this reply carries no audio]",
    "<p>A page.</p>",
    "[resource <https://a.test/a.zip> (application/zip, 3 bytes) not passed on: this reply carries no files]",
    "[resource link: a.log <file:///var/log/a.log> — the crawl's log]",
];

#[test]
fn audio_and_resources_reach_each_provider_as_text_it_takes() {
    let anthropic = run(Target::Anthropic, &["record"]).reply;
    let blocks = &anthropic["content"][0]["content"];
    assert_eq!(*blocks, json!(RECORDED.map(|text| json!({"type": "text", "text": text}))), "{anthropic}");
    let chat = run(Target::OpenAi, &["record"]).reply;
    assert_eq!(chat[0]["content"], RECORDED.join("\n"), "{chat}");
    let responses = run(Target::OpenAiResponses, &["record"]).reply;
    assert_eq!(
        responses[0]["output"],
        json!(RECORDED.map(|text| json!({"type": "input_text", "text": text}))),
        "{responses}"
    );
    let bedrock = run(Target::Bedrock, &["record"]).reply;
    assert_eq!(
        bedrock["content"][0]["toolResult"]["content"],
        json!(RECORDED.map(|text| json!({"text": text}))),
        "{bedrock}"
    );
    let gemini = run(Target::Gemini, &["record"]).reply;
    assert_eq!(gemini["parts"][0]["functionResponse"]["response"], json!({"text": RECORDED}), "{gemini}");
}

#[test]
fn mcp_carries_audio_resources_and_links_as_they_are_and_history_keeps_them() {
    let exchange = run(Target::Mcp, &["record"]);
    assert_eq!(
        exchange.reply["result"]["content"],
        json!([
            {"type": "audio", "mimeType": "audio/wav", "data": "UklGRg=="},
            {"type": "resource", "resource": {"uri": "https://a.test/", "mimeType": "text/html", "text": "<p>A page.</p>"}},
            {"type": "resource", "resource": {"uri": "https://a.test/a.zip", "mimeType": "application/zip", "blob": "AAEC"}},
            {"type": "resource_link", "uri": "file:///var/log/a.log", "name": "a.log", "description": "the crawl's log"}
        ])
    );
    let call = ToolCall { id: Some("c1".into()), name: "record".into(), arguments: "{}".into() };
    let output = block_on(Camera.call_arguments("record", "{}".into(), toolc::CallContext::detached()));
    let result = ToolResult::from_output(&call, output);
    let read: ToolResult = serde_json::from_value(serde_json::to_value(&result).unwrap()).unwrap();
    assert_eq!(read, result);
}
