//! Amazon Bedrock's Converse API (Claude, Nova, Llama, Mistral, Cohere and the other models on
//! Bedrock): `toolSpec`s with the schema under `inputSchema.json`, strict with the option; `toolUse`
//! blocks, their `ConverseStream` (AWS event-stream messages, not server-sent events) and the
//! `toolResult` reply; the images it takes; its tool choice.
//!
//! A request's tools and tool choice both go in its `toolConfig`: what this target renders is the
//! value of `toolConfig.tools`, and its tool choice the other member of `toolConfig`.

mod lower;
mod wire;

/// Bedrock's Converse and ConverseStream.
pub(super) struct Bedrock;
