use toolc::tool;

#[tool(nmae = "search", read_only = 1)]
pub fn web_search(query: &str, #[arg(rename = 5)] limit: u32) -> String {
    format!("{query} {limit}")
}

fn main() {}
