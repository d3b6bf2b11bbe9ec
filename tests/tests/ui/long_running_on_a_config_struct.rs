use schemars::JsonSchema;
use serde::Deserialize;
use tool_runtime::tool;

/// Colors found in the image.
#[tool(long_running)]
#[derive(Deserialize, JsonSchema)]
pub struct ColorPalette {
    pub colors: Vec<String>,
}

fn main() {}
