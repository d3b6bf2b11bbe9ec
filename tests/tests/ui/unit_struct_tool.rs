use schemars::JsonSchema;
use serde::Deserialize;
use toolc::tool;

/// Take a screenshot.
#[tool]
#[derive(Deserialize, JsonSchema)]
pub struct Screenshot;

fn main() {}
