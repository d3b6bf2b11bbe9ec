//! The JSON paths of streamed arguments (RFC 9535's normalized form, as Gemini sends them:
//! `$.location`, `$.stops[0].name`, `$['odd key']`): where a piece of an argument goes.

use serde_json::{Map, Value};

/// One step of a path.
enum Step {
    Key(String),
    Index(usize),
}

/// The value at `path` in `root`, made (as `null`, inside new objects and arrays) where it is not
/// there yet.
pub(super) fn slot<'a>(root: &'a mut Value, path: &str) -> Result<&'a mut Value, String> {
    let mut node = root;
    for step in steps(path)? {
        node = match step {
            Step::Key(key) => {
                if node.is_null() {
                    *node = Value::Object(Map::new());
                }
                let Value::Object(object) = node else {
                    return Err(format!("the member `{key}` of a value that is not an object"));
                };
                object.entry(key).or_insert(Value::Null)
            }
            Step::Index(index) => {
                if node.is_null() {
                    *node = Value::Array(Vec::new());
                }
                let Value::Array(items) = node else {
                    return Err(format!("the item {index} of a value that is not an array"));
                };
                if items.len() <= index {
                    items.resize(index + 1, Value::Null);
                }
                &mut items[index]
            }
        };
    }
    Ok(node)
}

fn steps(path: &str) -> Result<Vec<Step>, String> {
    let mut rest = path.strip_prefix('$').ok_or("expected a path starting with `$`")?;
    let mut steps = Vec::new();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            if end == 0 {
                return Err("expected a member name after `.`".to_owned());
            }
            steps.push(Step::Key(after[..end].to_owned()));
            rest = &after[end..];
        } else if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']').ok_or("expected `]`")?;
            let inside = &after[..end];
            let quoted = inside
                .strip_prefix('\'')
                .and_then(|key| key.strip_suffix('\''))
                .or_else(|| inside.strip_prefix('"').and_then(|key| key.strip_suffix('"')));
            steps.push(match quoted {
                Some(key) => Step::Key(key.to_owned()),
                None => Step::Index(
                    inside.parse().map_err(|_| format!("expected an index or a quoted name, not `{inside}`"))?,
                ),
            });
            rest = &after[end + 1..];
        } else {
            return Err(format!("expected `.` or `[` at `{rest}`"));
        }
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn paths_make_their_objects_and_arrays() {
        let mut root = json!({});
        *slot(&mut root, "$.a.b").unwrap() = json!(1);
        *slot(&mut root, "$.stops[1].name").unwrap() = json!("x");
        *slot(&mut root, "$['odd key']").unwrap() = json!(true);
        assert_eq!(root, json!({"a": {"b": 1}, "stops": [null, {"name": "x"}], "odd key": true}));
    }

    #[test]
    fn malformed_paths_and_clashing_values_are_refused() {
        let mut root = json!({"a": 1});
        assert_eq!(slot(&mut root, "a").unwrap_err(), "expected a path starting with `$`");
        assert_eq!(slot(&mut root, "$.a.b").unwrap_err(), "the member `b` of a value that is not an object");
        assert_eq!(slot(&mut root, "$[x]").unwrap_err(), "expected an index or a quoted name, not `x`");
        assert_eq!(slot(&mut root, "$.").unwrap_err(), "expected a member name after `.`");
    }
}
