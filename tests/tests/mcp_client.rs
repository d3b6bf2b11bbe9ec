//! `McpToolbox` against the `lab-mcp` test server, whose tools misbehave on purpose: calls checked
//! before they leave, results and errors worded for the model, progress, cancellation, timeouts, a
//! server that crashes mid-call and is started again, and no child process left behind.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use toolc::{CallContext, Combine, DispatchOptions, Target, ToolError, Toolbox};
use toolc_mcp::{McpOptions, McpToolbox};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap()
}

fn lab(markers: &Path) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_lab-mcp"));
    command.arg(markers);
    command
}

/// Waits up to ten seconds for `path` to exist.
async fn appears(path: &Path) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if path.exists() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

fn markers() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn lists_renders_for_every_target_and_forwards_calls() {
    let dir = markers();
    runtime().block_on(async {
        let lab = McpToolbox::connect_stdio(lab(dir.path())).await.unwrap();
        assert_eq!(lab.name(), "lab", "named as the server names itself");
        let names: Vec<&str> = lab.tools().iter().map(|tool| &*tool.name).collect();
        assert_eq!(names, ["explode", "slow", "spin", "count", "crash", "add"]);
        for target in Target::ALL {
            let rendered = lab.render(target).unwrap();
            // Gemini's `tools` is one entry holding every declaration.
            let listed = if target == Target::Gemini { &rendered[0]["functionDeclarations"] } else { rendered };
            assert_eq!(listed.as_array().unwrap().len(), 6, "{target}: {:#?}", lab.messages(target));
        }
        assert_eq!(lab.call("add", r#"{"a": 2, "b": 3}"#).await.unwrap(), serde_json::json!({"result": 5}));
    });
}

#[test]
fn arguments_that_do_not_fit_are_answered_here_without_reaching_the_server() {
    let dir = markers();
    runtime().block_on(async {
        let lab = McpToolbox::connect_stdio(lab(dir.path())).await.unwrap();
        let err = lab.call("add", r#"{"a": 2, "b": "3", "c": 1}"#).await.unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, ToolError::InvalidArguments { .. }), "{text}");
        assert!(text.contains("at /b: expected an integer, got the string \"3\""), "{text}");
        assert!(text.contains("at /c: unknown field `c`"), "the unknown field is named too: {text}");
        // `slow` writes its marker when it runs: a call with a misspelled field never started it.
        let err = lab.call("slow", r#"{"tga": "never"}"#).await.unwrap_err();
        assert!(err.to_string().contains("did you mean `tag`?"), "{err}");
        let unknown = lab.call("ad", "{}").await.unwrap_err();
        assert!(unknown.to_string().contains("did you mean `add`?"), "{unknown}");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!dir.path().join("never.started").exists(), "the server never saw the call");
    });
}

#[test]
fn an_error_result_names_the_server() {
    let dir = markers();
    runtime().block_on(async {
        let lab = McpToolbox::connect_stdio(lab(dir.path())).await.unwrap();
        let err = lab.call("explode", "{}").await.unwrap_err();
        assert_eq!(
            err.to_string(),
            "tool `explode` failed: the MCP server `lab` answered with an error: tool `explode` panicked: the lab exploded"
        );
    });
}

#[test]
fn progress_reaches_the_callers_context() {
    let dir = markers();
    runtime().block_on(async {
        let lab = McpToolbox::connect_stdio(lab(dir.path())).await.unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let reports = Arc::clone(&seen);
        let context = CallContext::new().on_progress(move |progress| reports.lock().unwrap().push(progress));
        let out = lab.call_with("count", r#"{"to": 3}"#, &context).await.unwrap();
        assert_eq!(out, serde_json::json!({"result": 3}));
        let seen = seen.lock().unwrap();
        let steps: Vec<(f64, Option<f64>, Option<&str>)> =
            seen.iter().map(|p| (p.progress, p.total, p.message.as_deref())).collect();
        assert_eq!(
            steps,
            [(1.0, Some(3.0), Some("step 1")), (2.0, Some(3.0), Some("step 2")), (3.0, Some(3.0), Some("step 3"))]
        );
    });
}

#[test]
fn dropping_a_call_cancels_it_at_the_server() {
    let dir = markers();
    runtime().block_on(async {
        let lab = McpToolbox::connect_stdio(lab(dir.path())).await.unwrap();
        let call = lab.call("slow", r#"{"tag": "dropped"}"#);
        let started = dir.path().join("dropped.started");
        let waited = tokio::time::timeout(Duration::from_secs(10), async {
            tokio::select! {
                _ = call => panic!("the slow call finished"),
                true = appears(&started) => {}
            }
        });
        waited.await.expect("the slow tool started");
        assert!(appears(&dir.path().join("dropped.dropped")).await, "the server dropped the cancelled call's future");
        // The session goes on.
        assert_eq!(lab.call("add", r#"{"a": 1, "b": 1}"#).await.unwrap(), serde_json::json!({"result": 2}));
    });
}

#[test]
fn a_call_past_the_timeout_is_an_error_and_is_cancelled() {
    let dir = markers();
    runtime().block_on(async {
        let options = McpOptions::default().timeout(Duration::from_millis(500));
        let lab = McpToolbox::connect_stdio_with(lab(dir.path()), options).await.unwrap();
        let started = Instant::now();
        let err = lab.call("slow", r#"{"tag": "late"}"#).await.unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(5));
        assert_eq!(
            err.to_string(),
            "tool `slow` failed: the MCP server `lab` did not answer within 0.5 s, so the call was cancelled"
        );
        assert!(appears(&dir.path().join("late.dropped")).await, "the server was told to stop");
        assert_eq!(lab.call("add", r#"{"a": 1, "b": 2}"#).await.unwrap(), serde_json::json!({"result": 3}));
    });
}

#[test]
fn a_server_that_crashes_mid_call_gives_an_error_and_is_started_again() {
    let dir = markers();
    runtime().block_on(async {
        let options = McpOptions::default().backoff(Duration::from_millis(200), Duration::from_secs(1));
        let lab = McpToolbox::connect_stdio_with(lab(dir.path()), options).await.unwrap();
        let err = lab.call("crash", "{}").await.unwrap_err();
        assert!(err.to_string().starts_with("tool `crash` failed: the MCP server `lab` stopped answering"), "{err}");
        // The next call starts the server again.
        assert_eq!(lab.call("add", r#"{"a": 20, "b": 22}"#).await.unwrap(), serde_json::json!({"result": 42}));
        // The lab's structured output (an integer wrapped as MCP wants an object) is the output.
        assert!(lab.messages(Target::OpenAi).iter().any(|m| m.text().contains("connected again")));
    });
}

#[test]
fn a_server_that_cannot_start_is_tried_again_later_not_at_every_call() {
    let dir = markers();
    let script = dir.path().join("flaky.sh");
    // Serves once; every later start fails until `fixed` exists.
    let gate = dir.path().join("fixed");
    let body = format!(
        "#!/bin/sh\nif [ -e {started} ] && [ ! -e {gate} ]; then exit 1; fi\ntouch {started}\nexec {lab} {dir}\n",
        started = dir.path().join("once").display(),
        gate = gate.display(),
        lab = env!("CARGO_BIN_EXE_lab-mcp"),
        dir = dir.path().display(),
    );
    std::fs::write(&script, body).unwrap();
    runtime().block_on(async {
        let options = McpOptions::default().backoff(Duration::from_millis(300), Duration::from_secs(5));
        let flaky =
            McpToolbox::connect_stdio_with(std::process::Command::new("sh").arg(&script), options).await.unwrap();
        assert!(flaky.call("crash", "{}").await.is_err());
        let err = flaky.call("add", r#"{"a": 1, "b": 1}"#).await.unwrap_err();
        assert!(err.to_string().contains("cannot be reached"), "{err}");
        let err = flaky.call("add", r#"{"a": 1, "b": 1}"#).await.unwrap_err();
        assert!(err.to_string().contains("is unavailable") && err.to_string().contains("tried again in"), "{err}");
        std::fs::write(&gate, "").unwrap();
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(flaky.call("add", r#"{"a": 1, "b": 1}"#).await.unwrap(), serde_json::json!({"result": 2}));
    });
}

#[test]
fn the_child_process_ends_with_the_toolbox() {
    let dir = markers();
    let pid_file = dir.path().join("pid");
    let script = dir.path().join("wrapped.sh");
    // A shell that starts the server as its own child, as `npx` starts `node`.
    let body = format!(
        "#!/bin/sh\nexec 3<&0\n{lab} {dir} <&3 3<&- &\necho $! > {pid}\nwait\n",
        lab = env!("CARGO_BIN_EXE_lab-mcp"),
        dir = dir.path().display(),
        pid = pid_file.display()
    );
    std::fs::write(&script, body).unwrap();
    let runtime = runtime();
    let pid = runtime.block_on(async {
        let wrapped = McpToolbox::connect_stdio(std::process::Command::new("sh").arg(&script)).await.unwrap();
        assert_eq!(wrapped.call("add", r#"{"a": 1, "b": 1}"#).await.unwrap(), serde_json::json!({"result": 2}));
        let pid: u32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
        assert!(alive(pid));
        drop(wrapped);
        pid
    });
    let deadline = Instant::now() + Duration::from_secs(5);
    while alive(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!alive(pid), "the server started by the command's shell ended with the toolbox");
}

/// Whether process `pid` runs (a zombie, ended but not yet reaped, does not).
fn alive(pid: u32) -> bool {
    let stat = PathBuf::from(format!("/proc/{pid}/stat"));
    std::fs::read_to_string(stat).is_ok_and(|stat| !stat.rsplit(')').next().unwrap_or("").trim_start().starts_with('Z'))
}

#[test]
fn combines_with_local_tools_and_dispatches_a_providers_response() {
    struct Notes;
    #[toolc::toolbox]
    impl Notes {
        /// Keep a note.
        ///
        /// # Arguments
        /// * `text` - The note.
        #[tool]
        fn note(text: String) -> usize {
            text.len()
        }
    }
    let dir = markers();
    runtime().block_on(async {
        let lab = McpToolbox::connect_stdio(lab(dir.path())).await.unwrap().prefixed("lab_").unwrap();
        let all = (Notes, lab).combine().unwrap();
        let step = all.only(["note", "lab_add"]).unwrap();
        assert_eq!(step.render(Target::Anthropic).unwrap().as_array().unwrap().len(), 2);
        let response = r#"{"role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "lab_add", "input": {"a": 2, "b": 40}},
            {"type": "tool_use", "id": "t2", "name": "note", "input": {"text": "four"}},
            {"type": "tool_use", "id": "t3", "name": "lab_add", "input": {"a": 2}}]}"#;
        let exchange = step.dispatch(Target::Anthropic, response, DispatchOptions::default()).await.unwrap();
        assert_eq!(exchange.results[0].text(), r#"{"result":42}"#);
        assert_eq!(exchange.results[1].text(), "4");
        assert!(exchange.results[2].is_error);
        assert!(exchange.results[2].text().contains("missing required field `b`"), "{}", exchange.results[2].text());
    });
}

#[test]
fn a_streamed_response_calls_the_server_as_its_arguments_complete_and_tool_choice_names_its_tools() {
    use futures_util::stream;
    use toolc::ToolChoice;

    let dir = markers();
    runtime().block_on(async {
        let lab = McpToolbox::connect_stdio(lab(dir.path())).await.unwrap();
        let choice = ToolChoice::Tool("add").render(Target::OpenAi, lab.tools()).unwrap();
        assert_eq!(choice["tool_choice"]["function"]["name"], "add");
        assert!(ToolChoice::Tool("sub").render(Target::OpenAi, lab.tools()).is_err());
        let sse = concat!(
            r#"data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"add","arguments":"{\"a\":"}}]}}]}"#, "\n\n",
            r#"data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":" 2, \"b\": 3}"}}]}}]}"#, "\n\n",
            r#"data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#, "\n\n",
            "data: [DONE]\n\n",
        );
        let chunks = stream::iter(sse.as_bytes().chunks(7).map(Ok::<_, std::io::Error>));
        let exchange = lab.dispatch_stream(Target::OpenAi, chunks, DispatchOptions::default()).await.unwrap();
        assert_eq!(exchange.results[0].text(), r#"{"result":5}"#);
        assert_eq!(exchange.reply[0]["tool_call_id"], "c1");
    });
}
