use toolc::tool;

/// Search the web.
#[tool]
pub fn web_search(#[arg] query: String) -> String {
    query
}

fn main() {}
