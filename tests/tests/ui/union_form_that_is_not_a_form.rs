use schemars::JsonSchema;
use serde::Deserialize;
use toolc::tool;

/// Move the robot.
#[tool(union_form = "nest")]
#[derive(Deserialize, JsonSchema)]
#[serde(tag = "action")]
pub enum Drive {
    /// Stop where it is.
    Stop,
    /// Go somewhere.
    Go { to: String },
}

fn main() {}
