//! What a lowering made ([`Rendered`]), what it changed ([`LoweringReport`]) and what it could not
//! express ([`RenderError`]).

use std::fmt;

use serde::Serialize;
use serde_json::Value;
use tool_names::one_line;

use crate::Target;

/// One change a lowering made to a tool's schema or definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Change {
    /// The tool whose definition changed.
    pub tool: String,
    /// The target it was lowered for.
    pub target: Target,
    /// JSON Pointer into the tool's rendered schema (`/input_schema/properties/url`), or the field of
    /// the definition that changed (`/description`).
    pub path: String,
    /// What kind of change.
    pub kind: ChangeKind,
    /// What exactly was done, in words.
    pub detail: String,
}

/// The kinds of change a lowering makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ChangeKind {
    /// A keyword the target does not take was moved into the description, in the form
    /// `{keyword: value, …}`, so the model may still follow it.
    MovedToDescription,
    /// Something was removed without a trace in the schema.
    Dropped,
    /// A `$ref` was replaced by the definition it points to.
    Inlined,
    /// An optional field was made required and nullable (strict mode): `null` stands for absent.
    MadeNullable,
    /// A root union of objects tagged by one field was flattened into one object.
    Flattened,
    /// A construct was rewritten in an equivalent or near-equivalent form the target takes.
    Rewritten,
    /// A non-string enum was turned into strings (Gemini `parameters` take string enums only).
    Stringified,
    /// Not a change: something the target may refuse or handle badly (a long description).
    Warning,
}

impl fmt::Display for ChangeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            ChangeKind::MovedToDescription => "moved to description",
            ChangeKind::Dropped => "dropped",
            ChangeKind::Inlined => "inlined",
            ChangeKind::MadeNullable => "made nullable",
            ChangeKind::Flattened => "flattened",
            ChangeKind::Rewritten => "rewritten",
            ChangeKind::Stringified => "stringified",
            ChangeKind::Warning => "warning",
        };
        f.write_str(text)
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.path.is_empty() { "/" } else { &self.path };
        write!(f, "{} [{}] {at}: {}: {}", self.tool, self.target, self.kind, self.detail)
    }
}

/// Every change lowering made, in the order the passes made them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct LoweringReport {
    /// The changes.
    pub changes: Vec<Change>,
}

impl LoweringReport {
    /// True when the lowering changed nothing.
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// The changes that lose meaning or warn; [`ChangeKind::Inlined`] and [`ChangeKind::Rewritten`]
    /// keep it.
    pub fn lossy(&self) -> impl Iterator<Item = &Change> {
        self.changes.iter().filter(|change| !matches!(change.kind, ChangeKind::Inlined | ChangeKind::Rewritten))
    }
}

/// What a target cannot express, naming the tool, the target, the JSON path and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RenderError {
    /// The tool.
    pub tool: String,
    /// The target.
    pub target: Target,
    /// JSON Pointer to the offending part of the rendered definition.
    pub path: String,
    /// The rule broken and what to do about it.
    pub rule: String,
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.path.is_empty() { "/" } else { &self.path };
        // One line, whatever a hand-written name holds.
        let (tool, at, rule) = (one_line(&self.tool), one_line(at), one_line(&self.rule));
        write!(f, "tool `{tool}` cannot be rendered for {} at {at}: {rule}", self.target)
    }
}

impl std::error::Error for RenderError {}

/// A rendering: the target's JSON and what lowering changed to make it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Rendered {
    /// The target's JSON.
    pub value: Value,
    /// Every change lowering made.
    pub report: LoweringReport,
}

/// The state of one lowering: which tool, which target, and the report so far.
pub(crate) struct Lowering {
    pub tool: String,
    pub target: Target,
    pub report: LoweringReport,
}

impl Lowering {
    pub fn new(tool: &str, target: Target) -> Self {
        Lowering { tool: tool.to_owned(), target, report: LoweringReport::default() }
    }

    pub fn note(&mut self, path: &str, kind: ChangeKind, detail: impl Into<String>) {
        self.report.changes.push(Change {
            tool: self.tool.clone(),
            target: self.target,
            path: path.to_owned(),
            kind,
            detail: detail.into(),
        });
    }

    pub fn error(&self, path: &str, rule: impl Into<String>) -> RenderError {
        RenderError { tool: self.tool.clone(), target: self.target, path: path.to_owned(), rule: rule.into() }
    }
}
