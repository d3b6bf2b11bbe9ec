//! `McpServer` over streamable HTTP under load, in the test process on loopback, with rmcp's own
//! client: 16 clients, each its own session, 200 calls each, all at once. Every reply arrives, each
//! to its own request (every call's arguments give an answer no other call gives), and once. And
//! a slow call holds up nobody: while one client's call sleeps, every other call, that client's
//! own included, is answered as quickly as ever.
//!
//! The server runs on its default `HttpOptions`; each client keeps 4 calls in flight, within the
//! defaults' 16 at once a session and 256 in all, so no call is refused for being one too many.
//!
//! The same on MCP 2026-07-28, which has no sessions: every call a request of its own, carrying its
//! protocol version and capabilities, written by hand (rmcp's client speaks 2025-11-25).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{Peer, RoleClient, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use serde_json::json;
use tokio::sync::Notify;
use toolc::toolbox;
use toolc_mcp::{HttpServer, McpServer};

const CLIENTS: usize = 16;
const IN_FLIGHT: usize = 4;
/// However slow the machine (a debug build, other jobs), a call answered later than this was
/// held up.
const QUICK: Duration = Duration::from_secs(5);

struct Desk {
    /// Told when a `sleep` call has started.
    sleeping: Arc<Notify>,
}

#[toolbox]
impl Desk {
    /// Add two numbers.
    ///
    /// # Arguments
    /// * `a` - The first.
    /// * `b` - The second.
    #[tool]
    fn add(a: i64, b: i64) -> i64 {
        a + b
    }

    /// Sleep, then say how long.
    ///
    /// # Arguments
    /// * `seconds` - How long.
    #[tool]
    async fn sleep(&self, seconds: u64) -> u64 {
        self.sleeping.notify_one();
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        seconds
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap()
}

async fn serve(sleeping: Arc<Notify>) -> HttpServer {
    McpServer::new(Desk { sleeping }).unwrap().serve_http("127.0.0.1:0").await.unwrap()
}

/// `CLIENTS` clients of the server at `url`, each with a session of its own.
async fn connect(url: &str) -> Vec<RunningService<RoleClient, ()>> {
    let mut clients = Vec::new();
    for _ in 0..CLIENTS {
        let transport = StreamableHttpClientTransport::from_uri(url.to_owned());
        clients.push(().serve(transport).await.expect("the client connects"));
    }
    clients
}

/// `count` calls of `add` from client number `client`, `IN_FLIGHT` at a time, each checked to be
/// answered with its own sum; returns the sums and the slowest call's time.
async fn add_calls(peer: Peer<RoleClient>, client: usize, count: usize) -> (Vec<i64>, Duration) {
    let mut lanes = tokio::task::JoinSet::new();
    for lane in 0..IN_FLIGHT {
        let peer = peer.clone();
        lanes.spawn(async move {
            let mut sums = Vec::new();
            let mut slowest = Duration::ZERO;
            for call in (lane..count).step_by(IN_FLIGHT) {
                // A sum no other call of the run has.
                let (a, b) = ((client * 100_000 + call) as i64, 1_000_000_000);
                let arguments = json!({"a": a, "b": b}).as_object().unwrap().clone();
                let sent = Instant::now();
                let result = peer
                    .call_tool(CallToolRequestParams::new("add").with_arguments(arguments))
                    .await
                    .unwrap_or_else(|err| panic!("client {client} call {call} not answered: {err}"));
                slowest = slowest.max(sent.elapsed());
                let sum = result.structured_content.as_ref().and_then(|content| content["result"].as_i64());
                assert_eq!(sum, Some(a + b), "client {client} call {call} answered another's: {result:?}");
                sums.push(a + b);
            }
            (sums, slowest)
        });
    }
    let (mut sums, mut slowest) = (Vec::new(), Duration::ZERO);
    while let Some(lane) = lanes.join_next().await {
        let (lane_sums, lane_slowest) = lane.expect("a lane of calls failed");
        sums.extend(lane_sums);
        slowest = slowest.max(lane_slowest);
    }
    (sums, slowest)
}

/// Every client's `count` calls at once; every sum must come once. Returns the slowest call's time.
async fn all_at_once(clients: &[RunningService<RoleClient, ()>], count: usize) -> Duration {
    let mut tasks = tokio::task::JoinSet::new();
    for (client, running) in clients.iter().enumerate() {
        tasks.spawn(add_calls(running.peer().clone(), client, count));
    }
    let mut answered = HashSet::new();
    let mut slowest = Duration::ZERO;
    while let Some(done) = tasks.join_next().await {
        let (sums, client_slowest) = done.expect("a client failed");
        for sum in sums {
            assert!(answered.insert(sum), "the answer {sum} came twice");
        }
        slowest = slowest.max(client_slowest);
    }
    assert_eq!(answered.len(), clients.len() * count, "every call answered once");
    slowest
}

#[test]
fn sixteen_clients_at_once_each_get_every_answer_to_its_own_request_once() {
    runtime().block_on(async {
        let server = serve(Arc::default()).await;
        let clients = connect(&server.url()).await;
        let run = tokio::time::timeout(Duration::from_secs(120), all_at_once(&clients, 200));
        let slowest = run.await.expect("3,200 calls answered within two minutes");
        println!("{CLIENTS} clients × 200 calls: the slowest answered in {} ms", slowest.as_millis());
        for client in clients {
            client.cancel().await.unwrap();
        }
        server.stop();
    });
}

/// `count` stateless `add` calls (2026-07-28) from client number `client`, `IN_FLIGHT` at a time,
/// each answered with its own sum; returns the sums.
async fn stateless_add_calls(address: std::net::SocketAddr, client: usize, count: usize) -> Vec<i64> {
    let mut lanes = tokio::task::JoinSet::new();
    for lane in 0..IN_FLIGHT {
        lanes.spawn(async move {
            let mut sums = Vec::new();
            for call in (lane..count).step_by(IN_FLIGHT) {
                let (a, b) = ((client * 100_000 + call) as i64, 1_000_000_000);
                let body = json!({"jsonrpc": "2.0", "id": call, "method": "tools/call", "params": {
                "name": "add", "arguments": {"a": a, "b": b}, "_meta": {
                    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                    "io.modelcontextprotocol/clientCapabilities": {},
                }}});
                let headers =
                    [("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", "tools/call"), ("Mcp-Name", "add")];
                let reply = crate::support::raw_http::post(address, &headers, &body.to_string()).await;
                let answer = reply.messages().into_iter().find(|message| message.get("id").is_some());
                let answer = answer.unwrap_or_else(|| panic!("client {client} call {call} not answered: {reply:?}"));
                assert_eq!(answer["id"], call, "client {client} call {call} answered another's: {answer}");
                assert_eq!(answer["result"]["structuredContent"]["result"], a + b, "{answer}");
                sums.push(a + b);
            }
            sums
        });
    }
    let mut sums = Vec::new();
    while let Some(lane) = lanes.join_next().await {
        sums.extend(lane.expect("a lane of calls failed"));
    }
    sums
}

#[test]
fn sixteen_clients_without_sessions_each_get_every_answer_to_its_own_request_once() {
    runtime().block_on(async {
        let server = serve(Arc::default()).await;
        let address = server.address();
        let mut tasks = tokio::task::JoinSet::new();
        for client in 0..CLIENTS {
            tasks.spawn(stateless_add_calls(address, client, 50));
        }
        let mut answered = HashSet::new();
        let all = async {
            while let Some(done) = tasks.join_next().await {
                for sum in done.expect("a client failed") {
                    assert!(answered.insert(sum), "the answer {sum} came twice");
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(120), all).await.expect("800 calls answered within two minutes");
        assert_eq!(answered.len(), CLIENTS * 50, "every call answered once");
        server.stop();
    });
}

#[test]
fn a_slow_call_holds_up_no_other_call() {
    runtime().block_on(async {
        let sleeping = Arc::new(Notify::new());
        let server = serve(Arc::clone(&sleeping)).await;
        let clients = connect(&server.url()).await;
        let sleeper = clients[0].peer().clone();
        let slow = tokio::spawn(async move {
            let arguments = json!({"seconds": 600}).as_object().unwrap().clone();
            sleeper.call_tool(CallToolRequestParams::new("sleep").with_arguments(arguments)).await
        });
        tokio::time::timeout(QUICK, sleeping.notified()).await.expect("the slow call started");
        // Every client, the sleeping call's own included, calls meanwhile.
        let start = Instant::now();
        let run = tokio::time::timeout(Duration::from_secs(60), all_at_once(&clients, 50));
        let slowest = run.await.expect("800 calls answered within a minute while one call sleeps");
        println!(
            "{CLIENTS} clients × 50 calls while one call sleeps: {} ms in all, the slowest answered in {} ms",
            start.elapsed().as_millis(),
            slowest.as_millis()
        );
        assert!(slowest < QUICK, "a call took {slowest:?} while another slept");
        assert!(!slow.is_finished(), "the slow call is still running: it was not what the others waited for");
        slow.abort();
        for client in clients {
            client.cancel().await.unwrap();
        }
        server.stop();
    });
}
