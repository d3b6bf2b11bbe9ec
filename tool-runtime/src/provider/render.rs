//! Rendering through the provider table: a tool's entry ([`ToolDef::render`]), its answer format
//! ([`ToolDef::response_format`]), a request's `tools` field ([`render_tools`]), and its tool choice
//! ([`ToolChoice::render`]: checked against the request's tools, then written by the target's
//! provider).

use serde_json::Value;

use super::provider;
use crate::passes::headers;
use crate::passes::report::{Lowering, LoweringReport, RenderError, Rendered};
use crate::{ChoiceError, ChoiceOptions, RenderOptions, Target, ToolChoice, ToolDef};

impl ToolDef {
    /// This tool's entry in the target's `tools` list, with the lowering report; or what the target
    /// cannot express, naming the tool, the path and the rule.
    ///
    /// ```
    /// use toolc::{tool, Target, Tool};
    ///
    /// /// Search the web.
    /// ///
    /// /// # Arguments
    /// /// * `query` - What to look for.
    /// /// * `limit` - How many results.
    /// #[tool]
    /// fn search(query: String, limit: Option<u32>) -> Vec<String> {
    ///     vec![query; limit.unwrap_or(1) as usize]
    /// }
    ///
    /// let openai = SearchTool::definition().render(Target::OpenAi).unwrap();
    /// let parameters = &openai.value["function"]["parameters"];
    /// assert_eq!(parameters["required"], serde_json::json!(["limit", "query"]), "strict: all required");
    /// assert_eq!(parameters["properties"]["limit"]["type"], serde_json::json!(["integer", "null"]));
    /// assert!(openai.report.changes.iter().any(|change| change.path.ends_with("/limit")));
    /// ```
    pub fn render(&self, target: Target) -> Result<Rendered, RenderError> {
        self.render_with(target, &RenderOptions::default())
    }

    /// This tool's arguments as the model's answer format (structured output), so a config struct
    /// can be what the model answers with:
    ///
    /// | target | the value of |
    /// | --- | --- |
    /// | `openai` | `response_format` |
    /// | `openai-responses` | `text.format` |
    /// | `anthropic` | `output_config.format` (always the strict subset) |
    /// | `gemini` | `generationConfig.responseSchema` (`responseJsonSchema` with the option) |
    /// | `json-schema` | the schema, with `$schema` |
    ///
    /// MCP has no answer format of its own: an error.
    ///
    /// ```
    /// use serde::Deserialize;
    /// use schemars::JsonSchema;
    /// use toolc::{tool, Target, Tool};
    ///
    /// /// Colors found in the image.
    /// #[tool(name = "extract_colors")]
    /// #[derive(Deserialize, JsonSchema)]
    /// struct ColorPalette {
    ///     /// Hex codes.
    ///     colors: Vec<String>,
    ///     confidence: f64,
    /// }
    ///
    /// let format = ColorPalette::definition().response_format(Target::OpenAi).unwrap().value;
    /// assert_eq!(format["type"], "json_schema");
    /// assert_eq!(format["json_schema"]["name"], "extract_colors");
    /// assert_eq!(format["json_schema"]["schema"]["required"], serde_json::json!(["colors", "confidence"]));
    /// ```
    pub fn response_format(&self, target: Target) -> Result<Rendered, RenderError> {
        self.response_format_with(target, &RenderOptions::default())
    }

    /// [`ToolDef::response_format`] with per-target options.
    pub fn response_format_with(&self, target: Target, options: &RenderOptions) -> Result<Rendered, RenderError> {
        let mut lowering = Lowering::new(&self.name, target);
        let without = self.for_target(target);
        let own = options.for_tool(self.union_form, target);
        let options = own.as_ref().unwrap_or(options);
        let value = provider(target).response_format(without.as_ref().unwrap_or(self), options, &mut lowering)?;
        Ok(Rendered { value, report: lowering.report })
    }

    /// [`ToolDef::render`] with per-target options.
    pub fn render_with(&self, target: Target, options: &RenderOptions) -> Result<Rendered, RenderError> {
        let mut lowering = Lowering::new(&self.name, target);
        let without = self.for_target(target);
        let own = options.for_tool(self.union_form, target);
        let options = own.as_ref().unwrap_or(options);
        let value = provider(target).tool(without.as_ref().unwrap_or(self), options, &mut lowering)?;
        Ok(Rendered { value, report: lowering.report })
    }

    /// This definition without MCP's header annotations, for a target other than MCP, when it has
    /// any (they mean nothing to a model; MCP checks them itself).
    fn for_target(&self, target: Target) -> Option<ToolDef> {
        if target == Target::Mcp || !headers::has_headers(&self.input_schema) {
            return None;
        }
        let mut without = self.clone();
        without.input_schema = headers::without_headers(&self.input_schema);
        Some(without)
    }
}

/// The value of a request's `tools` field for `tools`, with every tool's report, after the checks
/// that concern the request as a whole (unique names; Anthropic strict mode's limits).
pub fn render_tools<'a>(
    tools: impl IntoIterator<Item = &'a ToolDef>,
    target: Target,
    options: &RenderOptions,
) -> Result<Rendered, RenderError> {
    let provider = provider(target);
    let mut entries = Vec::new();
    let mut report = LoweringReport::default();
    let mut names: Vec<&str> = Vec::new();
    for def in tools {
        if names.contains(&&*def.name) {
            let lowering = Lowering::new(&def.name, target);
            return Err(lowering.error("/name", "two tools of one request have this name; tool names must be unique"));
        }
        names.push(&def.name);
        let rendered = def.render_with(target, options)?;
        entries.push((def, rendered.value));
        report.changes.extend(rendered.report.changes);
    }
    provider.check_request(&entries, options)?;
    let value = provider.tools_field(entries.into_iter().map(|(_, value)| value).collect());
    Ok(Rendered { value, report })
}

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
