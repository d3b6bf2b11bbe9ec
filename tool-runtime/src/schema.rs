//! Schema generation: the one JSON Schema (draft 2020-12) every target is lowered from, made from
//! Rust types by schemars; and the schema helpers a program reading definitions needs.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::Value;

use crate::passes::formats::written_range;

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

/// Writes the range of each Rust integer type into its schema (`minimum` and `maximum`, where
/// schemars leaves them out: it writes `format: uint32` and `minimum: 0`, and nothing of the top): a
/// model held to the schema then sends no integer the type cannot hold, which serde would refuse.
/// A 64-bit type's bounds are the nearest doubles inside its range ([`written_range`]).
fn bound_integers(schema: &mut Value) {
    let _ = crate::passes::walk::walk_mut::<()>(schema, "", &mut |node, _| {
        let Some((min, max)) = node.get("format").and_then(Value::as_str).and_then(written_range) else {
            return Ok(());
        };
        node.entry("minimum").or_insert_with(|| integer(min));
        node.entry("maximum").or_insert_with(|| integer(max));
        Ok(())
    });
}

/// An integer bound as JSON, exact (every bound fits an `i64` or a `u64`).
fn integer(bound: i128) -> Value {
    match (i64::try_from(bound), u64::try_from(bound)) {
        (Ok(small), _) => Value::from(small),
        (_, Ok(large)) => Value::from(large),
        _ => unreachable!("integer bounds are within 64 bits"),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_bounds_are_the_types_limits_or_the_nearest_double_inside_them() {
        assert_eq!(written_range("uint32"), Some((0, u32::MAX.into())));
        assert_eq!(written_range("int32"), Some((i32::MIN.into(), i32::MAX.into())));
        assert_eq!(written_range("int64"), Some((-(1 << 63) + 1024, (1 << 63) - 1024)));
        assert_eq!(written_range("uint64"), Some((0, (1 << 64) - 2048)));
        use crate::passes::formats::is_wide_limit;
        assert!(is_wide_limit("maximum", &serde_json::json!(18446744073709549568u64)));
        assert!(is_wide_limit("minimum", &serde_json::json!(-9223372036854774784i64)));
        assert!(!is_wide_limit("minimum", &serde_json::json!(0)), "an unsigned type's least is any schema's");
        for bound in [(1 << 63) - 1024, (1 << 64) - 2048] {
            assert_eq!(bound as f64 as i128, bound, "{bound} is exact as a double");
        }
        assert_eq!(integer((1 << 64) - 2048), serde_json::json!(18446744073709549568u64));
        assert_eq!(integer(-(1 << 63) + 1024), serde_json::json!(-9223372036854774784i64));
        let mut schema = serde_json::json!({"properties": {
            "a": {"type": "integer", "format": "int32"},
            "b": {"type": "integer", "format": "int64"},
            "c": {"type": "integer", "format": "uint64", "minimum": 0}
        }});
        bound_integers(&mut schema);
        let bounds = |field: &str| {
            (schema["properties"][field]["minimum"].clone(), schema["properties"][field]["maximum"].clone())
        };
        assert_eq!(bounds("a"), (serde_json::json!(i32::MIN), serde_json::json!(i32::MAX)), "exact: the type's own");
        assert_eq!(
            bounds("b"),
            (serde_json::json!(-9223372036854774784i64), serde_json::json!(9223372036854774784i64))
        );
        assert_eq!(bounds("c"), (serde_json::json!(0), serde_json::json!(18446744073709549568u64)));
    }
}
