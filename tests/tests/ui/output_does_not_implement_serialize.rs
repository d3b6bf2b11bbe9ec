use toolc::tool;

pub struct Page {
    pub html: String,
}

/// Fetch a page.
#[tool]
pub fn fetch(url: String) -> Page {
    Page { html: url }
}

fn main() {}
