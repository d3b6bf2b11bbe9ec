//! An IDE agent's tools, each with an input and an output schema: [`files`] (a file system confined
//! to a root), [`web`] (search, fetch, docs lookup) and [`browser`] (a browser the model drives);
//! [`all`] is the three as one toolbox, which the `roo-mcp` binary serves over MCP.

pub mod all;
pub mod browser;
pub mod files;
pub mod screen;
pub mod web;
