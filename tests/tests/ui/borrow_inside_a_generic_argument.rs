use tool_runtime::tool;

/// Join words.
#[tool]
pub fn join(words: Vec<&'static str>) -> String {
    words.join(" ")
}

fn main() {}
