//! Streamed responses: a provider's server-sent events read as they arrive, each tool call handed
//! on the moment its arguments are complete.
//!
//! [`CallStream`] is the reading alone (bytes or events in, text and complete calls out), for a
//! caller that runs calls itself or parses them into a [`ToolSet`](crate::ToolSet).
//! [`Toolbox::dispatch_stream`](crate::Toolbox::dispatch_stream) also runs every call as soon as it
//! is complete, while the stream goes on, and answers like
//! [`Toolbox::dispatch`](crate::Toolbox::dispatch) on the finished response.

mod drive;
mod event_stream;
mod source;
mod sse;

use crate::Target;
use crate::call::{DispatchError, Interruption, Streamed, ToolCall, ToolResult};
use crate::dispatch::options::DispatchOptions;
use crate::provider::{self, Framing, ReadStream, framing};

pub use drive::StreamDispatch;
#[doc(hidden)]
pub use source::{ByteChunks, ParsedEvents, Pull, ReaderChunks, Source};

/// What [`Toolbox::dispatch_stream`](crate::Toolbox::dispatch_stream) tells its caller while it
/// reads and runs (see [`StreamDispatch::on_event`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum StreamEvent<'a> {
    /// A piece of the model's text, as it arrived: an agent prints it.
    Text(&'a str),
    /// A call's arguments are complete and it starts now (or as soon as fewer than
    /// [`DispatchOptions::max_concurrency`] calls run).
    Started(&'a ToolCall),
    /// A call has finished. (Content a provider would refuse, such as an image type it does not
    /// take, is turned into an error afterwards, in [`Exchange::results`](crate::Exchange::results).)
    Answered(&'a ToolResult),
}

/// The reading of one provider stream: bytes (or events already parsed) in, the model's text and
/// its complete tool calls out, in order.
///
/// ```
/// use toolc::{DispatchOptions, Target};
/// use toolc::dispatch::{CallStream, Streamed};
///
/// let sse = concat!(
///     "event: content_block_start\n",
///     r#"data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"add","input":{}}}"#,
///     "\n\nevent: content_block_delta\n",
///     r#"data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\": 2,"}}"#,
///     "\n\nevent: content_block_delta\n",
///     r#"data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":" \"b\": 3}"}}"#,
///     "\n\nevent: content_block_stop\n",
///     r#"data: {"type":"content_block_stop","index":0}"#,
///     "\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
/// );
/// let mut stream = CallStream::new(Target::Anthropic, &DispatchOptions::default()).unwrap();
/// let mut calls = Vec::new();
/// // The bytes may come in pieces of any size.
/// for piece in sse.as_bytes().chunks(10) {
///     stream.feed(piece, |streamed| if let Streamed::Call(call) = streamed { calls.push(call) }).unwrap();
/// }
/// assert_eq!(stream.finish(), None, "the stream ended as Anthropic ends a message");
/// assert_eq!(calls[0].name, "add");
/// // The pieces put together, without white space between tokens, as a finished message has them.
/// assert_eq!(calls[0].arguments, r#"{"a":2,"b":3}"#);
/// ```
#[derive(Debug)]
pub struct CallStream {
    target: Target,
    decoder: Decoder,
    reader: Box<dyn ReadStream>,
    events: usize,
    bytes: usize,
    max_bytes: usize,
    /// The first bytes, kept until an event is read, to show what came when none is.
    head: Vec<u8>,
}

/// The decoder of a provider's framing.
#[derive(Debug)]
enum Decoder {
    Sse(sse::Decoder),
    EventStream(event_stream::Decoder),
}

/// How many of the first bytes a [`CallStream`] keeps until it reads an event.
const HEAD: usize = 200;

impl CallStream {
    /// A reader of `target`'s stream, within `options`' response size limit (which applies to
    /// the stream as a whole). MCP and plain JSON Schema have no response stream: an error.
    pub fn new(target: Target, options: &DispatchOptions) -> Result<Self, DispatchError> {
        Ok(CallStream {
            target,
            decoder: match framing(target) {
                Framing::ServerSentEvents => Decoder::Sse(sse::Decoder::default()),
                Framing::AwsEventStream => Decoder::EventStream(event_stream::Decoder::default()),
            },
            reader: provider::stream(target)?,
            events: 0,
            bytes: 0,
            max_bytes: options.max_response_bytes,
            head: Vec::new(),
        })
    }

    /// Reads the next bytes of the stream, in a piece of any size, handing on the text and calls
    /// they complete. A stream that is not the provider's shape is an error naming the event.
    pub fn feed(&mut self, bytes: &[u8], mut on: impl FnMut(Streamed<'_>)) -> Result<(), DispatchError> {
        // The bytes within the limit are read first, so the error comes after the same events
        // whatever pieces the stream arrives in.
        let within = &bytes[..bytes.len().min(self.max_bytes.saturating_sub(self.bytes))];
        self.bytes += within.len();
        if self.events == 0 && self.head.len() < HEAD {
            self.head.extend_from_slice(&within[..within.len().min(HEAD - self.head.len())]);
        }
        let CallStream { target, decoder, reader, events, .. } = self;
        let target = *target;
        let mut on_event = |name: &[u8], data: &[u8]| {
            let at = *events;
            let text = |bytes, what| {
                std::str::from_utf8(bytes).map_err(|err| {
                    DispatchError::in_stream(target, at, "", format!("the event's {what} is not UTF-8: {err}"))
                })
            };
            read_event(&mut **reader, events, text(name, "name")?, text(data, "data")?, &mut on)
        };
        match decoder {
            Decoder::Sse(decoder) => decoder.feed(within, &mut on_event)?,
            Decoder::EventStream(decoder) => {
                decoder.feed(within, &mut on_event, |at, what| DispatchError::in_stream(target, at, "", what))?
            }
        }
        if within.len() < bytes.len() {
            return Err(self.over_the_limit());
        }
        Ok(())
    }

    /// Reads one event the caller has already parsed from the stream: its name (empty when it has
    /// none) and its data.
    pub fn feed_event(
        &mut self,
        name: &str,
        data: &str,
        mut on: impl FnMut(Streamed<'_>),
    ) -> Result<(), DispatchError> {
        self.bytes = self.bytes.saturating_add(name.len() + data.len());
        if self.bytes > self.max_bytes {
            return Err(self.over_the_limit());
        }
        read_event(&mut *self.reader, &mut self.events, name, data, &mut on)
    }

    /// Whether the provider has sent an error: the stream has ended and nothing more is read.
    pub fn failed(&self) -> bool {
        self.reader.failed()
    }

    /// Ends the reading once the stream has no more bytes: `None` when it ended as the provider
    /// ends a response with every call complete, or else how it was cut short.
    pub fn finish(self) -> Option<Interruption> {
        self.finish_after(None)
    }

    /// [`CallStream::finish`] after reading the stream failed with `read_error`.
    pub(crate) fn finish_after(self, read_error: Option<String>) -> Option<Interruption> {
        let mut interruption = self.reader.finish(self.events, read_error)?;
        if self.events == 0 && self.bytes > 0 {
            // Not a stream at all, such as an error body passed on as one: say what came.
            interruption.reason = format!(
                "{}; no {} came in its {} bytes, which begin: {}",
                interruption.reason,
                match self.decoder {
                    Decoder::Sse(_) => "server-sent event",
                    Decoder::EventStream(_) => "event-stream message",
                },
                self.bytes,
                String::from_utf8_lossy(&self.head)
            );
        }
        Some(interruption)
    }

    fn over_the_limit(&self) -> DispatchError {
        let message = format!("the stream is longer than its limit of {} bytes", self.max_bytes);
        DispatchError::in_stream(self.target, self.events, "", message)
    }
}

/// Reads one event unless the provider has already said the stream failed.
fn read_event(
    reader: &mut dyn ReadStream,
    events: &mut usize,
    name: &str,
    data: &str,
    on: &mut dyn FnMut(Streamed<'_>),
) -> Result<(), DispatchError> {
    if reader.failed() {
        return Ok(());
    }
    let at = *events;
    *events += 1;
    reader.event(at, name, data, on)
}
