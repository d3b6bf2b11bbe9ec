use std::collections::HashMap;

use toolc::tool;

/// Label the page.
#[tool]
pub fn label(labels: HashMap<String, String>, note: Option<String>) -> usize {
    labels.len() + note.map_or(0, |_| 1)
}

fn main() {}
