//! The root of an arguments schema: one object with `properties`, as every provider's must be.

use serde_json::{Value, json};

use crate::passes::report::{Lowering, RenderError};

/// Makes sure the arguments schema is one object with `properties`, as every provider's root must
/// be: a root union left after [`flat_copy`](crate::passes::union::flat_copy) (which flattens one
/// tagged by a field) is refused.
pub(crate) fn object_root(schema: &mut Value, path: &str, lowering: &Lowering) -> Result<(), RenderError> {
    object_or_union_root(schema, path, lowering)?;
    if schema.get("$ref").is_some() {
        return Err(lowering.error(path, "the arguments must be one object: the root refers to itself (`$ref`)"));
    }
    if schema.get("type").is_none() {
        return Err(lowering.error(
            path,
            "the arguments must be one object: a root `anyOf`/`oneOf` whose branches are not objects tagged by one \
             field cannot be expressed",
        ));
    }
    Ok(())
}

/// Plain JSON Schema's root: an object, or a union of them, as generated.
pub(crate) fn object_or_union_root(schema: &mut Value, path: &str, lowering: &Lowering) -> Result<(), RenderError> {
    let Some(root) = schema.as_object_mut() else {
        return Err(lowering.error(path, "the arguments schema must be an object"));
    };
    match root.get("type") {
        Some(ty) if ty == "object" => {}
        None if !root.contains_key("anyOf") && !root.contains_key("oneOf") => {
            root.insert("type".to_owned(), json!("object"));
        }
        None => return Ok(()),
        _ => return Err(lowering.error(path, "the arguments must be an object (`\"type\": \"object\"` at the root)")),
    }
    root.entry("properties").or_insert_with(|| json!({}));
    Ok(())
}
