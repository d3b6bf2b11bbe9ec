//! [`Toolbox`]: the trait `#[toolbox]` implements on an impl block, a value's tools listed, rendered
//! and called, and a provider's response dispatched; its adapters ([`compose`]) and [`ToolSet`],
//! the typed parsing `#[toolbox]` gives an enum.

pub(crate) mod compose;
#[cfg(feature = "read")]
mod dynamic;
#[cfg(feature = "read")]
mod json_tools;
mod list;
mod set;

use std::future::Future;

use futures_util::FutureExt;
use futures_util::io::AsyncRead;
use futures_util::stream::Stream;
use serde_json::Value;

use crate::call::{Arguments, DispatchError};
use crate::dispatch::stream::{ByteChunks, ParsedEvents, ReaderChunks};
use crate::dispatch::{self, DispatchOptions, Exchange, Runner, StreamDispatch};
use crate::{CallContext, RenderError, RenderOptions, Rendered, Target, ToolDef, ToolError, ToolOutput, render_tools};
use compose::{ComposeError, Only, Prefixed};
#[cfg(feature = "read")]
pub use dynamic::DynamicToolbox;
#[cfg(feature = "read")]
pub use json_tools::JsonTools;
pub use list::{RenderCache, ToolList};
pub use set::{ParsedCall, ToolSet};

/// A dispatch table over the `#[tool]` methods of an impl block, made by `#[toolbox]`.
///
/// `&self` is the context the methods share; it never appears in a schema. The tools belong to the
/// value, not only to its type: a combined or narrowed toolbox ([`Toolbox::only`],
/// [`Combine::combine`](crate::Combine::combine)) lists what it was made with.
///
/// A toolbox written by hand gives two things: its tools ([`Toolbox::tool_list`]) and one call
/// method, [`Toolbox::call_arguments`], which takes the arguments (text or an object), the call's
/// [`CallContext`], and gives the whole [`ToolOutput`]. Everything else — [`Toolbox::call`],
/// [`Toolbox::render`], [`Toolbox::handle`], the `dispatch` methods, [`Toolbox::only`],
/// [`Toolbox::prefixed`] — is provided on top of those two and is not meant to be overridden:
/// every call, from whichever entry, reaches `call_arguments` with its context.
///
/// ```
/// use toolc::{toolbox, Toolbox};
///
/// struct Calculator;
///
/// #[toolbox]
/// impl Calculator {
///     /// Add two numbers.
///     #[tool]
///     fn add(a: i64, b: i64) -> i64 {
///         a + b
///     }
/// }
///
/// let out = pollster::block_on(Calculator.call("add", r#"{"a": 1, "b": 2}"#)).unwrap();
/// assert_eq!(out, 3);
/// assert_eq!(Calculator.tools()[0].name, "add");
/// ```
pub trait Toolbox: Sync {
    /// The names of the tools every value of the type lists, when the type knows them at compile
    /// time (`#[toolbox]` does); empty otherwise. [`Combine::combine`](crate::Combine::combine) uses
    /// them to refuse a name two members share when the program is compiled.
    const NAMES: &'static [&'static str] = &[];

    /// The tools this value serves, with their renderings kept.
    fn tool_list(&self) -> &ToolList;

    /// Runs the tool `name` with `arguments`, given as text or as an already parsed JSON object
    /// ([`Arguments`]), in `context` (which a tool taking `&CallContext` reports progress to and
    /// learns of its cancellation from), and gives the whole [`ToolOutput`]: the JSON output and the
    /// content parts (images and the like) beside it. The one method a toolbox written by hand
    /// implements.
    ///
    /// An unknown name or arguments that do not fit are a [`ToolError`] worded for the model. An
    /// object and its text give the same result; `#[toolbox]` reads an object as it is, without
    /// writing it as text first. `#[toolbox]` catches a tool's panic as [`ToolError::Panicked`];
    /// dispatch and `toolc-mcp`'s server catch those of any toolbox
    /// ([`dispatch::catch_panics`](crate::dispatch::catch_panics)).
    fn call_arguments(
        &self,
        name: &str,
        arguments: Arguments<'_>,
        context: &CallContext,
    ) -> impl Future<Output = Result<ToolOutput, ToolError>> + Send;

    /// The definitions of every tool, in the order they are listed (source order for `#[toolbox]`).
    fn tools(&self) -> &[ToolDef] {
        self.tool_list().tools()
    }

    /// The value of a request's `tools` field for the target, rendered on the first call and kept:
    /// later calls only read it.
    fn render(&self, target: Target) -> Result<&Value, RenderError> {
        self.tool_list().render(target)
    }

    /// The value of a request's `tools` field with per-target options, and the lowering report.
    fn render_with(&self, target: Target, options: &RenderOptions) -> Result<Rendered, RenderError> {
        render_tools(self.tools(), target, options)
    }

    /// Runs the tool `name` with `arguments` (JSON text) and returns its output as JSON (`null` for a
    /// tool that returns content alone: [`Toolbox::call_arguments`] gives the content too).
    ///
    /// An unknown name or arguments that do not fit are a [`ToolError`]; a tool that panics (in its
    /// body, or in a hand-written `Deserialize` of its arguments or `Serialize` of its output) is
    /// [`ToolError::Panicked`], and the caller goes on.
    fn call(&self, name: &str, arguments: &str) -> impl Future<Output = Result<Value, ToolError>> + Send {
        self.call_with(name, arguments, CallContext::detached())
    }

    /// [`Toolbox::call`] with the call's [`CallContext`], which a tool taking `&CallContext` reports
    /// progress to and learns of its cancellation from (an MCP server passes the client's).
    fn call_with(
        &self,
        name: &str,
        arguments: &str,
        context: &CallContext,
    ) -> impl Future<Output = Result<Value, ToolError>> + Send {
        // A map around the call's future, not an `async` block: the block would move the call's
        // whole state once more when first polled.
        self.call_arguments(name, Arguments::Text(arguments), context).map(|output| output.map(|output| output.json))
    }

    /// This toolbox narrowed to the tools `names`, for one step of an agent: it lists, renders and
    /// calls those alone, and answers a call of any other as an unknown tool listing the allowed
    /// ones. A name that is not a tool of the toolbox is an error, with a did-you-mean.
    ///
    /// ```
    /// use toolc::{toolbox, Target, Toolbox};
    ///
    /// struct Browser;
    ///
    /// #[toolbox]
    /// impl Browser {
    ///     /// Open a page.
    ///     #[tool]
    ///     fn navigate(url: String) -> String { format!("opened {url}") }
    ///     /// Read the open page.
    ///     #[tool]
    ///     fn read_page() -> String { "text".into() }
    ///     /// Close the browser.
    ///     #[tool]
    ///     fn close() {}
    /// }
    ///
    /// let browser = Browser;
    /// let step = browser.only(["navigate", "read_page"]).unwrap();
    /// assert_eq!(step.render(Target::OpenAi).unwrap().as_array().unwrap().len(), 2);
    /// let refused = pollster::block_on(step.call("close", "{}")).unwrap_err();
    /// assert_eq!(refused.to_string(), "unknown tool `close`. Available tools: navigate, read_page.");
    /// let typo = browser.only(["navigat"]).unwrap_err();
    /// assert!(typo.to_string().contains("did you mean `navigate`?"));
    /// ```
    fn only<S: AsRef<str>>(&self, names: impl IntoIterator<Item = S>) -> Result<Only<'_, Self>, ComposeError>
    where
        Self: Sized,
    {
        Only::new(self, names, true)
    }

    /// This toolbox without the tools `names`: [`Toolbox::only`] the others.
    fn except<S: AsRef<str>>(&self, names: impl IntoIterator<Item = S>) -> Result<Only<'_, Self>, ComposeError>
    where
        Self: Sized,
    {
        Only::new(self, names, false)
    }

    /// This toolbox with `prefix` before each tool name (`"files_"` makes `read` `files_read`), so
    /// that toolboxes with a tool of the same name can be combined. Each prefixed name must be one
    /// every provider accepts.
    fn prefixed(self, prefix: &str) -> Result<Prefixed<Self>, ComposeError>
    where
        Self: Sized,
    {
        Prefixed::new(self, prefix)
    }

    /// Runs every tool call of a provider response (its JSON bytes) and returns what goes back to
    /// the provider, in its format: see [`Exchange::reply`]. Calls run concurrently, answered in order;
    /// a call that fails, has bad arguments or panics is answered with an error the model can act on.
    fn handle(
        &self,
        target: Target,
        response: impl AsRef<[u8]> + Send,
    ) -> impl Future<Output = Result<Value, DispatchError>> + Send
    where
        Self: Sized,
    {
        async move { self.dispatch(target, response, DispatchOptions::default()).await.map(|exchange| exchange.reply) }
    }

    /// [`Toolbox::handle`] with options, returning the calls and results too (for an agent's history).
    ///
    /// A complete agent step loop, replaying recorded Anthropic responses instead of a network call:
    ///
    /// ```
    /// use toolc::{render_tools, toolbox, DispatchOptions, FinalAnswer, RenderOptions, Target, Tool, Toolbox};
    ///
    /// struct Calculator;
    ///
    /// #[toolbox]
    /// impl Calculator {
    ///     /// Add two numbers.
    ///     #[tool]
    ///     fn add(a: i64, b: i64) -> i64 {
    ///         a + b
    ///     }
    /// }
    ///
    /// // The request's `tools`: the toolbox and the opt-in final answer.
    /// let mut tools = Calculator.tools().to_vec();
    /// tools.push(FinalAnswer::definition().clone());
    /// let request_tools = render_tools(&tools, Target::Anthropic, &RenderOptions::default()).unwrap().value;
    /// assert_eq!(request_tools.as_array().unwrap().len(), 2);
    ///
    /// // What the model answers, step by step (a real agent sends `request_tools` and the messages).
    /// let recorded = [
    ///     r#"{"role": "assistant", "content": [
    ///         {"type": "text", "text": "Let me add."},
    ///         {"type": "tool_use", "id": "t1", "name": "add", "input": {"a": 2, "b": "3"}}]}"#,
    ///     r#"{"role": "assistant", "content": [
    ///         {"type": "tool_use", "id": "t2", "name": "add", "input": {"a": 2, "b": 3}}]}"#,
    ///     r#"{"role": "assistant", "content": [
    ///         {"type": "tool_use", "id": "t3", "name": "final_answer", "input": {"answer": "2 + 3 = 5"}}]}"#,
    /// ];
    /// let options = DispatchOptions::default().final_answer(true);
    /// let mut history = Vec::new();
    /// let mut answer = None;
    /// for response in recorded {
    ///     let exchange = pollster::block_on(Calculator.dispatch(Target::Anthropic, response, options)).unwrap();
    ///     history.extend(exchange.calls.into_iter().zip(exchange.results));
    ///     if exchange.final_answer.is_some() {
    ///         answer = exchange.final_answer;
    ///         break;
    ///     }
    ///     // `exchange.reply` is the user message with the tool results: send it next.
    ///     assert_eq!(exchange.reply["role"], "user");
    /// }
    /// assert_eq!(answer.as_deref(), Some("2 + 3 = 5"));
    /// let (first_call, first_result) = &history[0];
    /// assert!(first_result.is_error, "the model sent \"3\" for a number and was told so");
    /// assert!(first_result.text().contains("at /b: expected an integer"));
    /// assert_eq!(history[1].1.text(), "5");
    /// assert_eq!(first_call.id.as_deref(), Some("t1"));
    /// ```
    fn dispatch(
        &self,
        target: Target,
        response: impl AsRef<[u8]> + Send,
        options: DispatchOptions,
    ) -> impl Future<Output = Result<Exchange, DispatchError>> + Send
    where
        Self: Sized,
    {
        async move { dispatch::dispatch(self, target, response.as_ref(), options).await }
    }

    /// [`Toolbox::dispatch`] for a response that is still streaming: its server-sent-event bytes, in
    /// chunks of any size as they come off the socket (e.g. an HTTP client's byte stream). Each call
    /// starts the moment its arguments are complete, while the stream goes on; the calls run
    /// concurrently as in `dispatch`, and the [`Exchange`] is the one `dispatch` gives on the
    /// finished response. A stream cut short (the provider's error event, a failed read, bytes that
    /// stop) still answers the calls completed before it, and says what happened in
    /// [`Exchange::interrupted`]. [`StreamDispatch::on_event`] hands on the model's text as it arrives.
    ///
    /// A stream that is not the provider's shape is a [`DispatchError`] naming the event; every
    /// call complete before that event still runs to its end first (whatever pieces the bytes came
    /// in), and none after it starts.
    ///
    /// ```
    /// use futures_util::stream;
    /// use toolc::dispatch::StreamEvent;
    /// use toolc::{toolbox, DispatchOptions, Target, Toolbox};
    ///
    /// struct Calculator;
    ///
    /// #[toolbox]
    /// impl Calculator {
    ///     /// Add two numbers.
    ///     #[tool]
    ///     fn add(a: i64, b: i64) -> i64 {
    ///         a + b
    ///     }
    /// }
    ///
    /// // OpenAI chat chunks, as a socket gives them: cut anywhere.
    /// let sse = concat!(
    ///     r#"data: {"choices":[{"index":0,"delta":{"content":"Adding."}}]}"#, "\n\n",
    ///     r#"data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"add","arguments":"{\"a\":"}}]}}]}"#, "\n\n",
    ///     r#"data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":" 2, \"b\": 3}"}}]}}]}"#, "\n\n",
    ///     r#"data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#, "\n\n",
    ///     "data: [DONE]\n\n",
    /// );
    /// let chunks = stream::iter(sse.as_bytes().chunks(16).map(Ok::<_, std::io::Error>));
    /// let mut text = String::new();
    /// let exchange = pollster::block_on(
    ///     Calculator
    ///         .dispatch_stream(Target::OpenAi, chunks, DispatchOptions::default())
    ///         .on_event(|event| if let StreamEvent::Text(piece) = event { text.push_str(piece) }),
    /// )
    /// .unwrap();
    /// assert_eq!(text, "Adding.");
    /// assert_eq!(exchange.results[0].text(), "5");
    /// assert_eq!(exchange.reply[0]["tool_call_id"], "c1");
    /// assert_eq!(exchange.interrupted, None);
    /// ```
    fn dispatch_stream<S, B, E>(
        &self,
        target: Target,
        chunks: S,
        options: DispatchOptions,
    ) -> StreamDispatch<'_, Self, ByteChunks<S>>
    where
        Self: Sized,
        S: Stream<Item = Result<B, E>> + Send,
        B: AsRef<[u8]>,
        E: std::fmt::Display,
    {
        StreamDispatch::new(self, target, ByteChunks(Box::pin(chunks)), options)
    }

    /// [`Toolbox::dispatch_stream`] reading the stream from an [`AsyncRead`] (futures' trait; a
    /// tokio reader goes through `tokio_util::compat`).
    fn dispatch_read<R>(
        &self,
        target: Target,
        reader: R,
        options: DispatchOptions,
    ) -> StreamDispatch<'_, Self, ReaderChunks<R>>
    where
        Self: Sized,
        R: AsyncRead + Send,
    {
        let source = ReaderChunks { reader: Box::pin(reader), buffer: vec![0; 8 * 1024].into_boxed_slice() };
        StreamDispatch::new(self, target, source, options)
    }

    /// [`Toolbox::dispatch_stream`] for a stream whose server-sent events the caller has already
    /// parsed: `(name, data)` pairs, the name empty for an event without one.
    fn dispatch_events<S, N, D, E>(
        &self,
        target: Target,
        events: S,
        options: DispatchOptions,
    ) -> StreamDispatch<'_, Self, ParsedEvents<S>>
    where
        Self: Sized,
        S: Stream<Item = Result<(N, D), E>> + Send,
        N: AsRef<str>,
        D: AsRef<str>,
        E: std::fmt::Display,
    {
        StreamDispatch::new(self, target, ParsedEvents(Box::pin(events)), options)
    }

    /// [`Toolbox::dispatch`] for a response already parsed.
    fn dispatch_value(
        &self,
        target: Target,
        response: &Value,
        options: DispatchOptions,
    ) -> impl Future<Output = Result<Exchange, DispatchError>> + Send
    where
        Self: Sized,
    {
        dispatch::dispatch_value(self, target, response, options)
    }
}

/// Every toolbox is what dispatch runs calls on.
impl<T: Toolbox + ?Sized> Runner for T {
    fn tools(&self) -> &[ToolDef] {
        Toolbox::tools(self)
    }

    fn call_arguments(
        &self,
        name: &str,
        arguments: Arguments<'_>,
        context: &CallContext,
    ) -> impl Future<Output = Result<ToolOutput, ToolError>> + Send {
        Toolbox::call_arguments(self, name, arguments, context)
    }
}
