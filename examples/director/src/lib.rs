//! A workflow builder's tools. The model configures nodes ([`nodes`]: a browser action, a browser
//! query, a loop, a router, context operations, a group) and edits the workflow ([`operations`]:
//! add or replace nodes, delete nodes, debug a browser node, manage variables). Every call parses
//! into [`DirectorOp`], so the application gets typed values, never raw JSON.

pub mod nodes;
pub mod operations;

use toolc::toolbox;

use nodes::{BrowserAction, BrowserQuery, Context, Group, Iterate, Route};
use operations::{AddOrReplaceNodes, DebugBrowser, DeleteNodes, ManageVariable};

/// Every call the model can make to the workflow builder.
#[toolbox]
#[derive(Debug, Clone, PartialEq)]
pub enum DirectorOp {
    BrowserAction(BrowserAction),
    BrowserQuery(BrowserQuery),
    Iterate(Iterate),
    Route(Route),
    Context(Context),
    Group(Group),
    AddOrReplaceNodes(AddOrReplaceNodes),
    DeleteNodes(DeleteNodes),
    DebugBrowser(DebugBrowser),
    ManageVariable(ManageVariable),
}
