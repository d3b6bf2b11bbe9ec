//! The traits `#[tool]` implements: [`Tool`] (a name and a definition), [`ConfigTool`] (a config
//! struct parsed from a call) and [`FnTool`] (a function called with a call's arguments).

use std::future::Future;

use serde_json::Value;

use crate::{ToolDef, ToolError};

/// A tool made by `#[tool]`: a name known at compile time and a definition computed once.
///
/// `#[tool]` on a function `web_search` implements it for a generated unit struct `WebSearchTool`;
/// on a config struct or enum, for the type itself.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tool",
    label = "put `#[tool]` on the definition of `{Self}`",
    note = "a #[toolbox] enum's variants wrap types made tools by `#[tool]` on a struct with named fields or a tagged enum"
)]
pub trait Tool {
    /// The tool's name, as the model calls it.
    const NAME: &'static str;

    /// The tool's definition, built on first use and shared afterwards.
    fn definition() -> &'static ToolDef;
}

/// A tool whose call is a value of the type itself: a config struct or enum under `#[tool]`.
///
/// ```
/// use serde::Deserialize;
/// use schemars::JsonSchema;
/// use toolc::{tool, ConfigTool, Tool};
///
/// /// Colors found in the image.
/// #[tool(name = "extract_colors")]
/// #[derive(Deserialize, JsonSchema)]
/// pub struct ColorPalette {
///     /// Hex codes.
///     pub colors: Vec<String>,
///     pub confidence: f64,
/// }
///
/// let palette = ColorPalette::parse(r##"{"colors": ["#ff0000"], "confidence": 0.9}"##).unwrap();
/// assert_eq!(palette.colors, ["#ff0000"]);
/// assert_eq!(ColorPalette::NAME, "extract_colors");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a config-struct tool, so a call cannot be parsed into it",
    label = "put `#[tool]` on a struct with named fields or a tagged enum `{Self}`"
)]
pub trait ConfigTool: Tool + Sized {
    /// Parses a call's arguments (JSON text) into the value; a panic in a hand-written
    /// `Deserialize` is [`ToolError::Panicked`].
    fn parse(arguments: &str) -> Result<Self, ToolError>;
}

/// A stateless tool made by `#[tool]` on a free function, callable with JSON arguments.
///
/// ```
/// use toolc::{tool, FnTool};
///
/// /// Add two numbers.
/// #[tool]
/// fn add(a: i64, b: i64) -> i64 {
///     a + b
/// }
///
/// let sum = pollster::block_on(AddTool::call(r#"{"a": 2, "b": 3}"#)).unwrap();
/// assert_eq!(sum, 5);
/// ```
pub trait FnTool: Tool {
    /// Parses `arguments` (JSON text), runs the function, and returns its output as JSON; a panic
    /// is [`ToolError::Panicked`].
    fn call(arguments: &str) -> impl Future<Output = Result<Value, ToolError>> + Send;
}
