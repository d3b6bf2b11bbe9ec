use toolc::toolbox;

#[toolbox]
pub struct Calculator {
    pub memory: i64,
}

fn main() {}
