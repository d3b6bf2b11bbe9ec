use toolc::tool;

/// Search the web.
///
/// # Arguments
/// * `query` - The search query.
/// * `query` - What to look for.
#[tool]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
