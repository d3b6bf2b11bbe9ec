use toolc::tool;

/// Search the web.
#[tool]
pub fn web_search(#[arg(renam = "q")] query: String) -> String {
    query
}

fn main() {}
