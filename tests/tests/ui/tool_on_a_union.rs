use toolc::tool;

/// Bits.
#[tool]
pub union Bits {
    int: u32,
    float: f32,
}

fn main() {}
