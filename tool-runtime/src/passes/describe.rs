//! Moving keywords a target does not take into the description, in one compact form the model can
//! still follow: `{maxLength: 64, default: "html"}` on its own paragraph (the form Anthropic's SDK
//! uses, so every target speaks alike).

use serde_json::{Map, Value};

use crate::passes::report::{ChangeKind, Lowering};

/// Moves `keywords` (those present, in the order given) out of `node` into its description.
pub(crate) fn move_to_description(
    node: &mut Map<String, Value>,
    keywords: &[&str],
    path: &str,
    lowering: &mut Lowering,
) {
    // Mostly none is present: a node's few keys are cheaper to look through than every keyword.
    if !node.keys().any(|key| keywords.contains(&key.as_str())) {
        return;
    }
    let moved: Vec<(&str, Value)> =
        keywords.iter().filter_map(|keyword| node.remove(*keyword).map(|value| (*keyword, value))).collect();
    if moved.is_empty() {
        return;
    }
    let text = moved.iter().map(|(keyword, value)| format!("{keyword}: {value}")).collect::<Vec<_>>().join(", ");
    append_paragraph(node, &format!("{{{text}}}"));
    lowering.note(path, ChangeKind::MovedToDescription, format!("{{{text}}}"));
}

/// Moves every keyword of `node` not in `kept` into its description, in sorted order.
pub(crate) fn move_all_but(node: &mut Map<String, Value>, kept: &[&str], path: &str, lowering: &mut Lowering) {
    let others: Vec<String> = node.keys().filter(|key| !kept.contains(&key.as_str())).cloned().collect();
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    move_to_description(node, &others, path, lowering);
}

/// Adds a paragraph to `node`'s description.
pub(crate) fn append_paragraph(node: &mut Map<String, Value>, text: &str) {
    let description = match node.get("description").and_then(Value::as_str) {
        Some(existing) if !existing.is_empty() => format!("{existing}\n\n{text}"),
        _ => text.to_owned(),
    };
    node.insert("description".to_owned(), Value::String(description));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Target;
    use serde_json::json;

    #[test]
    fn moves_present_keywords_in_order() {
        let mut node = json!({"type": "string", "description": "A name.", "maxLength": 64, "default": "x"});
        let mut lowering = Lowering::new("t", Target::OpenAi);
        move_to_description(node.as_object_mut().unwrap(), &["default", "minLength", "maxLength"], "/p", &mut lowering);
        assert_eq!(node, json!({"type": "string", "description": "A name.\n\n{default: \"x\", maxLength: 64}"}));
        assert_eq!(lowering.report.changes[0].detail, "{default: \"x\", maxLength: 64}");
    }
}
