//! Conformance with the providers' own code: every rendering of the tool set goes through
//! openai-node `toStrictJsonSchema`, openai-python `_ensure_strict_json_schema`, anthropic
//! `transform_schema`, google-genai `FunctionDeclaration.model_validate`, the MCP SDKs' own types
//! (Python `mcp.types.ListToolsResult`, TypeScript `ListToolsResultSchema`) and
//! `Draft202012Validator.check_schema` (tests/conformance/check.py, check.mjs).
//! The pinned packages are installed into the target directory on first run; when that cannot be
//! done the test fails — it never skips.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::json;
use tool_runtime::{RenderOptions, Target, registry, render_tools};
// Every crate linked here registers its tools: the test set and the four example crates.
use browse_agent as _;
use director as _;
use roo_tools as _;
use structured_output as _;
use toolc_tests as _;

fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

#[test]
fn provider_sdks_accept_every_rendering() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conformance");
    run(Command::new("bash").arg(here.join("setup.sh")).arg(&work), "installing the provider SDKs");

    let renderings = work.join("renderings");
    let _ = std::fs::remove_dir_all(&renderings);
    std::fs::create_dir_all(&renderings).unwrap();
    let tools: Vec<_> = registry::tools().to_vec();
    let variants: [(&str, Target, RenderOptions); 8] = [
        ("openai", Target::OpenAi, RenderOptions::default()),
        ("openai-responses", Target::OpenAiResponses, RenderOptions::default()),
        ("anthropic", Target::Anthropic, RenderOptions::default()),
        ("anthropic-strict", Target::Anthropic, RenderOptions::default().anthropic_strict(true)),
        ("gemini", Target::Gemini, RenderOptions::default()),
        ("gemini-json-schema", Target::Gemini, RenderOptions::default().gemini_json_schema(true)),
        ("mcp", Target::Mcp, RenderOptions::default()),
        ("json-schema", Target::JsonSchema, RenderOptions::default()),
    ];
    // One request per package and variant, as an application would send them (names repeat across packages).
    let mut packages: std::collections::BTreeMap<&str, Vec<&tool_runtime::ToolDef>> = Default::default();
    for def in &tools {
        packages.entry(def.source.map_or("", |source| source.package)).or_default().push(def);
    }
    for (package, defs) in &packages {
        for (name, target, options) in variants {
            // Anthropic strict limits optional parameters per request: one tool a request there.
            let value = if options.anthropic_strict {
                let each: Vec<_> = defs
                    .iter()
                    .map(|def| {
                        render_tools([*def], target, &options).unwrap_or_else(|err| panic!("{err}")).value[0].clone()
                    })
                    .collect();
                json!(each)
            } else {
                render_tools(defs.iter().copied(), target, &options).unwrap_or_else(|err| panic!("{err}")).value
            };
            let document = serde_json::to_string_pretty(&json!({"tools": value})).unwrap();
            std::fs::write(renderings.join(format!("{package}.{name}.json")), document).unwrap();
        }
    }

    // Response formats, wrapped as tools so the same SDK checks apply to their schemas.
    let mut openai = Vec::new();
    let mut anthropic = Vec::new();
    let mut gemini = Vec::new();
    for def in tools.iter().filter(|def| def.strict) {
        let format = def.response_format(Target::OpenAi).unwrap_or_else(|err| panic!("{err}")).value;
        let schema = &format["json_schema"];
        openai.push(json!({"type": "function", "function": {"name": schema["name"], "parameters": schema["schema"], "strict": schema["strict"]}}));
        let format = def.response_format(Target::Anthropic).unwrap_or_else(|err| panic!("{err}")).value;
        anthropic.push(json!({"name": def.name, "input_schema": format["schema"], "strict": true}));
        let schema = def.response_format(Target::Gemini).unwrap_or_else(|err| panic!("{err}")).value;
        gemini.push(json!({"name": def.name, "parameters": schema}));
    }
    for (name, tools) in [
        ("response-format.openai", json!(openai)),
        ("response-format.anthropic-strict", json!(anthropic)),
        ("response-format.gemini", json!([{"functionDeclarations": gemini}])),
    ] {
        std::fs::write(renderings.join(format!("{name}.json")), json!({"tools": tools}).to_string()).unwrap();
    }

    let python = run(
        Command::new(work.join("venv/bin/python")).arg(here.join("check.py")).arg(&renderings),
        "the Python SDK checks",
    );
    let node =
        run(Command::new("node").arg("check.mjs").arg(&renderings).current_dir(&work), "the TypeScript SDK checks");
    println!("{python}{node}");
    assert!(python.contains(" passed, 0 failed") && node.contains(" passed, 0 failed"));
    assert!(!node.starts_with("0 passed"), "openai-node checked no strict schema");
}

/// Every tool choice, with parallel calls unset, off and on, in each provider's words, checked
/// against the SDKs' own request types (tests/conformance/check_choice.py). A few wrong shapes
/// written by hand must be refused, so the check is seen to bite.
#[test]
fn provider_sdks_accept_every_tool_choice() {
    use tool_runtime::{ChoiceError, ChoiceOptions, ToolChoice, Toolbox};

    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conformance");
    run(Command::new("bash").arg(here.join("setup.sh")).arg(&work), "installing the provider SDKs");

    let browser = toolc_tests::browser::Browser::default();
    let tools = browser.tools();
    let choices = [
        ToolChoice::Auto,
        ToolChoice::None,
        ToolChoice::Required,
        ToolChoice::Tool("launchBrowser"),
        ToolChoice::Allowed { tools: &["launchBrowser", "add"], required: false },
        ToolChoice::Allowed { tools: &["scroll_page"], required: true },
    ];
    let options = [
        ChoiceOptions::default(),
        ChoiceOptions::default().parallel_calls(false),
        ChoiceOptions::default().parallel_calls(true),
    ];
    let mut cases = Vec::new();
    for target in [Target::OpenAi, Target::OpenAiResponses, Target::Anthropic, Target::Gemini] {
        for choice in choices {
            for option in options {
                let label = format!("{target} {choice:?} parallel {:?}", option.parallel_calls);
                match choice.render_with(target, tools, option) {
                    Ok(fields) => {
                        cases.push(json!({"label": label, "target": target, "fields": fields, "valid": true}))
                    }
                    // What a provider cannot say is refused, and only that.
                    Err(ChoiceError::Unsupported { .. })
                        if (target == Target::Anthropic && matches!(choice, ToolChoice::Allowed { .. }))
                            || (target == Target::Gemini && option.parallel_calls.is_some()) => {}
                    Err(err) => panic!("{label}: {err}"),
                }
            }
        }
    }
    assert_eq!(cases.len(), 2 * 6 * 3 + 4 * 3 + 6, "OpenAI twice, Anthropic without subsets, Gemini without parallel");
    let wrong = [
        ("openai", json!({"tool_choice": {"type": "function", "name": "add"}}), "the Responses shape in chat"),
        (
            "openai-responses",
            json!({"tool_choice": {"type": "function", "function": {"name": "add"}}}),
            "the chat shape in Responses",
        ),
        ("openai", json!({"tool_choice": "any"}), "Anthropic's word in OpenAI"),
        ("anthropic", json!({"tool_choice": {"type": "required"}}), "OpenAI's word in Anthropic"),
        ("anthropic", json!({"tool_choice": {"type": "tool", "name": "add", "parallel": false}}), "an unknown key"),
        ("gemini", json!({"toolConfig": {"functionCallingConfig": {"mode": "REQUIRED"}}}), "an unknown mode"),
        (
            "gemini",
            json!({"toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctions": ["add"]}}}),
            "an unknown field",
        ),
    ];
    for (target, fields, what) in wrong {
        cases.push(json!({"label": format!("wrong: {what}"), "target": target, "fields": fields, "valid": false}));
    }
    let file = work.join("choices.json");
    std::fs::write(&file, serde_json::to_string_pretty(&cases).unwrap()).unwrap();
    let python = run(
        Command::new(work.join("venv/bin/python")).arg(here.join("check_choice.py")).arg(&file),
        "the Python SDK checks of tool choices",
    );
    println!("{python}");
    assert!(python.contains(&format!("{} passed, 0 failed", cases.len())), "{python}");
}
