//! [`Only`]: a toolbox narrowed to some of its tools, for one step of an agent.

use super::ComposeError;
use crate::{Arguments, CallContext, ToolDef, ToolError, ToolList, ToolOutput, Toolbox};

/// A toolbox narrowed to some of its tools, made by [`Toolbox::only`] or [`Toolbox::except`].
///
/// It lists, renders (once, then kept) and calls those tools alone; a call of any other is answered
/// as an unknown tool, with the allowed ones listed for the model.
pub struct Only<'a, T> {
    inner: &'a T,
    list: ToolList,
}

impl<T> std::fmt::Debug for Only<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Only").field(&self.list).finish()
    }
}

impl<'a, T: Toolbox> Only<'a, T> {
    /// The tools of `inner` that `keep` says to keep; every name in `names` must be one of them.
    pub(crate) fn new<S: AsRef<str>>(
        inner: &'a T,
        names: impl IntoIterator<Item = S>,
        keep_named: bool,
    ) -> Result<Self, ComposeError> {
        let tools = inner.tools();
        let mut named = vec![false; tools.len()];
        for name in names {
            let name = name.as_ref();
            match tools.iter().position(|tool| tool.name == name) {
                Some(index) => named[index] = true,
                None => {
                    return Err(ComposeError::UnknownName {
                        name: name.to_owned(),
                        available: tools.iter().map(|tool| tool.name.to_string()).collect(),
                    });
                }
            }
        }
        let kept: Vec<ToolDef> =
            tools.iter().zip(named).filter(|(_, named)| *named == keep_named).map(|(tool, _)| tool.clone()).collect();
        Ok(Only { inner, list: ToolList::new(kept) })
    }

    fn allows(&self, name: &str) -> Result<(), ToolError> {
        let tools = self.list.tools();
        if tools.iter().any(|tool| tool.name == name) {
            Ok(())
        } else {
            Err(ToolError::unknown_tool(name, tools.iter().map(|tool| &*tool.name)))
        }
    }
}

impl<T: Toolbox> Toolbox for Only<'_, T> {
    fn tool_list(&self) -> &ToolList {
        &self.list
    }

    async fn call_arguments(
        &self,
        name: &str,
        arguments: Arguments<'_>,
        context: &CallContext,
    ) -> Result<ToolOutput, ToolError> {
        self.allows(name)?;
        self.inner.call_arguments(name, arguments, context).await
    }
}
