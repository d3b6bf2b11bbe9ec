//! Schema generation: the one JSON Schema (draft 2020-12) every target is lowered from.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::Value;

/// The settings every tool schema is generated with: draft 2020-12, definitions under `$defs`,
/// no `$schema` keyword (targets add it where they want it).
pub fn settings() -> SchemaSettings {
    SchemaSettings::draft2020_12().with(|settings| settings.meta_schema = None)
}

/// The input schema of a tool whose arguments deserialize into `T`.
///
/// The root's `title` and `description` are dropped: the root is the arguments object, whose name is
/// the tool's and whose description is the tool's description.
///
/// ```
/// use schemars::JsonSchema;
/// use serde_json::json;
///
/// /// Arguments.
/// #[derive(JsonSchema)]
/// struct Args {
///     /// The query.
///     query: String,
/// }
///
/// assert_eq!(
///     tool_runtime::schema::input_schema::<Args>(),
///     json!({
///         "type": "object",
///         "properties": {"query": {"type": "string", "description": "The query."}},
///         "required": ["query"]
///     })
/// );
/// ```
pub fn input_schema<T: JsonSchema>() -> Value {
    let mut schema = settings().into_generator().into_root_schema_for::<T>().to_value();
    if let Some(root) = schema.as_object_mut() {
        root.remove("title");
        root.remove("description");
    }
    schema
}

/// The output schema of a tool that returns `T`, with its `title` and `description` kept: they tell
/// the reader what the output is.
pub fn output_schema<T: JsonSchema>() -> Value {
    settings().into_generator().into_root_schema_for::<T>().to_value()
}
