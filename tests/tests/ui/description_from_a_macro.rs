use toolc::tool;

#[doc = concat!("Search ", "the web.")]
#[tool]
pub fn web_search(query: String) -> String {
    query
}

fn main() {}
