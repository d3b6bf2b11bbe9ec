//! A representative tool set, shaped like real ones, that the behaviour tests in `tests/` exercise:
//! primitives, `Option`, `Vec`, nested structs, enums, renames, defaults, doc comments, every return
//! form, config structs, a tagged enum, and both kinds of toolbox.

pub mod browser;
pub mod nodes;
pub mod probe;
pub mod search;
mod unreferenced;
