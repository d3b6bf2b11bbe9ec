//! [`Prefixed`]: a toolbox whose tool names carry a prefix, so that two toolboxes with a tool of the
//! same name can be combined.

use std::borrow::Cow;

use toolc_names::is_portable_tool_name;

use super::ComposeError;
use crate::{Arguments, CallContext, ToolError, ToolList, ToolOutput, Toolbox};

/// A toolbox whose tools are listed and called as `prefix` + their name, made by
/// [`Toolbox::prefixed`]. Errors the model reads name the tool as it called it.
pub struct Prefixed<T> {
    inner: T,
    prefix: String,
    list: ToolList,
}

impl<T> std::fmt::Debug for Prefixed<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Prefixed").field(&self.list).finish()
    }
}

impl<T: Toolbox> Prefixed<T> {
    /// `inner` with `prefix` before each tool name; every prefixed name must be one every provider
    /// accepts.
    pub(crate) fn new(inner: T, prefix: &str) -> Result<Self, ComposeError> {
        let mut tools = Vec::with_capacity(inner.tools().len());
        for tool in inner.tools() {
            let name = format!("{prefix}{}", tool.name);
            if !is_portable_tool_name(&name) {
                return Err(ComposeError::InvalidName { name });
            }
            let mut tool = tool.clone();
            tool.name = Cow::Owned(name);
            tools.push(tool);
        }
        Ok(Prefixed { inner, prefix: prefix.to_owned(), list: ToolList::new(tools) })
    }

    /// The toolbox's own name for `name`, or the error for a name it does not list.
    fn unprefixed<'n>(&self, name: &'n str) -> Result<&'n str, ToolError> {
        match name.strip_prefix(self.prefix.as_str()) {
            Some(own) if self.list.tools().iter().any(|tool| tool.name == name) => Ok(own),
            _ => Err(ToolError::unknown_tool(name, self.list.tools().iter().map(|tool| &*tool.name))),
        }
    }
}

/// The error of the inner toolbox, naming the tool as the model called it.
fn as_called(err: ToolError, name: &str) -> ToolError {
    let called = Cow::Owned(name.to_owned());
    match err {
        ToolError::InvalidArguments { problems, .. } => ToolError::InvalidArguments { tool: called, problems },
        ToolError::Failed { message, .. } => ToolError::Failed { tool: called, message },
        ToolError::Panicked { message, .. } => ToolError::Panicked { tool: called, message },
        other => other,
    }
}

impl<T: Toolbox> Toolbox for Prefixed<T> {
    fn tool_list(&self) -> &ToolList {
        &self.list
    }

    async fn call_arguments(
        &self,
        name: &str,
        arguments: Arguments<'_>,
        context: &CallContext,
    ) -> Result<ToolOutput, ToolError> {
        let own = self.unprefixed(name)?;
        self.inner.call_arguments(own, arguments, context).await.map_err(|err| as_called(err, name))
    }
}
