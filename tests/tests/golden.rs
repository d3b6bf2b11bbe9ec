//! The definitions `#[tool]` generates for the representative tool set, compared with golden files
//! that were read and judged by hand. After an intended change, regenerate them with
//! `TOOLC_BLESS=1 cargo test -p toolc-tests --test tool_set golden::` (files in `golden/definitions/`) and read the diff before committing.

use std::path::PathBuf;

use serde_json::{Value, json};
use toolc::{ToolDef, registry};
// Linking the tool set is what registers it: the registry sees every crate linked into the program.
use toolc_tests::{golden, our_tools};

fn golden_value(def: &ToolDef) -> Value {
    // The source location is tested on its own (registry.rs); here it would only add churn.
    let mut value = serde_json::to_value(def).unwrap();
    value.as_object_mut().unwrap().remove("source");
    value
}

#[test]
fn definitions_match_golden_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden/definitions");
    let ours = our_tools();
    let mismatches: Vec<String> = ours
        .iter()
        .filter_map(|def| {
            let actual = serde_json::to_string_pretty(&golden_value(def)).unwrap() + "\n";
            golden(&dir.join(format!("{}.json", def.name)), &actual)
        })
        .collect();
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
    files.sort();
    let mut names: Vec<String> = ours.iter().map(|def| format!("{}.json", def.name)).collect();
    names.sort();
    assert_eq!(files, names, "golden files without a tool, or tools without a golden file");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n\n"));
}

/// The parts of the golden files a user relies on most, spelled out so a bad bless cannot hide them.
#[test]
fn key_schema_facts() {
    let find = |name: &str| *registry::tools().iter().find(|def| def.name == name).unwrap();

    let search = find("web_search");
    assert_eq!(
        search.description,
        "Search the web and return the best matches.\n\nResults come from `SearchHit` records, best first."
    );
    assert_eq!(search.input_schema["required"], json!(["query"]), "an Option argument is optional");
    assert_eq!(search.input_schema["additionalProperties"], json!(false), "unknown arguments are refused");
    assert_eq!(search.input_schema["properties"]["num_results"]["description"], "How many results to return.");
    assert_eq!(search.output_schema.as_ref().unwrap()["type"], "array", "the Ok type of the Result is the output");

    let fetch = find("fetch_document");
    let properties = fetch.input_schema["properties"].as_object().unwrap();
    let keys: Vec<&str> = properties.keys().map(String::as_str).collect();
    assert_eq!(keys, ["extraHeaders", "followRedirects", "kind", "limits", "url"], "rename_all and rename apply");
    assert_eq!(properties["kind"]["default"], "html", "a default expression is in the schema");
    assert_eq!(properties["followRedirects"]["default"], false);
    assert_eq!(properties["extraHeaders"]["description"], "HTTP headers to add.", "#[arg(description)] wins");
    assert_eq!(fetch.input_schema["required"], json!(["url", "extraHeaders"]));

    assert!(find("clear_cache").output_schema.is_none(), "() has no output schema");
    assert_eq!(
        find("utc_now").description,
        "Return the current time as an RFC 3339 string.",
        "description = overrides"
    );
    assert!(find("count-words").output_schema.is_none(), "a type without JsonSchema has none");
    assert_eq!(find("echo").input_schema["required"], json!(["type"]), "a raw identifier is written without r#");

    let delete = find("delete_nodes");
    assert_eq!(delete.description, "Delete nodes by id or alias.");
    assert!(delete.input_schema.get("title").is_none() && delete.input_schema.get("description").is_none());
    assert_eq!(
        delete.input_schema["properties"]["deleteChildren"]["default"], false,
        "serde attributes shape the schema"
    );
}
