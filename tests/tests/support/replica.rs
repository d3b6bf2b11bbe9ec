//! A replica of one server in a process of its own (`tests/src/bin/replica.rs`), sharing the
//! test's Redis.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use super::redis::Redis;

/// A replica in a process of its own (`tests/src/bin/replica.rs`), killed with SIGKILL when
/// dropped.
pub struct Replica {
    child: Child,
    pub url: String,
}

impl Replica {
    /// A replica on `port` (0: any free one).
    pub fn on(redis: &Redis, runs: &Path, lease_ms: u64, port: u16) -> Replica {
        let mut child = Command::new(env!("CARGO_BIN_EXE_replica"))
            .env("REPLICA_REDIS_URL", redis.url())
            .env("REPLICA_STATE_KEY", "the key all replicas sign requestState with")
            .arg(runs)
            .arg(lease_ms.to_string())
            .arg(port.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the replica program");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        assert!(line.starts_with("http://127.0.0.1:"), "the replica prints its URL: {line:?}");
        Replica { child, url: line.trim().to_owned() }
    }

    pub fn start(redis: &Redis, runs: &Path, lease_ms: u64) -> Replica {
        Replica::on(redis, runs, lease_ms, 0)
    }

    /// Its port.
    pub fn port(&self) -> u16 {
        self.url.trim_start_matches("http://127.0.0.1:").trim_end_matches("/mcp").parse().unwrap()
    }

    /// Stops it where it stands (SIGSTOP), as a long pause of its machine or a stalled process
    /// would: it neither answers nor renews its lease until `go_on`.
    pub fn pause(&self) {
        self.signal("-STOP");
    }

    /// Lets a paused replica go on (SIGCONT), unaware of how long it stood still.
    pub fn go_on(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let sent = Command::new("kill").arg(signal).arg(self.child.id().to_string()).status().expect("kill");
        assert!(sent.success(), "kill {signal} {}", self.child.id());
    }

    /// Stops it as a deploy would (`HttpServer::stop`, its lease given up), and waits until it
    /// has exited.
    pub fn stop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }

    /// Ends it as a crash or an out-of-memory kill would: no goodbye to Redis.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        // A paused process is killed all the same.
        self.kill();
    }
}
