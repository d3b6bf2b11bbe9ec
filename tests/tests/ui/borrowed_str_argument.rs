use toolc::tool;

/// Search the web.
#[tool]
pub fn web_search(query: &str) -> String {
    query.to_owned()
}

fn main() {}
