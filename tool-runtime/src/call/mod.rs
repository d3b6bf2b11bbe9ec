//! A tool call as a provider sends it and its result as the provider takes it back
//! ([`ToolCall`], [`ToolResult`]), what reading a stream hands on ([`Streamed`], [`Interruption`]),
//! and the error of reading a response ([`DispatchError`]): what the provider readers and dispatch
//! share, below both.

mod error;
mod records;
mod streamed;

pub use error::DispatchError;
pub(crate) use records::output_text;
pub use records::{Arguments, ToolCall, ToolResult};
pub use streamed::{Interruption, Streamed};
