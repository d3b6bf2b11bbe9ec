use toolc::tool;

/// Search the web.
#[tool(union_form = "nested")]
fn search(query: String) -> String {
    query
}

fn main() {}
