use schemars::JsonSchema;
use serde::Deserialize;
use toolc::tool;

#[tool]
#[derive(Deserialize, JsonSchema)]
pub struct ColorPalette {
    pub colors: Vec<String>,
}

fn main() {}
