//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `SequentialThinkingTools::parse(name, arguments)` and `SequentialThinkingTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SequentialThinkingTools {
    Sequentialthinking(Sequentialthinking),
}
/// A detailed tool for dynamic and reflective problem-solving through thoughts.
/// This tool helps analyze problems through a flexible thinking process that can adapt and evolve.
/// Each thought can build on, question, or revise previous insights as understanding deepens.
///
/// When to use this tool:
/// - Breaking down complex problems into steps
/// - Planning and design with room for revision
/// - Analysis that might need course correction
/// - Problems where the full scope might not be clear initially
/// - Problems that require a multi-step solution
/// - Tasks that need to maintain context over multiple steps
/// - Situations where irrelevant information needs to be filtered out
///
/// Key features:
/// - You can adjust total_thoughts up or down as you progress
/// - You can question or revise previous thoughts
/// - You can add more thoughts even after reaching what seemed like the end
/// - You can express uncertainty and explore alternative approaches
/// - Not every thought needs to build linearly - you can branch or backtrack
/// - Generates a solution hypothesis
/// - Verifies the hypothesis based on the Chain of Thought steps
/// - Repeats the process until satisfied
/// - Provides a correct answer
///
/// Parameters explained:
/// - thought: Your current thinking step, which can include:
///   * Regular analytical steps
///   * Revisions of previous thoughts
///   * Questions about previous decisions
///   * Realizations about needing more analysis
///   * Changes in approach
///   * Hypothesis generation
///   * Hypothesis verification
/// - nextThoughtNeeded: True if you need more thinking, even if at what seemed like the end
/// - thoughtNumber: Current number in sequence (can go beyond initial total if needed)
/// - totalThoughts: Current estimate of thoughts needed (can be adjusted up/down)
/// - isRevision: A boolean indicating if this thought revises previous thinking
/// - revisesThought: If is_revision is true, which thought number is being reconsidered
/// - branchFromThought: If branching, which thought number is the branching point
/// - branchId: Identifier for the current branch (if any)
/// - needsMoreThoughts: If reaching end but realizing more thoughts needed
///
/// You should:
/// 1. Start with an initial estimate of needed thoughts, but be ready to adjust
/// 2. Feel free to question or revise previous thoughts
/// 3. Don't hesitate to add more thoughts if needed, even at the "end"
/// 4. Express uncertainty when present
/// 5. Mark thoughts that revise previous thinking or branch into new paths
/// 6. Ignore information that is irrelevant to the current step
/// 7. Generate a solution hypothesis when appropriate
/// 8. Verify the hypothesis based on the Chain of Thought steps
/// 9. Repeat the process until satisfied with the solution
/// 10. Provide a single, ideally correct answer as the final output
/// 11. Only set nextThoughtNeeded to false when truly done and a satisfactory answer is reached
#[tool(name = "sequentialthinking", strict = false)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Sequentialthinking {
    /// Branching point thought number
    #[serde(rename = "branchFromThought")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    #[schemars(range(min = 1, max = 9007199254740991i64))]
    pub branch_from_thought: Option<i64>,
    /// Branch identifier
    #[serde(rename = "branchId")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub branch_id: Option<String>,
    /// Whether this revises previous thinking
    #[serde(rename = "isRevision")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    #[schemars(extend("type" = ["boolean", "string"]))]
    pub is_revision: Option<serde_json::Value>,
    /// If more thoughts are needed
    #[serde(rename = "needsMoreThoughts")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    #[schemars(extend("type" = ["boolean", "string"]))]
    pub needs_more_thoughts: Option<serde_json::Value>,
    /// Whether another thought step is needed
    #[serde(rename = "nextThoughtNeeded")]
    #[schemars(extend("type" = ["boolean", "string"]))]
    pub next_thought_needed: serde_json::Value,
    /// Which thought is being reconsidered
    #[serde(rename = "revisesThought")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    #[schemars(range(min = 1, max = 9007199254740991i64))]
    pub revises_thought: Option<i64>,
    /// Your current thinking step
    pub thought: String,
    /// Current thought number (numeric value, e.g., 1, 2, 3)
    #[serde(rename = "thoughtNumber")]
    #[schemars(range(min = 1, max = 9007199254740991i64))]
    pub thought_number: i64,
    /// Estimated total thoughts needed (numeric value, e.g., 5, 10)
    #[serde(rename = "totalThoughts")]
    #[schemars(range(min = 1, max = 9007199254740991i64))]
    pub total_thoughts: i64,
}
