//! `toolc export`: write, or with `--check` compare, each package's files.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use similar::TextDiff;
use toolc::{Server, Target, UnionForm};

use crate::files::{pretty, write_atomically};
use crate::{Failure, Outcome, output, probe};

pub fn run(
    manifest_path: &Option<PathBuf>,
    packages: &[String],
    targets: &[Target],
    servers: &[Server],
    union_form: Option<UnionForm>,
    out: &Path,
    check: bool,
) -> Result<Outcome, Failure> {
    let every_target = targets.len() == Target::ALL.len();
    let wanted = targets.iter().map(|target| target.as_str()).collect::<Vec<_>>().join(",");
    let servers = servers.iter().map(|server| server.as_str()).collect::<Vec<_>>().join(",");
    let union_form = union_form.map_or("", UnionForm::as_str);
    let (export, selection) = probe::run(manifest_path, packages, &wanted, &servers, union_form)?;
    let mut failed = false;
    for (package, document) in &export.packages {
        for error in &document.errors {
            output::error(&format!("{package}: {error}"));
            failed = true;
        }
    }
    if failed {
        output::note("nothing was written");
        return Ok(Outcome::Problems);
    }
    let mut expected: BTreeMap<PathBuf, String> = BTreeMap::new();
    for (package, document) in &export.packages {
        for (file, value) in &document.files {
            expected.insert(out.join(package).join(file), pretty(value));
        }
    }
    // Files toolc would not write now: only judged when every target (and every package) is exported.
    let mut extra: Vec<PathBuf> = Vec::new();
    if every_target {
        for package in &selection.packages {
            extra.extend(json_files(&out.join(package)).into_iter().filter(|path| !expected.contains_key(path)));
        }
        if packages.is_empty()
            && let Ok(entries) = std::fs::read_dir(out)
        {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if entry.path().is_dir() && !selection.packages.contains(&name) {
                    extra.extend(json_files(&entry.path()));
                }
            }
        }
        extra.sort();
    }
    if check { compare(&expected, &extra) } else { write(&expected, &extra, &export) }
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
}

fn write(expected: &BTreeMap<PathBuf, String>, extra: &[PathBuf], export: &probe::Export) -> Result<Outcome, Failure> {
    let mut written = 0;
    for (path, contents) in expected {
        if std::fs::read_to_string(path).ok().as_deref() != Some(contents.as_str()) {
            write_atomically(path, contents)
                .map_err(|err| Failure(format!("cannot write {}: {err}", path.display())))?;
            written += 1;
        }
    }
    for path in extra {
        std::fs::remove_file(path).map_err(|err| Failure(format!("cannot remove {}: {err}", path.display())))?;
    }
    for (package, document) in &export.packages {
        let count = document.definitions.len();
        output::status("Exported", &format!("{package}: {count} tool{}", if count == 1 { "" } else { "s" }));
    }
    output::status(
        "Finished",
        &format!("{written} files written, {} removed, {} unchanged", extra.len(), expected.len() - written),
    );
    Ok(Outcome::Ok)
}

fn compare(expected: &BTreeMap<PathBuf, String>, extra: &[PathBuf]) -> Result<Outcome, Failure> {
    let mut problems = 0;
    for (path, contents) in expected {
        match std::fs::read_to_string(path) {
            Ok(actual) if actual == *contents => {}
            Ok(actual) => {
                problems += 1;
                output::error(&format!("{} is stale", path.display()));
                let diff = TextDiff::from_lines(&actual, contents);
                let shown = path.display().to_string();
                output::text(
                    &diff
                        .unified_diff()
                        .context_radius(3)
                        .header(&format!("{shown} (committed)"), &format!("{shown} (from the code)"))
                        .to_string(),
                );
            }
            Err(_) => {
                problems += 1;
                output::error(&format!("{} is missing", path.display()));
            }
        }
    }
    for path in extra {
        problems += 1;
        output::error(&format!("{} is not made by any tool now", path.display()));
    }
    if problems == 0 {
        output::status("Checked", &format!("{} files are fresh", expected.len()));
        Ok(Outcome::Ok)
    } else {
        output::note(&format!("{problems} files differ from the code: run `toolc export` and commit the result"));
        Ok(Outcome::Problems)
    }
}
