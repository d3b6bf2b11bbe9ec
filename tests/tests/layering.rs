//! The layering ARCHITECTURE.md promises: no two modules import each other, directly or through
//! others. Every source file of the workspace's crates is read, each `crate::…` and `super::…` path
//! outside its tests is resolved to the module it names (the crate root's re-exports followed to
//! where the item lives), and among the children of every module the imports must form no cycle. A
//! child may use what its parent declares (a folder's contract), and a parent its children.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// The crates whose modules are checked, by folder: every member of the workspace with modules.
const CRATES: &[&str] = &[
    "tool-runtime",
    "tool-mcp",
    "tool-macros",
    "tool-names",
    "codegen-cli",
    "tests",
    "examples/director",
    "examples/browse-agent",
    "examples/structured-output",
    "examples/roo-tools",
];

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut found = Vec::new();
    for krate in CRATES {
        let files = sources(&root.join(krate).join("src"));
        assert!(!files.is_empty(), "{krate}: no sources found");
        found.extend(cycles(&files).into_iter().map(|cycle| format!("{krate}: {cycle}")));
    }
    assert!(found.is_empty(), "import cycles between modules:\n{}", found.join("\n"));
}

/// The crates that carry MCP's transports, which the core must never pull in.
const TRANSPORTS: &[&str] = &["rmcp", "tokio", "hyper", "hyper-util", "axum", "jsonwebtoken", "process-wrap", "nix"];

/// The core never names MCP's transports: `toolc` declares none of their crates, even as
/// optional ones, has no feature named for MCP, and no source file switches on one. MCP (the server,
/// the client) lives in `toolc-mcp`, which uses the core's public API as any server would.
#[test]
fn the_core_never_names_mcp() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let manifest = std::fs::read_to_string(root.join("tool-runtime/Cargo.toml")).unwrap();
    let mut section = "";
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let key = line.split(['=', ' ', '.']).next().unwrap_or("");
        if section.contains("dependencies") {
            assert!(!TRANSPORTS.contains(&key), "toolc depends on `{key}` ({section}): MCP belongs in toolc-mcp");
        }
        if section == "[features]" {
            assert!(!key.contains("mcp"), "toolc has the feature `{key}`: MCP belongs in toolc-mcp");
        }
    }
    for (module, text) in sources(&root.join("tool-runtime/src")) {
        for needle in ["feature = \"mcp", "rmcp::", "tokio::", "hyper::", "axum::"] {
            assert!(!text.contains(needle), "tool-runtime/src/{}: names `{needle}`", module.join("/"));
        }
    }
}

#[test]
fn a_cycle_is_found_and_a_parent_child_import_is_not_one() {
    let file = |path: &str, text: &str| {
        (path.split('/').filter(|part| !part.is_empty()).map(str::to_owned).collect::<Module>(), text.to_owned())
    };
    let files = BTreeMap::from([
        file("", "mod a; mod b; mod c; pub use c::Thing;"),
        file("a", "use crate::b::helper;\nfn x() { super::c::y(); }"),
        file("b", "use crate::Thing;\n#[cfg(test)]\nmod tests { use crate::a::z; }"),
        file("c", "use crate::{a::q, b};"),
        file("c/inner", "use super::Contract; use crate::c::other;"),
    ]);
    // a → b → c (through the root's re-export) → a; c/inner → c is a child using its parent.
    assert_eq!(cycles(&files), ["a → b → c → a"]);
    let child_and_parent = BTreeMap::from([
        file("", "mod c;"),
        file("c", "mod inner; fn f() { inner::g() }"),
        file("c/inner", "use super::Contract;"),
    ]);
    assert!(cycles(&child_and_parent).is_empty());
}

/// Every `.rs` file under `src`, by module path (`lib.rs` and `mod.rs` stand for their folder).
fn sources(src: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(src, &mut files);
    files
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(src).unwrap().with_extension("");
            let mut module: Module = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                module.pop();
            }
            (module, std::fs::read_to_string(&file).unwrap())
        })
        .collect()
}

/// Each cycle among sibling modules, once, as `a → b → a`.
fn cycles(files: &BTreeMap<Module, String>) -> Vec<String> {
    let modules: BTreeSet<&Module> = files.keys().collect();
    let root_exports = root_exports(files.get(&Vec::new()).map_or("", String::as_str));
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, text) in files {
        for path in paths(&code(text)) {
            let Some(target) = resolve(module, &path, &modules, &root_exports) else { continue };
            let common = module.iter().zip(&target).take_while(|(a, b)| a == b).count();
            if common == module.len() || common == target.len() {
                continue; // a parent and its child
            }
            edges.entry(module[..=common].to_vec()).or_default().insert(target[..=common].to_vec());
        }
    }
    let mut found = BTreeSet::new();
    for start in edges.keys() {
        let mut trail = vec![start.clone()];
        if let Some(cycle) = back_to(start, &edges, &mut trail, &mut BTreeSet::new()) {
            // The same cycle from each of its modules, written from its smallest.
            let turn = cycle.iter().enumerate().min_by_key(|(_, module)| *module).map(|(at, _)| at).unwrap();
            let mut names: Vec<String> = cycle[turn..].iter().chain(&cycle[..turn]).map(|m| m.join("::")).collect();
            names.push(names[0].clone());
            found.insert(names.join(" → "));
        }
    }
    found.into_iter().collect()
}

/// A path of modules from the end of `trail` back to `start`, if there is one.
fn back_to(
    start: &Module,
    edges: &BTreeMap<Module, BTreeSet<Module>>,
    trail: &mut Vec<Module>,
    seen: &mut BTreeSet<Module>,
) -> Option<Vec<Module>> {
    for next in edges.get(trail.last().unwrap()).into_iter().flatten() {
        if next == start {
            return Some(trail.clone());
        }
        if seen.insert(next.clone()) {
            trail.push(next.clone());
            if let Some(cycle) = back_to(start, edges, trail, seen) {
                return Some(cycle);
            }
            trail.pop();
        }
    }
    None
}

/// The crate root's `pub use` re-exports: item name → the module it comes from.
fn root_exports(lib: &str) -> BTreeMap<String, Module> {
    let mut exports = BTreeMap::new();
    for statement in code(lib).split(';') {
        let Some(used) = statement.trim().strip_prefix("pub use ") else { continue };
        let (path, names) = match used.split_once("::{") {
            Some((path, names)) => (path, names.trim_end_matches('}').split(',').collect::<Vec<_>>()),
            None => match used.rsplit_once("::") {
                Some((path, name)) => (path, vec![name]),
                None => continue,
            },
        };
        let module: Module = path.split("::").map(|part| part.trim().to_owned()).collect();
        for name in names {
            let name = name.trim().rsplit(" as ").next().unwrap_or_default().trim();
            if !name.is_empty() {
                exports.insert(name.to_owned(), module.clone());
            }
        }
    }
    exports
}

/// The module `path` (as written in `module`) names: the longest known module it starts with.
fn resolve(
    module: &Module,
    path: &[String],
    modules: &BTreeSet<&Module>,
    root_exports: &BTreeMap<String, Module>,
) -> Option<Module> {
    let (mut base, rest): (Module, &[String]) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("super") => {
            let ups = path.iter().take_while(|part| *part == "super").count();
            (module[..module.len().checked_sub(ups)?].to_vec(), &path[ups..])
        }
        _ => return None,
    };
    let mut rest = rest.to_vec();
    // `__private` is `private.rs` under another name.
    if let Some(first) = rest.first_mut().filter(|first| *first == "__private") {
        *first = "private".to_owned();
    }
    if base.is_empty()
        && let Some(from) = rest.first().and_then(|first| root_exports.get(first))
        && !modules.contains(&vec![rest[0].clone()])
    {
        base = from.clone();
        rest.clear();
    }
    let mut target = base;
    for part in rest {
        target.push(part);
        if !modules.contains(&target) {
            target.pop();
            break;
        }
    }
    Some(target)
}

/// Every path beginning with `crate` or `super` in `code`, a `use` group (`crate::{a, b::C}`) giving
/// one path per member.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let word_start = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        if !code.is_char_boundary(at) {
            at += 1;
            continue;
        }
        let rest = &code[at..];
        let keyword = ["crate::", "super::"].into_iter().find(|keyword| rest.starts_with(keyword));
        let (true, Some(keyword)) = (word_start, keyword) else {
            at += 1;
            continue;
        };
        let mut prefix = vec![keyword.trim_end_matches("::").to_owned()];
        let mut end = at + keyword.len();
        loop {
            let tail = &code[end..];
            if let Some(group) = tail.strip_prefix('{') {
                let close = matching_brace(group);
                for member in split_top_level(&group[..close]) {
                    let mut path = prefix.clone();
                    path.extend(member.split("::").map(|part| part.trim().trim_start_matches('{').to_owned()));
                    found.push(path);
                }
                end += close + 2;
                break;
            }
            let length = tail.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(tail.len());
            prefix.push(tail[..length].to_owned());
            end += length;
            if code[end..].starts_with("::") {
                end += 2;
            } else {
                found.push(prefix);
                break;
            }
        }
        at = end.max(at + 1);
    }
    found
}

fn matching_brace(text: &str) -> usize {
    let mut depth = 0;
    for (at, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return at,
            '}' => depth -= 1,
            _ => {}
        }
    }
    text.len()
}

fn split_top_level(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (at, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.into_iter().map(str::trim).filter(|part| !part.is_empty() && *part != "self").collect()
}

/// `text` without comments and without its test module (which sits at the end of a file).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines().map(|line| line.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}
