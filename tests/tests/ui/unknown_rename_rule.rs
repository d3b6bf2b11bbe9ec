use toolc::tool;

/// Search the web.
#[tool(rename_all = "camelcase")]
pub fn web_search(search_query: String) -> String {
    search_query
}

fn main() {}
