//! `toolc import` on the third-party corpus (see `corpus.rs`), proven by building what it writes
//! and comparing what the tools accept.
//!
//! Every corpus file is imported into a module of one of a few crates; `toolc export` builds them
//! and writes the tools' JSON Schemas back. For every imported tool, values made from both schemas
//! (an example, the required fields alone, and each field left out, `null`, of another type, just
//! past a bound, plus an unknown field) are checked with the `jsonschema` crate against the
//! exported schema and the original's (`toolc lower --target json-schema`). The two agree on every
//! value, or `import` said for that tool what its Rust could not carry; the imported tool never
//! refuses a value the original accepts.
//!
//! The suite runs a fixed sample (every seventh definition of the Berkeley Function Calling
//! Leaderboard, every MCP server tool; about 40 seconds); `TOOLC_CORPUS=all` runs every
//! definition, as CI does (`.ci/run`).

use std::collections::{BTreeMap, HashMap};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Map, Value, json};
use support::{corpus, run, tmp};

mod support;

/// Which definitions run: all with `TOOLC_CORPUS=all`, otherwise a fixed sample.
fn sampled(source: &str, index: usize) -> bool {
    std::env::var("TOOLC_CORPUS").is_ok_and(|value| value == "all")
        || source.starts_with("mcp")
        || index.is_multiple_of(7)
}

fn name_of(definition: &mut Value) -> Option<&mut Value> {
    if definition.get("function").is_some() {
        definition["function"].get_mut("name")
    } else {
        definition.get_mut("name")
    }
}

/// Writes the sampled definitions of every corpus file to `inputs`, one file per corpus file,
/// named for the module it becomes. One crate's tool names are unique, and the leaderboard's files
/// are many separate requests that reuse names for different functions: a name's later uses get a
/// suffix (`_2`, `_3`, …).
fn write_inputs(corpus: &Path, inputs: &Path) -> Vec<(String, PathBuf)> {
    let _ = std::fs::remove_dir_all(inputs);
    std::fs::create_dir_all(inputs).unwrap();
    let mut uses: HashMap<String, usize> = HashMap::new();
    let mut modules = Vec::new();
    let mut files = Vec::new();
    support::collect(corpus, &mut files);
    for file in files {
        let source = file.parent().unwrap().file_name().unwrap().to_str().unwrap().to_owned();
        let stem = file.file_stem().unwrap().to_str().unwrap();
        let module = format!("{source}_{stem}").replace(['.', '-'], "_");
        let (all, wrapped) = support::definitions(&file);
        let mut kept = Vec::new();
        for (index, mut definition) in all.into_iter().enumerate() {
            if let Some(Value::String(name)) = name_of(&mut definition) {
                let count = uses.entry(name.clone()).or_insert(0);
                *count += 1;
                if *count > 1 {
                    *name = format!("{name}_{count}");
                }
            }
            if sampled(&source, index) {
                kept.push(definition);
            }
        }
        let document = if wrapped { json!({"tools": kept}) } else { Value::Array(kept) };
        let path = inputs.join(format!("{module}.json"));
        std::fs::write(&path, document.to_string()).unwrap();
        modules.push((module, path));
    }
    modules
}

/// What `import` said, per tool.
#[derive(Default)]
struct Said {
    refused: BTreeMap<String, String>,
    /// Tools whose Rust accepts more than their definition, by `import`'s own warning.
    looser: BTreeMap<String, String>,
    /// Tools whose Rust leaves out a description or default, by `import`'s own warning.
    unread: BTreeMap<String, String>,
}

fn tool_in(line: &str) -> String {
    line.split('`').nth(1).unwrap_or_default().to_owned()
}

/// Imports every input into a module of one of a few crates of a workspace under `workspace`.
fn import(modules: &[(String, PathBuf)], workspace: &Path) -> Said {
    let _ = std::fs::remove_dir_all(workspace);
    let crates = ["corpus-bfcl-1", "corpus-bfcl-2", "corpus-mcp"];
    let runtime = support::workspace().join("tool-runtime");
    let manifest = format!(
        "[package]\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\n\
         toolc = {{ path = {:?} }}\nserde = {{ version = \"1\", features = [\"derive\"] }}\n\
         serde_json = \"1\"\nschemars = \"1\"\n",
        runtime.to_str().unwrap()
    );
    for name in crates {
        std::fs::create_dir_all(workspace.join(name).join("src")).unwrap();
        std::fs::write(
            workspace.join(name).join("Cargo.toml"),
            manifest.replace("[package]\n", &format!("[package]\nname = \"{name}\"\n")),
        )
        .unwrap();
    }
    let members: Vec<String> = crates.iter().map(|name| format!("{name:?}")).collect();
    std::fs::write(
        workspace.join("Cargo.toml"),
        format!("[workspace]\nresolver = \"3\"\nmembers = [{}]\n", members.join(", ")),
    )
    .unwrap();
    let lock = support::workspace().join("Cargo.lock");
    std::fs::copy(lock, workspace.join("Cargo.lock")).unwrap();

    let mut said = Said::default();
    let mut libs: BTreeMap<&str, String> = BTreeMap::new();
    for (index, (module, input)) in modules.iter().enumerate() {
        let krate = if module.starts_with("mcp") { crates[2] } else { crates[index % 2] };
        let out = workspace.join(krate).join("src").join(format!("{module}.rs"));
        let stderr =
            support::toolc([OsStr::new("import"), input.as_os_str(), OsStr::new("--out"), out.as_os_str()], module);
        for line in stderr.lines() {
            if line.starts_with("error: tool `") {
                assert!(line.contains(" cannot be imported: at /"), "{module}: a refusal that says not where: {line}");
                said.refused.insert(tool_in(line), line.to_owned());
            } else if line.starts_with("warning: tool `") {
                if line.contains("accepts arguments the definition rules out") {
                    said.looser.insert(tool_in(line), line.to_owned());
                }
                if line.contains("which only a model reads") {
                    said.unread.insert(tool_in(line), line.to_owned());
                }
            }
        }
        if out.exists() {
            libs.entry(krate).or_default().push_str(&format!("pub mod {module};\n"));
        }
    }
    for name in crates {
        std::fs::write(workspace.join(name).join("src/lib.rs"), libs.get(name).cloned().unwrap_or_default()).unwrap();
    }
    said
}

/// `value` as JSON text, a description without white space around it, a number that is a whole
/// one written without a fraction (`10.0` is `10` in JSON Schema, and an `f64` field writes it so).
fn canonical(value: &Value) -> String {
    match value {
        Value::String(text) => json!(text.trim()).to_string(),
        Value::Number(number) => match number.as_f64() {
            Some(float) if float.fract() == 0.0 && float.abs() < 9e15 => (float as i64).to_string(),
            _ => number.to_string(),
        },
        Value::Array(items) => format!("[{}]", items.iter().map(canonical).collect::<Vec<_>>().join(",")),
        Value::Object(entries) => {
            let entries: Vec<String> =
                entries.iter().map(|(key, value)| format!("{key:?}:{}", canonical(value))).collect();
            format!("{{{}}}", entries.join(","))
        }
        other => other.to_string(),
    }
}

/// Every description and default in `schema`, wherever it is, as JSON text.
fn annotations(schema: &Value, found: &mut std::collections::BTreeSet<String>) {
    match schema {
        Value::Object(node) => {
            for (key, value) in node {
                if key == "description" || key == "default" {
                    found.insert(format!("{key}: {}", canonical(value)));
                } else if key != "properties" || !value.is_object() {
                    annotations(value, found);
                } else {
                    // Property names are not annotations, whatever they are called.
                    value.as_object().unwrap().values().for_each(|property| annotations(property, found));
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| annotations(item, found)),
        _ => {}
    }
}

/// The input schema of every tool in the JSON Schema files under `dir`, by name.
fn schemas(dir: &Path) -> BTreeMap<String, Value> {
    let mut files = Vec::new();
    support::collect(dir, &mut files);
    let mut found = BTreeMap::new();
    for file in files.iter().filter(|file| file.extension().is_some_and(|ext| ext == "json")) {
        if file.file_name().is_some_and(|name| name == "report.json") {
            continue;
        }
        let tools: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        for tool in tools.as_array().unwrap() {
            found.insert(tool["name"].as_str().unwrap().to_owned(), tool["input_schema"].clone());
        }
    }
    found
}

fn resolve<'a>(schema: &'a Value, root: &'a Value) -> &'a Value {
    let Some(reference) = schema.get("$ref").and_then(Value::as_str) else { return schema };
    let found = reference.strip_prefix('#').and_then(|pointer| root.pointer(pointer));
    found.map_or(schema, |target| resolve(target, root))
}

fn first_type(schema: &Value) -> Option<&str> {
    match schema.get("type") {
        Some(Value::String(ty)) => Some(ty),
        Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).find(|ty| *ty != "null"),
        _ if schema.get("properties").is_some() => Some("object"),
        _ if schema.get("items").is_some() => Some("array"),
        _ => None,
    }
}

/// A value meant to satisfy `schema`; not always one (a pattern is not followed), which only makes
/// it one more value to compare on.
fn example(schema: &Value, root: &Value, depth: usize, every_field: bool) -> Value {
    let schema = resolve(schema, root);
    if depth > 8 {
        return Value::Null;
    }
    if let Some(value) = schema.get("const") {
        return value.clone();
    }
    if let Some(first) = schema.get("enum").and_then(Value::as_array).and_then(|values| values.first()) {
        return first.clone();
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(branches) = schema.get(key).and_then(Value::as_array) {
            let branch = branches.iter().find(|branch| branch.get("type") != Some(&json!("null"))).or(branches.first());
            if let Some(branch) = branch {
                return example(branch, root, depth + 1, every_field);
            }
        }
    }
    let number = |key: &str| schema.get(key).and_then(Value::as_f64);
    match first_type(schema) {
        Some("object") => {
            let required: Vec<&str> =
                schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            let mut object = Map::new();
            for (name, property) in schema["properties"].as_object().into_iter().flatten() {
                if every_field || required.contains(&name.as_str()) {
                    object.insert(name.clone(), example(property, root, depth + 1, every_field));
                }
            }
            Value::Object(object)
        }
        Some("array") => {
            let count = schema.get("minItems").and_then(Value::as_u64).unwrap_or(1).clamp(1, 3);
            let item = schema.get("items").map_or(json!("x"), |items| example(items, root, depth + 1, every_field));
            Value::Array(vec![item; count as usize])
        }
        Some("string") => {
            let format = schema.get("format").and_then(Value::as_str).unwrap_or_default();
            let text = match format {
                "date" => "2024-05-01".to_owned(),
                "date-time" => "2024-05-01T10:00:00Z".to_owned(),
                "email" => "ada@example.com".to_owned(),
                "uri" | "url" => "https://example.com/a".to_owned(),
                _ => "a".repeat(schema.get("minLength").and_then(Value::as_u64).unwrap_or(1).clamp(1, 64) as usize),
            };
            Value::String(text)
        }
        Some("integer") => {
            let low = number("minimum").or(number("exclusiveMinimum").map(|n| n.floor() + 1.0));
            json!(low.or(number("maximum")).unwrap_or(3.0) as i64)
        }
        Some("number") => json!(number("minimum").or(number("maximum")).unwrap_or(2.5)),
        Some("boolean") => json!(true),
        Some("null") => Value::Null,
        _ => json!("x"),
    }
}

/// Values of another kind, and just past each bound `schema` states.
fn near_misses(schema: &Value, root: &Value) -> Vec<Value> {
    let schema = resolve(schema, root);
    let mut values = vec![Value::Null, json!("zz"), json!(7), json!(-7), json!(2.5), json!(true), json!([]), json!({})];
    let number = |key: &str| schema.get(key).and_then(Value::as_f64);
    for (key, step) in [("minimum", -1.0), ("maximum", 1.0), ("exclusiveMinimum", 0.0), ("exclusiveMaximum", 0.0)] {
        if let Some(bound) = number(key) {
            values.push(json!(bound + step));
            values.push(json!(bound + step / 2.0));
        }
    }
    for (key, step) in [("minLength", -1i64), ("maxLength", 1)] {
        if let Some(length) = schema.get(key).and_then(Value::as_i64) {
            values.push(json!("a".repeat((length + step).clamp(0, 200) as usize)));
        }
    }
    for (key, step) in [("minItems", -1i64), ("maxItems", 1)] {
        if let Some(count) = schema.get(key).and_then(Value::as_i64) {
            let item = schema.get("items").map_or(json!("x"), |items| example(items, root, 0, true));
            values.push(Value::Array(vec![item; (count + step).clamp(0, 50) as usize]));
        }
    }
    if let Some(items) = schema.get("items") {
        let item = example(items, root, 0, true);
        values.push(json!([item, item]));
        values.push(json!([item, "zz", 7]));
    }
    values
}

/// The values every tool is checked on: examples made from `schema`, and each field of them changed
/// (left out, another kind of value, past a bound), an unknown field added.
fn values_from(schema: &Value) -> Vec<Value> {
    let full = example(schema, schema, 0, true);
    let mut values = vec![full.clone(), example(schema, schema, 0, false), json!("zz")];
    change_each_field(&full, schema, schema, &mut Vec::new(), &mut values);
    values
}

fn change_each_field(value: &Value, schema: &Value, root: &Value, at: &mut Vec<String>, out: &mut Vec<Value>) {
    let schema = resolve(schema, root);
    let Value::Object(fields) = value else { return };
    let mut added = value.clone();
    added["zz_unknown"] = json!(1);
    out.push(replace(out.first().unwrap(), at, added));
    for (name, field) in fields {
        let property = schema.pointer(&format!("/properties/{}", name.replace('~', "~0").replace('/', "~1")));
        let property = property.map(|property| resolve(property, root));
        let mut without = value.clone();
        without.as_object_mut().unwrap().remove(name);
        out.push(replace(out.first().unwrap(), at, without));
        for other in property.map(|property| near_misses(property, root)).unwrap_or_default() {
            let mut changed = value.clone();
            changed[name.as_str()] = other;
            out.push(replace(out.first().unwrap(), at, changed));
        }
        if at.len() < 3
            && let Some(property) = property
        {
            // Into the field's object, or its first item's, the property being the union's first
            // non-null branch where it is one.
            let property = [property]
                .into_iter()
                .chain(property.get("anyOf").and_then(Value::as_array).into_iter().flatten())
                .map(|branch| resolve(branch, root))
                .find(|branch| branch.get("properties").is_some() || branch.get("items").is_some());
            if let Some(property) = property {
                at.push(name.clone());
                match field {
                    Value::Object(_) => change_each_field(field, property, root, at, out),
                    Value::Array(items) if !items.is_empty() => {
                        if let Some(items_schema) = property.get("items") {
                            at.push("0".to_owned());
                            change_each_field(&items[0], items_schema, root, at, out);
                            at.pop();
                        }
                    }
                    _ => {}
                }
                at.pop();
            }
        }
    }
}

/// `whole` with the value at `at` (a path of keys and indexes) replaced by `with`.
fn replace(whole: &Value, at: &[String], with: Value) -> Value {
    let mut copy = whole.clone();
    let pointer: String = at.iter().map(|key| format!("/{}", key.replace('~', "~0").replace('/', "~1"))).collect();
    match copy.pointer_mut(&pointer) {
        Some(slot) => *slot = with,
        None => return whole.clone(),
    }
    copy
}

#[test]
fn imported_tools_accept_what_their_definitions_accept() {
    let corpus = corpus();
    let root = tmp().join("corpus-import");
    let modules = write_inputs(&corpus, &root.join("in"));
    let workspace = root.join("crates");
    let said = import(&modules, &workspace);

    // `export` builds the crates: the imported code compiles.
    run(
        Command::new(env!("CARGO_BIN_EXE_toolc"))
            .args(["export", "--target", "json-schema", "--manifest-path"])
            .arg(workspace.join("Cargo.toml"))
            .arg("--out")
            .arg(workspace.join("schemas"))
            .env("TOOLC_TARGET_DIR", tmp().join("toolc-build"))
            .env("NO_COLOR", "1"),
        "building and exporting the imported tools",
    );
    let exported = schemas(&workspace.join("schemas"));
    let lowered_dir = root.join("lowered");
    let _ = std::fs::remove_dir_all(&lowered_dir);
    let inputs = root.join("in");
    let lower = ["lower", "--target", "json-schema"].map(OsStr::new);
    let args = lower.into_iter().chain([inputs.as_os_str(), OsStr::new("--out"), lowered_dir.as_os_str()]);
    support::toolc(args, "lowering the originals");
    let originals = schemas(&lowered_dir);

    let mut problems = Vec::new();
    let (mut same, mut looser_as_said, mut values_checked) = (0, 0, 0);
    for (name, schema) in &exported {
        let Some(original) = originals.get(name) else {
            problems.push(format!("`{name}` is exported but its definition is not lowered"));
            continue;
        };
        let check = |schema: &Value| {
            jsonschema::validator_for(schema).unwrap_or_else(|err| panic!("`{name}`: {err}\n{schema}"))
        };
        let (before, after) = (check(original), check(schema));
        let mut values = values_from(original);
        values.extend(values_from(schema));
        values_checked += values.len();
        let mut looser = None;
        for value in &values {
            match (before.is_valid(value), after.is_valid(value)) {
                (true, false) => {
                    problems.push(format!("`{name}` refuses what its definition accepts: {value}"));
                    break;
                }
                (false, true) => looser = looser.or(Some(value)),
                _ => {}
            }
        }
        // What a model reads comes through too, where import did not say otherwise.
        let (mut told, mut kept) = Default::default();
        annotations(original, &mut told);
        annotations(schema, &mut kept);
        if let Some(missing) = told.difference(&kept).next()
            && !said.unread.contains_key(name)
            && !said.looser.contains_key(name)
        {
            problems.push(format!("`{name}` lost {missing}, and import did not say"));
        }
        match (looser, said.looser.get(name)) {
            (None, _) => same += 1,
            (Some(_), Some(_)) => looser_as_said += 1,
            (Some(value), None) => {
                problems.push(format!("`{name}` accepts {value}, which its definition refuses, and import did not say"))
            }
        }
    }
    let tried: usize = said.refused.len() + exported.len();
    println!(
        "{tried} definitions imported: {} compiled and exported; {same} accept exactly what their definition \
         accepts on {values_checked} values, {looser_as_said} accept more, as import said; {} leave out a \
         description or default a model would read, as import said; {} refused",
        exported.len(),
        said.unread.len(),
        said.refused.len()
    );
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for line in said.refused.values() {
        *reasons.entry(line.split_once(", ").map_or(line.as_str(), |(_, rule)| rule).to_owned()).or_default() += 1;
    }
    for (reason, count) in &reasons {
        println!("  refused {count}: {reason}");
    }
    for line in said.looser.values() {
        println!("  {line}");
    }
    assert!(exported.len() > 200, "only {} tools were imported", exported.len());
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems[..problems.len().min(30)].join("\n"));
}

/// The corpus files whose imports the soundness test dispatches into (`tests/imported-corpus`):
/// the file (under `servers/`, a listing `tests/corpus/servers/fetch.sh` takes), the module it is
/// written to, and its toolbox enum.
const COMMITTED: &[(&str, &str, &str)] = &[
    ("bfcl/multi_turn_func_doc.gorilla_file_system.json", "bfcl_gorilla_file_system", "GorillaFileSystemTools"),
    ("bfcl/multi_turn_func_doc.trading_bot.json", "bfcl_trading_bot", "TradingBotTools"),
    ("bfcl/multi_turn_func_doc.travel_booking.json", "bfcl_travel_booking", "TravelBookingTools"),
    ("bfcl/multi_turn_func_doc.vehicle_control.json", "bfcl_vehicle_control", "VehicleControlTools"),
    ("mcp-archived/server-github.json", "mcp_archived_server_github", "GithubTools"),
    ("mcp-archived/server-gitlab.json", "mcp_archived_server_gitlab", "GitlabTools"),
    ("mcp/server-everything.json", "mcp_server_everything", "EverythingTools"),
    ("mcp/server-filesystem.json", "mcp_server_filesystem", "FilesystemTools"),
    ("mcp/server-memory.json", "mcp_server_memory", "MemoryTools"),
    ("mcp/server-sequential-thinking.json", "mcp_server_sequential_thinking", "SequentialThinkingTools"),
    // Descriptions indented as rustdoc's code blocks are, which `cargo test` would run as doctests.
    ("servers/brave-search.json", "server_brave_search", "BraveSearchTools"),
];

/// `tests/imported-corpus` holds what `toolc import --toolbox` writes for its corpus files today,
/// byte for byte, and a module for each; `TOOLC_BLESS=1` writes them anew (read them before
/// committing).
#[test]
fn committed_imports_are_what_import_writes_today() {
    let corpus = corpus();
    let folder = support::workspace().join("tests/imported-corpus/src");
    let bless = std::env::var_os("TOOLC_BLESS").is_some();
    let lib = std::fs::read_to_string(folder.join("lib.rs")).unwrap();
    let mut stale = Vec::new();
    for (file, module, toolbox) in COMMITTED {
        let committed = folder.join(format!("{module}.rs"));
        let written = tmp().join(format!("imported-corpus-{module}.rs"));
        let input = match file.strip_prefix("servers/") {
            Some(listing) => support::server_listings().join(listing),
            None => corpus.join(file),
        };
        let args = [input.as_os_str(), OsStr::new("--out"), written.as_os_str(), OsStr::new("--toolbox")];
        support::toolc([OsStr::new("import")].into_iter().chain(args).chain([OsStr::new(toolbox)]), module);
        let today = std::fs::read_to_string(&written).unwrap();
        assert!(today.contains(&format!("pub enum {toolbox} {{")), "{module}: no toolbox written");
        assert!(lib.contains(&format!("pub mod {module};")), "tests/imported-corpus/src/lib.rs does not name {module}");
        if bless {
            std::fs::write(&committed, &today).unwrap();
        } else if std::fs::read_to_string(&committed).ok().as_deref() != Some(today.as_str()) {
            stale.push(committed.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "`toolc import` writes these differently today; rerun with TOOLC_BLESS=1 and read the change:\n{}",
        stale.join("\n")
    );
}
