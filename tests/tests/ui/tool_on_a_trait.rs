use toolc::tool;

/// Search the web.
#[tool]
pub trait Search {
    fn search(&self, query: String) -> String;
}

fn main() {}
