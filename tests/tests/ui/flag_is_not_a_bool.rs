use toolc::tool;

/// Search the web.
#[tool(read_only = "yes")]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
