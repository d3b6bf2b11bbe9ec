//! [`StreamReader`]: the reader of a target's stream, as dispatch drives it.

use super::{ReadStream, provider};
use crate::Target;
use crate::call::{DispatchError, Interruption, Streamed};

/// A reader of one provider's stream of server-sent events.
#[derive(Debug)]
pub(crate) struct StreamReader(Box<dyn ReadStream>);

impl StreamReader {
    pub(crate) fn new(target: Target) -> Result<Self, DispatchError> {
        provider(target).stream().map(StreamReader)
    }

    /// Reads event number `at`, named `name` (empty when the event had no name), handing on its
    /// text and every call it completes.
    pub(crate) fn event(
        &mut self,
        at: usize,
        name: &str,
        data: &str,
        out: &mut dyn FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError> {
        self.0.event(at, name, data, out)
    }

    /// Whether the provider said the stream failed: nothing after it is read.
    pub(crate) fn failed(&self) -> bool {
        self.0.ending().failed.is_some()
    }

    /// How the stream ended, read after its last event (`events` of them): `None` when it ended
    /// as the provider ends a response, with every call complete.
    pub(crate) fn finish(self, events: usize, read_error: Option<String>) -> Option<Interruption> {
        let (ending, unfinished, end) = self.0.into_parts();
        ending.interruption(events, end, read_error, unfinished)
    }
}
