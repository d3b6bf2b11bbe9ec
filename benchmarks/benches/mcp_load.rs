//! Load: 8 clients × 10,000 `tools/call` requests over streamable HTTP on loopback, against toolc's
//! `McpServer` in a process of its own (this program, run with `--serve`), four requests in flight
//! per client. Every reply must arrive, each to its own request (every request's arguments give a
//! different answer), within the time bound; the server's resident memory after the run must be at
//! most 1.1 × what it was after warm-up.
//!
//! `cd benchmarks && cargo bench --features peers --bench mcp_load`

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{Peer, RoleClient};
use rmcp::transport::StreamableHttpClientTransport;
use tool_runtime::mcp::McpServer;
use toolc_benchmarks::{Bench, search_work};

const CLIENTS: usize = 8;
const IN_FLIGHT: usize = 4;
const CALLS: usize = 10_000;
const WARM_UP: usize = 1_000;
const TIME_BOUND: Duration = Duration::from_secs(300);

fn main() {
    if std::env::args().any(|arg| arg == "--serve") {
        return serve();
    }
    let mut server = Command::new(std::env::current_exe().unwrap())
        .arg("--serve")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut url = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut url).unwrap();
    let url = url.trim().to_owned();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let outcome = runtime.block_on(async {
        tokio::time::timeout(TIME_BOUND, load(&url, server.id())).await.expect("the load ends within its time bound")
    });
    server.kill().unwrap();
    server.wait().unwrap();
    let (elapsed, warm, after) = outcome;
    let calls = CLIENTS * CALLS;
    println!(
        "mcp_load: {CLIENTS} clients × {CALLS} calls ({IN_FLIGHT} in flight each) over streamable HTTP on loopback"
    );
    println!(
        "mcp_load: {calls} replies, each to its own request, in {:.2} s: {:.0} calls/s, {:.1} µs a call",
        elapsed.as_secs_f64(),
        calls as f64 / elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e6 / calls as f64
    );
    let ratio = after as f64 / warm as f64;
    println!("mcp_load: server resident memory {warm} kB after warm-up, {after} kB after the run: {ratio:.3} ×");
    assert!(ratio <= 1.1, "resident memory grew {ratio:.3} × over the run (target ≤ 1.1 ×)");
}

/// Serves `Bench` over streamable HTTP and prints the URL for the parent.
fn serve() {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let server = McpServer::new(Bench).unwrap().serve_http("127.0.0.1:0").await.unwrap();
        println!("{}", server.url());
        server.wait().await.unwrap();
    });
}

/// Connects the clients, warms up, runs the load; returns its time and the server's resident
/// memory (kB) after warm-up and after the run.
async fn load(url: &str, server: u32) -> (Duration, u64, u64) {
    let mut clients = Vec::new();
    for _ in 0..CLIENTS {
        let transport = StreamableHttpClientTransport::from_uri(url.to_owned());
        clients.push(().serve(transport).await.expect("the client connects"));
    }
    let peers: Vec<Peer<RoleClient>> = clients.iter().map(|client| client.peer().clone()).collect();
    run(&peers, WARM_UP).await;
    let warm = resident_kb(server);
    let start = Instant::now();
    run(&peers, CALLS).await;
    let elapsed = start.elapsed();
    let after = resident_kb(server);
    for client in clients {
        client.cancel().await.unwrap();
    }
    (elapsed, warm, after)
}

/// `calls` calls from each client, `IN_FLIGHT` at a time, each checked against its own answer.
async fn run(peers: &[Peer<RoleClient>], calls: usize) {
    let mut tasks = tokio::task::JoinSet::new();
    for (client, peer) in peers.iter().enumerate() {
        for lane in 0..IN_FLIGHT {
            let peer = peer.clone();
            tasks.spawn(async move {
                for call in (lane..calls).step_by(IN_FLIGHT) {
                    let query = format!("client {client} call {call}");
                    let offset = call as u32;
                    let arguments = serde_json::json!({
                        "query": query, "num_results": 10, "language": "en", "safe_search": true, "offset": offset,
                    });
                    let params =
                        CallToolRequestParams::new("search").with_arguments(arguments.as_object().unwrap().clone());
                    let result = peer.call_tool(params).await.expect("every call is answered");
                    let expected = search_work(&query, Some(10), offset);
                    let answer = result.structured_content.as_ref().and_then(|content| content["result"].as_u64());
                    assert_eq!(answer, Some(expected as u64), "client {client} call {call}: {result:?}");
                }
            });
        }
    }
    while let Some(done) = tasks.join_next().await {
        done.expect("a client failed");
    }
}

/// The resident memory of process `pid`, in kB (Linux).
fn resident_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}
