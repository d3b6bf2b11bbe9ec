use toolc::tool;

pub struct Calculator;

#[tool]
impl Calculator {
    /// Add two numbers.
    pub fn add(a: i64, b: i64) -> i64 {
        a + b
    }
}

fn main() {}
