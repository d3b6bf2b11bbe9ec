use toolc::tool;

/// Search the web.
#[tool(serde::name = "search")]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
