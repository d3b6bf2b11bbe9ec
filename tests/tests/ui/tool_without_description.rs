use toolc::tool;

#[tool]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
