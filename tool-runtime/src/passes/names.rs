//! Name rules: a tool name or a property name the target does not take is refused, naming it.

use serde_json::Value;

use crate::passes::report::{Lowering, Remedy, RenderError};
use crate::passes::walk::walk_mut;
use crate::pointer::child_path;

/// Refuses a tool name the target does not take.
pub(crate) fn check_name(
    name: &str,
    valid: impl Fn(&str) -> bool,
    rule: &str,
    lowering: &Lowering,
) -> Result<(), RenderError> {
    if valid(name) { Ok(()) } else { Err(lowering.error("/name", format!("the name `{name}` does not match {rule}"))) }
}

/// Refuses property names the target does not take, anywhere in `schema`.
pub(crate) fn check_property_keys(
    schema: &mut Value,
    path: &str,
    valid: fn(&str) -> bool,
    rule: &str,
    lowering: &Lowering,
) -> Result<(), RenderError> {
    walk_mut(schema, path, &mut |node, at| {
        if let Some(Value::Object(properties)) = node.get("properties")
            && let Some(bad) = properties.keys().find(|key| !valid(key))
        {
            return Err(lowering.error_with(
                &child_path(&child_path(at, "properties"), bad),
                format!("the property name `{bad}` does not match {rule}"),
                Remedy::RenameProperty,
            ));
        }
        Ok(())
    })
}

/// Whether `name` is 1 to `max` ASCII letters, digits or `extra` bytes.
pub(crate) fn ascii_word(name: &str, max: usize, extra: &[u8]) -> bool {
    !name.is_empty() && name.len() <= max && name.bytes().all(|b| b.is_ascii_alphanumeric() || extra.contains(&b))
}
