//! The workflow builder's calls as models make them, parsed into typed operations — including the
//! flat form strict providers send for tagged enums — and refused with errors the model can use.

use director::DirectorOp;
use director::nodes::{BrowserAction, Context, KeyValue, Route, RouteCase, Selector};
use director::operations::{AddOrReplaceNodes, DeleteNodes, InsertAt, NewNode, NodeType};
use serde_json::json;
use toolc::{RenderOptions, Target, ToolSet};

fn parse(name: &str, arguments: serde_json::Value) -> Result<DirectorOp, String> {
    DirectorOp::parse(name, &arguments.to_string()).map_err(|err| err.to_string())
}

#[test]
fn browser_actions_with_templates_and_fallback_selectors() {
    assert_eq!(
        parse("browser_action", json!({"action": "navigate", "url": "https://shop.test/?q={{query}}"})).unwrap(),
        DirectorOp::BrowserAction(BrowserAction::Navigate { url: "https://shop.test/?q={{query}}".into() })
    );
    assert_eq!(
        parse("browser_action", json!({"action": "click", "selector": ["#buy", ".buy"]})).unwrap(),
        DirectorOp::BrowserAction(BrowserAction::Click {
            selector: Selector::Fallbacks(vec!["#buy".into(), ".buy".into()])
        })
    );
    // What OpenAI strict sends: every field of every action, null where unused.
    let flat = json!({"action": "keypress", "key": "Enter", "url": null, "selector": null, "text": null, "timeout_ms": null,
                      "index": null, "full_page": null, "instruction": null});
    assert_eq!(
        parse("browser_action", flat).unwrap(),
        DirectorOp::BrowserAction(BrowserAction::Keypress { key: "Enter".into() })
    );
}

#[test]
fn a_field_of_another_action_is_refused_by_name() {
    let err =
        parse("browser_action", json!({"action": "navigate", "url": "https://x.test", "key": "Enter"})).unwrap_err();
    assert!(err.contains("at /key: `key` does not apply when `action` is `navigate` (it is for: keypress)"), "{err}");
    let err = parse("browser_action", json!({"action": "scroll"})).unwrap_err();
    assert!(err.contains("got the string \"scroll\""), "{err}");
}

#[test]
fn nodes_need_snake_case_aliases() {
    let op = parse(
        "add_or_replace_nodes",
        json!({"target": 2, "nodes": [{"alias": "read_price", "type": "browser_query", "description": "Price"}]}),
    )
    .unwrap();
    assert_eq!(
        op,
        DirectorOp::AddOrReplaceNodes(AddOrReplaceNodes {
            target: InsertAt::Position(2),
            nodes: vec![NewNode {
                alias: "read_price".into(),
                node_type: NodeType::BrowserQuery,
                description: Some("Price".into())
            }],
        })
    );
    assert!(matches!(
        parse("add_or_replace_nodes", json!({"target": "end", "nodes": [{"alias": "a", "type": "group"}]})).unwrap(),
        DirectorOp::AddOrReplaceNodes(AddOrReplaceNodes { target: InsertAt::After(ref end), .. }) if end == "end"
    ));
    let err =
        parse("add_or_replace_nodes", json!({"target": "end", "nodes": [{"alias": "Read Price", "type": "route"}]}))
            .unwrap_err();
    assert!(err.contains("at /nodes/0/alias: expected a string matching the pattern `^[a-z][a-z0-9_]*$`"), "{err}");
    let err = parse("add_or_replace_nodes", json!({"target": "end", "nodes": []})).unwrap_err();
    assert!(err.contains("at /nodes: expected at least 1 items, got 0"), "{err}");
}

#[test]
fn deletes_routes_and_context_operations() {
    assert_eq!(
        parse("delete_nodes", json!({"nodes": ["read_price"], "dryRun": true})).unwrap(),
        DirectorOp::DeleteNodes(DeleteNodes {
            nodes: vec!["read_price".into()],
            handle_dependencies: false,
            delete_children: false,
            dry_run: true
        })
    );
    assert_eq!(
        parse("route", json!({"kind": "value", "variable": "status", "cases": [{"equals": "ok", "goto": "done"}]}))
            .unwrap(),
        DirectorOp::Route(Route::Value {
            variable: "status".into(),
            cases: vec![RouteCase { equals: "ok".into(), goto: "done".into() }],
            default_goto: None,
        })
    );
    assert_eq!(
        parse("context", json!({"operation": "merge", "values": [{"key": "a", "value": "{{b}}"}]})).unwrap(),
        DirectorOp::Context(Context::Merge { values: vec![KeyValue { key: "a".into(), value: "{{b}}".into() }] })
    );
    let err = parse("delete_node", json!({})).unwrap_err();
    assert!(err.contains("did you mean `delete_nodes`?"), "{err}");
}

#[test]
fn every_operation_renders_for_every_target_and_strict_mode() {
    for target in Target::ALL {
        DirectorOp::render(target).unwrap_or_else(|err| panic!("{err}"));
    }
    // All ten at once exceed Anthropic strict mode's per-request limit; a step's few tools do not.
    let strict = RenderOptions::default().anthropic_strict(true);
    let err = DirectorOp::render_with(Target::Anthropic, &strict).unwrap_err();
    assert!(
        err.rule.contains("optional parameters in one request exceed Anthropic strict mode's limit of 24"),
        "{err}"
    );
    let step: Vec<_> = DirectorOp::tools().iter().filter(|tool| tool.name.ends_with("_nodes")).collect();
    toolc::render_tools(step, Target::Anthropic, &strict).unwrap();
    let names: Vec<&str> = DirectorOp::tools().iter().map(|tool| &*tool.name).collect();
    assert_eq!(names.len(), 10);
    assert!(names.contains(&"debug_browser") && names.contains(&"manage_variable"));
}
