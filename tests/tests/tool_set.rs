//! The representative tool set of `src/` as the registry lists it: its definitions and every
//! target's rendering against golden files, and the registry's own list. A binary of its own, since
//! the registry lists every tool linked into the program: here that is the tool set alone, where
//! the suite's modules would add tools of their own.

mod golden;
mod registry;
mod targets;
