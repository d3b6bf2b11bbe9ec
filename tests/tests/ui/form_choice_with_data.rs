use schemars::JsonSchema;
use serde::Deserialize;
use toolc::Form;

/// How to pay.
#[derive(Deserialize, JsonSchema, Form)]
pub enum Payment {
    Cash,
    Card { number: String },
}

fn main() {}
