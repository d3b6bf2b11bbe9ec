//! Load and soak: 16 rmcp clients, each its own streamable-HTTP session over loopback, against
//! toolc's `McpServer` in a process of its own (this program, run with `--serve`) on its default
//! `HttpOptions`. Each client keeps 4 requests in flight: 64 calls at once, within the defaults'
//! 16 per session and 256 in all, so no call is refused for being one too many.
//!
//! - Load: 5,000 calls per client (80,000), each call's latency recorded: p50, p99, throughput.
//! - Soak: 200,000 calls in all after warm-up (the load's and 120,000 more); the server's resident
//!   memory after them must be at most 1.1 × what it was after warm-up.
//!
//! Every reply must arrive, each to its own request: every call's arguments give an answer no
//! other call gives, checked against the request and counted once. The run is bounded in time,
//! and the server stops with it (it ends when its standard input closes).
//!
//! `cd benchmarks && cargo bench --features peers --bench mcp_load`

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{Peer, RoleClient};
use rmcp::transport::StreamableHttpClientTransport;
use toolc_mcp::McpServer;
use toolc_benchmarks::{Bench, search_work};

const CLIENTS: usize = 16;
const IN_FLIGHT: usize = 4;
const WARM_UP: usize = 500;
const LOAD: usize = 5_000;
/// Calls per client after the load, so that the soak is 200,000 calls in all.
const SOAK_REST: usize = 200_000 / CLIENTS - LOAD;
const TIME_BOUND: Duration = Duration::from_secs(300);

fn main() {
    if std::env::args().any(|arg| arg == "--serve") {
        return serve();
    }
    let mut server = ServerProcess::start();
    let url = server.url();
    let pid = server.0.id();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let outcome = runtime.block_on(async {
        tokio::time::timeout(TIME_BOUND, load(&url, pid)).await.expect("the run ends within its time bound")
    });
    drop(server);
    let Outcome { load_time, mut latencies, soak_time, warm_kb, load_kb, soak_kb } = outcome;
    latencies.sort_unstable();
    let calls = CLIENTS * LOAD;
    println!(
        "mcp_load: {CLIENTS} clients × {LOAD} calls ({IN_FLIGHT} in flight each) over streamable HTTP on loopback"
    );
    println!(
        "mcp_load: {calls} replies, each to its own request, in {:.2} s: {:.0} calls/s; latency p50 {} µs, p99 {} µs, max {} µs",
        load_time.as_secs_f64(),
        calls as f64 / load_time.as_secs_f64(),
        percentile(&latencies, 50.0).as_micros(),
        percentile(&latencies, 99.0).as_micros(),
        latencies.last().unwrap().as_micros(),
    );
    let soaked = CLIENTS * (LOAD + SOAK_REST);
    println!(
        "mcp_load: soak: {soaked} replies after warm-up in {:.2} s: {:.0} calls/s",
        soak_time.as_secs_f64(),
        soaked as f64 / soak_time.as_secs_f64()
    );
    let ratio = soak_kb as f64 / warm_kb as f64;
    println!(
        "mcp_load: server resident memory {warm_kb} kB after warm-up, {load_kb} kB after the load, {soak_kb} kB after \
         the soak: {ratio:.3} ×"
    );
    assert!(ratio <= 1.1, "resident memory grew {ratio:.3} × over the soak (target ≤ 1.1 ×)");
}

/// Serves `Bench` over streamable HTTP, prints the URL for the parent, and ends when the parent
/// closes its standard input (or is gone).
fn serve() {
    std::thread::spawn(|| {
        let _ = std::io::stdin().read_to_end(&mut Vec::new());
        std::process::exit(0);
    });
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let server = McpServer::new(Bench).unwrap().serve_http("127.0.0.1:0").await.unwrap();
        println!("{}", server.url());
        server.wait().await.unwrap();
    });
}

/// The server's process, killed when dropped, so that a failed run leaves nothing behind.
struct ServerProcess(Child);

impl ServerProcess {
    fn start() -> Self {
        let child = Command::new(std::env::current_exe().unwrap())
            .arg("--serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        ServerProcess(child)
    }

    /// The URL the server printed.
    fn url(&mut self) -> String {
        let mut url = String::new();
        BufReader::new(self.0.stdout.take().unwrap()).read_line(&mut url).unwrap();
        url.trim().to_owned()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// What a run measured: the load's time and every call's latency, the soak's time, and the
/// server's resident memory (kB) after warm-up, the load and the soak.
struct Outcome {
    load_time: Duration,
    latencies: Vec<Duration>,
    soak_time: Duration,
    warm_kb: u64,
    load_kb: u64,
    soak_kb: u64,
}

/// Connects the clients, warms up, runs the load and the rest of the soak.
async fn load(url: &str, server: u32) -> Outcome {
    let mut clients = Vec::new();
    for _ in 0..CLIENTS {
        let transport = StreamableHttpClientTransport::from_uri(url.to_owned());
        clients.push(().serve(transport).await.expect("the client connects"));
    }
    let peers: Vec<Peer<RoleClient>> = clients.iter().map(|client| client.peer().clone()).collect();
    let mut answered = HashSet::new();
    run(&peers, 0..WARM_UP, &mut answered).await;
    let warm_kb = resident_kb(server);
    let start = Instant::now();
    let latencies = run(&peers, WARM_UP..WARM_UP + LOAD, &mut answered).await;
    let load_time = start.elapsed();
    let load_kb = resident_kb(server);
    run(&peers, WARM_UP + LOAD..WARM_UP + LOAD + SOAK_REST, &mut answered).await;
    let soak_time = start.elapsed();
    let soak_kb = resident_kb(server);
    assert_eq!(answered.len(), CLIENTS * (WARM_UP + LOAD + SOAK_REST), "every call answered once");
    for client in clients {
        client.cancel().await.unwrap();
    }
    Outcome { load_time, latencies, soak_time, warm_kb, load_kb, soak_kb }
}

/// The calls numbered `calls` from each client, `IN_FLIGHT` at a time, each checked against its
/// own answer, which `answered` must not hold yet; returns every call's latency.
async fn run(peers: &[Peer<RoleClient>], calls: std::ops::Range<usize>, answered: &mut HashSet<u64>) -> Vec<Duration> {
    let mut tasks = tokio::task::JoinSet::new();
    for (client, peer) in peers.iter().enumerate() {
        for lane in 0..IN_FLIGHT {
            let peer = peer.clone();
            let calls = calls.clone();
            tasks.spawn(async move {
                let mut replies = Vec::with_capacity(calls.len() / IN_FLIGHT + 1);
                for call in calls.skip(lane).step_by(IN_FLIGHT) {
                    // The same length for every query, and an offset no other call has: an answer
                    // (length + results + offset) that belongs to this call alone.
                    let query = format!("client {client:02} call {call:06}");
                    let offset = (client * 1_000_000 + call) as u32;
                    let arguments = serde_json::json!({
                        "query": query, "num_results": 10, "language": "en", "safe_search": true, "offset": offset,
                    });
                    let params =
                        CallToolRequestParams::new("search").with_arguments(arguments.as_object().unwrap().clone());
                    let sent = Instant::now();
                    let result = peer.call_tool(params).await.expect("every call is answered");
                    let latency = sent.elapsed();
                    let expected = search_work(&query, Some(10), offset) as u64;
                    let answer = result.structured_content.as_ref().and_then(|content| content["result"].as_u64());
                    assert_eq!(answer, Some(expected), "client {client} call {call}: {result:?}");
                    replies.push((latency, expected));
                }
                replies
            });
        }
    }
    let mut latencies = Vec::new();
    while let Some(done) = tasks.join_next().await {
        for (latency, answer) in done.expect("a client failed") {
            assert!(answered.insert(answer), "the answer {answer} came twice");
            latencies.push(latency);
        }
    }
    latencies
}

/// The `p`th percentile of `sorted` (nearest rank).
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = (p / 100.0 * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The resident memory of process `pid`, in kB (Linux).
fn resident_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}
