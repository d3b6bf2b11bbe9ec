use schemars::JsonSchema;
use serde::Deserialize;
use toolc::{tool, toolbox};

/// Delete nodes.
#[tool]
#[derive(Deserialize, JsonSchema)]
pub struct DeleteNodes {
    pub ids: Vec<String>,
}

#[toolbox]
pub enum Op {
    DeleteNodes(DeleteNodes),
    Clear,
    Rename { from: String, to: String },
}

fn main() {}
