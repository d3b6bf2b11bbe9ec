//! What a lowering made ([`Rendered`]), what it changed ([`LoweringReport`]) and what it could not
//! express ([`RenderError`]).

use std::fmt;

use serde::Serialize;
use serde_json::Value;
use toolc_names::one_line;

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
    /// The rule broken.
    pub rule: String,
    /// What to do about it, where there is a change that helps.
    pub remedy: Option<Remedy>,
}

/// What to do about a [`RenderError`], kept apart from its rule so that each author reads it in
/// their own terms: [`Remedy::for_rust`] for a `#[tool]` (what `Display` shows), [`Remedy::for_json`]
/// for a definition written as JSON.
///
/// ```
/// use serde_json::json;
/// use toolc::{Remedy, Target, ToolDef};
///
/// let free_form = json!({"type": "object", "properties": {"data": {}}, "required": ["data"]});
/// let err = ToolDef::new("store", "Store data.", free_form).render(Target::OpenAi).unwrap_err();
/// assert_eq!(err.remedy, Some(Remedy::GiveItAType));
/// assert!(err.to_string().ends_with("or opt the tool out with `#[tool(strict = false)]`"));
/// assert!(err.for_json_authors().ends_with("or set `\"strict\": false` on the tool"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Remedy {
    /// A keyword strict mode refuses: simplify the type, or turn strict mode off for the tool.
    SimplifyOrOptOut,
    /// Free-form JSON in strict mode: give it a type, or turn strict mode off.
    GiveItAType,
    /// A map in strict mode: a list of key/value pairs or an object, or turn strict mode off.
    ListOfPairs,
    /// A property name the target does not take: rename it.
    RenameProperty,
    /// A root union without a tag: give its branches a field that tells them apart.
    TagTheUnion,
}

impl Remedy {
    /// The remedy in the words of a Rust author (`#[tool]`, serde attributes).
    pub fn for_rust(self) -> &'static str {
        match self {
            Remedy::SimplifyOrOptOut => "simplify the type or opt out with `#[tool(strict = false)]`",
            Remedy::GiveItAType => {
                "give it a type (a struct or an enum), or opt the tool out with `#[tool(strict = false)]`"
            }
            Remedy::ListOfPairs => {
                "use a `Vec` of key/value structs or a struct, or opt the tool out with `#[tool(strict = false)]`"
            }
            Remedy::RenameProperty => "rename it (`#[arg(rename = \"...\")]` or `#[serde(rename = \"...\")]`)",
            Remedy::TagTheUnion => "use an enum with `#[serde(tag = \"...\")]` or a struct",
        }
    }

    /// The remedy in the words of someone who wrote the definition as JSON.
    pub fn for_json(self) -> &'static str {
        match self {
            Remedy::SimplifyOrOptOut => "simplify the type or set `\"strict\": false` on the tool",
            Remedy::GiveItAType => {
                "give it a type (an object with properties, or an enum), or set `\"strict\": false` on the tool"
            }
            Remedy::ListOfPairs => {
                "use an array of key/value objects or an object with properties, or set `\"strict\": false` on \
                 the tool"
            }
            Remedy::RenameProperty => "rename the property",
            Remedy::TagTheUnion => "give every branch a property that tells them apart, or make it one object",
        }
    }
}

impl RenderError {
    /// The error as [`Display`](fmt::Display) words it, with the remedy for someone who wrote the
    /// definition as JSON rather than in Rust.
    pub fn for_json_authors(&self) -> String {
        self.worded(Remedy::for_json)
    }

    fn worded(&self, remedy: fn(Remedy) -> &'static str) -> String {
        let at = if self.path.is_empty() { "/" } else { &self.path };
        // One line, whatever a hand-written name holds.
        let (tool, at, rule) = (one_line(&self.tool), one_line(at), one_line(&self.rule));
        let mut text = format!("tool `{tool}` cannot be rendered for {} at {at}: {rule}", self.target);
        if let Some(fix) = self.remedy {
            text.push_str("; ");
            text.push_str(remedy(fix));
        }
        text
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(Remedy::for_rust))
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
        RenderError {
            tool: self.tool.clone(),
            target: self.target,
            path: path.to_owned(),
            rule: rule.into(),
            remedy: None,
        }
    }

    /// [`Lowering::error`] with what to do about it.
    pub fn error_with(&self, path: &str, rule: impl Into<String>, remedy: Remedy) -> RenderError {
        RenderError { remedy: Some(remedy), ..self.error(path, rule) }
    }
}
