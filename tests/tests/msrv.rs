//! Each published crate's `rust-version` is the oldest Rust it builds on, and says so honestly: the
//! newest `rust-version` among the crates it depends on (every feature on, as docs.rs builds it;
//! dev-dependencies left out), or what its own code needs (edition 2024: 1.85; `let` chains in
//! conditions: 1.88), whichever is newer. A dependency updated to one that asks for a newer Rust
//! fails here, naming it, instead of failing for the first user on the declared version. The
//! README's quick start says the same version as `toolc` declares.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// A Rust version, `1.88` or `1.88.0`, as what orders it.
fn version(text: &str) -> (u64, u64, u64) {
    let mut parts = text.split('.').map(|part| part.parse::<u64>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

/// What a published crate needs, and why: the version, and the dependency (or the feature of its
/// code) that asks for it.
#[derive(Clone, Debug, PartialEq)]
struct Needed {
    version: (u64, u64, u64),
    why: String,
}

/// For each published package of `metadata` (`cargo metadata` with every feature), its declared
/// `rust-version` and what its dependencies need.
fn needs(metadata: &Value) -> BTreeMap<String, (String, Needed)> {
    let packages: BTreeMap<&str, &Value> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|package| (package["id"].as_str().unwrap(), package))
        .collect();
    let nodes: BTreeMap<&str, &Value> = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| (node["id"].as_str().unwrap(), node))
        .collect();
    let mut found = BTreeMap::new();
    for member in metadata["workspace_members"].as_array().unwrap() {
        let id = member.as_str().unwrap();
        let package = packages[id];
        // `publish = false` is an empty list of registries.
        if package["publish"].as_array().is_some_and(Vec::is_empty) {
            continue;
        }
        let mut seen = BTreeSet::new();
        let mut stack = vec![id];
        while let Some(next) = stack.pop() {
            if !seen.insert(next) {
                continue;
            }
            for dep in nodes[next]["deps"].as_array().unwrap() {
                let kinds = dep["dep_kinds"].as_array().unwrap();
                if kinds.iter().all(|kind| kind["kind"] == "dev") {
                    continue;
                }
                stack.push(dep["pkg"].as_str().unwrap());
            }
        }
        seen.remove(id);
        let mut needed = Needed { version: (0, 0, 0), why: "nothing".to_owned() };
        for dep in seen {
            let dep = packages[dep];
            if let Some(asked) = dep["rust_version"].as_str()
                && version(asked) > needed.version
            {
                let why =
                    format!("{} {} asks for {asked}", dep["name"].as_str().unwrap(), dep["version"].as_str().unwrap());
                needed = Needed { version: version(asked), why };
            }
        }
        let declared = package["rust_version"].as_str().unwrap_or("none").to_owned();
        found.insert(package["name"].as_str().unwrap().to_owned(), (declared, needed));
    }
    found
}

/// What a crate's own code needs: its edition's first Rust, and 1.88 for `let` chains (`&& let` in a
/// condition), which edition 2024 has from 1.88 on.
fn own_code_needs(package: &Value) -> Needed {
    let mut needed = match package["edition"].as_str() {
        Some("2024") => Needed { version: (1, 85, 0), why: "edition 2024 asks for 1.85".to_owned() },
        _ => Needed { version: (1, 56, 0), why: "edition 2021 asks for 1.56".to_owned() },
    };
    let manifest = Path::new(package["manifest_path"].as_str().unwrap());
    let mut files = vec![manifest.parent().unwrap().join("src")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|entry| entry.unwrap().path()));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            if text.lines().any(|line| line.trim_start().starts_with("&& let ") || line.contains(" && let "))
                && needed.version < (1, 88, 0)
            {
                needed = Needed {
                    version: (1, 88, 0),
                    why: format!("{} chains `let`s, which asks for 1.88", path.display()),
                };
            }
        }
    }
    needed
}

fn metadata() -> Value {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--all-features", "--manifest-path"])
        .arg(root.join("Cargo.toml"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn each_published_crate_declares_the_oldest_rust_it_builds_on() {
    let metadata = metadata();
    let found = needs(&metadata);
    let names: Vec<&str> = found.keys().map(String::as_str).collect();
    assert_eq!(names, ["toolc", "toolc-cli", "toolc-macros", "toolc-mcp", "toolc-names"], "the published crates");
    let mut wrong = Vec::new();
    for (name, (declared, from_dependencies)) in &found {
        let package =
            metadata["packages"].as_array().unwrap().iter().find(|package| package["name"] == **name).unwrap();
        let own = own_code_needs(package);
        let needed = if own.version >= from_dependencies.version { own } else { from_dependencies.clone() };
        if version(declared) != needed.version {
            let (major, minor, _) = needed.version;
            wrong.push(format!("{name} declares rust-version {declared}, but needs {major}.{minor}: {}", needed.why));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_readme_states_the_version_toolc_declares() {
    let metadata = metadata();
    let toolc = metadata["packages"].as_array().unwrap().iter().find(|package| package["name"] == "toolc").unwrap();
    let declared = toolc["rust_version"].as_str().unwrap();
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md")).unwrap();
    let stated = format!("the oldest Rust it builds on is {declared}");
    assert!(readme.contains(&stated), "README.md says `{stated}`");
}

#[test]
fn a_dependency_that_asks_for_a_newer_rust_is_what_the_crate_needs() {
    // A published crate declaring 1.85 whose dependency's dependency asks for 1.90.
    let metadata = serde_json::json!({
        "packages": [
            {"id": "a", "name": "a", "version": "0.1.0", "rust_version": "1.85", "publish": null},
            {"id": "b", "name": "b", "version": "2.0.0", "rust_version": "1.80", "publish": null},
            {"id": "c", "name": "c", "version": "3.1.0", "rust_version": "1.90", "publish": null},
            {"id": "d", "name": "d", "version": "1.0.0", "rust_version": "1.95", "publish": null},
            {"id": "t", "name": "t", "version": "0.1.0", "rust_version": "1.70", "publish": []}
        ],
        "workspace_members": ["a", "t"],
        "resolve": {"nodes": [
            {"id": "a", "deps": [{"pkg": "b", "dep_kinds": [{"kind": null}]}, {"pkg": "d", "dep_kinds": [{"kind": "dev"}]}]},
            {"id": "b", "deps": [{"pkg": "c", "dep_kinds": [{"kind": "build"}]}]},
            {"id": "c", "deps": []},
            {"id": "d", "deps": []},
            {"id": "t", "deps": [{"pkg": "d", "dep_kinds": [{"kind": null}]}]}
        ]}
    });
    let found = needs(&metadata);
    assert_eq!(found.len(), 1, "crates not published are not checked");
    let (declared, needed) = &found["a"];
    assert_eq!(declared, "1.85");
    assert_eq!(
        needed,
        &Needed { version: (1, 90, 0), why: "c 3.1.0 asks for 1.90".to_owned() },
        "a dev-dependency does not count"
    );
}
