use schemars::JsonSchema;
use serde::Deserialize;
use toolc::{tool, toolbox};

/// Delete nodes.
#[tool(name = "delete")]
#[derive(Deserialize, JsonSchema)]
pub struct DeleteNodes {
    pub ids: Vec<String>,
}

/// Delete edges.
#[tool(name = "delete")]
#[derive(Deserialize, JsonSchema)]
pub struct DeleteEdges {
    pub ids: Vec<String>,
}

#[toolbox]
pub enum Op {
    DeleteNodes(DeleteNodes),
    DeleteEdges(DeleteEdges),
}

fn main() {}
