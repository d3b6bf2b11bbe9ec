//! Compile time, in one run: a generated crate of 200 tools written three ways (toolc's
//! `#[tool]`/`#[toolbox]`, rmcp's `#[tool]`/`#[tool_router]`, and serde + schemars structs with a
//! hand-written `match`), and the clean build of `toolc-macros` with its dependencies against
//! `rmcp-macros` with its own.
//!
//! The three crates live in a workspace of their own under `target/compile`, built once before
//! anything is timed, so a sample is the crate's own compile with its dependencies built
//! (`cargo build`, the dev profile, not incremental so each sample compiles the whole crate). Each
//! macro crate is built into an empty target directory per sample.

#[path = "../generate/forms.rs"]
mod forms;
// Only the fields and shared types are used here; the rest generates `build.rs`'s config tools.
#[allow(dead_code)]
#[path = "../generate/tools.rs"]
mod tools;

use criterion::{Criterion, criterion_group, criterion_main};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

/// How many tools each crate has.
const TOOLS: usize = 200;

/// The three forms: package name, extra dependencies, source.
fn crates() -> [(&'static str, String, String); 3] {
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("tool-runtime");
    [
        ("form-toolc", format!("toolc = {{ path = {runtime:?} }}\n"), forms::toolc(TOOLS)),
        (
            "form-rmcp",
            "rmcp = { version = \"=3.9.0\", default-features = false, features = [\"server\", \"macros\"] }\n"
                .to_owned(),
            forms::rmcp(TOOLS),
        ),
        ("form-by-hand", String::new(), forms::by_hand(TOOLS)),
    ]
}

/// Writes `contents` to `path` unless it is there already, so an unchanged crate stays built.
fn write_if_changed(path: &Path, contents: &str) {
    if fs::read_to_string(path).ok().as_deref() != Some(contents) {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap_or_else(|err| panic!("cannot write {}: {err}", path.display()));
    }
}

/// The workspace of the three crates, written under `target/compile`.
fn write_workspace() -> PathBuf {
    let bench_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = bench_dir.join("target/compile");
    let crates = crates();
    let members: Vec<String> = crates.iter().map(|(name, _, _)| format!("{name:?}")).collect();
    write_if_changed(
        &root.join("Cargo.toml"),
        &format!("[workspace]\nresolver = \"3\"\nmembers = [{}]\n", members.join(", ")),
    );
    // The benchmarks' lock file, so every form builds against the versions measured elsewhere.
    if !root.join("Cargo.lock").exists() {
        fs::copy(bench_dir.join("Cargo.lock"), root.join("Cargo.lock")).unwrap();
    }
    for (name, dependencies, source) in &crates {
        write_if_changed(
            &root.join(name).join("Cargo.toml"),
            &format!(
                "[package]\nname = {name:?}\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\n{dependencies}serde = {{ version = \"1\", features = [\"derive\"] }}\nserde_json = \"1\"\nschemars = \"1\"\n"
            ),
        );
        write_if_changed(&root.join(name).join("src/lib.rs"), source);
    }
    root
}

/// Runs cargo with `args` in `dir` and returns how long it took.
fn cargo(args: &[&str], dir: &Path) -> Duration {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let start = Instant::now();
    let output = Command::new(&cargo)
        .args(args)
        .current_dir(dir)
        // The whole crate compiled each time: incremental compilation would reuse last sample's work.
        .env("CARGO_INCREMENTAL", "0")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|err| panic!("cannot run cargo: {err}"));
    let elapsed = start.elapsed();
    assert!(
        output.status.success(),
        "cargo {args:?} failed in {}:\n{}",
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    elapsed
}

fn compile(c: &mut Criterion) {
    let root = write_workspace();
    // Every dependency built, and each crate once, before anything is timed.
    cargo(&["build", "--workspace", "--quiet"], &root);

    let mut group =
        c.benchmark_group(format!("compile a crate of {TOOLS} tools (dev build, dependencies built, not incremental)"));
    group.sample_size(10).warm_up_time(Duration::from_millis(1)).measurement_time(Duration::from_secs(1));
    group.sampling_mode(criterion::SamplingMode::Flat);
    for (name, _, _) in crates() {
        let lib = root.join(name).join("src/lib.rs");
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|_| {
                        // Touched, so cargo compiles the crate again (and only the crate).
                        File::options().append(true).open(&lib).unwrap().set_modified(SystemTime::now()).unwrap();
                        cargo(&["build", "--quiet", "-p", name], &root)
                    })
                    .sum()
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("build the tool macros with their dependencies (clean)");
    group.sample_size(10).warm_up_time(Duration::from_millis(1)).measurement_time(Duration::from_secs(1));
    group.sampling_mode(criterion::SamplingMode::Flat);
    for package in ["toolc-macros", "rmcp-macros"] {
        let target = root.join("target").join(format!("clean-{package}"));
        let target_arg = target.to_str().unwrap().to_owned();
        group.bench_function(package, |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|_| {
                        let _ = fs::remove_dir_all(&target);
                        cargo(&["build", "--quiet", "-p", package, "--target-dir", &target_arg], &root)
                    })
                    .sum()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, compile);
criterion_main!(benches);
