//! A tool's panic caught where the tool is run and answered as [`ToolError::Panicked`], so an agent
//! loop or a server built on `call` goes on serving. User code runs in three places: decoding the
//! arguments (a hand-written `Deserialize`), the tool itself, and encoding its output (`Serialize`);
//! the guards cover all three. With `panic = "abort"` there is nothing to catch.

use std::any::Any;
use std::borrow::Cow;
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};

use futures_util::FutureExt;

use serde_json::Value;

use crate::{ToolError, ToolOutput};

/// The panic's message: its payload when that is a string.
fn message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic without a message)".to_owned())
}

/// [`ToolError::Panicked`] for the tool `tool`, whose run panicked with `payload`.
pub(crate) fn panicked(tool: impl Into<Cow<'static, str>>, payload: &(dyn Any + Send)) -> ToolError {
    ToolError::Panicked { tool: tool.into(), message: message(payload) }
}

/// Runs `future`, the call of the tool `tool`; a panic in any of its polls becomes
/// [`ToolError::Panicked`].
// Unwind safety: the future is dropped after its panic, and the state it shares through the context
// is the user's, whose types decide themselves how a panic leaves them (a `Mutex` is poisoned).
pub async fn guard<T>(tool: &str, future: impl Future<Output = Result<T, ToolError>>) -> Result<T, ToolError> {
    match AssertUnwindSafe(future).catch_unwind().await {
        Ok(outcome) => outcome,
        Err(payload) => Err(panicked(tool.to_owned(), &*payload)),
    }
}

/// [`guard`] for the JSON output alone (`Toolbox::call`), in the same future: a second future around
/// it would move the whole call's state once more.
pub async fn guard_json(
    tool: &str,
    future: impl Future<Output = Result<ToolOutput, ToolError>>,
) -> Result<Value, ToolError> {
    match AssertUnwindSafe(future).catch_unwind().await {
        Ok(outcome) => outcome.map(|output| output.json),
        Err(payload) => Err(panicked(tool.to_owned(), &*payload)),
    }
}

/// Runs `run`, which decodes a call of the tool `tool`; a panic becomes [`ToolError::Panicked`].
pub fn guard_sync<T>(tool: &'static str, run: impl FnOnce() -> Result<T, ToolError>) -> Result<T, ToolError> {
    catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|payload| Err(panicked(tool, &*payload)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_is_the_payload_when_it_is_text() {
        let panicked = |payload: Box<dyn Any + Send>| panicked("t", &*payload).to_string();
        assert_eq!(panicked(Box::new("boom")), "tool `t` panicked: boom");
        assert_eq!(panicked(Box::new(String::from("index 3"))), "tool `t` panicked: index 3");
        assert_eq!(panicked(Box::new(7_u8)), "tool `t` panicked: (a panic without a message)");
    }

    #[test]
    fn a_panic_in_a_later_poll_is_caught() {
        let mut polled = false;
        let future = std::future::poll_fn(move |context| {
            if !polled {
                polled = true;
                context.waker().wake_by_ref();
                return std::task::Poll::Pending;
            }
            panic!("second poll")
        });
        let outcome: Result<(), ToolError> = pollster::block_on(guard("slow", future));
        assert_eq!(outcome, Err(ToolError::Panicked { tool: "slow".into(), message: "second poll".into() }));
    }
}
