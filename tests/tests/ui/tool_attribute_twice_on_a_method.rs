use toolc::toolbox;

pub struct Calculator;

#[toolbox]
impl Calculator {
    /// Add two numbers.
    #[tool(name = "add")]
    #[tool(read_only)]
    pub fn add(a: i64, b: i64) -> i64 {
        a + b
    }
}

fn main() {}
