use toolc::tool;

/// Greet someone in a region, in a language.
#[tool]
pub fn greet(#[arg(header = "Region")] region: String, #[arg(header = "region")] language: String) -> String {
    format!("{language} {region}")
}

fn main() {}
