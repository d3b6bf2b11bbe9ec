use toolc::tool;

/// Search the web.
#[tool(name = "web search")]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
