//! An IDE agent's tools, each with an input and an output schema: [`files`] (a file system confined
//! to a root), [`web`] (search, fetch, docs lookup) and [`browser`] (a browser the model drives).

pub mod browser;
pub mod files;
pub mod web;
