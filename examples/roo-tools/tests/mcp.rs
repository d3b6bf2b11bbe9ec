//! The `roo-mcp` server driven by clients nobody here wrote: the MCP Python SDK's and the MCP
//! TypeScript SDK's own (`tests/conformance/mcp_client.py`, `mcp_client.mjs`), each over stdio and
//! over streamable HTTP on loopback (where the server asks for the token of its `--token-file`: each
//! client is refused without it and with a wrong one, then sends it). Each lists the tools (the exported `schemas/roo-tools/mcp.json`),
//! makes good calls (the clients check `structuredContent` against the output schemas) and bad ones,
//! calls an unknown tool, and tries to leave the file tools' root; against the `lab-mcp` test server
//! they call a tool that panics and then one that works, and cancel a slow call, whose future must
//! be dropped. The pinned SDKs are installed
//! into the target directory on first run; when that cannot be done the test fails — it never skips.

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

/// The SDKs, installed once for every test that needs them, and a scratch folder for `client`.
fn set_up(client: &str) -> (PathBuf, PathBuf, PathBuf) {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sdks = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conformance");
    run(Command::new("bash").arg(repository.join("tests/conformance/setup.sh")).arg(&sdks), "installing the MCP SDKs");
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("roo-mcp-{client}"));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    (repository, sdks, work)
}

/// The `lab-mcp` test server (tools that panic or run until cancelled), built by cargo.
fn lab_server(repository: &Path) -> PathBuf {
    let manifest = repository.join("tests/Cargo.toml");
    run(
        Command::new(env!("CARGO"))
            .args(["build", "--quiet", "-p", "toolc-tests", "--bin", "lab-mcp", "--manifest-path"])
            .arg(&manifest),
        "building lab-mcp",
    );
    PathBuf::from(env!("CARGO_BIN_EXE_roo-mcp")).with_file_name("lab-mcp")
}

fn assert_all_passed(output: &str) {
    println!("{output}");
    assert!(output.contains(" passed, 0 failed"), "{output}");
    assert!(!output.contains("\n0 passed") && !output.starts_with("0 passed"), "{output}");
}

#[test]
fn the_python_sdk_client_uses_the_server_over_stdio_and_http() {
    let (repository, sdks, work) = set_up("python");
    let output = run(
        Command::new(sdks.join("venv/bin/python"))
            .arg(repository.join("tests/conformance/mcp_client.py"))
            .arg(env!("CARGO_BIN_EXE_roo-mcp"))
            .arg(lab_server(&repository))
            .arg(repository.join("schemas/roo-tools/mcp.json"))
            .arg(&work),
        "the MCP Python SDK client",
    );
    assert_all_passed(&output);
}

#[test]
fn the_typescript_sdk_client_uses_the_server_over_stdio_and_http() {
    let (repository, sdks, work) = set_up("typescript");
    let output = run(
        Command::new("node")
            .arg(repository.join("tests/conformance/mcp_client.mjs"))
            .arg(env!("CARGO_BIN_EXE_roo-mcp"))
            .arg(lab_server(&repository))
            .arg(repository.join("schemas/roo-tools/mcp.json"))
            .arg(&work)
            .current_dir(&sdks),
        "the MCP TypeScript SDK client",
    );
    assert_all_passed(&output);
}
