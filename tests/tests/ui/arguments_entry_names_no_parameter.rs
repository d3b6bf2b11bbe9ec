use toolc::tool;

/// Search the web.
///
/// # Arguments
/// * `qurey` - The search query.
/// * `limit` - How many results.
#[tool]
pub fn web_search(query: String, num_results: u32) -> String {
    format!("{query} {num_results}")
}

fn main() {}
