//! What reading a provider's stream hands on ([`Streamed`]) and how a stream can end early
//! ([`Interruption`]).

use super::ToolCall;

/// What a stream hands on as it is read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Streamed<'a> {
    /// A piece of the model's text, as it arrived (thinking is not included).
    Text(&'a str),
    /// A tool call whose arguments are complete.
    Call(ToolCall),
}

/// How a stream ended before the provider ended its response: an error event, a failed read, or
/// bytes that stopped (a dropped connection). The calls completed before it are answered all the same.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Interruption {
    /// The number of the event that ended the stream (the provider's error event), or else the
    /// number of events read.
    pub event: usize,
    /// What happened, in words.
    pub reason: String,
    /// The calls whose arguments were still arriving, with what had arrived: not run.
    pub unfinished: Vec<ToolCall>,
}
