//! Streamed responses read as they arrive: calls start while the stream goes on, the model's text
//! reaches the caller as it comes, a stream cut short still answers its complete calls, and a
//! malformed one is an error naming the event. (The recorded and per-provider fixtures, every byte
//! boundary and the SDKs' own accumulators are in `stream_fixtures.rs` and `conformance.rs`.)

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use futures_util::stream::{self, Stream};
use pollster::block_on;
use serde_json::{Value, json};
use toolc::dispatch::{CallStream, StreamEvent, Streamed};
use toolc::{DispatchError, DispatchOptions, Exchange, Target, ToolSet, Toolbox, toolbox};
use toolc_tests::nodes::{DeleteNodes, NodeOp};

use crate::support::weather::Weather;

/// OpenAI chat chunks as server-sent events, each chunk's `choices[0]` given; `[DONE]` after when
/// `done`.
fn chat(choices: &[Value], done: bool) -> String {
    let mut sse = String::new();
    for choice in choices {
        let chunk = json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4.1",
            "choices": [choice]});
        sse.push_str(&format!("data: {chunk}\n\n"));
    }
    if done {
        sse.push_str("data: [DONE]\n\n");
    }
    sse
}

fn call_start(index: u32, id: &str, name: &str, arguments: &str) -> Value {
    json!({"index": 0, "delta": {"tool_calls": [
        {"index": index, "id": id, "type": "function", "function": {"name": name, "arguments": arguments}}]}})
}

fn call_piece(index: u32, arguments: &str) -> Value {
    json!({"index": 0, "delta": {"tool_calls": [{"index": index, "function": {"arguments": arguments}}]}})
}

fn finish(reason: &str) -> Value {
    json!({"index": 0, "delta": {}, "finish_reason": reason})
}

/// Anthropic events as server-sent events.
fn anthropic(events: &[Value]) -> String {
    events.iter().map(|event| format!("event: {}\ndata: {event}\n\n", event["type"].as_str().unwrap())).collect()
}

fn tool_use(index: u32, id: &str, name: &str) -> Value {
    json!({"type": "content_block_start", "index": index,
        "content_block": {"type": "tool_use", "id": id, "name": name, "input": {}}})
}

fn input(index: u32, partial_json: &str) -> Value {
    json!({"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": partial_json}})
}

fn stop(index: u32) -> Value {
    json!({"type": "content_block_stop", "index": index})
}

/// Gemini chunks, one `functionCall` part each.
fn gemini(calls: &[Value]) -> String {
    calls
        .iter()
        .map(|call| {
            format!(
                "data: {}\r\n\r\n",
                json!({"candidates": [{"content": {"role": "model", "parts": [{"functionCall": call}]}}]})
            )
        })
        .collect()
}

fn pieces(sse: &str, size: usize) -> impl Stream<Item = Result<Vec<u8>, std::io::Error>> + Send + use<> {
    let pieces: Vec<_> = sse.as_bytes().chunks(size).map(|piece| Ok(piece.to_vec())).collect();
    stream::iter(pieces)
}

fn streamed(target: Target, sse: &str) -> Result<Exchange, DispatchError> {
    block_on(Weather.dispatch_stream(target, pieces(sse, 7), DispatchOptions::default()).into_future())
}

use std::future::IntoFuture;

/// A toolbox whose tool says when it has run.
struct Recorder {
    ran: Arc<AtomicBool>,
}

#[toolbox]
impl Recorder {
    /// Save a note.
    #[tool]
    async fn save(&self, note: String) -> String {
        self.ran.store(true, Ordering::SeqCst);
        format!("saved {note}")
    }
}

/// Gives its first piece, then, when polled for the rest, notes whether the tool had run by then.
struct TwoPieces {
    pieces: Vec<Vec<u8>>,
    ran: Arc<AtomicBool>,
    ran_before_the_rest: Arc<AtomicBool>,
}

impl Stream for TwoPieces {
    type Item = Result<Vec<u8>, std::io::Error>;

    fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.pieces.len() == 1 {
            let ran = self.ran.load(Ordering::SeqCst);
            self.ran_before_the_rest.store(ran, Ordering::SeqCst);
        }
        Poll::Ready((!self.pieces.is_empty()).then(|| Ok(self.pieces.remove(0))))
    }
}

#[test]
fn a_call_runs_before_its_stream_has_ended() {
    let first = anthropic(&[tool_use(0, "t1", "save"), input(0, r#"{"note": "a"}"#), stop(0)]);
    let rest =
        anthropic(&[tool_use(1, "t2", "save"), input(1, r#"{"note": "b"}"#), stop(1), json!({"type": "message_stop"})]);
    let ran = Arc::new(AtomicBool::new(false));
    let ran_before_the_rest = Arc::new(AtomicBool::new(false));
    let source = TwoPieces {
        pieces: vec![first.into_bytes(), rest.into_bytes()],
        ran: ran.clone(),
        ran_before_the_rest: ran_before_the_rest.clone(),
    };
    let recorder = Recorder { ran };
    let mut events = Vec::new();
    let exchange = block_on(
        recorder
            .dispatch_stream(Target::Anthropic, source, DispatchOptions::default())
            .on_event(|event| {
                events.push(match event {
                    StreamEvent::Started(call) => format!("started {}", call.id.as_deref().unwrap()),
                    StreamEvent::Answered(result) => format!("answered {}", result.id.as_deref().unwrap()),
                    other => format!("{other:?}"),
                })
            })
            .into_future(),
    )
    .unwrap();
    assert!(ran_before_the_rest.load(Ordering::SeqCst), "the first call ran while the stream was still open");
    assert_eq!(events, ["started t1", "answered t1", "started t2", "answered t2"]);
    assert_eq!(exchange.reply["content"][1]["content"], "saved b");
}

#[test]
fn text_reaches_the_caller_as_it_arrives_and_the_exchange_is_dispatch_s() {
    let sse = chat(
        &[
            json!({"index": 0, "delta": {"role": "assistant", "content": ""}}),
            json!({"index": 0, "delta": {"content": "Let me "}}),
            json!({"index": 0, "delta": {"content": "check."}}),
            call_start(0, "call_1", "get_weather", ""),
            call_piece(0, r#"{"locat"#),
            call_piece(0, r#"ion": "Paris"}"#),
            call_start(1, "call_2", "now", ""),
            finish("tool_calls"),
        ],
        true,
    );
    let mut text = Vec::new();
    let exchange = block_on(
        Weather
            .dispatch_stream(Target::OpenAi, pieces(&sse, 5), DispatchOptions::default())
            .on_event(|event| {
                if let StreamEvent::Text(piece) = event {
                    text.push(piece.to_owned());
                }
            })
            .into_future(),
    )
    .unwrap();
    assert_eq!(text, ["Let me ", "check."]);
    let finished = json!({"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant",
        "content": "Let me check.", "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": r#"{"location": "Paris"}"#}},
            {"id": "call_2", "type": "function", "function": {"name": "now", "arguments": ""}}]}}]});
    let expected = block_on(Weather.dispatch_value(Target::OpenAi, &finished, DispatchOptions::default())).unwrap();
    assert_eq!(exchange, expected);
    assert_eq!(exchange.reply[0]["content"], "Paris: 18 °C, light rain");
    assert_eq!(exchange.reply[1]["content"], "2026-11-24T09:00:00Z");
}

#[test]
fn a_stream_cut_mid_call_answers_the_complete_calls_and_names_the_cut_one() {
    let sse = chat(
        &[
            call_start(0, "call_1", "search", r#"{"query": "rust"}"#),
            call_start(1, "call_2", "get_weather", r#"{"location": "Par"#),
        ],
        false,
    );
    let exchange = streamed(Target::OpenAi, &sse).unwrap();
    assert_eq!(exchange.calls.len(), 1);
    assert_eq!(exchange.results[0].content, json!(["rust #1", "rust #2"]));
    assert_eq!(exchange.reply.as_array().unwrap().len(), 1, "only the complete call is answered");
    let interrupted = exchange.interrupted.unwrap();
    assert_eq!(interrupted.reason, "the stream ended before `data: [DONE]`");
    assert_eq!(interrupted.event, 2);
    assert_eq!(interrupted.unfinished.len(), 1);
    assert_eq!(interrupted.unfinished[0].id.as_deref(), Some("call_2"));
    assert_eq!(interrupted.unfinished[0].arguments, r#"{"location": "Par"#);
}

#[test]
fn an_error_event_ends_the_stream_in_the_provider_s_words() {
    let mut sse =
        anthropic(&[tool_use(0, "t1", "now"), stop(0), tool_use(1, "t2", "get_weather"), input(1, r#"{"loc"#)]);
    sse.push_str("event: error\ndata: {\"type\": \"error\", \"error\": {\"type\": \"overloaded_error\", \"message\": \"Overloaded\"}}\n\n");
    // Nothing after the error is read, not even a malformed event.
    sse.push_str("event: content_block_stop\ndata: {\n\n");
    let exchange = streamed(Target::Anthropic, &sse).unwrap();
    assert_eq!(exchange.results.len(), 1);
    assert_eq!(exchange.reply["content"][0]["tool_use_id"], "t1");
    let interrupted = exchange.interrupted.unwrap();
    assert_eq!(interrupted.reason, "the provider sent an error: overloaded_error: Overloaded");
    assert_eq!(interrupted.event, 4);
    assert_eq!(interrupted.unfinished[0].id.as_deref(), Some("t2"));
}

#[test]
fn a_failed_read_is_an_interruption_after_the_complete_calls() {
    let sse = anthropic(&[tool_use(0, "t1", "now"), stop(0)]);
    let source = stream::iter([Ok(sse.into_bytes()), Err(std::io::Error::other("connection reset by peer"))]);
    let exchange =
        block_on(Weather.dispatch_stream(Target::Anthropic, source, DispatchOptions::default()).into_future()).unwrap();
    assert_eq!(exchange.results[0].content, json!("2026-11-24T09:00:00Z"));
    assert_eq!(exchange.interrupted.unwrap().reason, "reading the stream failed: connection reset by peer");
}

/// Each malformed stream, the event it fails at, and what the error says there.
/// Continuation pieces as DashScope's Qwen models send them (`"id": ""` and `"type"` again) and as
/// LM Studio does (`"name": ""`) are one call, as openai-python's accumulator reads them; so are
/// pieces that repeat the id and name, which openai-python would join into `call_1call_1` and
/// `nownow` (toolc reads them as the one call they plainly are).
#[test]
fn continuation_pieces_with_an_empty_or_repeated_id_or_name_continue_the_call() {
    let continuations = [
        json!({"index": 0, "id": "", "type": "function", "function": {"arguments": "\"a\": 1}"}}),
        json!({"index": 0, "type": "function", "function": {"name": "", "arguments": "\"a\": 1}"}}),
        json!({"index": 0, "id": "call_1", "type": "function", "function": {"name": "now", "arguments": "\"a\": 1}"}}),
    ];
    for continuation in continuations {
        let piece = json!({"index": 0, "delta": {"tool_calls": [continuation]}});
        let sse = chat(&[call_start(0, "call_1", "now", "{"), piece, finish("tool_calls")], true);
        let exchange = streamed(Target::OpenAi, &sse).unwrap_or_else(|err| panic!("{sse}: {err}"));
        let calls: Vec<(Option<&str>, &str, &str)> = exchange
            .calls
            .iter()
            .map(|call| (call.id.as_deref(), call.name.as_str(), call.arguments.as_str()))
            .collect();
        assert_eq!(calls, [(Some("call_1"), "now", "{\"a\": 1}")], "{sse}");
    }
}

/// The calls of an exchange as (id, name, arguments).
fn calls_of(exchange: &Exchange) -> Vec<(Option<&str>, &str, &str)> {
    exchange.calls.iter().map(|call| (call.id.as_deref(), call.name.as_str(), call.arguments.as_str())).collect()
}

/// Mistral, Ollama and Gemini's OpenAI-compatible endpoint send each call whole with no `index`
/// (Mistral two in one chunk; Gemini with `"id": ""`): a piece naming a tool begins the next call,
/// and a piece naming none continues the open one.
#[test]
fn pieces_without_an_index_are_calls_one_after_another() {
    let mistral = json!({"index": 0, "delta": {"tool_calls": [
        {"id": "nqjf8Hqe1", "function": {"name": "search", "arguments": "{\"query\": \"rust\"}"}},
        {"id": "ATcpCKul3", "function": {"name": "now", "arguments": "{}"}}]}, "finish_reason": "tool_calls"});
    let exchange = streamed(Target::OpenAi, &chat(&[mistral], true)).unwrap();
    assert_eq!(
        calls_of(&exchange),
        [(Some("nqjf8Hqe1"), "search", "{\"query\": \"rust\"}"), (Some("ATcpCKul3"), "now", "{}")]
    );
    assert_eq!(exchange.results[1].content, json!("2026-11-24T09:00:00Z"));

    let gemini = json!({"index": 0, "delta": {"role": "assistant", "tool_calls": [
        {"id": "", "type": "function", "function": {"name": "get_weather", "arguments": "{\"location\":"}}]}});
    let rest = json!({"index": 0, "delta": {"tool_calls": [{"function": {"arguments": "\"Paris\"}"}}]}, "finish_reason": "stop"});
    let exchange = streamed(Target::OpenAi, &chat(&[gemini, rest], true)).unwrap();
    assert_eq!(calls_of(&exchange), [(Some(""), "get_weather", "{\"location\":\"Paris\"}")]);
    assert_eq!(exchange.reply[0]["tool_call_id"], "");

    let orphan = json!({"index": 0, "delta": {"tool_calls": [{"function": {"arguments": "{}"}}]}});
    let err = streamed(Target::OpenAi, &chat(&[orphan], true)).unwrap_err();
    assert!(err.to_string().contains("/choices/0/delta/tool_calls/0/index: a piece without `index` or a `name` continues a call, and no call is open"), "{err}");
}

/// A piece without `index` that repeats the open call's id and name continues that call, as one
/// with the call's index would; a call sent whole a second time under its own id does not run twice.
#[test]
fn an_index_less_piece_repeating_the_open_call_continues_it_and_a_call_sent_again_runs_once() {
    let first = json!({"index": 0, "delta": {"tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"location\":"}}]}});
    let rest = json!({"index": 0, "delta": {"tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": "\"Paris\"}"}}]}, "finish_reason": "tool_calls"});
    let exchange = streamed(Target::OpenAi, &chat(&[first, rest], true)).unwrap();
    assert_eq!(calls_of(&exchange), [(Some("c1"), "get_weather", "{\"location\":\"Paris\"}")]);

    let whole = call_start(0, "c1", "get_weather", "{\"location\":\"Paris\"}");
    let exchange = streamed(Target::OpenAi, &chat(&[whole.clone(), whole, finish("tool_calls")], true)).unwrap();
    assert_eq!(exchange.calls.len(), 1, "the call is not run a second time: {:?}", exchange.calls);
    assert!(exchange.results[0].is_error, "its arguments, sent twice, are not one JSON value: {:?}", exchange.results);
}

/// Some servers give every call the same index. Once a call's arguments are whole JSON, a piece
/// naming a tool with another id, another tool, or arguments of its own is the next call, which
/// openai-python would join to the first (`{}{"query": "rust"}`).
#[test]
fn calls_sharing_one_index_are_read_one_after_another_once_each_is_whole() {
    let sse = chat(
        &[
            call_start(0, "call_1", "now", "{}"),
            call_start(0, "call_2", "search", r#"{"query": "#),
            call_piece(0, r#""rust"}"#),
            call_start(0, "", "get_weather", r#"{"location": "Paris"}"#),
            call_start(0, "", "get_weather", r#"{"location": "Oslo"}"#),
            finish("tool_calls"),
        ],
        true,
    );
    let exchange = streamed(Target::OpenAi, &sse).unwrap();
    assert_eq!(
        calls_of(&exchange),
        [
            (Some("call_1"), "now", "{}"),
            (Some("call_2"), "search", r#"{"query": "rust"}"#),
            (Some(""), "get_weather", r#"{"location": "Paris"}"#),
            (Some(""), "get_weather", r#"{"location": "Oslo"}"#),
        ]
    );
    assert!(exchange.results.iter().all(|result| !result.is_error), "{:?}", exchange.results);
}

/// An id or a name that changes while the call's arguments are still arriving is no reading that is
/// safe to run: the stream is refused, the error naming both.
#[test]
fn an_id_or_name_that_changes_mid_call_is_an_error_naming_both() {
    let other_id = json!({"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_9", "function": {"arguments": "\"Paris\"}"}}]}});
    let other_name = json!({"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"name": "search", "arguments": "{\"query\": 1}"}}]}});
    let cases = [
        (other_id, "/choices/0/delta/tool_calls/0/id: tool call 0 has the id \"call_1\"; this piece names \"call_9\""),
        (
            other_name,
            "/choices/0/delta/tool_calls/0/function/name: tool call 0 calls `get_weather`; this piece names `search`",
        ),
    ];
    for (piece, says) in cases {
        let sse = chat(&[call_start(0, "call_1", "get_weather", r#"{"location": "#), piece], true);
        let err = streamed(Target::OpenAi, &sse).unwrap_err();
        assert_eq!(err.event, Some(1));
        assert!(err.to_string().contains(says), "{err}\ndoes not say: {says}");
    }
}

/// What servers send besides calls and text is read past: a first chunk with no choices and
/// `"object": ""` (Azure's `prompt_filter_results`), usage-only chunks (`"choices": []`), `null`
/// for the delta, its `tool_calls`, `content` and an `index`, reasoning (`reasoning_content`,
/// `reasoning`), no `finish_reason` at all, and `: comment` lines (OpenRouter's `: OPENROUTER PROCESSING`).
#[test]
fn chunks_without_choices_null_fields_reasoning_and_comments_are_read_past() {
    let mut sse = String::from(": OPENROUTER PROCESSING\n\n");
    sse.push_str("data: {\"choices\":[],\"created\":0,\"id\":\"\",\"model\":\"\",\"object\":\"\",\"prompt_filter_results\":[{\"prompt_index\":0,\"content_filter_results\":{}}]}\n\n");
    sse.push_str(&chat(
        &[
            json!({"index": 0, "delta": null, "finish_reason": null}),
            json!({"index": null, "delta": {"role": "assistant", "content": null, "tool_calls": null, "reasoning_content": "The user"}}),
            json!({"index": 0, "delta": {"reasoning": " wants", "channel": "analysis"}}),
            json!({"index": 0, "delta": {"content": "Looking.", "tool_calls": []}}),
            call_start(0, "call_1", "now", ""),
            json!({"index": 0, "delta": {"content": null, "tool_calls": [{"index": 0, "id": null, "type": null, "function": {"name": null, "arguments": "{}"}}]}}),
            finish("tool_calls"),
        ],
        false,
    ));
    sse.push_str(": OPENROUTER PROCESSING\n\n");
    sse.push_str("data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1,\"total_tokens\":4,\"cost\":0.0001}}\n\ndata: [DONE]\n\n");
    let mut text = String::new();
    let mut stream = CallStream::new(Target::OpenAi, &DispatchOptions::default()).unwrap();
    let mut calls = Vec::new();
    stream
        .feed(sse.as_bytes(), |streamed| match streamed {
            Streamed::Text(piece) => text.push_str(piece),
            Streamed::Call(call) => calls.push(call),
            _ => {}
        })
        .unwrap();
    assert_eq!(stream.finish(), None);
    assert_eq!(text, "Looking.", "reasoning is not the answer's text");
    assert_eq!(calls.len(), 1);
    assert_eq!((calls[0].id.as_deref(), calls[0].arguments.as_str()), (Some("call_1"), "{}"));
}

/// A call begun after the choice's `finish_reason` (the reason in a chunk of its own, before the
/// calls) is a call like any other, complete at `[DONE]`.
#[test]
fn a_call_after_the_finish_reason_is_a_call() {
    let sse = chat(
        &[json!({"index": 0, "delta": {"content": ""}, "finish_reason": "stop"}), call_start(0, "call_1", "now", "{}")],
        true,
    );
    let exchange = streamed(Target::OpenAi, &sse).unwrap();
    assert_eq!(calls_of(&exchange), [(Some("call_1"), "now", "{}")]);
    assert_eq!(exchange.interrupted, None);
}

/// Groq reports a failed generation in the stream (`event: error`, an `error` object): the stream
/// ends there in its words, as openai-python raises it.
#[test]
fn an_error_object_in_a_chat_stream_ends_it_in_the_server_s_words() {
    let mut sse = chat(&[json!({"index": 0, "delta": {"reasoning": "We need", "channel": "analysis"}})], false);
    sse.push_str("event: error\ndata: {\"error\":{\"message\":\"Tool call validation failed\",\"type\":\"invalid_request_error\",\"code\":\"tool_use_failed\",\"status_code\":400}}\n\n");
    let exchange = streamed(Target::OpenAi, &sse).unwrap();
    assert!(exchange.calls.is_empty());
    let interrupted = exchange.interrupted.unwrap();
    assert_eq!(interrupted.reason, "the provider sent an error: invalid_request_error: Tool call validation failed");
    assert_eq!(interrupted.event, 1);
}

/// Programmatic tool calling sends the calls its code makes after the first pre-filled in
/// `message_start`, with no `content_block_start`: they are read as content that streams, as the
/// SDK's accumulator takes them into its message, and a block streamed after them is read too.
#[test]
fn content_pre_filled_in_message_start_is_read_as_content_that_streams() {
    let caller = json!({"type": "code_execution_20260120", "tool_id": "srvtoolu_1"});
    let start = json!({"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant",
        "content": [
            {"type": "text", "text": "Checking."},
            {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"location": "New York, NY"}, "caller": caller},
            {"type": "tool_use", "id": "toolu_2", "name": "now", "input": {}, "caller": caller},
        ],
        "stop_reason": null, "usage": {"input_tokens": 0, "output_tokens": 0}}});
    let delta = json!({"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 0}});
    let sse = anthropic(&[
        start,
        tool_use(3, "toolu_3", "search"),
        input(3, r#"{"query": "rust"}"#),
        stop(3),
        delta,
        json!({"type": "message_stop"}),
    ]);
    let exchange = streamed(Target::Anthropic, &sse).unwrap();
    assert_eq!(
        calls_of(&exchange),
        [
            (Some("toolu_1"), "get_weather", r#"{"location":"New York, NY"}"#),
            (Some("toolu_2"), "now", "{}"),
            (Some("toolu_3"), "search", r#"{"query":"rust"}"#),
        ]
    );
    assert_eq!(exchange.results[0].content, json!("New York, NY: 18 °C, light rain"));
    assert_eq!(exchange.interrupted, None);
    let mut text = String::new();
    let mut stream = CallStream::new(Target::Anthropic, &DispatchOptions::default()).unwrap();
    stream
        .feed(sse.as_bytes(), |streamed| {
            if let Streamed::Text(piece) = streamed {
                text.push_str(piece)
            }
        })
        .unwrap();
    assert_eq!(text, "Checking.");
}

/// A call made by the code execution tool starts with its whole `input` and has no
/// `input_json_delta`: its arguments are that input.
#[test]
fn a_tool_use_whose_start_holds_its_whole_input_has_that_input() {
    let start = json!({"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use",
        "id": "toolu_1", "name": "get_weather", "input": {"location": "Boston"},
        "caller": {"type": "code_execution_20250825", "tool_id": "srvtoolu_1"}}});
    let sse = anthropic(&[start, stop(1), json!({"type": "message_stop"})]);
    let exchange = streamed(Target::Anthropic, &sse).unwrap();
    assert_eq!(calls_of(&exchange), [(Some("toolu_1"), "get_weather", r#"{"location":"Boston"}"#)]);
    assert_eq!(exchange.results[0].content, json!("Boston: 18 °C, light rain"));
}

#[test]
fn malformed_streams_name_the_event_and_what_was_expected() {
    let mut cases: Vec<(Target, String, usize, &str)> = vec![
        (
            Target::OpenAi,
            "data: {\"choices\": [\n\n".to_owned(),
            0,
            "expected a `chat.completion.chunk`: EOF while parsing",
        ),
        (
            Target::OpenAi,
            chat(&[json!({"index": 0, "delta": {"tool_calls": [{"index": "0"}]}})], true),
            0,
            "expected a `chat.completion.chunk`: invalid type: string \"0\", expected u32",
        ),
        (
            Target::OpenAi,
            chat(
                &[json!({"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]}})],
                true,
            ),
            0,
            "/choices/0/delta/tool_calls/0/id: expected a string `id` in a call's first piece",
        ),
        (
            Target::OpenAi,
            chat(&[call_start(0, "c1", "now", ""), call_start(1, "c2", "now", ""), call_piece(0, "{}")], true),
            2,
            "a piece of tool call 0 after tool call 1 began: calls are streamed one after another",
        ),
        (
            Target::OpenAiResponses,
            "event: response.function_call_arguments.delta\ndata: {\"output_index\": 3, \"delta\": \"{\"}\n\n"
                .to_owned(),
            0,
            "/output_index: arguments for output 3, which no `response.output_item.added` began as a `function_call`",
        ),
        (
            Target::Anthropic,
            anthropic(&[
                json!({"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "name": "now"}}),
            ]),
            0,
            "/content_block/id: expected a string `id`",
        ),
        (Target::Anthropic, "data: {\"index\": 0}\n\n".to_owned(), 0, "/type: expected a string `type`"),
        (
            Target::Gemini,
            "data: [1, 2]\n\n".to_owned(),
            0,
            "expected a `GenerateContentResponse`: invalid type: sequence",
        ),
        (
            Target::Gemini,
            "data: {\"candidates\": [{\"content\": {\"parts\": [{\"functionCall\": {\"args\": {}}}]}}]}\n\n".to_owned(),
            0,
            "/candidates/0/content/parts/0/functionCall/name: expected a string `name`",
        ),
        (
            Target::Gemini,
            "data: {\"candidates\": []}\n\ndata: {\"candidates\": {}}\n\n".to_owned(),
            1,
            "expected a `GenerateContentResponse`: invalid type: map, expected a sequence",
        ),
        (
            Target::Gemini,
            gemini(&[
                json!({"name": "f", "willContinue": true, "partialArgs": [{"jsonPath": "$.a[100000000]", "nullValue": null}]}),
            ]),
            0,
            "/candidates/0/content/parts/0/functionCall/partialArgs/0: `jsonPath` \"$.a[100000000]\": item 100000000 of an array of 0: items arrive in order",
        ),
        (
            Target::Gemini,
            gemini(&[
                json!({"name": "f", "willContinue": true, "partialArgs": [{"jsonPath": "$", "stringValue": "x"}]}),
            ]),
            0,
            "`jsonPath` \"$\": expected a path to a member, not the whole arguments",
        ),
        (
            Target::Gemini,
            gemini(&[json!({"name": "a", "willContinue": true}), json!({"name": "b", "args": {"y": 2}})]),
            1,
            "/functionCall/name: a call of `b` began before the call of `a` ended (its last part said `willContinue`)",
        ),
        (
            Target::OpenAi,
            chat(&[call_start(0, "c1", "now", ""), call_start(0, "c2", "now", "{}")], true),
            1,
            "/choices/0/delta/tool_calls/0/id: tool call 0 has the id \"c1\"; this piece names \"c2\"",
        ),
    ];
    let renamed =
        json!({"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"name": "later", "arguments": "{}"}}]}});
    cases.push((
        Target::OpenAi,
        chat(&[call_start(0, "c1", "now", ""), renamed], true),
        1,
        "/choices/0/delta/tool_calls/0/function/name: tool call 0 calls `now`; this piece names `later`",
    ));
    for (target, sse, event, says) in cases {
        let err = streamed(target, &sse).unwrap_err();
        assert_eq!(err.event, Some(event), "{sse}: {err}");
        assert!(err.to_string().contains(says), "{sse}:\n{err}\ndoes not say: {says}");
        assert!(
            err.to_string().starts_with(&format!("cannot handle this {target} stream at event {event}, ")),
            "{err}"
        );
    }
    // Bytes that are not UTF-8 are named too.
    let mut stream = CallStream::new(Target::Gemini, &DispatchOptions::default()).unwrap();
    let err = stream.feed(b"data: {\"a\": \"\xff\"}\n\n", |_| {}).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot handle this gemini stream at event 0, /: the event's data is not UTF-8: invalid utf-8 sequence of 1 bytes from index 7"
    );
}

/// A malformed event ends the stream with an error; every call complete before it runs first,
/// whatever pieces the bytes came in, and none after it starts.
#[test]
fn a_malformed_event_runs_the_calls_before_it_and_none_after() {
    let mut sse = anthropic(&[tool_use(0, "t1", "save"), input(0, r#"{"note": "a"}"#), stop(0)]);
    sse.push_str("event: content_block_start\ndata: nonsense\n\n");
    sse.push_str(&anthropic(&[tool_use(1, "t2", "save"), stop(1)]));
    for size in [1, 7, sse.len()] {
        let ran = Arc::new(AtomicBool::new(false));
        let recorder = Recorder { ran: ran.clone() };
        let mut started = Vec::new();
        let err = block_on(
            recorder
                .dispatch_stream(Target::Anthropic, pieces(&sse, size), DispatchOptions::default())
                .on_event(|event| {
                    if let StreamEvent::Started(call) = event {
                        started.push(call.id.clone().unwrap());
                    }
                })
                .into_future(),
        )
        .unwrap_err();
        assert_eq!(err.event, Some(3), "in pieces of {size}");
        assert!(err.message.starts_with("expected a `content_block_start` event: expected ident"), "{err}");
        assert_eq!(started, ["t1"], "in pieces of {size}");
        assert!(ran.load(Ordering::SeqCst));
    }
}

/// The limit counts the stream's bytes as a whole: the events within it are read, and the error
/// comes at the same event whatever pieces the bytes come in.
#[test]
fn the_size_limit_applies_to_the_stream_as_a_whole() {
    let sse = chat(
        &[
            call_start(0, "c1", "now", ""),
            call_start(1, "c2", "search", r#"{"query": ""#),
            call_piece(1, &"x".repeat(300)),
            call_piece(1, "\"}"),
        ],
        true,
    );
    let options = DispatchOptions::default().max_response_bytes(512);
    for size in [1, 64, sse.len()] {
        let err =
            block_on(Weather.dispatch_stream(Target::OpenAi, pieces(&sse, size), options).into_future()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot handle this openai stream at event 2, /: the stream is longer than its limit of 512 bytes",
            "in pieces of {size}"
        );
    }
    // Within the limit, the same stream is answered.
    let options = DispatchOptions::default().max_response_bytes(sse.len());
    assert!(block_on(Weather.dispatch_stream(Target::OpenAi, pieces(&sse, 64), options).into_future()).is_ok());
}

/// Bytes with no event in them (an HTTP error body passed on as the stream) are shown.
#[test]
fn bytes_with_no_event_are_shown_in_the_interruption() {
    let body = r#"{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}"#;
    let exchange = streamed(Target::Anthropic, body).unwrap();
    assert_eq!(
        exchange.interrupted.unwrap().reason,
        format!(
            "the stream ended before `message_stop`; no server-sent event came in its {} bytes, which begin: {}",
            body.len(),
            body
        )
    );
}

#[test]
fn a_reader_and_parsed_events_are_read_as_bytes_are() {
    let sse = anthropic(&[
        json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
        json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Checking."}}),
        stop(0),
        tool_use(1, "t1", "get_weather"),
        input(1, r#"{"location": "東京", "unit": "fahrenheit"}"#),
        stop(1),
        json!({"type": "message_stop"}),
    ]);
    let bytes = streamed(Target::Anthropic, &sse).unwrap();
    assert_eq!(bytes.results[0].content, json!("東京: 64 °F, light rain"));
    let reader = futures_util::io::Cursor::new(sse.clone().into_bytes());
    let read =
        block_on(Weather.dispatch_read(Target::Anthropic, reader, DispatchOptions::default()).into_future()).unwrap();
    assert_eq!(read, bytes);
    let events: Vec<Result<(String, String), std::io::Error>> = sse
        .split("\n\n")
        .filter(|event| !event.is_empty())
        .map(|event| {
            let (name, data) = event.split_once('\n').unwrap();
            Ok((name.trim_start_matches("event: ").to_owned(), data.trim_start_matches("data: ").to_owned()))
        })
        .collect();
    let parsed = block_on(
        Weather.dispatch_events(Target::Anthropic, stream::iter(events), DispatchOptions::default()).into_future(),
    )
    .unwrap();
    assert_eq!(parsed, bytes);
}

#[test]
fn a_tool_set_parses_the_calls_of_a_stream() {
    let sse = chat(
        &[
            call_start(0, "c1", "delete_nodes", r#"{"nodes": ["a"], "#),
            call_piece(0, r#""deleteChildren": true}"#),
            call_start(1, "c2", "delete_nodes", r#"{"nodes": "a"}"#),
            call_start(2, "c3", "delete_nodes", r#"{"nodes": [""#),
        ],
        false,
    );
    let (calls, interrupted) = NodeOp::parse_stream(Target::OpenAi, sse.as_bytes()).unwrap();
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].0.as_deref(), Some("c1"));
    assert_eq!(
        calls[0].1.as_ref().unwrap(),
        &NodeOp::DeleteNodes(DeleteNodes { nodes: vec!["a".into()], delete_children: true })
    );
    assert!(calls[1].1.as_ref().unwrap_err().to_string().contains("at /nodes: expected an array"));
    assert_eq!(interrupted.unwrap().unfinished[0].id.as_deref(), Some("c3"));
}

#[test]
fn a_call_stream_hands_on_text_and_calls_in_order() {
    let sse = chat(
        &[
            json!({"index": 0, "delta": {"content": "Hi"}}),
            call_start(0, "c1", "now", ""),
            call_start(1, "c2", "search", r#"{"query": "x"}"#),
            finish("tool_calls"),
        ],
        true,
    );
    // Fields some servers send as `null` are read as absent.
    let sse = format!(
        "data: {}\n\n{sse}",
        json!({"error": null, "choices": [{"index": 0, "delta": null, "finish_reason": null}]})
    );
    let mut stream = CallStream::new(Target::OpenAi, &DispatchOptions::default()).unwrap();
    let mut seen = Vec::new();
    for piece in sse.as_bytes().chunks(3) {
        stream
            .feed(piece, |streamed| {
                seen.push(match streamed {
                    Streamed::Text(text) => format!("text {text}"),
                    Streamed::Call(call) => format!("call {}", call.id.unwrap()),
                    other => format!("{other:?}"),
                })
            })
            .unwrap();
    }
    assert_eq!(seen, ["text Hi", "call c1", "call c2"]);
    assert_eq!(stream.finish(), None);
}

#[test]
fn mcp_and_plain_json_schema_have_no_stream() {
    for target in [Target::Mcp, Target::JsonSchema] {
        let err = CallStream::new(target, &DispatchOptions::default()).unwrap_err();
        assert!(err.message.contains("stream") || err.message.contains("no wire format"), "{err}");
    }
}

#[test]
fn a_final_answer_in_a_stream_is_taken_not_run() {
    let sse = chat(
        &[
            call_start(0, "c1", "now", ""),
            call_start(1, "c2", "final_answer", r#"{"answer": "It is "#),
            call_piece(1, r#"nine."}"#),
            finish("tool_calls"),
        ],
        true,
    );
    let options = DispatchOptions::default().final_answer(true);
    let exchange = block_on(Weather.dispatch_stream(Target::OpenAi, pieces(&sse, 9), options).into_future()).unwrap();
    assert_eq!(exchange.final_answer.as_deref(), Some("It is nine."));
    assert_eq!(exchange.results.len(), 1, "the final answer is not run");
    let finished = json!({"choices": [{"message": {"role": "assistant", "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "now", "arguments": ""}},
        {"id": "c2", "type": "function", "function": {"name": "final_answer", "arguments": r#"{"answer": "It is nine."}"#}}]}}]});
    assert_eq!(exchange, block_on(Weather.dispatch_value(Target::OpenAi, &finished, options)).unwrap());
}

/// Counts the calls running at once.
#[derive(Default)]
struct Gauge {
    running: std::sync::atomic::AtomicUsize,
    most: std::sync::atomic::AtomicUsize,
}

#[toolbox]
impl Gauge {
    /// Wait a little.
    #[tool]
    async fn wait(&self) -> usize {
        let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
        for _ in 0..3 {
            toolc_tests::yield_once().await;
        }
        self.running.fetch_sub(1, Ordering::SeqCst)
    }
}

#[test]
fn no_more_than_max_concurrency_calls_run_at_once() {
    let blocks: Vec<Value> =
        (0..5).flat_map(|index| [tool_use(index, &format!("t{index}"), "wait"), stop(index)]).collect();
    let sse = anthropic(&blocks);
    for limit in [1, 2, 8] {
        let gauge = Gauge::default();
        let options = DispatchOptions::default().max_concurrency(limit);
        let exchange =
            block_on(gauge.dispatch_stream(Target::Anthropic, pieces(&sse, 4096), options).into_future()).unwrap();
        assert_eq!(exchange.results.len(), 5);
        assert_eq!(gauge.most.load(Ordering::SeqCst), limit.min(5), "with max_concurrency {limit}");
        let ids: Vec<_> = exchange.results.iter().map(|result| result.id.clone().unwrap()).collect();
        assert_eq!(ids, ["t0", "t1", "t2", "t3", "t4"], "answered in the calls' order");
    }
}

/// A Responses stream whose calls only `response.completed` holds (a server that sends no item
/// events), and added events without an item, as the SDK reads them.
#[test]
fn responses_calls_that_only_the_completed_response_holds_are_answered() {
    let completed = json!({"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "output": [
        {"type": "tool_search_call", "arguments": {"query": "weather"}},
        {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": r#"{"location":"Oslo"}"#},
        {"type": "function_call", "id": "fc_2", "call_id": "call_2", "name": "now", "arguments": "{}"}]}});
    let added = json!({"type": "response.output_item.added", "output_index": 0, "item": null});
    let done = json!({"type": "response.function_call_arguments.done", "output_index": 2, "item_id": "fc_2", "arguments": "{}"});
    let item = json!({"type": "function_call", "id": "fc_2", "call_id": "call_2", "name": "now", "arguments": ""});
    let added_call = json!({"type": "response.output_item.added", "output_index": 2, "item": item});
    let sse: String = [added, added_call, done, completed]
        .iter()
        .map(|event| format!("event: {}\ndata: {event}\n\n", event["type"].as_str().unwrap()))
        .collect();
    let exchange = streamed(Target::OpenAiResponses, &sse).unwrap();
    let ids: Vec<_> = exchange.calls.iter().map(|call| call.id.clone().unwrap()).collect();
    assert_eq!(ids, ["call_2", "call_1"], "call_2 completed first; call_1 at the end");
    assert_eq!(exchange.results[1].content, json!("Oslo: 18 °C, light rain"));
    assert_eq!(exchange.interrupted, None);
}
