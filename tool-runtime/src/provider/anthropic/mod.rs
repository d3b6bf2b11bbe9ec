//! Anthropic's Messages API: the full schema by default, the strict subset with the option, and
//! strict mode's per-request limits; `tool_use` blocks, their stream and the `tool_result` reply;
//! the images it takes; its tool choice.

mod lower;
mod wire;

use serde_json::{Map, Value, json};

use crate::call::{DispatchError, ToolCall, ToolResult};
use crate::lower::report::{Lowering, RenderError};
use crate::provider::images::{Accepted, MB};
use crate::provider::{Provider, ReadStream};
use crate::{ChoiceError, ChoiceOptions, RenderOptions, Target, ToolChoice, ToolDef};

/// Anthropic's Messages API.
pub(super) struct Anthropic;

/// "image/jpeg, image/png, image/gif, image/webp", 5 MB an image.
const IMAGES: Accepted = Accepted {
    provider: "Anthropic",
    mime_types: &["image/jpeg", "image/png", "image/gif", "image/webp"],
    max_image_bytes: 5 * MB,
    max_total_bytes: 32 * MB,
};

impl Provider for Anthropic {
    fn target(&self) -> Target {
        Target::Anthropic
    }

    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::tool(def, options, lowering)
    }

    fn response_format(&self, def: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::response_format(def, lowering)
    }

    /// Strict tool use's limits: how many strict tools, optional and union-typed parameters one
    /// request may have.
    fn check_request(&self, tools: &[(&ToolDef, Value)], options: &RenderOptions) -> Result<(), RenderError> {
        let (mut strict_tools, mut optional, mut unions) = (0, 0, 0);
        for (def, entry) in tools.iter().filter(|(def, _)| lower::is_strict(def, options)) {
            let (o, u) = lower::count_parameters(&entry["input_schema"]);
            strict_tools += 1;
            optional += o;
            unions += u;
            let lowering = Lowering::new(&def.name, Target::Anthropic);
            let limit = |what: &str, count: usize, max: usize| {
                lowering.error(
                    "",
                    format!(
                        "{count} {what} in one request exceed Anthropic strict mode's limit of {max}; \
                         render fewer tools strict, or without the strict option"
                    ),
                )
            };
            if strict_tools > lower::MAX_STRICT_TOOLS {
                return Err(limit("strict tools", strict_tools, lower::MAX_STRICT_TOOLS));
            }
            if optional > lower::MAX_OPTIONAL_PARAMETERS {
                return Err(limit("optional parameters", optional, lower::MAX_OPTIONAL_PARAMETERS));
            }
            if unions > lower::MAX_UNION_PARAMETERS {
                return Err(limit("union-typed parameters", unions, lower::MAX_UNION_PARAMETERS));
            }
        }
        Ok(())
    }

    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        let mut written = match *choice {
            ToolChoice::Auto => json!({"type": "auto"}),
            ToolChoice::None => json!({"type": "none"}),
            ToolChoice::Required => json!({"type": "any"}),
            ToolChoice::Tool(name) => json!({"type": "tool", "name": name}),
            ToolChoice::Allowed { .. } => {
                return Err(ChoiceError::Unsupported {
                    target: Target::Anthropic,
                    reason: "Anthropic's `tool_choice` cannot name a subset of the tools; send only those tools \
                             (`toolbox.only([...])`) with `ToolChoice::Auto` or `ToolChoice::Required`",
                });
            }
        };
        // `none` takes no other field: no calls, so none in parallel either.
        if let (Some(parallel), false) = (options.parallel_calls, *choice == ToolChoice::None) {
            written["disable_parallel_tool_use"] = json!(!parallel);
        }
        let mut fields = Map::new();
        fields.insert("tool_choice".into(), written);
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
