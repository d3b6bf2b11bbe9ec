//! What `toolc` reads from a program: every registered tool, grouped by the package that defines it,
//! rendered for the requested targets, with the lowering report (and Rust source locations) and
//! every error. The `toolc` command builds a small program that links a workspace's crates and
//! calls [`probe_main`], which prints this as JSON.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::{RenderOptions, Server, Target, ToolDef, UnionForm, registry, render_tools};

/// The export document for `targets`: `{"packages": {name: {"files", "errors", "definitions"}}}`.
pub fn document(targets: &[Target]) -> Value {
    document_for_servers(targets, &[])
}

/// [`document`], and for each of `servers` the OpenAI chat lowering for its grammar engine, as
/// `openai.<server>.json` (its report entries name the server).
pub fn document_for_servers(targets: &[Target], servers: &[Server]) -> Value {
    document_with(targets, servers, None)
}

/// [`document_for_servers`] with every root tagged union in `union_form` where one is given
/// (`toolc export --union-form`), else in each tool's own form or the target's default.
/// [`UnionForm::Variants`] is written nested for the targets whose root must be an object.
pub fn document_with(targets: &[Target], servers: &[Server], union_form: Option<UnionForm>) -> Value {
    let mut packages: BTreeMap<&str, Vec<&ToolDef>> = BTreeMap::new();
    for def in registry::tools() {
        if let Some(source) = def.source {
            packages.entry(source.package).or_default().push(def);
        }
    }
    let mut out = serde_json::Map::new();
    for (package, defs) in packages {
        out.insert(package.to_owned(), package_document(&defs, targets, servers, union_form));
    }
    json!({"packages": out})
}

fn location(def: &ToolDef) -> String {
    def.source.map_or_else(|| "(no source)".to_owned(), |source| source.to_string())
}

fn package_document(defs: &[&ToolDef], targets: &[Target], servers: &[Server], form: Option<UnionForm>) -> Value {
    let mut errors = Vec::new();
    for pair in defs.windows(2) {
        if pair[0].name == pair[1].name {
            errors.push(format!(
                "the tool name `{}` is used twice in this package: at {} and at {}; rename one with `#[tool(name = \"...\")]`",
                pair[0].name,
                location(pair[0]),
                location(pair[1])
            ));
        }
    }
    let mut files = serde_json::Map::new();
    let mut report = Vec::new();
    if errors.is_empty() {
        let renderings = targets
            .iter()
            .map(|&target| (target, None))
            .chain(servers.iter().map(|&server| (Target::OpenAi, Some(server))));
        for (target, server) in renderings {
            let mut options = match server {
                Some(server) => RenderOptions::default().server(server),
                None => RenderOptions::default(),
            };
            options.union_form = form.map(|form| match form {
                UnionForm::Variants if !options.takes_root_union(target) => UnionForm::Nested,
                form => form,
            });
            match render_tools(defs.iter().copied(), target, &options) {
                Ok(rendered) => {
                    let file = match server {
                        Some(server) => format!("{target}.{server}.json"),
                        None => format!("{target}.json"),
                    };
                    files.insert(file, rendered.value);
                    for change in rendered.report.changes {
                        let source = defs.iter().find(|def| def.name == change.tool).and_then(|def| def.source);
                        let mut entry = serde_json::to_value(&change).expect("a change serializes");
                        if let Some(server) = server {
                            entry["server"] = json!(server);
                        }
                        if let Some(source) = source {
                            entry["source"] =
                                json!({"file": source.file, "line": source.line, "column": source.column});
                        }
                        report.push(entry);
                    }
                }
                Err(err) => errors.push(match server {
                    Some(server) => format!("{err} (for {server})"),
                    None => err.to_string(),
                }),
            }
        }
        files.insert("report.json".to_owned(), Value::Array(report));
    }
    json!({"files": files, "errors": errors, "definitions": defs})
}

/// The probe program's `main`: reads the targets (comma-separated text forms, or `all`) from its
/// first argument, the open-model servers (comma-separated, maybe none) from its second, and the
/// union form (maybe none) from its third, and prints [`document_with`] as JSON on standard output.
pub fn probe_main() {
    let wanted = std::env::args().nth(1).unwrap_or_else(|| "all".to_owned());
    let servers = std::env::args().nth(2).unwrap_or_default();
    let servers: Vec<Server> = match servers.split(',').filter(|name| !name.is_empty()).map(str::parse).collect() {
        Ok(servers) => servers,
        Err(err) => {
            eprintln!("{err}");
            std::process::exit(2);
        }
    };
    let targets: Vec<Target> = if wanted == "all" {
        Target::ALL.to_vec()
    } else {
        match wanted.split(',').map(str::parse).collect::<Result<Vec<Target>, _>>() {
            Ok(targets) => targets,
            Err(err) => {
                eprintln!("{err}");
                std::process::exit(2);
            }
        }
    };
    let union_form = match std::env::args().nth(3).filter(|form| !form.is_empty()).map(|form| form.parse()) {
        None => None,
        Some(Ok(form)) => Some(form),
        Some(Err(err)) => {
            eprintln!("{err}");
            std::process::exit(2);
        }
    };
    println!("{}", document_with(&targets, &servers, union_form));
}
