use toolc::toolbox;

pub struct Calculator;

#[toolbox]
impl Calculator {
    /// Add two numbers.
    #[tool]
    pub fn add(a: i64, b: i64) -> i64 {
        a + b
    }

    /// Add many numbers.
    #[tool(name = "add")]
    pub fn add_all(numbers: Vec<i64>) -> i64 {
        numbers.iter().sum()
    }
}

fn main() {}
