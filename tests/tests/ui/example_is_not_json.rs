use toolc::tool;

/// Search the web.
#[tool(example({query: "rust"}))]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
