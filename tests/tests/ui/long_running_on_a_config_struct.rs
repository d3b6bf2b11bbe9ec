use schemars::JsonSchema;
use serde::Deserialize;
use toolc::tool;

/// Colors found in the image.
#[tool(long_running)]
#[derive(Deserialize, JsonSchema)]
pub struct ColorPalette {
    pub colors: Vec<String>,
}

fn main() {}
