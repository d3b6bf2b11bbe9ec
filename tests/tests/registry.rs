//! The registry finds every tool of the program without a hand-kept list, in a deterministic order.

use toolc::{Tool, registry};
// Linking the crate is all it takes: nothing below names its unreferenced module.
use toolc_tests as _;

fn our_tools() -> Vec<&'static str> {
    registry::tools()
        .iter()
        .filter(|def| def.source.is_some_and(|source| source.package == "toolc-tests"))
        .map(|def| &*def.name)
        .collect()
}

#[test]
fn finds_every_tool_once_in_sorted_order() {
    assert_eq!(
        our_tools(),
        [
            "add",
            "add_or_replace_nodes",
            "always_fails",
            "browser_action",
            "clear_cache",
            "count-words",
            "delete_nodes",
            "echo",
            "fetch_document",
            "hidden_clock",
            "launchBrowser",
            "schedule_job",
            "scroll_page",
            "set_metadata",
            "utc_now",
            "web_search",
        ],
        "free functions, config types and toolbox methods, each once (the enum toolbox adds none)"
    );
}

#[test]
fn a_tool_in_a_module_nothing_references_is_found_with_its_source() {
    let def = registry::tools().iter().find(|def| def.name == "hidden_clock").expect("hidden_clock is registered");
    let source = def.source.unwrap();
    assert_eq!(source.file, "tests/src/unreferenced.rs");
    assert_eq!(source.module_path, "toolc_tests::unreferenced");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/unreferenced.rs")).unwrap();
    let line = text.lines().position(|line| line.contains("fn hidden_clock")).unwrap() + 1;
    assert_eq!(source.line as usize, line, "the line of the function's name");
    assert_eq!(source.column, 4, "the column of the function's name");
}

#[test]
fn the_source_of_a_renamed_tool_is_its_name_literal() {
    let def = toolc_tests::search::WordCountTool::definition();
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/search.rs")).unwrap();
    let line = text.lines().position(|line| line.contains(r#"#[tool(name = "count-words")]"#)).unwrap() + 1;
    assert_eq!(def.source.unwrap().line as usize, line);
}

#[test]
fn lists_toolboxes_of_both_kinds() {
    let toolboxes: Vec<(&str, bool, usize)> = registry::toolboxes()
        .iter()
        .filter(|toolbox| toolbox.source().package == "toolc-tests")
        .map(|toolbox| (toolbox.name(), toolbox.owns_tools(), toolbox.tools().len()))
        .collect();
    assert_eq!(toolboxes, [("Browser", true, 3), ("NodeOp", false, 3)]);
}

#[test]
fn the_list_is_computed_once() {
    assert!(std::ptr::eq(registry::tools(), registry::tools()));
}
