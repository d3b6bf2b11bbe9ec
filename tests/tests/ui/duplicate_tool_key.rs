use toolc::tool;

/// Search the web.
#[tool(name = "search", read_only, name = "find")]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
