//! A server's `tools/call` result as toolc's: its structured content (or else its text) as the JSON
//! output, its images, audio and resources as the parts each provider receives as a local tool's;
//! `isError` as an
//! error worded for the model, naming the server.

use rmcp::model::{CallToolResult, ContentBlock};
use serde::Deserialize;
use serde_json::Value;

use toolc::{ContentPart, ToolError, ToolOutput};

/// The result of calling `tool` on `server` as rmcp read it. The usual one, text blocks alone and
/// no error, is read where it lies (its structured content taken, not copied); any other is
/// written as JSON and read by [`output`], which gives the same for the usual one.
pub(super) fn call_result(server: &str, tool: &str, result: CallToolResult) -> Result<ToolOutput, ToolError> {
    let texts_alone =
        result.is_error != Some(true) && result.content.iter().all(|block| matches!(block, ContentBlock::Text(_)));
    if !texts_alone {
        let result = serde_json::to_value(result).expect("a call's result is written as JSON");
        return output(server, tool, &result);
    }
    let texts = result.content.iter().filter_map(|block| match block {
        ContentBlock::Text(text) => Some(text.text.as_str()),
        _ => None,
    });
    match result.structured_content.filter(|structured| !structured.is_null()) {
        Some(structured) => {
            let parts = texts
                .filter(|text| serde_json::from_str::<Value>(text).ok().as_ref() != Some(&structured))
                .map(|text| ContentPart::Text(text.to_owned()))
                .collect();
            Ok(ToolOutput::with_parts(structured, parts))
        }
        None => {
            let texts: Vec<&str> = texts.collect();
            Ok(ToolOutput::json(Value::String(texts.join("\n"))))
        }
    }
}

/// The result of calling `tool` on `server`, read as the MCP specification writes it.
pub(super) fn output(server: &str, tool: &str, result: &Value) -> Result<ToolOutput, ToolError> {
    let blocks = result.get("content").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let structured = result.get("structuredContent").filter(|structured| !structured.is_null());
    if result.get("isError").and_then(Value::as_bool) == Some(true) {
        let mut text = texts(blocks).collect::<Vec<_>>().join("\n");
        if text.is_empty() {
            text = structured.map(Value::to_string).unwrap_or_else(|| "no details".to_owned());
        }
        let message = format!("the MCP server `{server}` answered with an error: {text}");
        return Err(ToolError::Failed { tool: tool.to_owned().into(), message });
    }
    let mut parts = Vec::new();
    for block in blocks {
        match block.get("type").and_then(Value::as_str) {
            // The serialized structured content, which servers send beside it for older clients.
            Some("text") if structured.is_some() && repeats(block, structured) => {}
            Some("text") if structured.is_some() => parts.push(ContentPart::Text(text(block).to_owned())),
            Some("text") => {}
            Some(kind @ ("image" | "audio" | "resource" | "resource_link")) => parts.push(media(server, kind, block)),
            _ => parts.push(ContentPart::Json(block.clone())),
        }
    }
    let json = match structured {
        Some(structured) => structured.clone(),
        None => {
            let texts: Vec<&str> = texts(blocks).collect();
            if texts.is_empty() { Value::Null } else { Value::String(texts.join("\n")) }
        }
    };
    if json.is_null() && parts.is_empty() {
        return Ok(ToolOutput::json(Value::String(String::new())));
    }
    Ok(ToolOutput::with_parts(json, parts))
}

fn text(block: &Value) -> &str {
    block.get("text").and_then(Value::as_str).unwrap_or_default()
}

fn texts(blocks: &[Value]) -> impl Iterator<Item = &str> {
    blocks.iter().filter(|block| block.get("type").and_then(Value::as_str) == Some("text")).map(text)
}

/// Whether a text block is the structured content written as JSON.
fn repeats(block: &Value, structured: Option<&Value>) -> bool {
    serde_json::from_str::<Value>(text(block)).ok().as_ref() == structured
}

/// An image, audio, embedded resource or resource link block as the part of that kind; one that is
/// not as MCP writes it (data not base64, no type) as a note saying so.
fn media(server: &str, kind: &str, block: &Value) -> ContentPart {
    match ContentPart::deserialize(block) {
        Ok(part) => part,
        Err(err) => {
            ContentPart::Text(format!("[the MCP server `{server}` sent a `{kind}` block MCP does not write: {err}]"))
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use toolc::Image;

    #[test]
    fn structured_content_is_the_output_and_its_text_copy_is_dropped() {
        let result = json!({
            "content": [{"type": "text", "text": "{\"temperature\": 21}"}, {"type": "text", "text": "Sunny."}],
            "structuredContent": {"temperature": 21}
        });
        let output = output("weather", "now", &result).unwrap();
        assert_eq!(output.json, json!({"temperature": 21}));
        assert_eq!(output.parts, vec![ContentPart::Text("Sunny.".into())]);
    }

    #[test]
    fn text_alone_is_the_output_as_a_string() {
        let result = json!({"content": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}]});
        assert_eq!(output("s", "t", &result).unwrap(), ToolOutput::json(json!("one\ntwo")));
    }

    #[test]
    fn images_become_image_parts_beside_the_text() {
        let result = json!({"content": [
            {"type": "text", "text": "A pixel:"},
            {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"},
            {"type": "image", "data": "not base64!", "mimeType": "image/png"}
        ]});
        let output = output("everything", "get-tiny-image", &result).unwrap();
        assert_eq!(output.json, json!("A pixel:"));
        assert_eq!(output.parts[0], ContentPart::Image(Image::png(b"\x89PNG\r\n\x1a\n".to_vec())));
        assert!(
            matches!(&output.parts[1], ContentPart::Text(note) if note.contains("image data")),
            "{:?}",
            output.parts[1]
        );
    }

    #[test]
    fn audio_and_resources_become_their_parts() {
        let result = json!({"content": [
            {"type": "audio", "data": "UklGRg==", "mimeType": "audio/wav"},
            {"type": "resource", "resource": {"uri": "test://a", "mimeType": "text/plain", "text": "hello"}},
            {"type": "resource", "resource": {"uri": "test://b", "blob": "AAE="}},
            {"type": "resource_link", "uri": "test://c", "name": "c"}
        ]});
        let output = output("everything", "all", &result).unwrap();
        assert_eq!(
            output.parts,
            vec![
                ContentPart::Audio(toolc::Audio::new("audio/wav", b"RIFF".to_vec())),
                ContentPart::Resource(toolc::Resource::text("test://a", "hello").with_mime_type("text/plain")),
                ContentPart::Resource(toolc::Resource::blob("test://b", vec![0, 1])),
                ContentPart::ResourceLink(toolc::ResourceLink::new("test://c", "c")),
            ]
        );
    }

    #[test]
    fn an_error_result_names_the_server_and_says_what_it_said() {
        let result = json!({"content": [{"type": "text", "text": "Access denied: /etc"}], "isError": true});
        let err = output("filesystem", "read_file", &result).unwrap_err();
        assert_eq!(
            err.to_string(),
            "tool `read_file` failed: the MCP server `filesystem` answered with an error: Access denied: /etc"
        );
    }

    #[test]
    fn an_empty_result_is_an_empty_text() {
        assert_eq!(output("s", "t", &json!({"content": []})).unwrap(), ToolOutput::json(json!("")));
    }

    #[test]
    fn a_result_read_where_it_lies_is_the_one_read_as_json() {
        let results = [
            json!({"content": [{"type": "text", "text": "{\"temperature\": 21}"}, {"type": "text", "text": "Sunny."}],
                   "structuredContent": {"temperature": 21}}),
            json!({"content": [{"type": "text", "text": "27"}], "structuredContent": {"result": 27}}),
            json!({"content": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}]}),
            json!({"content": [{"type": "text", "text": "one"}], "structuredContent": null}),
            json!({"content": [], "structuredContent": {"a": 1}}),
            json!({"content": []}),
            json!({"content": [{"type": "text", "text": "A pixel:"},
                               {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}]}),
            json!({"content": [{"type": "text", "text": "Access denied: /etc"}], "isError": true}),
            json!({"content": [], "structuredContent": {"code": 3}, "isError": true}),
        ];
        for result in results {
            let typed: CallToolResult = serde_json::from_value(result.clone()).unwrap();
            let as_json = serde_json::to_value(&typed).unwrap();
            assert_eq!(
                call_result("s", "t", typed).map_err(|err| err.to_string()),
                output("s", "t", &as_json).map_err(|err| err.to_string()),
                "{result}"
            );
        }
    }
}
