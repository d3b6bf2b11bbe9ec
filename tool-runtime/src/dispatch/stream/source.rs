//! Where a streamed dispatch reads from: a stream of byte chunks, an [`AsyncRead`], or a stream of
//! events the caller has already parsed, each fed into a [`CallStream`] a piece at a time.

use std::fmt::Display;
use std::pin::Pin;
use std::task::{Context, Poll};

use futures_util::io::AsyncRead;
use futures_util::stream::Stream;

use super::{CallStream, Streamed};
use crate::call::DispatchError;

/// What one poll of a [`Source`] brought.
#[doc(hidden)]
pub enum Pull {
    /// A piece was read.
    Fed,
    /// The stream has no more.
    End,
    /// Reading failed (a dropped connection): what the source said.
    Failed(String),
    /// The piece is not the provider's stream.
    Malformed(DispatchError),
}

/// Where a streamed dispatch reads from: byte chunks, a reader, or events already parsed.
#[doc(hidden)]
pub trait Source: Send {
    /// Reads the next piece into `stream`, handing on what it completes.
    fn poll_feed(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut CallStream,
        on: &mut dyn FnMut(Streamed<'_>),
    ) -> Poll<Pull>;
}

/// A stream of byte chunks.
#[doc(hidden)]
pub struct ByteChunks<S>(pub(crate) Pin<Box<S>>);

impl<S, B, E> Source for ByteChunks<S>
where
    S: Stream<Item = Result<B, E>> + Send,
    B: AsRef<[u8]>,
    E: Display,
{
    fn poll_feed(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut CallStream,
        on: &mut dyn FnMut(Streamed<'_>),
    ) -> Poll<Pull> {
        self.0.as_mut().poll_next(cx).map(|item| pull(item, |bytes| stream.feed(bytes.as_ref(), on)))
    }
}

/// A stream of events already parsed: (name, data) pairs.
#[doc(hidden)]
pub struct ParsedEvents<S>(pub(crate) Pin<Box<S>>);

impl<S, N, D, E> Source for ParsedEvents<S>
where
    S: Stream<Item = Result<(N, D), E>> + Send,
    N: AsRef<str>,
    D: AsRef<str>,
    E: Display,
{
    fn poll_feed(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut CallStream,
        on: &mut dyn FnMut(Streamed<'_>),
    ) -> Poll<Pull> {
        self.0
            .as_mut()
            .poll_next(cx)
            .map(|item| pull(item, |(name, data)| stream.feed_event(name.as_ref(), data.as_ref(), on)))
    }
}

/// An [`AsyncRead`], read into a buffer of its own.
#[doc(hidden)]
pub struct ReaderChunks<R> {
    pub(crate) reader: Pin<Box<R>>,
    pub(crate) buffer: Box<[u8]>,
}

impl<R: AsyncRead + Send> Source for ReaderChunks<R> {
    fn poll_feed(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut CallStream,
        on: &mut dyn FnMut(Streamed<'_>),
    ) -> Poll<Pull> {
        self.reader.as_mut().poll_read(cx, &mut self.buffer).map(|read| match read {
            Ok(0) => Pull::End,
            Ok(bytes) => fed(stream.feed(&self.buffer[..bytes], on)),
            Err(err) => Pull::Failed(err.to_string()),
        })
    }
}

/// What a stream's next item brought, `feed` reading a piece of it.
fn pull<T, E: Display>(item: Option<Result<T, E>>, feed: impl FnOnce(T) -> Result<(), DispatchError>) -> Pull {
    match item {
        None => Pull::End,
        Some(Err(err)) => Pull::Failed(err.to_string()),
        Some(Ok(piece)) => fed(feed(piece)),
    }
}

/// A piece fed: read, or not the provider's stream.
fn fed(outcome: Result<(), DispatchError>) -> Pull {
    match outcome {
        Ok(()) => Pull::Fed,
        Err(err) => Pull::Malformed(err),
    }
}
