//! Tagged unions: an internally tagged enum is a root `oneOf` of objects that each fix one field
//! (the tag, such as `action`) to their own string. Providers refuse a root union, so it is lowered
//! to ONE object: the tag as an enum, the union of the variants' fields, each field's description
//! saying which variants use it, and the fields of the object's own beside the union (a struct with
//! a flattened enum). Calls are parsed back into the right variant by dispatch.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::all_of;
use super::describe::append_paragraph;
use crate::UnionForm;
use crate::passes::report::{ChangeKind, Lowering, Remedy, RenderError};

/// A root union of objects discriminated by one string field, borrowed from its schema.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TaggedUnion<'a> {
    /// The discriminating field.
    pub tag: String,
    pub variants: Vec<Variant<'a>>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Variant<'a> {
    /// The tag's value for this variant.
    pub value: String,
    pub description: Option<String>,
    /// The variant's fields, the tag among them.
    pub properties: &'a Map<String, Value>,
    /// The variant's required fields, without the tag.
    pub required: Vec<String>,
}

impl Variant<'_> {
    /// The variant's fields without the tag.
    pub(crate) fn fields<'s>(&'s self, tag: &'s str) -> impl Iterator<Item = (&'s String, &'s Value)> {
        self.properties.iter().filter(move |(name, _)| *name != tag)
    }
}

fn branches(schema: &Value) -> Option<&Vec<Value>> {
    let node = schema.as_object()?;
    node.get("oneOf").or_else(|| node.get("anyOf")).and_then(Value::as_array)
}

/// The string a property schema fixes its value to, if it does.
fn fixed_string(schema: &Value) -> Option<&str> {
    let node = schema.as_object()?;
    if let Some(Value::String(value)) = node.get("const") {
        return Some(value);
    }
    match node.get("enum").and_then(Value::as_array).map(Vec::as_slice) {
        Some([Value::String(value)]) => Some(value),
        _ => None,
    }
}

/// Recognizes a root `oneOf`/`anyOf` whose branches are objects fixing one common field to distinct strings.
pub(crate) fn tagged_union(schema: &Value) -> Option<TaggedUnion<'_>> {
    let branches = branches(schema)?;
    let first = branches.first()?.get("properties")?.as_object()?;
    let tag =
        first.iter().filter(|(_, property)| fixed_string(property).is_some()).map(|(name, _)| name).find(|name| {
            branches.iter().all(|branch| {
                branch.get("properties").and_then(|p| p.get(name.as_str())).and_then(fixed_string).is_some()
            })
        })?;
    let mut variants = Vec::new();
    for branch in branches {
        let properties = branch.get("properties")?.as_object()?;
        let value = fixed_string(properties.get(tag)?)?.to_owned();
        if variants.iter().any(|variant: &Variant| variant.value == value) {
            return None;
        }
        let required = branch
            .get("required")
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).filter(|name| name != tag).map(str::to_owned).collect())
            .unwrap_or_default();
        let description = branch.get("description").and_then(Value::as_str).map(str::to_owned);
        variants.push(Variant { value, description, properties, required });
    }
    Some(TaggedUnion { tag: tag.clone(), variants })
}

/// A copy of an arguments schema for a target to lower, with a root tagged union lowered to one
/// object (built from the original, so the union's branches are never copied only to be dropped);
/// any other root union is refused, since no target takes one.
pub(crate) fn flat_copy(schema: &Value, path: &str, lowering: &mut Lowering) -> Result<Value, RenderError> {
    let Some(root) = schema.as_object() else { return Ok(schema.clone()) };
    if !root.contains_key("oneOf") && !root.contains_key("anyOf") {
        return Ok(schema.clone());
    }
    let Some(union) = tagged_union(schema) else {
        return Err(untagged(path, lowering));
    };
    let tag = &union.tag;
    let values: Vec<&str> = union.variants.iter().map(|variant| variant.value.as_str()).collect();
    let mut fields: BTreeMap<&str, Vec<(&Variant, &Value)>> = BTreeMap::new();
    for variant in &union.variants {
        for (name, property) in variant.fields(tag) {
            fields.entry(name).or_default().push((variant, property));
        }
    }
    let tag_description = choices(&union);
    let mut properties = Map::new();
    properties.insert(tag.clone(), json!({"type": "string", "enum": values, "description": tag_description}));
    let mut required = vec![Value::String(tag.clone())];
    for (name, users) in fields {
        let mut distinct: Vec<&Value> = Vec::new();
        for (_, property) in &users {
            if !distinct.iter().any(|seen| same_but_description(seen, property)) {
                distinct.push(property);
            }
        }
        let mut merged = if distinct.len() == 1 {
            distinct[0].clone()
        } else {
            lowering.note(
                &format!("{path}/properties/{name}"),
                ChangeKind::Rewritten,
                format!("`{name}` has a different type in different variants: `anyOf` of them"),
            );
            json!({"anyOf": distinct.iter().map(|schema| strip_description(schema)).collect::<Vec<_>>()})
        };
        let everyone = users.len() == union.variants.len();
        let required_by_all = everyone && users.iter().all(|(variant, _)| variant.required.iter().any(|r| r == name));
        if required_by_all {
            required.push(Value::String(name.to_owned()));
        } else if let Some(node) = merged.as_object_mut() {
            if node.get("description").is_none()
                && let Some(text) = users.iter().find_map(|(_, property)| property.get("description"))
            {
                node.insert("description".to_owned(), text.clone());
            }
            let usage = users
                .iter()
                .map(|(variant, _)| {
                    let needed = if variant.required.iter().any(|r| r == name) { " (required)" } else { "" };
                    format!("`{}`{needed}", variant.value)
                })
                .collect::<Vec<_>>()
                .join(", ");
            append_paragraph(node, &format!("Only for `{tag}`: {usage}."));
        }
        properties.insert(name.to_owned(), merged);
    }
    // A struct with a flattened enum: its own fields, beside the union, are the object's too.
    for (name, field) in root.get("properties").and_then(Value::as_object).into_iter().flatten() {
        properties.entry(name.clone()).or_insert_with(|| field.clone());
    }
    for name in root.get("required").and_then(Value::as_array).into_iter().flatten() {
        if !required.contains(name) {
            required.push(name.clone());
        }
    }
    let closed = branches(schema).is_some_and(|branches| {
        branches.iter().all(|branch| branch.get("additionalProperties") == Some(&Value::Bool(false)))
    });
    let mut flat = Map::new();
    flat.insert("type".to_owned(), json!("object"));
    flat.insert("properties".to_owned(), Value::Object(properties));
    flat.insert("required".to_owned(), Value::Array(required));
    if closed {
        flat.insert("additionalProperties".to_owned(), Value::Bool(false));
    }
    lowering.note(
        path,
        ChangeKind::Flattened,
        format!(
            "root union of {} variants tagged by `{tag}` lowered to one object; a field of another variant must be \
             null or absent (checked when the call is parsed)",
            union.variants.len()
        ),
    );
    if let Some(defs) = root.get("$defs") {
        flat.insert("$defs".to_owned(), defs.clone());
    }
    Ok(Value::Object(flat))
}

/// The property [`UnionForm::Nested`] puts the union under.
pub(crate) const NESTED: &str = "request";

/// A copy of an arguments schema for a target to lower, its root tagged union (if any) written in
/// `form`; `variants_at_root` says whether the target takes a union at the root.
pub(crate) fn union_copy(
    schema: &Value,
    form: UnionForm,
    variants_at_root: bool,
    path: &str,
    lowering: &mut Lowering,
) -> Result<Value, RenderError> {
    // An `allOf` whose one union part, distributed, makes the arguments a root union: the forms
    // that keep branches apart take it as one.
    let distributed = match form {
        UnionForm::Nested | UnionForm::Variants if branches(schema).is_none() => all_of::distributed_root(schema),
        _ => None,
    };
    if let Some((_, left_out)) = &distributed {
        lowering.note(
            path,
            ChangeKind::Rewritten,
            "root `allOf` merged into one schema, its union part distributed: the arguments are a union of whole \
             objects",
        );
        for why in left_out {
            lowering.note(path, ChangeKind::Dropped, why.clone());
        }
    }
    let schema = distributed.as_ref().map_or(schema, |(union, _)| union);
    let Some(root) = schema.as_object() else { return Ok(schema.clone()) };
    let Some(branches) = branches(schema) else { return Ok(schema.clone()) };
    match form {
        UnionForm::Flat => return flat_copy(schema, path, lowering),
        UnionForm::Variants if !variants_at_root => {
            return Err(lowering.error(
                path,
                format!(
                    "{} takes no union at the root of a tool's arguments (MCP, JSON Schema and the open-model servers' \
                     grammar engines do): write it nested (`UnionForm::Nested`) or flat (`UnionForm::Flat`)",
                    lowering.target
                ),
            ));
        }
        _ => {}
    }
    let union = tagged_union(schema);
    if union.is_none() && !apart_untagged(schema) {
        return Err(untagged(path, lowering));
    }
    // What the variants are, for the report: tagged by a field, or told apart by their fields.
    let which = match &union {
        Some(union) => format!("{} variants tagged by `{}`", union.variants.len(), union.tag),
        None => format!("{} objects without a tag (told apart by their fields)", branches.len()),
    };
    let variants: Vec<Value> = branches.clone();
    // Tagged variants are apart by their tags, so `anyOf` says all of it; without a tag, a `oneOf`
    // may be the only thing that keeps them apart (branches of optional fields), and stays one for
    // the target to keep or rewrite by name.
    let keyword = if union.is_none() && root.contains_key("oneOf") { "oneOf" } else { "anyOf" };
    let mut out = Map::new();
    out.insert("type".to_owned(), json!("object"));
    if form == UnionForm::Variants {
        // Fields of the object's own (a struct with a flattened enum) stay beside the union.
        for key in ["properties", "required"] {
            if let Some(value) = root.get(key) {
                out.insert(key.to_owned(), value.clone());
            }
        }
        out.insert(keyword.to_owned(), Value::Array(variants));
        lowering.note(path, ChangeKind::Rewritten, format!("root union of {which} written as `{keyword}` of objects"));
    } else {
        let mut choice = Map::new();
        if let Some(union) = &union {
            choice.insert("description".to_owned(), json!(choices(union)));
        }
        choice.insert(keyword.to_owned(), Value::Array(variants));
        let mut properties = root.get("properties").and_then(Value::as_object).cloned().unwrap_or_default();
        properties.insert(NESTED.to_owned(), Value::Object(choice));
        let mut required = root.get("required").and_then(Value::as_array).cloned().unwrap_or_default();
        required.push(json!(NESTED));
        out.insert("properties".to_owned(), Value::Object(properties));
        out.insert("required".to_owned(), Value::Array(required));
        lowering.note(
            path,
            ChangeKind::Rewritten,
            format!(
                "root union of {which} nested under `{NESTED}` (a call's `{{\"{NESTED}\": {{…}}}}` is read as the \
                 variant inside)"
            ),
        );
    }
    if let Some(defs) = root.get("$defs") {
        out.insert("$defs".to_owned(), defs.clone());
    }
    Ok(Value::Object(out))
}

/// What the tag of `union` selects, each variant with its description: the tag's description in
/// the flat form, the union's in the nested one.
fn choices(union: &TaggedUnion) -> String {
    let mut text = format!("Which operation `{}` selects:", union.tag);
    for variant in &union.variants {
        match &variant.description {
            Some(description) => text.push_str(&format!("\n- `{}`: {}", variant.value, description)),
            None => text.push_str(&format!("\n- `{}`", variant.value)),
        }
    }
    text
}

/// Whether a root union without a tag can be kept apart by the nested and variants forms: every
/// branch an object schema, none (and no field of the object's own) named as the nested form's
/// property, so a call nested under it is never one written as it is.
fn apart_untagged(schema: &Value) -> bool {
    let own = schema.get("properties").and_then(Value::as_object);
    let names_nested = |node: &Map<String, Value>| {
        node.get("properties").and_then(Value::as_object).is_some_and(|properties| properties.contains_key(NESTED))
    };
    branches(schema).is_some_and(|branches| {
        !branches.is_empty()
            && branches.iter().all(|branch| {
                branch.as_object().is_some_and(|branch| {
                    let object = branch.get("type") == Some(&json!("object")) || branch.contains_key("properties");
                    object && !names_nested(branch)
                })
            })
    }) && !own.is_some_and(|own| own.contains_key(NESTED))
}

/// Whether a call of a tool with `schema` may be written nested: its root union (as written, or
/// its root `allOf` distributed) tagged, or without a tag but kept apart. Dispatch asks once per
/// tool (its decoding plan): distributing an `allOf` is not for every call.
pub(crate) fn nests(schema: &Value) -> bool {
    if tagged_union(schema).is_some() {
        return true;
    }
    if branches(schema).is_some() {
        return apart_untagged(schema);
    }
    schema.get("allOf").is_some()
        && all_of::distributed_root(schema)
            .is_some_and(|(union, _)| tagged_union(&union).is_some() || apart_untagged(&union))
}

/// `arguments` (an example's) as a call in `form` sends them: under `request` when nested.
pub(crate) fn example_as(arguments: &Value, schema: &Value, form: UnionForm) -> Value {
    let nests = form == UnionForm::Nested && arguments.is_object() && nests(schema);
    if !nests {
        return arguments.clone();
    }
    // The object's own fields (a struct with a flattened enum) stay beside `request`.
    let own = schema.get("properties").and_then(Value::as_object);
    let (mut outer, mut inner) = (Map::new(), Map::new());
    for (name, field) in arguments.as_object().into_iter().flatten() {
        let side = if own.is_some_and(|own| own.contains_key(name)) { &mut outer } else { &mut inner };
        side.insert(name.clone(), field.clone());
    }
    outer.insert(NESTED.to_owned(), Value::Object(inner));
    Value::Object(outer)
}

/// A call in [`UnionForm::Nested`]'s form, `{"request": {…}}` with no tag of its own, made the
/// variant inside (beside any other fields of the object's own); whether it was. `nests` is
/// [`nests`] of `schema`, worked out once per tool.
pub(crate) fn unnest(value: &mut Value, schema: &Value, nests: bool) -> bool {
    let Some(fields) = value.as_object_mut() else { return false };
    if !nests || !matches!(fields.get(NESTED), Some(Value::Object(_))) {
        return false;
    }
    // A call that has the tag is flat. Without a tag, `request` is never one of the branches'
    // fields (`apart_untagged`).
    if tagged_union(schema).is_some_and(|union| fields.contains_key(&union.tag)) {
        return false;
    }
    let Some(Value::Object(inner)) = fields.remove(NESTED) else { return false };
    for (name, field) in inner {
        fields.entry(name).or_insert(field);
    }
    true
}

/// The refusal of a root union that is not tagged by one field, which the flat form cannot keep
/// apart (nor the others, unless each branch is an object).
fn untagged(path: &str, lowering: &Lowering) -> RenderError {
    lowering.error_with(
        path,
        "the arguments are a union (`oneOf`/`anyOf` at the root) without a tag field, which one flat object cannot \
         keep apart (the nested and variants union forms keep a union of objects apart)",
        Remedy::TagTheUnion,
    )
}

/// Whether two schemas are equal but for their descriptions, compared in place.
fn same_but_description(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(a), Value::Object(b)) => {
            let counted = |node: &Map<String, Value>| node.len() - usize::from(node.contains_key("description"));
            counted(a) == counted(b) && a.iter().all(|(key, value)| key == "description" || b.get(key) == Some(value))
        }
        _ => a == b,
    }
}

fn strip_description(schema: &Value) -> Value {
    let mut bare = schema.clone();
    if let Some(node) = bare.as_object_mut() {
        node.remove("description");
    }
    bare
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Target;

    fn action_schema() -> Value {
        json!({"oneOf": [
            {"description": "Go to a URL.", "type": "object",
             "properties": {"action": {"type": "string", "const": "navigate"}, "url": {"type": "string", "description": "Where."}},
             "required": ["action", "url"]},
            {"description": "Click.", "type": "object",
             "properties": {"action": {"type": "string", "const": "click"}, "selector": {"type": "string"}, "url": {"type": "string"}},
             "required": ["action", "selector"]},
            {"type": "object", "properties": {"action": {"type": "string", "const": "back"}}, "required": ["action"]}
        ]})
    }

    #[test]
    fn recognizes_the_tag_and_variants() {
        let schema = action_schema();
        let union = tagged_union(&schema).unwrap();
        assert_eq!(union.tag, "action");
        let values: Vec<&str> = union.variants.iter().map(|variant| variant.value.as_str()).collect();
        assert_eq!(values, ["navigate", "click", "back"]);
        assert_eq!(union.variants[1].required, ["selector"]);
    }

    #[test]
    fn flattens_into_one_object_that_says_who_uses_what() {
        let mut lowering = Lowering::new("browser_action", Target::OpenAi);
        let schema = flat_copy(&action_schema(), "", &mut lowering).unwrap();
        assert_eq!(
            schema,
            json!({
                "type": "object",
                "properties": {
                    "action": {"type": "string", "enum": ["navigate", "click", "back"],
                               "description": "Which operation `action` selects:\n- `navigate`: Go to a URL.\n- `click`: Click.\n- `back`"},
                    "selector": {"type": "string", "description": "Only for `action`: `click` (required)."},
                    "url": {"type": "string", "description": "Where.\n\nOnly for `action`: `navigate` (required), `click`."}
                },
                "required": ["action"]
            })
        );
        assert_eq!(lowering.report.changes[0].kind, ChangeKind::Flattened);
    }

    #[test]
    fn a_field_typed_differently_by_variants_becomes_an_any_of_and_descriptions_do_not_count() {
        let schema = json!({"oneOf": [
            {"type": "object", "properties": {"op": {"const": "a"}, "n": {"type": "integer", "description": "A count."},
                                              "k": {"type": "string", "description": "One."}}},
            {"type": "object", "properties": {"op": {"const": "b"}, "n": {"type": "string", "description": "A name."},
                                              "k": {"type": "string", "description": "Two."}}},
            {"type": "object", "properties": {"op": {"const": "c"}, "n": {"type": "integer"}}}
        ]});
        let mut lowering = Lowering::new("t", Target::OpenAi);
        let schema = flat_copy(&schema, "", &mut lowering).unwrap();
        assert_eq!(
            schema["properties"]["n"],
            json!({"anyOf": [{"type": "integer"}, {"type": "string"}],
                   "description": "A count.\n\nOnly for `op`: `a`, `b`, `c`."})
        );
        assert_eq!(
            schema["properties"]["k"],
            json!({"type": "string", "description": "One.\n\nOnly for `op`: `a`, `b`."})
        );
        assert_eq!(lowering.report.changes[0].path, "/properties/n");
    }

    #[test]
    fn a_root_union_of_objects_without_a_tag_is_kept_apart_nested_or_as_variants() {
        let schema = json!({"type": "object", "anyOf": [
            {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]},
            {"type": "object", "properties": {"y": {"type": "integer"}}, "required": ["y"]}]});
        let mut lowering = Lowering::new("t", Target::Mcp);
        let nested = union_copy(&schema, UnionForm::Nested, true, "", &mut lowering).unwrap();
        assert_eq!(nested["properties"]["request"]["anyOf"], schema["anyOf"]);
        assert_eq!(nested["required"], json!(["request"]));
        assert!(lowering.report.changes[0].detail.contains("2 objects without a tag"), "{:?}", lowering.report);
        let variants = union_copy(&schema, UnionForm::Variants, true, "", &mut lowering).unwrap();
        assert_eq!(variants, json!({"type": "object", "anyOf": schema["anyOf"]}));
        // Flat cannot keep them apart; nor can any form a branch that is not an object, or one
        // with a field named as the nested form's property (a call nested under it would be read
        // as written).
        let err = union_copy(&schema, UnionForm::Flat, true, "", &mut lowering).unwrap_err();
        assert!(err.rule.contains("the nested and variants union forms keep a union of objects apart"), "{err:?}");
        for branch in [json!({"type": "string"}), json!({"properties": {"request": {"type": "string"}}})] {
            let mut refused = schema.clone();
            refused["anyOf"][1] = branch;
            assert!(union_copy(&refused, UnionForm::Nested, true, "", &mut lowering).is_err(), "{refused}");
        }
        // A nested call is read as the object inside; one written as it is stays.
        let (mut call, mut flat) = (json!({"request": {"y": 3}}), json!({"y": 3}));
        assert!(unnest(&mut call, &schema, nests(&schema)) && call == json!({"y": 3}));
        assert!(!unnest(&mut flat, &schema, nests(&schema)));
    }

    #[test]
    fn a_root_all_of_whose_union_part_distributes_is_a_root_union_in_the_forms_that_keep_one() {
        // An OpenAPI operation: a path parameter beside a body that is one of two objects.
        let schema = json!({"allOf": [
            {"type": "object", "properties": {"owner": {"type": "string"}}, "required": ["owner"]},
            {"oneOf": [{"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]},
                       {"type": "object", "properties": {"y": {"type": "integer"}}, "required": ["y"]}]}]});
        let mut lowering = Lowering::new("t", Target::OpenAi);
        let nested = union_copy(&schema, UnionForm::Nested, false, "", &mut lowering).unwrap();
        assert_eq!(
            nested["properties"]["request"]["oneOf"],
            json!([
                {"type": "object", "additionalProperties": false, "required": ["owner", "x"],
                 "properties": {"owner": {"type": "string"}, "x": {"type": "string"}}},
                {"type": "object", "additionalProperties": false, "required": ["owner", "y"],
                 "properties": {"owner": {"type": "string"}, "y": {"type": "integer"}}}
            ]),
            "{nested}"
        );
        let mut call = json!({"request": {"owner": "a", "x": "b"}});
        assert!(unnest(&mut call, &schema, nests(&schema)) && call == json!({"owner": "a", "x": "b"}));
        assert_eq!(example_as(&call, &schema, UnionForm::Nested), json!({"request": {"owner": "a", "x": "b"}}));
        // An alternative requiring a field no part names passes no call: left out, and said.
        let mut contradictory = schema.clone();
        contradictory["allOf"][1]["oneOf"][1]["required"] = json!(["public"]);
        let mut lowering = Lowering::new("t", Target::Mcp);
        let variants = union_copy(&contradictory, UnionForm::Variants, true, "", &mut lowering).unwrap();
        assert_eq!(variants["oneOf"].as_array().unwrap().len(), 1, "{variants}");
        assert!(
            lowering.report.changes.iter().any(|change| change.kind == ChangeKind::Dropped
                && change.detail.contains("alternative 1 of the `oneOf` left out: it requires `public`")),
            "{:?}",
            lowering.report
        );
        // Flat leaves the `allOf` for the target's own passes.
        assert_eq!(union_copy(&schema, UnionForm::Flat, false, "", &mut lowering).unwrap(), schema);
    }

    #[test]
    fn refuses_a_root_union_without_a_tag() {
        let schema =
            json!({"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object"}]});
        let err = flat_copy(&schema, "/parameters", &mut Lowering::new("t", Target::Gemini)).unwrap_err();
        assert_eq!(err.path, "/parameters");
        assert!(err.rule.contains("without a tag field"));
    }
}
