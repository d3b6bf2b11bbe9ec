//! One toolbox served by several replicas that share a real Redis (`HttpOptions::shared_state`),
//! as a 2025-11-25 client meets them: a session opened on one replica is served by another, a
//! stream broken on one is taken up on another with `Last-Event-ID` without a gap or a repeat, a
//! stream whose replica was killed ends with an error for its request instead of waiting forever,
//! a session stays its opener's on every replica, a replica that stalled past its lease cannot
//! write over what the others took over, and a Redis reached over TLS is trusted only as told.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use toolc::Caller;
use toolc_mcp::{HttpOptions, McpServer, RedisOptions, RedisState, TokenRefused};

use crate::support::guarded::Guarded;
use crate::support::haproxy::{self, HaProxy};
use crate::support::redis::Redis;
use crate::support::replica::Replica;

/// One server-sent event: its id, and its JSON-RPC message (none for a priming event).
#[derive(Debug)]
struct Event {
    id: Option<String>,
    message: Option<Value>,
}

/// An event stream, read as it arrives.
struct Events {
    response: reqwest::Response,
    buffer: String,
}

impl Events {
    /// The events of `response`, as they arrive.
    fn of(response: reqwest::Response) -> Events {
        Events { response, buffer: String::new() }
    }

    /// The next event; `None` when the stream has ended.
    async fn next(&mut self) -> Option<Event> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let (mut id, mut data) = (None, None);
                for line in block.lines() {
                    if let Some(value) = line.strip_prefix("id:") {
                        id = Some(value.trim().to_owned());
                    } else if let Some(value) =
                        line.strip_prefix("data:").map(str::trim).filter(|value| !value.is_empty())
                    {
                        data = Some(serde_json::from_str(value).expect("each data line is JSON"));
                    }
                }
                if id.is_some() || data.is_some() {
                    return Some(Event { id, message: data });
                }
                continue;
            }
            let chunk = tokio::time::timeout(Duration::from_secs(20), self.response.chunk())
                .await
                .expect("the stream goes on or ends within 20 s")
                .ok()??;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk).replace("\r\n", "\n"));
        }
    }

    /// Every progress count and the response to request `id`, to the end of the stream.
    async fn read_to_the_end(mut self, id: u64) -> (Vec<u64>, Value) {
        let mut progress = Vec::new();
        let mut response = None;
        while let Some(event) = self.next().await {
            let Some(message) = event.message else { continue };
            if message["method"] == "notifications/progress" {
                progress.push(message["params"]["progress"].as_f64().expect("a progress count") as u64);
            } else if message["id"] == id {
                assert!(response.is_none(), "one response to request {id}: {message}");
                response = Some(message);
            }
        }
        (progress, response.expect("the stream ends with the response"))
    }
}

/// The headers of a 2025-11-25 request in `session`, with `token` when given.
fn request(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: &str,
    session: &str,
    token: Option<&str>,
) -> reqwest::RequestBuilder {
    let mut builder = http
        .request(method, url)
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2025-11-25")
        .header("Mcp-Session-Id", session);
    if let Some(token) = token {
        builder = builder.bearer_auth(token);
    }
    builder
}

/// Opens a session on `url` and gives its id.
async fn open(http: &reqwest::Client, url: &str, token: Option<&str>) -> String {
    let mut initialize = http
        .post(url)
        .header("Accept", "application/json, text/event-stream")
        .header("Content-Type", "application/json")
        .body(crate::support::raw_http::INITIALIZE);
    if let Some(token) = token {
        initialize = initialize.bearer_auth(token);
    }
    let response = initialize.send().await.unwrap();
    assert_eq!(response.status(), 200);
    let session = response.headers()["mcp-session-id"].to_str().unwrap().to_owned();
    let initialized = request(http, reqwest::Method::POST, url, &session, token)
        .header("Content-Type", "application/json")
        .body(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(initialized.status(), 202);
    session
}

/// A `tools/call` in `session`, its answer as a stream.
async fn call(
    http: &reqwest::Client,
    url: &str,
    session: &str,
    token: Option<&str>,
    id: u64,
    tool: &str,
    arguments: Value,
) -> reqwest::Response {
    let body = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": tool, "arguments": arguments, "_meta": {"progressToken": format!("p{id}")}}});
    request(http, reqwest::Method::POST, url, session, token)
        .header("Content-Type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap()
}

/// The stream of `session` after the event `last`, asked of `url`.
async fn resume(http: &reqwest::Client, url: &str, session: &str, last: &str) -> Events {
    let response =
        request(http, reqwest::Method::GET, url, session, None).header("Last-Event-ID", last).send().await.unwrap();
    assert_eq!(response.status(), 200, "resuming after {last}");
    Events::of(response)
}

/// Reads `events` up to the `count`th progress report; gives that report's event id.
async fn read_progress(events: &mut Events, count: usize) -> String {
    let mut seen = 0;
    loop {
        let event = events.next().await.expect("the call reports progress");
        if event.message.as_ref().is_some_and(|message| message["method"] == "notifications/progress") {
            seen += 1;
            if seen == count {
                return event.id.expect("every event has an id to resume from");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stream_broken_on_one_replica_is_taken_up_on_another_without_a_gap_or_a_repeat() {
    let redis = Redis::start().await;
    let scratch = tempfile::tempdir().unwrap();
    let runs = scratch.path().join("runs");
    let (a, b) = (Replica::start(&redis, &runs, 2000), Replica::start(&redis, &runs, 2000));
    let http = reqwest::Client::new();
    let session = open(&http, &a.url, None).await;

    // On A: count to 6, a step every 300 ms; the client reads two steps and its connection drops.
    let arguments = json!({"tag": "first", "steps": 6, "every_ms": 300});
    let mut events = Events::of(call(&http, &a.url, &session, None, 7, "count", arguments).await);
    let second = read_progress(&mut events, 2).await;
    drop(events);

    // On B, which has never seen the session: the rest, from the event after the one read, as it
    // comes, to the response.
    let (progress, response) = resume(&http, &b.url, &session, &second).await.read_to_the_end(7).await;
    assert_eq!(progress, [3, 4, 5, 6], "no step lost, none repeated");
    assert_eq!(response["result"]["content"][0]["text"], "counted to 6", "{response}");
    assert_eq!(std::fs::read_to_string(&runs).unwrap(), "first\n", "the call ran once");

    // The session goes on on B.
    let echoed = call(&http, &b.url, &session, None, 8, "echo", json!({"text": "still here"})).await;
    let (_, echoed) = Events::of(echoed).read_to_the_end(8).await;
    assert_eq!(echoed["result"]["content"][0]["text"], "still here", "{echoed}");

    // Taken up again after the call has ended, on A this time: the same events, then the end.
    let (progress, again) = resume(&http, &a.url, &session, &second).await.read_to_the_end(7).await;
    assert_eq!(progress, [3, 4, 5, 6]);
    assert_eq!(again, response);

    // Taken up from its last event, the response, on either replica: nothing is left to send, and
    // the stream ends at once (not keep-alives until it is forgotten).
    let mut events = resume(&http, &b.url, &session, &second).await;
    let mut last = None;
    while let Some(event) = events.next().await {
        last = event.id.or(last);
    }
    let last = last.expect("the response has an id");
    for replica in [&a, &b] {
        let mut after_the_end = resume(&http, &replica.url, &session, &last).await;
        let ended = tokio::time::timeout(Duration::from_secs(5), after_the_end.next()).await;
        assert!(matches!(ended, Ok(None)), "after the response: {ended:?}");
    }

    // An id the server never gave gets no event, not a guess: one not of its form, an empty
    // stream that ends (as MCP's transport asks, so that a browser's EventSource does not retry it
    // forever); one of its form but of no stream, 404.
    let mut events = resume(&http, &b.url, &session, "../../etc/passwd").await;
    assert!(events.next().await.is_none());
    let unknown = request(&http, reqwest::Method::GET, &b.url, &session, None)
        .header("Last-Event-ID", format!("{}/99999999999999-0", uuid_like()))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status(), 404);
    assert_eq!(redis.keys(&format!("toolc:session:{session}")).len(), 1, "the session is kept in Redis");
}

/// A stream id of the form the server gives, of no stream.
fn uuid_like() -> &'static str {
    "0b7e3c4a-8f7d-4c1e-9a55-3f0e2d1c0b9a"
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stream_whose_replica_was_killed_ends_with_an_error_for_its_request() {
    let redis = Redis::start().await;
    let scratch = tempfile::tempdir().unwrap();
    let runs = scratch.path().join("runs");
    let (mut a, b) = (Replica::start(&redis, &runs, 600), Replica::start(&redis, &runs, 600));
    let http = reqwest::Client::new();
    let session = open(&http, &a.url, None).await;
    let arguments = json!({"tag": "doomed", "steps": 1000, "every_ms": 100});
    let mut events = Events::of(call(&http, &a.url, &session, None, 9, "count", arguments).await);
    let first = read_progress(&mut events, 1).await;
    a.kill();
    drop(events);

    // Two clients take the stream up on B: each gets what A sent after the first step, then one
    // error for the request, the same for both, within the lease and a wait; then the end.
    let started = Instant::now();
    let (one, two) =
        tokio::join!(async { resume(&http, &b.url, &session, &first).await.read_to_the_end(9).await }, async {
            resume(&http, &b.url, &session, &first).await.read_to_the_end(9).await
        },);
    assert!(started.elapsed() < Duration::from_secs(8), "ended in {:?}", started.elapsed());
    assert_eq!(one.1, two.1, "one error, written once");
    let message = one.1["error"]["message"].as_str().unwrap_or_else(|| panic!("an error: {}", one.1));
    assert!(message.contains("stopped before it answered"), "{message}");
    assert_eq!(one.0, two.0);
    assert!(one.0.iter().all(|&step| step > 1), "nothing before the event named: {:?}", one.0);
    assert_eq!(std::fs::read_to_string(&runs).unwrap(), "doomed\n", "the call was not run again");
    let errors = redis.cli(&[
        "XRANGE",
        &redis.keys("toolc:events:*").into_iter().find(|key| !key.ends_with(":common")).unwrap(),
        "-",
        "+",
    ]);
    assert_eq!(errors.matches("stopped before it answered").count(), 1, "{errors}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_is_its_openers_on_every_replica() {
    let redis = Redis::start().await;
    let tokens = |token: &str| match token {
        "alice-token" => Ok(Caller::named("alice", ["tools"])),
        "mallory-token" => Ok(Caller::named("mallory", ["tools"])),
        _ => Err(TokenRefused("unknown token".to_owned())),
    };
    let mut replicas = Vec::new();
    for _ in 0..2 {
        let shared = RedisState::connect(&redis.url()).await.unwrap();
        let options = HttpOptions::default().bearer(tokens).shared_state(shared);
        let server = McpServer::new(Guarded::default()).unwrap().with(options);
        replicas.push(server.serve_http("127.0.0.1:0").await.unwrap());
    }
    let (a, b) = (replicas[0].url(), replicas[1].url());
    let http = reqwest::Client::new();
    let session = open(&http, &a, Some("alice-token")).await;

    // Mallory has the session's id (from a log, say): on either replica, there is no such session.
    for url in [&a, &b] {
        let stolen = call(&http, url, &session, Some("mallory-token"), 2, "echo", json!({"text": "mine now"})).await;
        assert_eq!(stolen.status(), 404, "{url}");
    }
    // Alice is served on both.
    for (id, url) in [(3, &a), (4, &b)] {
        let response = call(&http, url, &session, Some("alice-token"), id, "echo", json!({"text": "hello"})).await;
        assert_eq!(response.status(), 200, "{url}");
        let (_, echoed) = Events::of(response).read_to_the_end(id).await;
        assert_eq!(echoed["result"]["content"][0]["text"], "hello");
    }
    // Her streams are hers: Mallory, in a session of her own, naming the id of an event of
    // Alice's call or of Alice's session's own stream, is told there is no such stream; Alice
    // takes her call's stream up.
    let response = call(&http, &a, &session, Some("alice-token"), 6, "echo", json!({"text": "mine"})).await;
    let mut events = Events::of(response);
    let first = events.next().await.and_then(|event| event.id).expect("an event with an id");
    drop(events);
    let theirs = open(&http, &b, Some("mallory-token")).await;
    for last in [first.clone(), format!("{session}:common/0-0")] {
        let stolen = request(&http, reqwest::Method::GET, &b, &theirs, Some("mallory-token"))
            .header("Last-Event-ID", &last)
            .send()
            .await
            .unwrap();
        assert_eq!(stolen.status(), 404, "{last}");
    }
    let resumed = request(&http, reqwest::Method::GET, &b, &session, Some("alice-token"))
        .header("Last-Event-ID", &first)
        .send()
        .await
        .unwrap();
    assert_eq!(resumed.status(), 200);
    let (_, mine) = Events::of(resumed).read_to_the_end(6).await;
    assert_eq!(mine["result"]["content"][0]["text"], "mine", "{mine}");

    // A session nobody opened is nobody's, even where the store has no owner for it.
    let unknown =
        call(&http, &b, "4f0c6d43-0000-4000-8000-000000000000", Some("alice-token"), 5, "echo", json!({"text": "x"}))
            .await;
    assert_eq!(unknown.status(), 404);
    assert!(
        !format!("{:?}", RedisState::connect(&redis.url()).await.unwrap()).contains("pw-"),
        "Debug shows no password"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_redis_that_cannot_be_reached_or_refuses_the_password_is_said_plainly() {
    let redis = Redis::start().await;
    let wrong = redis.url().replace(":pw-", ":wrong-pw-");
    let err = RedisState::connect(&wrong).await.unwrap_err().to_string();
    assert!(err.contains("127.0.0.1") && !err.contains("wrong-pw"), "{err}");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let err = RedisState::connect(&format!("redis://127.0.0.1:{closed}")).await.unwrap_err().to_string();
    assert!(err.contains(&format!("cannot reach Redis at 127.0.0.1:{closed}")), "{err}");
}

/// A request on 2026-07-28 to `url`, its one JSON-RPC response.
async fn send_2026(http: &reqwest::Client, url: &str, method: &str, name: &str, id: u64, params: Value) -> Value {
    let mut params = params;
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities":
            {"elicitation": {}, "extensions": {"io.modelcontextprotocol/tasks": {}}},
    });
    let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
    let reply = http
        .post(url)
        .header("Accept", "application/json, text/event-stream")
        .header("Content-Type", "application/json")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", method)
        .header("Mcp-Name", name)
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let text = reply.text().await.unwrap();
    let messages: Vec<Value> = match serde_json::from_str(&text) {
        Ok(value) => vec![value],
        Err(_) => {
            text.lines().filter_map(|line| serde_json::from_str(line.strip_prefix("data:")?.trim()).ok()).collect()
        }
    };
    messages.into_iter().find(|message| message["id"] == id).unwrap_or_else(|| panic!("{method}: {text}"))
}

/// Starts `tally` as a task on `url`; gives its id.
async fn start_tally(http: &reqwest::Client, url: &str, tag: &str, steps: u32, ask: bool) -> String {
    let arguments = json!({"tag": tag, "steps": steps, "every_ms": 100, "ask": ask});
    let started =
        send_2026(http, url, "tools/call", "tally", 1, json!({"name": "tally", "arguments": arguments})).await;
    assert_eq!(started["result"]["resultType"], "task", "{started}");
    started["result"]["taskId"].as_str().unwrap().to_owned()
}

/// Polls the task `id` on `url` until `done` holds of it (within 10 s); gives it.
async fn poll_until(http: &reqwest::Client, url: &str, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let got = send_2026(http, url, "tasks/get", id, 2, json!({"taskId": id})).await;
        if done(&got["result"]) {
            return got["result"].clone();
        }
        assert!(started.elapsed() < Duration::from_secs(10), "task {id} is still {got}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_task_started_on_one_replica_is_followed_answered_and_cancelled_on_another() {
    let redis = Redis::start().await;
    let scratch = tempfile::tempdir().unwrap();
    let runs = scratch.path().join("runs");
    let (mut a, b) = (Replica::start(&redis, &runs, 600), Replica::start(&redis, &runs, 600));
    let http = reqwest::Client::new();

    // Started on A; its question read on B, answered on B; its result read on B.
    let asking = start_tally(&http, &a.url, "asking", 3, true).await;
    let waiting = poll_until(&http, &b.url, &asking, |task| task["status"] == "input_required").await;
    let (key, question) = waiting["inputRequests"].as_object().unwrap().iter().next().unwrap();
    assert_eq!(question["method"], "elicitation/create", "{waiting}");
    let answer = json!({"taskId": asking, "inputResponses": {key: {"action": "accept", "content": {"ok": true}}}});
    let updated = send_2026(&http, &b.url, "tasks/update", &asking, 3, answer).await;
    assert!(updated.get("error").is_none(), "{updated}");
    let done = poll_until(&http, &b.url, &asking, |task| task["status"] == "completed").await;
    assert_eq!(done["result"]["content"][0]["text"], "tallied 3", "{done}");

    // Cancelled on B, while A runs it.
    let long = start_tally(&http, &a.url, "long", 1000, false).await;
    poll_until(&http, &b.url, &long, |task| task["status"] == "working").await;
    let cancelled = send_2026(&http, &b.url, "tasks/cancel", &long, 4, json!({"taskId": long})).await;
    assert!(cancelled.get("error").is_none(), "{cancelled}");
    poll_until(&http, &b.url, &long, |task| task["status"] == "cancelled").await;

    // A is killed while it runs a task: on B, the task fails, saying why, within its lease.
    let doomed = start_tally(&http, &a.url, "doomed", 1000, false).await;
    a.kill();
    let failed = poll_until(&http, &b.url, &doomed, |task| task["status"] != "working").await;
    assert_eq!(failed["status"], "failed", "{failed}");
    let why = failed["error"]["message"].as_str().unwrap();
    assert!(why.contains("stopped before it finished"), "{why}");

    // Each ran once; nothing is left pending in Redis.
    assert_eq!(std::fs::read_to_string(&runs).unwrap(), "asking\nlong\ndoomed\n");
    for key in redis.keys("toolc:task:*").into_iter().filter(|key| !key.ends_with(":answers")) {
        let detail: Value = serde_json::from_str(redis.cli(&["HGET", &key, "detail"]).trim()).unwrap();
        assert!(["completed", "cancelled", "failed"].contains(&detail["status"].as_str().unwrap()), "{key}: {detail}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_replica_that_stalls_past_its_lease_cannot_write_over_what_the_others_took_over() {
    let redis = Redis::start().await;
    let scratch = tempfile::tempdir().unwrap();
    let runs = scratch.path().join("runs");
    let (a, b) = (Replica::start(&redis, &runs, 600), Replica::start(&redis, &runs, 600));
    let http = reqwest::Client::new();

    // On A: a call whose stream the client has left (its steps end soon after A goes on, so that
    // A then tries to write its response too), and a task.
    let session = open(&http, &a.url, None).await;
    let arguments = json!({"tag": "stalled-count", "steps": 15, "every_ms": 100});
    let mut events = Events::of(call(&http, &a.url, &session, None, 9, "count", arguments).await);
    let first = read_progress(&mut events, 1).await;
    drop(events);
    let task = start_tally(&http, &a.url, "stalled-task", 40, false).await;
    poll_until(&http, &b.url, &task, |task| task["status"] == "working").await;

    // A stands still past its lease: on B, the call's stream ends with an error for it, and the
    // task fails, both saying why.
    a.pause();
    let (_, ended) = resume(&http, &b.url, &session, &first).await.read_to_the_end(9).await;
    assert!(ended["error"]["message"].as_str().is_some_and(|m| m.contains("stopped before it answered")), "{ended}");
    let failed = poll_until(&http, &b.url, &task, |task| task["status"] != "working").await;
    assert_eq!(failed["status"], "failed", "{failed}");

    // A goes on, renews its lease, and would write on: the stream keeps its one end, last; the
    // task stays failed, as its client was told.
    a.go_on();
    let back = Instant::now();
    while redis.keys("toolc:replica:*").len() < 2 {
        assert!(back.elapsed() < Duration::from_secs(5), "A renews its lease when it goes on");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Past the end of the call's steps, and many rounds of the task's mirror.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let stream = format!("toolc:events:{}", first.rsplit_once('/').unwrap().0);
    let written = redis.cli(&["XRANGE", &stream, "-", "+"]);
    assert_eq!(written.lines().filter(|line| *line == "end").count(), 1, "{written}");
    let last = redis.cli(&["XREVRANGE", &stream, "+", "-", "COUNT", "1"]);
    assert!(last.contains("stopped before it answered"), "the error is the stream's last event:\n{written}");
    let still = poll_until(&http, &b.url, &task, |_| true).await;
    assert_eq!(still, failed, "the task A ran is as B failed it");
    let kept: Value =
        serde_json::from_str(redis.cli(&["HGET", &format!("toolc:task:{task}"), "detail"]).trim()).unwrap();
    assert_eq!(kept["status"], "failed", "{kept}");
}

/// A certificate authority of the test's own, and a certificate it signed for `localhost`, with
/// its key: the authority's certificate, and the certificate and key as one PEM file.
fn authority_and_certificate() -> (String, String) {
    use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};
    let mut authority = CertificateParams::new(Vec::<String>::new()).unwrap();
    authority.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let authority = CertifiedIssuer::self_signed(authority, KeyPair::generate().unwrap()).unwrap();
    let key = KeyPair::generate().unwrap();
    let certificate =
        CertificateParams::new(vec!["localhost".to_owned()]).unwrap().signed_by(&key, &authority).unwrap();
    (authority.pem(), format!("{}{}", certificate.pem(), key.serialize_pem()))
}

#[tokio::test(flavor = "multi_thread")]
async fn a_redis_reached_over_tls_is_trusted_only_with_the_authority_given() {
    // Redis behind a TLS front (HAProxy, as one runs in front of a Redis without TLS of its own),
    // its certificate signed by the test's own authority.
    let redis = Redis::start().await;
    let scratch = tempfile::tempdir().unwrap();
    let (authority, front_certificate) = authority_and_certificate();
    std::fs::write(scratch.path().join("redis.pem"), front_certificate).unwrap();
    let (front, behind) = (haproxy::free_port(), redis.url().rsplit_once(':').unwrap().1.to_owned());
    let config = format!(
        "global\n    log stderr local0 notice\ndefaults\n    mode tcp\n    log global\n    timeout connect 2s\n    \
         timeout client 60s\n    timeout server 60s\nfrontend tls\n    bind 127.0.0.1:{front} ssl crt {}\n    \
         default_backend redis\nbackend redis\n    server redis 127.0.0.1:{behind}\n",
        scratch.path().join("redis.pem").display()
    );
    let tls = HaProxy::start(&config, scratch.path(), &[]);
    tls.listening(front).await;
    let url = redis
        .url()
        .replace("redis://", "rediss://")
        .replace(&format!("127.0.0.1:{behind}"), &format!("localhost:{front}"));

    // Trusted as told: two replicas share their sessions through it.
    let mut replicas = Vec::new();
    for _ in 0..2 {
        let shared = RedisState::connect_with(&url, RedisOptions::default().root_certificates(authority.as_bytes()))
            .await
            .unwrap_or_else(|err| panic!("over TLS: {err}"));
        let server = McpServer::new(Guarded::default()).unwrap().with(HttpOptions::default().shared_state(shared));
        replicas.push(server.serve_http("127.0.0.1:0").await.unwrap());
    }
    let http = reqwest::Client::new();
    let session = open(&http, &replicas[0].url(), None).await;
    let response = call(&http, &replicas[1].url(), &session, None, 2, "echo", json!({"text": "over TLS"})).await;
    let (_, echoed) = Events::of(response).read_to_the_end(2).await;
    assert_eq!(echoed["result"]["content"][0]["text"], "over TLS", "{echoed}");

    // Not trusted otherwise: with the system's roots, or another authority, the certificate is
    // refused, and the error names the address, never the password.
    let (stranger, _) = authority_and_certificate();
    for options in [RedisOptions::default(), RedisOptions::default().root_certificates(stranger)] {
        let err = RedisState::connect_with(&url, options).await.unwrap_err().to_string();
        assert!(err.contains(&format!("localhost:{front}")), "{err}");
        assert!(err.to_lowercase().contains("certificate"), "says why: {err}");
        assert!(!err.contains("pw-"), "{err}");
    }
    // Nor is a certificate for another name: the front, reached as 127.0.0.1, is not localhost.
    let by_address = url.replace("localhost", "127.0.0.1");
    let err = RedisState::connect_with(&by_address, RedisOptions::default().root_certificates(authority.as_bytes()))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.to_lowercase().contains("certificate"), "{err}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stream_its_replica_closed_without_a_response_ends_for_a_reader_elsewhere() {
    let redis = Redis::start().await;
    let scratch = tempfile::tempdir().unwrap();
    let runs = scratch.path().join("runs");
    let (a, b) = (Replica::start(&redis, &runs, 2000), Replica::start(&redis, &runs, 2000));
    let http = reqwest::Client::new();
    let session = open(&http, &a.url, None).await;
    let arguments = json!({"tag": "cancelled", "steps": 1000, "every_ms": 100});
    let mut events = Events::of(call(&http, &a.url, &session, None, 9, "count", arguments).await);
    let first = read_progress(&mut events, 1).await;

    // A reader on B follows the stream (it gets the steps after the first); the client cancels
    // the call on A, whose stream then closes without a response.
    let mut elsewhere = resume(&http, &b.url, &session, &first).await;
    read_progress(&mut elsewhere, 1).await;
    let cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 9}});
    let cancelled = request(&http, reqwest::Method::POST, &a.url, &session, None)
        .header("Content-Type", "application/json")
        .body(cancel.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(cancelled.status(), 202);
    let started = Instant::now();
    while let Some(event) = events.next().await {
        assert!(event.message.as_ref().is_none_or(|message| message["id"] != 9), "no response: {event:?}");
    }

    // B's reader is told too: its stream ends, without a response, at once rather than when the
    // stream would be forgotten.
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(event) = elsewhere.next().await {
            assert!(event.message.as_ref().is_none_or(|message| message["id"] != 9), "no response: {event:?}");
        }
    });
    ended.await.unwrap_or_else(|_| panic!("B's reader still waits after {:?}", started.elapsed()));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stream_taken_up_after_more_events_than_are_kept_is_refused_not_given_with_a_gap() {
    let redis = Redis::start().await;
    let scratch = tempfile::tempdir().unwrap();
    let runs = scratch.path().join("runs");
    let (a, b) = (Replica::start(&redis, &runs, 2000), Replica::start(&redis, &runs, 2000));
    let http = reqwest::Client::new();
    let session = open(&http, &a.url, None).await;

    // A call that reports more progress than a stream keeps (10,000 events, about): the client
    // reads the first step and leaves; the call goes on to the end.
    let arguments = json!({"tag": "chatty", "steps": 12_000, "every_ms": 0});
    let mut events = Events::of(call(&http, &a.url, &session, None, 9, "count", arguments).await);
    let first = read_progress(&mut events, 1).await;
    drop(events);
    let stream = format!("toolc:events:{}", first.rsplit_once('/').unwrap().0);
    let started = Instant::now();
    while !redis.cli(&["XREVRANGE", &stream, "+", "-", "COUNT", "1"]).lines().any(|line| line == "end") {
        assert!(started.elapsed() < Duration::from_secs(60), "the call ends");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The first step is no longer kept (the test's premise: under load the server may merge
    // progress reports it cannot send as fast as they come, so fewer are written).
    let named = first.rsplit_once('/').unwrap().1;
    assert_eq!(redis.cli(&["XRANGE", &stream, named, named]).trim(), "", "the first step is trimmed away");

    // Taken up from the first step: refused, since the steps after it are no longer all there (as
    // a stream the server cannot give: one that ends at once, without an event).
    let mut gap = resume(&http, &b.url, &session, &first).await;
    assert!(gap.next().await.is_none(), "no event of a stream with a gap");
    // Taken up from an event still kept: given whole, to the response.
    let kept = redis.cli(&["XRANGE", &stream, "-", "+", "COUNT", "1"]).lines().next().unwrap().trim().to_owned();
    let after = format!("{}/{kept}", first.rsplit_once('/').unwrap().0);
    let (progress, response) = resume(&http, &b.url, &session, &after).await.read_to_the_end(9).await;
    assert_eq!(response["result"]["content"][0]["text"], "counted to 12000", "{response}");
    assert_eq!(progress.last(), Some(&12_000));
    let written = redis.cli(&["XLEN", &stream]).trim().parse::<usize>().unwrap();
    assert_eq!(progress.len() + 2, written, "every kept event after the one named, and the answer");
    assert!(progress.windows(2).all(|pair| pair[1] > pair[0]), "in order, none twice");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stream_whose_replica_was_stopped_on_purpose_ends_with_the_same_error_elsewhere() {
    let redis = Redis::start().await;
    let scratch = tempfile::tempdir().unwrap();
    let runs = scratch.path().join("runs");
    let (mut a, b) = (Replica::start(&redis, &runs, 600), Replica::start(&redis, &runs, 600));
    let http = reqwest::Client::new();
    let session = open(&http, &a.url, None).await;
    let arguments = json!({"tag": "deployed", "steps": 1000, "every_ms": 100});
    let mut events = Events::of(call(&http, &a.url, &session, None, 9, "count", arguments).await);
    let first = read_progress(&mut events, 1).await;
    let mut elsewhere = resume(&http, &b.url, &session, &first).await;
    read_progress(&mut elsewhere, 1).await;

    // A is stopped as a deploy stops it, mid-call: its own client's stream breaks, and the client
    // takes it up on B, as the SDKs do; both it and the reader on B are told so, in one error for
    // the request, not left with a stream that just ends.
    a.stop();
    let mut last = first;
    while let Some(event) = events.next().await {
        last = event.id.unwrap_or(last);
    }
    let (_, taken_up) = resume(&http, &b.url, &session, &last).await.read_to_the_end(9).await;
    let (_, ended) = elsewhere.read_to_the_end(9).await;
    assert_eq!(ended, taken_up, "one end, the same everywhere");
    let message = ended["error"]["message"].as_str().unwrap_or_else(|| panic!("an error: {ended}"));
    assert!(message.contains("was stopped (a deploy or a restart) before the call ended"), "{message}");
}
