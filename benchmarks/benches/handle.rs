//! `Toolbox::handle` on provider responses with three tool calls, compared in one run with the
//! floor: the same response parsed and its three calls made and answered by hand.

use criterion::{Criterion, criterion_group, criterion_main};
use serde::Deserialize;
use serde_json::{Value, json};
use std::hint::black_box;
use toolc::{Target, Toolbox};
use toolc_benchmarks::{Bench, SearchArgs, anthropic_message, openai_completion, search_work};

fn search(args: &SearchArgs) -> Value {
    json!(search_work(&args.query, args.num_results, args.offset))
}

/// By hand: the message parsed, each `tool_use` input decoded in place, the user message built.
fn anthropic_by_hand(bytes: &[u8]) -> Value {
    let message: Value = serde_json::from_slice(bytes).unwrap();
    let mut blocks = Vec::new();
    for block in message["content"].as_array().unwrap() {
        if block["type"] != "tool_use" {
            continue;
        }
        let output = match block["name"].as_str().unwrap() {
            "search" => search(&SearchArgs::deserialize(&block["input"]).unwrap()),
            other => panic!("no tool {other}"),
        };
        blocks.push(json!({"type": "tool_result", "tool_use_id": block["id"], "content": output.to_string()}));
    }
    json!({"role": "user", "content": blocks})
}

/// By hand: the completion parsed, each call's argument text decoded, the tool messages built.
fn openai_by_hand(bytes: &[u8]) -> Value {
    let completion: Value = serde_json::from_slice(bytes).unwrap();
    let mut messages = Vec::new();
    for call in completion["choices"][0]["message"]["tool_calls"].as_array().unwrap() {
        let function = &call["function"];
        let output = match function["name"].as_str().unwrap() {
            "search" => search(&serde_json::from_str(function["arguments"].as_str().unwrap()).unwrap()),
            other => panic!("no tool {other}"),
        };
        messages.push(json!({"role": "tool", "tool_call_id": call["id"], "content": output.to_string()}));
    }
    Value::Array(messages)
}

fn handle(c: &mut Criterion) {
    let anthropic = anthropic_message();
    let openai = openai_completion();
    // The two ways agree before they are timed.
    assert_eq!(anthropic_by_hand(&anthropic), pollster::block_on(Bench.handle(Target::Anthropic, &anthropic)).unwrap());
    assert_eq!(openai_by_hand(&openai), pollster::block_on(Bench.handle(Target::OpenAi, &openai)).unwrap());

    let mut group = c.benchmark_group("handle/anthropic, 3 calls");
    group.bench_function("floor: parse + 3 calls by hand", |b| {
        b.iter(|| black_box(anthropic_by_hand(black_box(&anthropic))))
    });
    group.bench_function("toolc: Toolbox::handle", |b| {
        b.iter(|| black_box(pollster::block_on(Bench.handle(Target::Anthropic, black_box(&anthropic))).unwrap()))
    });
    group.finish();

    let mut group = c.benchmark_group("handle/openai, 3 calls");
    group
        .bench_function("floor: parse + 3 calls by hand", |b| b.iter(|| black_box(openai_by_hand(black_box(&openai)))));
    group.bench_function("toolc: Toolbox::handle", |b| {
        b.iter(|| black_box(pollster::block_on(Bench.handle(Target::OpenAi, black_box(&openai))).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, handle);
criterion_main!(benches);
