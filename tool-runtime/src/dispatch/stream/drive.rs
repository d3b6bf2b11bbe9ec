//! Running a stream's calls as they complete: one future polls the stream and the calls started so
//! far, each call starting the moment its arguments are complete (at most
//! [`DispatchOptions::max_concurrency`] at once) while the stream goes on.

use std::collections::VecDeque;
use std::future::{Future, IntoFuture, poll_fn};
use std::pin::Pin;
use std::task::Poll;

use futures_util::stream::{FuturesUnordered, StreamExt};

use super::source::{Pull, Source};
use super::{CallStream, StreamEvent, Streamed};
use crate::Target;
use crate::call::DispatchError;
use crate::call::{ToolCall, ToolResult};
use crate::dispatch::Runner;
use crate::dispatch::options::DispatchOptions;
use crate::dispatch::{self, Exchange};

/// A streamed dispatch, ready to be awaited: made by
/// [`Toolbox::dispatch_stream`](crate::Toolbox::dispatch_stream) and its siblings. Awaiting it reads
/// the whole stream and gives the [`Exchange`], as [`Toolbox::dispatch`](crate::Toolbox::dispatch) gives for a finished
/// response.
#[must_use = "a streamed dispatch does nothing until it is awaited"]
pub struct StreamDispatch<'a, T, S, F = fn(StreamEvent<'_>)> {
    toolbox: &'a T,
    target: Target,
    source: S,
    options: DispatchOptions,
    on_event: F,
}

impl<'a, T, S> StreamDispatch<'a, T, S> {
    pub(crate) fn new(toolbox: &'a T, target: Target, source: S, options: DispatchOptions) -> Self {
        StreamDispatch { toolbox, target, source, options, on_event: |_| {} }
    }
}

impl<'a, T, S, F> StreamDispatch<'a, T, S, F> {
    /// Calls `on_event` with the model's text as it arrives, and as each call starts and finishes.
    pub fn on_event<G: FnMut(StreamEvent<'_>) + Send + 'a>(self, on_event: G) -> StreamDispatch<'a, T, S, G> {
        let StreamDispatch { toolbox, target, source, options, .. } = self;
        StreamDispatch { toolbox, target, source, options, on_event }
    }
}

impl<'a, T, S, F> IntoFuture for StreamDispatch<'a, T, S, F>
where
    T: Runner + 'a,
    S: Source + 'a,
    F: FnMut(StreamEvent<'_>) + Send + 'a,
{
    type Output = Result<Exchange, DispatchError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        let StreamDispatch { toolbox, target, source, options, on_event } = self;
        Box::pin(drive(toolbox, target, source, options, on_event))
    }
}

/// What the next wake-up brought: a call finished, or the source was read.
enum Step {
    Answered((usize, ToolCall, ToolResult)),
    Pulled(Pull),
}

async fn drive<T: Runner, S: Source>(
    toolbox: &T,
    target: Target,
    mut source: S,
    options: DispatchOptions,
    mut on_event: impl FnMut(StreamEvent<'_>) + Send,
) -> Result<Exchange, DispatchError> {
    let mut stream = CallStream::new(target, &options)?;
    let limit = options.max_concurrency.max(1);
    // Every call in the order it completed; a call is taken out while it runs.
    let mut calls: Vec<Option<ToolCall>> = Vec::new();
    let mut results: Vec<(usize, ToolResult)> = Vec::new();
    let mut completed: Vec<ToolCall> = Vec::new();
    let mut waiting: VecDeque<(usize, ToolCall)> = VecDeque::new();
    let mut running = FuturesUnordered::new();
    let mut final_answer = None;
    let (mut reading, mut read_error, mut malformed) = (true, None, None);
    loop {
        while running.len() < limit
            && let Some((slot, call)) = waiting.pop_front()
        {
            on_event(StreamEvent::Started(&call));
            running.push(run(toolbox, slot, call, &options));
        }
        if !reading && running.is_empty() {
            break;
        }
        let step = poll_fn(|cx| {
            if let Poll::Ready(Some(answered)) = running.poll_next_unpin(cx) {
                return Poll::Ready(Step::Answered(answered));
            }
            if reading {
                let mut on = |streamed: Streamed<'_>| match streamed {
                    Streamed::Text(text) => on_event(StreamEvent::Text(text)),
                    Streamed::Call(call) => completed.push(call),
                };
                if let Poll::Ready(pull) = source.poll_feed(cx, &mut stream, &mut on) {
                    return Poll::Ready(Step::Pulled(pull));
                }
            }
            Poll::Pending
        })
        .await;
        match step {
            Step::Answered((slot, call, result)) => {
                on_event(StreamEvent::Answered(&result));
                calls[slot] = Some(call);
                results.push((slot, result));
            }
            Step::Pulled(pull) => {
                // Every call complete before a malformed event runs too, so what runs does not
                // depend on the pieces the bytes came in.
                for call in completed.drain(..) {
                    if let Some(answer) = dispatch::final_answer_of(&call, &options, &final_answer) {
                        final_answer = Some(answer);
                        calls.push(Some(call));
                    } else {
                        waiting.push_back((calls.len(), call));
                        calls.push(None);
                    }
                }
                match pull {
                    Pull::Fed => reading = !stream.failed(),
                    Pull::End => reading = false,
                    Pull::Failed(err) => (reading, read_error) = (false, Some(err)),
                    Pull::Malformed(err) => (reading, malformed) = (false, Some(err)),
                }
            }
        }
    }
    if let Some(err) = malformed {
        return Err(err);
    }
    let interrupted = stream.finish_after(read_error);
    let calls = calls.into_iter().map(|call| call.expect("every started call has finished")).collect();
    results.sort_unstable_by_key(|(slot, _)| *slot);
    let results = results.into_iter().map(|(_, result)| result).collect();
    let mut exchange = dispatch::exchange(target, calls, results, final_answer);
    exchange.interrupted = interrupted;
    Ok(exchange)
}

/// Runs one call, giving it back with its result and its place among the stream's calls.
async fn run<T: Runner>(
    toolbox: &T,
    slot: usize,
    call: ToolCall,
    options: &DispatchOptions,
) -> (usize, ToolCall, ToolResult) {
    let result = dispatch::answer(toolbox, &call, options).await;
    (slot, call, result)
}
