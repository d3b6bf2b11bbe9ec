use toolc::tool;

/// Search the web.
#[tool(name = "search_the_web_and_return_the_best_matches_for_the_query_given_by_the_user")]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
