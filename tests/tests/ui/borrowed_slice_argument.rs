use toolc::tool;

/// Sum numbers.
#[tool]
pub fn sum(numbers: &[i64]) -> i64 {
    numbers.iter().sum()
}

fn main() {}
