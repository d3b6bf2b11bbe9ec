//! Rendered `tools` values, worked out once per tool list and target, so that after the first call
//! `render` costs what reading a value costs.

use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

use serde_json::Value;

use super::{RenderOptions, Target, render_tools};
use crate::{RenderError, ToolDef};

/// Each target's rendering (default options) of one tool list, made on first use.
#[doc(hidden)]
pub struct RenderCache {
    rendered: [OnceLock<Result<Value, RenderError>>; Target::ALL.len()],
}

impl RenderCache {
    /// An empty cache, for a `static` or a field.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        RenderCache { rendered: [const { OnceLock::new() }; Target::ALL.len()] }
    }

    /// The `tools` value of `tools` for `target`, rendered on the first call. `tools` must be the
    /// same list at every call on one cache.
    pub fn get(&self, tools: &[ToolDef], target: Target) -> Result<&Value, RenderError> {
        let slot = &self.rendered[target as usize];
        slot.get_or_init(|| render_tools(tools, target, &RenderOptions::default()).map(|rendered| rendered.value))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The cache of a `&'static` tool list found by its address: for lists that have no cache of
    /// their own. One cache per distinct list, kept for the life of the program.
    pub fn of(tools: &'static [ToolDef]) -> &'static RenderCache {
        type Caches = RwLock<HashMap<(usize, usize), &'static RenderCache>>;
        static CACHES: OnceLock<Caches> = OnceLock::new();
        let caches = CACHES.get_or_init(Default::default);
        let key = (tools.as_ptr() as usize, tools.len());
        if let Some(cache) = caches.read().unwrap_or_else(|poisoned| poisoned.into_inner()).get(&key) {
            return cache;
        }
        let mut caches = caches.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        caches.entry(key).or_insert_with(|| Box::leak(Box::new(RenderCache::new())))
    }
}

/// The tools a [`Toolbox`](crate::Toolbox) serves, with each target's rendering made on first use
/// and kept.
///
/// `#[toolbox]` keeps one in a `static`; a combined or narrowed toolbox, or one written by hand,
/// keeps its own.
///
/// ```
/// use toolc::{Target, ToolDef, ToolList};
///
/// let list = ToolList::new(vec![ToolDef::new("ping", "Check the service is up.", serde_json::json!({"type": "object"}))]);
/// assert_eq!(list.tools()[0].name, "ping");
/// let rendered = list.render(Target::Anthropic).unwrap();
/// assert_eq!(rendered[0]["name"], "ping");
/// assert!(std::ptr::eq(rendered, list.render(Target::Anthropic).unwrap()), "rendered once, then read");
/// ```
pub struct ToolList {
    tools: Vec<ToolDef>,
    rendered: RenderCache,
}

impl ToolList {
    /// A list of `tools`, in the order they are listed to a model.
    pub fn new(tools: Vec<ToolDef>) -> Self {
        ToolList { tools, rendered: RenderCache::new() }
    }

    /// The definitions, in order.
    pub fn tools(&self) -> &[ToolDef] {
        &self.tools
    }

    /// The value of a request's `tools` field for `target`, rendered on the first call and kept.
    pub fn render(&self, target: Target) -> Result<&Value, RenderError> {
        self.rendered.get(&self.tools, target)
    }
}

impl std::fmt::Debug for ToolList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.tools.iter().map(|tool| &tool.name)).finish()
    }
}
