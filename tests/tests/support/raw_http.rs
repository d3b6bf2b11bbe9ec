//! HTTP/1.1 written by hand, as an attacker writes it: any method, headers and body, or a body
//! that trickles in; every answer read whole (the connection is closed after it).

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// An HTTP answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    /// A header's value (the name in any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    /// The JSON-RPC messages of the body: the body itself when it is JSON, or each `data:` line
    /// of an event stream that holds one.
    pub fn messages(&self) -> Vec<serde_json::Value> {
        if let Ok(value) = serde_json::from_str(&self.body) {
            return vec![value];
        }
        self.body
            .lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .filter_map(|data| serde_json::from_str(data.trim()).ok())
            .collect()
    }
}

/// A request's head: `METHOD path`, `Host`, the given headers, `Connection: close`, and the
/// body's length when there is a body.
pub fn head(method: &str, path: &str, host: &str, headers: &[(&str, &str)], body_length: Option<usize>) -> String {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(length) = body_length {
        head.push_str(&format!("Content-Length: {length}\r\n"));
    }
    head.push_str("\r\n");
    head
}

/// Sends `request` whole and reads the answer.
pub async fn send(address: SocketAddr, request: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(address).await.expect("the server accepts the connection");
    stream.write_all(request).await.expect("the request is sent");
    read_reply(&mut stream).await
}

/// A POST of `body` to `/mcp` as a client on loopback sends it, with `headers` besides.
pub async fn post(address: SocketAddr, headers: &[(&str, &str)], body: &str) -> Reply {
    let mut all = vec![("Content-Type", "application/json"), ("Accept", "application/json, text/event-stream")];
    all.extend_from_slice(headers);
    let mut request = head("POST", "/mcp", &address.to_string(), &all, Some(body.len())).into_bytes();
    request.extend_from_slice(body.as_bytes());
    send(address, &request).await
}

/// Reads an answer to the end of the connection (at most 20 s).
pub async fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut raw))
        .await
        .expect("the server answers within 20 s")
        .expect("the answer can be read");
    parse(&raw)
}

/// An answer's status, headers and body (de-chunked).
pub fn parse(raw: &[u8]) -> Reply {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("an answer has a head: {text:?}"));
    let mut lines = head.lines();
    let status_line = lines.next().unwrap_or_default();
    let status = status_line.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or_else(|| {
        panic!("the status line `{status_line}` has a code");
    });
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_owned(), value.trim().to_owned()))
        .collect();
    let chunked =
        headers.iter().any(|(name, value)| name.eq_ignore_ascii_case("transfer-encoding") && value.contains("chunked"));
    let body = if chunked { dechunk(body) } else { body.to_owned() };
    Reply { status, headers, body }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else { break };
        if size == 0 || rest.len() < size {
            break;
        }
        out.push_str(&rest[..size]);
        body = rest[size..].trim_start_matches("\r\n");
    }
    out
}

/// The `initialize` request of a client at protocol 2025-11-25.
pub const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#;

/// A session opened by hand: `initialize`, then `notifications/initialized`, with `headers` on
/// every request. Its id, for the requests that follow.
pub async fn open_session(address: SocketAddr, headers: &[(&str, &str)]) -> String {
    let reply = post(address, headers, INITIALIZE).await;
    assert_eq!(reply.status, 200, "initialize: {reply:?}");
    let session = reply.header("mcp-session-id").expect("a session id").to_owned();
    let mut all = session_headers(&session);
    all.extend_from_slice(headers);
    let initialized = post(address, &all, r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#).await;
    assert_eq!(initialized.status, 202, "initialized: {initialized:?}");
    session
}

/// The headers of a request in `session`.
pub fn session_headers(session: &str) -> Vec<(&str, &str)> {
    vec![("Mcp-Session-Id", session), ("MCP-Protocol-Version", "2025-11-25")]
}

/// A `tools/call` request.
pub fn call(id: u64, tool: &str, arguments: serde_json::Value) -> String {
    serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})
        .to_string()
}
