//! What a target cannot express is an error naming the tool, the target, the JSON path and the
//! rule; what it can express with a ref, it keeps. These tools live here, not in the tool set, since
//! the tool set renders for every target.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use toolc::{RenderOptions, Target, Tool, tool};

/// A tree of sections.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Section {
    /// The heading.
    pub title: String,
    /// Nested sections.
    pub children: Vec<Section>,
}

/// Store an outline.
///
/// # Arguments
/// * `outline` - The outline's root section.
#[tool]
pub fn store_outline(outline: Section) -> usize {
    outline.children.len()
}

#[test]
fn recursion_is_an_error_where_a_target_has_no_refs() {
    let def = StoreOutlineTool::definition();
    let only = RenderOptions::default().gemini_parameters_only(true);
    let err = def.render_with(Target::Gemini, &only).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tool `store_outline` cannot be rendered for gemini at /parameters/$defs/Section: the type `Section` is recursive (Section → Section): Gemini `parameters` has no `$ref`, so a recursive type cannot be expressed there"
    );
    // Without asking for `parameters` only, the declaration takes `parametersJsonSchema`, and says why.
    let rendered = def.render(Target::Gemini).unwrap();
    assert!(rendered.value.get("parameters").is_none());
    let warning = &rendered.report.changes[0];
    assert_eq!(warning.kind, toolc::ChangeKind::Warning);
    assert_eq!(warning.path, "/parameters/$defs/Section");
    assert!(warning.detail.ends_with(&err.rule), "{warning}");

    let strict = RenderOptions::default().anthropic_strict(true);
    let err = def.render_with(Target::Anthropic, &strict).unwrap_err();
    assert_eq!(err.path, "/input_schema/$defs/Section");
    assert!(err.rule.contains("Anthropic strict mode takes no recursive schemas"), "{err}");
}

#[test]
fn recursion_is_kept_under_defs_where_refs_work() {
    let def = StoreOutlineTool::definition();
    for (target, options, pointer) in [
        (Target::OpenAi, RenderOptions::default(), "/function/parameters"),
        (Target::Anthropic, RenderOptions::default(), "/input_schema"),
        (Target::Mcp, RenderOptions::default(), "/inputSchema"),
        (Target::Gemini, RenderOptions::default().gemini_json_schema(true), "/parametersJsonSchema"),
        (Target::Gemini, RenderOptions::default(), "/parametersJsonSchema"),
    ] {
        let rendered = def.render_with(target, &options).unwrap().value;
        let schema = rendered.pointer(pointer).unwrap();
        assert!(schema["$defs"]["Section"].is_object(), "{target}: {schema}");
        let children = &schema["$defs"]["Section"]["properties"]["children"]["items"];
        assert_eq!(children, &json!({"$ref": "#/$defs/Section"}), "{target}");
    }
}

#[test]
fn a_map_in_a_strict_tool_is_refused_at_render_time_when_the_types_hide_it() {
    // An alias hides the map from the macro; rendering still names it.
    type Labels = std::collections::HashMap<String, String>;

    /// Label the page.
    ///
    /// # Arguments
    /// * `labels` - Labels.
    #[tool]
    fn label(labels: Labels) -> usize {
        labels.len()
    }

    let err = LabelTool::definition().render(Target::OpenAi).unwrap_err();
    assert_eq!(err.path, "/function/parameters/properties/labels");
    assert!(err.rule.starts_with("a map (an object with arbitrary keys) cannot be expressed in strict mode"), "{err}");
    assert!(LabelTool::definition().render(Target::Mcp).is_ok(), "MCP has no strict mode");
}

#[test]
fn a_strict_opt_out_renders_maps_everywhere() {
    let def = toolc_tests::search::SetMetadataTool::definition();
    assert!(!def.strict);
    let openai = def.render(Target::OpenAi).unwrap().value;
    assert_eq!(openai["function"]["strict"], false);
    assert_eq!(
        openai["function"]["parameters"]["properties"]["values"]["additionalProperties"],
        json!({"type": "string"})
    );
}

#[test]
fn examples_are_placed_the_way_each_target_takes_them() {
    let def = toolc_tests::search::WebSearchTool::definition();
    let anthropic = def.render(Target::Anthropic).unwrap().value;
    assert_eq!(
        anthropic["input_examples"],
        json!([{"query": "rust json schema"}, {"query": "tokio", "num_results": 3}])
    );
    let schema = def.render(Target::JsonSchema).unwrap().value;
    assert_eq!(schema["input_schema"]["examples"], anthropic["input_examples"]);
    let openai = def.render(Target::OpenAi).unwrap().value;
    assert!(
        openai["function"]["description"].as_str().unwrap().ends_with(
            "Examples:\n- {\"query\":\"rust json schema\"}\n- {\"num_results\":3,\"query\":\"tokio\"} (Three results at most)"
        ),
        "{openai}"
    );
}

#[test]
fn every_example_of_the_tool_set_fits_its_tool() {
    toolc_tests::search::WebSearchTool::__toolc_check_examples().unwrap();
    toolc_tests::nodes::BrowserAction::__toolc_check_examples().unwrap();
    toolc_tests::browser::Browser::__toolc_check_examples().unwrap();
}

#[test]
fn names_and_property_keys_are_checked_per_target() {
    let dotted = toolc::ToolDef::new("files.read", "Read a file.", json!({"type": "object", "properties": {}}));
    let err = dotted.render(Target::OpenAi).unwrap_err();
    assert_eq!(
        (err.path.as_str(), err.rule.as_str()),
        ("/name", "the name `files.read` does not match `^[a-zA-Z0-9_-]{1,64}$`")
    );
    assert!(dotted.render(Target::Gemini).is_ok() && dotted.render(Target::Mcp).is_ok(), "Gemini and MCP take dots");

    let dashed = toolc::ToolDef::new(
        "fetch",
        "Fetch.",
        json!({"type": "object", "properties": {"max-bytes": {"type": "integer"}}, "required": ["max-bytes"]}),
    );
    let only = RenderOptions::default().gemini_parameters_only(true);
    let err = dashed.render_with(Target::Gemini, &only).unwrap_err();
    assert_eq!(err.path, "/parameters/properties/max-bytes");
    assert!(
        err.rule.starts_with("the property name `max-bytes` does not match `^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`"),
        "{err}"
    );
    // `parametersJsonSchema` takes any key: the declaration takes it, and the report says why.
    let rendered = dashed.render(Target::Gemini).unwrap();
    assert_eq!(rendered.value["parametersJsonSchema"]["required"], json!(["max-bytes"]));
    assert!(rendered.report.changes.iter().any(|change| change.path == err.path && change.detail.ends_with(&err.rule)));
    assert!(dashed.render(Target::Anthropic).is_ok(), "Anthropic takes dashes in keys");
}

#[test]
fn a_long_description_is_a_warning_not_an_error() {
    let long = toolc::ToolDef::new("long", "x".repeat(1500), json!({"type": "object", "properties": {}}));
    let rendered = long.render(Target::OpenAi).unwrap();
    let warning = rendered.report.changes.iter().find(|change| change.kind == toolc::ChangeKind::Warning).unwrap();
    assert_eq!(warning.path, "/description");
    assert!(warning.detail.starts_with("the description has 1500 characters"), "{warning}");
}

#[test]
fn openai_limits_are_errors() {
    let values: Vec<String> = (0..1001).map(|i| format!("v{i}")).collect();
    let many = toolc::ToolDef::new(
        "pick",
        "Pick one.",
        json!({"type": "object", "properties": {"value": {"type": "string", "enum": values}}, "required": ["value"]}),
    );
    let err = many.render(Target::OpenAi).unwrap_err();
    assert_eq!(err.rule, "1001 enum values exceed OpenAI's limit of 1000");

    let near: Vec<String> = (0..900).map(|i| format!("v{i}")).collect();
    let near = toolc::ToolDef::new(
        "pick",
        "Pick one.",
        json!({"type": "object", "properties": {"value": {"type": "string", "enum": near}}, "required": ["value"]}),
    );
    let rendered = near.render(Target::OpenAi).unwrap();
    let warning = rendered.report.changes.iter().find(|change| change.kind == toolc::ChangeKind::Warning).unwrap();
    assert_eq!(warning.detail, "900 enum values, near OpenAI's limit of 1000");

    let deep = (0..11).fold(
        json!({"type": "string"}),
        |inner, _| json!({"type": "object", "properties": {"x": inner}, "required": ["x"]}),
    );
    let err = toolc::ToolDef::new("deep", "Deep.", deep).render(Target::OpenAi).unwrap_err();
    assert!(err.rule.starts_with("objects nest deeper than OpenAI's limit of 10 levels"), "{err}");
}
