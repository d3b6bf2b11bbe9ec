//! [`DispatchError`]: a provider response or stream that cannot be handled as a whole.

use std::fmt;

use crate::Target;

/// A response or stream that is not the provider's shape, or breaks a limit, so it cannot be
/// answered. (A bad call inside a good response is answered with an error result instead.)
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct DispatchError {
    /// The provider format the response was read as.
    pub target: Target,
    /// For a stream, the number of the offending server-sent event (from 0); `None` for a finished
    /// response.
    pub event: Option<usize>,
    /// JSON Pointer to the offending part of the response (for a stream, of the event's data);
    /// empty for the whole.
    pub pointer: String,
    /// What is wrong.
    pub message: String,
}

impl DispatchError {
    pub(crate) fn new(target: Target, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        DispatchError { target, event: None, pointer: pointer.into(), message: message.into() }
    }

    /// An error in event number `event` of a stream.
    pub(crate) fn in_stream(
        target: Target,
        event: usize,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        DispatchError { target, event: Some(event), pointer: pointer.into(), message: message.into() }
    }
}

impl fmt::Display for DispatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.pointer.is_empty() { "/" } else { &self.pointer };
        match self.event {
            Some(event) => {
                write!(f, "cannot handle this {} stream at event {event}, {at}: {}", self.target, self.message)
            }
            None => write!(f, "cannot handle this {} response at {at}: {}", self.target, self.message),
        }
    }
}

impl std::error::Error for DispatchError {}
