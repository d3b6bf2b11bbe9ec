//! What the tests share: where things are, running a command, the pinned SDKs, fetching the corpus.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The targets and options `lower` is run with, named as the SDK checks name their renderings.
#[allow(dead_code)] // the tests that lower use it, `corpus_import` does not
pub const VARIANTS: [(&str, &str, &[&str]); 14] = [
    ("openai", "openai", &[]),
    ("openai-responses", "openai-responses", &[]),
    // Open-model servers, one for each grammar engine: vLLM's xgrammar, mistral.rs's llguidance,
    // llama.cpp's own converter.
    ("vllm", "openai", &["--server=vllm"]),
    ("mistral-rs", "openai", &["--server=mistral-rs"]),
    ("llama-cpp", "openai", &["--server=llama-cpp"]),
    ("anthropic", "anthropic", &[]),
    ("anthropic-strict", "anthropic", &["--anthropic-strict"]),
    ("gemini", "gemini", &[]),
    ("gemini-parameters-only", "gemini", &["--gemini-parameters-only"]),
    ("gemini-json-schema", "gemini", &["--gemini-json-schema"]),
    ("bedrock", "bedrock", &[]),
    ("bedrock-strict", "bedrock", &["--bedrock-strict"]),
    ("mcp", "mcp", &[]),
    ("json-schema", "json-schema", &[]),
];

/// The grammar engines `check_engines.py` runs, each with the variant lowered for it.
#[allow(dead_code)] // the corpus test uses it
pub const ENGINES: [(&str, &str); 3] = [("xgrammar", "vllm"), ("llguidance", "mistral-rs"), ("llama-cpp", "llama-cpp")];

/// The repository's root.
pub fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// The scratch folder cargo gives integration tests.
pub fn tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// The SDKs and MCP reference servers pinned in `tests/conformance`, installed (once: `setup.sh`
/// does nothing when the pins are already there) into the folder this returns.
#[allow(dead_code)] // the tests that check outputs with the SDKs use it, `corpus_import` does not
pub fn conformance() -> PathBuf {
    let dir = tmp().join("conformance");
    run(Command::new("bash").arg(workspace().join("tests/conformance/setup.sh")).arg(&dir), "installing the SDKs");
    dir
}

/// Runs `command`, which must succeed, and gives what it printed.
pub fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

/// Fetches the third-party MCP servers' listings (once) and gives their folder: one
/// `{"tools": [...]}` file per server.
#[allow(dead_code)] // the corpus and corpus_import tests use it
pub fn server_listings() -> PathBuf {
    let dest = tmp().join("servers");
    let summary = run(
        Command::new("bash").arg(workspace().join("tests/corpus/servers/fetch.sh")).arg(&dest),
        "fetching the servers' listings",
    );
    println!("{}", summary.trim());
    dest.join("listings")
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

/// Runs `toolc` with `args`, which must end with exit 0 or 1 and not panic, whatever the input;
/// gives what it said on standard error. `what` names the run in a failure.
pub fn toolc<I, S>(args: I, what: &str) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let output = Command::new(env!("CARGO_BIN_EXE_toolc")).args(args).env("NO_COLOR", "1").output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(matches!(output.status.code(), Some(0 | 1)), "{what}: exit {:?}\n{stderr}", output.status.code());
    assert!(!stderr.contains("panicked"), "{what}:\n{stderr}");
    stderr
}

/// The definitions of a corpus file, and whether the file is an MCP `tools/list` result (an object
/// with `tools`) rather than an array of definitions.
pub fn definitions(file: &Path) -> (Vec<serde_json::Value>, bool) {
    use serde_json::Value;
    let value: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    match value {
        Value::Object(mut object) => match object.remove("tools") {
            Some(Value::Array(tools)) => (tools, true),
            _ => panic!("{}: neither an array of definitions nor a `tools/list` result", file.display()),
        },
        Value::Array(definitions) => (definitions, false),
        _ => panic!("{}: not a file of definitions", file.display()),
    }
}
