//! toolc as a user installs it: from the packaged crates, not the paths. Every published crate is
//! packaged (`cargo package`, what `cargo publish` uploads) and served from a registry on this
//! machine that stands in for crates.io (every other crate is crates.io's own); then, with a cargo
//! home of the test's own, in fresh projects with nothing beside them:
//!
//! - `cargo add toolc` by version, the README's quick start pasted as `main.rs`, built and run;
//! - the same with `toolc-mcp` and the serving guide's first program, which answers `initialize`;
//! - `cargo install toolc-cli` from the registry, and its `toolc export` on the first project.
//!
//! A file a crate needs but does not ship, or a dependency only a path gives, fails here.

#[path = "support/registry.rs"]
mod registry;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use registry::Registry;

/// The published crates, each depending only on those before it.
const PUBLISHED: [&str; 5] = ["toolc-names", "toolc-macros", "toolc", "toolc-mcp", "toolc-cli"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// `cargo` with the cargo home `home`, whose configuration puts the registry in crates.io's place
/// (`cargo install` reads no project's configuration; this it reads).
fn cargo_in(home: &Path) -> Command {
    let mut command = cargo();
    command.env("CARGO_HOME", home);
    command
}

/// Runs `command`, which must succeed; gives its standard output.
fn run(command: &mut Command, what: &str) -> String {
    let output = command.stdin(Stdio::null()).output().unwrap_or_else(|err| panic!("cannot run {what}: {err}"));
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{stdout}\n{stderr}");
    stdout.into_owned()
}

/// The code block of `language` that follows `after` in the Markdown file `file` of the workspace.
fn block(file: &str, after: &str, language: &str) -> String {
    let text = std::fs::read_to_string(workspace().join(file)).unwrap();
    let from = &text[text.find(after).unwrap_or_else(|| panic!("`{after}` in {file}"))..];
    let fence = format!("```{language}\n");
    let start =
        from.find(&fence).unwrap_or_else(|| panic!("a {language} block after `{after}` in {file}")) + fence.len();
    from[start..start + from[start..].find("```").unwrap()].to_owned()
}

/// A fresh binary project `name` in `dir`, its crates.io dependencies locked as the workspace's are
/// (the versions the suite tested).
fn project(dir: &Path, name: &str, home: &Path) -> PathBuf {
    run(cargo_in(home).args(["new", "--quiet", "--vcs", "none", name]).current_dir(dir), "cargo new");
    let project = dir.join(name);
    std::fs::copy(workspace().join("Cargo.lock"), project.join("Cargo.lock")).unwrap();
    project
}

/// `cargo add` in `project` of each dependency a Markdown `[dependencies]` block lists, by its
/// version and with its features.
fn add_dependencies(project: &Path, toml: &str, home: &Path) {
    let mut ours = 0;
    for line in toml.lines().map(|line| line.split('#').next().unwrap().trim()) {
        let Some((name, spec)) = line.split_once(" = ") else { continue };
        let name = name.trim();
        let (version, features) = if spec.starts_with('"') {
            (spec.trim_matches('"').to_owned(), String::new())
        } else {
            let version = spec.split("version = \"").nth(1).unwrap().split('"').next().unwrap().to_owned();
            let features = spec.split("features = [").nth(1).map_or_else(String::new, |list| {
                list.split(']')
                    .next()
                    .unwrap()
                    .split(',')
                    .map(|f| f.trim().trim_matches('"'))
                    .collect::<Vec<_>>()
                    .join(",")
            });
            (version, features)
        };
        let mut add = cargo_in(home);
        add.args(["add", "--quiet"]).arg(format!("{name}@{version}")).current_dir(project);
        ours += usize::from(PUBLISHED.contains(&name));
        if !features.is_empty() {
            add.arg("--features").arg(features);
        }
        run(&mut add, &format!("cargo add {name}@{version}"));
    }
    assert!(ours > 0, "the block names a crate of toolc's: {toml}");
}

/// Packages every published crate into `target`, as for crates.io; gives each one's name, version
/// and `.crate`.
fn package(target: &Path) -> Vec<(String, String, PathBuf)> {
    let mut command = cargo();
    command.args(["package", "--no-verify", "--allow-dirty", "--quiet", "--target-dir"]).arg(target);
    for name in PUBLISHED {
        command.args(["-p", name]);
    }
    run(command.arg("--manifest-path").arg(workspace().join("Cargo.toml")), "cargo package");
    let version = env!("CARGO_PKG_VERSION");
    PUBLISHED
        .iter()
        .map(|name| {
            let file = target.join("package").join(format!("{name}-{version}.crate"));
            assert!(file.is_file(), "{} was packaged", file.display());
            ((*name).to_owned(), version.to_owned(), file)
        })
        .collect()
}

/// What each packaged crate holds, by name: its README and both licenses, among the rest.
fn contents(file: &Path) -> Vec<String> {
    let listed = run(Command::new("tar").arg("tzf").arg(file), "tar");
    listed.lines().map(|line| line.split_once('/').map_or(line, |(_, rest)| rest).to_owned()).collect()
}

#[test]
fn the_packaged_crates_install_by_version_and_build_the_guides_programs() {
    let scratch = tempfile::tempdir().unwrap();
    let crates = package(&scratch.path().join("package-target"));
    for (name, _, file) in &crates {
        let files = contents(file);
        for needed in ["README.md", "LICENSE-MIT", "LICENSE-APACHE", "Cargo.toml", "src/lib.rs"] {
            let needed = if *name == "toolc-cli" && needed == "src/lib.rs" { "src/main.rs" } else { needed };
            assert!(files.iter().any(|file| file == needed), "{name} ships {needed}: {files:?}");
        }
    }
    let registry = Registry::serve(&scratch.path().join("registry"));
    registry.publish(&crates);
    let home = scratch.path().join("cargo-home");
    std::fs::create_dir(&home).unwrap();
    std::fs::write(home.join("config.toml"), registry.config()).unwrap();
    let projects = scratch.path().join("projects");
    std::fs::create_dir(&projects).unwrap();
    // One target folder for the three, so their common dependencies build once.
    let target = scratch.path().join("target");

    // The README's quick start, as written.
    let quick = project(&projects, "weather", &home);
    add_dependencies(&quick, &block("README.md", "## Quick start", "toml"), &home);
    let program = block("README.md", "## Quick start", "rust");
    std::fs::write(quick.join("src/main.rs"), &program).unwrap();
    // Its toolbox as a library too, for `toolc export`, which reads libraries' tools.
    let library = &program[..program.find("fn main()").expect("the quick start has a main")];
    std::fs::write(quick.join("src/lib.rs"), library).unwrap();
    run(
        cargo_in(&home).args(["run", "--quiet"]).env("CARGO_TARGET_DIR", &target).current_dir(&quick),
        "the quick start",
    );
    let manifest = std::fs::read_to_string(quick.join("Cargo.toml")).unwrap();
    assert!(manifest.contains("toolc = \"0.1"), "by version: {manifest}");
    assert!(!manifest.contains("path ="), "{manifest}");

    // The serving guide's first program, over stdio: it answers `initialize`.
    let serving = project(&projects, "weather-mcp", &home);
    add_dependencies(&serving, &block("tool-mcp/docs/serving.md", "# Serving tools over MCP", "toml"), &home);
    std::fs::write(
        serving.join("src/main.rs"),
        block("tool-mcp/docs/serving.md", "# Serving tools over MCP", "rust,no_run"),
    )
    .unwrap();
    run(
        cargo_in(&home).args(["build", "--quiet"]).env("CARGO_TARGET_DIR", &target).current_dir(&serving),
        "the serving guide's program",
    );
    let mut server = Command::new(target.join("debug/weather-mcp"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#;
    server.stdin.as_mut().unwrap().write_all(format!("{initialize}\n").as_bytes()).unwrap();
    let mut answer = String::new();
    BufReader::new(server.stdout.as_mut().unwrap()).read_line(&mut answer).unwrap();
    server.kill().unwrap();
    server.wait().unwrap();
    assert!(answer.contains("\"serverInfo\"") && answer.contains("\"tools\""), "{answer}");

    // The command, installed from the registry, exports the quick start's tools.
    let root = scratch.path().join("installed");
    run(
        cargo_in(&home)
            .args(["install", "--quiet", "--debug", "toolc-cli", "--root"])
            .arg(&root)
            .arg("--target-dir")
            .arg(&target)
            .current_dir(&quick),
        "cargo install toolc-cli",
    );
    run(
        Command::new(root.join("bin/toolc"))
            .args(["export", "--target", "openai"])
            .env("CARGO_TARGET_DIR", &target)
            .env("CARGO_HOME", &home)
            .current_dir(&quick),
        "toolc export",
    );
    let exported = std::fs::read_to_string(quick.join("schemas/weather/openai.json")).unwrap();
    assert!(exported.contains("\"temperature\""), "{exported}");
}
