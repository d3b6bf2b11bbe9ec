use schemars::JsonSchema;
use serde::Deserialize;
use toolc::toolbox;

/// Delete nodes.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteNodes {
    pub ids: Vec<String>,
}

#[toolbox]
pub enum Op {
    DeleteNodes(DeleteNodes),
}

fn main() {}
