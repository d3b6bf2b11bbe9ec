//! Targets: the provider dialects a definition is lowered to, each a list of named passes.

mod anthropic;
pub(crate) mod cache;
mod common;
mod gemini;
mod json_schema;
mod mcp;
mod openai;
pub mod report;

use std::fmt;
use std::str::FromStr;

use serde_json::{Value, json};

use crate::ToolDef;
use report::{Lowering, LoweringReport, RenderError};

use tool_names::did_you_mean;

/// A provider dialect of tool definitions.
///
/// Its text form is what the command line and file names use:
///
/// ```
/// use tool_runtime::Target;
///
/// let target: Target = "openai-responses".parse().unwrap();
/// assert_eq!(target, Target::OpenAiResponses);
/// assert_eq!(Target::Gemini.to_string(), "gemini");
/// assert!("antropic".parse::<Target>().unwrap_err().to_string().contains("did you mean `anthropic`"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// OpenAI Chat Completions `tools`.
    OpenAi,
    /// OpenAI Responses API `tools`.
    OpenAiResponses,
    /// Anthropic Messages API `tools`.
    Anthropic,
    /// Gemini `functionDeclarations`.
    Gemini,
    /// Model Context Protocol `tools/list` (specification 2025-11-25).
    Mcp,
    /// Plain JSON Schema draft 2020-12.
    JsonSchema,
}

impl Target {
    /// Every target, in a fixed order.
    pub const ALL: [Target; 6] =
        [Target::OpenAi, Target::OpenAiResponses, Target::Anthropic, Target::Gemini, Target::Mcp, Target::JsonSchema];

    /// The target's text form: `openai`, `openai-responses`, `anthropic`, `gemini`, `mcp`, `json-schema`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Target::OpenAi => "openai",
            Target::OpenAiResponses => "openai-responses",
            Target::Anthropic => "anthropic",
            Target::Gemini => "gemini",
            Target::Mcp => "mcp",
            Target::JsonSchema => "json-schema",
        }
    }
}

impl serde::Serialize for Target {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Target {
    type Err = UnknownTarget;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Target::ALL.into_iter().find(|target| target.as_str() == s).ok_or_else(|| UnknownTarget { given: s.to_owned() })
    }
}

/// The error of parsing a [`Target`] from text that names none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTarget {
    given: String,
}

impl fmt::Display for UnknownTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown target `{}`", self.given)?;
        let names = Target::ALL.map(Target::as_str);
        match did_you_mean(&self.given, names) {
            Some(close) => write!(f, "; did you mean `{close}`?")?,
            None => f.write_str(".")?,
        }
        write!(f, " Targets: {}", names.join(", "))
    }
}

impl std::error::Error for UnknownTarget {}

/// Per-target choices that are not targets of their own.
///
/// ```
/// use tool_runtime::RenderOptions;
///
/// let options = RenderOptions::default().anthropic_strict(true);
/// assert!(options.anthropic_strict && !options.gemini_json_schema);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RenderOptions {
    /// Anthropic: `"strict": true` and the strict subset (off by default: the full schema).
    pub anthropic_strict: bool,
    /// Gemini: `parametersJsonSchema` (JSON Schema) instead of `parameters` (the OpenAPI subset).
    pub gemini_json_schema: bool,
}

impl RenderOptions {
    /// Sets [`RenderOptions::anthropic_strict`].
    pub fn anthropic_strict(mut self, on: bool) -> Self {
        self.anthropic_strict = on;
        self
    }

    /// Sets [`RenderOptions::gemini_json_schema`].
    pub fn gemini_json_schema(mut self, on: bool) -> Self {
        self.gemini_json_schema = on;
        self
    }
}

/// A rendering: the target's JSON and what lowering changed to make it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Rendered {
    /// The target's JSON.
    pub value: Value,
    /// Every change lowering made.
    pub report: LoweringReport,
}

impl ToolDef {
    /// This tool's entry in the target's `tools` list, with the lowering report; or what the target
    /// cannot express, naming the tool, the path and the rule.
    ///
    /// ```
    /// use tool_runtime::{tool, Target, Tool};
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
    /// use tool_runtime::{tool, Target, Tool};
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
        let value = match target {
            Target::OpenAi => openai::response_format(self, false, &mut lowering)?,
            Target::OpenAiResponses => openai::response_format(self, true, &mut lowering)?,
            Target::Anthropic => anthropic::response_format(self, &mut lowering)?,
            Target::Gemini => gemini::response_format(self, options, &mut lowering)?,
            Target::JsonSchema => json_schema::response_format(self),
            Target::Mcp => {
                return Err(
                    lowering.error("", "MCP has no answer format; a tool's output is described by its `outputSchema`")
                );
            }
        };
        Ok(Rendered { value, report: lowering.report })
    }

    /// [`ToolDef::render`] with per-target options.
    pub fn render_with(&self, target: Target, options: &RenderOptions) -> Result<Rendered, RenderError> {
        let mut lowering = Lowering::new(&self.name, target);
        let value = match target {
            Target::OpenAi => openai::chat(self, &mut lowering)?,
            Target::OpenAiResponses => openai::responses(self, &mut lowering)?,
            Target::Anthropic => anthropic::tool(self, options, &mut lowering)?,
            Target::Gemini => gemini::declaration(self, options, &mut lowering)?,
            Target::Mcp => mcp::tool(self, &mut lowering)?,
            Target::JsonSchema => json_schema::tool(self, &mut lowering)?,
        };
        Ok(Rendered { value, report: lowering.report })
    }
}

/// The value of a request's `tools` field for `tools`, with every tool's report, after the checks
/// that concern the request as a whole (unique names; Anthropic strict mode's limits).
pub fn render_tools<'a>(
    tools: impl IntoIterator<Item = &'a ToolDef>,
    target: Target,
    options: &RenderOptions,
) -> Result<Rendered, RenderError> {
    let mut values = Vec::new();
    let mut report = LoweringReport::default();
    let mut names: Vec<&str> = Vec::new();
    let (mut strict_tools, mut optional, mut unions) = (0, 0, 0);
    for def in tools {
        if names.contains(&&*def.name) {
            let lowering = Lowering::new(&def.name, target);
            return Err(lowering.error("/name", "two tools of one request have this name; tool names must be unique"));
        }
        names.push(&def.name);
        let rendered = def.render_with(target, options)?;
        if target == Target::Anthropic && anthropic::is_strict(def, options) {
            let (o, u) = anthropic::count_parameters(&rendered.value["input_schema"]);
            strict_tools += 1;
            optional += o;
            unions += u;
            let lowering = Lowering::new(&def.name, target);
            let limit = |what: &str, count: usize, max: usize| {
                lowering.error(
                    "",
                    format!(
                        "{count} {what} in one request exceed Anthropic strict mode's limit of {max}; \
                         render fewer tools strict, or without the strict option"
                    ),
                )
            };
            if strict_tools > anthropic::MAX_STRICT_TOOLS {
                return Err(limit("strict tools", strict_tools, anthropic::MAX_STRICT_TOOLS));
            }
            if optional > anthropic::MAX_OPTIONAL_PARAMETERS {
                return Err(limit("optional parameters", optional, anthropic::MAX_OPTIONAL_PARAMETERS));
            }
            if unions > anthropic::MAX_UNION_PARAMETERS {
                return Err(limit("union-typed parameters", unions, anthropic::MAX_UNION_PARAMETERS));
            }
        }
        values.push(rendered.value);
        report.changes.extend(rendered.report.changes);
    }
    let value = match target {
        Target::Gemini => json!([{"functionDeclarations": values}]),
        _ => Value::Array(values),
    };
    Ok(Rendered { value, report })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_round_trips_for_every_target() {
        for target in Target::ALL {
            assert_eq!(target.as_str().parse::<Target>(), Ok(target));
        }
    }

    #[test]
    fn unknown_target_lists_the_valid_ones() {
        let err = "mpc".parse::<Target>().unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown target `mpc`; did you mean `mcp`? Targets: openai, openai-responses, anthropic, gemini, mcp, json-schema"
        );
    }
}
