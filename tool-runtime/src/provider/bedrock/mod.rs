//! Amazon Bedrock's Converse API (Claude, Nova, Llama, Mistral, Cohere and the other models on
//! Bedrock): `toolSpec`s with the schema under `inputSchema.json`, strict with the option; `toolUse`
//! blocks, their `ConverseStream` (AWS event-stream messages, not server-sent events) and the
//! `toolResult` reply; the images it takes; its tool choice.
//!
//! A request's tools and tool choice both go in its `toolConfig`: what this target renders is the
//! value of `toolConfig.tools`, and its tool choice the other member of `toolConfig`.

mod lower;
mod wire;

use serde_json::{Map, Value, json};

use crate::call::{DispatchError, ToolCall, ToolResult};
use crate::lower::report::{Lowering, RenderError};
use crate::provider::images::{Accepted, MB};
use crate::provider::{Framing, Provider, ReadStream};
use crate::{ChoiceError, ChoiceOptions, RenderOptions, Target, ToolChoice, ToolDef};

/// Bedrock's Converse and ConverseStream.
pub(super) struct Bedrock;

/// The service model's `ImageFormat` (png, jpeg, gif, webp); Converse takes images of up to
/// 3.75 MB, 20 of them in a request.
const IMAGES: Accepted = Accepted {
    provider: "Bedrock",
    mime_types: &["image/png", "image/jpeg", "image/gif", "image/webp"],
    max_image_bytes: 15 * MB / 4,
    max_total_bytes: 20 * (15 * MB / 4),
};

impl Provider for Bedrock {
    fn target(&self) -> Target {
        Target::Bedrock
    }

    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::tool(def, options, lowering)
    }

    fn response_format(&self, def: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::response_format(def, lowering)
    }

    /// `toolConfig.toolChoice`: `auto`, `any`, or one `tool` (Claude and Nova models only).
    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        if options.parallel_calls.is_some() {
            return Err(ChoiceError::Unsupported {
                target: Target::Bedrock,
                reason: "Converse has no setting for parallel tool calls; leave `parallel_calls` unset",
            });
        }
        let written = match *choice {
            ToolChoice::Auto => json!({"auto": {}}),
            ToolChoice::Required => json!({"any": {}}),
            ToolChoice::Tool(name) => json!({"tool": {"name": name}}),
            ToolChoice::None => {
                return Err(ChoiceError::Unsupported {
                    target: Target::Bedrock,
                    reason: "Converse's `toolChoice` has no `none`; to have no tool called, send the request \
                             without `toolConfig`",
                });
            }
            ToolChoice::Allowed { .. } => {
                return Err(ChoiceError::Unsupported {
                    target: Target::Bedrock,
                    reason: "Converse's `toolChoice` cannot name a subset of the tools; send only those tools \
                             (`toolbox.only([...])`) with `ToolChoice::Auto` or `ToolChoice::Required`",
                });
            }
        };
        let mut fields = Map::new();
        fields.insert("toolChoice".into(), written);
        Ok(fields)
    }

    fn images(&self) -> &'static Accepted {
        &IMAGES
    }

    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        wire::calls(response)
    }

    fn reply(&self, results: &[ToolResult]) -> Value {
        wire::reply(results)
    }

    fn framing(&self) -> Framing {
        Framing::AwsEventStream
    }

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Ok(Box::<wire::Stream>::default())
    }
}
