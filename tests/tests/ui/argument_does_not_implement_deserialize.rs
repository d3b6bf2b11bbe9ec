use toolc::tool;

pub struct Query(String);

/// Search the web.
#[tool]
pub fn web_search(query: Query) -> String {
    query.0
}

fn main() {}
