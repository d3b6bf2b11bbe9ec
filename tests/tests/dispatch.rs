//! Calling tools with JSON arguments the way a model sends them: through a `#[toolbox]` impl, a
//! free function's generated tool type, a config struct, and an enum toolbox.

use pollster::block_on;
use serde_json::json;
use toolc::{ArgumentProblem, ConfigTool, FnTool, ToolError, ToolSet, Toolbox};
use toolc_tests::browser::Browser;
use toolc_tests::nodes::{AddOrReplaceNodes, BrowserAction, DeleteNodes, Node, NodeOp, Position};
use toolc_tests::search::{AlwaysFailsTool, ClearCacheTool, EchoTool, FetchDocumentTool, WebSearchTool};

fn problems(err: ToolError) -> Vec<ArgumentProblem> {
    match err {
        ToolError::InvalidArguments { problems, .. } => problems,
        other => panic!("expected invalid arguments, got {other:?}"),
    }
}

#[test]
fn a_method_tool_gets_the_context_and_its_arguments() {
    let browser = Browser::default();
    let out = block_on(browser.call("launchBrowser", r#"{"url": "https://example.com"}"#)).unwrap();
    assert_eq!(out, json!({"tab": 0, "url": "https://example.com"}));
    let out = block_on(browser.call("launchBrowser", r#"{"url": "https://example.org"}"#)).unwrap();
    assert_eq!(out["tab"], 1);
    assert_eq!(browser.tab_count(), 2, "&self is shared state");
}

#[test]
fn an_associated_function_is_a_stateless_tool() {
    assert_eq!(block_on(Browser::default().call("add", r#"{"a": 40, "b": 2}"#)).unwrap(), 42);
}

#[test]
fn a_default_expression_fills_a_missing_argument() {
    let browser = Browser::default();
    assert_eq!(block_on(browser.call("scroll_page", r#"{"direction": "down"}"#)).unwrap(), "scrolled Down by 400px");
    assert_eq!(
        block_on(browser.call("scroll_page", r#"{"direction": "up", "pixels": 10}"#)).unwrap(),
        "scrolled Up by 10px"
    );
}

#[test]
fn an_err_from_the_tool_is_a_failed_error_with_its_message() {
    let err = block_on(Browser::default().call("launchBrowser", r#"{"url": "ftp://x"}"#)).unwrap_err();
    assert_eq!(
        err,
        ToolError::Failed { tool: "launchBrowser".into(), message: "`ftp://x` is not an http(s) URL".into() }
    );
    assert_eq!(err.to_string(), "tool `launchBrowser` failed: `ftp://x` is not an http(s) URL");
}

#[test]
fn an_unknown_tool_is_an_error_with_a_suggestion_not_a_panic() {
    let err = block_on(Browser::default().call("launch_browser", "{}")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown tool `launch_browser`; did you mean `launchBrowser`? Available tools: launchBrowser, scroll_page, add."
    );
}

#[test]
fn invalid_arguments_say_where_and_what() {
    let browser = Browser::default();
    let err = block_on(browser.call("add", r#"{"a": 1, "b": "two"}"#)).unwrap_err();
    assert_eq!(problems(err), [ArgumentProblem::new("/b", "expected an integer, got the string \"two\"")]);

    let err = block_on(browser.call("add", r#"{"a": 1}"#)).unwrap_err();
    assert_eq!(problems(err), [ArgumentProblem::new("", "missing required field `b`")]);

    let err = block_on(browser.call("scroll_page", r#"{"direction": "dwon"}"#)).unwrap_err();
    assert_eq!(
        problems(err),
        [ArgumentProblem::new(
            "/direction",
            "expected one of `up`, `down`, got the string \"dwon\"; did you mean `down`?"
        )]
    );

    let err = block_on(browser.call("add", r#"{"a": 1, "b": 2, "c": 3}"#)).unwrap_err();
    let problems = problems(err);
    assert_eq!(problems, [ArgumentProblem::new("/c", "unknown field `c` (sent the number 3). Fields: `a`, `b`")]);

    let err = block_on(browser.call("add", r#"{"a": 1,"#)).unwrap_err();
    assert!(matches!(err, ToolError::InvalidArguments { .. }), "truncated JSON is invalid arguments: {err:?}");
}

#[test]
fn free_function_tools_are_called_through_their_tool_type() {
    let hits = block_on(WebSearchTool::call(r#"{"query": "rust", "num_results": 1}"#)).unwrap();
    assert_eq!(hits, json!([{"title": "rust #1", "url": "https://example.com/1"}]));
    let hits = block_on(WebSearchTool::call(r#"{"query": "rust", "num_results": null}"#)).unwrap();
    assert_eq!(hits.as_array().unwrap().len(), 2, "null for an Option argument means None");

    let err = block_on(WebSearchTool::call(r#"{"query": "offline"}"#)).unwrap_err();
    assert_eq!(err.to_string(), "tool `web_search` failed: search backend unavailable: connection refused");

    let err = block_on(AlwaysFailsTool::call("")).unwrap_err();
    assert_eq!(err.to_string(), "tool `always_fails` failed: disk is full", "io::Result is a Result too");
}

#[test]
fn renamed_arguments_are_read_by_their_json_names() {
    let out = block_on(FetchDocumentTool::call(
        r#"{"url": "https://x.test", "kind": "pdf", "followRedirects": true, "extraHeaders": []}"#,
    ))
    .unwrap();
    assert_eq!(out, json!({"status": 200, "kind": "pdf", "body": "contents of https://x.test"}));
    let err = block_on(FetchDocumentTool::call(r#"{"url": "https://x.test", "extra_headers": []}"#)).unwrap_err();
    assert_eq!(
        problems(err),
        [
            ArgumentProblem::new("", "missing required field `extraHeaders`"),
            ArgumentProblem::new(
                "/extra_headers",
                "unknown field `extra_headers` (sent an array of 0); did you mean `extraHeaders`? Fields: `extraHeaders`, `followRedirects`, `kind`, `limits`, `url`"
            )
        ]
    );
}

#[test]
fn raw_identifiers_and_unit_outputs() {
    assert_eq!(block_on(EchoTool::call(r#"{"type": "ab", "times": 2}"#)).unwrap(), "abab");
    assert_eq!(block_on(ClearCacheTool::call("null")).unwrap(), json!(null));
}

#[test]
fn config_structs_and_tagged_enums_parse_into_themselves() {
    let delete = DeleteNodes::parse(r#"{"nodes": ["a"], "deleteChildren": true}"#).unwrap();
    assert_eq!(delete, DeleteNodes { nodes: vec!["a".into()], delete_children: true });
    let action = BrowserAction::parse(r#"{"action": "click", "selector": "button.ok"}"#).unwrap();
    assert_eq!(action, BrowserAction::Click { selector: "button.ok".into() });
    let err = BrowserAction::parse(r#"{"action": "hover"}"#).unwrap_err();
    assert_eq!(err.tool(), "browser_action");
    assert_eq!(
        problems(err),
        [ArgumentProblem::new(
            "/action",
            "expected one of `navigate`, `click`, `openNewTab`, got the string \"hover\""
        )]
    );
}

#[test]
fn an_enum_toolbox_parses_a_call_into_the_matching_variant() {
    let op = NodeOp::parse(
        "add_or_replace_nodes",
        r#"{"target": 2, "nodes": [{"alias": "open_page", "type": "browser_action"}]}"#,
    )
    .unwrap();
    assert_eq!(
        op,
        NodeOp::AddOrReplaceNodes(AddOrReplaceNodes {
            target: Position::Index(2),
            nodes: vec![Node { alias: "open_page".into(), kind: "browser_action".into() }],
        })
    );
    assert_eq!(
        NodeOp::parse("browser_action", r#"{"action": "openNewTab"}"#).unwrap(),
        NodeOp::BrowserAction(BrowserAction::OpenNewTab)
    );
    let err = NodeOp::parse("delete_node", "{}").unwrap_err();
    assert!(err.to_string().starts_with("unknown tool `delete_node`; did you mean `delete_nodes`?"), "{err}");
    let names: Vec<&str> = NodeOp::tools().iter().map(|def| &*def.name).collect();
    assert_eq!(names, ["add_or_replace_nodes", "delete_nodes", "browser_action"]);
}

#[test]
fn definitions_are_computed_once() {
    let (one, other) = (Browser::default(), Browser::default());
    assert!(std::ptr::eq(one.tools(), other.tools()), "one list for every value of the type");
    assert!(std::ptr::eq(one.render(toolc::Target::Gemini).unwrap(), other.render(toolc::Target::Gemini).unwrap()));
    assert!(std::ptr::eq(NodeOp::tools(), NodeOp::tools()));
    let names: Vec<&str> = one.tools().iter().map(|def| &*def.name).collect();
    assert_eq!(names, ["launchBrowser", "scroll_page", "add"], "source order");
}

#[test]
fn call_futures_are_send() {
    fn assert_send<T: Send>(_: T) {}
    let browser = Browser::default();
    assert_send(browser.call("add", "{}"));
    assert_send(WebSearchTool::call("{}"));
}

/// Strict mode sends every field; `null` stands for "absent" and must reach the default.
#[test]
fn null_for_an_optional_or_defaulted_field_means_absent() {
    let browser = Browser::default();
    let out = block_on(browser.call("scroll_page", r#"{"direction": "up", "pixels": null}"#)).unwrap();
    assert_eq!(out, "scrolled Up by 400px", "null takes the #[arg(default = 400)]");

    let out = block_on(FetchDocumentTool::call(
        r#"{"url": "https://x.test", "kind": null, "limits": null, "followRedirects": null, "extraHeaders": []}"#,
    ))
    .unwrap();
    assert_eq!(out["kind"], "html", "a defaulted enum argument");

    let delete = DeleteNodes::parse(r#"{"nodes": ["a"], "deleteChildren": null}"#).unwrap();
    assert!(!delete.delete_children, "#[serde(default)] on a config struct field");

    let err = block_on(browser.call("add", r#"{"a": 1, "b": null}"#)).unwrap_err();
    assert_eq!(
        problems(err),
        [ArgumentProblem::new("/b", "expected an integer, got null")],
        "a required field stays required"
    );
}

/// A tagged enum is one flat object for the model; the call is parsed back into the chosen variant.
#[test]
fn a_flattened_tagged_enum_call_parses_into_its_variant() {
    let click = BrowserAction::parse(r#"{"action": "click", "selector": "a.next", "url": null}"#).unwrap();
    assert_eq!(click, BrowserAction::Click { selector: "a.next".into() });
    let tab = BrowserAction::parse(r#"{"action": "openNewTab", "selector": null, "url": null}"#).unwrap();
    assert_eq!(tab, BrowserAction::OpenNewTab);

    let err = BrowserAction::parse(r#"{"action": "click", "selector": "a", "url": "https://x.test"}"#).unwrap_err();
    assert_eq!(
        problems(err),
        [ArgumentProblem::new(
            "/url",
            "`url` does not apply when `action` is `click` (it is for: navigate); send null or leave it out"
        )]
    );
    let op = NodeOp::parse("browser_action", r#"{"action": "navigate", "url": "https://x.test", "selector": null}"#);
    assert_eq!(op.unwrap(), NodeOp::BrowserAction(BrowserAction::Navigate { url: "https://x.test".into() }));
}

#[test]
fn unknown_fields_are_refused_for_config_structs_too() {
    // DeleteNodes does not say `deny_unknown_fields`; the model is still told.
    let err = DeleteNodes::parse(r#"{"nodes": ["a"], "deleteChildern": true}"#).unwrap_err();
    assert_eq!(
        problems(err),
        [ArgumentProblem::new(
            "/deleteChildern",
            "unknown field `deleteChildern` (sent true); did you mean `deleteChildren`? Fields: `deleteChildren`, `nodes`"
        )]
    );
}

#[test]
fn arguments_encoded_twice_are_read_through_the_string() {
    let twice = serde_json::to_string(r#"{"a": 40, "b": 2}"#).unwrap();
    assert_eq!(block_on(Browser::default().call("add", &twice)).unwrap(), 42);
}
