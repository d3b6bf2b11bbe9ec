//! [`DispatchOptions`]: the limits and choices of handling a provider response.

/// How a response's tool calls are run, and the limits untrusted input must stay within.
///
/// ```
/// use tool_runtime::DispatchOptions;
///
/// let options = DispatchOptions::default().max_concurrency(2).max_argument_bytes(64 * 1024);
/// assert_eq!(options.max_depth, 64);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct DispatchOptions {
    /// How many calls of one response run at once; calls whose work is synchronous finish when
    /// first polled, so they run inline (default 8).
    pub max_concurrency: usize,
    /// The largest arguments text of one call, in bytes (default 1 MiB).
    pub max_argument_bytes: usize,
    /// The largest whole response, in bytes (default 16 MiB).
    pub max_response_bytes: usize,
    /// The deepest nesting of arrays and objects in one call's arguments (default 64).
    pub max_depth: usize,
    /// Treat calls of [`FinalAnswer`](crate::FinalAnswer) as the agent's answer: not run, not
    /// answered, but returned in [`Exchange::final_answer`](crate::Exchange::final_answer) (default off).
    pub final_answer: bool,
}

impl Default for DispatchOptions {
    fn default() -> Self {
        DispatchOptions {
            max_concurrency: 8,
            max_argument_bytes: 1 << 20,
            max_response_bytes: 16 << 20,
            max_depth: 64,
            final_answer: false,
        }
    }
}

impl DispatchOptions {
    /// Sets [`DispatchOptions::max_concurrency`] (at least 1).
    pub fn max_concurrency(mut self, calls: usize) -> Self {
        self.max_concurrency = calls.max(1);
        self
    }

    /// Sets [`DispatchOptions::max_argument_bytes`].
    pub fn max_argument_bytes(mut self, bytes: usize) -> Self {
        self.max_argument_bytes = bytes;
        self
    }

    /// Sets [`DispatchOptions::max_response_bytes`].
    pub fn max_response_bytes(mut self, bytes: usize) -> Self {
        self.max_response_bytes = bytes;
        self
    }

    /// Sets [`DispatchOptions::max_depth`].
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// Sets [`DispatchOptions::final_answer`].
    pub fn final_answer(mut self, on: bool) -> Self {
        self.final_answer = on;
        self
    }
}
