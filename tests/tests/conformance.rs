//! Conformance with the providers' own code: every rendering of the tool set goes through
//! openai-node `toStrictJsonSchema`, openai-python `_ensure_strict_json_schema`, anthropic
//! `transform_schema`, google-genai `FunctionDeclaration.model_validate`, the MCP SDKs' own types
//! (Python `mcp.types.ListToolsResult`, TypeScript `ListToolsResultSchema`) and
//! `Draft202012Validator.check_schema` (tests/conformance/check.py, check.mjs).
//! Streams: every stream fixture (those modelled on particular servers too) and the real recorded
//! streams the pinned packages ship (each read at every split here), through the SDKs' own clients
//! and stream accumulators (tests/conformance/check_stream.py): the same calls as
//! toolc's, and `dispatch` on the response the SDK assembled answers as `dispatch_stream` did.
//! The pinned packages are installed into the target directory on first run; when that cannot be
//! done the test fails — it never skips.

/// What this binary shares with the suite, and only that: a tool any module linked here defines is
/// one more tool `provider_sdks_accept_every_rendering` renders.
mod support {
    pub mod offline_web;
    pub mod pinned;
    #[allow(dead_code)] // the fixtures' own tests use the rest
    pub mod streams;
    pub mod weather;
}

use std::path::{Path, PathBuf};
use std::process::Command;

use std::future::IntoFuture;

use serde_json::{Value, json};
use toolc::{DispatchOptions, Exchange, RenderOptions, Target, Toolbox, UnionForm, registry, render_tools};
// Every crate linked here registers its tools: the test set and the four example crates.
use browse_agent as _;
use director as _;
use roo_tools as _;
use structured_output as _;
use toolc_tests as _;

mod open_model;

use support::pinned::{installed, run};
use support::{streams, weather};

/// Runs the Python check `script` over `cases` (written to `<name>.json`): every one of its
/// `passes` checks must pass.
fn check_cases(script: &str, name: &str, cases: &[serde_json::Value], passes: usize) {
    let (here, work) = installed();
    let file = work.join(format!("{name}.json"));
    std::fs::write(&file, serde_json::to_string_pretty(cases).unwrap()).unwrap();
    let python = run(Command::new(work.join("venv/bin/python")).arg(here.join(script)).arg(&file), script);
    println!("{python}");
    assert!(python.contains(&format!("{passes} passed, 0 failed")), "{python}");
}

#[test]
fn provider_sdks_accept_every_rendering() {
    let (here, work) = installed();

    let renderings = work.join("renderings");
    let _ = std::fs::remove_dir_all(&renderings);
    std::fs::create_dir_all(&renderings).unwrap();
    let tools: Vec<_> = registry::tools().to_vec();
    let plain: [(&str, Target, RenderOptions); 10] = [
        ("openai", Target::OpenAi, RenderOptions::default()),
        ("openai-responses", Target::OpenAiResponses, RenderOptions::default()),
        ("anthropic", Target::Anthropic, RenderOptions::default()),
        ("anthropic-strict", Target::Anthropic, RenderOptions::default().anthropic_strict(true)),
        ("gemini", Target::Gemini, RenderOptions::default()),
        ("gemini-json-schema", Target::Gemini, RenderOptions::default().gemini_json_schema(true)),
        ("bedrock", Target::Bedrock, RenderOptions::default()),
        ("bedrock-strict", Target::Bedrock, RenderOptions::default().bedrock_strict(true)),
        ("mcp", Target::Mcp, RenderOptions::default()),
        ("json-schema", Target::JsonSchema, RenderOptions::default()),
    ];
    // Each again with its tagged unions nested (`nested.<variant>`, checked as `<variant>`), and
    // with them at the root where the target takes that (`variants.<variant>`).
    let mut variants: Vec<(String, Target, RenderOptions)> =
        plain.iter().map(|(name, target, options)| (name.to_string(), *target, *options)).collect();
    for (name, target, options) in plain {
        variants.push((format!("nested.{name}"), target, options.union_form(UnionForm::Nested)));
        if matches!(target, Target::Mcp | Target::JsonSchema) {
            variants.push((format!("variants.{name}"), target, options.union_form(UnionForm::Variants)));
        }
    }
    // One request per package and variant, as an application would send them (names repeat across packages).
    let mut packages: std::collections::BTreeMap<&str, Vec<&toolc::ToolDef>> = Default::default();
    for def in &tools {
        packages.entry(def.source.map_or("", |source| source.package)).or_default().push(def);
    }
    for (package, defs) in &packages {
        for (name, target, options) in &variants {
            let (target, options) = (*target, *options);
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

    // One Gemini request whose declarations take both forms: `parameters` where they can express
    // the tool, `parametersJsonSchema` where they cannot (a header name, a recursive type).
    let header =
        json!({"type": "object", "properties": {"Content-Type": {"type": "string"}, "url": {"type": "string"}}});
    let tree = json!({
        "type": "object",
        "properties": {"root": {"$ref": "#/$defs/Node"}},
        "$defs": {"Node": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}}
    });
    let mixed = [
        toolc::ToolDef::new("post", "Post a body.", header),
        toolc::ToolDef::new("plant", "Plant a tree.", tree.clone()).with_output_schema(Some(tree)),
    ];
    let mut defs: Vec<&toolc::ToolDef> = packages.values().next().unwrap()[..3].to_vec();
    defs.extend(&mixed);
    let rendered = render_tools(defs, Target::Gemini, &RenderOptions::default()).unwrap_or_else(|err| panic!("{err}"));
    let declarations = rendered.value[0]["functionDeclarations"].as_array().unwrap();
    let forms = |key: &str| declarations.iter().filter(|declaration| declaration.get(key).is_some()).count();
    assert_eq!((forms("parameters"), forms("parametersJsonSchema")), (3, 2), "{}", rendered.value);
    let document = serde_json::to_string_pretty(&json!({"tools": rendered.value})).unwrap();
    std::fs::write(renderings.join("mixed.gemini.json"), document).unwrap();

    // Response formats, wrapped as tools so the same SDK checks apply to their schemas.
    let mut openai = Vec::new();
    let mut anthropic = Vec::new();
    let mut gemini = Vec::new();
    let mut bedrock = Vec::new();
    for def in tools.iter().filter(|def| def.strict) {
        let format = def.response_format(Target::OpenAi).unwrap_or_else(|err| panic!("{err}")).value;
        let schema = &format["json_schema"];
        openai.push(json!({"type": "function", "function": {"name": schema["name"], "parameters": schema["schema"], "strict": schema["strict"]}}));
        let format = def.response_format(Target::Anthropic).unwrap_or_else(|err| panic!("{err}")).value;
        anthropic.push(json!({"name": def.name, "input_schema": format["schema"], "strict": true}));
        let schema = def.response_format(Target::Gemini).unwrap_or_else(|err| panic!("{err}")).value;
        gemini.push(json!({"name": def.name, "parameters": schema}));
        bedrock.push(def.response_format(Target::Bedrock).unwrap_or_else(|err| panic!("{err}")).value);
    }
    for (name, tools) in [
        ("response-format.openai", json!(openai)),
        ("response-format.anthropic-strict", json!(anthropic)),
        ("response-format.gemini", json!([{"functionDeclarations": gemini}])),
        ("response-format.bedrock-strict", json!(bedrock)),
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
    use toolc::{ChoiceError, ChoiceOptions, ToolChoice, Toolbox};

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
    for target in [Target::OpenAi, Target::OpenAiResponses, Target::Anthropic, Target::Gemini, Target::Bedrock] {
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
                            || (target == Target::Gemini && option.parallel_calls.is_some())
                            || (target == Target::Bedrock
                                && (option.parallel_calls.is_some()
                                    || matches!(choice, ToolChoice::None | ToolChoice::Allowed { .. }))) => {}
                    Err(err) => panic!("{label}: {err}"),
                }
            }
        }
    }
    assert_eq!(
        cases.len(),
        2 * 6 * 3 + 4 * 3 + 6 + 3,
        "OpenAI twice, Anthropic without subsets, Gemini without parallel, Bedrock neither nor `none`"
    );
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
        ("bedrock", json!({"toolChoice": {"none": {}}}), "a `none` Converse does not have"),
        ("bedrock", json!({"toolChoice": {"tool": {"name": "a.b"}}}), "a tool name outside the pattern"),
        ("bedrock", json!({"toolChoice": {"auto": {}, "any": {}}}), "two members of a union"),
    ];
    for (target, fields, what) in wrong {
        cases.push(json!({"label": format!("wrong: {what}"), "target": target, "fields": fields, "valid": false}));
    }
    // And two checks that botocore's validation leaves patterns and lengths to the model's constraints.
    check_cases("check_choice.py", "choices", &cases, cases.len() + 2);
}

/// The replies `dispatch` writes when tools return images beside their JSON (roo-tools' browser:
/// `launchBrowser` and `captureScreenshot` attach a PNG of the page), for every provider, checked
/// against the SDKs' own types (tests/conformance/check_reply.py), with each image decoded. A few
/// wrong shapes written by hand must be refused, so the check is seen to bite.
#[test]
fn provider_sdks_accept_every_reply_with_images() {
    use roo_tools::browser::{BrowserTools, Page};
    use toolc::{DispatchOptions, Toolbox};

    let mut page = Page::default();
    page.elements.insert("h1".into(), "Docs".into());
    page.elements.insert("#q".into(), String::new());
    let calls = [
        ("launchBrowser", json!({"url": "https://site.test/"})),
        ("typeText", json!({"selector": "#q", "text": "tokio"})),
        ("captureScreenshot", json!({})),
        ("getElementText", json!({"selector": "h1"})),
    ];
    let response = |target: Target| match target {
        Target::OpenAi => {
            json!({"choices": [{"message": {"role": "assistant", "tool_calls": calls.iter().enumerate().map(|(i, (name, args))| {
            json!({"id": format!("call_{i}"), "type": "function", "function": {"name": name, "arguments": args.to_string()}})
        }).collect::<Vec<_>>()}}]})
        }
        Target::OpenAiResponses => json!({"output": calls.iter().enumerate().map(|(i, (name, args))| {
            json!({"type": "function_call", "id": format!("fc_{i}"), "call_id": format!("call_{i}"), "name": name, "arguments": args.to_string()})
        }).collect::<Vec<_>>()}),
        Target::Anthropic => json!({"role": "assistant", "content": calls.iter().enumerate().map(|(i, (name, args))| {
            json!({"type": "tool_use", "id": format!("toolu_{i}"), "name": name, "input": args})
        }).collect::<Vec<_>>()}),
        Target::Gemini => {
            json!({"candidates": [{"content": {"role": "model", "parts": calls.iter().map(|(name, args)| {
            json!({"functionCall": {"name": name, "args": args}})
        }).collect::<Vec<_>>()}}]})
        }
        Target::Bedrock => {
            json!({"output": {"message": {"role": "assistant", "content": calls.iter().enumerate().map(|(i, (name, args))| {
            json!({"toolUse": {"toolUseId": format!("tooluse_{i}"), "name": name, "input": args}})
        }).collect::<Vec<_>>()}}, "stopReason": "tool_use"})
        }
        _ => unreachable!(),
    };
    let mut cases = Vec::new();
    for target in [Target::OpenAi, Target::OpenAiResponses, Target::Anthropic, Target::Gemini, Target::Bedrock] {
        // One call at a time, so the screenshot shows the text typed before it.
        let browser = BrowserTools::new([("https://site.test/".to_owned(), page.clone())].into());
        let exchange = pollster::block_on(browser.dispatch(
            target,
            response(target).to_string(),
            DispatchOptions::default().max_concurrency(1),
        ))
        .unwrap();
        assert!(exchange.results.iter().all(|result| !result.is_error), "{target}: {:?}", exchange.results);
        assert_eq!(exchange.results.iter().filter(|result| !result.parts.is_empty()).count(), 2, "{target}");
        cases.push(json!({"label": format!("{target} reply"), "target": target, "reply": exchange.reply, "valid": true, "images": 2}));
    }
    // MCP: one `tools/call` a request.
    let browser = BrowserTools::new([("https://site.test/".to_owned(), page.clone())].into());
    for (index, (name, args)) in calls.iter().enumerate() {
        let request =
            json!({"jsonrpc": "2.0", "id": index, "method": "tools/call", "params": {"name": name, "arguments": args}});
        let reply = pollster::block_on(browser.handle(Target::Mcp, request.to_string())).unwrap();
        let images = usize::from(matches!(*name, "launchBrowser" | "captureScreenshot"));
        cases.push(
            json!({"label": format!("mcp {name}"), "target": "mcp", "reply": reply, "valid": true, "images": images}),
        );
    }
    let image = json!({"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}});
    let wrong = [
        (
            "openai",
            json!([{"role": "tool", "tool_call_id": "c", "content": [image]}]),
            "an image in a chat tool message",
        ),
        (
            "openai-responses",
            json!([{"type": "function_call_output", "call_id": "c", "output": [{"type": "input_image", "url": "data:,"}]}]),
            "an input_image without image_url",
        ),
        (
            "anthropic",
            json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": [{"type": "image", "source": {"type": "base64", "data": "AA=="}}]}]}),
            "an image source without media_type",
        ),
        (
            "gemini",
            json!({"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {}, "parts": [{"inline": {"mimeType": "image/png", "data": "AA=="}}]}}]}),
            "an unknown part field",
        ),
        ("mcp", json!({"result": {"content": [{"type": "image", "data": "AA=="}]}}), "an MCP image without mimeType"),
        (
            "bedrock",
            json!({"role": "user", "content": [{"toolResult": {"toolUseId": "t", "content": [{"image": {"format": "bmp", "source": {"bytes": "AA=="}}}]}}]}),
            "an image format Converse does not take",
        ),
        (
            "bedrock",
            json!({"role": "user", "content": [{"toolResult": {"toolUseId": "t", "content": [{"text": "x"}], "status": "failed"}}]}),
            "a status that is neither success nor error",
        ),
    ];
    for (target, reply, what) in wrong {
        cases.push(json!({"label": format!("wrong: {what}"), "target": target, "reply": reply, "valid": false}));
    }
    // Each valid reply is checked twice: its shape, and its images.
    let valid = cases.iter().filter(|case| case["valid"] == true).count();
    check_cases("check_reply.py", "replies", &cases, cases.len() + valid);
}

/// A finished Converse response Bedrock sent (recorded by LangChain's AWS tests): its call runs,
/// and the reply is one botocore's model of the service accepts and its serializer writes alike.
#[test]
fn a_recorded_converse_response_dispatches_and_botocore_takes_the_reply() {
    let (_, work) = installed();
    let response =
        std::fs::read_to_string(work.join("recorded-streams/bedrock/langchain-agent-loop-response.json")).unwrap();
    let exchange =
        pollster::block_on(weather::Weather.dispatch(Target::Bedrock, response, DispatchOptions::default())).unwrap();
    assert_eq!(exchange.calls.len(), 1);
    assert_eq!(exchange.calls[0].name, "get_weather");
    assert_eq!(exchange.calls[0].id.as_deref(), Some("tooluse_hi2yncmb3TRabw7kPLFJX3"));
    assert_eq!(
        serde_json::from_str::<Value>(&exchange.calls[0].arguments).unwrap(),
        json!({"location": "San Francisco, CA"})
    );
    assert!(!exchange.results[0].is_error, "{:?}", exchange.results);
    assert_eq!(exchange.reply["content"][0]["toolResult"]["toolUseId"], "tooluse_hi2yncmb3TRabw7kPLFJX3");
    let case = json!({"label": "bedrock recorded reply", "target": "bedrock", "reply": exchange.reply, "valid": true, "images": 0});
    check_cases("check_reply.py", "recorded-reply", &[case], 2);
}

/// The calls of an exchange, their arguments as JSON values where the provider sends an object (a
/// response the SDK wrote again holds the same object in other text).
fn calls_of(target: Target, exchange: &Exchange) -> Vec<(Option<String>, String, Value)> {
    exchange
        .calls
        .iter()
        .map(|call| {
            let arguments = match target {
                Target::OpenAi | Target::OpenAiResponses => json!(call.arguments),
                _ if call.arguments.is_empty() => json!({}),
                _ => serde_json::from_str(&call.arguments).unwrap_or_else(|_| json!(call.arguments)),
            };
            (call.id.clone(), call.name.clone(), arguments)
        })
        .collect()
}

#[test]
fn provider_sdks_assemble_the_same_calls_from_every_stream() {
    let (here, work) = installed();
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/streams");
    let servers = ours.join("servers");
    let recorded = work.join("recorded-streams");
    let mut streams = Vec::new();
    for (folder, target) in streams::PROVIDERS {
        for (origin, root) in [("", &ours), ("servers/", &servers), ("recorded/", &recorded)] {
            let Ok(entries) = std::fs::read_dir(root.join(folder)) else { continue };
            let mut paths: Vec<PathBuf> = entries
                .map(|entry| entry.unwrap().path())
                .filter(|path| streams::is_stream(path) || path.extension().is_some_and(|ext| ext == "txt"))
                .collect();
            paths.sort();
            for path in paths {
                let label = format!("{origin}{folder}/{}", path.file_name().unwrap().to_str().unwrap());
                streams.push((label, target, path));
            }
        }
    }
    assert!(streams.iter().filter(|(label, ..)| label.starts_with("recorded/anthropic/")).count() >= 16);
    assert!(streams.iter().filter(|(label, ..)| label.starts_with("recorded/openai/")).count() >= 10);
    assert!(streams.iter().filter(|(label, ..)| label.starts_with("recorded/openai")).count() >= 16);
    assert!(streams.iter().filter(|(label, ..)| label.starts_with("servers/")).count() >= 3);
    assert!(streams.iter().filter(|(label, ..)| label.starts_with("recorded/bedrock/")).count() >= 4);

    let mut cases = Vec::new();
    let mut exchanges = Vec::new();
    let mut checks = 0;
    for (label, target, path) in &streams {
        let bytes = std::fs::read(path).unwrap();
        if label.starts_with("recorded/") {
            streams::every_split_reads_the_same(*target, &bytes, label);
        }
        let source = futures_util::stream::iter([Ok::<_, std::io::Error>(bytes)]);
        let exchange = pollster::block_on(
            weather::Weather.dispatch_stream(*target, source, DispatchOptions::default()).into_future(),
        )
        .unwrap_or_else(|err| panic!("{label}: {err}"));
        let unfinished: Vec<_> =
            exchange.interrupted.iter().flat_map(|cut| &cut.unfinished).map(|call| call.id.clone()).collect();
        checks += 2 + unfinished.len();
        let calls: Vec<Value> = exchange
            .calls
            .iter()
            .map(|call| json!({"id": call.id, "name": call.name, "arguments": call.arguments}))
            .collect();
        cases.push(json!({"label": label, "target": target.to_string(), "sse": path, "calls": calls,
            "unfinished": unfinished, "interrupted": exchange.interrupted.is_some()}));
        exchanges.push(exchange);
    }
    let (cases_file, finished_file) = (work.join("streams.json"), work.join("streams-finished.json"));
    std::fs::write(&cases_file, serde_json::to_string_pretty(&cases).unwrap()).unwrap();
    let python = run(
        Command::new(work.join("venv/bin/python"))
            .arg(here.join("check_stream.py"))
            .arg(&cases_file)
            .arg(&finished_file),
        "check_stream.py",
    );
    println!("{python}");
    assert!(python.contains(&format!("{checks} passed, 0 failed")), "{python}");

    // `dispatch` on the response the SDK assembled answers as the stream did.
    let finished: serde_json::Map<String, Value> =
        serde_json::from_str(&std::fs::read_to_string(&finished_file).unwrap()).unwrap();
    let mut refused = Vec::new();
    for ((label, target, _), streamed) in streams.iter().zip(&exchanges) {
        let response = &finished[label.as_str()];
        if response.is_null() {
            refused.push(label.as_str());
            continue;
        }
        let options = DispatchOptions::default();
        let expected = pollster::block_on(weather::Weather.dispatch_value(*target, response, options))
            .unwrap_or_else(|err| panic!("{label}: {err}"));
        assert_eq!(calls_of(*target, streamed), calls_of(*target, &expected), "{label}");
        assert_eq!(streamed.results, expected.results, "{label}");
        assert_eq!(streamed.reply, expected.reply, "{label}");
        assert_eq!(streamed.final_answer, expected.final_answer, "{label}");
    }
    // The SDK stops at a call whose input is not JSON; toolc answers it with an error for the model.
    assert_eq!(refused, ["recorded/anthropic/tool_use_invalid_json_response.txt"]);
}

/// Every tool of the example crates and the test set, lowered for each open-model server in its
/// default form (root unions nested), the flat one and variants (the union at the root), compiles in that server's grammar engine,
/// its own compiler, with nothing dropped (tests/conformance/check_engines.py --require-clean).
#[test]
fn every_tool_lowered_for_a_server_compiles_whole_in_its_engine() {
    use toolc::{GrammarEngine, Server};

    let (here, work) = installed();
    let tools: Vec<_> = registry::tools().to_vec();
    for engine in GrammarEngine::ALL {
        let folder = work.join("engine-renderings").join(engine.to_string());
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        let server = Server::ALL.into_iter().find(|server| server.engine() == engine).unwrap();
        assert_eq!(RenderOptions::default().server(server).form_for(Target::OpenAi), UnionForm::Nested);
        for (form, options) in [
            ("default", RenderOptions::default().server(server)),
            ("flat", RenderOptions::default().server(server).union_form(UnionForm::Flat)),
            ("variants", RenderOptions::default().server(server).union_form(UnionForm::Variants)),
        ] {
            for def in &tools {
                let rendered = render_tools([*def], Target::OpenAi, &options).unwrap_or_else(|err| panic!("{err}"));
                let file = folder.join(format!("{form}.{}.{}.json", def.source.map_or("", |s| s.package), def.name));
                std::fs::write(file, rendered.value.to_string()).unwrap();
            }
        }
        let output = run(
            Command::new(work.join("engines/bin/python"))
                .arg(here.join("check_engines.py"))
                .args([&engine.to_string(), &folder.display().to_string(), "--require-clean"])
                .env("TOOLC_LLAMA_CPP", work.join("llama-cpp")),
            &format!("{engine}'s compiler"),
        );
        let closing = output.lines().last().unwrap_or_default();
        println!("{closing}");
        assert!(closing.ends_with(" 0 with meaning dropped, 0 refused"), "{output}");
        assert!(!closing.contains(": 0 tools"), "{output}");
    }
}
