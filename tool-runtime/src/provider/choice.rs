//! [`ToolChoice::render`]: a tool choice checked against the request's tools, then written by the
//! target's provider.

use serde_json::Value;

use super::provider;
use crate::{ChoiceError, ChoiceOptions, Target, ToolChoice, ToolDef};

impl ToolChoice<'_> {
    /// The request fields that say this choice to `target`, with `tools` the request's tools: a JSON
    /// object to merge into the request (`tool_choice` for OpenAI and Anthropic, `toolConfig` for
    /// Gemini). A name `tools` does not list is an error.
    pub fn render(&self, target: Target, tools: &[ToolDef]) -> Result<Value, ChoiceError> {
        self.render_with(target, tools, ChoiceOptions::default())
    }

    /// [`ToolChoice::render`] with [`ChoiceOptions`]: OpenAI's `parallel_tool_calls`, Anthropic's
    /// `disable_parallel_tool_use`. Gemini has no such setting, so asking it is an error.
    pub fn render_with(&self, target: Target, tools: &[ToolDef], options: ChoiceOptions) -> Result<Value, ChoiceError> {
        self.check_names(tools)?;
        provider(target).tool_choice(self, options).map(Value::Object)
    }
}
