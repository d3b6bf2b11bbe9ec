//! `McpServer`'s streamable-HTTP endpoint under hostile requests, written byte by byte on raw TCP
//! to one server for the whole run: JSON-RPC bodies valid and not (initialize, tools/list,
//! tools/call with any name and arguments, notifications, responses, batches, ids and methods
//! and params of the wrong type, huge numbers, deep nesting, invalid UTF-8, cut short, empty,
//! too large; on 2026-07-28 too, with the request's own version and capabilities, answers and a
//! `requestState` forged or not, calls of a tool that asks and of one that becomes a task, and the
//! `tasks/*` methods), any method, path and headers (`Content-Type`, `Accept`, `Mcp-Session-Id` live or
//! not, `MCP-Protocol-Version`, `Origin`, `Host`).
//!
//! The server never stops answering: every request is answered within 5 s, and every 25 cases a
//! good `tools/call` in a session of its own still gets its result. Every answer is well formed:
//!
//! - a status line, headers, and a body framed as they say;
//! - a 200 is `application/json` holding one JSON-RPC message or a batch of them, or
//!   `text/event-stream` whose every event's `data` is one (or empty, the priming event); a
//!   stream may stay open only for a `GET` (the session's own stream);
//! - a 202 has no body;
//! - any other answer's body is empty, JSON (when it says `application/json`) or UTF-8 text;
//! - a request served (200) is answered once, and any JSON-RPC answer to a request carries the
//!   request's id (or `null`, when it could not be read);
//! - a request from a foreign `Host` or `Origin`, or without a `Host`, is never served (no 2xx).
//!
//! The suite runs 1,000 cases; `TOOLC_FUZZ_CASES` sets how many, for a long run:
//! `TOOLC_FUZZ_CASES=100000 cargo test --release -p toolc-tests --test suite mcp_http_fuzz::`

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Value, json};
use toolc::{AskError, CallContext, Elicited, Form, toolbox};
use toolc_mcp::McpServer;

use crate::support::http_wire::{RawRequest, RawResponse, send, sse_data};

/// How long any answer may take.
const ANSWER_WITHIN: Duration = Duration::from_secs(5);
/// How long a `GET`'s event stream, which stays open, is read.
const OPEN_STREAM_READ: Duration = Duration::from_millis(250);
/// A good call every so many cases.
const CHECK_EVERY: u32 = 25;
/// The sessions the cases may name as live; past this, the oldest is closed.
const LIVE_SESSIONS: usize = 4;

fn cases() -> u32 {
    std::env::var("TOOLC_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(1000)
}

struct Desk;

#[toolbox]
impl Desk {
    /// Add two numbers (wrapping past the largest).
    ///
    /// # Arguments
    /// * `a` - The first.
    /// * `b` - The second.
    #[tool]
    fn add(a: i64, b: i64) -> i64 {
        a.wrapping_add(b)
    }

    /// Say the text back.
    ///
    /// # Arguments
    /// * `text` - The text.
    #[tool]
    fn echo(text: String) -> String {
        text
    }

    /// Count to `to`, each step reported as progress.
    ///
    /// # Arguments
    /// * `to` - Where to stop.
    #[tool]
    async fn count(to: u8, context: &CallContext) -> u8 {
        for step in 1..=to {
            context.report(f64::from(step), Some(f64::from(to)), format!("step {step}"));
        }
        to
    }

    /// The length of any JSON value, written out.
    ///
    /// # Arguments
    /// * `value` - The value.
    #[tool(strict = false)]
    fn measure(value: Value) -> usize {
        value.to_string().len()
    }

    /// Ask the user whether to go on (on 2026-07-28: `input_required`, and a `requestState`).
    #[tool]
    async fn confirm(context: &CallContext) -> Result<bool, AskError> {
        Ok(matches!(context.elicit::<Confirm>("Go on?").await?, Elicited::Accepted(Confirm { ok: true })))
    }

    /// Wait a moment (a task, for a client that follows tasks).
    ///
    /// # Arguments
    /// * `ms` - How long, in milliseconds.
    #[tool(long_running)]
    async fn wait(ms: u8) -> u8 {
        tokio::time::sleep(Duration::from_millis(u64::from(ms) / 4)).await;
        ms
    }
}

/// Whether to go on.
#[derive(serde::Deserialize, schemars::JsonSchema, Form)]
struct Confirm {
    /// Go on.
    ok: bool,
}

// ---- The cases ----

/// Bytes shown as text, escaped where they are not, so that a failing case can be read.
#[derive(Clone, PartialEq)]
struct Bytes(Vec<u8>);

impl fmt::Debug for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "b\"{}\"", self.0.escape_ascii())
    }
}

#[derive(Debug, Clone)]
enum Host {
    /// A loopback name the server answers to (`{port}` stands for its port).
    Loopback(&'static str),
    /// One it does not.
    Foreign(&'static str),
    /// Any text.
    Any(String),
    Missing,
}

#[derive(Debug, Clone)]
enum Origin {
    Missing,
    Loopback(&'static str),
    Foreign(&'static str),
    Any(String),
}

#[derive(Debug, Clone)]
enum Session {
    Missing,
    /// One of the live sessions.
    Live(prop::sample::Index),
    /// A well-formed id no session has.
    Unknown,
    Any(Bytes),
    /// A live session's id and an unknown one.
    Twice(prop::sample::Index),
}

#[derive(Debug, Clone)]
enum Body {
    Bytes(Bytes),
    /// A byte past the most the server reads.
    TooLarge,
}

#[derive(Debug, Clone)]
struct Case {
    method: &'static str,
    path: String,
    host: Host,
    origin: Origin,
    accept: Option<Bytes>,
    content_type: Option<Bytes>,
    protocol_version: Option<Bytes>,
    session: Session,
    others: Vec<(String, Bytes)>,
    body: Body,
    chunked: bool,
    expect_continue: bool,
}

fn text(values: &[&'static str]) -> impl Strategy<Value = Bytes> + use<> {
    prop::sample::select(values.to_vec()).prop_map(|value| Bytes(value.as_bytes().to_vec()))
}

/// A header value's bytes: visible ASCII, spaces, tabs and bytes past ASCII (`obs-text`).
fn header_value() -> impl Strategy<Value = Bytes> {
    let byte = prop_oneof![8 => 0x20u8..=0x7e, 1 => Just(b'\t'), 1 => 0x80u8..=0xff];
    prop::collection::vec(byte, 0..40).prop_map(Bytes)
}

/// A header the server reads: as a client sends it mostly, else one of a few others, absent, or
/// any bytes.
fn header(usual: &'static str, others: &[&'static str]) -> impl Strategy<Value = Option<Bytes>> + use<> {
    prop_oneof![
        16 => Just(Some(Bytes(usual.as_bytes().to_vec()))),
        2 => text(others).prop_map(Some),
        1 => Just(None),
        1 => header_value().prop_map(Some),
    ]
}

/// Names the writer sets itself, or that decide what the case expects.
const OWN_HEADERS: [&str; 7] =
    ["host", "origin", "content-length", "transfer-encoding", "expect", "connection", "mcp-session-id"];

fn other_header() -> impl Strategy<Value = (String, Bytes)> {
    let name = prop_oneof![
        prop::sample::select(vec![
            "Mcp-Method",
            "Mcp-Name",
            "Last-Event-ID",
            "Authorization",
            "Cookie",
            "Content-Encoding",
            "Accept-Encoding",
            "Upgrade",
            "Mcp-Param-A",
            "X-Forwarded-Host",
        ])
        .prop_map(str::to_owned),
        "[a-zA-Z0-9-]{1,16}".prop_filter("a header the writer sets", |name| {
            !OWN_HEADERS.contains(&name.to_ascii_lowercase().as_str())
        }),
    ];
    (name, header_value())
}

fn case() -> BoxedStrategy<Case> {
    let method = prop_oneof![
        12 => Just("POST"),
        2 => Just("GET"),
        1 => Just("DELETE"),
        1 => prop::sample::select(vec!["PUT", "PATCH", "OPTIONS", "HEAD"]),
    ];
    let path = prop_oneof![
        16 => Just("/mcp".to_owned()),
        1 => prop::sample::select(vec![
            "/mcp/",
            "/",
            "/mcp?session=1",
            "/MCP",
            "/mcp/../mcp",
            "/.well-known/oauth-protected-resource",
            "/.well-known/oauth-protected-resource/mcp",
            "*",
        ])
        .prop_map(str::to_owned),
        1 => "/[a-z./%?=]{0,12}",
    ];
    let host = prop_oneof![
        24 => prop::sample::select(vec!["127.0.0.1:{port}", "localhost:{port}", "localhost", "[::1]:{port}", "LocalHost:1"])
            .prop_map(Host::Loopback),
        1 => prop::sample::select(vec!["evil.example", "localhost.evil.example", "127.0.0.2:{port}", "", "localhost:1:2", "[::2]"])
            .prop_map(Host::Foreign),
        1 => "[ -~]{0,20}".prop_map(Host::Any),
        1 => Just(Host::Missing),
    ];
    let origin = prop_oneof![
        16 => Just(Origin::Missing),
        2 => prop::sample::select(vec!["http://localhost:3000", "https://127.0.0.1", "http://[::1]:8080", "HTTP://LOCALHOST"])
            .prop_map(Origin::Loopback),
        1 => prop::sample::select(vec![
            "https://evil.example",
            "null",
            "http://localhost.evil.example",
            "file://",
            "http://user@localhost:1",
            "http://127.0.0.1/path",
        ])
        .prop_map(Origin::Foreign),
        1 => "[ -~]{0,24}".prop_map(Origin::Any),
    ];
    let accept = header(
        "application/json, text/event-stream",
        &["application/json", "text/event-stream", "*/*", "application/json;q=0, text/event-stream", "text/html"],
    );
    let content_type = header(
        "application/json",
        &["application/json; charset=utf-8", "APPLICATION/JSON", "text/plain", "application/jsonl"],
    );
    let protocol_version = prop_oneof![
        3 => Just(None),
        4 => text(&["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"]).prop_map(Some),
        1 => text(&["2099-01-01", "1.0", ""]).prop_map(Some),
        1 => header_value().prop_map(Some),
    ];
    let session = prop_oneof![
        2 => Just(Session::Missing),
        8 => any::<prop::sample::Index>().prop_map(Session::Live),
        1 => Just(Session::Unknown),
        1 => header_value().prop_map(Session::Any),
        1 => any::<prop::sample::Index>().prop_map(Session::Twice),
    ];
    let others = prop_oneof![3 => Just(Vec::new()), 1 => prop::collection::vec(other_header(), 1..3)];
    let body =
        prop_oneof![200 => bodies::body().prop_map(|bytes| Body::Bytes(Bytes(bytes))), 1 => Just(Body::TooLarge)];
    (
        (method, path, host, origin),
        (accept, content_type, protocol_version, session),
        (others, body, prop::bool::weighted(0.15), prop::bool::weighted(0.1), prop::bool::weighted(0.5)),
    )
        .prop_map(
            |(
                (method, path, host, origin),
                (accept, content_type, protocol_version, session),
                (others, body, chunked, expect_continue, tidy),
            )| {
                let mut case = Case {
                    method,
                    path,
                    host,
                    origin,
                    accept,
                    content_type,
                    protocol_version,
                    session,
                    others,
                    body,
                    chunked,
                    expect_continue,
                };
                // Half the cases come as a well-behaved client sends them, up to their session
                // and body, so that those reach the session and the tools.
                if tidy {
                    case.method = "POST";
                    case.path = "/mcp".to_owned();
                    case.host = Host::Loopback("127.0.0.1:{port}");
                    case.origin = Origin::Missing;
                    case.accept = Some(Bytes(b"application/json, text/event-stream".to_vec()));
                    case.content_type = Some(Bytes(b"application/json".to_vec()));
                    case.others.clear();
                }
                case
            },
        )
        .boxed()
}

/// Request bodies: JSON-RPC messages whole, batched, mutated, and things that are not JSON.
mod bodies {
    use super::*;

    pub fn body() -> BoxedStrategy<Vec<u8>> {
        prop_oneof![
            20 => message().prop_map(|message| message.to_string().into_bytes()),
            2 => prop::collection::vec(message(), 0..4).prop_map(|batch| Value::Array(batch).to_string().into_bytes()),
            4 => (message(), mutation()).prop_map(|(message, mutation)| mutation.apply(message.to_string().into_bytes())),
            1 => huge_numbers(),
            1 => deep(),
            1 => long_text(),
            1 => Just(Vec::new()),
            1 => prop::collection::vec(any::<u8>(), 0..200),
        ]
        .boxed()
    }

    /// A change of a few bytes: cut short, bytes put in (any, so often not UTF-8), bytes taken
    /// out, one byte changed.
    #[derive(Debug, Clone)]
    pub enum Mutation {
        Cut(prop::sample::Index),
        Put(prop::sample::Index, Vec<u8>),
        Take(prop::sample::Index, usize),
        Change(prop::sample::Index, u8),
    }

    impl Mutation {
        fn apply(&self, mut body: Vec<u8>) -> Vec<u8> {
            let len = body.len();
            match self {
                Mutation::Cut(at) => body.truncate(at.index(len + 1)),
                Mutation::Put(at, bytes) => {
                    let at = at.index(len + 1);
                    body.splice(at..at, bytes.iter().copied());
                }
                Mutation::Take(at, span) => {
                    let at = at.index(len + 1);
                    body.drain(at..(at + span).min(len));
                }
                Mutation::Change(at, with) => {
                    if let Some(byte) = body.get_mut(at.index(len + 1)) {
                        *byte ^= (*with).max(1);
                    }
                }
            }
            body
        }
    }

    fn mutation() -> impl Strategy<Value = Mutation> {
        let at = any::<prop::sample::Index>;
        prop_oneof![
            at().prop_map(Mutation::Cut),
            (at(), prop::collection::vec(any::<u8>(), 1..4)).prop_map(|(at, bytes)| Mutation::Put(at, bytes)),
            (at(), 1..16usize).prop_map(|(at, span)| Mutation::Take(at, span)),
            (at(), any::<u8>()).prop_map(|(at, with)| Mutation::Change(at, with)),
        ]
    }

    fn message() -> BoxedStrategy<Value> {
        prop_oneof![
            12 => request(),
            2 => notification(),
            1 => response(),
            1 => wrongly_typed(),
            1 => json_value(),
        ]
        .boxed()
    }

    fn request() -> BoxedStrategy<Value> {
        (id(), method_and_params(), jsonrpc())
            .prop_map(|(id, (method, params), jsonrpc)| {
                let mut request = json!({"jsonrpc": jsonrpc, "id": id, "method": method});
                if let Some(params) = params {
                    request["params"] = params;
                }
                request
            })
            .boxed()
    }

    fn jsonrpc() -> impl Strategy<Value = Value> {
        prop_oneof![30 => Just(json!("2.0")), 1 => Just(json!("1.0")), 1 => Just(json!(2.0)), 1 => Just(Value::Null)]
    }

    /// Ids as clients send them, and of every other type.
    pub fn id() -> impl Strategy<Value = Value> {
        prop_oneof![
            10 => (0..1000i64).prop_map(|n| json!(n)),
            3 => "[a-z0-9-]{0,12}".prop_map(|s| json!(s)),
            1 => any::<i64>().prop_map(|n| json!(n)),
            1 => any::<u64>().prop_map(|n| json!(n)),
            1 => any::<f64>().prop_map(|n| json!(n)),
            1 => prop_oneof![Just(Value::Null), any::<bool>().prop_map(Value::Bool), Just(json!([1])), Just(json!({"id": 1}))],
        ]
    }

    fn method_and_params() -> BoxedStrategy<(Value, Option<Value>)> {
        let initialize = (
            prop::sample::select(vec![
                "2024-11-05",
                "2025-03-26",
                "2025-06-18",
                "2025-11-25",
                "2026-07-28",
                "1999-01-01",
            ]),
            prop_oneof![3 => Just(json!({})), 1 => json_value()],
        )
            .prop_map(|(version, capabilities)| {
                let params = json!({"protocolVersion": version, "capabilities": capabilities,
                    "clientInfo": {"name": "fuzz", "version": "1"}});
                (json!("initialize"), Some(params))
            });
        let list = prop::option::of(prop_oneof![".{0,8}".prop_map(|cursor| json!({"cursor": cursor})), json_value()])
            .prop_map(|params| (json!("tools/list"), params));
        let call = call_params().prop_map(|params| (json!("tools/call"), Some(params)));
        let other = (
            prop_oneof![
                prop::sample::select(vec![
                    "ping",
                    "resources/list",
                    "prompts/list",
                    "logging/setLevel",
                    "completion/complete",
                    "server/discover",
                    "tasks/get",
                    "tasks/update",
                    "tasks/cancel",
                    "tasks/result",
                    "sampling/createMessage",
                    "notifications/initialized",
                    "tools/call/",
                ])
                .prop_map(|method| json!(method)),
                ".{0,16}".prop_map(|method| json!(method)),
                json_value(),
            ],
            prop::option::of(json_value()),
        );
        prop_oneof![2 => initialize, 2 => list, 6 => call, 2 => other].boxed()
    }

    /// `tools/call`'s params: arguments that fit a tool, or any arguments for any name, with or
    /// without `_meta` (a progress token, the per-request protocol fields of 2026-07-28, or
    /// anything).
    fn call_params() -> BoxedStrategy<Value> {
        let fitting = prop_oneof![
            (any::<i64>(), any::<i64>()).prop_map(|(a, b)| ("add", json!({"a": a, "b": b}))),
            ".{0,40}".prop_map(|text| ("echo", json!({"text": text}))),
            (0..20u8).prop_map(|to| ("count", json!({"to": to}))),
            json_value().prop_map(|value| ("measure", json!({"value": value}))),
            Just(("confirm", json!({}))),
            any::<u8>().prop_map(|ms| ("wait", json!({"ms": ms}))),
        ]
        .prop_map(|(name, arguments)| (json!(name), Some(arguments)));
        let name = prop_oneof![
            4 => prop::sample::select(vec!["add", "echo", "count", "measure", "ad", "Add", ""]).prop_map(|name| json!(name)),
            1 => ".{0,20}".prop_map(|name| json!(name)),
            1 => json_value(),
        ];
        let any_call = (name, prop::option::of(json_value()));
        let meta = prop_oneof![
            4 => Just(None),
            2 => prop_oneof![(0..100i64).prop_map(|n| json!(n)), ".{0,8}".prop_map(|s| json!(s))]
                .prop_map(|token| Some(json!({"progressToken": token}))),
            3 => prop::sample::select(vec![
                json!({}),
                json!({"elicitation": {}}),
                json!({"extensions": {"io.modelcontextprotocol/tasks": {}}}),
                json!({"elicitation": {}, "sampling": {}, "roots": {}, "extensions": {"io.modelcontextprotocol/tasks": {}}}),
            ])
            .prop_map(|capabilities| Some(json!({
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": capabilities,
                "io.modelcontextprotocol/clientInfo": {"name": "fuzz", "version": "1"},
            }))),
            1 => json_value().prop_map(Some),
        ];
        // A later round of a call that asked: answers, good or not, and a state, forged or not.
        let answers = prop_oneof![
            4 => Just(None),
            2 => Just(Some(json!({"elicitation-1": {"action": "accept", "content": {"ok": true}}}))),
            1 => json_value().prop_map(Some),
        ];
        let state = prop_oneof![
            4 => Just(None),
            1 => "rs[12]\\.[A-Za-z0-9_.-]{0,60}".prop_map(|state| Some(json!(state))),
            1 => json_value().prop_map(Some),
        ];
        (prop_oneof![5 => fitting, 2 => any_call], meta, answers, state)
            .prop_map(|((name, arguments), meta, answers, state)| {
                let mut params = json!({"name": name});
                if let Some(arguments) = arguments {
                    params["arguments"] = arguments;
                }
                if let Some(meta) = meta {
                    params["_meta"] = meta;
                }
                if let Some(answers) = answers {
                    params["inputResponses"] = answers;
                }
                if let Some(state) = state {
                    params["requestState"] = state;
                }
                params
            })
            .boxed()
    }

    fn notification() -> BoxedStrategy<Value> {
        let method = prop::sample::select(vec![
            "notifications/initialized",
            "notifications/cancelled",
            "notifications/progress",
            "notifications/roots/list_changed",
            "notifications/message",
            "tools/list",
        ]);
        let params = prop_oneof![
            Just(None),
            (id(), ".{0,8}").prop_map(|(id, reason)| Some(json!({"requestId": id, "reason": reason}))),
            json_value().prop_map(Some),
        ];
        (method, params)
            .prop_map(|(method, params)| {
                let mut notification = json!({"jsonrpc": "2.0", "method": method});
                if let Some(params) = params {
                    notification["params"] = params;
                }
                notification
            })
            .boxed()
    }

    fn response() -> BoxedStrategy<Value> {
        (
            id(),
            prop_oneof![
                json_value().prop_map(|result| json!({"result": result})),
                (any::<i32>(), ".{0,12}")
                    .prop_map(|(code, message)| json!({"error": {"code": code, "message": message}})),
                json_value().prop_map(|error| json!({"error": error})),
            ],
        )
            .prop_map(|(id, mut response)| {
                response["jsonrpc"] = json!("2.0");
                response["id"] = id;
                response
            })
            .boxed()
    }

    /// The members of a JSON-RPC message, some missing, any of them of any type.
    fn wrongly_typed() -> BoxedStrategy<Value> {
        let member = prop::sample::select(vec!["jsonrpc", "id", "method", "params", "result", "error"]);
        prop::collection::btree_map(member, json_value(), 0..6)
            .prop_map(|members| {
                Value::Object(members.into_iter().map(|(key, value)| (key.to_owned(), value)).collect())
            })
            .boxed()
    }

    pub fn json_value() -> BoxedStrategy<Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            any::<u64>().prop_map(|n| json!(n)),
            any::<f64>().prop_map(|n| json!(n)),
            ".{0,12}".prop_map(Value::String),
            prop::sample::select(vec!["add", "a", "b", "text", "to", "value", "name", "arguments", "2.0"])
                .prop_map(|s| json!(s)),
        ];
        leaf.prop_recursive(4, 32, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                prop::collection::btree_map(
                    prop_oneof![
                        prop::sample::select(vec!["a", "b", "text", "to", "value", "name", "id", "method"])
                            .prop_map(str::to_owned),
                        ".{0,6}",
                    ],
                    inner,
                    0..5
                )
                .prop_map(|map| Value::Object(map.into_iter().collect())),
            ]
        })
        .boxed()
    }

    /// Numbers past what any type holds, where ids and arguments go.
    fn huge_numbers() -> impl Strategy<Value = Vec<u8>> {
        let number = prop::sample::select(vec![
            "1e400",
            "-1e400",
            "18446744073709551616",
            "9223372036854775808",
            "-9223372036854775809",
            "1.7976931348623157e308",
            "4.9e-324",
            "123456789012345678901234567890123456789012345678901234567890",
            "1E2",
            "-0",
            "0.0",
        ]);
        (number.clone(), number, id()).prop_map(|(a, b, id)| {
            format!(
                r#"{{"jsonrpc":"2.0","id":{a},"method":"tools/call","params":{{"name":"add","arguments":{{"a":{b},"b":1}}}},"x":{id}}}"#
            )
            .into_bytes()
        })
    }

    /// Arrays nested `depth` deep, alone or as a tool's arguments: around the argument limit
    /// (64), the parser's (128), and far past both.
    fn deep() -> impl Strategy<Value = Vec<u8>> {
        let depth = prop_oneof![0..200usize, 60..70usize, 120..135usize, 1_000..100_000usize];
        (depth, any::<bool>()).prop_map(|(depth, as_arguments)| {
            let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            if as_arguments {
                format!(
                    r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"name":"measure","arguments":{{"value":{nested}}}}}}}"#
                )
                .into_bytes()
            } else {
                nested.into_bytes()
            }
        })
    }

    /// A call with a long string (tens of kB) as its argument.
    fn long_text() -> impl Strategy<Value = Vec<u8>> {
        (1_000..60_000usize, prop::sample::select(vec!["a", "é", "\\u0000", "\\\""])).prop_map(|(n, piece)| {
            let text = piece.repeat(n);
            format!(r#"{{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{{"name":"echo","arguments":{{"text":"{text}"}}}}}}"#)
                .into_bytes()
        })
    }
}

// ---- The run ----

/// The server, the live sessions the cases use, the session of the good calls, and counts.
struct Fuzz {
    address: SocketAddr,
    sessions: RefCell<VecDeque<String>>,
    checker: String,
    cases: Cell<u32>,
    good_calls: Cell<u32>,
    statuses: RefCell<BTreeMap<u16, u32>>,
}

/// A request as a well-behaved client writes it.
fn good(address: SocketAddr, session: Option<&str>, body: Value) -> RawRequest {
    let mut headers = vec![
        ("Host".to_owned(), address.to_string().into_bytes()),
        ("Accept".to_owned(), b"application/json, text/event-stream".to_vec()),
        ("Content-Type".to_owned(), b"application/json".to_vec()),
    ];
    if let Some(session) = session {
        headers.push(("Mcp-Session-Id".to_owned(), session.as_bytes().to_vec()));
        headers.push(("MCP-Protocol-Version".to_owned(), b"2025-06-18".to_vec()));
    }
    RawRequest {
        method: "POST".to_owned(),
        path: "/mcp".to_owned(),
        headers,
        body: body.to_string().into_bytes(),
        ..Default::default()
    }
}

impl Fuzz {
    fn new(address: SocketAddr) -> Self {
        let checker = Fuzz::open_session(address).expect("a session for the good calls");
        Fuzz {
            address,
            sessions: RefCell::default(),
            checker,
            cases: Cell::new(0),
            good_calls: Cell::new(0),
            statuses: RefCell::default(),
        }
    }

    /// A new session, initialized as a client does.
    fn open_session(address: SocketAddr) -> Result<String, String> {
        let initialize = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "fuzz", "version": "1"}}});
        let answer = send(address, &good(address, None, initialize), ANSWER_WITHIN, ANSWER_WITHIN)?;
        let session = answer.header("mcp-session-id").ok_or_else(|| format!("no session: {answer:?}"))?.to_owned();
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        let answer = send(address, &good(address, Some(&session), initialized), ANSWER_WITHIN, ANSWER_WITHIN)?;
        if answer.status != 202 {
            return Err(format!("notifications/initialized: {answer:?}"));
        }
        Ok(session)
    }

    /// A `tools/call` in the good calls' session, and its result checked.
    fn good_call(&self) -> Result<(), String> {
        let n = i64::from(self.good_calls.get());
        self.good_calls.set(self.good_calls.get() + 1);
        let call = json!({"jsonrpc": "2.0", "id": 1_000_000 + n, "method": "tools/call",
            "params": {"name": "add", "arguments": {"a": n, "b": 1}}});
        let answer = send(self.address, &good(self.address, Some(&self.checker), call), ANSWER_WITHIN, ANSWER_WITHIN)?;
        let events = sse_data(&answer.body, answer.complete)?;
        let result = events
            .iter()
            .filter_map(|data| serde_json::from_str::<Value>(data).ok())
            .find(|message| message["id"] == json!(1_000_000 + n));
        match result {
            Some(message) if message["result"]["structuredContent"]["result"] == json!(n + 1) => Ok(()),
            _ => Err(format!("a good call was not answered: {answer:?}")),
        }
    }

    /// The live session a case names, a new one when there is none.
    fn live(&self, at: &prop::sample::Index) -> Result<String, String> {
        if self.sessions.borrow().is_empty() {
            let session = Fuzz::open_session(self.address)?;
            self.sessions.borrow_mut().push_back(session);
        }
        let sessions = self.sessions.borrow();
        Ok(sessions[at.index(sessions.len())].clone())
    }

    /// Keeps a session a case opened, closing the oldest past `LIVE_SESSIONS`, so that the cases'
    /// sessions stay few however many they open.
    fn keep(&self, session: String) -> Result<(), String> {
        let mut sessions = self.sessions.borrow_mut();
        sessions.push_back(session);
        if sessions.len() > LIVE_SESSIONS {
            let oldest = sessions.pop_front().unwrap();
            let mut close = good(self.address, Some(&oldest), Value::Null);
            close.method = "DELETE".to_owned();
            close.body.clear();
            send(self.address, &close, ANSWER_WITHIN, ANSWER_WITHIN)?;
        }
        Ok(())
    }

    fn request(&self, case: &Case) -> Result<(RawRequest, Option<String>), String> {
        let port = self.address.port().to_string();
        let mut headers = Vec::new();
        match &case.host {
            Host::Loopback(host) | Host::Foreign(host) => {
                headers.push(("Host".to_owned(), host.replace("{port}", &port).into_bytes()))
            }
            Host::Any(host) => headers.push(("Host".to_owned(), host.clone().into_bytes())),
            Host::Missing => {}
        }
        match &case.origin {
            Origin::Loopback(origin) | Origin::Foreign(origin) => {
                headers.push(("Origin".to_owned(), origin.as_bytes().to_vec()))
            }
            Origin::Any(origin) => headers.push(("Origin".to_owned(), origin.clone().into_bytes())),
            Origin::Missing => {}
        }
        for (name, value) in [
            ("Accept", &case.accept),
            ("Content-Type", &case.content_type),
            ("MCP-Protocol-Version", &case.protocol_version),
        ] {
            if let Some(value) = value {
                headers.push((name.to_owned(), value.0.clone()));
            }
        }
        let live = match &case.session {
            Session::Live(at) | Session::Twice(at) => Some(self.live(at)?),
            _ => None,
        };
        let ids: Vec<&[u8]> = match &case.session {
            Session::Missing => vec![],
            Session::Live(_) => vec![live.as_deref().unwrap().as_bytes()],
            Session::Unknown => vec![b"3f1c7e9a-0b4d-4c55-9a39-6f1d2c1e8b07"],
            Session::Any(value) => vec![&value.0],
            Session::Twice(_) => vec![live.as_deref().unwrap().as_bytes(), b"not-a-session"],
        };
        headers.extend(ids.into_iter().map(|id| ("Mcp-Session-Id".to_owned(), id.to_vec())));
        headers.extend(case.others.iter().map(|(name, value)| (name.clone(), value.0.clone())));
        let body = match &case.body {
            Body::Bytes(bytes) => bytes.0.clone(),
            Body::TooLarge => vec![b' '; (4 << 20) + 1],
        };
        // A large body goes only when asked for: one the server refuses unread would otherwise
        // be reset under its answer.
        let expect_continue = case.expect_continue || body.len() > 4096;
        let request = RawRequest {
            method: case.method.to_owned(),
            path: case.path.clone(),
            headers,
            body,
            chunked: case.chunked,
            expect_continue,
        };
        Ok((request, live))
    }

    fn run(&self, case: &Case) -> Result<(), TestCaseError> {
        let (request, live) = self.request(case).map_err(TestCaseError::fail)?;
        let open_stream = if case.method == "GET" { OPEN_STREAM_READ } else { ANSWER_WITHIN };
        let answer = send(self.address, &request, ANSWER_WITHIN, open_stream).map_err(TestCaseError::fail)?;
        *self.statuses.borrow_mut().entry(answer.status).or_default() += 1;
        judge(case, &request, &answer)
            .map_err(|why| TestCaseError::fail(format!("case {}: {why}\nanswer: {answer:?}", self.cases.get() + 1)))?;
        if let Some(session) = answer.header("mcp-session-id").filter(|_| live.is_none()) {
            self.keep(session.to_owned()).map_err(TestCaseError::fail)?;
        }
        if case.method == "DELETE" && answer.status == 202 {
            self.sessions.borrow_mut().retain(|session| Some(session) != live.as_ref());
        }
        self.cases.set(self.cases.get() + 1);
        if self.cases.get().is_multiple_of(CHECK_EVERY) {
            self.good_call().map_err(|why| TestCaseError::fail(format!("after this case, {why}")))?;
        }
        Ok(())
    }
}

// ---- What an answer must be ----

fn judge(case: &Case, request: &RawRequest, answer: &RawResponse) -> Result<(), String> {
    let foreign = matches!(case.host, Host::Foreign(_) | Host::Missing) || matches!(case.origin, Origin::Foreign(_));
    if foreign && (200..300).contains(&answer.status) {
        return Err("a request from a foreign Host or Origin, or without a Host, was served".to_owned());
    }
    if !answer.complete && case.method != "GET" {
        return Err(format!("an event stream still open after {} s", ANSWER_WITHIN.as_secs()));
    }
    if case.method == "HEAD" {
        // Headers alone: there is no body to judge.
        return Ok(());
    }
    let media = answer.media_type();
    let messages = match media.as_deref() {
        Some("application/json") => {
            let json: Value =
                serde_json::from_slice(&answer.body).map_err(|err| format!("a JSON body that is not JSON: {err}"))?;
            if answer.status == 200 { jsonrpc_messages(json)? } else { Vec::new() }
        }
        Some("text/event-stream") => {
            let mut messages = Vec::new();
            for data in sse_data(&answer.body, answer.complete)? {
                if !data.is_empty() {
                    let json =
                        serde_json::from_str(&data).map_err(|err| format!("an event that is not JSON: {err}"))?;
                    messages.extend(jsonrpc_messages(json)?);
                }
            }
            messages
        }
        _ if answer.status == 200 => return Err("a 200 neither JSON nor an event stream".to_owned()),
        _ => {
            if std::str::from_utf8(&answer.body).is_err() {
                return Err("a body that is not text".to_owned());
            }
            Vec::new()
        }
    };
    if answer.status == 202 && !answer.body.is_empty() {
        return Err("a 202 with a body".to_owned());
    }
    // Only a POST's body is read.
    if let Some(id) = request_id(&request.body).filter(|_| case.method == "POST") {
        let answers: Vec<&Value> = messages
            .iter()
            .filter(|message| message.get("result").is_some() || message.get("error").is_some())
            .collect();
        for answer in &answers {
            let to = answer.get("id").unwrap_or(&Value::Null);
            if !to.is_null() && *to != id {
                return Err(format!("an answer to request {id} carries the id {to}"));
            }
        }
        if answer.status == 200 && answer.complete && answers.len() != 1 {
            return Err(format!("request {id} served with {} answers", answers.len()));
        }
    }
    Ok(())
}

/// The messages in `json`, one or a batch, each checked to be JSON-RPC 2.0: a request or a
/// notification (a method), or an answer (an id, and a result or an error with a code and a
/// message).
fn jsonrpc_messages(json: Value) -> Result<Vec<Value>, String> {
    let messages = match json {
        Value::Array(batch) if !batch.is_empty() => batch,
        single => vec![single],
    };
    for message in &messages {
        let ok = message["jsonrpc"] == "2.0"
            && match (message.get("method"), message.get("result"), message.get("error")) {
                (Some(method), None, None) => method.is_string(),
                (None, Some(_), None) => message.get("id").is_some_and(|id| id.is_i64() || id.is_string()),
                (None, None, Some(error)) => {
                    error["code"].is_i64()
                        && error["message"].is_string()
                        && message.get("id").is_none_or(|id| id.is_null() || id.is_i64() || id.is_string())
                }
                _ => false,
            };
        if !ok {
            return Err(format!("not a JSON-RPC message: {message}"));
        }
    }
    Ok(messages)
}

/// The id of a request body that is one request with an id the server can read (a string, or an
/// integer that fits an `i64`).
fn request_id(body: &[u8]) -> Option<Value> {
    let message: Value = serde_json::from_slice(body).ok()?;
    let id = message.get("id")?;
    (message.get("method").is_some_and(Value::is_string) && (id.is_i64() || id.is_string())).then(|| id.clone())
}

#[test]
fn hostile_requests_are_answered_well_formed_and_the_server_keeps_serving() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let server = runtime.block_on(McpServer::new(Desk).unwrap().serve_http("127.0.0.1:0")).unwrap();
    let fuzz = Fuzz::new(server.address());
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        max_shrink_iters: 2_000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(toolc_tests::PROPTEST_SEED),
        ..Config::default()
    };
    let start = Instant::now();
    let outcome = TestRunner::new(config).run(&case(), |case| fuzz.run(&case));
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
    fuzz.good_call().expect("a good call after the last case");
    println!(
        "{} cases in {:.1} s, {} good calls between them; answers by status: {:?}",
        fuzz.cases.get(),
        start.elapsed().as_secs_f64(),
        fuzz.good_calls.get(),
        fuzz.statuses.borrow()
    );
    server.stop();
}
