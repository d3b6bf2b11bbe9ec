use schemars::JsonSchema;
use serde::Deserialize;
use toolc::tool;

/// A point.
#[tool]
#[derive(Deserialize, JsonSchema)]
pub struct Point(pub f64, pub f64);

fn main() {}
