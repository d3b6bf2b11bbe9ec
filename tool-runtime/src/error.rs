//! [`ToolError`]: what goes wrong in a tool call, worded for the model that made it.

use std::borrow::Cow;
use std::fmt;

use toolc_names::did_you_mean;

/// Why a tool call produced no output.
///
/// Its `Display` is the text the model receives as the tool result, so it says what to change:
///
/// ```
/// use toolc::ToolError;
///
/// let err = ToolError::unknown_tool("web_serch", ["web_search", "fetch_page"]);
/// assert_eq!(
///     err.to_string(),
///     "unknown tool `web_serch`; did you mean `web_search`? Available tools: web_search, fetch_page."
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ToolError {
    /// No tool has this name.
    UnknownTool {
        /// The name the call used.
        name: String,
        /// The names that exist, in the order the toolbox lists them.
        available: Vec<String>,
    },
    /// The arguments are not valid JSON, or do not fit the tool's parameters.
    InvalidArguments {
        /// The tool that was called.
        tool: Cow<'static, str>,
        /// Every problem found.
        problems: Vec<ArgumentProblem>,
    },
    /// The tool ran and returned an error.
    Failed {
        /// The tool that was called.
        tool: Cow<'static, str>,
        /// The error's `Display` text.
        message: String,
    },
    /// The tool panicked.
    Panicked {
        /// The tool that was called.
        tool: Cow<'static, str>,
        /// The panic payload, when it was a string.
        message: String,
    },
}

/// One thing wrong with a call's arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ArgumentProblem {
    /// JSON Pointer (RFC 6901) to the offending value; empty for the arguments object itself.
    pub pointer: String,
    /// What is wrong, with what was expected and what arrived.
    pub message: String,
}

impl ArgumentProblem {
    /// A problem at `pointer`.
    pub fn new(pointer: impl Into<String>, message: impl Into<String>) -> Self {
        ArgumentProblem { pointer: pointer.into(), message: message.into() }
    }
}

impl ToolError {
    /// An [`ToolError::UnknownTool`] for `name`, given the names that exist.
    pub fn unknown_tool<S: AsRef<str>>(name: &str, available: impl IntoIterator<Item = S>) -> Self {
        ToolError::UnknownTool {
            name: name.to_owned(),
            available: available.into_iter().map(|s| s.as_ref().to_owned()).collect(),
        }
    }

    /// The name of the tool the error is about (for an unknown tool, the name that was called).
    pub fn tool(&self) -> &str {
        match self {
            ToolError::UnknownTool { name, .. } => name,
            ToolError::InvalidArguments { tool, .. }
            | ToolError::Failed { tool, .. }
            | ToolError::Panicked { tool, .. } => tool,
        }
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::UnknownTool { name, available } => {
                write!(f, "unknown tool `{name}`")?;
                suggest(f, name, available)?;
                if available.is_empty() {
                    f.write_str(" No tools are available.")
                } else {
                    write!(f, " Available tools: {}.", available.join(", "))
                }
            }
            ToolError::InvalidArguments { tool, problems } => {
                write!(f, "invalid arguments for tool `{tool}`:")?;
                for problem in problems {
                    let at = if problem.pointer.is_empty() { "(root)" } else { &problem.pointer };
                    // One line a problem: a field name the model sent may hold a line break.
                    write!(f, "\n- at {}: {}", one_line(at), one_line(&problem.message))?;
                }
                write!(f, "\nFix the arguments and call `{tool}` again.")
            }
            ToolError::Failed { tool, message } => write!(f, "tool `{tool}` failed: {message}"),
            ToolError::Panicked { tool, message } => write!(f, "tool `{tool}` panicked: {message}"),
        }
    }
}

impl std::error::Error for ToolError {}

/// Ends a sentence about the unknown `name`: `; did you mean `…`?` when one of `available` is close,
/// `.` otherwise.
pub(crate) fn suggest(f: &mut fmt::Formatter<'_>, name: &str, available: &[String]) -> fmt::Result {
    match did_you_mean(name, available.iter().map(String::as_str)) {
        Some(close) => write!(f, "; did you mean `{close}`?"),
        None => f.write_str("."),
    }
}

/// `text` on one line: its control characters (line breaks among them) written as escapes.
fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let escaped = text.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() });
    std::borrow::Cow::Owned(escaped.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_arguments_list_every_problem_with_its_pointer() {
        let err = ToolError::InvalidArguments {
            tool: "web_search".into(),
            problems: vec![
                ArgumentProblem::new("", "missing field `query`"),
                ArgumentProblem::new("/num_results", "invalid type: string \"five\", expected u32"),
            ],
        };
        assert_eq!(
            err.to_string(),
            "invalid arguments for tool `web_search`:\n\
             - at (root): missing field `query`\n\
             - at /num_results: invalid type: string \"five\", expected u32\n\
             Fix the arguments and call `web_search` again."
        );
    }

    #[test]
    fn unknown_tool_without_a_close_name_only_lists_the_tools() {
        let err = ToolError::unknown_tool("delete_everything", ["add", "sub"]);
        assert_eq!(err.to_string(), "unknown tool `delete_everything`. Available tools: add, sub.");
        assert_eq!(err.tool(), "delete_everything");
    }
}
