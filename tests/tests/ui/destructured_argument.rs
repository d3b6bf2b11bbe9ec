use toolc::tool;

/// Add a pair.
#[tool]
pub fn add((a, b): (i64, i64)) -> i64 {
    a + b
}

fn main() {}
