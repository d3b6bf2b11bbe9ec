//! A representative tool set, shaped like real ones, that the behaviour tests in `tests/` exercise:
//! primitives, `Option`, `Vec`, nested structs, enums, renames, defaults, doc comments, every return
//! form, config structs, a tagged enum, and both kinds of toolbox.

pub mod browser;
pub mod nodes;
pub mod probe;
pub mod search;
mod unreferenced;

use tool_runtime::{ToolDef, registry};

/// The tools this crate defines, in the registry's order (other linked crates may add their own).
pub fn our_tools() -> Vec<&'static ToolDef> {
    registry::tools()
        .iter()
        .copied()
        .filter(|def| def.source.is_some_and(|source| source.package == env!("CARGO_PKG_NAME")))
        .collect()
}
