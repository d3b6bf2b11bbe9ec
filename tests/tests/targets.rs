//! Every target's rendering of the representative tool set, compared with golden files that were
//! read and judged by hand (`golden/targets/`). Regenerate with
//! `TOOLC_BLESS=1 cargo test -p toolc-tests --test tool_set targets::` and read the diff.

use std::path::PathBuf;

use serde_json::{Value, json};
use toolc::{RenderOptions, Target, render_tools};
use toolc_tests::{golden, our_tools};

fn variants() -> Vec<(String, Target, RenderOptions)> {
    let mut all: Vec<(String, Target, RenderOptions)> =
        Target::ALL.iter().map(|&target| (target.to_string(), target, RenderOptions::default())).collect();
    all.push(("anthropic-strict".into(), Target::Anthropic, RenderOptions::default().anthropic_strict(true)));
    all.push(("gemini-json-schema".into(), Target::Gemini, RenderOptions::default().gemini_json_schema(true)));
    all.push(("bedrock-strict".into(), Target::Bedrock, RenderOptions::default().bedrock_strict(true)));
    all
}

#[test]
fn renderings_match_golden_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden/targets");
    let mut mismatches = Vec::new();
    for (name, target, options) in variants() {
        let rendered = render_tools(our_tools(), target, &options).unwrap_or_else(|err| panic!("{name}: {err}"));
        let report: Vec<String> = rendered.report.changes.iter().map(ToString::to_string).collect();
        let document = json!({"tools": rendered.value, "report": report});
        let actual = serde_json::to_string_pretty(&document).unwrap() + "\n";
        mismatches.extend(golden(&dir.join(format!("{name}.json")), &actual));
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n\n"));
}

/// Rendering twice gives the same bytes.
#[test]
fn rendering_is_deterministic() {
    for (name, target, options) in variants() {
        let first = serde_json::to_string(&render_tools(our_tools(), target, &options).unwrap().value).unwrap();
        let second = serde_json::to_string(&render_tools(our_tools(), target, &options).unwrap().value).unwrap();
        assert_eq!(first, second, "{name}");
    }
}

fn tool<'a>(rendered: &'a Value, name: &str) -> &'a Value {
    let list = rendered.as_array().unwrap();
    let list = if list.len() == 1 && list[0].get("functionDeclarations").is_some() {
        list[0]["functionDeclarations"].as_array().unwrap()
    } else {
        list
    };
    list.iter()
        .find(|tool| {
            let named = tool.get("name").or_else(|| tool.pointer("/function/name"));
            named.or_else(|| tool.pointer("/toolSpec/name")) == Some(&json!(name))
        })
        .unwrap_or_else(|| panic!("{name} not rendered"))
}

/// The facts of the golden files users rely on, spelled out so a careless bless cannot hide them.
#[test]
fn no_target_receives_a_root_union() {
    for (name, target, options) in variants() {
        let rendered = render_tools(our_tools(), target, &options).unwrap().value;
        let action = tool(&rendered, "browser_action");
        let schema = [
            "/function/parameters",
            "/parameters",
            "/input_schema",
            "/inputSchema",
            "/parametersJsonSchema",
            "/toolSpec/inputSchema/json",
        ]
        .iter()
        .find_map(|pointer| action.pointer(pointer))
        .unwrap();
        if target == Target::JsonSchema {
            assert!(schema.get("oneOf").is_some(), "plain JSON Schema keeps the enum as written");
            continue;
        }
        assert!(schema.get("oneOf").is_none() && schema.get("anyOf").is_none(), "{name}: {schema}");
        assert_eq!(schema["type"], "object", "{name}");
        assert_eq!(
            schema["properties"]["action"]["enum"],
            json!(["navigate", "click", "openNewTab"]),
            "{name}: the tag lists every action"
        );
    }
}

#[test]
fn strict_openai_requires_every_field_and_takes_null_for_absent() {
    let rendered = render_tools(our_tools(), Target::OpenAiResponses, &RenderOptions::default()).unwrap().value;
    let search = tool(&rendered, "web_search");
    assert_eq!(search["strict"], true);
    assert_eq!(search["parameters"]["required"], json!(["num_results", "query"]));
    assert_eq!(search["parameters"]["properties"]["num_results"]["type"], json!(["integer", "null"]));
    let scroll = tool(&rendered, "scroll_page");
    let pixels = &scroll["parameters"]["properties"]["pixels"];
    assert_eq!(pixels["type"], json!(["integer", "null"]), "a defaulted field is nullable too");
    assert!(pixels.get("default").is_none(), "OpenAI refuses `default`");
    assert!(pixels["description"].as_str().unwrap().ends_with("{default: 400}"), "{pixels}");
}

#[test]
fn gemini_parameters_use_the_openapi_subset() {
    let rendered = render_tools(our_tools(), Target::Gemini, &RenderOptions::default()).unwrap().value;
    let text = serde_json::to_string(&rendered).unwrap();
    for refused in ["\"$ref\"", "\"$defs\"", "\"const\"", "\"oneOf\"", "\"additionalProperties\"", "\"$schema\""] {
        assert!(!text.contains(refused), "{refused} in Gemini parameters");
    }
    let fetch = tool(&rendered, "fetch_document");
    assert_eq!(fetch["parameters"]["properties"]["limits"]["nullable"], true);
    assert_eq!(fetch["parameters"]["properties"]["kind"]["enum"], json!(["html", "pdf", "text"]), "refs inlined");
}

#[test]
fn bedrock_tool_specs_hold_the_schema_under_input_schema_json_strict_only_where_asked() {
    let rendered = render_tools(our_tools(), Target::Bedrock, &RenderOptions::default()).unwrap().value;
    let search = tool(&rendered, "web_search");
    assert_eq!(search.as_object().unwrap().keys().collect::<Vec<_>>(), ["toolSpec"]);
    assert!(search["toolSpec"].get("strict").is_none(), "strict only with the option");
    assert_eq!(search["toolSpec"]["inputSchema"]["json"]["type"], "object");
    let strict =
        render_tools(our_tools(), Target::Bedrock, &RenderOptions::default().bedrock_strict(true)).unwrap().value;
    let search = &tool(&strict, "web_search")["toolSpec"];
    assert_eq!(search["strict"], true);
    assert_eq!(search["inputSchema"]["json"]["additionalProperties"], false);
    // The strict subset has one type per node: a type list becomes `anyOf`.
    let text = serde_json::to_string(&strict).unwrap();
    assert!(!text.contains("\"type\":[\""), "no type lists in strict Bedrock: {text}");
}

#[test]
fn mcp_tools_carry_title_annotations_and_object_output_schemas() {
    let rendered = render_tools(our_tools(), Target::Mcp, &RenderOptions::default()).unwrap().value;
    let fetch = tool(&rendered, "fetch_document");
    assert_eq!(fetch["title"], "Fetch document");
    assert_eq!(fetch["annotations"], json!({"title": "Fetch document", "idempotentHint": true}));
    let echo = tool(&rendered, "echo");
    assert_eq!(
        echo["outputSchema"],
        json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
               "properties": {"result": {"type": "string"}}, "required": ["result"]})
    );
    let clock = tool(&rendered, "utc_now");
    assert_eq!(
        clock["inputSchema"],
        json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {},
               "additionalProperties": false})
    );
    // References are kept, as JSON Schema 2020-12 writes them; inlined on demand, and then, with
    // no recursion here, none is left.
    assert!(serde_json::to_string(&rendered).unwrap().contains("\"$ref\""), "references kept");
    let inlined = render_tools(our_tools(), Target::Mcp, &RenderOptions::default().mcp_inline_refs(true)).unwrap();
    assert!(!serde_json::to_string(&inlined.value).unwrap().contains("\"$ref\""), "no recursion here, so no refs");
}

#[test]
fn a_config_struct_is_an_answer_format_in_each_providers_shape() {
    let def = <toolc_tests::nodes::DeleteNodes as toolc::Tool>::definition();
    let openai = def.response_format(Target::OpenAi).unwrap().value;
    assert_eq!(openai["type"], "json_schema");
    assert_eq!(openai["json_schema"]["name"], "delete_nodes");
    assert_eq!(openai["json_schema"]["strict"], true);
    assert_eq!(openai["json_schema"]["schema"]["required"], json!(["deleteChildren", "nodes"]));

    let responses = def.response_format(Target::OpenAiResponses).unwrap().value;
    assert_eq!(responses["name"], "delete_nodes");
    assert_eq!(responses["schema"], openai["json_schema"]["schema"]);

    let anthropic = def.response_format(Target::Anthropic).unwrap().value;
    assert_eq!(anthropic["type"], "json_schema");
    assert_eq!(anthropic["schema"]["additionalProperties"], false);
    assert!(anthropic["schema"]["properties"]["deleteChildren"].get("default").is_none(), "moved to the description");

    let gemini = def.response_format(Target::Gemini).unwrap().value;
    assert_eq!(gemini["type"], "object");
    assert!(gemini.get("additionalProperties").is_none());

    let schema = def.response_format(Target::JsonSchema).unwrap().value;
    assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");

    let err = def.response_format(Target::Mcp).unwrap_err();
    assert!(err.rule.starts_with("MCP has no answer format"), "{err}");
}
