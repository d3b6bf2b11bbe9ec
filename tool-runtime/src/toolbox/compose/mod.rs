//! Toolboxes made of toolboxes: several combined into one ([`Combine`]), one narrowed to the tools
//! of a step ([`Toolbox::only`](crate::Toolbox::only), [`Toolbox::except`](crate::Toolbox::except)),
//! and one whose tool names carry a prefix ([`Toolbox::prefixed`](crate::Toolbox::prefixed)). Each
//! is a [`Toolbox`] again, so they nest, render, call, handle and dispatch like any other.

pub(crate) mod combine;
mod error;
mod only;
mod prefixed;

pub use combine::{Combine, Combined};
pub use error::ComposeError;
pub use only::Only;
pub use prefixed::Prefixed;

use crate::{Arguments, CallContext, ToolError, ToolList, ToolOutput, Toolbox};

/// A borrowed toolbox is a toolbox: `(&files, &web).combine()` keeps the members where they are.
impl<T: Toolbox> Toolbox for &T {
    fn tool_list(&self) -> &ToolList {
        (**self).tool_list()
    }

    fn call_arguments(
        &self,
        name: &str,
        arguments: Arguments<'_>,
        context: &CallContext,
    ) -> impl Future<Output = Result<ToolOutput, ToolError>> + Send {
        (**self).call_arguments(name, arguments, context)
    }
}
