use toolc::tool;

/// Print something.
#[tool]
pub fn print(value: Box<dyn std::fmt::Display>) -> String {
    value.to_string()
}

fn main() {}
