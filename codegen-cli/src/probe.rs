//! Reading a workspace's tools: a small program that links the chosen library crates and
//! `toolc` is written under the target directory, built with cargo (whose progress and errors
//! the user sees as cargo shows them), and run; it prints every registered tool, rendered.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use cargo_metadata::{DependencyKind, MetadataCommand, Package};
use serde::Deserialize;
use serde_json::Value;

use crate::{Failure, output};

/// What the probe printed.
#[derive(Deserialize)]
pub struct Export {
    pub packages: BTreeMap<String, PackageExport>,
}

#[derive(Deserialize)]
pub struct PackageExport {
    /// File name → contents, for the targets asked for and `report.json`.
    pub files: BTreeMap<String, Value>,
    pub errors: Vec<String>,
    pub definitions: Vec<Value>,
}

/// The crates a run reads.
pub struct Selection {
    pub packages: Vec<String>,
}

fn tool_runtime_dependency(package: &Package) -> Option<&cargo_metadata::Dependency> {
    package.dependencies.iter().find(|dep| dep.name == "toolc" && dep.kind == DependencyKind::Normal)
}

/// Builds and runs the probe for the workspace of `manifest_path`, asking for `targets` and, lowered
/// for their grammar engines, `servers` (both comma-separated), root unions in `union_form` (empty:
/// each tool's own form or the target's default).
pub fn run(
    manifest_path: &Option<PathBuf>,
    wanted: &[String],
    targets: &str,
    servers: &str,
    union_form: &str,
) -> Result<(Export, Selection), Failure> {
    let mut command = MetadataCommand::new();
    command.no_deps();
    if let Some(path) = manifest_path {
        command.manifest_path(path);
    }
    let metadata = command.exec().map_err(|err| Failure(format!("cannot read the workspace: {err}")))?;
    let members = metadata.workspace_packages();
    let with_lib = |package: &&Package| package.targets.iter().any(|target| target.is_lib());
    let chosen: Vec<&Package> = if wanted.is_empty() {
        members
            .iter()
            .copied()
            .filter(with_lib)
            .filter(|package| tool_runtime_dependency(package).is_some())
            .filter(|package| package.metadata.pointer("/toolc/export") != Some(&Value::Bool(false)))
            .collect()
    } else {
        let mut chosen = Vec::new();
        for name in wanted {
            let Some(package) = members.iter().find(|package| package.name.as_str() == name) else {
                let names: Vec<&str> = members.iter().map(|package| package.name.as_str()).collect();
                let hint = toolc_names::did_you_mean(name, names.iter().copied())
                    .map_or_else(String::new, |close| format!("; did you mean `{close}`?"));
                return Err(Failure(format!("no package `{name}` in this workspace{hint}")));
            };
            if !with_lib(package) {
                return Err(Failure(format!(
                    "package `{name}` has no library target; toolc reads the tools of libraries"
                )));
            }
            if tool_runtime_dependency(package).is_none() {
                return Err(Failure(format!("package `{name}` does not depend on toolc, so it has no tools")));
            }
            chosen.push(*package);
        }
        chosen
    };
    let root = metadata.workspace_root.clone().into_std_path_buf();
    let selection = Selection { packages: chosen.iter().map(|package| package.name.to_string()).collect() };
    if chosen.is_empty() {
        return Ok((Export { packages: BTreeMap::new() }, selection));
    }

    let runtime = tool_runtime_dependency(chosen[0]).expect("chosen packages depend on toolc");
    let runtime_spec = match (&runtime.path, &runtime.registry) {
        (Some(path), _) => format!("{{ path = {} }}", toml_string(path.as_str())),
        // From a registry other than crates.io, named by its index: the probe is a project of its
        // own, which may not know the name the user's configuration gives it.
        (None, Some(index)) => format!(
            "{{ version = {}, registry-index = {} }}",
            toml_string(&runtime.req.to_string()),
            toml_string(index)
        ),
        (None, None) => format!("{{ version = {} }}", toml_string(&runtime.req.to_string())),
    };
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    root.hash(&mut hasher);
    let name = format!("toolc-probe-{:08x}", hasher.finish() as u32);
    let target_dir = metadata.target_directory.clone().into_std_path_buf();
    let probe_dir = target_dir.join("toolc").join(&name);
    let build_dir =
        std::env::var_os("TOOLC_TARGET_DIR").map_or_else(|| target_dir.join("toolc").join("target"), PathBuf::from);

    let mut manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         # Its own workspace: it lives inside the user's target directory.\n[workspace]\n\n\
         [profile.dev]\ndebug = 0\n\n[dependencies]\ntoolc = {runtime_spec}\n"
    );
    let mut main = String::from("// Generated by toolc: links the crates whose tools it reads.\n");
    for (index, package) in chosen.iter().enumerate() {
        let dir = package.manifest_path.parent().expect("a manifest has a folder");
        manifest.push_str(&format!(
            "p{index} = {{ package = {}, path = {} }}\n",
            toml_string(&package.name),
            toml_string(dir.as_str())
        ));
        main.push_str(&format!("use p{index} as _;\n"));
    }
    main.push_str("\nfn main() {\n    toolc::export::probe_main();\n}\n");
    write_if_changed(&probe_dir.join("Cargo.toml"), &manifest)?;
    write_if_changed(&probe_dir.join("src/main.rs"), &main)?;
    // The workspace's lockfile, so the probe builds the same versions (and needs no network).
    if let Ok(lock) = std::fs::read_to_string(root.join("Cargo.lock")) {
        write_if_changed(&probe_dir.join("Cargo.lock"), &lock)?;
    }

    output::status("Building", &format!("{} to read their tools", selection.packages.join(", ")));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(&cargo)
        .args(["build", "--manifest-path"])
        .arg(probe_dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&build_dir)
        .stdin(Stdio::null())
        .status()
        .map_err(|err| Failure(format!("cannot run cargo: {err}")))?;
    if !status.success() {
        return Err(Failure(format!("could not build {} (cargo's errors are above)", selection.packages.join(", "))));
    }
    let binary = build_dir.join("debug").join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    let run = Command::new(&binary)
        .arg(targets)
        .arg(servers)
        .arg(union_form)
        .stdin(Stdio::null())
        .output()
        .map_err(|err| Failure(format!("cannot run {}: {err}", binary.display())))?;
    if !run.status.success() {
        return Err(Failure(format!("reading the tools failed: {}", String::from_utf8_lossy(&run.stderr).trim())));
    }
    let mut export: Export =
        serde_json::from_slice(&run.stdout).map_err(|err| Failure(format!("unreadable probe output: {err}")))?;
    export.packages.retain(|package, _| selection.packages.contains(package));
    // The probe links the crates by absolute path, so `file!()` is absolute there: make it relative to
    // the workspace, as cargo shows it, so the files are the same in every clone.
    let prefix = format!("{}{}", root.display(), std::path::MAIN_SEPARATOR);
    for document in export.packages.values_mut() {
        for value in document.definitions.iter_mut().chain(document.files.get_mut("report.json")) {
            relativize(value, &prefix);
        }
        for error in &mut document.errors {
            *error = error.replace(&prefix, "");
        }
    }
    Ok((export, selection))
}

fn relativize(value: &mut Value, prefix: &str) {
    match value {
        Value::Object(node) => {
            if let Some(Value::String(file)) = node.get_mut("source").and_then(|source| source.get_mut("file"))
                && let Some(relative) = file.strip_prefix(prefix)
            {
                *file = relative.replace('\\', "/");
            }
            node.values_mut().for_each(|child| relativize(child, prefix));
        }
        Value::Array(items) => items.iter_mut().for_each(|item| relativize(item, prefix)),
        _ => {}
    }
}

fn toml_string(text: &str) -> String {
    serde_json::to_string(text).expect("strings serialize")
}

fn write_if_changed(path: &Path, contents: &str) -> Result<(), Failure> {
    if std::fs::read_to_string(path).ok().as_deref() == Some(contents) {
        return Ok(());
    }
    crate::files::write_atomically(path, contents)
        .map_err(|err| Failure(format!("cannot write {}: {err}", path.display())))
}
