//! The step loop on recorded responses of two providers: the same run, the same history — tools
//! bound per step, several calls per response, a bad call answered as an error and corrected, and
//! the final answer.

use browse_agent::{Replay, Transcript, release_plan, run};
use pollster::block_on;
use serde_json::json;
use toolc::Target;

fn replay(target: Target, file: &str) -> (Transcript, Replay) {
    let text = std::fs::read_to_string(format!("{}/tests/recorded/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut model = Replay::new(text.lines().map(str::to_owned));
    let (browser, plan) = release_plan();
    let transcript = block_on(run(&browser, &plan, target, &mut model)).unwrap();
    (transcript, model)
}

fn check_run(target: Target, file: &str, ids: [&str; 5]) {
    let (transcript, model) = replay(target, file);
    assert_eq!(transcript.answer.as_deref(), Some("The latest Rust release is 1.95.0, from 2026-04-16."));
    let turns = &transcript.turns;
    assert_eq!(turns.len(), 5);
    assert_eq!(turns[4].calls[0].name, "final_answer", "the answer is kept in the history");
    assert_eq!(turns[4].calls[0].id.as_deref(), Some(ids[4]));
    assert!(turns[4].results.is_empty(), "a final answer is not run, so nothing answers it");

    // Two calls in one response, answered in order, the bad one as an error the model can fix.
    assert_eq!(turns[0].calls.len(), 2);
    assert_eq!(turns[0].results[0].text(), "opened https://rust.test/");
    assert_eq!(turns[0].results[0].id.as_deref(), Some(ids[0]));
    let error = &turns[0].results[1];
    assert!(error.is_error && error.id.as_deref() == Some(ids[1]));
    assert!(
        error.text().contains("missing required field `text`") && error.text().contains("did you mean `text`?"),
        "{}",
        error.text()
    );

    assert_eq!(turns[1].results[0].text(), "opened https://rust.test/releases");
    assert!(turns[2].calls.is_empty(), "a text answer ends the step");
    assert_eq!(turns[3].step, 1);
    assert_eq!(turns[3].results[1].content, json!(["Rust 1.95.0 (2026-04-16)", "Rust 1.94.1 (2026-03-26)"]));
    assert_eq!(turns[3].results[0].id.as_deref(), Some(ids[2]));

    // Tools are bound per step: navigate in the first, final_answer only in the last.
    let names = |tools: &serde_json::Value| -> Vec<String> {
        tools
            .as_array()
            .unwrap()
            .iter()
            .map(|tool| {
                tool.get("name").or_else(|| tool.pointer("/function/name")).unwrap().as_str().unwrap().to_owned()
            })
            .collect()
    };
    assert_eq!(names(&model.seen_tools[0]), ["navigate", "find_text"], "in the toolbox's order");
    assert_eq!(names(&model.seen_tools[3]), ["read_page", "find_text", "final_answer"]);
    assert_eq!(turns[3].results[1].id.as_deref(), Some(ids[3]));
}

#[test]
fn an_openai_run() {
    check_run(Target::OpenAi, "openai.jsonl", ["call_nav1", "call_find1", "call_read", "call_find2", "call_answer"]);
}

#[test]
fn an_anthropic_run() {
    check_run(
        Target::Anthropic,
        "anthropic.jsonl",
        ["toolu_nav1", "toolu_find1", "toolu_read", "toolu_find2", "toolu_answer"],
    );
}

#[test]
fn a_tool_of_another_step_is_refused() {
    let responses = [
        json!({"content": [{"type": "text", "text": "Done."}]}).to_string(),
        json!({"content": [{"type": "tool_use", "id": "t1", "name": "navigate", "input": {"url": "https://rust.test/"}}]}).to_string(),
        json!({"content": [{"type": "text", "text": "I cannot navigate now."}]}).to_string(),
    ];
    let mut model = Replay::new(responses);
    let (browser, plan) = release_plan();
    let transcript = block_on(run(&browser, &plan, Target::Anthropic, &mut model)).unwrap();
    let refused = &transcript.turns[1].results[0];
    assert!(refused.is_error);
    assert_eq!(refused.text(), "unknown tool `navigate`. Available tools: read_page, find_text, final_answer.");
    assert!(transcript.answer.is_none());
}
