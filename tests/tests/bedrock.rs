//! Amazon Bedrock's Converse API as a user meets it: what a tool spec may be called and hold, the
//! tool choices Converse has and the ones it has not, and a ConverseStream read from its own binary
//! framing, from events a caller decoded itself, or from the objects an SDK makes of them. (The
//! service's own model checks every rendering, choice and reply in `conformance.rs`; real recorded
//! streams are read at every split there and in `stream_fixtures.rs`.)

use std::future::IntoFuture;

use pollster::block_on;
use serde_json::{Value, json};
use toolc::dispatch::{CallStream, Streamed};
use toolc::{
    ChoiceError, DispatchOptions, RenderOptions, Target, ToolCall, ToolChoice, ToolDef, Toolbox, render_tools,
};

use crate::support::weather::Weather;

fn def(name: &str, description: &str, schema: Value) -> ToolDef {
    ToolDef::new(name.to_owned(), description.to_owned(), schema)
}

fn object() -> Value {
    json!({"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
}

#[test]
fn names_outside_the_service_pattern_or_longer_than_64_are_refused_before_the_request() {
    for name in ["math.sum", "get weather", &"a".repeat(65)] {
        let err =
            render_tools([&def(name, "Adds.", object())], Target::Bedrock, &RenderOptions::default()).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "tool `{name}` cannot be rendered for bedrock at /name: the name `{name}` does not match `^[a-zA-Z0-9_-]{{1,64}}$`"
            ),
        );
    }
    let ok = render_tools([&def(&"a".repeat(64), "Adds.", object())], Target::Bedrock, &RenderOptions::default());
    assert!(ok.is_ok(), "64 characters is the limit, not past it");
}

#[test]
fn an_empty_description_is_left_out_since_the_service_wants_at_least_one_character() {
    let rendered = render_tools([&def("lookup", "", object())], Target::Bedrock, &RenderOptions::default()).unwrap();
    let mut closed = object();
    closed["additionalProperties"] = json!(false);
    assert_eq!(
        rendered.value,
        json!([{"toolSpec": {"name": "lookup", "inputSchema": {"json": closed}}}]),
        "no `description` key at all"
    );
}

#[test]
fn a_schema_that_is_not_an_object_at_the_top_is_refused_naming_the_path() {
    let err = render_tools(
        [&def("count", "Counts.", json!({"type": "integer"}))],
        Target::Bedrock,
        &RenderOptions::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("tool `count` cannot be rendered for bedrock at /toolSpec/inputSchema/json"), "{err}");
}

#[test]
fn tool_choice_is_auto_any_or_one_tool_and_the_rest_is_refused_with_what_to_do() {
    let tools = [def("lookup", "Looks up.", object())];
    let render = |choice: ToolChoice<'_>| choice.render(Target::Bedrock, &tools);
    assert_eq!(render(ToolChoice::Auto).unwrap(), json!({"toolChoice": {"auto": {}}}));
    assert_eq!(render(ToolChoice::Required).unwrap(), json!({"toolChoice": {"any": {}}}));
    assert_eq!(render(ToolChoice::Tool("lookup")).unwrap(), json!({"toolChoice": {"tool": {"name": "lookup"}}}));
    let Err(ChoiceError::Unsupported { reason, .. }) = render(ToolChoice::None) else { panic!("`none` refused") };
    assert!(reason.contains("without `toolConfig`"), "{reason}");
    let Err(ChoiceError::Unsupported { reason, .. }) =
        render(ToolChoice::Allowed { tools: &["lookup"], required: false })
    else {
        panic!("a subset refused")
    };
    assert!(reason.contains("toolbox.only"), "{reason}");
}

/// ConverseStream events of one call of get_weather, as (name, data) pairs.
fn events() -> Vec<(&'static str, Value)> {
    vec![
        ("messageStart", json!({"role": "assistant", "p": "abc"})),
        ("contentBlockDelta", json!({"contentBlockIndex": 0, "delta": {"text": "Checking."}})),
        ("contentBlockStop", json!({"contentBlockIndex": 0})),
        (
            "contentBlockStart",
            json!({"contentBlockIndex": 1, "start": {"toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "type": "tool_use"}}}),
        ),
        ("contentBlockDelta", json!({"contentBlockIndex": 1, "delta": {"toolUse": {"input": "{\"location\": "}}})),
        ("contentBlockDelta", json!({"contentBlockIndex": 1, "delta": {"toolUse": {"input": "\"Paris\"}"}}})),
        ("contentBlockStop", json!({"contentBlockIndex": 1})),
        ("messageStop", json!({"stopReason": "tool_use", "additionalModelResponseFields": null})),
        (
            "metadata",
            json!({"usage": {"inputTokens": 10, "outputTokens": 5, "totalTokens": 15}, "metrics": {"latencyMs": 9}}),
        ),
    ]
}

fn expected_call() -> ToolCall {
    ToolCall { id: Some("tooluse_1".into()), name: "get_weather".into(), arguments: r#"{"location":"Paris"}"#.into() }
}

#[test]
fn events_a_caller_decoded_itself_are_read_by_name_or_as_the_one_member_objects_sdks_make() {
    for wrapped in [false, true] {
        let mut stream = CallStream::new(Target::Bedrock, &DispatchOptions::default()).unwrap();
        let (mut text, mut calls) = (String::new(), Vec::new());
        for (name, data) in events() {
            let (name, data) = if wrapped { ("", json!({name: data})) } else { (name, data) };
            stream
                .feed_event(name, &data.to_string(), |streamed| match streamed {
                    Streamed::Text(piece) => text.push_str(piece),
                    Streamed::Call(call) => calls.push(call),
                    _ => {}
                })
                .unwrap();
        }
        assert_eq!(stream.finish(), None, "wrapped: {wrapped}");
        assert_eq!(text, "Checking.");
        assert_eq!(calls, [expected_call()], "the input put together without the model's spaces");
    }
}

#[test]
fn an_event_given_without_a_name_that_is_not_one_member_is_an_error_saying_what_was_expected() {
    let mut stream = CallStream::new(Target::Bedrock, &DispatchOptions::default()).unwrap();
    let err = stream.feed_event("", r#"{"contentBlockIndex": 0, "delta": {"text": "x"}}"#, |_| {}).unwrap_err();
    assert!(err.to_string().contains("expected an event named by its one member"), "{err}");
}

#[test]
fn an_exception_message_ends_the_stream_with_what_the_service_said_and_complete_calls_still_run() {
    let mut stream = CallStream::new(Target::Bedrock, &DispatchOptions::default()).unwrap();
    let mut calls = Vec::new();
    for (name, data) in events().into_iter().take(7) {
        stream
            .feed_event(name, &data.to_string(), |streamed| {
                if let Streamed::Call(call) = streamed {
                    calls.push(call)
                }
            })
            .unwrap();
    }
    stream
        .feed_event("modelStreamErrorException", r#"{"message":"the model stopped","originalStatusCode":500}"#, |_| {})
        .unwrap();
    assert!(stream.failed());
    let end = stream.finish().expect("interrupted");
    assert_eq!(end.reason, "the provider sent an error: modelStreamErrorException: the model stopped");
    assert_eq!(calls, [expected_call()]);
}

#[test]
fn an_error_message_or_an_exception_without_members_still_ends_the_stream_naming_it() {
    let mut stream = CallStream::new(Target::Bedrock, &DispatchOptions::default()).unwrap();
    stream.feed_event("error", r#"{"code":"InternalFailure","message":"try again"}"#, |_| {}).unwrap();
    assert_eq!(stream.finish().unwrap().reason, "the provider sent an error: InternalFailure: try again");
    let mut stream = CallStream::new(Target::Bedrock, &DispatchOptions::default()).unwrap();
    stream.feed_event("serviceUnavailableException", "", |_| {}).unwrap();
    assert_eq!(
        stream.finish().unwrap().reason,
        "the provider sent an error: serviceUnavailableException: (no message)"
    );
}

/// The events as AWS event-stream messages, each with its CRCs, as Bedrock sends them.
fn framed() -> Vec<u8> {
    let mut bytes = Vec::new();
    for (name, data) in events() {
        let payload = data.to_string().into_bytes();
        let mut headers = Vec::new();
        for (key, value) in [(":event-type", name), (":content-type", "application/json"), (":message-type", "event")] {
            headers.push(key.len() as u8);
            headers.extend_from_slice(key.as_bytes());
            headers.push(7);
            headers.extend_from_slice(&(value.len() as u16).to_be_bytes());
            headers.extend_from_slice(value.as_bytes());
        }
        let total = 16 + headers.len() + payload.len();
        let mut message = Vec::new();
        message.extend_from_slice(&(total as u32).to_be_bytes());
        message.extend_from_slice(&(headers.len() as u32).to_be_bytes());
        message.extend_from_slice(&crc32fast::hash(&message).to_be_bytes());
        message.extend_from_slice(&headers);
        message.extend_from_slice(&payload);
        message.extend_from_slice(&crc32fast::hash(&message).to_be_bytes());
        bytes.extend_from_slice(&message);
    }
    bytes
}

#[test]
fn dispatch_stream_runs_the_call_from_the_binary_stream_and_answers_as_dispatch_does() {
    let bytes = framed();
    let pieces: Vec<Result<Vec<u8>, std::io::Error>> = bytes.chunks(5).map(|piece| Ok(piece.to_vec())).collect();
    let streamed = block_on(
        Weather
            .dispatch_stream(Target::Bedrock, futures_util::stream::iter(pieces), DispatchOptions::default())
            .into_future(),
    )
    .unwrap();
    let finished = json!({"output": {"message": {"role": "assistant", "content": [
        {"text": "Checking."},
        {"toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "input": {"location": "Paris"}}}
    ]}}, "stopReason": "tool_use"});
    let whole = block_on(Weather.dispatch(Target::Bedrock, finished.to_string(), DispatchOptions::default())).unwrap();
    assert_eq!(streamed.calls, whole.calls);
    assert_eq!(streamed.reply, whole.reply);
    assert_eq!(streamed.interrupted, None);
    assert_eq!(streamed.reply["content"][0]["toolResult"]["toolUseId"], "tooluse_1");
}

#[test]
fn a_damaged_message_is_an_error_naming_the_message_and_the_checksum() {
    let mut bytes = framed();
    let at = bytes.len() - 30;
    bytes[at] ^= 1;
    let mut stream = CallStream::new(Target::Bedrock, &DispatchOptions::default()).unwrap();
    let err = stream.feed(&bytes, |_| {}).unwrap_err().to_string();
    assert!(err.starts_with("cannot handle this bedrock stream at event 8, /: the message's checksum is "), "{err}");
}

#[test]
fn a_body_that_is_not_an_event_stream_says_so_and_shows_how_it_begins() {
    let body = br#"{"message":"The security token included in the request is invalid."}"#;
    let mut stream = CallStream::new(Target::Bedrock, &DispatchOptions::default()).unwrap();
    let err = stream.feed(body, |_| {}).unwrap_err().to_string();
    assert!(err.contains("not an AWS event-stream message"), "{err}");
    // Cut short before any message came: the head of what came is shown.
    let mut stream = CallStream::new(Target::Bedrock, &DispatchOptions::default()).unwrap();
    stream.feed(&body[..8], |_| {}).unwrap();
    let end = stream.finish().expect("no message came");
    assert!(
        end.reason.contains("no event-stream message came in its 8 bytes, which begin: {\"messag"),
        "{}",
        end.reason
    );
}
