//! Operations on the workflow.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::tool;

/// Where new nodes go.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum InsertAt {
    /// A position from 0.
    Position(u32),
    /// `"end"`, or the alias of the node to insert after.
    After(String),
}

/// The kinds of node.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NodeType {
    BrowserAction,
    BrowserQuery,
    Iterate,
    Route,
    Context,
    Group,
}

/// A node to add.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewNode {
    /// A unique snake_case alias, by which other nodes and later calls refer to it.
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]*$"), length(max = 64))]
    pub alias: String,
    /// What kind of node it is; configure it next with the tool of that name.
    #[serde(rename = "type")]
    pub node_type: NodeType,
    /// What it is for, in a few words.
    pub description: Option<String>,
}

/// Add nodes to the workflow, or replace the nodes that have the same aliases.
#[tool(
    name = "add_or_replace_nodes",
    example({"target": "end", "nodes": [{"alias": "open_search", "type": "browser_action"}]})
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddOrReplaceNodes {
    /// Where to insert: `"end"`, a position from 0, or the alias of the node to insert after.
    pub target: InsertAt,
    /// The nodes, in order.
    #[schemars(length(min = 1))]
    pub nodes: Vec<NewNode>,
}

/// Delete nodes by id or alias.
#[tool(name = "delete_nodes", destructive)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DeleteNodes {
    /// Ids or aliases of the nodes to delete.
    #[schemars(length(min = 1))]
    pub nodes: Vec<String>,
    /// Rewire the nodes that pointed at the deleted ones.
    #[serde(default)]
    pub handle_dependencies: bool,
    /// Also delete the nodes inside deleted groups and loops.
    #[serde(default)]
    pub delete_children: bool,
    /// Only report what would be deleted.
    #[serde(default)]
    pub dry_run: bool,
}

/// Run a browser node alone and report what the page looked like.
#[tool(name = "debug_browser", read_only)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DebugBrowser {
    /// The alias of the node to run.
    pub node: String,
    /// Include a screenshot.
    #[serde(default)]
    pub screenshot: bool,
}

/// Define, change or remove workflow variables.
#[tool(name = "manage_variable")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "operation", rename_all = "camelCase")]
pub enum ManageVariable {
    /// Define a variable with a default value.
    Define {
        /// The variable's name.
        name: String,
        /// Its default value.
        default_value: Option<String>,
    },
    /// Remove a variable.
    Remove {
        /// The variable's name.
        name: String,
    },
    /// List the variables.
    List,
}
