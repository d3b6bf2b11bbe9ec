use toolc::tool;

/// Search the web.
#[tool]
pub fn web_search(#[arg(rename = "q")] #[arg(default)] query: String) -> String {
    query
}

fn main() {}
