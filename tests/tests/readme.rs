//! The Python and TypeScript snippets of the `toolc` command's guide (`codegen-cli/docs/command.md`,
//! "Using the definitions from Python or TypeScript"), run as written: Python with the pinned SDKs'
//! interpreter, TypeScript type-checked by `tsc` against openai-node's own types and then run.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The guide whose snippets these are.
const GUIDE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../codegen-cli/docs/command.md");

fn snippet(marker: &str) -> String {
    let guide = std::fs::read_to_string(GUIDE).unwrap();
    let after = &guide[guide.find(marker).unwrap_or_else(|| panic!("{marker} in {GUIDE}"))..];
    let start = after.find("```").unwrap();
    let body = &after[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    body[..body.find("```").unwrap()].to_owned()
}

fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

fn setup() -> (PathBuf, PathBuf) {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("conformance");
    run(Command::new("bash").arg(here.join("conformance/setup.sh")).arg(&work), "installing the SDKs");
    (here.parent().unwrap().to_owned(), work)
}

fn tool_count(file: &str) -> usize {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{root}/{file}")).unwrap()).unwrap();
    value.as_array().unwrap().len()
}

#[test]
fn the_python_snippet_loads_the_tools() {
    let (root, work) = setup();
    let code = snippet("<!-- tested: python -->")
        + "\nassert all(\"input_schema\" in tool for tool in tools)\nprint(len(tools))\n";
    let script = work.join("guide_snippet.py");
    std::fs::write(&script, code).unwrap();
    let out =
        run(Command::new(work.join("venv/bin/python")).arg(&script).current_dir(&root), "the guide's Python snippet");
    assert_eq!(out.trim(), tool_count("schemas/roo-tools/anthropic.json").to_string());
}

#[test]
fn the_typescript_snippet_type_checks_against_the_sdk_and_runs() {
    let (root, work) = setup();
    let code = snippet("<!-- tested: typescript -->")
        + "\nconsole.log(tools.filter((tool) => tool.type === \"function\").length);\n";
    std::fs::write(work.join("guide_snippet.ts"), code).unwrap();
    run(
        Command::new(work.join("node_modules/.bin/tsc"))
            .args([
                "--strict",
                "--skipLibCheck",
                "--module",
                "nodenext",
                "--target",
                "es2022",
                "--types",
                "node",
                "--outDir",
                "ts-out",
                "guide_snippet.ts",
            ])
            .current_dir(&work),
        "tsc on the guide's TypeScript snippet",
    );
    let out =
        run(Command::new("node").arg(work.join("ts-out/guide_snippet.js")).current_dir(&root), "the compiled snippet");
    assert_eq!(out.trim(), tool_count("schemas/roo-tools/openai.json").to_string());
}
