//! Throughput and latency of one toolbox served by replicas sharing a Redis, alone and behind
//! HAProxy: what the shared state costs a call, and what the load balancer's hop costs.
//!
//! Four runs, each of 64 calls always in flight from one client process for 8 s after 2 s of
//! warm-up, every call a 2026-07-28 `tools/call` of `search` (a request of its own, no session),
//! every answer checked against its own request:
//!
//! - one replica, its state in memory (no Redis), reached directly: the floor;
//! - one replica sharing its state in Redis, reached directly;
//! - the same replica behind HAProxy (`deploy/haproxy.cfg`): the hop;
//! - three replicas behind HAProxy.
//!
//! Redis is the pinned `redis-server` the tests install (`tests/conformance/setup.sh`), HAProxy the
//! pinned one of `deploy/install-haproxy.sh`; every process on 127.0.0.1, on this machine's cores.
//!
//! `cd benchmarks && cargo bench --features cluster --bench mcp_cluster`

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use toolc_mcp::{HttpOptions, McpServer, RedisState};
use toolc_benchmarks::{Bench, search_work};

const IN_FLIGHT: usize = 64;
const WARM_UP: Duration = Duration::from_secs(2);
const MEASURED: Duration = Duration::from_secs(8);
const PASSWORD: &str = "the benchmark's redis password";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|arg| arg == "--serve") {
        return serve(args.iter().any(|arg| arg == "--shared"));
    }
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned();
    let redis = Redis::start(&repository);
    let haproxy = haproxy(&repository);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    println!(
        "mcp_cluster: {IN_FLIGHT} calls in flight, {} s measured after {} s of warm-up",
        MEASURED.as_secs(),
        WARM_UP.as_secs()
    );

    let alone = Replica::start(None);
    runtime.block_on(run("one replica, state in memory, direct", &alone.url));
    drop(alone);

    let shared = Replica::start(Some(&redis.url()));
    runtime.block_on(run("one replica, state in Redis, direct", &shared.url));
    let front = Balancer::start(&haproxy, &[&shared]);
    runtime.block_on(run("one replica, state in Redis, behind HAProxy", &front.url));
    drop(front);

    let (second, third) = (Replica::start(Some(&redis.url())), Replica::start(Some(&redis.url())));
    let front = Balancer::start(&haproxy, &[&shared, &second, &third]);
    runtime.block_on(run("three replicas, state in Redis, behind HAProxy", &front.url));
}

/// A replica: `search` served over HTTP, its state shared in the Redis of `$BENCH_REDIS_URL` with
/// `--shared`; it ends when its standard input closes.
fn serve(shared: bool) {
    std::thread::spawn(|| {
        let _ = std::io::stdin().read_to_end(&mut Vec::new());
        std::process::exit(0);
    });
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let mut options = HttpOptions::default().calls_in_total(1024);
        if shared {
            let url = std::env::var("BENCH_REDIS_URL").unwrap();
            options = options.shared_state(RedisState::connect(&url).await.unwrap());
        }
        let server = McpServer::new(Bench).unwrap().with(options).serve_http("127.0.0.1:0").await.unwrap();
        println!("{}", server.url());
        server.wait().await.unwrap();
    });
}

/// Runs the load against `url` and prints what it measured.
async fn run(name: &str, url: &str) {
    let http = reqwest::Client::new();
    let stop = Arc::new(AtomicBool::new(false));
    let measuring_from = Instant::now() + WARM_UP;
    let mut clients = Vec::new();
    for client in 0..IN_FLIGHT {
        let (http, url, stop) = (http.clone(), url.to_owned(), Arc::clone(&stop));
        clients.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut call = 0u32;
            while !stop.load(Ordering::Relaxed) {
                call += 1;
                let offset = u32::try_from(client).unwrap() * 1_000_000 + call;
                let started = Instant::now();
                let answer = search(&http, &url, offset).await;
                let expected = search_work("rust json schema", Some(10), offset).to_string();
                assert_eq!(answer, expected, "every answer is its own request's");
                if started >= measuring_from {
                    latencies.push(started.elapsed());
                }
            }
            latencies
        }));
    }
    tokio::time::sleep(WARM_UP + MEASURED).await;
    stop.store(true, Ordering::Relaxed);
    let mut latencies: Vec<Duration> = Vec::new();
    for client in clients {
        latencies.extend(client.await.unwrap());
    }
    latencies.sort_unstable();
    let percentile =
        |p: f64| latencies[((latencies.len() as f64 * p / 100.0).ceil() as usize).clamp(1, latencies.len()) - 1];
    println!(
        "mcp_cluster: {name}: {} calls in {} s: {:.0} calls/s; latency p50 {:.2} ms, p99 {:.2} ms",
        latencies.len(),
        MEASURED.as_secs(),
        latencies.len() as f64 / MEASURED.as_secs_f64(),
        percentile(50.0).as_secs_f64() * 1000.0,
        percentile(99.0).as_secs_f64() * 1000.0,
    );
}

/// One 2026-07-28 `tools/call` of `search`; its answer's text.
async fn search(http: &reqwest::Client, url: &str, offset: u32) -> String {
    let body = serde_json::json!({"jsonrpc": "2.0", "id": offset, "method": "tools/call", "params": {
        "name": "search",
        "arguments": {"query": "rust json schema", "num_results": 10, "language": "en", "safe_search": true, "offset": offset},
        "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}},
    }});
    let reply = http
        .post(url)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", "tools/call")
        .header("Mcp-Name", "search")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let text = reply.text().await.unwrap();
    let message: serde_json::Value = match serde_json::from_str(&text) {
        Ok(message) => message,
        Err(_) => text
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line.strip_prefix("data:")?.trim()).ok())
            .find(|message| message.get("result").is_some() || message.get("error").is_some())
            .unwrap_or_else(|| panic!("no answer in {text}")),
    };
    message["result"]["content"][0]["text"].as_str().unwrap_or_else(|| panic!("{message}")).to_owned()
}

/// A replica in a process of its own (this program with `--serve`), stopped when dropped.
struct Replica {
    child: Child,
    url: String,
}

impl Replica {
    fn start(redis: Option<&str>) -> Replica {
        let mut command = Command::new(std::env::current_exe().unwrap());
        command.arg("--serve").stdin(Stdio::piped()).stdout(Stdio::piped());
        if let Some(url) = redis {
            command.arg("--shared").env("BENCH_REDIS_URL", url);
        }
        let mut child = command.spawn().expect("the replica starts");
        let mut url = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut url).unwrap();
        Replica { child, url: url.trim().to_owned() }
    }

    fn port(&self) -> &str {
        self.url.trim_start_matches("http://127.0.0.1:").trim_end_matches("/mcp")
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The pinned Redis, with a password, nothing on disk.
struct Redis {
    child: Child,
    port: u16,
}

impl Redis {
    fn start(repository: &Path) -> Redis {
        let work = repository.join("target/tmp/conformance");
        let installed = Command::new("bash").arg(repository.join("tests/conformance/setup.sh")).arg(&work).status();
        assert!(installed.unwrap().success(), "installing the pinned redis-server");
        let port = free_port();
        let child = Command::new(work.join("venv/bin/redis-server"))
            .args(["--bind", "127.0.0.1", "--port", &port.to_string(), "--requirepass", PASSWORD, "--save", ""])
            .args(["--appendonly", "no"])
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        Redis { child, port }
    }

    fn url(&self) -> String {
        format!("redis://:{PASSWORD}@127.0.0.1:{}", self.port)
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The pinned HAProxy's command.
fn haproxy(repository: &Path) -> PathBuf {
    let dest = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/haproxy");
    let output = Command::new("bash").arg(repository.join("deploy/install-haproxy.sh")).arg(dest).output().unwrap();
    assert!(output.status.success(), "installing HAProxy: {}", String::from_utf8_lossy(&output.stderr));
    PathBuf::from(String::from_utf8_lossy(&output.stdout).lines().last().unwrap().trim())
}

/// HAProxy on the checked-in configuration, in front of `replicas`.
struct Balancer {
    child: Child,
    url: String,
}

impl Balancer {
    fn start(haproxy: &Path, replicas: &[&Replica]) -> Balancer {
        let repository = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let mut config = std::fs::read_to_string(repository.join("deploy/haproxy.cfg")).unwrap();
        for (index, replica) in replicas.iter().enumerate() {
            config.push_str(&format!("    server r{index} 127.0.0.1:{} check\n", replica.port()));
        }
        let file = std::env::temp_dir().join(format!("toolc-bench-haproxy-{}.cfg", std::process::id()));
        std::fs::write(&file, config).unwrap();
        let port = free_port();
        let child = Command::new(haproxy)
            .env("TOOLC_FRONT", format!("127.0.0.1:{port}"))
            .args(["-db", "-f"])
            .arg(&file)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(1500));
        Balancer { child, url: format!("http://127.0.0.1:{port}/mcp") }
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}
