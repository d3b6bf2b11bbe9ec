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
