use toolc::toolbox;

#[toolbox]
pub enum Op {}

fn main() {}
