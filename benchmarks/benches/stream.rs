//! A streamed response through to its reply: toolc's `dispatch_stream` (each event read for the
//! fields it needs, each call run as its arguments complete) against the floor of what a careful
//! user writes — every event parsed into a `serde_json::Value`, the calls put together by hand, and
//! `dispatch_value` on the finished response. Same chunks (256 bytes, as reads off a socket), same
//! executor, one run.

use std::future::IntoFuture;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use futures_util::stream;
use serde_json::{Map, Value, json};
use toolc::{DispatchOptions, Exchange, Target, Toolbox};
use toolc_benchmarks::{Bench, streams};

const PIECE: usize = 256;

/// Splits the chunks into events and hands on each event's data (one `data:` line an event, as the
/// providers send them), the way a short hand-written reader does.
fn each_data(chunks: &[&[u8]], mut on: impl FnMut(&str)) {
    let mut buffer: Vec<u8> = Vec::new();
    for chunk in chunks {
        buffer.extend_from_slice(chunk);
        let mut start = 0;
        while let Some(found) = buffer[start..].windows(2).position(|pair| pair == b"\n\n" || pair == b"\n\r") {
            let end = start + found;
            let event = std::str::from_utf8(&buffer[start..end]).unwrap();
            for line in event.lines() {
                if let Some(data) = line.strip_prefix("data: ") {
                    on(data);
                }
            }
            start = end + if buffer[end + 1] == b'\r' { 3 } else { 2 };
        }
        buffer.drain(..start);
    }
}

/// The finished chat completion, put together from its chunks.
fn openai_chat_by_hand(chunks: &[&[u8]]) -> Value {
    let mut text = String::new();
    let mut calls: Vec<Value> = Vec::new();
    each_data(chunks, |data| {
        if data == "[DONE]" {
            return;
        }
        let chunk: Value = serde_json::from_str(data).unwrap();
        let delta = &chunk["choices"][0]["delta"];
        if let Some(piece) = delta["content"].as_str() {
            text.push_str(piece);
        }
        for piece in delta["tool_calls"].as_array().into_iter().flatten() {
            let index = piece["index"].as_u64().unwrap() as usize;
            if index == calls.len() {
                calls.push(json!({"id": piece["id"], "type": "function",
                    "function": {"name": piece["function"]["name"], "arguments": ""}}));
            }
            if let Some(more) = piece["function"]["arguments"].as_str() {
                let arguments = calls[index]["function"]["arguments"].as_str().unwrap().to_owned() + more;
                calls[index]["function"]["arguments"] = json!(arguments);
            }
        }
    });
    json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": text, "tool_calls": calls}}]})
}

/// The finished Responses output, put together from its events.
fn openai_responses_by_hand(chunks: &[&[u8]]) -> Value {
    let mut items: Vec<Value> = Vec::new();
    each_data(chunks, |data| {
        let event: Value = serde_json::from_str(data).unwrap();
        match event["type"].as_str().unwrap() {
            "response.output_item.added" if event["item"]["type"] == "function_call" => {
                items.push(event["item"].clone())
            }
            "response.function_call_arguments.done" => {
                let item = items.last_mut().unwrap();
                item["arguments"] = event["arguments"].clone();
            }
            _ => {}
        }
    });
    json!({"output": items})
}

/// The finished message, put together from its events.
fn anthropic_by_hand(chunks: &[&[u8]]) -> Value {
    let mut blocks: Vec<(Value, String)> = Vec::new();
    each_data(chunks, |data| {
        let event: Value = serde_json::from_str(data).unwrap();
        match event["type"].as_str().unwrap() {
            "content_block_start" => blocks.push((event["content_block"].clone(), String::new())),
            "content_block_delta" => {
                let (block, json) = blocks.last_mut().unwrap();
                match event["delta"]["type"].as_str().unwrap() {
                    "text_delta" => {
                        let text =
                            block["text"].as_str().unwrap().to_owned() + event["delta"]["text"].as_str().unwrap();
                        block["text"] = json!(text);
                    }
                    "input_json_delta" => json.push_str(event["delta"]["partial_json"].as_str().unwrap()),
                    _ => {}
                }
            }
            _ => {}
        }
    });
    let content: Vec<Value> = blocks
        .into_iter()
        .map(|(mut block, json)| {
            if !json.is_empty() {
                block["input"] = serde_json::from_str(&json).unwrap();
            }
            block
        })
        .collect();
    json!({"role": "assistant", "content": content})
}

/// The finished response, its chunks' parts put together.
fn gemini_by_hand(chunks: &[&[u8]]) -> Value {
    let mut parts: Vec<Value> = Vec::new();
    each_data(chunks, |data| {
        let mut chunk: Value = serde_json::from_str(data).unwrap();
        if let Value::Array(more) = chunk["candidates"][0]["content"]["parts"].take() {
            parts.extend(more);
        }
    });
    json!({"candidates": [{"content": {"role": "model", "parts": parts}}]})
}

fn floor(target: Target, chunks: &[&[u8]]) -> Exchange {
    let finished = match target {
        Target::OpenAi => openai_chat_by_hand(chunks),
        Target::OpenAiResponses => openai_responses_by_hand(chunks),
        Target::Anthropic => anthropic_by_hand(chunks),
        _ => gemini_by_hand(chunks),
    };
    pollster::block_on(Bench.dispatch_value(target, &finished, DispatchOptions::default())).unwrap()
}

fn toolc(target: Target, chunks: &[&[u8]]) -> Exchange {
    let source = stream::iter(chunks.iter().map(Ok::<_, std::io::Error>));
    pollster::block_on(Bench.dispatch_stream(target, source, DispatchOptions::default()).into_future()).unwrap()
}

/// Calls compared by id, name and arguments as JSON (a hand-built finished response writes its
/// objects again; the stream keeps the model's text).
fn same(a: &Exchange, b: &Exchange) {
    let calls = |exchange: &Exchange| -> Vec<(Option<String>, String, Value)> {
        let arguments =
            |text: &str| if text.is_empty() { Value::Object(Map::new()) } else { serde_json::from_str(text).unwrap() };
        exchange.calls.iter().map(|call| (call.id.clone(), call.name.clone(), arguments(&call.arguments))).collect()
    };
    assert_eq!(calls(a), calls(b));
    assert_eq!(a.results, b.results);
    assert_eq!(a.reply, b.reply);
    assert_eq!(a.interrupted, None);
}

fn stream_bench(c: &mut Criterion) {
    let providers = [
        (Target::OpenAi, streams::openai_chat()),
        (Target::OpenAiResponses, streams::openai_responses()),
        (Target::Anthropic, streams::anthropic()),
        (Target::Gemini, streams::gemini()),
    ];
    for (target, sse) in &providers {
        let chunks: Vec<&[u8]> = sse.as_bytes().chunks(PIECE).collect();
        let events = sse.matches("data: ").count();
        // The two ways agree before they are timed.
        same(&floor(*target, &chunks), &toolc(*target, &chunks));
        assert_eq!(toolc(*target, &chunks).calls.len(), 3);
        let mut group = c.benchmark_group(format!("stream/{target}, {events} events, {} bytes, 3 calls", sse.len()));
        group.bench_function("floor: Value per event, calls by hand, dispatch_value", |b| {
            b.iter(|| black_box(floor(*target, black_box(&chunks))))
        });
        group.bench_function("toolc: dispatch_stream", |b| b.iter(|| black_box(toolc(*target, black_box(&chunks)))));
        group.finish();
    }
}

criterion_group!(benches, stream_bench);
criterion_main!(benches);
