//! Tools that ask, served over MCP 2026-07-28 and attacked as an adversary would, with requests
//! written by hand: a `requestState` changed, forged by another server, or replayed for another
//! call; a question the client never said it can answer; a task read, answered or cancelled by a
//! caller that did not start it. Each is refused, and the honest client goes on.

use std::net::SocketAddr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use toolc::{AskError, CallContext, Elicited, Form, QuestionKind, Sampling, toolbox};
use toolc_mcp::jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, encode};
use toolc_mcp::{HttpOptions, HttpServer, JwtValidator, McpServer};

use crate::support::raw_http::{Reply, post};

/// Whether to go on.
#[derive(Deserialize, JsonSchema, Form)]
struct Confirm {
    /// Go on.
    ok: bool,
}

/// Tools that ask.
pub(crate) struct Asking;

#[toolbox]
impl Asking {
    /// Deletes the files of a folder once the user confirms.
    ///
    /// # Arguments
    /// * `folder` - The folder.
    #[tool]
    async fn delete(&self, context: &CallContext, folder: String) -> Result<String, AskError> {
        Ok(match context.elicit::<Confirm>(&format!("Delete {folder}?")).await? {
            Elicited::Accepted(Confirm { ok: true }) => format!("deleted {folder}"),
            _ => format!("kept {folder}"),
        })
    }

    /// Summarizes with the client's model when it has one, by itself otherwise.
    ///
    /// # Arguments
    /// * `text` - What to summarize.
    #[tool]
    async fn summarize(&self, context: &CallContext, text: String) -> Result<String, AskError> {
        if !context.can_ask(QuestionKind::Sampling) {
            return Ok(text.chars().take(10).collect());
        }
        Ok(context.sample(Sampling::new(50).user(text)).await?.text())
    }

    /// Counts for a while.
    #[tool(long_running)]
    async fn count(&self) -> u32 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        3
    }
}

const ELICITATION: &str = r#"{"elicitation": {}}"#;

/// A `tools/call` on 2026-07-28: the request's own version and capabilities in `_meta`.
fn call_2026(tool: &str, arguments: Value, capabilities: &str, extra: Value) -> String {
    let mut params = json!({"name": tool, "arguments": arguments, "_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": serde_json::from_str::<Value>(capabilities).unwrap(),
    }});
    for (key, value) in extra.as_object().into_iter().flatten() {
        params[key] = value.clone();
    }
    json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}).to_string()
}

/// A request on 2026-07-28 with its headers (and a bearer token when given).
async fn send_2026(address: SocketAddr, method: &str, name: &str, body: &str, token: Option<&str>) -> Reply {
    let bearer = token.map(|token| format!("Bearer {token}"));
    let mut headers = vec![("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", method), ("Mcp-Name", name)];
    if let Some(bearer) = &bearer {
        headers.push(("Authorization", bearer));
    }
    post(address, &headers, body).await
}

/// The one JSON-RPC response of a reply.
pub(crate) fn response(reply: &Reply) -> Value {
    reply.messages().into_iter().find(|message| message.get("id").is_some()).unwrap_or_else(|| panic!("{reply:?}"))
}

async fn serve(key: &[u8]) -> HttpServer {
    let server = McpServer::new(Asking).unwrap().request_state_key(key.to_vec()).unwrap();
    server.serve_http("127.0.0.1:0").await.unwrap()
}

const KEY: &[u8] = b"a key the replicas share, 32 bytes or more";

/// The first round of `delete` on `folder`: the question and its state.
async fn first_round(address: SocketAddr, folder: &str) -> (Value, String) {
    let body = call_2026("delete", json!({"folder": folder}), ELICITATION, json!({}));
    let round = response(&send_2026(address, "tools/call", "delete", &body, None).await);
    assert_eq!(round["result"]["resultType"], "input_required", "{round}");
    let question = round["result"]["inputRequests"]["elicitation-1"].clone();
    assert_eq!(question["method"], "elicitation/create", "{round}");
    (question, round["result"]["requestState"].as_str().expect("a requestState").to_owned())
}

/// The second round of `delete` on `folder`, with `state` and the user's yes.
async fn second_round(address: SocketAddr, folder: &str, state: &str) -> Value {
    let answers = json!({"elicitation-1": {"action": "accept", "content": {"ok": true}}});
    let extra = json!({"inputResponses": answers, "requestState": state});
    let body = call_2026("delete", json!({"folder": folder}), ELICITATION, extra);
    response(&send_2026(address, "tools/call", "delete", &body, None).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_state_changed_forged_or_replayed_for_another_call_is_refused() {
    let server = serve(KEY).await;
    let address = server.address();
    let (question, state) = first_round(address, "/tmp/a").await;
    // The form asked for is the type's, flat.
    assert_eq!(question["params"]["requestedSchema"]["properties"]["ok"]["type"], "boolean", "{question}");

    // One character changed.
    let mut changed = state.clone().into_bytes();
    let last = changed.len() - 2;
    changed[last] = if changed[last] == b'A' { b'B' } else { b'A' };
    let refused = second_round(address, "/tmp/a", std::str::from_utf8(&changed).unwrap()).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("requestState"), "{refused}");

    // Replayed for the same tool on other arguments.
    let replayed = second_round(address, "/", &state).await;
    assert_eq!(replayed["error"]["code"], -32602, "{replayed}");

    // Made by a server with another key.
    let other = serve(b"another key, also 32 bytes or longer").await;
    let (_, foreign) = first_round(other.address(), "/tmp/a").await;
    let forged = second_round(address, "/tmp/a", &foreign).await;
    assert_eq!(forged["error"]["code"], -32602, "{forged}");

    // The honest second round completes, here and on a replica that shares the key.
    let done = second_round(address, "/tmp/a", &state).await;
    assert_eq!(done["result"]["content"][0]["text"], "deleted /tmp/a", "{done}");
    let replica = serve(KEY).await;
    let done = second_round(replica.address(), "/tmp/a", &state).await;
    assert_eq!(done["result"]["content"][0]["text"], "deleted /tmp/a", "{done}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_question_the_client_cannot_answer_is_never_sent() {
    let server = serve(KEY).await;
    let address = server.address();
    // No elicitation declared: the call needs it, and says so, with nothing asked.
    let body = call_2026("delete", json!({"folder": "/tmp/b"}), "{}", json!({}));
    let reply = send_2026(address, "tools/call", "delete", &body, None).await;
    assert_eq!(reply.status, 400, "{reply:?}");
    let refused = response(&reply);
    assert_eq!(refused["error"]["code"], -32021, "{refused}");
    assert_eq!(refused["error"]["data"]["requiredCapabilities"], json!({"elicitation": {}}), "{refused}");

    // A tool that can do without the model does without it.
    let body = call_2026("summarize", json!({"text": "a long story about MCP"}), "{}", json!({}));
    let done = response(&send_2026(address, "tools/call", "summarize", &body, None).await);
    assert_eq!(done["result"]["content"][0]["text"], "a long sto", "{done}");
}

pub(crate) const SECRET: &[u8] = b"the issuer's secret, for the test alone";

pub(crate) fn token(subject: &str) -> String {
    let exp = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() + 600;
    let claims = json!({"iss": "https://auth.example", "aud": "http://localhost/mcp", "sub": subject, "exp": exp});
    encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(SECRET)).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_is_seen_only_by_the_caller_that_started_it() {
    let validator = JwtValidator::new(
        DecodingKey::from_secret(SECRET),
        Algorithm::HS256,
        "https://auth.example",
        "http://localhost/mcp",
    );
    let options = HttpOptions::default().bearer(validator).resource("http://localhost/mcp");
    let server = McpServer::new(Asking).unwrap().with(options).serve_http("127.0.0.1:0").await.unwrap();
    let address = server.address();
    let (ana, bob) = (token("ana"), token("bob"));
    let tasks = r#"{"extensions": {"io.modelcontextprotocol/tasks": {}}}"#;

    let body = call_2026("count", json!({}), tasks, json!({}));
    let started = response(&send_2026(address, "tools/call", "count", &body, Some(&ana)).await);
    assert_eq!(started["result"]["resultType"], "task", "{started}");
    let id = started["result"]["taskId"].as_str().expect("a task id").to_owned();

    let task_request = |method: &str| {
        json!({"jsonrpc": "2.0", "id": 2, "method": method, "params": {"taskId": id, "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"extensions": {"io.modelcontextprotocol/tasks": {}}},
        }}})
        .to_string()
    };
    // Bob knows the id, and is told there is no such task, whatever he tries.
    for method in ["tasks/get", "tasks/cancel"] {
        let refused = response(&send_2026(address, method, &id, &task_request(method), Some(&bob)).await);
        assert_eq!(refused["error"]["code"], -32602, "{method}: {refused}");
        assert_eq!(refused["error"]["message"], format!("no task `{id}`"), "{method}: {refused}");
    }
    // Ana follows her task to its end, untouched by Bob's cancel.
    let mut status = Value::Null;
    for _ in 0..50 {
        let got = response(&send_2026(address, "tasks/get", &id, &task_request("tasks/get"), Some(&ana)).await);
        status = got["result"]["status"].clone();
        if status == "completed" {
            assert_eq!(got["result"]["result"]["structuredContent"], json!({"result": 3}), "{got}");
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the task did not complete: {status}");
}

/// A server signing with `signing`, and taking states signed with `also` too.
async fn serve_with_keys(signing: &[u8], also: &[&[u8]]) -> HttpServer {
    let server =
        McpServer::new(Asking).unwrap().request_state_keys(signing, also.iter().map(|key| key.to_vec())).unwrap();
    server.serve_http("127.0.0.1:0").await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_is_rotated_in_without_failing_the_calls_in_flight() {
    const OLD: &[u8] = b"the key of November, 32 bytes or more";
    const NEW: &[u8] = b"the key of December, 32 bytes or more";
    // Before: one key. A call asks, and its user takes a while.
    let before = serve(OLD).await;
    let (_, in_flight) = first_round(before.address(), "/tmp/a").await;

    // The first deploy takes the new key beside the old one, still signing with the old.
    let taking = serve_with_keys(OLD, &[NEW]).await;
    let done = second_round(taking.address(), "/tmp/a", &in_flight).await;
    assert_eq!(done["result"]["content"][0]["text"], "deleted /tmp/a", "{done}");
    let (_, signed_old) = first_round(taking.address(), "/tmp/b").await;

    // The second signs with the new key; a replica not yet deployed again still takes what it signs.
    let signing = serve_with_keys(NEW, &[OLD]).await;
    for (folder, state) in [("/tmp/a", &in_flight), ("/tmp/b", &signed_old)] {
        let done = second_round(signing.address(), folder, state).await;
        assert_eq!(done["result"]["content"][0]["text"], format!("deleted {folder}"), "{done}");
    }
    let (_, signed_new) = first_round(signing.address(), "/tmp/c").await;
    let done = second_round(taking.address(), "/tmp/c", &signed_new).await;
    assert_eq!(done["result"]["content"][0]["text"], "deleted /tmp/c", "{done}");

    // The third drops the old key: what it signed is refused as a forged state is.
    let after = serve(NEW).await;
    let refused = second_round(after.address(), "/tmp/b", &signed_old).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    let done = second_round(after.address(), "/tmp/c", &signed_new).await;
    assert_eq!(done["result"]["content"][0]["text"], "deleted /tmp/c", "{done}");
}

#[test]
fn a_key_too_short_to_sign_is_refused_saying_why() {
    let long = [7u8; 32];
    let refused = |server: std::io::Result<McpServer<Asking>>| server.err().expect("the key is refused").to_string();
    let short = refused(McpServer::new(Asking).unwrap().request_state_keys(long, [[7u8; 16]]));
    assert!(short.contains("32"), "{short}");
    let short = refused(McpServer::new(Asking).unwrap().request_state_key([7u8; 31].to_vec()));
    assert!(short.contains("32"), "{short}");
}
