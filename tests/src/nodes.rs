//! Config-struct tools and an enum toolbox over them, like a workflow builder's node operations.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};

/// Where new nodes go.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Position {
    /// `"end"`, or the alias of the node to insert after.
    Named(String),
    /// A zero-based position.
    Index(u32),
}

/// A workflow node.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
pub struct Node {
    /// A unique snake_case alias.
    pub alias: String,
    /// The node's type, such as `browser_action`.
    #[serde(rename = "type")]
    pub kind: String,
}

/// Add nodes to the workflow, or replace nodes with the same alias.
#[tool]
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
pub struct AddOrReplaceNodes {
    /// Where to insert.
    pub target: Position,
    /// The nodes, in order.
    pub nodes: Vec<Node>,
}

/// Delete nodes by id or alias.
#[tool(destructive)]
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteNodes {
    /// Ids or aliases of the nodes to delete.
    pub nodes: Vec<String>,
    /// Also delete the nodes' children.
    #[serde(default)]
    pub delete_children: bool,
}

/// Act on the browser page of a workflow.
#[tool(
    name = "browser_action",
    example({"action": "navigate", "url": "https://example.com/{{page}}"}),
    example({"action": "click", "selector": "button[type=submit]"}, "Submit the form")
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "action", rename_all = "camelCase")]
pub enum BrowserAction {
    /// Go to a URL.
    Navigate {
        /// The URL, which may hold `{{variable}}` templates.
        url: String,
    },
    /// Click an element.
    Click {
        /// CSS selector of the element.
        selector: String,
    },
    /// Open a new tab.
    OpenNewTab,
}

/// The operations a model may apply to a workflow.
#[toolbox]
#[derive(Debug, PartialEq)]
pub enum NodeOp {
    AddOrReplaceNodes(AddOrReplaceNodes),
    DeleteNodes(DeleteNodes),
    BrowserAction(BrowserAction),
}
