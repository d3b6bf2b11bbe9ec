//! Gemini: function declarations with `parameters` (the OpenAPI 3.0 subset), or `parametersJsonSchema`
//! where those cannot express a tool (or with the option, everywhere), wrapped in one
//! `functionDeclarations` tool; `functionCall` parts, their
//! stream (arguments streamed as values at JSON paths) and the `functionResponse` reply; the
//! images it takes; its tool choice (`toolConfig`); and reading `parameters` back as JSON Schema
//! ([`openapi`]).

mod json_path;
mod lower;
#[cfg(feature = "read")]
pub(crate) mod openapi;
mod wire;

use serde_json::{Map, Value, json};

use crate::call::{DispatchError, ToolCall, ToolResult};
use crate::lower::object;
use crate::lower::report::{Lowering, RenderError};
use crate::provider::images::{Accepted, MB};
use crate::provider::{Provider, ReadStream};
use crate::{ChoiceError, ChoiceOptions, RenderOptions, Target, ToolChoice, ToolDef};

/// Gemini's `generateContent`.
pub(super) struct Gemini;

/// Multimodal function responses: PNG, JPEG, WEBP; inline data up to 20 MB a request.
const IMAGES: Accepted = Accepted {
    provider: "Gemini",
    mime_types: &["image/png", "image/jpeg", "image/webp"],
    max_image_bytes: 20 * MB,
    max_total_bytes: 20 * MB,
};

impl Provider for Gemini {
    fn target(&self) -> Target {
        Target::Gemini
    }

    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::declaration(def, options, lowering)
    }

    fn response_format(
        &self,
        def: &ToolDef,
        options: &RenderOptions,
        lowering: &mut Lowering,
    ) -> Result<Value, RenderError> {
        lower::response_format(def, options, lowering)
    }

    /// One tool holding every declaration.
    fn tools_field(&self, entries: Vec<Value>) -> Value {
        Value::Array(vec![object([("functionDeclarations", Value::Array(entries))])])
    }

    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        if options.parallel_calls.is_some() {
            return Err(ChoiceError::Unsupported {
                target: Target::Gemini,
                reason: "Gemini has no setting for parallel function calls; leave `parallel_calls` unset",
            });
        }
        let (mode, names) = match *choice {
            ToolChoice::Auto => ("AUTO", None),
            ToolChoice::None => ("NONE", None),
            ToolChoice::Required => ("ANY", None),
            ToolChoice::Tool(name) => ("ANY", Some(vec![name])),
            // VALIDATED: calls limited to the names, or text; ANY: one of the names.
            ToolChoice::Allowed { tools, required } => {
                (if required { "ANY" } else { "VALIDATED" }, Some(tools.to_vec()))
            }
        };
        let mut config = json!({"mode": mode});
        if let Some(names) = names {
            config["allowedFunctionNames"] = json!(names);
        }
        let mut fields = Map::new();
        fields.insert("toolConfig".into(), json!({"functionCallingConfig": config}));
        Ok(fields)
    }

    fn images(&self) -> &'static Accepted {
        &IMAGES
    }

    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        wire::calls(response)
    }

    fn calls_from_text(&self, bytes: &[u8]) -> Option<Vec<ToolCall>> {
        wire::calls_from_text(bytes)
    }

    fn reply(&self, results: &[ToolResult]) -> Value {
        wire::reply(results)
    }

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Ok(Box::<wire::Stream>::default())
    }
}
