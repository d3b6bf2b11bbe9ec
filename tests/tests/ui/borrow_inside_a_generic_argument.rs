use toolc::tool;

/// Join words.
#[tool]
pub fn join(words: Vec<&'static str>) -> String {
    words.join(" ")
}

fn main() {}
