//! One toolbox served by three replicas behind a real load balancer — HAProxy from Debian's
//! packages, configured by the checked-in `deploy/haproxy.cfg` — sharing a real Redis, driven by
//! the official Python and TypeScript MCP clients on both protocol versions, many calls at once
//! (progress on every call; a question to the user on every second one: within the session on
//! 2025-11-25, a round that may land on another replica on 2026-07-28), and on 2026-07-28 a call
//! that becomes a task, asks through the task and is followed by the clients' Tasks support (the
//! TypeScript SDK's `@modelcontextprotocol/ext-tasks`, the Python SDK's extension interface), each
//! poll going to whichever replica the balancer picks. One replica is killed with SIGKILL mid-run
//! and started again. Then every call has ended with its result or a clear error, no call ran more
//! often than its client asked, no progress report of a finished call was lost or repeated, tasks
//! were followed on more than one replica, and nothing is left open in Redis.

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::haproxy::{self, HaProxy};
use crate::support::pinned;
use crate::support::redis::Redis;
use crate::support::replica::Replica;

/// HAProxy on the checked-in configuration with one `server` line per replica.
struct Balancer {
    haproxy: HaProxy,
    front: String,
}

impl Balancer {
    fn start(replicas: &[&Replica], scratch: &Path) -> Balancer {
        let repository = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        // Every request logged with its MCP method, for the test to see which replica answered
        // what, and for a failure to show what the balancer saw.
        let mut config = std::fs::read_to_string(repository.join("deploy/haproxy.cfg"))
            .unwrap()
            .replace("local0 notice", "local0 info")
            .replace("    option dontlognull\n", "    option dontlognull\n    option httplog\n")
            .replace("frontend mcp\n", "frontend mcp\n    http-request capture req.hdr(Mcp-Method) len 32\n");
        for (index, replica) in replicas.iter().enumerate() {
            config.push_str(&format!("    server r{index} 127.0.0.1:{} check\n", replica.port()));
        }
        let port = haproxy::free_port();
        let haproxy = HaProxy::start(&config, scratch, &[("TOOLC_FRONT", format!("127.0.0.1:{port}"))]);
        Balancer { haproxy, front: format!("http://127.0.0.1:{port}") }
    }

    /// What it logged.
    fn logged(&self) -> String {
        String::from_utf8_lossy(&std::fs::read(&self.haproxy.log).unwrap_or_default()).into_owned()
    }

    /// The requests it logged that did not end well (not 2xx, or cut short).
    fn troubles(&self) -> String {
        self.logged()
            .lines()
            .filter(|line| {
                line.contains("\"") && !line.contains(" 200 ") && !line.contains(" 202 ") || line.contains("D--")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The replicas (`r0`, `r1`, …) that answered requests of `method`.
    fn served(&self, method: &str) -> std::collections::BTreeSet<String> {
        self.logged()
            .lines()
            .filter(|line| line.contains(&format!("{{{method}}}")))
            .filter_map(|line| line.split_whitespace().find_map(|word| word.strip_prefix("replicas/")))
            .map(str::to_owned)
            .collect()
    }

    /// Waits until the front answers `/health` from a replica.
    async fn serving(&self) {
        let started = Instant::now();
        let http = reqwest::Client::new();
        loop {
            let health = http.get(format!("{}/health", self.front)).send().await;
            if health.is_ok_and(|reply| reply.status() == 200) {
                return;
            }
            assert!(started.elapsed() < Duration::from_secs(10), "HAProxy did not serve within 10 s");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// How many clients each SDK runs on each protocol version.
const JOBS: usize = 10;

/// The official clients: `(name, command)`, each printing one JSON line per job.
fn clients(front: &str) -> Vec<(String, Command)> {
    let (here, work) = pinned::installed();
    let url = format!("{front}/mcp");
    let mut clients = Vec::new();
    for (mode, tag) in [("legacy", "old"), ("2026-07-28", "new")] {
        let mut python = Command::new(work.join("venv/bin/python"));
        python.arg(here.join("cluster_client.py")).args([&url, mode, &JOBS.to_string(), &format!("py-{tag}-")]);
        clients.push((format!("python {mode}"), python));
        let mut node = Command::new("node");
        node.current_dir(&work).arg(here.join("cluster_client.mjs")).args([
            &url,
            mode,
            &JOBS.to_string(),
            &format!("ts-{tag}-"),
        ]);
        clients.push((format!("typescript {mode}"), node));
    }
    clients
}

/// The lines of the runs file: which calls started, once a line per start.
fn runs(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file).unwrap_or_default().lines().map(str::to_owned).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn three_replicas_behind_haproxy_end_every_call_when_one_is_killed_mid_run() {
    let redis = Redis::start().await;
    let scratch = tempfile::tempdir().unwrap();
    let runs_file = scratch.path().join("runs");
    let lease = 1000;
    let mut replicas: Vec<Replica> = (0..3).map(|_| Replica::on(&redis, &runs_file, lease, 0)).collect();
    let balancer = Balancer::start(&replicas.iter().collect::<Vec<_>>(), scratch.path());
    balancer.serving().await;

    let mut running = Vec::new();
    for (name, mut command) in clients(&balancer.front) {
        let child =
            command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap_or_else(|err| panic!("{name}: {err}"));
        running.push((name, child));
    }
    // Once half the calls have started, the second replica is killed, and started again a second
    // later on its port.
    let started = Instant::now();
    while runs(&runs_file).len() < 2 * JOBS {
        assert!(started.elapsed() < Duration::from_secs(60), "the clients did not start their calls");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let port = replicas[1].port();
    replicas[1].kill();
    tokio::time::sleep(Duration::from_secs(1)).await;
    replicas[1] = Replica::on(&redis, &runs_file, lease, port);

    let mut outcomes: Vec<Value> = Vec::new();
    for (name, child) in running {
        let output = tokio::task::spawn_blocking(move || child.wait_with_output()).await.unwrap().unwrap();
        let printed = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{name} failed:\n{printed}\n{}", String::from_utf8_lossy(&output.stderr));
        let lines: Vec<Value> = printed.lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
        assert_eq!(lines.len(), JOBS, "{name}: every job reports:\n{printed}");
        outcomes.extend(lines);
    }

    // Every call ended with its result, every progress report there once and in order, or with
    // an error that says what happened.
    let (mut finished, mut failed) = (0, 0);
    for outcome in &outcomes {
        match outcome.get("error") {
            None => {
                finished += 1;
                assert_eq!(outcome["count"], "counted to 10", "{outcome}");
                let progress: Vec<f64> =
                    outcome["progress"].as_array().unwrap().iter().map(|p| p.as_f64().unwrap()).collect();
                assert_eq!(progress, (1..=10).map(f64::from).collect::<Vec<_>>(), "{outcome}");
                assert_eq!(outcome["tally"], "tallied 2", "{outcome}");
                if outcome["tag"].as_str().unwrap().contains("-new-") {
                    assert_eq!(outcome["task"], "task: tallied 10", "{outcome}");
                }
            }
            Some(error) => {
                failed += 1;
                let error = error.as_str().unwrap();
                // Said by a replica that took the stream up, or by the balancer for a request whose
                // replica died before answering; or, seldom, Node's HTTP client's own words for
                // that answer when the balancer closed (or reset) the connection right after it.
                // A task's replica, killed, is said by the task's failure.
                let said = error.contains("replica")
                    && (error.contains("stopped before it answered") || error.contains("stopped before it finished"));
                let closed = error.contains("fetch failed")
                    && (error.contains("other side closed") || error.contains("ECONNRESET"));
                assert!(said || closed, "a clear error: {outcome}\nthe balancer's troubles:\n{}", balancer.troubles());
            }
        }
    }
    eprintln!("cluster: {finished} finished, {failed} failed");
    assert!(finished >= outcomes.len() / 2, "most calls finish: {finished} of {}", outcomes.len());
    assert!(failed >= 1, "the kill ended some call, or the test did not test it");

    // No call ran more often than its client asked: once (a task too: its question is answered
    // within the task), and a question's call twice on 2026-07-28 (its second round, with the
    // answer, runs it again).
    let mut started: HashMap<String, usize> = HashMap::new();
    for tag in runs(&runs_file) {
        *started.entry(tag).or_default() += 1;
    }
    for (tag, times) in &started {
        let most = if tag.contains("-new-") && tag.ends_with("-tally") { 2 } else { 1 };
        assert!(*times <= most, "{tag} ran {times} times");
    }

    // Tasks were followed wherever the balancer sent their polls, not only on the replica that
    // ran them.
    let polled = balancer.served("tasks/get");
    assert!(polled.len() >= 2, "tasks/get went to {polled:?}:\n{}", balancer.troubles());
    assert!(!balancer.served("tasks/update").is_empty(), "no task was answered with tasks/update");

    // Nothing is left open in Redis: every response stream ended, or was written last by the
    // killed replica (a reader is told at once it will get no more).
    let alive: Vec<String> = redis.keys("toolc:replica:*");
    assert_eq!(alive.len(), 3, "the three replicas hold their leases: {alive:?}");
    for key in redis.keys("toolc:events:*").into_iter().filter(|key| !key.ends_with(":common")) {
        let last = redis.cli(&["XREVRANGE", &key, "+", "-", "COUNT", "1"]);
        let ended = last.lines().any(|line| line == "end");
        let writer = last.lines().skip_while(|line| *line != "r").nth(1).unwrap_or_default().to_owned();
        assert!(
            ended || !alive.contains(&format!("toolc:replica:{writer}")),
            "{key} is left open by a live replica:\n{last}"
        );
    }
}
