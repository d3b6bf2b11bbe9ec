use toolc::tool;

/// Search the web.
///
/// # Arguments
/// * `` - The search query.
#[tool]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
