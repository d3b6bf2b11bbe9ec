use toolc::tool;

/// A limit.
#[tool]
pub const LIMIT: u32 = 5;

fn main() {}
