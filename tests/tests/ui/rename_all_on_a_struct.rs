use schemars::JsonSchema;
use serde::Deserialize;
use toolc::tool;

/// Colors found in the image.
#[tool(rename_all = "camelCase")]
#[derive(Deserialize, JsonSchema)]
pub struct ColorPalette {
    pub hex_colors: Vec<String>,
}

fn main() {}
