use schemars::JsonSchema;
use serde::Deserialize;
use tool_runtime::tool;

#[tool]
#[derive(Deserialize, JsonSchema)]
pub struct ColorPalette {
    pub colors: Vec<String>,
}

fn main() {}
