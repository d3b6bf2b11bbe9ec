//! [`DispatchOptions`]: the limits and choices of handling a provider response.

/// How a response's tool calls are run, and the limits untrusted input must stay within.
///
/// ```
/// use toolc::DispatchOptions;
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

    /// Refuses the arguments of a call of `tool` that are larger than
    /// [`max_argument_bytes`](DispatchOptions::max_argument_bytes) or nest deeper than
    /// [`max_depth`](DispatchOptions::max_depth), with the error the model reads: the check dispatch
    /// makes before it decodes a call, for a server that runs calls itself. Arguments that arrive
    /// parsed are measured as their compact JSON text, without writing it.
    ///
    /// ```
    /// use serde_json::json;
    /// use toolc::{Arguments, DispatchOptions};
    ///
    /// let limits = DispatchOptions::default().max_depth(2);
    /// let deep = json!({"a": {"b": {"c": 1}}});
    /// let err = limits.check_limits("search", Arguments::Object(deep.as_object().unwrap())).unwrap_err();
    /// assert!(err.to_string().contains("nest"), "{err}");
    /// assert!(limits.check_limits("search", Arguments::Text(r#"{"a": 1}"#)).is_ok());
    /// ```
    pub fn check_limits(&self, tool: &str, arguments: crate::Arguments<'_>) -> Result<(), crate::ToolError> {
        match arguments {
            crate::Arguments::Text(text) => super::check_text_limits(tool, text, self),
            crate::Arguments::Object(object) => super::check_object_limits(tool, object, self),
        }
    }
}
