//! Our model-facing errors against the best peer that runs offline: pydantic-ai's retry prompt for
//! the same bad calls (`peer/pydantic-ai-retry.json`, written by `peer/pydantic_ai_retry.py` with
//! pydantic-ai-slim 2.68.0). Ours must name every field it names, show every value it shows, list
//! the allowed values where it does — and add a did-you-mean where one is close, in fewer characters.
//! `peer/comparison.md` shows both side by side (regenerate with `TOOLC_BLESS=1`).

use pollster::block_on;
use serde_json::Value;
use toolc::{FnTool, ToolError, Toolbox};
use toolc_tests::browser::Browser;
use toolc_tests::search::{FetchDocumentTool, WebSearchTool};

fn ours(tool: &str, arguments: &str) -> String {
    let outcome = match tool {
        "web_search" => block_on(WebSearchTool::call(arguments)),
        "fetch_document" => block_on(FetchDocumentTool::call(arguments)),
        _ => block_on(Browser::default().call(tool, arguments)),
    };
    match outcome {
        Err(err @ ToolError::InvalidArguments { .. }) => err.to_string(),
        other => panic!("{tool} {arguments}: expected invalid arguments, got {other:?}"),
    }
}

/// The JSON list of errors inside pydantic-ai's retry text.
fn peer_errors(text: &str) -> Vec<Value> {
    let start = text.find("```json\n").expect("a JSON block") + "```json\n".len();
    let end = start + text[start..].find("\n```").expect("its end");
    serde_json::from_str(&text[start..end]).unwrap()
}

#[test]
fn our_errors_say_at_least_what_pydantic_ai_says_and_more_briefly() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/peer");
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/pydantic-ai-retry.json")).unwrap()).unwrap();
    let mut comparison =
        String::from("# Bad tool calls: what the model reads\n\nOurs first, then pydantic-ai 2.68.0's retry prompt.\n");
    for case in &cases {
        let (tool, arguments) = (case["tool"].as_str().unwrap(), case["arguments"].as_str().unwrap());
        let theirs = case["pydantic_ai"].as_str().unwrap();
        let mine = ours(tool, arguments);
        for error in peer_errors(theirs) {
            let field = error["loc"][0].as_str().unwrap();
            assert!(
                mine.contains(&format!("`{field}`")) || mine.contains(&format!("/{field}:")),
                "{tool} {arguments}: ours does not name `{field}`:\n{mine}"
            );
            match &error["input"] {
                Value::String(text) => {
                    assert!(mine.contains(&format!("{text:?}")), "ours does not show {text:?}:\n{mine}")
                }
                Value::Number(number) => {
                    assert!(mine.contains(&number.to_string()), "ours does not show {number}:\n{mine}")
                }
                _ => {}
            }
            if error["type"] == "literal_error" {
                let msg = error["msg"].as_str().unwrap();
                for allowed in msg.split('\'').skip(1).step_by(2) {
                    assert!(mine.contains(&format!("`{allowed}`")), "ours does not list `{allowed}`:\n{mine}");
                }
            }
        }
        assert!(mine.chars().count() < theirs.chars().count(), "ours is longer:\n{mine}\n---\n{theirs}");
        comparison.push_str(&format!(
            "\n## `{tool}` with `{arguments}`\n\n~~~~text\n{mine}\n~~~~\n\n~~~~text\n{theirs}\n~~~~\n"
        ));
    }
    // Where a close name exists, ours says it; pydantic-ai never does.
    assert!(ours("scroll_page", r#"{"direction": "dwon"}"#).contains("did you mean `down`?"));
    assert!(ours("web_search", r#"{"qurey": "rust"}"#).contains("did you mean `query`?"));

    let path = std::path::PathBuf::from(format!("{dir}/comparison.md"));
    if let Some(mismatch) = toolc_tests::golden(&path, &comparison) {
        panic!("{mismatch}\nre-bless with TOOLC_BLESS=1 and read it");
    }
}
