//! A tool whose arguments are a tagged union, written in each form (`UnionForm`) for every target:
//! flat (one object, the default), nested (the union under `request`, every target) and variants
//! (the union at the root, for MCP, JSON Schema and the engines); each variant a closed object of its own fields,
//! and a call in any form read back into the same value, its problems told where the model wrote
//! them. (The providers' SDKs check every nested and variants rendering in `conformance`.)

use serde_json::{Value, json};
use toolc::{ArgumentProblem, ConfigTool, RenderOptions, Server, Target, Tool, ToolError, ToolSet, UnionForm};
use toolc_tests::nodes::{BrowserAction, NodeOp};

fn action() -> &'static toolc::ToolDef {
    <BrowserAction as toolc::Tool>::definition()
}

/// The arguments schema of `target`'s rendering.
fn arguments(target: Target, rendered: &Value) -> &Value {
    match target {
        Target::OpenAi => &rendered["function"]["parameters"],
        Target::OpenAiResponses => &rendered["parameters"],
        Target::Anthropic => &rendered["input_schema"],
        Target::Gemini => rendered.get("parameters").unwrap_or(&rendered["parametersJsonSchema"]),
        Target::Bedrock => &rendered["toolSpec"]["inputSchema"]["json"],
        Target::Mcp => &rendered["inputSchema"],
        _ => &rendered["input_schema"],
    }
}

/// Each variant's own fields, by its tag, in a union's branches.
fn variant_fields(branches: &Value) -> Vec<(String, Vec<String>)> {
    let tag = |branch: &Value| {
        let action = &branch["properties"]["action"];
        action.get("const").or_else(|| action["enum"].get(0)).and_then(Value::as_str).unwrap().to_owned()
    };
    branches
        .as_array()
        .unwrap()
        .iter()
        .map(|branch| (tag(branch), branch["properties"].as_object().unwrap().keys().cloned().collect()))
        .collect()
}

#[test]
fn nested_keeps_each_variants_fields_with_its_tag_for_every_target() {
    let def = action();
    for target in Target::ALL {
        let rendered = def.render_with(target, &RenderOptions::default().union_form(UnionForm::Nested)).unwrap();
        let schema = arguments(target, &rendered.value);
        assert_eq!(schema["required"], json!(["request"]), "{target}: {schema}");
        let union = &schema["properties"]["request"];
        assert!(union["description"].as_str().unwrap().contains("- `click`: Click an element."), "{target}");
        let fields = variant_fields(&union["anyOf"]);
        assert_eq!(
            fields,
            [
                ("navigate".to_owned(), vec!["action".to_owned(), "url".to_owned()]),
                ("click".to_owned(), vec!["action".to_owned(), "selector".to_owned()]),
                ("openNewTab".to_owned(), vec!["action".to_owned()]),
            ],
            "{target}"
        );
        if target != Target::Gemini {
            // Gemini's `parameters` take no `additionalProperties`, and say so in the report.
            for branch in union["anyOf"].as_array().unwrap() {
                assert_eq!(branch["additionalProperties"], false, "{target}: {branch}");
            }
        }
        assert!(
            rendered.report.changes.iter().any(|change| change.detail.contains("nested under `request`")),
            "{target}: {:?}",
            rendered.report.changes
        );
    }
}

#[test]
fn examples_are_written_as_a_call_in_the_form_sends_them() {
    let nested = RenderOptions::default().union_form(UnionForm::Nested);
    let anthropic = action().render_with(Target::Anthropic, &nested).unwrap().value;
    let navigate = json!({"request": {"action": "navigate", "url": "https://example.com/{{page}}"}});
    assert_eq!(anthropic["input_examples"][0], navigate);
    let mcp = action().render_with(Target::Mcp, &nested).unwrap().value;
    assert!(mcp["description"].as_str().unwrap().contains(r#"- {"request":{"action":"navigate""#), "{mcp}");
}

#[test]
fn variants_put_the_union_at_the_root_where_the_target_takes_one_and_nowhere_else() {
    let def = action();
    let options = RenderOptions::default().union_form(UnionForm::Variants);
    let engine = options.server(Server::LlamaCpp);
    let takers = [(Target::Mcp, &options), (Target::JsonSchema, &options)].into_iter().chain(
        // An open-model server's grammar engine compiles a root `anyOf`.
        [Target::OpenAi, Target::OpenAiResponses].map(|target| (target, &engine)),
    );
    for (target, options) in takers {
        let rendered = def.render_with(target, options).unwrap();
        let schema = arguments(target, &rendered.value);
        assert_eq!(schema["type"], "object", "{target}: MCP asks the root to be an object");
        assert_eq!(variant_fields(&schema["anyOf"]).len(), 3, "{target}: {schema}");
        assert!(schema["anyOf"].as_array().unwrap().iter().all(|branch| branch["additionalProperties"] == false));
        assert!(schema.get("properties").is_none_or(|own| own.as_object().unwrap().is_empty()), "{target}: {schema}");
        assert_ne!(
            schema.get("additionalProperties"),
            Some(&json!(false)),
            "{target}: the root leaves it to the branches"
        );
    }
    for target in [Target::OpenAi, Target::OpenAiResponses, Target::Anthropic, Target::Gemini, Target::Bedrock] {
        let err = def.render_with(target, &options).unwrap_err();
        assert!(err.rule.contains("no union at the root") && err.rule.contains("UnionForm::Nested"), "{target}: {err}");
    }
    // Without a form, JSON Schema keeps the definition's union and the others flatten it.
    let plain = def.render_with(Target::JsonSchema, &RenderOptions::default()).unwrap().value;
    assert!(plain["input_schema"]["oneOf"].is_array());
    let flat = def.render_with(Target::Mcp, &RenderOptions::default()).unwrap().value;
    assert_eq!(flat["inputSchema"]["properties"]["action"]["enum"], json!(["navigate", "click", "openNewTab"]));
}

fn problems(err: ToolError) -> Vec<ArgumentProblem> {
    match err {
        ToolError::InvalidArguments { problems, .. } => problems,
        other => panic!("expected invalid arguments, got {other:?}"),
    }
}

#[test]
fn a_call_in_any_form_is_read_back_into_the_same_value() {
    let click = NodeOp::BrowserAction(BrowserAction::Click { selector: "#go".to_owned() });
    for arguments in [
        json!({"action": "click", "selector": "#go"}),
        json!({"action": "click", "selector": "#go", "url": null}),
        json!({"request": {"action": "click", "selector": "#go"}}),
    ] {
        assert_eq!(NodeOp::parse("browser_action", &arguments.to_string()).unwrap(), click, "{arguments}");
    }
    // As a provider's response carries it, through dispatch.
    let response = json!({"choices": [{"message": {"tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": "browser_action", "arguments": r##"{"request": {"action": "navigate", "url": "https://x.test"}}"##}}]}}]});
    let parsed = NodeOp::parse_response(Target::OpenAi, &response).unwrap();
    let navigate = NodeOp::BrowserAction(BrowserAction::Navigate { url: "https://x.test".to_owned() });
    assert_eq!(parsed[0].1.as_ref().unwrap(), &navigate);
}

#[test]
fn a_nested_calls_problems_are_told_where_the_model_wrote_them() {
    let missing = NodeOp::parse("browser_action", r#"{"request": {"action": "click"}}"#).unwrap_err();
    assert_eq!(problems(missing), [ArgumentProblem::new("/request", "missing required field `selector`")]);
    let foreign =
        NodeOp::parse("browser_action", r##"{"request": {"action": "click", "selector": "#a", "url": "u"}}"##);
    let foreign = problems(foreign.unwrap_err());
    assert_eq!(foreign[0].pointer, "/request/url", "{foreign:?}");
    let unknown = NodeOp::parse("browser_action", r#"{"request": {"action": "clik"}}"#).unwrap_err();
    let unknown = problems(unknown);
    assert_eq!(unknown[0].pointer, "/request/action");
    assert!(unknown[0].message.contains("did you mean `click`?"), "{unknown:?}");
    // Beside its tag, `request` is a field like any other: the flat form does not take it.
    let both = NodeOp::parse("browser_action", r#"{"action": "openNewTab", "request": {}}"#).unwrap_err();
    assert_eq!(problems(both)[0].pointer, "/request");
}

#[test]
fn union_forms_are_named_as_the_command_line_and_packages_name_them() {
    for form in UnionForm::ALL {
        assert_eq!(form.as_str().parse::<UnionForm>(), Ok(form));
    }
    let err = "nestde".parse::<UnionForm>().unwrap_err().to_string();
    assert_eq!(err, "unknown union form `nestde`; did you mean `nested`? Forms: flat, nested, variants");
}

/// Drive a robot (its own form: variants).
#[toolc::tool(union_form = "variants")]
#[derive(Debug, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case")]
enum Drive {
    /// Stop where it is.
    Stop,
    /// Go somewhere.
    Go {
        /// Where.
        to: String,
    },
}

#[test]
fn a_tools_own_form_holds_where_the_options_choose_none() {
    let def = Drive::definition();
    assert_eq!(def.union_form, Some(UnionForm::Variants));
    let plain = RenderOptions::default();
    let engine = RenderOptions::default().server(Server::Vllm);
    // Variants where the target takes a union at the root; nested where it asks for an object.
    for (target, options, at_root) in [
        (Target::Mcp, &plain, true),
        (Target::JsonSchema, &plain, true),
        (Target::OpenAi, &engine, true),
        (Target::OpenAi, &plain, false),
        (Target::OpenAiResponses, &plain, false),
        (Target::Anthropic, &plain, false),
        (Target::Gemini, &plain, false),
        (Target::Bedrock, &plain, false),
    ] {
        let rendered = def.render_with(target, options).unwrap();
        let schema = arguments(target, &rendered.value);
        let branches = if at_root { &schema["anyOf"] } else { &schema["properties"]["request"]["anyOf"] };
        assert_eq!(branches.as_array().map(Vec::len), Some(2), "{target}: {schema}");
    }
    // The options win: one request can ask every tool for one form.
    let flat = def.render_with(Target::Mcp, &RenderOptions::default().union_form(UnionForm::Flat)).unwrap();
    assert_eq!(flat.value["inputSchema"]["properties"]["action"]["enum"], json!(["stop", "go"]));
    // Whatever the form, a call is read into the same value.
    let go = Drive::Go { to: "dock".to_owned() };
    for call in [json!({"action": "go", "to": "dock"}), json!({"request": {"action": "go", "to": "dock"}})] {
        assert_eq!(Drive::parse(&call.to_string()).unwrap(), go, "{call}");
    }
}
