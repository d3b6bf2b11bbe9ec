//! The third-party corpus of `tests/corpus` (3,604 definitions: the Berkeley Function Calling
//! Leaderboard's function documents and the MCP reference servers' tools) through every target in
//! one process, beside the transformers people use today on the same inputs in the same run.
//!
//! toolc is `toolc_cli::lower`, what `toolc lower` does to each file, in memory (reading the
//! definition and its dialect, checking it as JSON Schema, lowering, the report). The peers are
//! `tests/corpus/peers/peers.py`'s Python transformers and openai-node's `toStrictJsonSchema`, each in
//! a process of its own that times its own calls (`peers/serve.py`, `peers/serve.mjs`); criterion
//! takes their figure as the time of an iteration. Inputs are the definitions after BFCL's own type
//! mapping (`peers.py --bfcl-types`), so no peer stops at `type: "dict"`.
//!
//! Needs python3, node and npm; fetches the corpus and installs the peers, pinned, on the first run.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, SamplingMode, criterion_group, criterion_main, measurement::WallTime};
use serde_json::{Value, json};
use toolc::{RenderOptions, Target};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

fn run(command: &mut Command, what: &str) {
    let status = command.status().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    assert!(status.success(), "{what} failed");
}

/// Writes every definition of the corpus into a file of its own under `split`, as the corpus test
/// does (an MCP tool as `{"tools": [tool]}`).
fn split_definitions(corpus: &Path, split: &Path) {
    let _ = std::fs::remove_dir_all(split);
    for source in std::fs::read_dir(corpus).unwrap() {
        let source = source.unwrap().path();
        for file in std::fs::read_dir(&source).unwrap() {
            let file = file.unwrap().path();
            let value: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
            let (definitions, wrap) = match value {
                Value::Object(mut object) => (object.remove("tools").unwrap().as_array().unwrap().clone(), true),
                Value::Array(definitions) => (definitions, false),
                other => panic!("{}: not definitions: {other}", file.display()),
            };
            let dir = split.join(source.file_name().unwrap()).join(file.file_stem().unwrap());
            std::fs::create_dir_all(&dir).unwrap();
            for (index, definition) in definitions.into_iter().enumerate() {
                let one = if wrap { json!({"tools": [definition]}) } else { definition };
                std::fs::write(dir.join(format!("{index:04}.json")), one.to_string()).unwrap();
            }
        }
    }
}

fn json_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            json_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "json") {
            found.push(path);
        }
    }
}

/// The corpus, split and mapped, on disk for the peers and in memory for toolc; and where the
/// peers' Python and Node packages are.
struct Setup {
    inputs: PathBuf,
    documents: Vec<(String, Value)>,
    python: PathBuf,
    node_dir: PathBuf,
}

fn setup() -> Setup {
    let root = workspace();
    let scratch = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/corpus-bench");
    run(Command::new("bash").arg(root.join("tests/corpus/fetch.sh")).arg(scratch.join("fetch")), "fetching the corpus");
    split_definitions(&scratch.join("fetch/corpus"), &scratch.join("split"));
    let venv = scratch.join("peers-venv");
    run(Command::new("bash").arg(root.join("tests/corpus/peers/venv.sh")).arg(&venv), "installing the Python peers");
    let python = venv.join("bin/python");
    let inputs = scratch.join("mapped");
    let _ = std::fs::remove_dir_all(&inputs);
    run(
        Command::new(&python)
            .arg(root.join("tests/corpus/peers/peers.py"))
            .arg("--bfcl-types")
            .arg(scratch.join("split"))
            .arg(&inputs),
        "applying BFCL's type mapping",
    );
    let node_dir = scratch.join("conformance");
    run(Command::new("bash").arg(root.join("tests/conformance/setup.sh")).arg(&node_dir), "installing openai-node");
    let mut files = Vec::new();
    json_files(&inputs, &mut files);
    files.sort();
    let documents = files
        .iter()
        .map(|file| {
            let stem = file.file_stem().unwrap().to_str().unwrap().to_owned();
            (stem, serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap())
        })
        .collect();
    Setup { inputs, documents, python, node_dir }
}

/// A peer's process: asked for N passes, it answers with the nanoseconds they took.
struct Peer {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Peer {
    fn start(command: &mut Command, definitions: usize) -> Peer {
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("a peer's process starts");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        assert_eq!(line.trim().parse::<usize>().ok(), Some(definitions), "the peer reads the same definitions");
        Peer { child, stdin, stdout }
    }

    fn time(&mut self, peer: &str, passes: u64) -> Duration {
        writeln!(self.stdin, "{peer} {passes}").unwrap();
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        Duration::from_nanos(line.trim().parse().unwrap_or_else(|_| panic!("{peer} answered {line:?}")))
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The renderings toolc is timed on, as the corpus test names them.
const VARIANTS: [(&str, Target, bool, bool); 8] = [
    ("openai", Target::OpenAi, false, false),
    ("openai-responses", Target::OpenAiResponses, false, false),
    ("anthropic", Target::Anthropic, false, false),
    ("anthropic-strict", Target::Anthropic, true, false),
    ("gemini", Target::Gemini, false, false),
    ("gemini-json-schema", Target::Gemini, false, true),
    ("mcp", Target::Mcp, false, false),
    ("json-schema", Target::JsonSchema, false, false),
];

/// Every document through every rendering of `variants`: each read and checked once
/// (`lower_each`), as a program lowering a corpus for several providers would.
fn lower_all(documents: &[(String, Value)], variants: &[(&str, Target, bool, bool)]) -> usize {
    let renderings: Vec<(Target, RenderOptions)> = variants
        .iter()
        .map(|(_, target, anthropic_strict, gemini_json_schema)| {
            let options =
                RenderOptions::default().anthropic_strict(*anthropic_strict).gemini_json_schema(*gemini_json_schema);
            (*target, options)
        })
        .collect();
    let mut lowered = 0;
    for (stem, document) in documents {
        let each = toolc_cli::lower_each(document, stem, &renderings).expect("the corpus is definitions");
        lowered += each.iter().filter(|result| result.value.is_some()).count();
    }
    lowered
}

/// The same, each rendering on its own (`lower`, the document read and checked every time), as
/// `toolc lower` does per target.
fn lower_apart(documents: &[(String, Value)], variants: &[(&str, Target, bool, bool)]) -> usize {
    let mut lowered = 0;
    for (_, target, anthropic_strict, gemini_json_schema) in variants {
        let options =
            RenderOptions::default().anthropic_strict(*anthropic_strict).gemini_json_schema(*gemini_json_schema);
        for (stem, document) in documents {
            let result = toolc_cli::lower(document, stem, *target, &options).expect("the corpus is definitions");
            lowered += usize::from(result.value.is_some());
        }
    }
    lowered
}

fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.sample_size(10).sampling_mode(SamplingMode::Flat);
    group
}

fn corpus(c: &mut Criterion) {
    let setup = setup();
    let count = setup.documents.len();
    let mut python = Peer::start(
        Command::new(&setup.python)
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("peers/serve.py"))
            .arg(&setup.inputs),
        count,
    );
    let mut node = Peer::start(
        Command::new("node")
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("peers/serve.mjs"))
            .arg(&setup.node_dir)
            .arg(&setup.inputs),
        count,
    );
    let documents = &setup.documents;
    let variant = |name: &str| VARIANTS.iter().copied().filter(|variant| variant.0 == name).collect::<Vec<_>>();

    let mut every = group(c, &format!("corpus ({count} definitions), every target"));
    every.bench_function("toolc, all 8 renderings, read once", |b| b.iter(|| lower_all(documents, &VARIANTS)));
    every.bench_function("toolc, all 8 renderings, read for each", |b| b.iter(|| lower_apart(documents, &VARIANTS)));
    every.finish();

    // Per target, toolc beside the peers that lower for it.
    let sides: [(&str, &str, &[&str]); 4] = [
        ("openai strict", "openai", &["openai-python", "pydantic-ai-openai", "openai-node"]),
        ("anthropic strict", "anthropic-strict", &["anthropic-python"]),
        (
            "gemini parameters",
            "gemini",
            &["pydantic-ai-google", "pydantic-ai-google-openapi", "google-genai", "google-genai-bare"],
        ),
        ("gemini parametersJsonSchema", "gemini-json-schema", &["pydantic-ai-google-json-schema"]),
    ];
    for (title, rendering, peers) in sides {
        let mut group = group(c, &format!("corpus ({count} definitions), {title}"));
        let only = variant(rendering);
        group.bench_function("toolc", |b| b.iter(|| lower_apart(documents, &only)));
        for peer in peers {
            let server = if *peer == "openai-node" { &mut node } else { &mut python };
            group.bench_function(*peer, |b| b.iter_custom(|passes| server.time(peer, passes)));
        }
        group.finish();
    }
}

criterion_group!(benches, corpus);
criterion_main!(benches);
