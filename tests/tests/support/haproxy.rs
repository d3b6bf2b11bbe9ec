//! HAProxy from Debian's packages, as `deploy/install-haproxy.sh` installs it (pinned by version and
//! checksum, into `target/`), run on a configuration the test writes; stopped when dropped.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use super::pinned;

/// The installed `haproxy` command (installed once).
pub fn installed() -> String {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let dest = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("haproxy");
    let installed = pinned::run(
        Command::new("bash").arg(repository.join("deploy/install-haproxy.sh")).arg(&dest),
        "installing the pinned HAProxy",
    );
    installed.lines().last().expect("the installer names the command").trim().to_owned()
}

/// A running HAProxy.
pub struct HaProxy {
    child: Child,
    /// Where it logs (its standard error).
    pub log: PathBuf,
}

impl HaProxy {
    /// Runs HAProxy on `config`, written to `scratch`, with `env` set; it logs to
    /// `scratch/haproxy.log`.
    pub fn start(config: &str, scratch: &Path, env: &[(&str, String)]) -> HaProxy {
        let file = scratch.join("haproxy.cfg");
        std::fs::write(&file, config).unwrap();
        let log = scratch.join("haproxy.log");
        let child = Command::new(installed())
            .envs(env.iter().map(|(key, value)| (*key, value)))
            .arg("-db")
            .arg("-f")
            .arg(&file)
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("haproxy");
        HaProxy { child, log }
    }

    /// Waits until it accepts connections on `port` of 127.0.0.1.
    pub async fn listening(&self, port: u16) {
        let started = Instant::now();
        while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            assert!(started.elapsed() < Duration::from_secs(10), "HAProxy did not listen within 10 s");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for HaProxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub use super::child::free_port;
