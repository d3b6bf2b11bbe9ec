//! What the corpus tests share: where things are, running a command, fetching the corpus.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
pub fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// The scratch folder cargo gives integration tests.
pub fn tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// Runs `command`, which must succeed, and gives what it printed.
pub fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

/// Fetches the corpus (once) and gives its folder.
pub fn corpus() -> PathBuf {
    let dest = tmp().join("corpus");
    let summary =
        run(Command::new("bash").arg(workspace().join("tests/corpus/fetch.sh")).arg(&dest), "fetching the corpus");
    println!("{}", summary.trim());
    dest.join("corpus")
}

/// Every file under `dir`, added to `found`, sorted.
pub fn collect(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, found);
        } else {
            found.push(path);
        }
    }
    found.sort();
}
