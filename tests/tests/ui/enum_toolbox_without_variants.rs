use tool_runtime::toolbox;

#[toolbox]
pub enum Op {}

fn main() {}
