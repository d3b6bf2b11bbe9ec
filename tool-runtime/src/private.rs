//! Support for the code `#[tool]` and `#[toolbox]` generate. Not a public API: names here change
//! without notice.

use std::borrow::Cow;
use std::fmt::Display;
use std::marker::PhantomData;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::{IntoContent, ToolDef, ToolError, ToolOutput};

pub use core::future::Future;
pub use inventory;
pub use schemars;
pub use serde;
pub use serde_json;
pub use std::sync::OnceLock;

pub use crate::dispatch::panics::{guard, guard_json, guard_sync};
pub use crate::schema::input_schema;
pub use crate::toolbox::RenderCache;
pub use crate::toolbox::compose::combine::str_eq;

/// Parses a call's arguments for the tool `def`, from the raw JSON text (once) or a parsed object.
#[inline]
pub fn parse_arguments<'a, T: DeserializeOwned>(
    def: &ToolDef,
    arguments: impl Into<crate::Arguments<'a>>,
) -> Result<T, ToolError> {
    crate::decode::parse_any(&def.decoding(), arguments.into())
}

/// The JSON output of a tool that returned `value`.
pub fn output<T: Serialize>(tool: &'static str, value: T) -> Result<Value, ToolError> {
    serde_json::to_value(value).map_err(|err| ToolError::Failed {
        tool: Cow::Borrowed(tool),
        message: format!("its output could not be serialized to JSON: {err}"),
    })
}

/// The error of a tool that returned `Err(err)`.
pub fn failed<E: Display>(tool: &'static str, err: E) -> Result<ToolOutput, ToolError> {
    Err(ToolError::Failed { tool: Cow::Borrowed(tool), message: err.to_string() })
}

/// The `Ok` type of a `Result`-returning tool, so the output schema can name it even through aliases
/// such as `io::Result<T>`.
pub trait ResultOk {
    /// The success type.
    type Ok;
}

impl<T, E> ResultOk for Result<T, E> {
    type Ok = T;
}

/// Picks how a tool's return value of type `T` becomes its output, by autoref specialization:
/// `(&&OutputKind::<T>::new()).kind()` is [`AsContent`] when `T: IntoContent`, else [`AsJson`].
pub struct OutputKind<T>(PhantomData<T>);

impl<T> OutputKind<T> {
    /// The probe.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        OutputKind(PhantomData)
    }
}

/// Chosen when the return value is content ([`IntoContent`]).
pub trait ContentKind {
    /// [`AsContent`].
    fn kind(&self) -> AsContent {
        AsContent
    }
}

impl<T: IntoContent> ContentKind for &OutputKind<T> {}

/// Chosen otherwise: the return value is the JSON output.
pub trait JsonKind {
    /// [`AsJson`].
    fn kind(&self) -> AsJson {
        AsJson
    }
}

impl<T> JsonKind for OutputKind<T> {}

/// A return value that is the JSON output.
pub struct AsJson;

impl AsJson {
    /// The output of a tool that returned `value`.
    pub fn convert<T: Serialize>(self, tool: &'static str, value: T) -> Result<ToolOutput, ToolError> {
        output(tool, value).map(ToolOutput::json)
    }
}

/// A return value with content parts.
pub struct AsContent;

impl AsContent {
    /// The output of a tool that returned `value`.
    pub fn convert<T: IntoContent>(self, tool: &'static str, value: T) -> Result<ToolOutput, ToolError>
    where
        T::Json: Serialize,
    {
        let (json, parts) = value.into_content();
        let json = match json {
            Some(json) => output(tool, json)?,
            None => Value::Null,
        };
        Ok(ToolOutput::with_parts(json, parts))
    }
}

/// Picks the output schema of `T` by autoref specialization, `(&&&OutputSchema::<T>::new()).get()`:
/// for content with a JSON output, that output's schema; otherwise `T`'s when `T: JsonSchema`, and
/// `None` when neither.
pub struct OutputSchema<T>(PhantomData<T>);

impl<T> OutputSchema<T> {
    /// The probe.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        OutputSchema(PhantomData)
    }
}

/// Chosen when the output is content whose JSON output implements `JsonSchema`.
pub trait WithContentSchema {
    /// The JSON output's schema.
    fn get(&self) -> Option<Value>;
}

impl<T: IntoContent> WithContentSchema for &&OutputSchema<T>
where
    T::Json: JsonSchema,
{
    fn get(&self) -> Option<Value> {
        Some(crate::schema::output_schema::<T::Json>())
    }
}

/// Chosen when the output type implements `JsonSchema`.
pub trait WithSchema {
    /// The output schema.
    fn get(&self) -> Option<Value>;
}

impl<T: JsonSchema> WithSchema for &OutputSchema<T> {
    fn get(&self) -> Option<Value> {
        Some(crate::schema::output_schema::<T>())
    }
}

/// Chosen otherwise.
pub trait WithoutSchema {
    /// No output schema.
    fn get(&self) -> Option<Value>;
}

impl<T> WithoutSchema for OutputSchema<T> {
    fn get(&self) -> Option<Value> {
        None
    }
}

/// The annotations `#[tool(title, read_only, destructive, idempotent, open_world)]` set.
pub fn annotations(
    title: Option<&'static str>,
    read_only: Option<bool>,
    destructive: Option<bool>,
    idempotent: Option<bool>,
    open_world: Option<bool>,
) -> crate::Annotations {
    crate::Annotations {
        title: title.map(Cow::Borrowed),
        read_only_hint: read_only,
        destructive_hint: destructive,
        idempotent_hint: idempotent,
        open_world_hint: open_world,
    }
}

/// A tool argument strict mode can express; implemented for no type, so naming a map or free-form
/// JSON type of a strict tool here is a compile error with this text.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an argument of a strict tool: strict mode (OpenAI, Anthropic) has no maps and no free-form JSON",
    label = "a map or free-form JSON value in a strict tool",
    note = "use a `Vec` of key/value structs or a struct with named fields, or opt the tool out with `#[tool(strict = false)]`"
)]
pub trait StrictArgument {}

/// Names `T` where strict mode needs it to be expressible; see [`StrictArgument`].
pub fn strict_argument<T: StrictArgument>() {}

/// Checks every example of `def`: it must decode as a real call would (`parse`), and the tool must
/// render for every target.
pub fn check_examples(def: &ToolDef, parse: impl Fn(&str) -> Result<(), ToolError>) -> Result<(), String> {
    let mut failures = Vec::new();
    for (index, example) in def.examples.iter().enumerate() {
        if let Err(err) = parse(&example.arguments.to_string()) {
            failures.push(format!(
                "example {} of `{}`, {}, does not fit the tool: {err}",
                index + 1,
                def.name,
                example.arguments
            ));
        }
    }
    for target in crate::Target::ALL {
        if let Err(err) = def.render(target) {
            failures.push(err.to_string());
        }
    }
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n")) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ArgumentProblem;

    #[derive(serde::Deserialize, schemars::JsonSchema, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Args {
        query: String,
        pages: Vec<u32>,
    }

    fn def() -> ToolDef {
        ToolDef::new("search", "Search.", crate::schema::input_schema::<Args>())
    }

    fn problems(text: &str) -> Vec<ArgumentProblem> {
        match parse_arguments::<Args>(&def(), text) {
            Err(ToolError::InvalidArguments { problems, .. }) => problems,
            other => panic!("expected invalid arguments, got {other:?}"),
        }
    }

    #[test]
    fn a_type_error_points_at_the_value() {
        let problems = problems(r#"{"query": "x", "pages": [1, "two"]}"#);
        assert_eq!(problems, [ArgumentProblem::new("/pages/1", "expected an integer, got the string \"two\"")]);
    }

    #[test]
    fn a_missing_field_is_reported_at_the_root() {
        assert_eq!(problems(r#"{"pages": []}"#), [ArgumentProblem::new("", "missing required field `query`")]);
    }

    #[test]
    fn trailing_text_after_the_object_is_an_error() {
        let problems = problems(r#"{"query": "x", "pages": []} {"#);
        assert_eq!(problems.len(), 1);
        assert!(problems[0].message.starts_with("trailing characters"), "{problems:?}");
    }

    #[test]
    fn empty_and_null_arguments_mean_no_arguments() {
        #[derive(serde::Deserialize, schemars::JsonSchema)]
        struct NoArgs {}
        let def = ToolDef::new("t", "T.", crate::schema::input_schema::<NoArgs>());
        for text in ["", "  ", "null"] {
            assert!(parse_arguments::<NoArgs>(&def, text).is_ok(), "{text:?}");
        }
    }

    #[test]
    #[allow(clippy::needless_borrow)] // the borrows are the probe
    fn output_schema_probe_sees_json_schema_only_where_implemented() {
        struct Opaque;
        assert!((&&OutputSchema::<u32>::new()).get().is_some());
        assert!((&&OutputSchema::<Opaque>::new()).get().is_none());
    }

    #[test]
    fn const_str_eq() {
        assert!(str_eq("add", "add"));
        assert!(!str_eq("add", "adds"));
        assert!(!str_eq("add", "sub"));
    }
}
