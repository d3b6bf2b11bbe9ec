//! The SDKs and MCP reference servers pinned in `tests/conformance/`: installing them, and running
//! their scripts.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `command`, which must succeed, and gives what it printed. `what` names it in a failure.
pub fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

/// Installs the pinned packages (once: `setup.sh` does nothing when the pins are already there) and
/// gives the scripts' folder and the folder they are installed in.
pub fn installed() -> (PathBuf, PathBuf) {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conformance");
    run(Command::new("bash").arg(here.join("setup.sh")).arg(&work), "installing the pinned packages");
    (here, work)
}
