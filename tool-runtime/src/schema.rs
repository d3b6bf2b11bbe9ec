//! Schema generation: the one JSON Schema (draft 2020-12) every target is lowered from, made from
//! Rust types by schemars; and the schema helpers a program reading definitions needs.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::Value;

use crate::passes::formats::integer_range;

pub use crate::passes::headers::has_headers;
pub use crate::passes::merge_object_all_of;
pub use crate::passes::refs::resolve;

/// The settings every tool schema is generated with: draft 2020-12, definitions under `$defs`,
/// no `$schema` keyword (targets add it where they want it).
pub fn settings() -> SchemaSettings {
    SchemaSettings::draft2020_12().with(|settings| settings.meta_schema = None)
}

/// The input schema of a tool whose arguments deserialize into `T`.
///
/// The root's `title` and `description` are dropped: the root is the arguments object, whose name is
/// the tool's and whose description is the tool's description. An object root always carries
/// `properties`, empty for a tool without arguments, as strict validators and MCP clients expect.
/// Each integer is bounded by its Rust type's range, as a call is read back.
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
///     toolc::schema::input_schema::<Args>(),
///     json!({
///         "type": "object",
///         "properties": {"query": {"type": "string", "description": "The query."}},
///         "required": ["query"]
///     })
/// );
/// ```
pub fn input_schema<T: JsonSchema>() -> Value {
    tidy_input_root(settings().into_generator().into_root_schema_for::<T>().to_value())
}

/// [`input_schema`]'s changes, apart so that they are compiled once, not per type.
fn tidy_input_root(mut schema: Value) -> Value {
    bound_integers(&mut schema);
    if let Some(root) = schema.as_object_mut() {
        root.remove("title");
        root.remove("description");
        if root.get("type").is_some_and(|ty| ty == "object") && !root.contains_key("properties") {
            root.insert("properties".to_owned(), Value::Object(Default::default()));
        }
    }
    schema
}

/// Writes the range of each Rust integer type of up to 32 bits into its schema (`minimum` and
/// `maximum`, where schemars leaves them out: it writes `format: uint32` and `minimum: 0`, and
/// nothing of the top): a model held to the schema then sends no integer the type cannot hold,
/// which serde would refuse.
fn bound_integers(schema: &mut Value) {
    let _ = crate::passes::walk::walk_mut::<()>(schema, "", &mut |node, _| {
        let Some((min, max)) = node.get("format").and_then(Value::as_str).and_then(integer_range) else {
            return Ok(());
        };
        // A 64-bit type's bounds are left out: JSON Schema validators compare numbers as doubles,
        // in which `i64::MAX` is 2^63, a number the type cannot hold, so the bound would admit it.
        if max > i128::from(u32::MAX) {
            return Ok(());
        }
        // Within 32 bits, so exact as an `i64`.
        let integer = |bound: i128| Value::from(i64::try_from(bound).unwrap_or_default());
        node.entry("minimum").or_insert_with(|| integer(min));
        node.entry("maximum").or_insert_with(|| integer(max));
        Ok(())
    });
}

/// The output schema of a tool that returns `T`. The root's `description` (the type's doc comment)
/// is kept; its `title` is dropped, since schemars makes one up for types without a name of their
/// own (`"Array_of_Page"`, `"uint8"`).
pub fn output_schema<T: JsonSchema>() -> Value {
    tidy_output_root(settings().into_generator().into_root_schema_for::<T>().to_value())
}

fn tidy_output_root(mut schema: Value) -> Value {
    if let Some(root) = schema.as_object_mut() {
        root.remove("title");
    }
    schema
}
