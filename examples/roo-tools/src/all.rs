//! The whole tool set as one [`Toolbox`]: what the MCP server serves.

use std::sync::OnceLock;

use serde_json::Value;
use tool_runtime::{Arguments, CallContext, ToolDef, ToolError, Toolbox};

use crate::browser::BrowserTools;
use crate::files::FileTools;
use crate::web::WebTools;

/// The file, web and browser tools together, listed by name as `toolc export` lists them.
pub struct RooTools {
    /// The file system tools, confined to their root.
    pub files: FileTools,
    /// Search, fetch and docs lookup.
    pub web: WebTools,
    /// The browser suite.
    pub browser: BrowserTools,
}

fn has(tools: &[ToolDef], name: &str) -> bool {
    tools.iter().any(|tool| tool.name == name)
}

impl Toolbox for RooTools {
    fn tools() -> &'static [ToolDef] {
        static TOOLS: OnceLock<Vec<ToolDef>> = OnceLock::new();
        TOOLS.get_or_init(|| {
            let mut all: Vec<ToolDef> = [FileTools::tools(), WebTools::tools(), BrowserTools::tools()].concat();
            all.sort_by(|a, b| a.name.cmp(&b.name));
            all
        })
    }

    async fn call(&self, name: &str, arguments: &str) -> Result<Value, ToolError> {
        self.call_arguments(name, Arguments::Text(arguments), CallContext::detached()).await
    }

    async fn call_with(&self, name: &str, arguments: &str, context: &CallContext) -> Result<Value, ToolError> {
        self.call_arguments(name, Arguments::Text(arguments), context).await
    }

    async fn call_arguments(
        &self,
        name: &str,
        arguments: Arguments<'_>,
        context: &CallContext,
    ) -> Result<Value, ToolError> {
        if has(FileTools::tools(), name) {
            self.files.call_arguments(name, arguments, context).await
        } else if has(WebTools::tools(), name) {
            self.web.call_arguments(name, arguments, context).await
        } else if has(BrowserTools::tools(), name) {
            self.browser.call_arguments(name, arguments, context).await
        } else {
            Err(ToolError::unknown_tool(name, Self::tools().iter().map(|tool| &*tool.name)))
        }
    }
}
