use toolc::tool;

/// Greet someone in a region.
#[tool]
pub fn greet(#[arg(header = "Region Name")] region: String, name: String) -> String {
    format!("{name} {region}")
}

fn main() {}
