use toolc::tool;

#[derive(Debug)]
pub struct SearchError;

/// Search the web.
#[tool]
pub fn web_search(query: String) -> Result<String, SearchError> {
    Ok(query)
}

fn main() {}
