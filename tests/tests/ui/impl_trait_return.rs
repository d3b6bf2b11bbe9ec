use toolc::tool;

/// Print something.
#[tool]
pub fn print(value: String) -> impl serde::Serialize {
    value
}

fn main() {}
