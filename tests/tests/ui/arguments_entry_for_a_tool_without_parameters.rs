use toolc::tool;

/// Report the time.
///
/// # Arguments
/// * `zone` - The time zone.
#[tool]
pub fn clock() -> String {
    "noon".into()
}

fn main() {}
