//! Realistic provider streams of one response: a sentence of text, then three `search` calls, in
//! pieces of a few characters (one chunk per token or two, as the providers send them), every
//! event carrying the fields the APIs send.

use serde_json::{Value, json};

use crate::search_arguments;

const TEXT: &str = "I'll run three searches to compare what each of them returns, then summarise.";
const QUERIES: [&str; 3] = ["rust json schema", "serde flatten enum", "criterion benchmark setup"];

/// `text` in pieces of about `size` bytes, cut on character boundaries.
fn pieces(text: &str, size: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let mut end = (start + size).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        pieces.push(&text[start..end]);
        start = end;
    }
    pieces
}

fn arguments(index: usize) -> String {
    search_arguments(QUERIES[index]).to_string()
}

fn data(sse: &mut String, event: Option<&str>, value: &Value) {
    if let Some(event) = event {
        sse.push_str(&format!("event: {event}\n"));
    }
    sse.push_str(&format!("data: {value}\n\n"));
}

/// OpenAI Chat Completions chunks, `[DONE]` last.
pub fn openai_chat() -> String {
    let mut sse = String::new();
    let mut chunk = |delta: Value, finish: Value| {
        let chunk = json!({"id": "chatcmpl-CZ9sL2kq8aXbV0mNd3PqR7tY1uWe", "object": "chat.completion.chunk",
            "created": 1763700000, "model": "gpt-4.1-2025-04-14", "service_tier": "default",
            "system_fingerprint": "fp_b3f1157249", "choices": [{"index": 0, "delta": delta, "logprobs": null,
            "finish_reason": finish}], "usage": null, "obfuscation": "x1Yz"});
        data(&mut sse, None, &chunk);
    };
    chunk(json!({"role": "assistant", "content": "", "refusal": null}), Value::Null);
    for piece in pieces(TEXT, 4) {
        chunk(json!({"content": piece}), Value::Null);
    }
    for index in 0..QUERIES.len() {
        chunk(
            json!({"tool_calls": [{"index": index, "id": format!("call_Xk2pL9qRmT4vB7nZ0wYs8dH{index}"),
                "type": "function", "function": {"name": "search", "arguments": ""}}]}),
            Value::Null,
        );
        for piece in pieces(&arguments(index), 4) {
            chunk(json!({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}), Value::Null);
        }
    }
    chunk(json!({}), json!("tool_calls"));
    sse.push_str("data: [DONE]\n\n");
    sse
}

/// OpenAI Responses events, `response.completed` last.
pub fn openai_responses() -> String {
    let mut sse = String::new();
    let mut sequence = 0;
    let mut event = |name: &str, mut value: Value| {
        value["type"] = json!(name);
        value["sequence_number"] = json!(sequence);
        sequence += 1;
        data(&mut sse, Some(name), &value);
    };
    let response = |status: &str, output: Value| {
        json!({"id": "resp_68a1f3c2b9e08190a4d7c1e5f2b3a6d9", "object": "response", "created_at": 1763700000,
            "status": status, "model": "gpt-4.1-2025-04-14", "output": output, "parallel_tool_calls": true,
            "tool_choice": "auto", "tools": [], "temperature": 1.0, "top_p": 1.0, "usage": null})
    };
    event("response.created", json!({"response": response("in_progress", json!([]))}));
    event("response.in_progress", json!({"response": response("in_progress", json!([]))}));
    let message_id = "msg_68a1f3c3d4e58190b5e8d2f6a3c4b7e0";
    let message = |status: &str, text: &str| {
        json!({"id": message_id, "type": "message", "status": status, "role": "assistant",
            "content": if text.is_empty() { json!([]) } else { json!([{"type": "output_text", "text": text, "annotations": [], "logprobs": []}]) }})
    };
    event("response.output_item.added", json!({"output_index": 0, "item": message("in_progress", "")}));
    event(
        "response.content_part.added",
        json!({"item_id": message_id, "output_index": 0, "content_index": 0,
            "part": {"type": "output_text", "text": "", "annotations": [], "logprobs": []}}),
    );
    for piece in pieces(TEXT, 4) {
        event(
            "response.output_text.delta",
            json!({"item_id": message_id, "output_index": 0, "content_index": 0, "delta": piece, "logprobs": [], "obfuscation": "Qm3v"}),
        );
    }
    event(
        "response.output_text.done",
        json!({"item_id": message_id, "output_index": 0, "content_index": 0, "text": TEXT, "logprobs": []}),
    );
    event("response.output_item.done", json!({"output_index": 0, "item": message("completed", TEXT)}));
    let mut output = vec![message("completed", TEXT)];
    for index in 0..QUERIES.len() {
        let item_id = format!("fc_68a1f3c4e5f68190c6f9e3a7b4d5c8f{index}");
        let call_id = format!("call_Xk2pL9qRmT4vB7nZ0wYs8dH{index}");
        let item = |status: &str, arguments: &str| {
            json!({"id": item_id, "type": "function_call", "status": status, "arguments": arguments,
                "call_id": call_id, "name": "search"})
        };
        let output_index = index + 1;
        event("response.output_item.added", json!({"output_index": output_index, "item": item("in_progress", "")}));
        let arguments = arguments(index);
        for piece in pieces(&arguments, 4) {
            event(
                "response.function_call_arguments.delta",
                json!({"item_id": item_id, "output_index": output_index, "delta": piece, "obfuscation": "d8Kf"}),
            );
        }
        event(
            "response.function_call_arguments.done",
            json!({"item_id": item_id, "output_index": output_index, "arguments": arguments}),
        );
        event(
            "response.output_item.done",
            json!({"output_index": output_index, "item": item("completed", &arguments)}),
        );
        output.push(item("completed", &arguments));
    }
    event("response.completed", json!({"response": response("completed", json!(output))}));
    sse
}

/// Anthropic Messages events, `message_stop` last.
pub fn anthropic() -> String {
    let mut sse = String::new();
    let mut event = |name: &str, mut value: Value| {
        value["type"] = json!(name);
        data(&mut sse, Some(name), &value);
    };
    event(
        "message_start",
        json!({"message": {"id": "msg_01XFDUDYJgAACzvnptvVoYEL", "type": "message", "role": "assistant",
            "model": "claude-sonnet-4-5-20250929", "content": [], "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": 812, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
            "output_tokens": 1, "service_tier": "standard"}}}),
    );
    event("content_block_start", json!({"index": 0, "content_block": {"type": "text", "text": ""}}));
    event("ping", json!({}));
    for piece in pieces(TEXT, 4) {
        event("content_block_delta", json!({"index": 0, "delta": {"type": "text_delta", "text": piece}}));
    }
    event("content_block_stop", json!({"index": 0}));
    for index in 0..QUERIES.len() {
        let block = index + 1;
        event(
            "content_block_start",
            json!({"index": block, "content_block": {"type": "tool_use",
                "id": format!("toolu_01A09q90qw90lq917835lq9{index}"), "name": "search", "input": {}}}),
        );
        event(
            "content_block_delta",
            json!({"index": block, "delta": {"type": "input_json_delta", "partial_json": ""}}),
        );
        for piece in pieces(&arguments(index), 4) {
            event(
                "content_block_delta",
                json!({"index": block, "delta": {"type": "input_json_delta", "partial_json": piece}}),
            );
        }
        event("content_block_stop", json!({"index": block}));
    }
    event(
        "message_delta",
        json!({"delta": {"stop_reason": "tool_use", "stop_sequence": null}, "usage": {"output_tokens": 164}}),
    );
    event("message_stop", json!({}));
    sse
}

/// Gemini `streamGenerateContent?alt=sse` chunks: text a few tokens a chunk, then the calls whole.
pub fn gemini() -> String {
    let mut sse = String::new();
    let mut chunk = |parts: Value, finish: Option<&str>| {
        let mut candidate = json!({"content": {"parts": parts, "role": "model"}, "index": 0});
        if let Some(finish) = finish {
            candidate["finishReason"] = json!(finish);
        }
        let chunk = json!({"candidates": [candidate], "usageMetadata": {"promptTokenCount": 812,
            "candidatesTokenCount": 164, "totalTokenCount": 976}, "modelVersion": "gemini-2.5-flash",
            "responseId": "aHq2aLr5Lb2Wz7IP8dKx-Qg"});
        sse.push_str(&format!("data: {chunk}\r\n\r\n"));
    };
    for piece in pieces(TEXT, 12) {
        chunk(json!([{"text": piece}]), None);
    }
    let calls: Vec<Value> = (0..QUERIES.len())
        .map(|index| json!({"functionCall": {"name": "search", "args": search_arguments(QUERIES[index])}}))
        .collect();
    chunk(json!(calls), Some("STOP"));
    sse
}
