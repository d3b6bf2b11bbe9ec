use toolc::tool;

/// Search the web.
#[tool]
pub fn web_search(query: String, #[arg(default(5))] limit: u32) -> String {
    format!("{query} {limit}")
}

fn main() {}
