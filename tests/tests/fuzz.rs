//! Untrusted input never takes the process down: arbitrary tool names, argument text and provider
//! responses go through `call`, `parse`, `parse_response` and `handle` for every provider, and so do
//! streams (made up, and the fixtures with bytes changed) through `dispatch_stream`; each returns a
//! value or an error — no panic escapes. The roads that must agree do: text and tree,
//! text and object, a combination and its members.
//!
//! The suite runs a fast slice (2,000 cases a property). The long run, whose last result CONTRIBUTING.md
//! records:
//! `TOOLC_FUZZ_CASES=1000000 cargo test --release -p toolc-tests --test suite -- fuzz:: --skip mcp_http_fuzz`

use std::future::IntoFuture;
use std::panic::{AssertUnwindSafe, catch_unwind};

use pollster::block_on;
use proptest::prelude::*;
use serde_json::{Map, Value, json};
use toolc::{
    Arguments, CallContext, Combine, ConfigTool, DispatchOptions, Target, ToolError, ToolSet, Toolbox, toolbox,
};
use toolc_tests::browser::Browser;
use toolc_tests::nodes::{BrowserAction, Node, NodeOp, Position};
use toolc_tests::probe::ScheduleJob;

use crate::support::{streams, weather};

fn cases() -> u32 {
    std::env::var("TOOLC_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
}

/// Names the tools know, near misses, and anything else.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "add",
            "launchBrowser",
            "scroll_page",
            "browser_action",
            "delete_nodes",
            "add_or_replace_nodes"
        ])
        .prop_map(str::to_owned),
        "[a-zA-Z_]{0,12}",
        any::<String>(),
    ]
}

/// JSON values, with keys the tools use so that some calls get far into decoding.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|n| json!(n)),
        ".{0,12}".prop_map(Value::String),
        prop::sample::select(vec!["up", "down", "navigate", "click", "openNewTab", "https://x.test", "end"])
            .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            object(inner).prop_map(Value::Object),
        ]
    })
}

/// Objects of `values`, with keys the tools use and others.
fn object(values: impl Strategy<Value = Value>) -> impl Strategy<Value = Map<String, Value>> {
    let key = prop_oneof![
        prop::sample::select(vec![
            "a",
            "b",
            "url",
            "direction",
            "pixels",
            "action",
            "selector",
            "nodes",
            "target",
            "alias",
            "type",
            "deleteChildren",
            "name",
            "count",
            "enabled",
            "priority",
            "tags",
            "limits",
            "steps",
            "ratio",
        ])
        .prop_map(str::to_owned),
        ".{0,6}",
    ];
    prop::collection::btree_map(key, values, 0..6).prop_map(|map| map.into_iter().collect())
}

/// Arguments that fit one of the browser's tools, some with a field more or a `null`.
fn fitting() -> impl Strategy<Value = Map<String, Value>> {
    let fields = prop_oneof![
        (any::<i64>(), any::<i64>()).prop_map(|(a, b)| json!({"a": a, "b": b})),
        (prop::sample::select(vec!["up", "down", "left"]), prop::option::of(any::<u32>()))
            .prop_map(|(direction, pixels)| json!({"direction": direction, "pixels": pixels})),
        ".{0,12}".prop_map(|url| json!({"url": url})),
        (
            prop_oneof![Just(json!("end")), any::<u32>().prop_map(|n| json!(n))],
            prop::collection::vec(
                (".{0,6}", prop::option::of(prop::sample::select(vec!["alias", "kind", "extra"]))).prop_map(
                    |(alias, more)| {
                        let mut node = json!({"alias": alias, "type": "browser_action"});
                        if let Some(more) = more {
                            node[more] = json!(1);
                        }
                        node
                    }
                ),
                0..3
            )
        )
            .prop_map(|(target, nodes)| json!({"target": target, "nodes": nodes})),
    ];
    (fields, prop::option::of((prop::sample::select(vec!["pixels", "b", "extra"]), json_value()))).prop_map(
        |(fields, more)| {
            let Value::Object(mut fields) = fields else { unreachable!("objects") };
            if let Some((key, value)) = more {
                fields.insert(key.to_owned(), value);
            }
            fields
        },
    )
}

/// Tools whose arguments hold open structs (serde skips a field they do not declare) and an
/// untagged union: decoding must find the fields serde skipped.
struct Workflow;

#[toolbox]
impl Workflow {
    /// Insert nodes.
    ///
    /// # Arguments
    /// * `target` - Where.
    /// * `nodes` - The nodes.
    #[tool]
    fn insert(target: Position, nodes: Vec<Node>) -> String {
        format!("{target:?} {nodes:?}")
    }
}

fn agree(
    name: &str,
    from_text: Result<Value, ToolError>,
    from_object: Result<Value, ToolError>,
) -> Result<(), TestCaseError> {
    match (from_text, from_object) {
        (Ok(text), Ok(object)) => prop_assert_eq!(text, object),
        (Err(text), Err(object)) => prop_assert_eq!(text.to_string(), object.to_string()),
        (text, object) => prop_assert!(false, "{name}: from text {text:?}, from the object {object:?}"),
    }
    Ok(())
}

/// Argument text: JSON, JSON cut or spliced at any point, JSON encoded twice, or any string.
fn arguments() -> impl Strategy<Value = String> {
    prop_oneof![
        json_value().prop_map(|value| value.to_string()),
        (json_value(), any::<prop::sample::Index>(), ".{0,3}").prop_map(|(value, at, insert)| {
            let text = value.to_string();
            let cut = text.char_indices().map(|(i, _)| i).nth(at.index(text.chars().count().max(1))).unwrap_or(0);
            format!("{}{insert}", &text[..cut])
        }),
        json_value().prop_map(|value| Value::String(value.to_string()).to_string()),
        any::<String>(),
    ]
}

fn call_entry(target: Target, id: Value, name: String, arguments: String, as_object: bool) -> Value {
    let args: Value = if as_object {
        serde_json::from_str(&arguments).unwrap_or(Value::String(arguments))
    } else {
        Value::String(arguments)
    };
    match target {
        Target::OpenAi => json!({"id": id, "type": "function", "function": {"name": name, "arguments": args}}),
        Target::OpenAiResponses => json!({"type": "function_call", "call_id": id, "name": name, "arguments": args}),
        Target::Anthropic => json!({"type": "tool_use", "id": id, "name": name, "input": args}),
        Target::Gemini => json!({"functionCall": {"id": id, "name": name, "args": args}}),
        Target::Bedrock => json!({"toolUse": {"toolUseId": id, "name": name, "input": args}}),
        _ => json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": name, "arguments": args}}),
    }
}

/// Responses of the provider's shape with random calls in them, or any JSON at all.
fn response(target: Target) -> impl Strategy<Value = Value> {
    let entry = (prop_oneof![json_value(), ".{0,8}".prop_map(|s| json!(s))], name(), arguments(), any::<bool>())
        .prop_map(move |(id, name, arguments, as_object)| call_entry(target, id, name, arguments, as_object));
    let shaped = (prop::collection::vec(prop_oneof![3 => entry, 1 => json_value()], 0..5), json_value(), any::<bool>())
        .prop_map(move |(entries, noise, bare)| match (target, bare) {
            (Target::OpenAi, false) => {
                json!({"choices": [{"message": {"role": "assistant", "tool_calls": entries, "content": noise}}]})
            }
            (Target::OpenAi, true) => json!({"role": "assistant", "tool_calls": entries, "content": noise}),
            (Target::OpenAiResponses, false) => json!({"output": entries, "usage": noise}),
            (Target::OpenAiResponses, true) => Value::Array(entries),
            (Target::Anthropic, _) => json!({"role": "assistant", "content": entries, "usage": noise}),
            (Target::Gemini, false) => json!({"candidates": [{"content": {"role": "model", "parts": entries}}]}),
            (Target::Gemini, true) => json!({"role": "model", "parts": entries}),
            (Target::Bedrock, _) => {
                json!({"output": {"message": {"role": "assistant", "content": entries}}, "stopReason": noise})
            }
            _ => entries.into_iter().next().unwrap_or(noise),
        });
    prop_oneof![4 => shaped, 1 => json_value()]
}

/// One streamed event of `target`'s, its fields made up around the shapes the readers look into.
fn stream_event(target: Target) -> impl Strategy<Value = (String, Value)> {
    let piece = prop_oneof![".{0,6}".prop_map(|s| json!(s)), json_value()];
    let index = prop_oneof![0u32..3, any::<u32>()].prop_map(|n| json!(n));
    let shaped = (piece.clone(), piece, index, name(), 0..6usize).prop_map(move |(a, b, index, name, kind)| {
        let data = match (target, kind) {
            (Target::OpenAi, 0) => json!({"choices": [{"index": 0, "delta": {"content": a}}]}),
            (Target::OpenAi, 1) => json!({"choices": [{"index": 0, "delta": {"tool_calls": [
                {"index": index, "id": b, "function": {"name": name, "arguments": a}}]}}]}),
            (Target::OpenAi, 2) => json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": index, "function": {"arguments": a}}]}}]}),
            (Target::OpenAi, _) => json!({"choices": [{"index": 0, "delta": {}, "finish_reason": a}], "error": b}),
            (Target::OpenAiResponses, 0) => json!({"type": "response.output_item.added", "output_index": index,
                "item": {"type": "function_call", "call_id": b, "name": name, "arguments": a}}),
            (Target::OpenAiResponses, 1) => json!({"type": "response.function_call_arguments.delta", "output_index": index, "delta": a}),
            (Target::OpenAiResponses, 2) => json!({"type": "response.function_call_arguments.done", "output_index": index, "arguments": a}),
            (Target::OpenAiResponses, 3) => json!({"type": "response.output_item.done", "output_index": index, "item": {"type": "function_call", "call_id": b, "name": name, "arguments": a}}),
            (Target::OpenAiResponses, _) => json!({"type": a, "response": {"error": b}, "delta": b}),
            (Target::Anthropic, 0) => json!({"type": "content_block_start", "index": index,
                "content_block": {"type": "tool_use", "id": b, "name": name, "input": a}}),
            (Target::Anthropic, 1) => json!({"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": a}}),
            (Target::Anthropic, 2) => json!({"type": "content_block_stop", "index": index}),
            (Target::Anthropic, _) => json!({"type": a, "error": b, "delta": {"type": "text_delta", "text": a}}),
            (_, 0) => json!({"candidates": [{"content": {"parts": [{"functionCall": {"name": name, "args": a, "id": b}}]}}]}),
            (_, 1) => json!({"candidates": [{"content": {"parts": [{"functionCall": {"name": name, "willContinue": true}}]}}]}),
            (_, 2) => json!({"candidates": [{"content": {"parts": [{"functionCall": {"partialArgs": [{"jsonPath": a, "stringValue": b, "willContinue": true}], "willContinue": index}}]}}]}),
            (_, 3) => json!({"candidates": [{"content": {"parts": [{"functionCall": {"partialArgs": [{"jsonPath": "$.x[2]", "numberValue": a}]}}]}}]}),
            (_, _) => json!({"candidates": [{"content": {"parts": [{"text": a, "functionCall": {}}]}, "finishReason": b}], "error": b}),
        };
        let name = data.get("type").and_then(Value::as_str).unwrap_or_default().to_owned();
        (name, data)
    });
    prop_oneof![6 => shaped, 1 => json_value().prop_map(|data| (String::new(), data))]
}

fn dispatch_stream<T: toolc::Toolbox>(
    toolbox: &T,
    target: Target,
    pieces: Vec<Vec<u8>>,
) -> Result<toolc::Exchange, toolc::DispatchError> {
    let source = futures_util::stream::iter(pieces.into_iter().map(Ok::<_, std::io::Error>));
    block_on(toolbox.dispatch_stream(target, source, DispatchOptions::default().max_concurrency(2)).into_future())
}

/// The first four have server-sent event streams of their own shape (`stream_event`).
const TARGETS: [Target; 6] =
    [Target::OpenAi, Target::OpenAiResponses, Target::Anthropic, Target::Gemini, Target::Mcp, Target::Bedrock];

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(toolc_tests::PROPTEST_SEED), ..ProptestConfig::default() })]

    #[test]
    fn call_never_panics(name in name(), arguments in arguments()) {
        let outcome = catch_unwind(AssertUnwindSafe(|| block_on(Browser::default().call(&name, &arguments))));
        prop_assert!(outcome.is_ok(), "call({name:?}, {arguments:?}) panicked");
    }

    #[test]
    fn parse_never_panics(name in name(), arguments in arguments()) {
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let _ = NodeOp::parse(&name, &arguments);
            let _ = BrowserAction::parse(&arguments);
            let _ = ScheduleJob::parse(&arguments);
        }));
        prop_assert!(outcome.is_ok(), "parse({name:?}, {arguments:?}) panicked");
    }

    #[test]
    fn handle_never_panics((target, response) in (0..TARGETS.len()).prop_flat_map(|i| (Just(TARGETS[i]), response(TARGETS[i])))) {
        let text = response.to_string();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let options = DispatchOptions::default().max_concurrency(3);
            let exchange = block_on(Browser::default().dispatch(target, &text, options));
            let _ = NodeOp::parse_response(target, &response);
            exchange
        }));
        prop_assert!(outcome.is_ok(), "handle({target}, {text}) panicked");
        if let Ok(Ok(exchange)) = outcome {
            prop_assert_eq!(exchange.results.len(), exchange.calls.len(), "every call answered");
        }
    }

    /// `dispatch` reads the calls straight from the response text; `dispatch_value` from the parsed
    /// tree. Both must answer every response alike.
    #[test]
    fn reading_text_and_tree_agree((target, response) in (0..4usize).prop_flat_map(|i| (Just(TARGETS[i]), response(TARGETS[i])))) {
        let text = response.to_string();
        // A browser each: `launchBrowser` opens a tab, and the next launch answers with the next tab.
        let from_text = block_on(Browser::default().dispatch(target, &text, DispatchOptions::default()));
        let from_tree = block_on(Browser::default().dispatch_value(target, &response, DispatchOptions::default()));
        match (from_text, from_tree) {
            (Ok(text), Ok(tree)) => {
                prop_assert_eq!(&text.reply, &tree.reply);
                prop_assert_eq!(&text.results, &tree.results);
                prop_assert_eq!(text.calls.len(), tree.calls.len());
                for (a, b) in text.calls.iter().zip(&tree.calls) {
                    prop_assert_eq!((&a.id, &a.name), (&b.id, &b.name));
                    let same = a.arguments == b.arguments
                        || serde_json::from_str::<Value>(&a.arguments).ok() == serde_json::from_str::<Value>(&b.arguments).ok();
                    prop_assert!(same, "arguments {:?} vs {:?}", a.arguments, b.arguments);
                }
            }
            (Err(text), Err(tree)) => prop_assert_eq!(text.to_string(), tree.to_string()),
            (text, tree) => prop_assert!(false, "{target}: from text {text:?}, from the tree {tree:?}"),
        }
    }

    /// An MCP server hands a toolbox the arguments as the object it parsed; the answer must be the
    /// one the object's text gets.
    #[test]
    fn arguments_as_text_and_as_object_agree(
        name in prop_oneof![name(), Just("insert".to_owned())],
        arguments in prop_oneof![object(json_value()), fitting()],
    ) {
        let text = Value::Object(arguments.clone()).to_string();
        let object = Arguments::Object(&arguments);
        // A browser each, as `launchBrowser` answers with the number of tabs it has opened.
        let (from_text, from_object) = (Browser::default(), Browser::default());
        agree(&name, block_on(from_text.call(&name, &text)), block_on(from_object.call_arguments(&name, object, CallContext::detached())).map(|output| output.json))?;
        agree(&name, block_on(Workflow.call(&name, &text)), block_on(Workflow.call_arguments(&name, object, CallContext::detached())).map(|output| output.json))?;
    }

    /// A combination runs each call in the member that lists the tool, so it answers as that member
    /// does; a name no member lists is an unknown tool, with every member's tools listed.
    #[test]
    fn a_combination_answers_each_call_as_its_member_does(
        name in prop_oneof![name(), Just("insert".to_owned())],
        arguments in arguments(),
    ) {
        let all = (Browser::default(), Workflow).combine().unwrap();
        let combined = block_on(all.call(&name, &arguments));
        let lists = |tools: &[toolc::ToolDef]| tools.iter().any(|tool| tool.name == name);
        if lists(Browser::default().tools()) {
            agree(&name, block_on(Browser::default().call(&name, &arguments)), combined)?;
        } else if lists(Workflow.tools()) {
            agree(&name, block_on(Workflow.call(&name, &arguments)), combined)?;
        } else {
            let listed = matches!(&combined, Err(ToolError::UnknownTool { available, .. }) if available.len() == 4);
            prop_assert!(listed, "{name}: {combined:?}");
        }
    }

    #[test]
    fn handle_never_panics_on_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256), target_index in 0..TARGETS.len()) {
        let outcome = catch_unwind(AssertUnwindSafe(|| block_on(Browser::default().handle(TARGETS[target_index], &bytes))));
        prop_assert!(outcome.is_ok(), "handle on {bytes:?} panicked");
    }

    #[test]
    fn streams_never_panic(
        (target, events) in (0..4usize).prop_flat_map(|i| (Just(TARGETS[i]), prop::collection::vec(stream_event(TARGETS[i]), 0..12))),
        cuts in prop::collection::vec(any::<usize>(), 0..8),
    ) {
        let sse: String = events.iter().map(|(name, data)| match name.as_str() {
            "" => format!("data: {data}\n\n"),
            name => format!("event: {name}\ndata: {data}\n\n"),
        }).collect();
        let outcome = catch_unwind(AssertUnwindSafe(|| dispatch_stream(&Browser::default(), target, streams::cut(sse.as_bytes(), &cuts))));
        prop_assert!(outcome.is_ok(), "dispatch_stream({target}, {sse}) panicked");
        if let Ok(Ok(exchange)) = outcome {
            prop_assert_eq!(exchange.results.len(), exchange.calls.len(), "every complete call answered");
        }
    }

    /// The fixtures with bytes changed, taken out or put in.
    #[test]
    fn changed_fixtures_never_panic(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0..3u8), 1..6),
        cuts in prop::collection::vec(any::<usize>(), 0..8),
    ) {
        let fixtures = streams::fixtures();
        let (target, path, mut bytes) = fixtures[which.index(fixtures.len())].clone();
        for (at, byte, how) in edits {
            let at = at.index(bytes.len().max(1)).min(bytes.len());
            match how {
                0 if at < bytes.len() => bytes[at] = byte,
                1 if at < bytes.len() => drop(bytes.drain(at..(at + usize::from(byte)).min(bytes.len()))),
                _ => bytes.insert(at, byte),
            }
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| dispatch_stream(&weather::Weather, target, streams::cut(&bytes, &cuts))));
        prop_assert!(outcome.is_ok(), "dispatch_stream on {} changed panicked", path.display());
    }
}
