//! The whole tool set as one [`Toolbox`](toolc::Toolbox): what the MCP server serves.

use toolc::{Combine, Combined, ComposeError};

use crate::browser::BrowserTools;
use crate::files::FileTools;
use crate::web::WebTools;

/// The file, web and browser tools together, listed in that order.
pub type RooTools = Combined<(FileTools, WebTools, BrowserTools)>;

/// The file system tools (confined to their root), search, fetch and docs lookup, and the browser
/// suite, combined. No two of them share a tool name, which the compiler checks.
pub fn roo_tools(files: FileTools, web: WebTools, browser: BrowserTools) -> Result<RooTools, ComposeError> {
    (files, web, browser).combine()
}
