//! A config-struct tool with every shape a lowering touches — optional and defaulted fields,
//! nested and optional structs, enums, arrays, numbers with bounds — so the property test in
//! `tests/semantics.rs` can check that lowering keeps its meaning.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::tool;

/// How urgent a job is.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Priority {
    Low,
    Normal,
    High,
}

/// Bounds of a job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Limits {
    /// The most bytes to read.
    pub max_bytes: u64,
    /// The fewest retries, if any.
    pub min_retries: Option<i32>,
}

/// One step of a job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Step {
    /// What the step does.
    pub label: String,
    /// Relative weight.
    pub weight: Option<f64>,
}

fn default_ratio() -> f64 {
    0.5
}

/// Schedule a job.
#[tool]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ScheduleJob {
    /// The job's name.
    pub name: String,
    /// How many times to run it.
    pub count: Option<u32>,
    /// Whether it starts enabled.
    #[serde(default)]
    pub enabled: bool,
    /// How urgent it is.
    pub priority: Priority,
    /// Free labels.
    pub tags: Vec<String>,
    /// Its bounds, if any.
    pub limits: Option<Limits>,
    /// Its steps, in order.
    pub steps: Vec<Step>,
    /// The share of capacity it may use.
    #[serde(default = "default_ratio")]
    pub ratio: f64,
    /// When it is due, if ever.
    pub deadline: Option<Priority>,
}
