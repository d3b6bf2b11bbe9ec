use toolc::tool;

/// Echo a value.
#[tool]
pub fn echo<T: serde::Serialize>(value: T) -> T {
    value
}

fn main() {}
