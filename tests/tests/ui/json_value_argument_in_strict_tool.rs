use toolc::tool;

/// Store any JSON.
#[tool]
pub fn store(document: Vec<serde_json::Value>) -> usize {
    document.len()
}

fn main() {}
