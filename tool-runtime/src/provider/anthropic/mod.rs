//! Anthropic's Messages API: the full schema by default, the strict subset with the option, and
//! strict mode's per-request limits; `tool_use` blocks, their stream and the `tool_result` reply;
//! the images it takes; its tool choice.

mod lower;
mod wire;

/// Anthropic's Messages API.
pub(super) struct Anthropic;
