use schemars::JsonSchema;
use serde::Deserialize;
use tool_runtime::Form;

/// How to pay.
#[derive(Deserialize, JsonSchema, Form)]
pub enum Payment {
    Cash,
    Card { number: String },
}

fn main() {}
