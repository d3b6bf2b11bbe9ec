//! `McpToolbox` answering servers that ask in the middle of a call, on both protocols: the
//! reference `everything` server (nobody here wrote it; it asks with requests in a 2025-11-25
//! session, and offers its asking tools only to a client that declared it answers them), and
//! toolc's own server on 2026-07-28, where the call is sent again with the answers.

// Sampling and roots are marked deprecated in rmcp (SEP-2577 will remove them); both protocols have them.
#![allow(deprecated)]

use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use toolc::Toolbox;
use toolc_mcp::rmcp::model::{CreateMessageResult, ElicitResult, Root};
use toolc_mcp::{McpOptions, McpServer, McpToolbox};

use crate::mcp_asking::Asking;
use crate::mcp_servers::server;
use crate::support::pinned::installed;

/// A program's answers: the user fills in `name` alone; the model says `said`; one root.
fn answering(said: &'static str, forms: Arc<Mutex<Vec<Value>>>) -> McpOptions {
    McpOptions::default()
        .on_elicitation(move |form| {
            forms.lock().unwrap().push(serde_json::to_value(&form).unwrap());
            async { Ok(serde_json::from_value::<ElicitResult>(json!({"action": "accept", "content": {"name": "Ana", "ok": true}})).unwrap()) }
        })
        .on_sampling(move |_| async move {
            Ok(serde_json::from_value::<CreateMessageResult>(json!({
                "role": "assistant", "content": {"type": "text", "text": said}, "model": "the-program's-model", "stopReason": "endTurn"
            }))
            .unwrap())
        })
        .roots([serde_json::from_value::<Root>(json!({"uri": "file:///work/project", "name": "project"})).unwrap()])
}

fn tool_names(toolbox: &McpToolbox) -> Vec<String> {
    toolbox.tools().iter().map(|def| def.name.to_string()).collect()
}

#[test]
fn a_reference_server_asks_in_a_session_and_gets_the_programs_answers_with_the_forms_defaults() {
    let (_, work) = installed();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let everything = || {
            let mut command = server(&work, "everything");
            command.arg("stdio");
            command
        };
        // A client that answers nothing declares nothing: the server offers none of its asking tools.
        let plain = McpToolbox::connect_stdio(everything()).await.unwrap();
        assert_eq!(plain.protocol_version().await.as_deref(), Some("2025-11-25"), "the server speaks 2025-11-25");
        let asking = ["trigger-elicitation-request", "trigger-sampling-request", "get-roots-list"];
        assert!(
            asking.iter().all(|tool| !tool_names(&plain).contains(&(*tool).to_owned())),
            "{:?}",
            tool_names(&plain)
        );

        let forms = Arc::new(Mutex::new(Vec::new()));
        let answered = McpToolbox::connect_stdio_with(everything(), answering("a storm at sea", Arc::clone(&forms)))
            .await
            .unwrap();
        let offered = tool_names(&answered);
        assert!(asking.iter().all(|tool| offered.contains(&(*tool).to_owned())), "{offered:?}");

        let form = answered.call("trigger-elicitation-request", "{}").await.unwrap().to_string();
        assert_eq!(forms.lock().unwrap().len(), 1, "the user saw the form once");
        assert!(form.contains("- Name: Ana"), "{form}");
        // Left out by the user, filled in from the form's defaults (SEP-1034).
        assert!(form.contains("- Favorite Integer: 42") && form.contains("- Favorite Number: 3.14"), "{form}");

        let sampled =
            answered.call("trigger-sampling-request", r#"{"prompt": "Tell a story"}"#).await.unwrap().to_string();
        assert!(sampled.contains("a storm at sea") && sampled.contains("the-program's-model"), "{sampled}");

        let roots = answered.call("get-roots-list", "{}").await.unwrap().to_string();
        assert!(roots.contains("file:///work/project") && roots.contains("project"), "{roots}");
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_2026_07_28_a_call_is_sent_again_with_the_answers_and_nothing_is_asked_that_was_not_declared() {
    let server = McpServer::new(Asking).unwrap().serve_http("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", server.address());

    let forms = Arc::new(Mutex::new(Vec::new()));
    let answered = McpToolbox::connect_http_with(&url, answering("short", Arc::clone(&forms))).await.unwrap();
    assert_eq!(answered.protocol_version().await.as_deref(), Some("2026-07-28"));
    let result = |text: &str| json!({"result": text});
    assert_eq!(answered.call("delete", r#"{"folder": "/tmp/a"}"#).await.unwrap(), result("deleted /tmp/a"));
    assert_eq!(forms.lock().unwrap()[0]["message"], "Delete /tmp/a?");
    assert_eq!(answered.call("summarize", r#"{"text": "a long story"}"#).await.unwrap(), result("short"));
    // Calls that ask, at once, each with its own rounds.
    let (first, second) = tokio::join!(
        answered.call("delete", r#"{"folder": "/tmp/b"}"#),
        answered.call("delete", r#"{"folder": "/tmp/c"}"#)
    );
    assert_eq!((first.unwrap(), second.unwrap()), (result("deleted /tmp/b"), result("deleted /tmp/c")));

    // A client with no answers declares none: the tool is told it cannot ask, and the server never asks.
    let plain = McpToolbox::connect_http(&url).await.unwrap();
    assert_eq!(plain.call("summarize", r#"{"text": "a long story"}"#).await.unwrap(), result("a long sto"));
    let refused = plain.call("delete", r#"{"folder": "/tmp/a"}"#).await.unwrap_err().to_string();
    assert!(refused.contains("elicitation"), "{refused}");
    drop(server);
}

/// A server of before that settles on `version`, whatever the client offered: it answers
/// `server/discover` as servers before 2026-07-28 do (method not found) and `initialize` with
/// `version`.
async fn settles_on(version: &'static str, io: tokio::io::DuplexStream) {
    let not_found = json!({"error": {"code": -32601, "message": "Method not found"}});
    serve_lines(version, not_found, io).await;
}

/// A server that answers `server/discover` with `discovered` (`result` or `error`) and
/// `initialize` with `version`.
async fn serve_lines(version: &'static str, discovered: Value, io: tokio::io::DuplexStream) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let (read, mut write) = tokio::io::split(io);
    let mut lines = BufReader::new(read).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let request: Value = serde_json::from_str(&line).unwrap();
        let Some(answer) = answer(version, &discovered, &request) else { continue };
        write.write_all(format!("{answer}\n").as_bytes()).await.unwrap();
    }
}

/// The answer of a server of before to `request`, `server/discover` answered with `discovered`;
/// none to a notification.
fn answer(version: &str, discovered: &Value, request: &Value) -> Option<Value> {
    let mut answer = match request["method"].as_str() {
        Some("server/discover") => discovered.clone(),
        Some("initialize") => json!({"result": {
            "protocolVersion": version, "capabilities": {"tools": {}}, "serverInfo": {"name": "old", "version": "1"}
        }}),
        Some("tools/list") => json!({"result": {"tools": [{"name": "ping", "inputSchema": {"type": "object"}}]}}),
        Some("tools/call") => json!({"result": {"content": [{"type": "text", "text": "pong"}]}}),
        _ => return None,
    };
    answer["jsonrpc"] = json!("2.0");
    answer["id"] = request["id"].clone();
    Some(answer)
}

#[tokio::test]
async fn a_server_that_answers_discovery_with_anything_but_a_discovery_result_is_spoken_to_over_initialize() {
    let answers = [
        // What the conformance suite's 2025-11-25 mocks and many hand-written servers answer to any method.
        (json!({"result": {}}), "the server answered {}"),
        (json!({"result": {"whatever": [1, 2]}}), "the server answered {\"whatever\":[1,2]}"),
        (json!({"error": {"code": -32021, "message": "needs elicitation"}}), "the error -32021: needs elicitation"),
        (json!({"error": {"code": -32020, "message": "header mismatch"}}), "the error -32020: header mismatch"),
        (
            json!({"error": {"code": -32022, "message": "unsupported", "data": {"supported": ["2025-11-25"]}}}),
            "the error -32022: unsupported",
        ),
        (
            json!({"result": {"resultType": "complete", "supportedVersions": ["2025-11-25"], "capabilities": {},
                "ttlMs": 0, "cacheScope": "private"}}),
            "the server lists the versions [2025-11-25], not 2026-07-28",
        ),
    ];
    for (discovered, said) in answers {
        let (client, server) = tokio::io::duplex(64 * 1024);
        tokio::spawn(serve_lines("2025-11-25", discovered.clone(), server));
        let lenient = McpToolbox::connect_transport(client, McpOptions::default())
            .await
            .unwrap_or_else(|err| panic!("{discovered}: {err}"));
        assert_eq!(lenient.protocol_version().await.as_deref(), Some("2025-11-25"), "{discovered}");
        assert_eq!(lenient.call("ping", "{}").await.unwrap().to_string(), "\"pong\"", "{discovered}");
        let notes: Vec<String> = lenient
            .messages(toolc::Target::OpenAi)
            .iter()
            .filter(|message| message.text().contains("server/discover"))
            .map(|message| format!("{}: {}", message.kind(), message.text()))
            .collect();
        assert_eq!(notes.len(), 1, "{discovered}: said once: {notes:?}");
        assert!(notes[0].starts_with("note: ") && notes[0].contains(said), "{notes:?}");
        assert!(notes[0].contains("on 2025-11-25 instead"), "{notes:?}");
    }

    // A server of before answering as one does is no news.
    let (client, server) = tokio::io::duplex(64 * 1024);
    tokio::spawn(settles_on("2025-11-25", server));
    let old = McpToolbox::connect_transport(client, McpOptions::default()).await.unwrap();
    let messages = old.messages(toolc::Target::OpenAi);
    assert!(messages.iter().all(|message| !message.text().contains("server/discover")), "{messages:?}");
}

#[tokio::test]
async fn a_server_that_refuses_discovery_with_an_http_client_error_is_spoken_to_over_initialize() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                // One request per connection (the client keeps none idle): its head, then its body.
                let mut read = Vec::new();
                let mut buffer = [0u8; 8192];
                let (head, body) = loop {
                    let n = socket.read(&mut buffer).await.unwrap_or(0);
                    if n == 0 {
                        return;
                    }
                    read.extend_from_slice(&buffer[..n]);
                    let text = String::from_utf8_lossy(&read).into_owned();
                    let Some(end) = text.find("\r\n\r\n") else { continue };
                    let length = text[..end]
                        .lines()
                        .find_map(|line| {
                            line.to_ascii_lowercase()
                                .strip_prefix("content-length:")
                                .map(|n| n.trim().parse::<usize>().unwrap())
                        })
                        .unwrap_or(0);
                    if read.len() >= end + 4 + length {
                        break (text[..end].to_owned(), text[end + 4..end + 4 + length].to_owned());
                    }
                };
                let reply = |status: &str, kind: &str, body: String| {
                    format!(
                        "HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                        body.len()
                    )
                };
                let response = if !head.starts_with("POST") {
                    reply("405 Method Not Allowed", "text/plain", String::new())
                } else {
                    let request: Value = serde_json::from_str(&body).unwrap();
                    match request["method"].as_str() {
                        // A gateway in front of a server of before that knows no such method.
                        Some("server/discover") => reply("400 Bad Request", "text/plain", "unknown method".to_owned()),
                        _ => match answer("2025-11-25", &Value::Null, &request) {
                            Some(answer) => reply("200 OK", "application/json", answer.to_string()),
                            None => reply("202 Accepted", "text/plain", String::new()),
                        },
                    }
                };
                let _ = socket.write_all(response.as_bytes()).await;
            });
        }
    });
    let gated = McpToolbox::connect_http(&url).await.unwrap();
    assert_eq!(gated.protocol_version().await.as_deref(), Some("2025-11-25"));
    assert_eq!(gated.call("ping", "{}").await.unwrap().to_string(), "\"pong\"");
}

#[tokio::test]
async fn a_server_that_settles_on_a_version_no_sdk_speaks_is_refused_naming_it() {
    let (client, server) = tokio::io::duplex(64 * 1024);
    tokio::spawn(settles_on("2024-10-07", server));
    let refused = McpToolbox::connect_transport(client, McpOptions::default()).await.unwrap_err().to_string();
    assert!(refused.contains("2024-10-07") && refused.contains("did not offer"), "{refused}");
    assert!(refused.contains("2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05"), "{refused}");
}

#[tokio::test]
async fn a_server_that_settles_on_an_older_version_the_sdks_still_speak_is_spoken_to_on_it() {
    for version in ["2025-03-26", "2024-11-05"] {
        let (client, server) = tokio::io::duplex(64 * 1024);
        tokio::spawn(settles_on(version, server));
        let old = McpToolbox::connect_transport(client, McpOptions::default()).await.unwrap();
        assert_eq!(old.protocol_version().await.as_deref(), Some(version));
    }
}

#[test]
fn a_url_the_server_asks_the_user_to_open_is_shown_by_the_program_and_the_call_goes_on() {
    let (_, work) = installed();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let shown = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&shown);
        let options = McpOptions::default().on_url_elicitation(move |request| {
            seen.lock().unwrap().push(serde_json::to_value(&request).unwrap()["url"].clone());
            async { Ok(ElicitResult::new(toolc_mcp::rmcp::model::ElicitationAction::Accept)) }
        });
        let mut command = server(&work, "everything");
        command.arg("stdio");
        let everything = McpToolbox::connect_stdio_with(command, options).await.unwrap();
        assert!(tool_names(&everything).contains(&"trigger-url-elicitation".to_owned()));

        // Asked in the middle of the call.
        let done =
            everything.call("trigger-url-elicitation", r#"{"url": "https://example.com/sign-in"}"#).await.unwrap();
        assert!(done.to_string().contains("User completed the URL elicitation flow"), "{done}");
        assert_eq!(*shown.lock().unwrap(), [json!("https://example.com/sign-in")]);

        // Refused until a URL is opened (-32042): opened, and the call goes again.
        shown.lock().unwrap().clear();
        let arguments = r#"{"url": "https://example.com/pay", "errorPath": true}"#;
        let done = everything.call("trigger-url-elicitation", arguments).await.unwrap();
        assert!(done.to_string().contains("User completed the URL elicitation flow"), "{done}");
        assert_eq!(
            *shown.lock().unwrap(),
            [json!("https://modelcontextprotocol.io"), json!("https://example.com/pay")]
        );
    });
}
