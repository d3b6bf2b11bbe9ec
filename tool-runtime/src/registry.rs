//! Every tool and toolbox of a program, found without a hand-kept list.
//!
//! `#[tool]` and `#[toolbox]` register what they generate at link time, so a tool in a module nothing
//! else mentions is listed too. Lists are sorted (package, name, source location), so the same code
//! always gives the same order.

use std::sync::OnceLock;

use serde_json::Value;

use crate::{SourceLocation, ToolDef};

/// A tool that registered itself: a free function, config struct or enum under `#[tool]`.
#[derive(Debug)]
pub struct ToolEntry {
    definition: fn() -> &'static ToolDef,
    input_schema: fn() -> Value,
}

impl ToolEntry {
    #[doc(hidden)]
    pub const fn new(definition: fn() -> &'static ToolDef, input_schema: fn() -> Value) -> Self {
        ToolEntry { definition, input_schema }
    }

    /// The tool's definition.
    pub fn definition(&self) -> &'static ToolDef {
        (self.definition)()
    }

    /// The tool's input schema generated afresh by schemars, uncached: what the benchmarks compare
    /// rendering against.
    #[doc(hidden)]
    pub fn generate_input_schema(&self) -> Value {
        (self.input_schema)()
    }
}

/// A toolbox that registered itself.
#[derive(Debug)]
pub struct ToolboxEntry {
    name: &'static str,
    source: SourceLocation,
    tools: fn() -> &'static [ToolDef],
    owns_tools: bool,
    input_schemas: fn() -> Vec<Value>,
}

impl ToolboxEntry {
    #[doc(hidden)]
    pub const fn new(
        name: &'static str,
        source: SourceLocation,
        tools: fn() -> &'static [ToolDef],
        owns_tools: bool,
        input_schemas: fn() -> Vec<Value>,
    ) -> Self {
        ToolboxEntry { name, source, tools, owns_tools, input_schemas }
    }

    /// The name of the type the toolbox is implemented for.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Where the toolbox is defined.
    pub fn source(&self) -> SourceLocation {
        self.source
    }

    /// The toolbox's tools, in its own order.
    pub fn tools(&self) -> &'static [ToolDef] {
        (self.tools)()
    }

    /// True for an impl block, whose methods are tools only through it; false for an enum, whose
    /// variants wrap tools that register themselves.
    pub fn owns_tools(&self) -> bool {
        self.owns_tools
    }

    /// The input schemas of the tools the toolbox owns, generated afresh by schemars, uncached:
    /// what the benchmarks compare rendering against.
    #[doc(hidden)]
    pub fn generate_input_schemas(&self) -> Vec<Value> {
        (self.input_schemas)()
    }
}

/// The free tools' registry entries, for what [`ToolEntry`] offers beyond the definition.
#[doc(hidden)]
pub fn entries() -> impl Iterator<Item = &'static ToolEntry> {
    inventory::iter::<ToolEntry>.into_iter()
}

inventory::collect!(ToolEntry);
inventory::collect!(ToolboxEntry);

/// Every tool in the program, each once, sorted by package, name and source location.
///
/// ```
/// use toolc::{registry, tool};
///
/// /// Say hello.
/// #[tool]
/// fn hello() -> &'static str {
///     "hello"
/// }
///
/// assert!(registry::tools().iter().any(|def| def.name == "hello"));
/// ```
pub fn tools() -> &'static [&'static ToolDef] {
    static TOOLS: OnceLock<Vec<&'static ToolDef>> = OnceLock::new();
    TOOLS.get_or_init(|| {
        let free = inventory::iter::<ToolEntry>.into_iter().map(ToolEntry::definition);
        let methods = toolboxes().iter().filter(|toolbox| toolbox.owns_tools).flat_map(|toolbox| toolbox.tools());
        let mut all: Vec<&'static ToolDef> = free.chain(methods).collect();
        all.sort_by(|a, b| sort_key(a).cmp(&sort_key(b)));
        all
    })
}

/// Every toolbox in the program, sorted by package, name and source location.
pub fn toolboxes() -> &'static [&'static ToolboxEntry] {
    static TOOLBOXES: OnceLock<Vec<&'static ToolboxEntry>> = OnceLock::new();
    TOOLBOXES.get_or_init(|| {
        let mut all: Vec<&'static ToolboxEntry> = inventory::iter::<ToolboxEntry>.into_iter().collect();
        all.sort_by_key(|entry| (entry.source.package, entry.name, entry.source));
        all
    })
}

fn sort_key(def: &ToolDef) -> (&str, &str, Option<SourceLocation>) {
    (def.source.map_or("", |source| source.package), &def.name, def.source)
}
