use toolc::tool;

/// Search the web.
#[tool(nmae = "search")]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
