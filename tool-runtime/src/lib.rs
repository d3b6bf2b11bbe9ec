//! Typed LLM tools, defined once in Rust and compiled for every provider.
//!
//! `#[tool]` turns a function, a config struct or an internally tagged enum into a tool whose
//! description comes from its doc comment and whose JSON Schema comes from its types (through serde
//! and schemars). `#[toolbox]` turns an impl block into a dispatch table over its `#[tool]` methods,
//! or an enum of config-struct tools into typed parsing of a call.
//!
//! ```
//! use toolc::{tool, toolbox, Tool, Toolbox};
//!
//! /// Search the web and return the best matches.
//! ///
//! /// # Arguments
//! /// * `query` - The search query.
//! /// * `num_results` - How many results to return.
//! #[tool]
//! pub fn web_search(query: String, num_results: Option<u32>) -> Vec<String> {
//!     vec![query; num_results.unwrap_or(1) as usize]
//! }
//!
//! let def = WebSearchTool::definition();
//! assert_eq!(def.description, "Search the web and return the best matches.");
//! assert_eq!(def.input_schema["properties"]["query"]["description"], "The search query.");
//!
//! pub struct Browser { home: String }
//!
//! #[toolbox]
//! impl Browser {
//!     /// Open the home page.
//!     #[tool(name = "openHome", open_world)]
//!     pub async fn open_home(&self) -> String {
//!         format!("opened {}", self.home)
//!     }
//! }
//!
//! let browser = Browser { home: "https://example.com".into() };
//! let out = pollster::block_on(browser.call("openHome", "{}")).unwrap();
//! assert_eq!(out, "opened https://example.com");
//! ```
//!
//! # Attributes
//!
//! `#[tool(...)]` keys: `name = "…"` (default: the function name, or the type name in snake_case),
//! `description = "…"` (default: the doc comment), `rename_all = "camelCase"` (functions and methods:
//! how argument names are written; structs use `#[serde(rename_all)]`), and the MCP annotations
//! `title = "…"`, `read_only`, `destructive`, `idempotent`, `open_world` (each a flag or `= bool`);
//! on a function or method, `long_running` (a task when an MCP client follows tasks) or
//! `long_running = "required"` (only ever a task): [`TaskSupport`]; on a struct or enum whose
//! arguments are a tagged union, `union_form = "flat" | "nested" | "variants"`, the form it takes
//! where the render options choose none ([`ToolDef::with_union_form`]).
//!
//! `#[arg(...)]` on a function parameter: `rename = "…"`, `default` (the type's `Default`) or
//! `default = expr`, `description = "…"` (default: the parameter's `# Arguments` entry), and
//! `header = "…"` (on MCP's HTTP transport the value travels as the header `Mcp-Param-…` too, so a
//! gateway can route on it).
//!
//! A tool that takes a `&`[`CallContext`] reports progress, sees cancellation, logs, and asks its
//! caller: a form for the user typed by a Rust struct ([`CallContext::elicit`]), a message from the
//! client's model ([`CallContext::sample`]), the client's roots ([`CallContext::roots`]).
//!
//! A function parameter is an owned type implementing `Deserialize` and `JsonSchema`; `Option<T>` is
//! optional. The return type is `T`, `Result<T, E>` with `E: Display`, or `()`, sync or `async`, with
//! `T: Serialize`; when `T: JsonSchema`, its schema is the tool's output schema. A tool may also return
//! content beside its JSON output or instead of it: [`Image`], [`Audio`], [`Resource`],
//! [`ResourceLink`], [`ContentPart`] or `Vec<ContentPart>`, alone or as `(T, Image)` and the like
//! ([`IntoContent`]); the output schema is then `T`'s.
//!
//! Around the tools: toolboxes combined ([`Combine`]), narrowed ([`Toolbox::only`]) and prefixed
//! ([`Toolbox::prefixed`]), and the tool choice in each provider's words ([`ToolChoice`]).
//!
//! Definitions that arrive as JSON (an MCP server's `tools/list`, a configuration file, another
//! provider's format) are read into [`ToolDef`]s by `read` (feature `read`): `ToolDef::from_json`.
//! `ARCHITECTURE.md` in the repository maps the modules.
//!
//! # Guides
//!
//! A page a topic, each example in it compiled and run as a test: [`guide::tour`] (every provider,
//! toolboxes combined and narrowed, tool choice, images), [`guide::streaming`] (a response dispatched
//! as it streams in), [`guide::bedrock`] (Amazon Bedrock's Converse API), and, with the feature `read`,
//! `guide::run_time_definitions` (definitions read from JSON, tools defined as data, pinned
//! definitions). Serving over MCP, and an MCP server's tools as a toolbox, are the crate `toolc-mcp`'s.

#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// Lets the macros name this crate `::toolc` from inside it too.
extern crate self as toolc;

mod call;
mod caller;
mod choice;
mod content;
mod context;
mod decode;
mod def;
mod dialect;
pub mod dispatch;
mod error;
#[doc(hidden)]
pub mod export;
#[cfg(feature = "read")]
pub mod lock;
mod open_models;
mod passes;
pub mod pointer;
mod provider;
#[cfg(feature = "read")]
pub mod read;
pub mod registry;
pub mod schema;
mod tool;
mod toolbox;

/// Guides: one topic a page, the examples compiled and run as doctests. Their text is in the crate's
/// `docs/` folder.
pub mod guide {
    #[doc = include_str!("../docs/tour.md")]
    pub mod tour {}

    #[doc = include_str!("../docs/streaming.md")]
    pub mod streaming {}

    #[doc = include_str!("../docs/bedrock.md")]
    pub mod bedrock {}

    #[doc = include_str!("../docs/open-models.md")]
    pub mod open_models {}

    #[cfg(feature = "read")]
    #[doc = include_str!("../docs/run-time-definitions.md")]
    pub mod run_time_definitions {}
}

pub use caller::Caller;
pub use choice::{ChoiceError, ChoiceOptions, ToolChoice};
pub use content::{Audio, ContentPart, Image, IntoContent, NoJson, Resource, ResourceLink, ToolOutput};
pub use context::{
    Answer, Ask, AskError, Asker, CallContext, Elicited, Form, FormChoice, FormField, Level, Progress, Question,
    QuestionKind, Root, Sampled, Sampling,
};
pub use def::{Annotations, SourceLocation, TaskSupport, ToolDef, ToolExample};
pub use dialect::{RenderOptions, Target, UnionForm, UnknownTarget};
pub use dispatch::{
    Arguments, CallStream, DispatchError, DispatchOptions, Exchange, FinalAnswer, Interruption, StreamEvent, Streamed,
    ToolCall, ToolResult,
};
pub use error::{ArgumentProblem, ToolError};
pub use open_models::{GrammarEngine, Server, UnknownName};
pub use passes::report::{Change, ChangeKind, LoweringReport, Remedy, RenderError, Rendered};
pub use provider::render_tools;
pub use tool::{ConfigTool, FnTool, Tool};
pub use toolbox::compose::{Combine, Combined, ComposeError, Only, Prefixed};
#[cfg(feature = "read")]
pub use toolbox::{DynamicToolbox, JsonTools};
pub use toolbox::{ParsedCall, ToolList, ToolSet, Toolbox};
pub use toolc_macros::{Form, tool, toolbox};

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

/// The README's example, compiled and run as a doctest so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeQuickStart;
