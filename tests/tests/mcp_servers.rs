//! `McpToolbox` against MCP servers nobody here wrote: the reference servers `everything`,
//! `filesystem` and `memory` (npm packages pinned in `tests/conformance/package.json`), started as
//! child processes. Their tools are listed, lowered for every provider and checked with the
//! providers' own SDK code; called with good and bad arguments; progress, images, structured
//! content, errors, timeouts and cancellation go through as a model's agent needs them.

use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;
use toolc::read::Message;
use toolc::{Arguments, CallContext, ContentPart, DispatchOptions, RenderOptions, Target, ToolError, Toolbox};
use toolc_mcp::{McpOptions, McpToolbox};

use crate::support::pinned::{installed, run};

/// The pinned reference server `name`, installed in `work`.
pub(crate) fn server(work: &Path, name: &str) -> Command {
    Command::new(work.join("node_modules/.bin").join(format!("mcp-server-{name}")))
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap()
}

async fn everything(work: &Path) -> McpToolbox {
    McpToolbox::connect_stdio(server(work, "everything").arg("stdio")).await.unwrap()
}

async fn filesystem(work: &Path, root: &Path) -> McpToolbox {
    McpToolbox::connect_stdio(server(work, "filesystem").arg(root)).await.unwrap()
}

async fn memory(work: &Path, file: &Path) -> McpToolbox {
    McpToolbox::connect_stdio(server(work, "memory").env("MEMORY_FILE_PATH", file)).await.unwrap()
}

/// The renderings the providers' SDK checks read: `(file name's variant, target, options)`.
const VARIANTS: [(&str, Target, bool, bool); 8] = [
    ("openai", Target::OpenAi, false, false),
    ("openai-responses", Target::OpenAiResponses, false, false),
    ("anthropic", Target::Anthropic, false, false),
    ("anthropic-strict", Target::Anthropic, true, false),
    ("gemini", Target::Gemini, false, false),
    ("gemini-json-schema", Target::Gemini, false, true),
    ("mcp", Target::Mcp, false, false),
    ("json-schema", Target::JsonSchema, false, false),
];

#[test]
fn reference_servers_tools_lower_for_every_provider_and_pass_their_sdks() {
    let (here, work) = installed();
    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().join("root");
    std::fs::create_dir(&root).unwrap();
    // Declared first, so dropped last: the servers end on the runtime that started them.
    let runtime = runtime();
    let servers = runtime.block_on(async {
        [
            everything(&work).await,
            filesystem(&work, &root).await,
            memory(&work, &scratch.path().join("memory.jsonl")).await,
        ]
    });
    lower_for_every_provider_and_check(&servers, &here, &work);
}

/// Renders the tools of each of `servers` for every provider (every tool in every rendering, none
/// refused) and has the providers' own SDK code check the renderings: the Python SDKs and the
/// TypeScript ones pinned in `here`, installed in `work`.
pub(crate) fn lower_for_every_provider_and_check(servers: &[McpToolbox], here: &Path, work: &Path) {
    let scratch = tempfile::tempdir().unwrap();
    let renderings = scratch.path().join("renderings");
    std::fs::create_dir(&renderings).unwrap();
    for server in servers {
        assert!(!server.tools().is_empty(), "{} lists tools", server.name());
        for (variant, target, anthropic_strict, gemini_json_schema) in VARIANTS {
            let options =
                RenderOptions::default().anthropic_strict(anthropic_strict).gemini_json_schema(gemini_json_schema);
            let rendered = server.render_with(target, &options).unwrap();
            let file = renderings.join(format!("{}.{variant}.json", server.name().replace('/', "-")));
            std::fs::write(file, json!({"tools": rendered.value}).to_string()).unwrap();
        }
        for target in Target::ALL {
            let messages = server.messages(target);
            let refused: Vec<&Message> = messages.iter().filter(|m| matches!(m, Message::Error(_))).collect();
            assert!(refused.is_empty(), "{} for {target}: {refused:#?}", server.name());
            assert_eq!(count(server.render(target).unwrap(), target), server.tools().len(), "{}", server.name());
        }
    }
    let python = run(
        Command::new(work.join("venv/bin/python")).arg(here.join("check.py")).arg(&renderings),
        "the Python SDK checks",
    );
    let node =
        run(Command::new("node").arg("check.mjs").arg(&renderings).current_dir(work), "the TypeScript SDK checks");
    println!("{python}{node}");
    assert!(python.contains(" passed, 0 failed") && node.contains(" passed, 0 failed"), "{python}{node}");
}

/// How many tools a rendering of `tools` holds.
fn count(tools: &serde_json::Value, target: Target) -> usize {
    match target {
        Target::Gemini => tools[0]["functionDeclarations"].as_array().unwrap().len(),
        _ => tools.as_array().unwrap().len(),
    }
}

#[test]
fn everything_server_calls_images_structured_content_progress_and_errors() {
    let (_, work) = installed();
    runtime().block_on(async {
        let everything = everything(&work).await;
        assert_eq!(everything.name(), "mcp-servers/everything");
        assert_eq!(everything.call("echo", r#"{"message": "hi"}"#).await.unwrap(), "Echo: hi");

        // Caught here, with toolc's words, before the server sees it.
        let err = everything.call("echo", r#"{"mesage": "hi"}"#).await.unwrap_err();
        assert!(matches!(err, ToolError::InvalidArguments { .. }), "{err}");
        assert!(err.to_string().contains("did you mean `message`?"), "{err}");
        let err = everything.call("get-sum", r#"{"a": 1, "b": "2"}"#).await.unwrap_err();
        assert!(err.to_string().contains("at /b: expected a number, got the string \"2\""), "{err}");

        let image =
            everything.call_arguments("get-tiny-image", Arguments::Text("{}"), CallContext::detached()).await.unwrap();
        let pictures: Vec<_> = image
            .parts
            .iter()
            .filter_map(|part| if let ContentPart::Image(image) = part { Some(image) } else { None })
            .collect();
        assert_eq!(pictures.len(), 1, "{image:?}");
        assert_eq!(pictures[0].mime_type(), "image/png");
        assert!(pictures[0].data().starts_with(b"\x89PNG"));

        // The image reaches each provider as a local tool's does: an image block in the reply.
        let response = json!({"role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "get-tiny-image", "input": {}}]});
        let exchange =
            everything.dispatch(Target::Anthropic, response.to_string(), DispatchOptions::default()).await.unwrap();
        let blocks = &exchange.reply["content"][0]["content"];
        assert!(
            blocks
                .as_array()
                .unwrap()
                .iter()
                .any(|block| block["type"] == "image" && block["source"]["media_type"] == "image/png"),
            "{blocks}"
        );

        let weather = everything.call("get-structured-content", r#"{"location": "Chicago"}"#).await.unwrap();
        assert!(weather["temperature"].is_number() && weather["conditions"].is_string(), "{weather}");

        let seen = Arc::new(Mutex::new(Vec::new()));
        let reports = Arc::clone(&seen);
        let context = CallContext::new().on_progress(move |progress| reports.lock().unwrap().push(progress.progress));
        let done = everything
            .call_with("trigger-long-running-operation", r#"{"duration": 1, "steps": 4}"#, &context)
            .await
            .unwrap();
        assert!(done.as_str().unwrap().starts_with("Long running operation completed"), "{done}");
        assert_eq!(*seen.lock().unwrap(), [1.0, 2.0, 3.0, 4.0]);

        // An unknown tool never leaves the process.
        let err = everything.call("get-summ", "{}").await.unwrap_err();
        assert!(err.to_string().contains("did you mean `get-sum`?"), "{err}");
    });
}

#[test]
fn a_long_call_is_cancelled_by_its_timeout_or_when_dropped_and_the_session_goes_on() {
    let (_, work) = installed();
    runtime().block_on(async {
        let options = McpOptions::default().timeout(Duration::from_millis(700));
        let everything =
            McpToolbox::connect_stdio_with(server(&work, "everything").arg("stdio"), options).await.unwrap();
        let started = Instant::now();
        let err =
            everything.call("trigger-long-running-operation", r#"{"duration": 30, "steps": 3}"#).await.unwrap_err();
        assert!(err.to_string().contains("did not answer within 0.7 s, so the call was cancelled"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(5));

        let everything = McpToolbox::connect_stdio(server(&work, "everything").arg("stdio")).await.unwrap();
        let call = everything.call("trigger-long-running-operation", r#"{"duration": 30, "steps": 3}"#);
        assert!(tokio::time::timeout(Duration::from_millis(300), call).await.is_err(), "dropped while running");
        assert_eq!(everything.call("echo", r#"{"message": "still here"}"#).await.unwrap(), "Echo: still here");
    });
}

#[test]
fn filesystem_server_serves_its_root_and_its_refusals_reach_the_model() {
    let (_, work) = installed();
    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().join("root");
    std::fs::create_dir(&root).unwrap();
    std::fs::write(root.join("a.txt"), "alpha").unwrap();
    runtime().block_on(async {
        let files = filesystem(&work, &root).await;
        let listing = files.call("list_directory", &json!({"path": root}).to_string()).await.unwrap();
        assert!(listing.to_string().contains("[FILE] a.txt"), "{listing}");
        let outside = scratch.path().join("secret.txt");
        let err = files.call("write_file", &json!({"path": outside, "content": "x"}).to_string()).await.unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with(
                "tool `write_file` failed: the MCP server `secure-filesystem-server` answered with an error: "
            ),
            "{text}"
        );
        assert!(text.contains("Access denied"), "{text}");
        assert!(!outside.exists());
        // A required argument left out is the model's to fix, said here.
        let err = files.call("write_file", &json!({"path": root.join("b.txt")}).to_string()).await.unwrap_err();
        assert!(err.to_string().contains("missing required field `content`"), "{err}");
    });
}

#[test]
fn memory_server_round_trip() {
    let (_, work) = installed();
    let scratch = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let memory = memory(&work, &scratch.path().join("memory.jsonl")).await;
        let entities =
            json!({"entities": [{"name": "toolc", "entityType": "project", "observations": ["lowers tools"]}]});
        memory.call("create_entities", &entities.to_string()).await.unwrap();
        let graph = memory.call("read_graph", "{}").await.unwrap();
        assert_eq!(graph["entities"][0]["name"], "toolc", "{graph}");
        assert_eq!(graph["entities"][0]["observations"], json!(["lowers tools"]));
        let err = memory.call("open_nodes", r#"{"names": "toolc"}"#).await.unwrap_err();
        assert!(err.to_string().contains("at /names: expected an array"), "{err}");
    });
}

#[test]
fn a_server_killed_mid_call_answers_with_an_error_and_is_started_again() {
    let (_, work) = installed();
    let scratch = tempfile::tempdir().unwrap();
    let pid_file = scratch.path().join("pid");
    let script = scratch.path().join("everything.sh");
    let body = format!(
        "#!/bin/sh\necho $$ > {pid}\nexec {bin} stdio\n",
        pid = pid_file.display(),
        bin = work.join("node_modules/.bin/mcp-server-everything").display()
    );
    std::fs::write(&script, body).unwrap();
    runtime().block_on(async {
        let options = McpOptions::default().backoff(Duration::from_millis(100), Duration::from_secs(1));
        let everything = McpToolbox::connect_stdio_with(Command::new("sh").arg(&script), options).await.unwrap();
        let pid = std::fs::read_to_string(&pid_file).unwrap().trim().to_owned();
        let call = everything.call("trigger-long-running-operation", r#"{"duration": 30, "steps": 3}"#);
        let kill = async {
            tokio::time::sleep(Duration::from_millis(500)).await;
            run(Command::new("kill").args(["-9", &pid]), "killing the server");
        };
        let (outcome, ()) = tokio::join!(call, kill);
        let err = outcome.unwrap_err();
        assert!(err.to_string().contains("stopped answering"), "{err}");
        assert_eq!(everything.call("echo", r#"{"message": "back"}"#).await.unwrap(), "Echo: back");
    });
}
