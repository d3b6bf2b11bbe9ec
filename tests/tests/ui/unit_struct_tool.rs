use schemars::JsonSchema;
use serde::Deserialize;
use tool_runtime::tool;

/// Take a screenshot.
#[tool]
#[derive(Deserialize, JsonSchema)]
pub struct Screenshot;

fn main() {}
