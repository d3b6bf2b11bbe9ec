//! [`FinalAnswer`]: an opt-in tool for agents that want "answer directly" to be a tool call.

use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{ConfigTool, Tool, ToolDef, ToolError};

/// The agent's final answer to the user, given as a tool call so a model in a tool-only loop (or one
/// forced to call a tool) can finish.
///
/// Opt in by listing its definition beside your tools and setting
/// [`DispatchOptions::final_answer`](crate::DispatchOptions::final_answer); it is written by hand, not
/// with `#[tool]`, so it never enters a program's registry by itself.
///
/// ```
/// use toolc::{ConfigTool, FinalAnswer, Tool};
///
/// assert_eq!(FinalAnswer::NAME, "final_answer");
/// let answer = FinalAnswer::parse(r#"{"answer": "Paris"}"#).unwrap();
/// assert_eq!(answer.answer, "Paris");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinalAnswer {
    /// The complete answer to the user's request.
    pub answer: String,
}

impl Tool for FinalAnswer {
    const NAME: &'static str = "final_answer";

    fn definition() -> &'static ToolDef {
        static DEFINITION: OnceLock<ToolDef> = OnceLock::new();
        DEFINITION.get_or_init(|| {
            ToolDef::new(
                Self::NAME,
                "Give the final answer to the user's request and end the task. Call it only when nothing is left to do.",
                crate::schema::input_schema::<Self>(),
            )
        })
    }
}

impl ConfigTool for FinalAnswer {
    fn parse(arguments: &str) -> Result<Self, ToolError> {
        crate::decode::parse(&Self::definition().decoding(), arguments)
    }
}
