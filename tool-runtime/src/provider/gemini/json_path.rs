//! Arguments streamed a piece at a time, each piece a value at a JSON path (RFC 9535's normalized
//! form, as Gemini sends them: `$.location`, `$.stops[0].name`, `$['odd key']`), built up with their
//! members in the order they arrived, so the text written at the end keeps the model's order.

/// A JSON value built piece by piece.
#[derive(Debug, Default)]
pub(super) enum Built {
    #[default]
    Null,
    /// A string, which a later piece may continue.
    Text(String),
    /// Any other value, as JSON text.
    Raw(String),
    Object(Vec<(String, Built)>),
    Array(Vec<Built>),
}

/// One step of a path.
enum Step {
    Key(String),
    Index(usize),
}

impl Built {
    /// The value at `path`, made (as `null`, inside new objects and arrays) where it is not there
    /// yet. An array grows at its end only: an index past it is refused.
    pub(super) fn slot(&mut self, path: &str) -> Result<&mut Built, String> {
        let steps = steps(path)?;
        if steps.is_empty() {
            return Err("expected a path to a member, not the whole arguments".to_owned());
        }
        let mut node = self;
        for step in steps {
            node = match step {
                Step::Key(key) => node.member(key)?,
                Step::Index(index) => {
                    if matches!(node, Built::Null) {
                        *node = Built::Array(Vec::new());
                    }
                    let Built::Array(items) = node else {
                        return Err(format!("the item {index} of a value that is not an array"));
                    };
                    if index > items.len() {
                        return Err(format!("item {index} of an array of {}: items arrive in order", items.len()));
                    }
                    if index == items.len() {
                        items.push(Built::Null);
                    }
                    &mut items[index]
                }
            };
        }
        Ok(node)
    }

    /// The member `key` of this object (made an object if it is `null`), added at the end when new.
    pub(super) fn member(&mut self, key: String) -> Result<&mut Built, String> {
        if matches!(self, Built::Null) {
            *self = Built::Object(Vec::new());
        }
        let Built::Object(members) = self else {
            return Err(format!("the member `{key}` of a value that is not an object"));
        };
        let at = match members.iter().position(|(name, _)| *name == key) {
            Some(at) => at,
            None => {
                members.push((key, Built::Null));
                members.len() - 1
            }
        };
        Ok(&mut members[at].1)
    }

    /// The value as compact JSON text.
    pub(super) fn write(&self, out: &mut String) {
        match self {
            Built::Null => out.push_str("null"),
            Built::Text(text) => out.push_str(&serde_json::Value::from(text.as_str()).to_string()),
            Built::Raw(json) => out.push_str(json),
            Built::Object(members) => {
                out.push('{');
                for (at, (key, value)) in members.iter().enumerate() {
                    if at > 0 {
                        out.push(',');
                    }
                    out.push_str(&serde_json::Value::from(key.as_str()).to_string());
                    out.push(':');
                    value.write(out);
                }
                out.push('}');
            }
            Built::Array(items) => {
                out.push('[');
                for (at, item) in items.iter().enumerate() {
                    if at > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
        }
    }
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
            let (step, after) = match after.chars().next() {
                Some(quote @ ('\'' | '"')) => {
                    let inside = &after[1..];
                    let end = inside.find(quote).ok_or("expected the member name's closing quote")?;
                    let after = inside[end + 1..].strip_prefix(']').ok_or("expected `]` after a quoted name")?;
                    (Step::Key(inside[..end].to_owned()), after)
                }
                _ => {
                    let end = after.find(']').ok_or("expected `]`")?;
                    let index = after[..end]
                        .parse()
                        .map_err(|_| format!("expected an index or a quoted name, not `{}`", &after[..end]))?;
                    (Step::Index(index), &after[end + 1..])
                }
            };
            steps.push(step);
            rest = after;
        } else {
            return Err(format!("expected `.` or `[` at `{rest}`"));
        }
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(built: &Built) -> String {
        let mut out = String::new();
        built.write(&mut out);
        out
    }

    #[test]
    fn paths_make_their_objects_and_arrays_in_arrival_order() {
        let mut root = Built::Object(Vec::new());
        *root.slot("$.zone.b").unwrap() = Built::Raw("1".into());
        *root.slot("$.stops[0]").unwrap() = Built::Null;
        *root.slot("$.stops[1].name").unwrap() = Built::Text("x\"y".into());
        *root.slot("$['odd ]key']").unwrap() = Built::Raw("true".into());
        *root.slot("$.zone.a").unwrap() = Built::Raw("2".into());
        assert_eq!(text(&root), r#"{"zone":{"b":1,"a":2},"stops":[null,{"name":"x\"y"}],"odd ]key":true}"#);
    }

    #[test]
    fn malformed_paths_and_clashing_values_are_refused() {
        let mut root = Built::Object(vec![("a".into(), Built::Raw("1".into()))]);
        assert_eq!(root.slot("a").unwrap_err(), "expected a path starting with `$`");
        assert_eq!(root.slot("$").unwrap_err(), "expected a path to a member, not the whole arguments");
        assert_eq!(root.slot("$.a.b").unwrap_err(), "the member `b` of a value that is not an object");
        assert_eq!(root.slot("$[x]").unwrap_err(), "expected an index or a quoted name, not `x`");
        assert_eq!(root.slot("$.").unwrap_err(), "expected a member name after `.`");
        assert_eq!(
            root.slot("$.list[100000000]").unwrap_err(),
            "item 100000000 of an array of 0: items arrive in order"
        );
        assert!(root.slot("$.list[18446744073709551616]").is_err());
    }
}
