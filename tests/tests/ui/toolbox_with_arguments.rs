use toolc::toolbox;

pub struct Calculator;

#[toolbox(name = "calc")]
impl Calculator {
    /// Add two numbers.
    #[tool]
    pub fn add(a: i64, b: i64) -> i64 {
        a + b
    }
}

fn main() {}
