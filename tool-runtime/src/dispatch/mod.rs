//! Dispatch: turning a model's call into typed arguments.

pub(crate) mod arguments;
