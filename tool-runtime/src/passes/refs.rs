//! Inlining `$ref`s to `#/$defs/…`, with cycle detection: many providers and MCP clients do not
//! resolve references, and none of them needs them for a type that is not recursive.

use std::collections::{BTreeMap, BTreeSet};
use std::convert::Infallible;

use serde_json::{Map, Value};

use super::walk::each_child_mut;
use crate::passes::report::{ChangeKind, Lowering, RenderError};
use crate::pointer::{child_path, unescape};

/// What to do with a recursive type, which cannot be inlined.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Recursion {
    /// Keep it under `$defs`, referenced by `$ref`.
    Keep,
    /// Fail, naming the cycle; the text says what the target offers instead.
    Reject(&'static str),
}

const PREFIX: &str = "#/$defs/";

fn def_name(reference: &str) -> Option<String> {
    reference.strip_prefix(PREFIX).map(|name| unescape(name).into_owned())
}

/// The `$defs` names that `value` refers to, directly.
fn references(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(node) => {
            if let Some(name) = node.get("$ref").and_then(Value::as_str).and_then(def_name) {
                out.insert(name);
            }
            node.values().for_each(|child| references(child, out));
        }
        Value::Array(items) => items.iter().for_each(|item| references(item, out)),
        _ => {}
    }
}

/// For each definition that can reach itself, one cycle through it (`A → B → A`).
fn cycles(defs: &Map<String, Value>) -> BTreeMap<String, Vec<String>> {
    let edges: BTreeMap<&str, BTreeSet<String>> = defs
        .iter()
        .map(|(name, def)| {
            let mut out = BTreeSet::new();
            references(def, &mut out);
            (name.as_str(), out)
        })
        .collect();
    let mut found = BTreeMap::new();
    for start in defs.keys() {
        // Depth-first search for a path from `start` back to itself.
        let mut stack: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((node, trail)) = stack.pop() {
            for next in edges.get(node.as_str()).into_iter().flatten() {
                if next == start {
                    let mut cycle = trail.clone();
                    cycle.push(start.clone());
                    found.entry(start.clone()).or_insert(cycle);
                } else if seen.insert(next.clone()) {
                    let mut longer = trail.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    found
}

/// Replaces every `$ref` to a non-recursive definition by the definition, merged with the
/// `$ref`'s sibling keywords (theirs win; `properties` and `required` are united). Recursive
/// definitions are kept or refused as `recursion` says. `path` is where `schema` sits in the rendered
/// definition, for the report.
pub(crate) fn inline_refs(
    schema: &mut Value,
    path: &str,
    recursion: Recursion,
    lowering: &mut Lowering,
) -> Result<(), RenderError> {
    // Most schemas have no reference, definitions or `$id` anywhere: nothing to inline, drop or
    // refuse, and no walk to make.
    if !crate::passes::walk::has_key(schema, &["$ref", "$defs", "definitions", "$id"]) {
        return Ok(());
    }
    let Some(root) = schema.as_object_mut() else { return Ok(()) };
    if (root.get("$ref").and_then(Value::as_str) == Some("#") || contains_root_ref(root))
        && let Recursion::Reject(instead) = recursion
    {
        return Err(lowering.error(path, format!("the type refers to itself (`$ref: \"#\"`): {instead}")));
    }
    definitions_as_defs(root, path, lowering);
    let defs = match root.remove("$defs") {
        Some(Value::Object(defs)) => defs,
        _ => Map::new(),
    };
    let recursive = cycles(&defs);
    let bare_ref =
        |name: &String| defs.get(name).and_then(|def| def.get("$ref")).and_then(Value::as_str).and_then(def_name);
    if let Some((name, cycle)) =
        recursive.iter().find(|(_, cycle)| cycle.windows(2).all(|pair| bare_ref(&pair[0]).as_ref() == Some(&pair[1])))
    {
        return Err(lowering.error(
            &child_path(&child_path(path, "$defs"), name),
            format!(
                "the `$ref`s {} go round with no value in between, so nothing can be checked against them",
                cycle.join(" → ")
            ),
        ));
    }
    if let (Recursion::Reject(instead), Some((name, cycle))) = (recursion, recursive.iter().next()) {
        return Err(lowering.error(
            &child_path(&child_path(path, "$defs"), name),
            format!("the type `{name}` is recursive ({}): {instead}", cycle.join(" → ")),
        ));
    }
    let mut inliner = Inliner { defs: &defs, recursive: &recursive, inlined: BTreeMap::new() };
    inliner.inline(schema, &mut crate::pointer::walk_buffer(path));
    let mut kept = Map::new();
    for name in recursive.keys() {
        let mut def = defs[name].clone();
        inliner.inline(&mut def, &mut child_path(&child_path(path, "$defs"), name));
        kept.insert(name.clone(), def);
    }
    for (name, first) in inliner.inlined {
        lowering.note(&first, ChangeKind::Inlined, format!("`$ref` to `{name}` replaced by its definition"));
    }
    let mut dropped = Vec::new();
    let mut unresolved = None;
    // The root's own definitions are out of the way now: any left are unreachable (beside `$defs`),
    // in the schema and in the definitions kept.
    let names: BTreeSet<String> = kept.keys().cloned().collect();
    check_references(schema, &mut crate::pointer::walk_buffer(path), &names, &mut dropped, &mut unresolved);
    for (name, def) in &mut kept {
        let mut at = child_path(&child_path(path, "$defs"), name);
        check_references(def, &mut at, &names, &mut dropped, &mut unresolved);
    }
    if let Some((at, reference)) = unresolved {
        return Err(lowering.error(
            &at,
            format!("`$ref` `{reference}` points to no definition: a reference must be `#` or `#/$defs/<name>` of a definition at the root"),
        ));
    }
    for (at, detail) in dropped {
        lowering.note(&at, ChangeKind::Dropped, detail);
    }
    if !kept.is_empty() {
        schema.as_object_mut().expect("still an object").insert("$defs".to_owned(), Value::Object(kept));
    }
    Ok(())
}

/// Draft-07's `definitions` at the root, as `$defs` (when there are none), with the `$ref`s to them.
fn definitions_as_defs(root: &mut Map<String, Value>, path: &str, lowering: &mut Lowering) {
    if root.contains_key("$defs") || !root.get("definitions").is_some_and(Value::is_object) {
        return;
    }
    let definitions = root.remove("definitions").expect("checked");
    fn rewrite(value: &mut Value) {
        match value {
            Value::Object(node) => {
                if let Some(Value::String(reference)) = node.get_mut("$ref")
                    && let Some(name) = reference.strip_prefix("#/definitions/")
                {
                    *reference = format!("{PREFIX}{name}");
                }
                node.values_mut().for_each(rewrite);
            }
            Value::Array(items) => items.iter_mut().for_each(rewrite),
            _ => {}
        }
    }
    let mut root_value = Value::Object(std::mem::take(root));
    rewrite(&mut root_value);
    let Value::Object(rewritten) = root_value else { unreachable!() };
    *root = rewritten;
    let mut definitions = definitions;
    rewrite(&mut definitions);
    root.insert("$defs".to_owned(), definitions);
    lowering.note(path, ChangeKind::Rewritten, "draft-07 `definitions` written as `$defs`, and the `$ref`s to them");
}

/// Removes definitions no `$ref` can reach and identifiers that would change what a `$ref` means
/// (noting where), and finds the first `$ref` that is neither `#` nor one of the definitions `kept`
/// at the root.
fn check_references(
    value: &mut Value,
    path: &mut String,
    kept: &BTreeSet<String>,
    dropped: &mut Vec<(String, &'static str)>,
    unresolved: &mut Option<(String, String)>,
) {
    let Value::Object(node) = value else { return };
    for keyword in ["$defs", "definitions"] {
        if node.remove(keyword).is_some() {
            dropped.push((
                child_path(path, keyword),
                "definitions no `$ref` can reach (only the root's `$defs` are resolved)",
            ));
        }
    }
    if node.remove("$id").is_some() {
        // Below the root an `$id` starts a scope of its own for the `$ref`s in it (openai-node
        // refuses it); every `$ref` here is resolved against the root, and a model needs no URI.
        dropped.push((
            child_path(path, "$id"),
            "`$id`: every `$ref` is resolved against the root, and a model needs no identifier",
        ));
    }
    if let Some(reference) = node.get("$ref").and_then(Value::as_str)
        && reference != "#"
        && !def_name(reference).is_some_and(|name| kept.contains(&name))
        && unresolved.is_none()
    {
        *unresolved = Some((child_path(path, "$ref"), reference.to_owned()));
    }
    let Ok(()) = each_child_mut::<Infallible>(node, path, &mut |child, path| {
        check_references(child, path, kept, dropped, unresolved);
        Ok(())
    });
}

fn contains_root_ref(node: &Map<String, Value>) -> bool {
    node.values().any(|value| match value {
        Value::Object(child) => child.get("$ref").and_then(Value::as_str) == Some("#") || contains_root_ref(child),
        Value::Array(items) => items.iter().any(|item| item.as_object().is_some_and(contains_root_ref)),
        _ => false,
    })
}

struct Inliner<'a> {
    defs: &'a Map<String, Value>,
    recursive: &'a BTreeMap<String, Vec<String>>,
    /// Each inlined definition, with the first place it was inlined at.
    inlined: BTreeMap<String, String>,
}

impl Inliner<'_> {
    fn inline(&mut self, value: &mut Value, path: &mut String) {
        let Value::Object(node) = value else { return };
        let target = node.get("$ref").and_then(Value::as_str).and_then(def_name);
        if let Some(name) = target
            && !self.recursive.contains_key(&name)
            && let Some(Value::Object(def)) = self.defs.get(&name)
        {
            node.remove("$ref");
            let siblings = std::mem::take(node);
            *node = def.clone();
            merge(node, siblings);
            self.inlined.entry(name).or_insert_with(|| path.clone());
            // The definition may itself refer to others.
            return self.inline(value, path);
        }
        let Ok(()) = each_child_mut::<Infallible>(node, path, &mut |child, path| {
            self.inline(child, path);
            Ok(())
        });
    }
}

/// Lays `siblings` over `node`: their keywords win, but `properties` and `required` are united.
fn merge(node: &mut Map<String, Value>, siblings: Map<String, Value>) {
    for (key, value) in siblings {
        match (key.as_str(), node.get_mut(&key), value) {
            ("properties", Some(Value::Object(mine)), Value::Object(theirs)) => mine.extend(theirs),
            ("required", Some(Value::Array(mine)), Value::Array(theirs)) => {
                for name in theirs {
                    if !mine.contains(&name) {
                        mine.push(name);
                    }
                }
            }
            (_, _, value) => {
                node.insert(key, value);
            }
        }
    }
}

/// The schema `schema` stands for: its `$ref` followed, and the one that reaches, to any place in
/// `root` a local reference names (`#`, `#/$defs/Name`, `#/definitions/Name`, or any JSON Pointer
/// after `#`), at most 32 times, so a cycle of aliases ends. A reference that points nowhere, or
/// outside the document, leaves `schema` as it is.
///
/// ```
/// use serde_json::json;
/// use toolc::schema::resolve;
///
/// let root = json!({
///     "properties": {"to": {"$ref": "#/definitions/Address"}},
///     "definitions": {"Address": {"$ref": "#/$defs/a~1b"}},
///     "$defs": {"a/b": {"type": "string"}}
/// });
/// assert_eq!(resolve(&root["properties"]["to"], &root), &json!({"type": "string"}));
/// ```
pub fn resolve<'a>(mut schema: &'a Value, root: &'a Value) -> &'a Value {
    for _ in 0..32 {
        let Some(reference) = schema.get("$ref").and_then(Value::as_str) else { break };
        let target = match reference {
            "#" => Some(root),
            _ => reference.strip_prefix('#').filter(|pointer| pointer.starts_with('/')).and_then(|p| root.pointer(p)),
        };
        match target {
            Some(target) => schema = target,
            None => break,
        }
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Target;
    use serde_json::json;

    fn lowering() -> Lowering {
        Lowering::new("t", Target::Mcp)
    }

    #[test]
    fn inlines_non_recursive_definitions_with_siblings_winning() {
        let mut schema = json!({
            "type": "object",
            "properties": {"kind": {"$ref": "#/$defs/Kind", "description": "Which kind."}},
            "$defs": {"Kind": {"type": "string", "enum": ["a", "b"], "description": "A kind."}}
        });
        let mut lowering = lowering();
        inline_refs(&mut schema, "", Recursion::Reject("-"), &mut lowering).unwrap();
        assert_eq!(
            schema,
            json!({
                "type": "object",
                "properties": {"kind": {"type": "string", "enum": ["a", "b"], "description": "Which kind."}}
            })
        );
        assert_eq!(lowering.report.changes.len(), 1);
        assert_eq!(lowering.report.changes[0].path, "/properties/kind");
    }

    #[test]
    fn keeps_or_rejects_recursive_definitions() {
        let tree = json!({
            "type": "object",
            "properties": {"root": {"$ref": "#/$defs/Node"}, "tag": {"$ref": "#/$defs/Tag"}},
            "$defs": {
                "Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}, "tag": {"$ref": "#/$defs/Tag"}}},
                "Tag": {"type": "string"}
            }
        });
        let mut kept = tree.clone();
        inline_refs(&mut kept, "", Recursion::Keep, &mut lowering()).unwrap();
        assert_eq!(kept["properties"]["root"], json!({"$ref": "#/$defs/Node"}));
        assert_eq!(kept["properties"]["tag"], json!({"type": "string"}));
        assert_eq!(kept["$defs"]["Node"]["properties"]["tag"], json!({"type": "string"}), "inlined inside kept defs");
        assert!(kept["$defs"].get("Tag").is_none());

        let mut rejected = tree;
        let err = inline_refs(&mut rejected, "/parameters", Recursion::Reject("break the cycle"), &mut lowering())
            .unwrap_err();
        assert_eq!(err.path, "/parameters/$defs/Node");
        assert_eq!(err.rule, "the type `Node` is recursive (Node → Node): break the cycle");
    }

    #[test]
    fn draft_07_definitions_are_resolved_and_nested_ones_dropped() {
        let mut schema = json!({
            "type": "object",
            "properties": {"kind": {"$ref": "#/definitions/Kind"}, "inner": {"type": "object", "$defs": {"Dead": {}}}},
            "definitions": {"Kind": {"type": "string"}}
        });
        let mut lowering = lowering();
        inline_refs(&mut schema, "", Recursion::Keep, &mut lowering).unwrap();
        assert_eq!(
            schema,
            json!({"type": "object", "properties": {"kind": {"type": "string"}, "inner": {"type": "object"}}})
        );
        let changes: Vec<_> = lowering.report.changes.iter().map(|c| (c.path.as_str(), c.kind)).collect();
        assert_eq!(
            changes,
            [
                ("", ChangeKind::Rewritten),
                ("/properties/kind", ChangeKind::Inlined),
                ("/properties/inner/$defs", ChangeKind::Dropped)
            ]
        );
    }

    #[test]
    fn kept_definitions_lose_their_nested_definitions_and_every_id() {
        // From the command line's hostile-input run: openai-node refused both.
        let mut schema = json!({
            "$id": "https://example.com/root.json",
            "type": "object",
            "properties": {"next": {"$ref": "#/$defs/D0"}, "ratio": {"type": "number", "$id": "ratio"}},
            "$defs": {"D0": {
                "type": "object",
                "properties": {"next": {"$ref": "#/$defs/D0"}},
                "$defs": {"D0": {"properties": {"next": {"$ref": "#/$defs/D1"}}}, "D1": {"$ref": "#/$defs/D0"}}
            }}
        });
        let mut lowering = lowering();
        inline_refs(&mut schema, "", Recursion::Keep, &mut lowering).unwrap();
        assert_eq!(
            schema,
            json!({
                "type": "object",
                "properties": {"next": {"$ref": "#/$defs/D0"}, "ratio": {"type": "number"}},
                "$defs": {"D0": {"type": "object", "properties": {"next": {"$ref": "#/$defs/D0"}}}}
            })
        );
        let dropped: Vec<_> = lowering.report.changes.iter().map(|c| (c.path.as_str(), c.kind)).collect();
        assert_eq!(
            dropped,
            [
                ("/$id", ChangeKind::Dropped),
                ("/properties/ratio/$id", ChangeKind::Dropped),
                ("/$defs/D0/$defs", ChangeKind::Dropped)
            ]
        );
    }

    #[test]
    fn a_reference_to_no_definition_is_refused() {
        for reference in
            ["#/$defs/Missing", "#/properties", "https://example.com/schema.json", "#/$defs/A/properties/x"]
        {
            let mut schema = json!({
                "type": "object",
                "properties": {"a": {"$ref": reference}},
                "$defs": {"A": {"type": "object", "properties": {"x": {"type": "string"}}}}
            });
            let err = inline_refs(&mut schema, "/inputSchema", Recursion::Keep, &mut lowering()).unwrap_err();
            assert_eq!(err.path, "/inputSchema/properties/a/$ref", "{reference}");
            assert!(err.rule.starts_with(&format!("`$ref` `{reference}` points to no definition")), "{}", err.rule);
        }
    }

    #[test]
    fn references_round_a_circle_with_no_value_between_are_refused() {
        let mut schema = json!({
            "type": "object",
            "properties": {"a": {"$ref": "#/$defs/A"}},
            "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}
        });
        let err = inline_refs(&mut schema, "", Recursion::Keep, &mut lowering()).unwrap_err();
        assert_eq!(err.path, "/$defs/A");
        assert!(err.rule.starts_with("the `$ref`s A → B → A go round with no value in between"), "{}", err.rule);
    }

    #[test]
    fn finds_indirect_cycles() {
        let defs =
            json!({"A": {"$ref": "#/$defs/B"}, "B": {"items": {"$ref": "#/$defs/A"}}, "C": {"$ref": "#/$defs/A"}});
        let found = cycles(defs.as_object().unwrap());
        assert_eq!(found.keys().collect::<Vec<_>>(), ["A", "B"]);
        assert_eq!(found["A"], ["A", "B", "A"]);
    }
}
