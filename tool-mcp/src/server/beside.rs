//! What a server answers beside its tools: the handler it was handed, whose capabilities are
//! declared with the tools' ([`declared`]), or nothing else ([`ToolsAlone`]).

use rmcp::ServerHandler;
use rmcp::model::{ServerCapabilities, ServerConfig, TASKS_EXTENSION_ID};

/// The capabilities a server declares: everything the handler beside the tools declares
/// (resources, prompts, completions, extensions such as skills, experimental ones, and whatever
/// rmcp adds), with the tools' own — tools, logging, and tasks, which are the tools' calls — in
/// place of any the handler set for them.
pub(super) fn declared(beside: ServerCapabilities, tools: ServerCapabilities) -> ServerCapabilities {
    let mut declared = beside;
    declared.tools = tools.tools;
    declared.logging = tools.logging;
    let tasks = tools.extensions.as_ref().and_then(|extensions| extensions.get(TASKS_EXTENSION_ID)).cloned();
    if let Some(extensions) = &mut declared.extensions {
        extensions.remove(TASKS_EXTENSION_ID);
    }
    if let Some(tasks) = tasks {
        declared.extensions.get_or_insert_with(Default::default).insert(TASKS_EXTENSION_ID.to_owned(), tasks);
    }
    if declared.extensions.as_ref().is_some_and(|extensions| extensions.is_empty()) {
        declared.extensions = None;
    }
    declared
}

/// The handler of a server that serves tools alone: it declares no resources, prompts or
/// completions, so rmcp answers their methods "method not found". Hand a server another with
/// [`McpServer::beside`](crate::McpServer::beside).
#[derive(Debug, Clone, Copy, Default)]
pub struct ToolsAlone;

impl ServerHandler for ToolsAlone {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_handlers_capabilities_are_declared_with_the_tools_own() {
        let beside = ServerCapabilities::builder()
            .enable_resources()
            .enable_prompts()
            .enable_completions()
            .enable_skills_with_directory_read()
            .enable_tasks()
            .build();
        let mut tools = ServerCapabilities::builder().enable_tools().build();
        tools.logging = Some(Default::default());
        let both = declared(beside, tools);
        assert!(both.tools.is_some() && both.logging.is_some());
        assert!(both.resources.is_some() && both.prompts.is_some() && both.completions.is_some());
        assert!(both.supports_directory_read(), "an extension of the handler is declared");
        assert!(!both.supports_tasks(), "tasks are the tools' calls: declared only when the tools run long");

        let alone = declared(
            ServerCapabilities::default(),
            ServerCapabilities::builder().enable_tools().enable_tasks().build(),
        );
        assert!(alone.supports_tasks() && alone.resources.is_none() && !alone.supports_skills());
        let plain = declared(
            ServerCapabilities::builder().enable_tasks().build(),
            ServerCapabilities::builder().enable_tools().build(),
        );
        assert_eq!(plain.extensions, None, "no empty extensions object");
    }
}
