//! `toolc export --check` on the project's example crates with nothing changed, against cargo's
//! own no-op build of the same workspace, in one run. Both are processes, timed as a user waits
//! for them.

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn run(program: &Path, args: &[&str], dir: &Path) {
    let status = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|err| panic!("cannot run {}: {err}", program.display()));
    assert!(status.success(), "{} {args:?} failed in {}", program.display(), dir.display());
}

fn export_check(c: &mut Criterion) {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned();
    let cargo = PathBuf::from(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    // Everything built once, and the committed definitions current, before anything is timed.
    run(&cargo, &["build", "--workspace", "--quiet"], &workspace);
    let toolc = workspace.join("target/debug/toolc");
    run(&toolc, &["export", "--check"], &workspace);

    let mut group = c.benchmark_group("export --check, nothing changed");
    group.sample_size(20);
    group.bench_function("cargo build (no-op)", |b| {
        b.iter(|| run(&cargo, &["build", "--workspace", "--quiet"], &workspace))
    });
    group.bench_function("toolc export --check", |b| b.iter(|| run(&toolc, &["export", "--check"], &workspace)));
    group.finish();
}

criterion_group!(benches, export_check);
criterion_main!(benches);
