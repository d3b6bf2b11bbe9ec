use schemars::JsonSchema;
use serde::Deserialize;
use toolc::tool;

/// A list.
#[tool]
#[derive(Deserialize, JsonSchema)]
pub struct Items<T> {
    pub items: Vec<T>,
}

fn main() {}
