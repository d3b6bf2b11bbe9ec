//! The `roo-mcp` server driven by a client nobody here wrote: the MCP Python SDK's own
//! (`tests/conformance/mcp_client.py`), over stdio and over streamable HTTP on loopback. It lists the
//! tools (the exported `schemas/roo-tools/mcp.json`), makes good and bad calls, calls an unknown
//! tool, and tries to leave the file tools' root. The pinned SDK is installed into the target
//! directory on first run; when that cannot be done the test fails — it never skips.

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

#[test]
fn the_python_sdk_client_uses_the_server_over_stdio_and_http() {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let conformance = repository.join("tests/conformance");
    let sdks = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conformance");
    run(Command::new("bash").arg(conformance.join("setup.sh")).arg(&sdks), "installing the MCP SDKs");
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("roo-mcp-python");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let output = run(
        Command::new(sdks.join("venv/bin/python"))
            .arg(conformance.join("mcp_client.py"))
            .arg(env!("CARGO_BIN_EXE_roo-mcp"))
            .arg(repository.join("schemas/roo-tools/mcp.json"))
            .arg(&work),
        "the MCP Python SDK client",
    );
    println!("{output}");
    assert!(output.contains(" passed, 0 failed"), "{output}");
    assert!(!output.starts_with("0 passed"));
}
