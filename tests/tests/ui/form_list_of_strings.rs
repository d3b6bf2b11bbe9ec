use schemars::JsonSchema;
use serde::Deserialize;
use toolc::Form;

/// Tags to add.
#[derive(Deserialize, JsonSchema, Form)]
pub struct Tags {
    pub tags: Vec<String>,
}

fn main() {}
