use schemars::JsonSchema;
use serde::Deserialize;
use toolc::Form;

/// Where to ship.
#[derive(Deserialize, JsonSchema)]
pub struct Address {
    pub street: String,
}

/// The order's details.
#[derive(Deserialize, JsonSchema, Form)]
pub struct Order {
    pub quantity: u32,
    pub address: Address,
}

fn main() {}
