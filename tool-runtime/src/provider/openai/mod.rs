//! OpenAI: Chat Completions ([`Chat`]) and the Responses API ([`Responses`]), two targets with one
//! lowering (strict mode by default), one tool choice and one set of image rules.
//!
//! - `lower`: the definition as `tools` entries, `response_format` and `text.format`;
//! - `chat`, `responses`: each API's calls, streams and replies;
//! - the tool choice and the images, below.

mod chat;
mod lower;
mod responses;

use serde_json::{Map, Value, json};

use crate::call::{DispatchError, ToolCall, ToolResult};
use crate::lower::report::{Lowering, RenderError};
use crate::provider::images::{Accepted, MB};
use crate::provider::{Provider, ReadStream};
use crate::{ChoiceError, ChoiceOptions, RenderOptions, Target, ToolChoice, ToolDef};

/// OpenAI Chat Completions.
pub(super) struct Chat;

/// The OpenAI Responses API.
pub(super) struct Responses;

/// OpenAI image inputs: PNG, JPEG, WEBP, non-animated GIF; 50 MB of images a request.
const IMAGES: Accepted = Accepted {
    provider: "OpenAI",
    mime_types: &["image/png", "image/jpeg", "image/webp", "image/gif"],
    max_image_bytes: 50 * MB,
    max_total_bytes: 50 * MB,
};

impl Provider for Chat {
    fn target(&self) -> Target {
        Target::OpenAi
    }

    fn tool(&self, def: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::chat(def, lowering)
    }

    fn response_format(&self, def: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::response_format(def, false, lowering)
    }

    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        Ok(tool_choice(choice, options, true))
    }

    fn images(&self) -> &'static Accepted {
        &IMAGES
    }

    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        chat::calls(response)
    }

    fn calls_from_text(&self, bytes: &[u8]) -> Option<Vec<ToolCall>> {
        chat::calls_from_text(bytes)
    }

    fn reply(&self, results: &[ToolResult]) -> Value {
        chat::reply(results)
    }

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Ok(Box::<chat::Stream>::default())
    }
}

impl Provider for Responses {
    fn target(&self) -> Target {
        Target::OpenAiResponses
    }

    fn tool(&self, def: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::responses(def, lowering)
    }

    fn response_format(&self, def: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        lower::response_format(def, true, lowering)
    }

    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        Ok(tool_choice(choice, options, false))
    }

    fn images(&self) -> &'static Accepted {
        &IMAGES
    }

    fn calls(&self, response: &Value) -> Result<Vec<ToolCall>, DispatchError> {
        responses::calls(response)
    }

    fn calls_from_text(&self, bytes: &[u8]) -> Option<Vec<ToolCall>> {
        responses::calls_from_text(bytes)
    }

    fn reply(&self, results: &[ToolResult]) -> Value {
        responses::reply(results)
    }

    fn stream(&self) -> Result<Box<dyn ReadStream>, DispatchError> {
        Ok(Box::<responses::Stream>::default())
    }
}

/// `tool_choice` (and `parallel_tool_calls`) as Chat Completions (`chat`) or the Responses API
/// writes it: they differ in where a function's name goes.
fn tool_choice(choice: &ToolChoice<'_>, options: ChoiceOptions, chat: bool) -> Map<String, Value> {
    let function = |name: &str| {
        if chat {
            json!({"type": "function", "function": {"name": name}})
        } else {
            json!({"type": "function", "name": name})
        }
    };
    let choice = match *choice {
        ToolChoice::Auto => json!("auto"),
        ToolChoice::None => json!("none"),
        ToolChoice::Required => json!("required"),
        ToolChoice::Tool(name) => function(name),
        ToolChoice::Allowed { tools, required } => {
            let mode = if required { "required" } else { "auto" };
            let listed: Vec<Value> = tools.iter().map(|name| function(name)).collect();
            if chat {
                json!({"type": "allowed_tools", "allowed_tools": {"mode": mode, "tools": listed}})
            } else {
                json!({"type": "allowed_tools", "mode": mode, "tools": listed})
            }
        }
    };
    let mut fields = Map::new();
    fields.insert("tool_choice".into(), choice);
    if let Some(parallel) = options.parallel_calls {
        fields.insert("parallel_tool_calls".into(), json!(parallel));
    }
    fields
}
