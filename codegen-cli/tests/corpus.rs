//! Third-party tool definitions by the thousand through `toolc lower`, for every target: the
//! function documents of the Berkeley Function Calling Leaderboard (PyPI `bfcl-eval`) and the
//! `tools/list` of the MCP reference servers (npm), fetched at pinned versions by
//! `tests/corpus/fetch.sh` (nothing of them is committed).
//!
//! The whole corpus runs in the suite: about 90 seconds in a debug build on two cores, most of it
//! in the SDK checks.
//!
//! Each definition goes in a file of its own (a file is one request, whose names must be unique),
//! and each target lowers all of them in one process (`toolc lower --target T DIR --out OUT`).
//! Whatever comes in, `lower` exits 0 or 1, never panics, and every definition is either written —
//! and then accepted by the providers' own SDK checks (the conformance test's `check.py` and
//! `check.mjs`) — or refused on a line naming the tool, the JSON path and the rule. The tally per
//! target, and the most common reasons for refusing, are printed (`tests/corpus/RESULTS.md` records
//! them, with the command). The runtime's own reader (`JsonTools`, what an `McpToolbox` reads a
//! server's tools with) renders byte for byte what `lower` wrote.
//!
//! The grammar engines of open-model servers compile the OpenAI and JSON Schema lowerings, and the
//! lowering for each of them (`--server`), which they must compile whole, with nothing dropped; the
//! richer listings of third-party MCP servers (`tests/corpus/servers/`) go through the same.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

use crate::support::{self, ENGINES, VARIANTS, collect, conformance, corpus, run, server_listings, tmp, workspace};

/// Writes every definition of the corpus into a file of its own under `split`, in the shape its
/// source file has (an MCP tool as `{"tools": [tool]}`), and gives how many there are per source.
fn split_definitions(corpus: &Path, split: &Path) -> BTreeMap<String, usize> {
    let _ = std::fs::remove_dir_all(split);
    let mut counts = BTreeMap::new();
    let mut sources: Vec<PathBuf> = std::fs::read_dir(corpus).unwrap().map(|entry| entry.unwrap().path()).collect();
    sources.sort();
    for source in sources {
        let name = source.file_name().unwrap().to_str().unwrap().to_owned();
        let mut files: Vec<PathBuf> = std::fs::read_dir(&source).unwrap().map(|entry| entry.unwrap().path()).collect();
        files.sort();
        for file in files {
            let (definitions, wrap) = support::definitions(&file);
            let stem = file.file_stem().unwrap().to_str().unwrap();
            let dir = split.join(&name).join(stem);
            std::fs::create_dir_all(&dir).unwrap();
            for (index, definition) in definitions.into_iter().enumerate() {
                let one = if wrap { json!({"tools": [definition]}) } else { definition };
                std::fs::write(dir.join(format!("{index:04}.json")), one.to_string()).unwrap();
                *counts.entry(name.clone()).or_insert(0) += 1;
            }
        }
    }
    counts
}

/// What `lower` made of every definition for one variant.
struct Tally {
    lowered: usize,
    refused: usize,
    warned: usize,
    reasons: BTreeMap<String, usize>,
}

/// The rule of a refusal line, its particulars (names, paths) left out, to count alike ones together.
fn reason(line: &str) -> String {
    let rule = line.rsplit_once(": ").map_or(line, |(_, rule)| rule);
    let mut out = String::new();
    let mut in_code = false;
    for c in rule.chars() {
        if c == '`' {
            in_code = !in_code;
            out.push_str(if in_code { "`…" } else { "`" });
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

fn lower(variant: &str, target: &str, flags: &[&str], split: &Path, out: &Path, total: usize) -> Tally {
    let _ = std::fs::remove_dir_all(out);
    let mut args: Vec<&OsStr> =
        ["lower", "--target", target].into_iter().chain(flags.iter().copied()).map(OsStr::new).collect();
    args.extend([split.as_os_str(), OsStr::new("--out"), out.as_os_str()]);
    let stderr = support::toolc(args, variant);
    assert!(!stderr.contains("#["), "{variant}: advice for Rust given to JSON:\n{stderr}");
    let mut tally = Tally { lowered: 0, refused: 0, warned: 0, reasons: BTreeMap::new() };
    for line in stderr.lines() {
        if let Some(error) = line.strip_prefix("error: ") {
            if error.ends_with(&format!(" lowered for {target}")) {
                continue;
            }
            // A refusal names the tool, the JSON path and the rule.
            let named = error.contains(": tool `") && error.contains(" at /") && reason(error).len() > 10;
            assert!(named, "{variant}: a refusal without tool, path and rule: {line}");
            tally.refused += 1;
            *tally.reasons.entry(reason(error)).or_insert(0) += 1;
        } else if line.starts_with("warning: ") {
            tally.warned += 1;
        }
    }
    let mut written = Vec::new();
    collect(out, &mut written);
    for file in &written {
        let tools: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        tally.lowered += match &tools {
            // Gemini: one group of declarations.
            Value::Array(items) if target == "gemini" => {
                items.iter().map(|group| group["functionDeclarations"].as_array().map_or(0, Vec::len)).sum::<usize>()
            }
            Value::Array(items) => items.len(),
            other => panic!("{}: not an array of tools: {other}", file.display()),
        };
    }
    assert_eq!(tally.lowered + tally.refused, total, "{variant}: every definition is lowered or refused");
    tally
}

/// The SDK checks of the conformance test over every output of one variant.
fn check_with_the_sdks(variant: &str, out: &Path, renderings: &Path) {
    let _ = std::fs::remove_dir_all(renderings);
    std::fs::create_dir_all(renderings).unwrap();
    let mut written = Vec::new();
    collect(out, &mut written);
    for (index, file) in written.iter().enumerate() {
        let tools: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let empty = tools.as_array().is_none_or(Vec::is_empty);
        if !empty {
            let document = json!({"tools": tools}).to_string();
            std::fs::write(renderings.join(format!("{index:05}.{variant}.json")), document).unwrap();
        }
    }
    let sdks = conformance();
    let python = run(
        Command::new(sdks.join("venv/bin/python")).arg(workspace().join("tests/conformance/check.py")).arg(renderings),
        &format!("the Python SDK checks of {variant}"),
    );
    let node = run(
        Command::new("node").arg("check.mjs").arg(renderings).current_dir(&sdks),
        &format!("the TypeScript SDK checks of {variant}"),
    );
    for text in [python, node] {
        let closing = text.lines().last().unwrap_or_default().to_owned();
        assert!(closing.ends_with(" passed, 0 failed"), "{variant}: {closing}");
    }
}

/// What one grammar engine made of one variant's output: its closing line
/// (`ENGINE: N tools, N compiled, N with meaning dropped, N refused`), after asserting, for the
/// variant lowered for that engine, that every tool compiled with nothing dropped.
fn compile_with_the_engine(engine: &str, variant: &str, out: &Path) -> String {
    let sdks = conformance();
    let lowered_for_it = ENGINES.iter().any(|(name, lowered_for)| *name == engine && *lowered_for == variant);
    let output = Command::new(sdks.join("engines/bin/python"))
        .arg(workspace().join("tests/conformance/check_engines.py"))
        .args([engine, &out.display().to_string()])
        .env("TOOLC_LLAMA_CPP", sdks.join("llama-cpp"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{engine} on {variant}: {stderr}\n{text}");
    let closing = text.lines().last().unwrap_or_default().to_owned();
    assert!(closing.starts_with(&format!("{engine}: ")), "{engine} on {variant}: {text}{stderr}");
    if lowered_for_it {
        assert!(closing.ends_with(" 0 with meaning dropped, 0 refused"), "{engine} on {variant}:\n{text}");
    }
    closing
}

/// Each engine's figures (tools, compiled, with meaning dropped, refused) for one variant's output:
/// every engine compiles the plain OpenAI and JSON Schema lowerings (what it is given today), and
/// the lowering for it, which it must compile whole.
fn compile_with_the_engines(variant: &str, out: &Path) -> Vec<(&'static str, Vec<String>)> {
    let mut rows = Vec::new();
    for (engine, lowered_for) in ENGINES {
        if ["openai", "json-schema"].contains(&variant) || variant == lowered_for {
            let closing = compile_with_the_engine(engine, variant, out);
            let figures = closing
                .split([':', ','])
                .skip(1)
                .map(|part| part.trim().split(' ').next().unwrap_or_default().to_owned())
                .collect();
            rows.push((engine, figures));
        }
    }
    rows
}

/// The runtime's reading of each definition — `JsonTools`, as an `McpToolbox` or a `DynamicToolbox`
/// reads the definitions it is given — renders byte for byte what `toolc lower` wrote, for every
/// target without options: one reader, whether definitions arrive as files or at run time.
fn the_runtime_renders_what_lower_wrote(split: &Path) {
    let mut inputs = Vec::new();
    collect(split, &mut inputs);
    let mut compared = 0;
    for input in &inputs {
        let document: Value = serde_json::from_str(&std::fs::read_to_string(input).unwrap()).unwrap();
        let Ok(tools) = toolc::JsonTools::read(&document) else {
            continue;
        };
        let name = input.strip_prefix(split).unwrap();
        for (variant, target, flags) in VARIANTS {
            if !flags.is_empty() {
                continue;
            }
            let written = std::fs::read_to_string(tmp().join("corpus-lowered").join(variant).join(name));
            match (tools.render(target.parse().unwrap()), written) {
                (Ok(rendered), Ok(text)) => {
                    let ours = serde_json::to_string_pretty(rendered).unwrap() + "\n";
                    assert!(
                        ours == text,
                        "{variant} {}: the runtime renders\n{ours}\n`toolc lower` wrote\n{text}",
                        input.display()
                    );
                    compared += 1;
                }
                (Err(_), Err(_)) => compared += 1,
                (ours, theirs) => {
                    panic!("{variant} {}: the runtime gives {ours:?}, `toolc lower` {theirs:?}", input.display())
                }
            }
        }
    }
    assert!(compared > 7 * 3000, "compared {compared} renderings");
    println!("the runtime's rendering equals `toolc lower`'s on {compared} renderings");
}

#[test]
fn every_third_party_definition_is_lowered_or_refused_for_every_target() {
    let corpus = corpus();
    let split = tmp().join("corpus-split");
    let counts = split_definitions(&corpus, &split);
    let total: usize = counts.values().sum();
    assert!(total > 3000, "the corpus holds {total} definitions: {counts:?}");
    let mut table = String::from(
        "| target | definitions | lowered | of them with a warning | refused |\n| --- | --- | --- | --- | --- |\n",
    );
    let mut reasons = String::new();
    let mut engines = String::from(
        "| lowered as | engine | tools | compiled | with meaning dropped | refused |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    for (variant, target, flags) in VARIANTS {
        let out = tmp().join("corpus-lowered").join(variant);
        let tally = lower(variant, target, flags, &split, &out, total);
        check_with_the_sdks(variant, &out, &tmp().join("corpus-renderings").join(variant));
        for (engine, figures) in compile_with_the_engines(variant, &out) {
            engines.push_str(&format!("| {variant} | {engine} | {} |\n", figures.join(" | ")));
        }
        table
            .push_str(&format!("| {variant} | {total} | {} | {} | {} |\n", tally.lowered, tally.warned, tally.refused));
        let mut top: Vec<(&String, &usize)> = tally.reasons.iter().collect();
        top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (rule, count) in top.into_iter().take(5) {
            reasons.push_str(&format!("| {variant} | {count} | {rule} |\n"));
        }
    }
    println!(
        "definitions per source: {counts:?}\n\n{table}\n| target | refused | rule |\n| --- | --- | --- |\n{reasons}\n{engines}"
    );
    the_runtime_renders_what_lower_wrote(&split);
}

/// The richer schemas of third-party MCP servers (`tests/corpus/servers/`: OpenAPI-made tools,
/// zod's formats and patterns, unions, `$ref`s), each server's listing one request, lowered for
/// OpenAI, for JSON Schema and for each open-model server: every tool lowered for a grammar engine
/// compiles in that engine's own compiler with nothing dropped, and each lowering passes the SDK
/// checks; the plain lowerings' figures are what the engines make of them today.
#[test]
fn every_mcp_server_tool_lowered_for_an_engine_compiles_in_it() {
    let listings = server_listings();
    let mut files = Vec::new();
    collect(&listings, &mut files);
    let total: usize = files
        .iter()
        .map(|file| {
            let listing: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
            listing["tools"].as_array().map_or(0, Vec::len)
        })
        .sum();
    assert!(total > 1500, "the servers list {total} tools");
    let mut table = String::from(
        "| lowered as | tools | lowered | refused | engine | compiled | with meaning dropped | refused by the engine |\n\
         | --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    let variants: [(&str, &str, &[&str]); 5] = [
        ("openai", "openai", &[]),
        ("json-schema", "json-schema", &[]),
        ("vllm", "openai", &["--server=vllm"]),
        ("mistral-rs", "openai", &["--server=mistral-rs"]),
        ("llama-cpp", "openai", &["--server=llama-cpp"]),
    ];
    for (variant, target, flags) in variants {
        let out = tmp().join("servers-lowered").join(variant);
        let tally = lower(variant, target, flags, &listings, &out, total);
        check_with_the_sdks(variant, &out, &tmp().join("servers-renderings").join(variant));
        for (engine, figures) in compile_with_the_engines(variant, &out) {
            table.push_str(&format!(
                "| {variant} | {total} | {} | {} | {engine} | {} | {} | {} |\n",
                tally.lowered, tally.refused, figures[1], figures[2], figures[3]
            ));
        }
    }
    println!("{table}");
}
