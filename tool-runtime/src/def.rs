//! [`ToolDef`]: everything a target needs to describe one tool.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::Value;

use crate::dialect::UnionForm;

/// The definition of one tool: what every target's JSON is rendered from.
///
/// Built by `#[tool]` at first use and cached, so [`Tool::definition`](crate::Tool::definition) hands
/// out `&'static` references, and a `#[toolbox]` type's [`Toolbox::tools`](crate::Toolbox::tools) are
/// one list shared by all its values. Schemas are JSON Schema
/// draft 2020-12, without `$schema` (a target adds it where it wants it).
///
/// ```
/// use serde_json::json;
/// use toolc::ToolDef;
///
/// let def = ToolDef::new("add", "Add two numbers.", json!({"type": "object"}));
/// assert_eq!(def.name, "add");
/// assert!(def.output_schema.is_none());
/// ```
#[derive(Debug, Clone, Serialize)]
#[non_exhaustive]
pub struct ToolDef {
    /// The tool's name, valid for every target (`^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$` when made by `#[tool]`).
    pub name: Cow<'static, str>,
    /// What the tool does, for the model: the doc comment without its `# Arguments` section.
    pub description: Cow<'static, str>,
    /// JSON Schema of the arguments object.
    pub input_schema: Value,
    /// JSON Schema of the tool's output, when the output type implements `JsonSchema`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
    /// Hints about the tool's behaviour (MCP annotations).
    #[serde(skip_serializing_if = "Annotations::is_empty")]
    pub annotations: Annotations,
    /// Whether targets with a strict mode (OpenAI, Anthropic) use it; `#[tool(strict = false)]` opts out.
    pub strict: bool,
    /// Example calls, validated against the input schema by the tests `#[tool]` generates.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<ToolExample>,
    /// Where the tool is defined, when it comes from Rust code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<SourceLocation>,
    /// Whether a call may run as a task the client follows (MCP's Tasks extension): a long-running
    /// tool, `#[tool(long_running)]`.
    #[serde(skip_serializing_if = "TaskSupport::is_forbidden")]
    pub task_support: TaskSupport,
    /// The form a root tagged union of the arguments takes where the render options choose none
    /// (`#[tool(union_form = "nested")]`); `None`: each target's default. See
    /// [`ToolDef::with_union_form`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub union_form: Option<UnionForm>,
    /// How calls are decoded, worked out once from the input schema.
    #[serde(skip)]
    plan: std::sync::OnceLock<crate::decode::Plan>,
}

impl PartialEq for ToolDef {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.description == other.description
            && self.input_schema == other.input_schema
            && self.output_schema == other.output_schema
            && self.annotations == other.annotations
            && self.strict == other.strict
            && self.examples == other.examples
            && self.source == other.source
            && self.task_support == other.task_support
            && self.union_form == other.union_form
    }
}

impl ToolDef {
    /// What decoding a call of this tool reads, with its plan worked out on first use.
    #[inline]
    pub(crate) fn decoding(&self) -> crate::decode::Decoding<'_> {
        let plan = self.plan.get_or_init(|| crate::decode::Plan::of(&self.input_schema));
        crate::decode::Decoding { tool: &self.name, schema: &self.input_schema, plan }
    }
}

/// An example call of a tool: its arguments, and optionally what it shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ToolExample {
    /// The arguments object.
    pub arguments: Value,
    /// One line saying what the example does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Cow<'static, str>>,
}

impl ToolExample {
    /// An example with these arguments.
    pub fn new(arguments: Value, description: Option<Cow<'static, str>>) -> Self {
        ToolExample { arguments, description }
    }
}

impl ToolDef {
    /// A definition with a name, a description and an input schema, and nothing else.
    pub fn new(
        name: impl Into<Cow<'static, str>>,
        description: impl Into<Cow<'static, str>>,
        input_schema: Value,
    ) -> Self {
        ToolDef {
            name: name.into(),
            description: description.into(),
            input_schema,
            output_schema: None,
            annotations: Annotations::default(),
            strict: true,
            examples: Vec::new(),
            source: None,
            task_support: TaskSupport::Forbidden,
            union_form: None,
            plan: std::sync::OnceLock::new(),
        }
    }

    /// Sets whether strict modes are used.
    pub fn with_strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// Sets the form this tool's root tagged union takes where the render options choose none
    /// ([`RenderOptions::union_form`](crate::RenderOptions::union_form) wins, so one request can
    /// still ask every tool for one form). Where a target's root must be an object,
    /// [`UnionForm::Variants`] is written [`UnionForm::Nested`], the form that keeps the variants
    /// apart there. A tool without a root union is unchanged by it.
    ///
    /// ```
    /// use serde_json::json;
    /// use toolc::{RenderOptions, Target, ToolDef, UnionForm};
    ///
    /// let schema = json!({"oneOf": [
    ///     {"type": "object", "properties": {"op": {"const": "stop"}}, "required": ["op"]},
    ///     {"type": "object", "properties": {"op": {"const": "go"}, "to": {"type": "string"}}, "required": ["op", "to"]},
    /// ]});
    /// let def = ToolDef::new("drive", "Drive.", schema).with_union_form(UnionForm::Nested);
    /// let openai = def.render(Target::OpenAi).unwrap().value;
    /// assert!(openai["function"]["parameters"]["properties"]["request"]["anyOf"].is_array());
    /// let flat = def.render_with(Target::OpenAi, &RenderOptions::default().union_form(UnionForm::Flat)).unwrap();
    /// assert!(flat.value["function"]["parameters"]["properties"]["to"].is_object(), "the options win");
    /// ```
    pub fn with_union_form(mut self, form: UnionForm) -> Self {
        self.union_form = Some(form);
        self
    }

    /// Sets the example calls.
    pub fn with_examples(mut self, examples: Vec<ToolExample>) -> Self {
        self.examples = examples;
        self
    }

    /// Sets the output schema.
    pub fn with_output_schema(mut self, output_schema: Option<Value>) -> Self {
        self.output_schema = output_schema;
        self
    }

    /// Sets the annotations.
    pub fn with_annotations(mut self, annotations: Annotations) -> Self {
        self.annotations = annotations;
        self
    }

    /// Sets the source location.
    pub fn with_source(mut self, source: SourceLocation) -> Self {
        self.source = Some(source);
        self
    }

    /// Sets whether a call may run as a task.
    pub fn with_task_support(mut self, task_support: TaskSupport) -> Self {
        self.task_support = task_support;
        self
    }
}

/// Whether a tool's call may run as a task: started, then followed by the client (its status, its
/// result, its questions, its cancellation) instead of answered at once. MCP's Tasks extension
/// (2026-07-28); a server answers at once a client that does not follow tasks, unless the tool
/// requires one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum TaskSupport {
    /// Never a task: the call is answered at once (every tool, unless it says otherwise).
    #[default]
    Forbidden,
    /// A task when the client follows tasks, answered at once otherwise: `#[tool(long_running)]`.
    Optional,
    /// Only ever a task: a client that does not follow tasks is refused:
    /// `#[tool(long_running = "required")]`.
    Required,
}

impl TaskSupport {
    fn is_forbidden(&self) -> bool {
        *self == TaskSupport::Forbidden
    }
}

/// Hints about a tool's behaviour, as MCP's `ToolAnnotations` carries them.
///
/// Set with `#[tool(title = "…", read_only, destructive, idempotent, open_world)]`; each is unset
/// unless given, since MCP gives an absent hint a meaning of its own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Annotations {
    /// A human-readable title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<Cow<'static, str>>,
    /// The tool does not modify its environment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_only_hint: Option<bool>,
    /// The tool may perform destructive updates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destructive_hint: Option<bool>,
    /// Calling the tool again with the same arguments has no further effect.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idempotent_hint: Option<bool>,
    /// The tool interacts with an open world of external entities.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_world_hint: Option<bool>,
}

impl Annotations {
    /// True when no hint and no title is set.
    pub fn is_empty(&self) -> bool {
        *self == Annotations::default()
    }
}

/// Where a tool is defined in Rust source, for diagnostics that point at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[non_exhaustive]
pub struct SourceLocation {
    /// The Cargo package that defines the tool.
    pub package: &'static str,
    /// The module path of the definition, as `module_path!()` gives it.
    pub module_path: &'static str,
    /// The source file, as `file!()` gives it.
    pub file: &'static str,
    /// The line of the tool's name (1-based).
    pub line: u32,
    /// The column of the tool's name (1-based).
    pub column: u32,
}

impl SourceLocation {
    /// A source location; `#[tool]` fills it from `file!()`, `line!()` and friends.
    pub const fn new(
        package: &'static str,
        module_path: &'static str,
        file: &'static str,
        line: u32,
        column: u32,
    ) -> Self {
        SourceLocation { package, module_path, file, line, column }
    }
}

impl std::fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}
