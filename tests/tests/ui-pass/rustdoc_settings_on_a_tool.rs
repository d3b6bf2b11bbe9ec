//! `#[doc(hidden)]` and `#[doc(alias)]` are rustdoc's settings, not description text: accepted.

use toolc::{Tool, tool};

/// Search the web.
#[doc(alias = "find")]
#[doc(hidden)]
#[tool]
pub fn web_search(query: String) -> String {
    query
}

fn main() {
    assert_eq!(WebSearchTool::definition().description, "Search the web.");
}
