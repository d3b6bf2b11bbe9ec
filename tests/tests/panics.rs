//! A tool that panics never takes its caller down: every entry point that runs user code — the tool
//! itself, a hand-written `Deserialize` of its arguments, a `Serialize` of its output — answers the
//! panic as `ToolError::Panicked` naming the tool and the panic's message, and the next call works.

use std::sync::Arc;

use pollster::block_on;
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Value, json};
use toolc::{
    Arguments, CallContext, ConfigTool, DispatchOptions, FnTool, Target, ToolError, ToolList, ToolOutput, ToolSet,
    Toolbox, tool, toolbox,
};
use toolc_tests::yield_once;

/// A number whose decoding panics on 13: a hand-written `Deserialize` with a bug.
#[derive(Debug, JsonSchema)]
#[schemars(transparent)]
pub struct Unlucky(pub i64);

impl<'de> Deserialize<'de> for Unlucky {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let n = i64::deserialize(deserializer)?;
        assert_ne!(n, 13, "unlucky number");
        Ok(Unlucky(n))
    }
}

/// An output whose encoding panics: a hand-written `Serialize` with a bug.
#[derive(JsonSchema)]
pub struct Broken;

impl Serialize for Broken {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        panic!("cannot encode Broken")
    }
}

/// The lab's tools, some of which panic.
pub struct Lab;

#[toolbox]
impl Lab {
    /// Panics at once.
    #[tool]
    pub fn explode(&self) -> String {
        panic!("boom")
    }

    /// Panics after giving way once.
    #[tool]
    pub async fn explode_later(&self) -> String {
        yield_once().await;
        panic!("{} later", "boom")
    }

    /// Decodes its argument, which may panic.
    ///
    /// # Arguments
    /// * `n` - A number.
    #[tool]
    pub fn count(n: Unlucky) -> i64 {
        n.0
    }

    /// Returns an output whose encoding panics.
    #[tool]
    pub fn broken() -> Broken {
        Broken
    }

    /// Add two numbers.
    #[tool]
    pub async fn add(a: i64, b: i64) -> i64 {
        yield_once().await;
        a + b
    }
}

/// Panics at once.
#[tool]
fn explode_alone() -> String {
    panic!("alone")
}

/// Panics after giving way once.
#[tool]
async fn explode_alone_later() -> String {
    yield_once().await;
    panic!("alone later")
}

/// Decodes its argument, which may panic.
///
/// # Arguments
/// * `n` - A number.
#[tool]
fn count_alone(n: Unlucky) -> i64 {
    n.0
}

/// A config struct whose field decoding may panic.
#[tool]
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Ticket {
    /// The seat number.
    pub seat: Unlucky,
}

/// Typed parsing over the config-struct tools.
#[toolbox]
#[derive(Debug)]
pub enum Booking {
    Ticket(Ticket),
}

fn panicked(tool: &str, message: &str) -> ToolError {
    ToolError::Panicked { tool: tool.to_owned().into(), message: message.to_owned() }
}

#[test]
fn toolbox_call_answers_a_panic_and_the_next_call_works() {
    let cases = [
        ("explode", "{}", "boom"),
        ("explode_later", "{}", "boom later"),
        ("count", r#"{"n": 13}"#, "assertion `left != right` failed: unlucky number\n  left: 13\n right: 13"),
        ("broken", "{}", "cannot encode Broken"),
    ];
    for (name, arguments, message) in cases {
        assert_eq!(block_on(Lab.call(name, arguments)), Err(panicked(name, message)), "{name}");
        assert_eq!(block_on(Lab.call("add", r#"{"a": 2, "b": 3}"#)), Ok(json!(5)), "after {name}");
    }
    let err = block_on(Lab.call("explode", "{}")).unwrap_err();
    assert_eq!(err.to_string(), "tool `explode` panicked: boom");
    assert_eq!(block_on(Lab.call("count", r#"{"n": 12}"#)), Ok(json!(12)));
}

#[test]
fn fn_tool_call_answers_a_panic() {
    assert_eq!(block_on(ExplodeAloneTool::call("{}")), Err(panicked("explode_alone", "alone")));
    assert_eq!(block_on(ExplodeAloneLaterTool::call("{}")), Err(panicked("explode_alone_later", "alone later")));
    let err = block_on(CountAloneTool::call(r#"{"n": 13}"#)).unwrap_err();
    assert!(
        matches!(&err, ToolError::Panicked { tool, message } if tool == "count_alone" && message.contains("unlucky number")),
        "{err:?}"
    );
    assert_eq!(block_on(CountAloneTool::call(r#"{"n": 1}"#)), Ok(json!(1)));
}

#[test]
fn parsing_a_config_struct_answers_a_panic() {
    let err = Ticket::parse(r#"{"seat": 13}"#).unwrap_err();
    assert!(
        matches!(&err, ToolError::Panicked { tool, message } if tool == "ticket" && message.contains("unlucky number")),
        "{err:?}"
    );
    assert_eq!(Ticket::parse(r#"{"seat": 12}"#).unwrap().seat.0, 12);

    let err = Booking::parse("ticket", r#"{"seat": 13}"#).unwrap_err();
    assert!(matches!(err, ToolError::Panicked { .. }), "{err:?}");
    let response = json!({"role": "assistant", "content": [
        {"type": "tool_use", "id": "t1", "name": "ticket", "input": {"seat": 13}},
        {"type": "tool_use", "id": "t2", "name": "ticket", "input": {"seat": 14}},
    ]});
    let parsed = Booking::parse_response(Target::Anthropic, &response).unwrap();
    assert!(matches!(&parsed[0], (Some(id), Err(ToolError::Panicked { .. })) if id == "t1"), "{parsed:?}");
    assert!(matches!(&parsed[1], (_, Ok(Booking::Ticket(ticket))) if ticket.seat.0 == 14), "{parsed:?}");
}

/// A response of `target` with a panicking call between two good ones.
fn response(target: Target) -> Value {
    let calls = [
        ("c1", "add", json!({"a": 1, "b": 2})),
        ("c2", "explode_later", json!({})),
        ("c3", "add", json!({"a": 3, "b": 4})),
    ];
    let entries: Vec<Value> = calls
        .iter()
        .map(|(id, name, args)| match target {
            Target::OpenAi => {
                json!({"id": id, "type": "function", "function": {"name": name, "arguments": args.to_string()}})
            }
            Target::OpenAiResponses => {
                json!({"type": "function_call", "call_id": id, "name": name, "arguments": args.to_string()})
            }
            Target::Anthropic => json!({"type": "tool_use", "id": id, "name": name, "input": args}),
            Target::Bedrock => json!({"toolUse": {"toolUseId": id, "name": name, "input": args}}),
            _ => json!({"functionCall": {"id": id, "name": name, "args": args}}),
        })
        .collect();
    match target {
        Target::Bedrock => json!({"output": {"message": {"role": "assistant", "content": entries}}}),
        Target::OpenAi => json!({"role": "assistant", "tool_calls": entries}),
        Target::OpenAiResponses => json!({"output": entries}),
        Target::Anthropic => json!({"role": "assistant", "content": entries}),
        _ => json!({"role": "model", "parts": entries}),
    }
}

#[test]
fn handle_and_dispatch_answer_a_panic_among_good_calls() {
    for target in [Target::OpenAi, Target::OpenAiResponses, Target::Anthropic, Target::Gemini, Target::Bedrock] {
        let response = response(target);
        let exchange = block_on(Lab.dispatch(target, response.to_string(), DispatchOptions::default())).unwrap();
        let from_tree = block_on(Lab.dispatch_value(target, &response, DispatchOptions::default())).unwrap();
        assert_eq!(exchange.results, from_tree.results, "{target}");
        let texts: Vec<_> = exchange.results.iter().map(|result| (result.is_error, result.text())).collect();
        assert_eq!(
            texts,
            [
                (false, "3".to_owned()),
                (true, "tool `explode_later` panicked: boom later".to_owned()),
                (false, "7".to_owned())
            ],
            "{target}"
        );
        let reply = block_on(Lab.handle(target, response.to_string())).unwrap();
        assert!(reply.to_string().contains("panicked: boom later"), "{target}: {reply}");
    }
}

#[test]
fn an_mcp_call_that_panics_is_an_error_result() {
    let request =
        json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "explode", "arguments": {}}});
    let reply = block_on(Lab.handle(Target::Mcp, request.to_string())).unwrap();
    assert_eq!(reply["id"], 7);
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    assert_eq!(reply["result"]["content"][0]["text"], "tool `explode` panicked: boom");
}

/// A toolbox written by hand, whose call does not catch its own panics: dispatch does.
struct ByHand;

impl Toolbox for ByHand {
    fn tool_list(&self) -> &ToolList {
        Lab.tool_list()
    }

    async fn call_arguments(&self, name: &str, _: Arguments<'_>, _: &CallContext) -> Result<ToolOutput, ToolError> {
        yield_once().await;
        panic!("by hand: {name}")
    }
}

#[test]
fn dispatch_answers_a_panic_of_a_hand_written_toolbox() {
    let exchange = block_on(ByHand.dispatch(
        Target::Anthropic,
        response(Target::Anthropic).to_string(),
        DispatchOptions::default(),
    ))
    .unwrap();
    let texts: Vec<_> = exchange.results.iter().map(|result| result.text()).collect();
    assert_eq!(
        texts,
        [
            "tool `add` panicked: by hand: add",
            "tool `explode_later` panicked: by hand: explode_later",
            "tool `add` panicked: by hand: add"
        ]
    );
}

#[test]
fn panics_on_a_multi_threaded_runtime_stay_in_their_call() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(4).build().unwrap();
    runtime.block_on(calls_from_many_threads());
}

async fn calls_from_many_threads() {
    let lab = Arc::new(Lab);
    let mut tasks = Vec::new();
    for i in 0..64_i64 {
        let lab = Arc::clone(&lab);
        tasks.push(tokio::spawn(async move {
            match i % 4 {
                0 => (lab.call("explode_later", "{}").await, Err(panicked("explode_later", "boom later"))),
                1 => (ExplodeAloneLaterTool::call("{}").await, Err(panicked("explode_alone_later", "alone later"))),
                2 => {
                    let reply = lab.handle(Target::OpenAi, response(Target::OpenAi).to_string()).await.unwrap();
                    (Ok(json!(reply[1]["content"])), Ok(json!("tool `explode_later` panicked: boom later")))
                }
                _ => (lab.call("add", &format!(r#"{{"a": {i}, "b": 1}}"#)).await, Ok(json!(i + 1))),
            }
        }));
    }
    for (i, task) in tasks.into_iter().enumerate() {
        let (got, want) = task.await.expect("no panic leaves a call");
        assert_eq!(got, want, "task {i}");
    }
}
