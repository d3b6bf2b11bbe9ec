//! [`ComposeError`]: why toolboxes cannot be combined, narrowed or prefixed as asked.

use std::fmt;

use toolc_names::PORTABLE_TOOL_NAME;

use crate::error::suggest;

/// Why a combined, narrowed or prefixed toolbox cannot be made. Its `Display` says what to change.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ComposeError {
    /// Two members of a combination have a tool of the same name.
    SharedName {
        /// The tool name.
        name: String,
        /// The two members (position from 0, and type), in order.
        members: [(usize, &'static str); 2],
    },
    /// A name given to [`Toolbox::only`](crate::Toolbox::only) or
    /// [`Toolbox::except`](crate::Toolbox::except) is not a tool of the toolbox.
    UnknownName {
        /// The name given.
        name: String,
        /// The toolbox's tools.
        available: Vec<String>,
    },
    /// A prefixed name is not one every provider accepts.
    InvalidName {
        /// The prefixed name.
        name: String,
    },
}

impl fmt::Display for ComposeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComposeError::SharedName { name, members: [(first, first_type), (second, second_type)] } => write!(
                f,
                "members {first} (`{first_type}`) and {second} (`{second_type}`) both have a tool named `{name}`; \
                 give one a prefix with `.prefixed(\"…_\")` or leave the tool out of one with `.except([\"{name}\"])`"
            ),
            ComposeError::UnknownName { name, available } => {
                write!(f, "no tool is named `{name}`")?;
                suggest(f, name, available)?;
                write!(f, " The tools: {}.", available.join(", "))
            }
            ComposeError::InvalidName { name } => write!(
                f,
                "the prefixed tool name `{name}` ({} characters) is not one every provider accepts: \
                 names must match {PORTABLE_TOOL_NAME}; choose a shorter prefix of letters, digits, `_` or `-`",
                name.chars().count()
            ),
        }
    }
}

impl std::error::Error for ComposeError {}
