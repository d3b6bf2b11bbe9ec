//! `toolc lower` and `toolc import` under hostile input: arbitrary JSON, and the definitions this
//! repository holds (the exported schemas, the golden files, the CLI fixtures) mutated at random —
//! keywords swapped or deleted, values of the wrong type, deep nesting, huge enums, cyclic and
//! dangling `$ref`s, dialect quirks. Whatever comes in:
//!
//! - the process ends within its time limit with exit code 0, 1 or 2, never a panic or a signal;
//! - `lower` either writes output that the providers' own SDK code accepts (the conformance checks,
//!   run once over every output of the run) or exits 1 naming tool, target, JSON path and rule;
//! - `import` either writes Rust that compiles (a sample is built as one crate) or refuses, naming
//!   the reason.
//!
//! The suite runs 2,000 cases, the same on every run: they are drawn from a fixed seed, so a clean
//! clone's `cargo test` passes or fails the same way each time. The long run, whose last result
//! CONTRIBUTING.md records, draws fresh cases:
//! `TOOLC_FUZZ_CASES=100000 TOOLC_FUZZ_SEED=random cargo test --release -p toolc-cli --test hostile -- --nocapture`
//!
//! Every run prints its seed (a failure repeats it); `TOOLC_FUZZ_SEED=<seed>`, with the same
//! `TOOLC_FUZZ_CASES`, draws that run's cases again.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use serde_json::{Map, Value, json};
use support::{conformance, run, workspace};

#[allow(dead_code)] // the corpus tests' helpers, of which this uses some
mod support;

const TARGETS: [&str; 6] = ["openai", "openai-responses", "anthropic", "gemini", "mcp", "json-schema"];
/// Long enough for a debug build on a loaded machine; a hang is far beyond it.
const TIME_LIMIT: Duration = Duration::from_secs(30);
/// How many distinct imports are built to prove they compile.
const COMPILED_SAMPLE: usize = 40;

/// The seed of the suite's cases, unless `TOOLC_FUZZ_SEED` names another.
const SEED: u64 = 20_261_125;

fn cases() -> u32 {
    std::env::var("TOOLC_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
}

/// The seed the cases are drawn from: `TOOLC_FUZZ_SEED` (a number, or `random` for one no run
/// has drawn before), or [`SEED`].
fn seed() -> u64 {
    match std::env::var("TOOLC_FUZZ_SEED") {
        Err(_) => SEED,
        Ok(value) if value == "random" => fresh_seed(),
        Ok(value) => value.parse().unwrap_or_else(|_| panic!("TOOLC_FUZZ_SEED is a number or `random`, not {value:?}")),
    }
}

/// A seed from the randomness std keys its hash maps with, mixed with the time.
fn fresh_seed() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now())
}

/// A runner of `cases` cases drawn from `seed`. ChaCha gives the same random numbers for a seed
/// on every platform and proptest version; proptest's own default seeds itself afresh each run.
fn runner(seed: u64, cases: u32) -> TestRunner {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config { cases, failure_persistence: None, ..Config::default() };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &key))
}

/// Every JSON file of the definitions this repository holds, in a stable order.
fn seeds() -> Vec<Value> {
    let dirs =
        ["codegen-cli/tests/fixtures", "tests/golden/definitions", "tests/golden/targets", "tests/fixtures/responses"];
    let mut files: Vec<PathBuf> = dirs.iter().flat_map(|dir| json_files(&workspace().join(dir))).collect();
    for package in std::fs::read_dir(workspace().join("schemas")).unwrap() {
        files.extend(json_files(&package.unwrap().path()).into_iter().filter(|file| !file.ends_with("report.json")));
    }
    files.sort();
    assert!(files.len() > 40, "the seed definitions are missing: {files:?}");
    files.iter().map(|file| serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()).collect()
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect()
}

/// Keywords of JSON Schema and its dialects, for swaps and for the keys of arbitrary JSON.
const KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "items",
    "required",
    "enum",
    "const",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
    "$ref",
    "$defs",
    "definitions",
    "additionalProperties",
    "patternProperties",
    "prefixItems",
    "description",
    "title",
    "default",
    "examples",
    "format",
    "pattern",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "multipleOf",
    "minLength",
    "maxItems",
    "nullable",
    "$schema",
    "$id",
    "if",
    "then",
    "name",
    "function",
    "parameters",
    "input_schema",
    "inputSchema",
    "tools",
    "functionDeclarations",
    "strict",
];

/// Values a keyword may wrongly or strangely hold: dialect quirks, bad regexes, odd refs, long text.
fn quirk() -> impl Strategy<Value = (&'static str, Value)> {
    let quirks: Vec<(&'static str, Value)> = vec![
        ("type", json!("dict")),
        ("type", json!("float")),
        ("type", json!("tuple")),
        ("type", json!("any")),
        ("type", json!("STRING")),
        ("type", json!("null")),
        ("type", json!(["string", "null"])),
        ("type", json!(["object", "array", "integer"])),
        ("type", json!([])),
        ("type", json!(7)),
        ("nullable", json!(true)),
        ("exclusiveMinimum", json!(true)),
        ("items", json!([{"type": "string"}, {"type": "integer"}])),
        ("items", json!(false)),
        ("additionalProperties", json!({})),
        ("additionalProperties", json!({"type": "integer"})),
        ("required", json!(["missing", "missing"])),
        ("required", json!("name")),
        ("properties", json!([])),
        (
            "properties",
            json!({"": {}, "a b": {"type": "string"}, "ü": true, "$ref": {"type": "string"}, "A": {}, "a": {}}),
        ),
        ("enum", json!([])),
        ("enum", json!([null, 1, "a", {"x": 1}, [2], 1.5, true])),
        ("enum", json!(["a", "A", "a-b", "a_b", "", "1", "fn", "self", "Self"])),
        ("const", json!({"nested": [1, 2]})),
        ("pattern", json!("[")),
        ("pattern", json!("(?<=a)b\\1")),
        ("pattern", json!(5)),
        ("format", json!("weird")),
        ("minimum", json!("5")),
        ("minimum", json!(1e300)),
        ("maxLength", json!(-1)),
        ("default", json!({"unexpected": "shape"})),
        ("examples", json!([1, "two", null])),
        ("description", json!("a description of many pages ".repeat(600))),
        ("description", json!(42)),
        ("name", json!("has space.and.dots")),
        ("name", json!("")),
        ("name", json!("x".repeat(200))),
        ("name", json!("fn")),
        ("$ref", json!("#")),
        ("$ref", json!("#/$defs/missing")),
        ("$ref", json!("#/properties")),
        ("$ref", json!("https://example.com/schema.json")),
        ("$ref", json!("#/$defs/a~1b/properties/%24x")),
        ("$ref", json!(["#"])),
        ("allOf", json!([{"type": "object", "properties": {"x": {"type": "string"}}}, {"required": ["x"]}])),
        ("anyOf", json!([{"type": "string"}, {"type": "null"}])),
        ("oneOf", json!([{"type": "object", "properties": {"kind": {"const": "a"}}}, {"type": "integer"}])),
    ];
    prop::sample::select(quirks)
}

/// JSON of any shape, its keys mostly schema keywords.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|n| json!(n)),
        ".{0,10}".prop_map(Value::String),
        prop::sample::select(vec![
            "object",
            "string",
            "array",
            "integer",
            "number",
            "boolean",
            "null",
            "#",
            "#/$defs/A"
        ])
        .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        let key = prop_oneof![3 => prop::sample::select(KEYWORDS).prop_map(str::to_owned), 1 => ".{0,6}"];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(key, inner, 0..6)
                .prop_map(|map| Value::Object(map.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// One change to a definition, at an object chosen by `at` among all objects of the document.
#[derive(Debug, Clone)]
enum Mutation {
    /// A key renamed to another keyword.
    Rename {
        at: Index,
        key: Index,
        to: &'static str,
    },
    Delete {
        at: Index,
        key: Index,
    },
    /// A value replaced by JSON of any shape (so, often, of the wrong type).
    Replace {
        at: Index,
        key: Index,
        with: Value,
    },
    /// A keyword set to a quirky value.
    Quirk {
        at: Index,
        key: &'static str,
        value: Value,
    },
    /// The object wrapped in `depth` levels of `properties`, `items` or `anyOf`.
    Nest {
        at: Index,
        depth: usize,
        how: u8,
    },
    /// A huge `enum` of strings or numbers.
    HugeEnum {
        at: Index,
        len: usize,
        strings: bool,
    },
    /// `$defs` whose references go round in a cycle, and a reference into it.
    Cycle {
        at: Index,
        length: usize,
    },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<Index>;
    prop_oneof![
        3 => (at(), any::<Index>(), prop::sample::select(KEYWORDS)).prop_map(|(at, key, to)| Mutation::Rename { at, key, to }),
        2 => (at(), any::<Index>()).prop_map(|(at, key)| Mutation::Delete { at, key }),
        3 => (at(), any::<Index>(), json_value()).prop_map(|(at, key, with)| Mutation::Replace { at, key, with }),
        4 => (at(), quirk()).prop_map(|(at, (key, value))| Mutation::Quirk { at, key, value }),
        1 => (at(), 1..160usize, 0..3u8).prop_map(|(at, depth, how)| Mutation::Nest { at, depth, how }),
        1 => (at(), 200..6000usize, any::<bool>()).prop_map(|(at, len, strings)| Mutation::HugeEnum { at, len, strings }),
        2 => (at(), 1..4usize).prop_map(|(at, length)| Mutation::Cycle { at, length }),
    ]
}

/// JSON Pointers of every object in `value`.
fn objects(value: &Value, pointer: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                objects(child, format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1")), out);
            }
            out.push(pointer);
        }
        Value::Array(items) => {
            for (index, child) in items.iter().enumerate() {
                objects(child, format!("{pointer}/{index}"), out);
            }
        }
        _ => {}
    }
}

fn apply(document: &mut Value, mutation: &Mutation) {
    let mut pointers = Vec::new();
    objects(document, String::new(), &mut pointers);
    let at = match mutation {
        Mutation::Rename { at, .. }
        | Mutation::Delete { at, .. }
        | Mutation::Replace { at, .. }
        | Mutation::Quirk { at, .. }
        | Mutation::Nest { at, .. }
        | Mutation::HugeEnum { at, .. }
        | Mutation::Cycle { at, .. } => at,
    };
    let Some(pointer) = pointers.get(at.index(pointers.len().max(1))) else { return };
    let node = document.pointer_mut(pointer).unwrap();
    let Value::Object(object) = node else { return };
    let key_at = |object: &Map<String, Value>, key: &Index| object.keys().nth(key.index(object.len())).cloned();
    match mutation {
        Mutation::Rename { key, to, .. } if !object.is_empty() => {
            let from = key_at(object, key).unwrap();
            let value = object.remove(&from).unwrap();
            object.insert((*to).to_owned(), value);
        }
        Mutation::Delete { key, .. } if !object.is_empty() => {
            let key = key_at(object, key).unwrap();
            object.remove(&key);
        }
        Mutation::Replace { key, with, .. } if !object.is_empty() => {
            let key = key_at(object, key).unwrap();
            object.insert(key, with.clone());
        }
        Mutation::Quirk { key, value, .. } => {
            object.insert((*key).to_owned(), value.clone());
        }
        Mutation::Nest { depth, how, .. } => {
            let mut inner = Value::Object(std::mem::take(object));
            for _ in 0..*depth {
                inner = match how {
                    0 => json!({"type": "object", "properties": {"deeper": inner}, "required": ["deeper"]}),
                    1 => json!({"type": "array", "items": inner}),
                    _ => json!({"anyOf": [inner, {"type": "null"}]}),
                };
            }
            *node = inner;
        }
        Mutation::HugeEnum { len, strings, .. } => {
            let values: Vec<Value> =
                (0..*len).map(|i| if *strings { json!(format!("value-{i}")) } else { json!(i) }).collect();
            object.insert("type".to_owned(), json!(if *strings { "string" } else { "integer" }));
            object.insert("enum".to_owned(), Value::Array(values));
        }
        Mutation::Cycle { length, .. } => {
            let mut defs = Map::new();
            for i in 0..*length {
                let next = format!("#/$defs/D{}", (i + 1) % length);
                let def = if i == 0 {
                    json!({"type": "object", "properties": {"next": {"$ref": next}}, "required": ["next"]})
                } else {
                    json!({"$ref": next})
                };
                defs.insert(format!("D{i}"), def);
            }
            object.insert("$defs".to_owned(), Value::Object(defs));
            let properties = object.entry("properties").or_insert_with(|| json!({}));
            if let Value::Object(properties) = properties {
                properties.insert("cycle".to_owned(), json!({"$ref": "#/$defs/D0"}));
            }
        }
        _ => {}
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Subcommand {
    Lower(&'static str),
    Import,
}

/// A case: the input document and what is run on it.
fn case(seeds: Vec<Value>) -> impl Strategy<Value = (Value, Subcommand)> {
    let mutated =
        (prop::sample::select(seeds), prop::collection::vec(mutation(), 1..5)).prop_map(|(seed, mutations)| {
            let mut document = seed;
            for mutation in &mutations {
                apply(&mut document, mutation);
            }
            document
        });
    let input = prop_oneof![4 => mutated, 1 => json_value()];
    let subcommand = prop_oneof![3 => prop::sample::select(TARGETS.to_vec()).prop_map(Subcommand::Lower), 1 => Just(Subcommand::Import)];
    (input, subcommand)
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `toolc` with its output in files (a pipe could fill and stall it), killed at the time limit.
fn toolc(args: &[&str], dir: &Path) -> Result<Run, String> {
    let (out, err) = (dir.join("stdout"), dir.join("stderr"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(File::create(&out).unwrap())
        .stderr(File::create(&err).unwrap())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("toolc {args:?} still ran after {TIME_LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let read = |path: &Path| String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    Ok(Run { code: status.code(), stdout: read(&out), stderr: read(&err) })
}

/// What the run keeps for the checks after it: lowered outputs by file, and imports to build.
#[derive(Default)]
struct Kept {
    lowered: usize,
    imports: Vec<(Value, String)>,
}

/// A refusal of `lower` names the tool, the target, the JSON path and the rule.
fn names_tool_path_and_rule(stderr: &str, target: &str) -> bool {
    stderr.lines().any(|line| {
        line.strip_prefix("error: tool `")
            .and_then(|rest| rest.split_once("` cannot be rendered for "))
            .and_then(|(_, rest)| rest.strip_prefix(target))
            .and_then(|rest| rest.strip_prefix(" at /"))
            .and_then(|rest| rest.split_once(": "))
            .is_some_and(|(_, rule)| !rule.trim().is_empty())
    })
}

fn run_case(input: &Value, subcommand: Subcommand, work: &Path, kept: &Mutex<Kept>) -> Result<(), TestCaseError> {
    let file = work.join("input.json");
    std::fs::write(&file, serde_json::to_string_pretty(input).unwrap()).unwrap();
    let file_arg = file.to_str().unwrap();
    let args: Vec<&str> = match subcommand {
        Subcommand::Lower(target) => vec!["lower", "--target", target, file_arg],
        Subcommand::Import => vec!["import", file_arg],
    };
    let run = toolc(&args, work).map_err(TestCaseError::fail)?;
    let shown = format!("toolc {args:?} on {input}\nexit {:?}\nstderr:\n{}", run.code, run.stderr);
    prop_assert!(matches!(run.code, Some(0..=2)), "{shown}");
    prop_assert!(!run.stderr.contains("panicked"), "{shown}");
    match (subcommand, run.code) {
        (Subcommand::Lower(target), Some(0)) => {
            // Parsed by the checks below, whose JSON readers take deeper nesting than serde_json's
            // default: output may nest a few levels deeper than input at serde_json's limit.
            prop_assert!(run.stdout.starts_with('[') && run.stdout.ends_with("]\n"), "{shown}");
            let mut kept = kept.lock().unwrap();
            kept.lowered += 1;
            let name = format!("case{}.{target}.json", kept.lowered);
            let document = format!("{{\"input\": {input},\n\"tools\": {}}}", run.stdout);
            std::fs::write(work.join("lowered").join(name), document).unwrap();
        }
        (Subcommand::Lower(target), Some(1)) => {
            prop_assert!(names_tool_path_and_rule(&run.stderr, target), "a refusal names tool, path and rule: {shown}");
        }
        (Subcommand::Import, Some(code @ (0 | 1))) => {
            if code == 1 {
                let named = run
                    .stderr
                    .lines()
                    .any(|line| line.starts_with("error: tool `") && line.contains("` cannot be imported: at /"));
                prop_assert!(named, "a refusal names the tool and why: {shown}");
            }
            // What can be imported is written, even beside refusals; it must compile.
            if code == 0 || !run.stdout.is_empty() {
                prop_assert!(run.stdout.starts_with("//! Tools imported by `toolc import`."), "{shown}");
                let mut kept = kept.lock().unwrap();
                if kept.imports.len() < COMPILED_SAMPLE && !kept.imports.iter().any(|(_, code)| *code == run.stdout) {
                    kept.imports.push((input.clone(), run.stdout));
                }
            }
        }
        (_, _) => {
            // Not tool definitions at all (exit 2): a line saying why.
            prop_assert!(run.stdout.is_empty(), "{shown}");
            prop_assert!(run.stderr.lines().any(|line| line.starts_with("error: ") && line.len() > 20), "{shown}");
        }
    }
    Ok(())
}

/// The SDK checks of the conformance test, over every output `lower` wrote.
fn check_with_the_sdks(lowered: &Path) {
    let sdks = conformance();
    let check = workspace().join("tests/conformance/check.py");
    let what = |checks: &str| format!("{checks} of the outputs of `toolc lower` (inputs in {})", lowered.display());
    run(Command::new(sdks.join("venv/bin/python")).arg(check).arg(lowered), &what("the Python SDK checks"));
    run(Command::new("node").arg("check.mjs").arg(lowered).current_dir(&sdks), &what("the TypeScript SDK checks"));
}

/// Builds the imported code of the sample as one crate: each import a module.
fn build_imports(imports: &[(Value, String)], work: &Path) {
    let dir = work.join("imported");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = format!(
        "[package]\nname = \"imported\"\nversion = \"0.1.0\"\nedition = \"2024\"\npublish = false\n\n[workspace]\n\n\
         [dependencies]\ntoolc = {{ path = {:?} }}\nserde = {{ version = \"1\", features = [\"derive\"] }}\n\
         serde_json = \"1\"\nschemars = \"1\"\n",
        workspace().join("tool-runtime").display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let mut lib = String::from("#![allow(dead_code)]\n");
    for (index, (input, code)) in imports.iter().enumerate() {
        lib.push_str(&format!("mod case{index};\n"));
        std::fs::write(dir.join(format!("src/case{index}.rs")), code).unwrap();
        std::fs::write(dir.join(format!("src/case{index}.input.json")), input.to_string()).unwrap();
    }
    std::fs::write(dir.join("src/lib.rs"), lib).unwrap();
    let output = Command::new(env!("CARGO"))
        .args(["build", "--offline", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("toolc-build"))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "imported code does not compile (inputs beside each module in {}):\n{}",
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn lower_and_import_survive_hostile_input() {
    // One folder a profile, so the long run (release) and the suite (debug) can run side by side.
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(if cfg!(debug_assertions) {
        "hostile"
    } else {
        "hostile-release"
    });
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(work.join("lowered")).unwrap();
    let kept = Mutex::new(Kept::default());
    let seed = seed();
    // Printed first, so that a failure in the checks after the cases names it too.
    println!("cases drawn from seed {seed} (TOOLC_FUZZ_SEED={seed} draws them again)");
    let mut runner = runner(seed, cases());
    let started = Instant::now();
    let outcome = runner.run(&case(seeds()), |(input, subcommand)| run_case(&input, subcommand, &work, &kept));
    if let Err(err) = outcome {
        panic!("{err}\n(cases drawn from seed {seed}: TOOLC_FUZZ_SEED={seed} draws them again)");
    }
    let kept = kept.into_inner().unwrap();
    println!(
        "{} cases from seed {seed} in {:.1?}: {} lowered outputs checked, {} imports built",
        cases(),
        started.elapsed(),
        kept.lowered,
        kept.imports.len()
    );
    assert!(kept.lowered > 0 && !kept.imports.is_empty(), "the mutations left nothing to check");
    check_with_the_sdks(&work.join("lowered"));
    build_imports(&kept.imports, &work);
}

/// The suite's cases are the same on every run: a clean clone's test fails on all of its runs or
/// on none.
#[test]
fn the_suite_draws_the_same_cases_on_every_run() {
    let strategy = case(seeds());
    let draw = || {
        let drawn = Mutex::new(Vec::new());
        runner(SEED, 20)
            .run(&strategy, |case| {
                drawn.lock().unwrap().push(case);
                Ok(())
            })
            .unwrap();
        drawn.into_inner().unwrap()
    };
    let (first, second) = (draw(), draw());
    assert_eq!(first.len(), 20);
    assert!(first == second, "two runs drew different cases");
}
