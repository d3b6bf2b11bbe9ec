//! `McpServer` over streamable HTTP attacked as an adversary would, over loopback with requests
//! written by hand: a foreign `Origin` or `Host`, no token, a wrong or expired one, a body too large
//! or too slow, JSON that is not JSON-RPC, a batch, a call of a tool the caller may not see, more
//! calls or sessions than allowed, a call past its time, a client that goes away mid-call. Each is
//! refused as it should be, and the server goes on answering others.

use std::net::SocketAddr;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use toolc::Caller;
use toolc_mcp::jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, encode};
use toolc_mcp::{HttpOptions, HttpServer, JwtValidator, McpServer, StaticToken, Visible};

use crate::support::guarded::Guarded;
use crate::support::raw_http::{self, Reply, call, head, open_session, post, send, session_headers};

async fn serve(tools: Guarded, options: HttpOptions) -> HttpServer {
    McpServer::new(tools).unwrap().with(options).serve_http("127.0.0.1:0").await.unwrap()
}

/// A good call in a new session still works: the server is still answering.
async fn still_serves(address: SocketAddr, headers: &[(&str, &str)]) {
    let session = open_session(address, headers).await;
    let mut all = session_headers(&session);
    all.extend_from_slice(headers);
    let reply = post(address, &all, &call(7, "echo", json!({"text": "still here"}))).await;
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.messages()[0]["result"]["content"][0]["text"], "still here", "{reply:?}");
}

fn error_text(reply: &Reply) -> String {
    let body: Value = serde_json::from_str(&reply.body).unwrap_or_else(|_| panic!("a JSON error body: {reply:?}"));
    body["error_description"].as_str().or(body["error"].as_str()).unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_or_host_is_refused_and_loopback_pages_and_programs_are_served() {
    let server = serve(Guarded::default(), HttpOptions::default()).await;
    let address = server.address();

    // DNS rebinding: a page on evil.example, its name now pointing at 127.0.0.1.
    let rebound = post(address, &[("Origin", "http://evil.example")], raw_http::INITIALIZE).await;
    assert_eq!(rebound.status, 403, "{rebound:?}");
    assert!(error_text(&rebound).contains("the Origin `http://evil.example` may not call this server"));
    let null_origin = post(address, &[("Origin", "null")], raw_http::INITIALIZE).await;
    assert_eq!(null_origin.status, 403);
    let mut foreign_host =
        head("POST", "/mcp", "evil.example", &[("Content-Type", "application/json")], Some(2)).into_bytes();
    foreign_host.extend_from_slice(b"{}");
    let foreign_host = send(address, &foreign_host).await;
    assert_eq!(foreign_host.status, 403, "{foreign_host:?}");
    assert!(error_text(&foreign_host).contains("the Host `evil.example` is not one this server answers to"));
    let lookalike = post(address, &[("Origin", "http://localhost.evil.example:80")], raw_http::INITIALIZE).await;
    assert_eq!(lookalike.status, 403);

    // A page on the same machine, and a program (no Origin), are served.
    still_serves(address, &[("Origin", "http://localhost:5173")]).await;
    still_serves(address, &[]).await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_non_loopback_address_is_refused_until_hosts_and_origins_are_named() {
    let refused = McpServer::new(Guarded::default()).unwrap().serve_http("0.0.0.0:0").await.err().unwrap();
    assert_eq!(refused.kind(), std::io::ErrorKind::InvalidInput);
    let text = refused.to_string();
    assert!(text.contains("is not a loopback address") && text.contains("HttpOptions::allowed_hosts"), "{text}");
    let only_hosts = HttpOptions::default().allowed_hosts(["tools.example.com"]);
    let refused = McpServer::new(Guarded::default()).unwrap().with(only_hosts).serve_http("0.0.0.0:0").await;
    assert!(refused.is_err(), "origins must be named too");

    let named = HttpOptions::default().allowed_hosts(["tools.example.com"]).allowed_origins(Vec::<String>::new());
    let server = McpServer::new(Guarded::default()).unwrap().with(named).serve_http("0.0.0.0:0").await.unwrap();
    let address = SocketAddr::from(([127, 0, 0, 1], server.address().port()));
    // By its name it is served; by its address (not named) it is not; no browser may call it.
    let mut by_name = head(
        "POST",
        "/mcp",
        "tools.example.com",
        &[("Content-Type", "application/json"), ("Accept", "application/json, text/event-stream")],
        Some(raw_http::INITIALIZE.len()),
    )
    .into_bytes();
    by_name.extend_from_slice(raw_http::INITIALIZE.as_bytes());
    assert_eq!(send(address, &by_name).await.status, 200);
    assert_eq!(post(address, &[], raw_http::INITIALIZE).await.status, 403);
    server.stop();
}

const SECRET: &[u8] = b"the authorization server's signing secret";

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

fn jwt(claims: Value) -> String {
    encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(SECRET)).unwrap()
}

/// A server that takes JWTs from `https://auth.example` for itself, and shows `write_file` only to
/// callers with the `files:write` scope.
async fn guarded_by_jwt(tools: Guarded) -> HttpServer {
    let resource = "http://localhost/mcp";
    let validator =
        JwtValidator::new(DecodingKey::from_secret(SECRET), Algorithm::HS256, "https://auth.example", resource);
    let options = HttpOptions::default()
        .bearer(validator)
        .resource(resource)
        .authorization_servers(["https://auth.example"])
        .scopes_supported(["files:read", "files:write"])
        .visible(|caller| match caller {
            Some(caller) if caller.has_scope("files:write") => Visible::All,
            _ => Visible::except(["write_file"]),
        });
    serve(tools, options).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_without_a_good_token_get_401_pointing_at_the_metadata_document() {
    let server = guarded_by_jwt(Guarded::default()).await;
    let address = server.address();
    let claims = |exp: u64, aud: &str| json!({"iss": "https://auth.example", "aud": aud, "sub": "ana", "exp": exp, "scope": "files:read"});

    let missing = post(address, &[], raw_http::INITIALIZE).await;
    assert_eq!(missing.status, 401, "{missing:?}");
    assert_eq!(
        missing.header("www-authenticate"),
        Some(
            "Bearer resource_metadata=\"http://localhost/.well-known/oauth-protected-resource/mcp\", \
             scope=\"files:read files:write\""
        )
    );
    // The metadata document a client follows that header to, served without a token.
    let metadata = send(
        address,
        head("GET", "/.well-known/oauth-protected-resource/mcp", &address.to_string(), &[], None).as_bytes(),
    )
    .await;
    assert_eq!(metadata.status, 200, "{metadata:?}");
    assert_eq!(
        serde_json::from_str::<Value>(&metadata.body).unwrap(),
        json!({"resource": "http://localhost/mcp", "authorization_servers": ["https://auth.example"],
            "scopes_supported": ["files:read", "files:write"], "bearer_methods_supported": ["header"]})
    );

    let refusals =
        [("Bearer not-a-jwt", "the token is not a JWT this server can read"), ("Basic YW5hOnNlY3JldA==", "")];
    for (authorization, why) in refusals {
        let reply = post(address, &[("Authorization", authorization)], raw_http::INITIALIZE).await;
        assert_eq!(reply.status, 401, "{authorization}: {reply:?}");
        assert!(error_text(&reply).contains(why), "{reply:?}");
    }
    let expired = format!("Bearer {}", jwt(claims(now() - 3600, "http://localhost/mcp")));
    let reply = post(address, &[("Authorization", &expired)], raw_http::INITIALIZE).await;
    assert_eq!(reply.status, 401);
    assert!(
        reply
            .header("www-authenticate")
            .unwrap()
            .contains("error=\"invalid_token\", error_description=\"the token has expired\"")
    );
    let elsewhere = format!("Bearer {}", jwt(claims(now() + 3600, "http://other.example/mcp")));
    let reply = post(address, &[("Authorization", &elsewhere)], raw_http::INITIALIZE).await;
    assert_eq!((reply.status, error_text(&reply).as_str()), (401, "the token was issued for another resource (`aud`)"));
    let forged = {
        let token = encode(
            &Header::new(Algorithm::HS256),
            &claims(now() + 3600, "http://localhost/mcp"),
            &EncodingKey::from_secret(b"guess"),
        )
        .unwrap();
        format!("Bearer {token}")
    };
    let reply = post(address, &[("Authorization", &forged)], raw_http::INITIALIZE).await;
    assert_eq!((reply.status, error_text(&reply).as_str()), (401, "the token's signature does not verify"));

    let early = json!({"iss": "https://auth.example", "aud": "http://localhost/mcp", "sub": "ana",
        "exp": now() + 7200, "nbf": now() + 3600});
    let early = format!("Bearer {}", jwt(early));
    let reply = post(address, &[("Authorization", &early)], raw_http::INITIALIZE).await;
    assert_eq!((reply.status, error_text(&reply).as_str()), (401, "the token is not valid yet (`nbf`)"));
    assert_eq!(reply.header("connection"), Some("close"), "a refused client does not keep its connection");

    let good = format!("Bearer {}", jwt(claims(now() + 3600, "http://localhost/mcp")));
    still_serves(address, &[("Authorization", &good)]).await;
    // A session is its opener's: another caller with a good token of its own cannot use it.
    let anas = open_session(address, &[("Authorization", &good)]).await;
    let bob = json!({"iss": "https://auth.example", "aud": "http://localhost/mcp", "sub": "bob", "exp": now() + 3600});
    let bob = format!("Bearer {}", jwt(bob));
    let mut headers = session_headers(&anas);
    headers.push(("Authorization", &bob));
    let reply = post(address, &headers, &call(5, "echo", json!({"text": "ana's?"}))).await;
    assert_eq!((reply.status, error_text(&reply).as_str()), (404, "Session not found"), "{reply:?}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_filter_that_names_no_tool_refuses_everything_and_names_none() {
    let options = HttpOptions::default().visible(|_| Visible::only(["renamed_long_ago"]));
    let server = serve(Guarded::default(), options).await;
    let address = server.address();
    let session = open_session(address, &[]).await;
    for body in [r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#.to_owned(), call(3, "echo", json!({"text": "x"}))]
    {
        let reply = post(address, &session_headers(&session), &body).await;
        let error = reply.messages()[0]["error"]["message"].as_str().unwrap().to_owned();
        assert_eq!(error, "the server's tool filter (HttpOptions::visible) is misconfigured", "{reply:?}");
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_caller_sees_and_calls_only_the_tools_its_scopes_allow_and_the_tools_know_who_it_is() {
    let server = guarded_by_jwt(Guarded::default()).await;
    let address = server.address();
    let token = |scope: &str| {
        let claims = json!({"iss": "https://auth.example", "aud": "http://localhost/mcp", "sub": "ana", "exp": now() + 3600, "scope": scope});
        format!("Bearer {}", jwt(claims))
    };
    let names = |reply: &Reply| -> Vec<String> {
        let result = &reply.messages()[0]["result"]["tools"];
        result.as_array().unwrap().iter().map(|tool| tool["name"].as_str().unwrap().to_owned()).collect()
    };
    for (scope, sees_write) in [("files:read", false), ("files:read files:write", true)] {
        let authorization = token(scope);
        let auth = [("Authorization", authorization.as_str())];
        let session = open_session(address, &auth).await;
        let mut headers = session_headers(&session);
        headers.extend_from_slice(&auth);
        let listed = post(address, &headers, r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#).await;
        assert_eq!(names(&listed).contains(&"write_file".to_owned()), sees_write, "{scope}: {listed:?}");
        let written = post(address, &headers, &call(3, "write_file", json!({"path": "/etc/passwd"}))).await;
        let message = &written.messages()[0];
        if sees_write {
            assert_eq!(message["result"]["content"][0]["text"], "wrote /etc/passwd");
        } else {
            // Not told that the tool exists: the same error as for a tool that does not.
            let error = message["error"]["message"].as_str().unwrap();
            assert_eq!(error, "unknown tool `write_file`. Available tools: echo, whoami, spin, hold.", "{written:?}");
        }
        let who = post(address, &headers, &call(4, "whoami", json!({}))).await;
        assert_eq!(who.messages()[0]["result"]["content"][0]["text"], format!("ana with {scope}"));
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_static_token_from_a_file_lets_its_holder_in_and_no_one_else() {
    let options =
        HttpOptions::default().bearer(StaticToken::new("a-long-random-token\n", Caller::named("ci", ["all"])));
    let server = serve(Guarded::default(), options).await;
    let address = server.address();
    for wrong in ["Bearer a-long-random-tokeN", "Bearer a-long-random-token-and-more", "Bearer ", "a-long-random-token"]
    {
        let reply = post(address, &[("Authorization", wrong)], raw_http::INITIALIZE).await;
        assert_eq!(reply.status, 401, "{wrong}: {reply:?}");
    }
    still_serves(address, &[("Authorization", "Bearer a-long-random-token")]).await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_too_large_or_too_slow_are_refused_while_others_are_served() {
    let options = HttpOptions::default().read_timeout(Duration::from_secs(2));
    let server = serve(Guarded::default(), options).await;
    let address = server.address();

    // 50 MiB declared: refused before it is read.
    let started = Instant::now();
    let mut stream = TcpStream::connect(address).await.unwrap();
    let declared = head("POST", "/mcp", &address.to_string(), &[("Content-Type", "application/json")], Some(50 << 20));
    stream.write_all(declared.as_bytes()).await.unwrap();
    stream.write_all(&[b' '; 64 * 1024]).await.unwrap();
    let reply = raw_http::read_reply(&mut stream).await;
    assert_eq!(reply.status, 413, "{reply:?}");
    assert!(error_text(&reply).contains("larger than 4194304 bytes"));
    assert!(started.elapsed() < Duration::from_secs(2));
    // 50 MiB sent in chunks, with no length declared: refused once 4 MiB have arrived.
    let mut stream = TcpStream::connect(address).await.unwrap();
    let chunked = head(
        "POST",
        "/mcp",
        &address.to_string(),
        &[("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")],
        None,
    );
    stream.write_all(chunked.as_bytes()).await.unwrap();
    let chunk = format!("{:x}\r\n{}\r\n", 1 << 20, " ".repeat(1 << 20));
    for _ in 0..50 {
        if stream.write_all(chunk.as_bytes()).await.is_err() {
            break; // The server answered and closed the connection.
        }
    }
    let reply = raw_http::read_reply(&mut stream).await;
    assert_eq!(reply.status, 413, "{reply:?}");

    // One byte a second: refused at the read timeout, and another client is served meanwhile.
    let slow = tokio::spawn(async move {
        let mut stream = TcpStream::connect(address).await.unwrap();
        let body = raw_http::INITIALIZE.as_bytes();
        let head =
            head("POST", "/mcp", &address.to_string(), &[("Content-Type", "application/json")], Some(body.len()));
        stream.write_all(head.as_bytes()).await.unwrap();
        let started = Instant::now();
        for byte in body {
            if stream.write_all(&[*byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
            if started.elapsed() > Duration::from_secs(4) {
                break;
            }
        }
        (raw_http::read_reply(&mut stream).await, started.elapsed())
    });
    still_serves(address, &[]).await;
    let (reply, took) = slow.await.unwrap();
    assert_eq!(reply.status, 408, "{reply:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");

    // Headers a byte a second, or nothing at all: the connection is closed at the read timeout,
    // so that such connections cannot hold every place the server has.
    for trickle in [&b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaa"[..], b""] {
        let mut stream = TcpStream::connect(address).await.unwrap();
        let started = Instant::now();
        for byte in trickle {
            if stream.write_all(&[*byte]).await.is_err() || started.elapsed() > Duration::from_secs(6) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        let mut rest = Vec::new();
        let read =
            tokio::time::timeout(Duration::from_secs(6), tokio::io::AsyncReadExt::read_to_end(&mut stream, &mut rest));
        assert!(read.await.is_ok(), "the connection is closed");
        assert!(started.elapsed() < Duration::from_secs(6), "{:?}", started.elapsed());
    }
    still_serves(address, &[]).await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_not_a_json_rpc_request_is_refused_with_a_clear_answer() {
    let server = serve(Guarded::default(), HttpOptions::default()).await;
    let address = server.address();
    let session = open_session(address, &[]).await;
    let headers = session_headers(&session);
    for (body, what) in [
        ("{not json", "malformed JSON"),
        (r#"{"jsonrpc":"2.0","id":1}"#, "no method"),
        (
            r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]"#,
            "a batch",
        ),
        (r#"{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}"#, "an object id"),
        ("", "an empty body"),
    ] {
        let reply = post(address, &headers, body).await;
        assert!((400..500).contains(&reply.status), "{what}: {reply:?}");
        assert!(!reply.body.is_empty(), "{what}: the answer says why");
    }
    // Arguments deeper than the limit: an error result the model reads, not a crash.
    let mut deep = json!("bottom");
    for _ in 0..70 {
        deep = json!([deep]);
    }
    let reply = post(address, &headers, &call(9, "echo", json!({"text": deep}))).await;
    let result = &reply.messages()[0]["result"];
    assert_eq!(result["isError"], true, "{reply:?}");
    assert!(
        result["content"][0]["text"].as_str().unwrap().contains("the arguments nest 71 levels deep; the limit is 64"),
        "{reply:?}"
    );
    still_serves(address, &[]).await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_and_sessions_past_their_limits_are_refused_and_a_call_past_its_time_is_stopped() {
    let tools = Guarded::default();
    let options =
        HttpOptions::default().calls_per_session(2).max_sessions(2).call_timeout(Some(Duration::from_millis(1500)));
    let server = serve(tools.clone(), options).await;
    let address = server.address();
    let session = open_session(address, &[]).await;
    let holds: Vec<_> = ["a", "b"]
        .into_iter()
        .enumerate()
        .map(|(index, tag)| {
            let session = session.clone();
            tokio::spawn(async move {
                post(address, &session_headers(&session), &call(10 + index as u64, "hold", json!({"tag": tag}))).await
            })
        })
        .collect();
    tools.wait_for("a started", Duration::from_secs(5)).await;
    tools.wait_for("b started", Duration::from_secs(5)).await;
    let third = post(address, &session_headers(&session), &call(12, "echo", json!({"text": "three"}))).await;
    let error = &third.messages()[0]["error"];
    assert_eq!(error["code"], -32000, "{third:?}");
    assert_eq!(
        error["message"],
        "too many calls at once: one session may run 2; send this one again when one has finished"
    );
    // A second session is allowed, and its calls are its own; a third session is not.
    let second = open_session(address, &[]).await;
    let reply = post(address, &session_headers(&second), &call(13, "echo", json!({"text": "other"}))).await;
    assert_eq!(reply.messages()[0]["result"]["content"][0]["text"], "other");
    // A tool that never awaits is stopped at the call timeout too, when it next looks.
    let spin = tokio::spawn(async move {
        post(address, &session_headers(&second), &call(14, "spin", json!({"tag": "spin"}))).await
    });
    tools.wait_for("spin started", Duration::from_secs(5)).await;
    let third_session = post(address, &[], raw_http::INITIALIZE).await;
    assert_eq!(third_session.status, 503, "{third_session:?}");
    // What opens no session is not refused for want of one.
    let list = post(address, &[], r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#).await;
    assert_ne!(list.status, 503, "{list:?}");
    assert!(error_text(&third_session).contains("the most sessions"));
    assert!(third_session.header("retry-after").is_some());

    // The held calls end at the call timeout, the model told why.
    for hold in holds {
        let reply = hold.await.unwrap();
        let result = &reply.messages()[0]["result"];
        assert_eq!(result["isError"], true, "{reply:?}");
        let text = result["content"][0]["text"].as_str().unwrap();
        assert!(
            text.contains("the call ran for 1.5 s, the longest this server lets a call run, and was stopped"),
            "{text}"
        );
    }
    assert!(tools.saw("a dropped") && tools.saw("b dropped"));
    let reply = spin.await.unwrap();
    assert_eq!(reply.messages()[0]["result"]["isError"], true, "{reply:?}");
    assert!(tools.saw("spin noticed"));
    server.stop();
}

/// Starts a call of `tool` tagged `tag` in `session` and closes the connection once it has started.
async fn call_and_go_away(address: SocketAddr, session: &str, tools: &Guarded, tool: &str, tag: &str) {
    let body = call(20, tool, json!({"tag": tag}));
    let headers = [
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
        ("Mcp-Session-Id", session),
        ("MCP-Protocol-Version", "2025-11-25"),
    ];
    let mut request = head("POST", "/mcp", &address.to_string(), &headers, Some(body.len())).into_bytes();
    request.extend_from_slice(body.as_bytes());
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(&request).await.unwrap();
    tools.wait_for(&format!("{tag} started"), Duration::from_secs(5)).await;
    drop(stream);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_goes_away_mid_call_has_its_call_dropped_and_others_go_on() {
    let tools = Guarded::default();
    let server = serve(tools.clone(), HttpOptions::default()).await;
    let address = server.address();
    let session = open_session(address, &[]).await;
    call_and_go_away(address, &session, &tools, "hold", "gone").await;
    tools.wait_for("gone dropped", Duration::from_secs(20)).await;
    call_and_go_away(address, &session, &tools, "spin", "spin").await;
    tools.wait_for("spin noticed", Duration::from_secs(20)).await;
    // A slow call of one client does not hold up another's.
    let slow = tokio::spawn(async move {
        post(address, &session_headers(&session), &call(21, "hold", json!({"tag": "slow"}))).await
    });
    tools.wait_for("slow started", Duration::from_secs(5)).await;
    let started = Instant::now();
    still_serves(address, &[]).await;
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    slow.abort();
    server.stop();

    // Asked to keep them (for clients that come back for their answers), the server does.
    let tools = Guarded::default();
    let server = serve(tools.clone(), HttpOptions::default().stop_calls_of_gone_clients(false)).await;
    let session = open_session(server.address(), &[]).await;
    call_and_go_away(server.address(), &session, &tools, "hold", "kept").await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(!tools.saw("kept dropped"));
    server.stop();
}
