//! [`ToolChoice`]: which tools a model may or must call, and whether it may call several at once.
//! Each provider writes it in its own request fields (its folder's `choice`).

use std::fmt;

use crate::error::suggest;
use crate::{Target, ToolDef};

/// Which tools the model may or must call.
///
/// [`ToolChoice::render`] writes it as the request fields of a target, checking each name against
/// the tools the request lists:
///
/// ```
/// use serde_json::json;
/// use toolc::{ChoiceOptions, Target, ToolChoice, ToolDef};
///
/// let tools = [ToolDef::new("extract_colors", "Colors found in the image.", json!({"type": "object"}))];
/// let fields = ToolChoice::Tool("extract_colors").render(Target::Anthropic, &tools).unwrap();
/// assert_eq!(fields, json!({"tool_choice": {"type": "tool", "name": "extract_colors"}}));
///
/// let sequential = ChoiceOptions::default().parallel_calls(false);
/// let fields = ToolChoice::Required.render_with(Target::OpenAi, &tools, sequential).unwrap();
/// assert_eq!(fields, json!({"tool_choice": "required", "parallel_tool_calls": false}));
///
/// let err = ToolChoice::Tool("extract_color").render(Target::Gemini, &tools).unwrap_err();
/// assert!(err.to_string().contains("did you mean `extract_colors`?"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolChoice<'a> {
    /// The model decides whether to call tools (every provider's default).
    Auto,
    /// The model calls no tool.
    None,
    /// The model calls at least one tool.
    Required,
    /// The model calls this tool.
    Tool(&'a str),
    /// The model may call only these tools; with `required`, it must call one of them.
    Allowed {
        /// The tools it may call.
        tools: &'a [&'a str],
        /// Whether it must call one.
        required: bool,
    },
}

/// Choices about tool calls beside [`ToolChoice`].
///
/// ```
/// use toolc::ChoiceOptions;
///
/// assert_eq!(ChoiceOptions::default().parallel_calls, None, "the provider's default");
/// assert_eq!(ChoiceOptions::default().parallel_calls(false).parallel_calls, Some(false));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ChoiceOptions {
    /// Whether the model may make several tool calls in one response: `None` leaves the provider's
    /// default (on, for all of them).
    pub parallel_calls: Option<bool>,
}

impl ChoiceOptions {
    /// Sets [`ChoiceOptions::parallel_calls`].
    pub fn parallel_calls(mut self, parallel: bool) -> Self {
        self.parallel_calls = Some(parallel);
        self
    }
}

/// Why a [`ToolChoice`] cannot be written for a target.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChoiceError {
    /// The choice names a tool the request does not list.
    UnknownTool {
        /// The name.
        name: String,
        /// The tools the request lists.
        available: Vec<String>,
    },
    /// The choice asks for a call no tool can answer.
    Empty(&'static str),
    /// The target has no way to say it.
    Unsupported {
        /// The target.
        target: Target,
        /// What cannot be said, and what to do instead.
        reason: &'static str,
    },
}

impl fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceError::UnknownTool { name, available } => {
                write!(f, "the tool choice names `{name}`, which the request's tools do not list")?;
                suggest(f, name, available)?;
                if available.is_empty() {
                    f.write_str(" The request lists no tools.")
                } else {
                    write!(f, " The tools: {}.", available.join(", "))
                }
            }
            ChoiceError::Empty(reason) => f.write_str(reason),
            ChoiceError::Unsupported { target, reason } => write!(f, "{target}: {reason}"),
        }
    }
}

impl std::error::Error for ChoiceError {}

impl ToolChoice<'_> {
    /// Every name the choice gives is one of `tools`, and a choice that asks for a call can get one.
    pub(crate) fn check_names(&self, tools: &[ToolDef]) -> Result<(), ChoiceError> {
        let names: &[&str] = match self {
            ToolChoice::Tool(name) => std::slice::from_ref(name),
            ToolChoice::Allowed { tools: [], .. } => {
                return Err(ChoiceError::Empty("`ToolChoice::Allowed` names no tools; name at least one"));
            }
            ToolChoice::Allowed { tools, .. } => tools,
            ToolChoice::Required if tools.is_empty() => {
                return Err(ChoiceError::Empty(
                    "`ToolChoice::Required` asks for a call, but the request lists no tools",
                ));
            }
            ToolChoice::Auto | ToolChoice::None | ToolChoice::Required => &[],
        };
        match names.iter().find(|name| !tools.iter().any(|tool| tool.name == **name)) {
            Some(name) => Err(ChoiceError::UnknownTool {
                name: (*name).to_owned(),
                available: tools.iter().map(|tool| tool.name.to_string()).collect(),
            }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn tools() -> Vec<ToolDef> {
        ["navigate", "read_page"].map(|name| ToolDef::new(name, "A tool.", json!({"type": "object"}))).to_vec()
    }

    #[test]
    fn a_name_the_request_does_not_list_is_refused_with_a_suggestion() {
        let err = ToolChoice::Allowed { tools: &["navigate", "read_pages"], required: true }
            .render(Target::OpenAi, &tools())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the tool choice names `read_pages`, which the request's tools do not list; did you mean `read_page`? \
             The tools: navigate, read_page."
        );
        let err = ToolChoice::Tool("navigate").render(Target::Anthropic, &[]).unwrap_err();
        assert!(err.to_string().ends_with("The request lists no tools."), "{err}");
    }

    #[test]
    fn a_call_that_cannot_be_made_is_refused() {
        let err = ToolChoice::Required.render(Target::Gemini, &[]).unwrap_err();
        assert_eq!(err.to_string(), "`ToolChoice::Required` asks for a call, but the request lists no tools");
        let err = ToolChoice::Allowed { tools: &[], required: false }.render(Target::OpenAi, &tools()).unwrap_err();
        assert_eq!(err, ChoiceError::Empty("`ToolChoice::Allowed` names no tools; name at least one"));
        assert_eq!(ToolChoice::None.render(Target::Anthropic, &[]).unwrap(), json!({"tool_choice": {"type": "none"}}));
    }

    #[test]
    fn a_subset_is_said_the_way_each_provider_can() {
        let subset = ToolChoice::Allowed { tools: &["read_page"], required: false };
        assert_eq!(
            subset.render(Target::Gemini, &tools()).unwrap(),
            json!({"toolConfig": {"functionCallingConfig": {"mode": "VALIDATED", "allowedFunctionNames": ["read_page"]}}})
        );
        assert_eq!(
            subset.render(Target::OpenAiResponses, &tools()).unwrap(),
            json!({"tool_choice": {"type": "allowed_tools", "mode": "auto", "tools": [{"type": "function", "name": "read_page"}]}})
        );
        let err = subset.render(Target::Anthropic, &tools()).unwrap_err();
        assert!(err.to_string().starts_with("anthropic: Anthropic's `tool_choice` cannot name a subset"), "{err}");
        assert!(err.to_string().contains("toolbox.only([...])"), "{err}");
        let sequential = ChoiceOptions::default().parallel_calls(false);
        let err = ToolChoice::Auto.render_with(Target::Gemini, &tools(), sequential).unwrap_err();
        assert!(err.to_string().contains("no setting for parallel function calls"), "{err}");
        assert_eq!(
            ToolChoice::None.render_with(Target::Anthropic, &tools(), sequential).unwrap(),
            json!({"tool_choice": {"type": "none"}}),
            "`none` takes no other field"
        );
    }
}
