use toolc::tool;

/// Search the web.
///
/// # Arguments
/// The query to search for.
#[tool]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
