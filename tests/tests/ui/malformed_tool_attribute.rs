use toolc::tool;

/// Search the web.
#[tool(name: "search")]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
