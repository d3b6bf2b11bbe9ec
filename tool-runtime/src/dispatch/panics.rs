//! A tool's panic caught where the tool is run and answered as [`ToolError::Panicked`], so an agent
//! loop or a server built on `call` goes on serving. User code runs in three places: decoding the
//! arguments (a hand-written `Deserialize`), the tool itself, and encoding its output (`Serialize`);
//! the guards cover all three. With `panic = "abort"` there is nothing to catch.

use std::any::Any;
use std::borrow::Cow;
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::task::{Context, Poll};

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
pub fn guard<T>(
    tool: &str,
    future: impl Future<Output = Result<T, ToolError>>,
) -> impl Future<Output = Result<T, ToolError>> {
    Guard { tool, future }
}

/// [`guard`] for the JSON output alone (`Toolbox::call`), in the same future: a second future around
/// it would move the whole call's state once more.
pub fn guard_json(
    tool: &str,
    future: impl Future<Output = Result<ToolOutput, ToolError>>,
) -> impl Future<Output = Result<Value, ToolError>> {
    GuardJson(Guard { tool, future })
}

/// The future of [`guard`]: `future` polled where it lies, each poll under `catch_unwind`. Written
/// by hand because an `async fn` moves the future it is given into place at its first poll — a
/// copy of the call's whole state on every call.
struct Guard<'a, F> {
    tool: &'a str,
    future: F,
}

impl<T, F: Future<Output = Result<T, ToolError>>> Future for Guard<'_, F> {
    type Output = Result<T, ToolError>;

    #[inline]
    fn poll(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Self::Output> {
        // SAFETY: `future` is pinned whenever `Guard` is (structural pinning): it is never moved out,
        // `Guard` has no `Drop` of its own, and it is `Unpin` only when `F` is.
        let (tool, future) = unsafe {
            let Guard { tool, future } = self.get_unchecked_mut();
            (*tool, Pin::new_unchecked(future))
        };
        match catch_unwind(AssertUnwindSafe(|| future.poll(context))) {
            Ok(poll) => poll,
            Err(payload) => Poll::Ready(Err(panicked(tool.to_owned(), &*payload))),
        }
    }
}

/// The future of [`guard_json`].
struct GuardJson<'a, F>(Guard<'a, F>);

impl<F: Future<Output = Result<ToolOutput, ToolError>>> Future for GuardJson<'_, F> {
    type Output = Result<Value, ToolError>;

    #[inline]
    fn poll(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Self::Output> {
        // SAFETY: the `Guard` is pinned whenever `GuardJson` is, as in `Guard::poll`.
        let guard = unsafe { self.map_unchecked_mut(|guard| &mut guard.0) };
        guard.poll(context).map(|outcome| outcome.map(json_alone))
    }
}

/// The JSON of `output`, its parts dropped. Most outputs have none, and a `Vec` that never allocated
/// holds nothing to drop: it is forgotten, which spares each call a call of the parts' drop glue.
#[inline]
fn json_alone(output: ToolOutput) -> Value {
    let ToolOutput { json, parts } = output;
    if parts.capacity() == 0 {
        std::mem::forget(parts);
    } else {
        drop(parts);
    }
    json
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
