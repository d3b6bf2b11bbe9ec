//! `Toolbox::handle` on each provider's wire format, from fixtures written from the providers'
//! documented response shapes (`fixtures/responses/`): ids carried, order kept, every call
//! answered, text parts ignored, errors in each provider's own form.

use std::sync::atomic::{AtomicUsize, Ordering};

use pollster::block_on;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolc::{ConfigTool, DispatchOptions, FinalAnswer, Target, ToolSet, Toolbox, toolbox};
use toolc_tests::yield_once;

/// A toolbox of this test only.
#[derive(Default)]
pub struct Lab {
    running: AtomicUsize,
    most_at_once: AtomicUsize,
}

/// A greeting.
#[derive(Serialize, JsonSchema)]
pub struct Greeting {
    /// The text.
    pub text: String,
}

#[toolbox]
impl Lab {
    /// Add two numbers.
    #[tool]
    pub fn add(a: i64, b: i64) -> i64 {
        a + b
    }

    /// Greet someone.
    #[tool]
    pub fn greet(name: String) -> Greeting {
        Greeting { text: format!("Hello, {name}!") }
    }

    /// Say a plain sentence.
    #[tool]
    pub fn say(text: String) -> String {
        text
    }

    /// Crash on purpose.
    #[tool]
    pub fn crash() -> String {
        panic!("the crash tool always panics")
    }

    /// Wait a moment, counting how many waits overlap.
    #[tool]
    pub async fn wait(&self) -> usize {
        let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
        self.most_at_once.fetch_max(now, Ordering::SeqCst);
        yield_once().await;
        yield_once().await;
        self.running.fetch_sub(1, Ordering::SeqCst);
        now
    }
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/fixtures/responses/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn openai_chat_gets_one_tool_message_per_call_in_order() {
    let reply = block_on(Lab::default().handle(Target::OpenAi, fixture("openai-chat-completion.json"))).unwrap();
    assert_eq!(
        reply,
        json!([
            {"role": "tool", "tool_call_id": "call_add", "content": "5"},
            {"role": "tool", "tool_call_id": "call_greet", "content": "{\"text\":\"Hello, Ada!\"}"},
            {"role": "tool", "tool_call_id": "call_typo",
             "content": "unknown tool `ad`; did you mean `add`? Available tools: add, greet, say, crash, wait."}
        ])
    );
    // An assistant message alone works too.
    let completion: Value = serde_json::from_str(&fixture("openai-chat-completion.json")).unwrap();
    let message = completion["choices"][0]["message"].to_string();
    let again = block_on(Lab::default().handle(Target::OpenAi, message)).unwrap();
    assert_eq!(again, reply);
}

#[test]
fn openai_responses_gets_function_call_outputs() {
    let reply = block_on(Lab::default().handle(Target::OpenAiResponses, fixture("openai-responses.json"))).unwrap();
    let items = reply.as_array().unwrap();
    assert_eq!(items.len(), 2, "the reasoning and message items are not calls");
    assert_eq!(items[0], json!({"type": "function_call_output", "call_id": "call_add", "output": "5"}));
    assert_eq!(items[1]["call_id"], "call_bad");
    assert!(items[1]["output"].as_str().unwrap().starts_with("invalid arguments for tool `add`:\n- at /a:"));
}

#[test]
fn anthropic_gets_one_user_message_with_every_result_and_a_panic_does_not_stop_the_others() {
    let reply = block_on(Lab::default().handle(Target::Anthropic, fixture("anthropic-message.json"))).unwrap();
    assert_eq!(
        reply,
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_greet", "content": "{\"text\":\"Hello, Ada!\"}"},
            {"type": "tool_result", "tool_use_id": "toolu_add", "content": "5"},
            {"type": "tool_result", "tool_use_id": "toolu_crash", "is_error": true,
             "content": "tool `crash` panicked: the crash tool always panics"}
        ]})
    );
}

#[test]
fn gemini_gets_function_responses_with_ids_where_given() {
    let reply = block_on(Lab::default().handle(Target::Gemini, fixture("gemini-response.json"))).unwrap();
    assert_eq!(reply["role"], "user");
    let parts = reply["parts"].as_array().unwrap();
    assert_eq!(parts[0], json!({"functionResponse": {"id": "fc-1", "name": "add", "response": {"output": 5}}}));
    let error = &parts[1]["functionResponse"];
    assert!(error.get("id").is_none(), "no id was sent, so none is answered");
    assert_eq!(error["name"], "greet");
    let text = error["response"]["error"].as_str().unwrap();
    assert!(text.contains("/nam") && text.contains("unknown field `nam`"), "{text}");
}

#[test]
fn mcp_answers_a_tools_call_request_with_a_call_tool_result() {
    let reply = block_on(Lab::default().handle(Target::Mcp, fixture("mcp-tools-call.json"))).unwrap();
    assert_eq!(
        reply,
        json!({"jsonrpc": "2.0", "id": 7, "result": {
            "content": [{"type": "text", "text": "5"}],
            "structuredContent": {"result": 5}
        }})
    );
    let greet = json!({"jsonrpc": "2.0", "id": "g", "method": "tools/call", "params": {"name": "greet", "arguments": {"name": "Bo"}}});
    let reply = block_on(Lab::default().handle(Target::Mcp, greet.to_string())).unwrap();
    assert_eq!(reply["result"]["structuredContent"], json!({"text": "Hello, Bo!"}), "an object output as it is");
    assert_eq!(reply["result"]["content"][0]["text"], "{\"text\":\"Hello, Bo!\"}", "and as text");
}

#[test]
fn mcp_errors_the_model_can_fix_are_tool_results_and_protocol_errors_are_json_rpc_errors() {
    let lab = Lab::default();
    let bad =
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "add", "arguments": {"a": 1}}});
    let reply = block_on(lab.handle(Target::Mcp, bad.to_string())).unwrap();
    assert_eq!(reply["result"]["isError"], true);
    assert!(reply["result"].get("structuredContent").is_none());
    assert!(reply["result"]["content"][0]["text"].as_str().unwrap().contains("missing required field `b`"));

    let unknown = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ad", "arguments": {}}});
    let reply = block_on(lab.handle(Target::Mcp, unknown.to_string())).unwrap();
    assert_eq!(reply["error"]["code"], -32602);
    assert!(reply["error"]["message"].as_str().unwrap().contains("did you mean `add`?"));

    let method = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/lisst"});
    assert_eq!(block_on(lab.handle(Target::Mcp, method.to_string())).unwrap()["error"]["code"], -32601);
    assert_eq!(block_on(lab.handle(Target::Mcp, "{not json")).unwrap()["error"]["code"], -32700);
    let notification = json!({"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "add"}});
    assert_eq!(block_on(lab.handle(Target::Mcp, notification.to_string())).unwrap(), Value::Null);
}

#[test]
fn a_string_output_is_plain_text_and_other_outputs_are_json_text() {
    let message = json!({"role": "assistant", "tool_calls": [
        {"id": "1", "type": "function", "function": {"name": "say", "arguments": "{\"text\": \"it is \\\"done\\\"\"}"}}
    ]});
    let reply = block_on(Lab::default().handle(Target::OpenAi, message.to_string())).unwrap();
    assert_eq!(reply[0]["content"], "it is \"done\"", "not re-quoted");
}

#[test]
fn calls_of_one_response_run_concurrently_within_the_bound() {
    let calls: Vec<Value> = (0..5)
        .map(|i| json!({"id": format!("w{i}"), "type": "function", "function": {"name": "wait", "arguments": "{}"}}))
        .collect();
    let message = json!({"role": "assistant", "tool_calls": calls}).to_string();

    let lab = Lab::default();
    let exchange = block_on(lab.dispatch(Target::OpenAi, &message, DispatchOptions::default())).unwrap();
    assert_eq!(lab.most_at_once.load(Ordering::SeqCst), 5, "all five overlap by default");
    let ids: Vec<_> = exchange.results.iter().map(|result| result.id.clone().unwrap()).collect();
    assert_eq!(ids, ["w0", "w1", "w2", "w3", "w4"], "answered in the calls' order");

    let lab = Lab::default();
    block_on(lab.dispatch(Target::OpenAi, &message, DispatchOptions::default().max_concurrency(2))).unwrap();
    assert_eq!(lab.most_at_once.load(Ordering::SeqCst), 2, "never more than the bound");
}

#[test]
fn a_response_without_calls_has_nothing_to_answer() {
    let text_only = json!({"role": "assistant", "content": [{"type": "text", "text": "Paris."}]});
    assert_eq!(block_on(Lab::default().handle(Target::Anthropic, text_only.to_string())).unwrap(), Value::Null);
    let message = json!({"role": "assistant", "content": "Paris."});
    assert_eq!(block_on(Lab::default().handle(Target::OpenAi, message.to_string())).unwrap(), json!([]));
}

#[test]
fn a_response_of_the_wrong_shape_is_an_error_naming_where() {
    let err = block_on(Lab::default().handle(Target::Anthropic, r#"{"choices": []}"#)).unwrap_err();
    assert_eq!(err.to_string(), "cannot handle this anthropic response at /: expected a message with `content`");
    let err = block_on(
        Lab::default().handle(Target::OpenAi, r#"{"role": "assistant", "tool_calls": [{"type": "function"}]}"#),
    )
    .unwrap_err();
    assert_eq!(err.pointer, "/tool_calls/0/id");
    let err = block_on(Lab::default().handle(Target::Gemini, b"\xff\xfe")).unwrap_err();
    assert!(err.message.starts_with("not valid JSON"), "{err}");
}

#[test]
fn limits_turn_huge_or_deep_arguments_into_errors() {
    let deep = format!("{}{}", "[".repeat(200_000), "]".repeat(200_000));
    let call = |arguments: &str| {
        json!({"role": "assistant", "tool_calls": [
            {"id": "x", "type": "function", "function": {"name": "add", "arguments": arguments}}
        ]})
        .to_string()
    };
    let reply = block_on(Lab::default().handle(Target::OpenAi, call(&deep))).unwrap();
    assert_eq!(
        reply[0]["content"],
        "invalid arguments for tool `add`:\n- at (root): the arguments nest 200000 levels deep; the limit is 64\nFix the arguments and call `add` again."
    );

    let big = format!("{{\"a\": 1, \"b\": 2, \"pad\": \"{}\"}}", "x".repeat(2 << 20));
    let reply = block_on(Lab::default().handle(Target::OpenAi, call(&big))).unwrap();
    assert!(reply[0]["content"].as_str().unwrap().contains("the limit is 1048576"), "{}", reply[0]["content"]);

    // Deep nesting in the response itself: JSON's depth limit, an error rather than a stack overflow.
    let err = block_on(Lab::default().handle(Target::Anthropic, &deep)).unwrap_err();
    assert!(err.message.contains("recursion limit"), "{err}");
}

#[test]
fn final_answer_ends_the_loop_when_opted_in() {
    let message = json!({"content": [
        {"type": "tool_use", "id": "t1", "name": "final_answer", "input": {"answer": "42"}}
    ]})
    .to_string();
    let exchange =
        block_on(Lab::default().dispatch(Target::Anthropic, &message, DispatchOptions::default().final_answer(true)))
            .unwrap();
    assert_eq!(exchange.final_answer.as_deref(), Some("42"));
    assert!(exchange.results.is_empty() && exchange.reply.is_null(), "nothing to send back");

    let exchange = block_on(Lab::default().dispatch(Target::Anthropic, &message, DispatchOptions::default())).unwrap();
    assert!(exchange.final_answer.is_none());
    assert!(exchange.results[0].is_error, "without the option it is an unknown tool");
    assert_eq!(FinalAnswer::parse(r#"{"answer": "x"}"#).unwrap().answer, "x");
}

#[test]
fn an_enum_toolbox_parses_every_call_of_a_response() {
    use toolc_tests::nodes::{BrowserAction, NodeOp};
    let message = json!({"content": [
        {"type": "tool_use", "id": "a", "name": "browser_action", "input": {"action": "openNewTab"}},
        {"type": "tool_use", "id": "b", "name": "delete_node", "input": {}}
    ]});
    let parsed = NodeOp::parse_response(Target::Anthropic, &message).unwrap();
    assert_eq!(parsed[0], (Some("a".to_owned()), Ok(NodeOp::BrowserAction(BrowserAction::OpenNewTab))));
    assert_eq!(parsed[1].0.as_deref(), Some("b"));
    assert!(parsed[1].1.as_ref().unwrap_err().to_string().contains("did you mean `delete_nodes`?"));
}

#[test]
fn a_malformed_final_answer_gets_its_own_error_even_without_ids() {
    let content = json!({"role": "model", "parts": [
        {"functionCall": {"name": "add", "args": {"a": 2, "b": 3}}},
        {"functionCall": {"name": "final_answer", "args": {"answr": "5"}}}
    ]})
    .to_string();
    let options = DispatchOptions::default().final_answer(true);
    let exchange = block_on(Lab::default().dispatch(Target::Gemini, &content, options)).unwrap();
    assert!(exchange.final_answer.is_none());
    assert_eq!(exchange.results[0].content, json!(5));
    let error = &exchange.results[1];
    assert_eq!(error.name, "final_answer");
    assert!(error.is_error && error.text().contains("unknown field `answr`"), "{}", error.text());
}
