//! Rendered `tools` values, worked out once per tool list and target, so that after the first call
//! `Toolbox::render` costs what reading a value costs.

use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

use serde_json::Value;

use super::{RenderOptions, Target, render_tools};
use crate::{RenderError, ToolDef};

/// Each target's rendering (default options) of one `&'static` tool list, made on first use.
#[doc(hidden)]
pub struct RenderCache {
    rendered: [OnceLock<Result<Value, RenderError>>; Target::ALL.len()],
}

impl RenderCache {
    /// An empty cache, for a `static`.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        RenderCache { rendered: [const { OnceLock::new() }; Target::ALL.len()] }
    }

    /// The `tools` value of `tools` for `target`, rendered on the first call. `tools` must be the
    /// same list at every call on one cache.
    pub fn get(&'static self, tools: &'static [ToolDef], target: Target) -> Result<&'static Value, RenderError> {
        let slot = &self.rendered[target as usize];
        slot.get_or_init(|| render_tools(tools, target, &RenderOptions::default()).map(|rendered| rendered.value))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The cache of a tool list found by its address: for toolboxes written by hand, which have no
    /// `static` of their own. One cache per distinct list, kept for the life of the program.
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
