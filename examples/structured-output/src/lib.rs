//! Output-based definitions: the model's answer is a [`ColorPalette`], asked for either as a forced
//! tool call or as a structured-output response format — one definition, both ways, every provider.
//! Answers from a model are repaired by [`sanitize`], whose result always fits the schema.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolc::{ChoiceOptions, ConfigTool, Target, Tool, ToolChoice, ToolError, ToolSet, tool, toolbox};

/// Colors found in the image.
#[tool(
    name = "extract_colors",
    example({"colors": ["#1e90ff", "#ffffff"], "confidence": 0.9}, "A blue and white logo")
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ColorPalette {
    /// Hex codes of the dominant colors, most dominant first, like `#1e90ff`.
    #[schemars(length(min = 1, max = 10), inner(regex(pattern = r"^#[0-9a-f]{6}$")))]
    pub colors: Vec<String>,
    /// How sure the model is, from 0 to 1.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub confidence: f64,
}

/// The answers a model may give in this example: parsed from a provider response by `parse_response`.
#[toolbox]
#[derive(Debug, PartialEq)]
pub enum Answer {
    ColorPalette(ColorPalette),
}

/// The request fields that force the model to call `extract_colors`, one call at a time: the tool
/// list and the choice, in the provider's words (Gemini has no parallel-calls setting).
pub fn forced_tool(target: Target) -> Result<Value, Box<dyn std::error::Error>> {
    let choice = ToolChoice::Tool(ColorPalette::NAME);
    let options = match target {
        Target::Gemini => ChoiceOptions::default(),
        _ => ChoiceOptions::default().parallel_calls(false),
    };
    let mut request = choice.render_with(target, Answer::tools(), options)?;
    request["tools"] = Answer::render(target)?.clone();
    Ok(request)
}

/// The palette as the model's answer format (OpenAI `response_format`, Anthropic
/// `output_config.format`, Gemini `responseSchema`).
pub fn response_format(target: Target) -> Result<Value, toolc::RenderError> {
    ColorPalette::definition().response_format(target).map(|rendered| rendered.value)
}

/// Repairs what models get wrong in a palette — `#ABC` and `1E90FF` for `#1e90ff`, repeated
/// colors, too many colors, a confidence given in percent — and parses the result, which fits the
/// schema or is refused with the reason.
pub fn sanitize(raw: &str) -> Result<ColorPalette, ToolError> {
    let Ok(mut value) = serde_json::from_str::<Value>(raw) else { return ColorPalette::parse(raw) };
    if let Some(colors) = value.get_mut("colors").and_then(Value::as_array_mut) {
        let mut seen = Vec::new();
        for color in colors.iter().filter_map(Value::as_str) {
            let hex = normalize_hex(color);
            if !seen.contains(&hex) {
                seen.push(hex);
            }
        }
        seen.truncate(10);
        *colors = seen.into_iter().map(Value::String).collect();
    }
    if let Some(confidence) = value.get("confidence").and_then(Value::as_f64) {
        let fraction = if confidence > 1.0 && confidence <= 100.0 { confidence / 100.0 } else { confidence };
        value["confidence"] = json!(fraction.clamp(0.0, 1.0));
    }
    ColorPalette::parse(&value.to_string())
}

fn normalize_hex(color: &str) -> String {
    let digits = color.trim().trim_start_matches('#').to_ascii_lowercase();
    let expanded = if digits.len() == 3 { digits.chars().flat_map(|c| [c, c]).collect() } else { digits };
    format!("#{expanded}")
}

/// The palette in a provider response where the model was forced to call `extract_colors`.
pub fn palette_from_response(target: Target, response: &Value) -> Result<ColorPalette, String> {
    let parsed = Answer::parse_response(target, response).map_err(|err| err.to_string())?;
    match parsed.into_iter().next() {
        Some((_, Ok(Answer::ColorPalette(palette)))) => Ok(palette),
        Some((_, Err(err))) => Err(err.to_string()),
        None => Err("the response holds no tool call".to_owned()),
    }
}
