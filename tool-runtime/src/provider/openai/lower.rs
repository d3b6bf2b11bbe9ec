//! OpenAI Chat Completions and Responses: strict mode by default.
//!
//! Passes: flatten a tagged root union → inline refs (recursion kept under `$defs`) → strict objects
//! (every field required, optional ones nullable) → strict keywords (unsupported ones moved into the
//! description, refused ones an error) → size limits → for an open-model server, its grammar
//! engine's subset.

use serde_json::{Map, Value, json};

use super::{Chat, Responses};
use crate::passes::all_of::merge_object_all_of;
use crate::passes::closed::close_objects;
use crate::passes::describe::move_to_description;
use crate::passes::formats::formats;
use crate::passes::grammar::grammar_subset;
use crate::passes::names::{ascii_word, check_name};
use crate::passes::nullable::NullStyle;
use crate::passes::object;
use crate::passes::refs::{Recursion, inline_refs};
use crate::passes::report::{ChangeKind, Lowering, Remedy, RenderError};
use crate::passes::root::object_root;
use crate::passes::strict::{CONDITIONAL, Optional, is_object, strict_objects};
use crate::passes::union::union_copy;
use crate::passes::walk::walk_mut;
use crate::pointer::{push_index, push_token};
use crate::provider::Lower;
use crate::provider::description::{check_description, description};
use crate::{ChoiceError, ChoiceOptions, RenderOptions, Target, ToolChoice, ToolDef, UnionForm};

/// String formats strict mode supports.
const FORMATS: &[&str] = &["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];
/// Keywords strict mode does not take but a model can still follow from the description.
const MOVED: &[&str] = &[
    "default",
    "minLength",
    "maxLength",
    "minProperties",
    "maxProperties",
    "uniqueItems",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentEncoding",
    "contentMediaType",
    "$comment",
];
/// Keywords strict mode refuses besides the conditional ones: intersections and counted contains.
const REFUSED: &[&str] = &["allOf", "minContains", "maxContains"];
const MAX_DEPTH: usize = 10;
const MAX_PROPERTIES: usize = 5000;
const MAX_ENUM_VALUES: usize = 1000;
/// Characters over all property names, definition names, enum and const values.
const MAX_SCHEMA_CHARACTERS: usize = 120_000;
/// A string enum of more than this many values…
const LARGE_ENUM: usize = 250;
/// …may have at most this many characters in all.
const MAX_LARGE_ENUM_CHARACTERS: usize = 15_000;

fn name_ok(name: &str) -> bool {
    ascii_word(name, 64, b"_-")
}

impl Lower for Chat {
    fn target(&self) -> Target {
        Target::OpenAi
    }

    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        check_name(&def.name, name_ok, "`^[a-zA-Z0-9_-]{1,64}$`", lowering)?;
        let text = description(def, true, options.form_for(Target::OpenAi));
        check_description(&text, lowering);
        let parameters = parameters(def, options, "/function/parameters", lowering)?;
        let function = object([
            ("name", def.name.clone().into()),
            ("description", text.into()),
            ("parameters", parameters),
            ("strict", def.strict.into()),
        ]);
        Ok(object([("type", "function".into()), ("function", function)]))
    }

    fn response_format(
        &self,
        def: &ToolDef,
        options: &RenderOptions,
        lowering: &mut Lowering,
    ) -> Result<Value, RenderError> {
        response_format(def, options, false, lowering)
    }

    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        Ok(tool_choice(choice, options, true))
    }
}

impl Lower for Responses {
    fn target(&self) -> Target {
        Target::OpenAiResponses
    }

    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        check_name(&def.name, name_ok, "`^[a-zA-Z0-9_-]{1,64}$`", lowering)?;
        let text = description(def, true, options.form_for(Target::OpenAi));
        check_description(&text, lowering);
        let parameters = parameters(def, options, "/parameters", lowering)?;
        Ok(object([
            ("type", "function".into()),
            ("name", def.name.clone().into()),
            ("description", text.into()),
            ("parameters", parameters),
            ("strict", def.strict.into()),
        ]))
    }

    fn response_format(
        &self,
        def: &ToolDef,
        options: &RenderOptions,
        lowering: &mut Lowering,
    ) -> Result<Value, RenderError> {
        response_format(def, options, true, lowering)
    }

    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        Ok(tool_choice(choice, options, false))
    }
}

/// Structured output: Chat Completions' `response_format`, or the Responses API's `text.format`.
fn response_format(
    def: &ToolDef,
    options: &RenderOptions,
    responses_api: bool,
    lowering: &mut Lowering,
) -> Result<Value, RenderError> {
    check_name(&def.name, name_ok, "`^[a-zA-Z0-9_-]{1,64}$`", lowering)?;
    let text = description(def, true, options.form_for(Target::OpenAi));
    if responses_api {
        let schema = parameters(def, options, "/schema", lowering)?;
        Ok(object([
            ("type", "json_schema".into()),
            ("name", def.name.clone().into()),
            ("description", text.into()),
            ("schema", schema),
            ("strict", def.strict.into()),
        ]))
    } else {
        let schema = parameters(def, options, "/json_schema/schema", lowering)?;
        let format = object([
            ("name", def.name.clone().into()),
            ("description", text.into()),
            ("schema", schema),
            ("strict", def.strict.into()),
        ]);
        Ok(object([("type", "json_schema".into()), ("json_schema", format)]))
    }
}

fn parameters(
    def: &ToolDef,
    options: &RenderOptions,
    path: &str,
    lowering: &mut Lowering,
) -> Result<Value, RenderError> {
    let form = options.form_for(Target::OpenAi);
    let schema = union_copy(&def.input_schema, form, options.takes_root_union(Target::OpenAi), path, lowering)?;
    if form == UnionForm::Variants
        && let Some((keyword, Value::Array(variants))) =
            ["anyOf", "oneOf"].into_iter().find_map(|keyword| Some((keyword, schema.get(keyword)?)))
    {
        if keyword == "oneOf" {
            // A union without a tag may be a `oneOf` (`union_copy` keeps it one).
            lowering.note(
                path,
                ChangeKind::Rewritten,
                "the root's `oneOf` written as `anyOf` (strict mode and the engines have no `oneOf`; that exactly one \
                 matches is still checked when the call arrives)",
            );
        }
        return variants_at_root(&schema, variants, def.strict, options, path, lowering);
    }
    object_parameters(schema, def.strict, options, path, lowering)
}

/// A root union for a grammar engine ([`UnionForm::Variants`]): each variant lowered as the whole
/// arguments object it stands for (the root's own fields with its own), under one root `anyOf`, so
/// strict mode's rules hold within each and the engine's grammar ties each variant's fields to its
/// tag. Their `$defs`, which refer from the root, are gathered at the root.
fn variants_at_root(
    schema: &Value,
    variants: &[Value],
    strict: bool,
    options: &RenderOptions,
    path: &str,
    lowering: &mut Lowering,
) -> Result<Value, RenderError> {
    let own = |key: &str| schema.get(key).and_then(Value::as_object).cloned().unwrap_or_default();
    let own_required = schema.get("required").and_then(Value::as_array).cloned().unwrap_or_default();
    let mut lowered = Vec::new();
    let mut defs = Map::new();
    for (index, variant) in variants.iter().enumerate() {
        let mut branch = variant.clone();
        if let Some(branch) = branch.as_object_mut() {
            if let Some(Value::Object(properties)) = branch.get_mut("properties") {
                for (name, field) in own("properties") {
                    properties.entry(name).or_insert(field);
                }
            }
            if let Some(Value::Array(required)) = branch.get_mut("required") {
                required
                    .extend(own_required.iter().filter(|name| !required.contains(name)).cloned().collect::<Vec<_>>());
            }
            if schema.get("$defs").is_some() {
                branch.insert("$defs".to_owned(), Value::Object(own("$defs")));
            }
        }
        let at = format!("{path}/anyOf/{index}");
        let mut branch = object_parameters(branch, strict, options, &at, lowering)?;
        if let Some(Value::Object(branch_defs)) = branch.as_object_mut().and_then(|branch| branch.remove("$defs")) {
            defs.extend(branch_defs);
        }
        lowered.push(branch);
    }
    let mut root = Map::new();
    root.insert("type".to_owned(), json!("object"));
    root.insert("anyOf".to_owned(), Value::Array(lowered));
    if !defs.is_empty() {
        root.insert("$defs".to_owned(), Value::Object(defs));
    }
    Ok(Value::Object(root))
}

/// The passes of an arguments object, for OpenAI's strict mode (or not) and a grammar engine.
fn object_parameters(
    mut schema: Value,
    strict: bool,
    options: &RenderOptions,
    path: &str,
    lowering: &mut Lowering,
) -> Result<Value, RenderError> {
    close_objects(&mut schema);
    inline_refs(&mut schema, path, Recursion::Keep, lowering)?;
    merge_object_all_of(&mut schema, path, lowering);
    object_root(&mut schema, path, lowering)?;
    if strict {
        strict_objects(&mut schema, path, Optional::RequiredNullable, NullStyle::TypeArray, lowering)?;
        strict_keywords(&mut schema, path, lowering)?;
        limits(&mut schema, path, lowering)?;
    } else {
        arrays_with_items(&mut schema, path, lowering)?;
    }
    if let Some(engine) = options.grammar_engine {
        grammar_subset(&mut schema, engine, path, lowering)?;
    }
    Ok(schema)
}

/// Outside strict mode too, OpenAI refuses an array schema without `items` ("array schema missing
/// items", an API error reported in public issues): such an array gets `items: {}`, any item, which
/// is what it meant.
fn arrays_with_items(schema: &mut Value, path: &str, lowering: &mut Lowering) -> Result<(), RenderError> {
    walk_mut(schema, path, &mut |node, at| {
        let is_array = node
            .get("type")
            .is_some_and(|ty| ty == "array" || ty.as_array().is_some_and(|t| t.iter().any(|t| t == "array")));
        if is_array && !node.contains_key("items") {
            node.insert("items".to_owned(), json!({}));
            lowering.note(
                at,
                ChangeKind::Rewritten,
                "an array without `items` given `items: {}` (any item): OpenAI asks every array for its items",
            );
        }
        Ok(())
    })
}

fn strict_keywords(schema: &mut Value, path: &str, lowering: &mut Lowering) -> Result<(), RenderError> {
    walk_mut(schema, path, &mut |node, at| {
        let refused = |keyword: &str| REFUSED.contains(&keyword) || CONDITIONAL.contains(&keyword);
        // A node's few keys are looked for among the keywords, rather than every keyword in the node.
        if node.keys().any(|key| refused(key))
            && let Some(keyword) = REFUSED.iter().chain(CONDITIONAL).find(|keyword| node.contains_key(**keyword))
        {
            return Err(lowering.error_with(
                at,
                format!("`{keyword}` cannot be expressed in OpenAI strict mode"),
                Remedy::SimplifyOrOptOut,
            ));
        }
        if node
            .get("type")
            .is_some_and(|ty| ty == "array" || ty.as_array().is_some_and(|t| t.iter().any(|t| t == "array")))
            && !node.contains_key("items")
        {
            return Err(lowering.error(at, "an array without `items` cannot be expressed in OpenAI strict mode"));
        }
        if let Some(branches) = node.remove("oneOf") {
            if node.contains_key("anyOf") {
                return Err(lowering.error(at, "`oneOf` beside `anyOf` cannot be expressed in OpenAI strict mode"));
            }
            node.insert("anyOf".to_owned(), branches);
            lowering.note(at, ChangeKind::Rewritten, "`oneOf` written as `anyOf` (strict mode has no `oneOf`)");
        }
        if node.contains_key("anyOf") && is_object(node) {
            return Err(lowering.error(
                at,
                "`anyOf` beside an object's own `properties` cannot be expressed in OpenAI strict mode (both would \
                 apply at once); make the union's branches whole objects",
            ));
        }
        formats(node, FORMATS, at, lowering);
        move_to_description(node, MOVED, at, lowering);
        if node.contains_key("$ref") && node.len() > 1 {
            // The SDKs take a `$ref` only alone: keep the description beside a one-branch `anyOf`.
            let reference = node.remove("$ref").expect("checked");
            let others: Vec<String> = node.keys().filter(|key| *key != "description").cloned().collect();
            let others: Vec<&str> = others.iter().map(String::as_str).collect();
            move_to_description(node, &others, at, lowering);
            node.insert("anyOf".to_owned(), json!([{"$ref": reference}]));
        }
        Ok(())
    })
}

/// Refuses a schema past OpenAI's size limits, and warns of one within a fifth of them.
fn limits(schema: &mut Value, path: &str, lowering: &mut Lowering) -> Result<(), RenderError> {
    fn visit(
        schema: &Value,
        at: &mut String,
        depth: usize,
        count: &mut (usize, usize),
        lowering: &Lowering,
    ) -> Result<(), RenderError> {
        let Some(node) = schema.as_object() else { return Ok(()) };
        let here = at.len();
        if let Some(Value::Object(properties)) = node.get("properties") {
            count.1 = count.1.max(depth);
            if depth > MAX_DEPTH {
                return Err(
                    lowering.error(at, format!("objects nest deeper than OpenAI's limit of {MAX_DEPTH} levels"))
                );
            }
            count.0 += properties.len();
            push_token(at, "properties");
            let base = at.len();
            for (name, property) in properties {
                push_token(at, name);
                visit(property, at, depth + 1, count, lowering)?;
                at.truncate(base);
            }
            at.truncate(here);
        }
        for keyword in ["items", "anyOf", "$defs"] {
            let Some(child) = node.get(keyword) else { continue };
            push_token(at, keyword);
            let base = at.len();
            match child {
                Value::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        push_index(at, i);
                        visit(item, at, depth, count, lowering)?;
                        at.truncate(base);
                    }
                }
                Value::Object(map) if keyword == "$defs" => {
                    for (name, def) in map {
                        push_token(at, name);
                        visit(def, at, depth, count, lowering)?;
                        at.truncate(base);
                    }
                }
                item => visit(item, at, depth, count, lowering)?,
            }
            at.truncate(here);
        }
        Ok(())
    }
    let mut measured = (0, 0);
    visit(&*schema, &mut crate::pointer::walk_buffer(path), 1, &mut measured, lowering)?;
    let (count, depth) = measured;
    if count > MAX_PROPERTIES {
        return Err(
            lowering.error(path, format!("{count} object properties exceed OpenAI's limit of {MAX_PROPERTIES}"))
        );
    }
    let (mut enum_values, mut characters) = (0, 0);
    walk_mut(schema, path, &mut |node, at| {
        for keyword in ["properties", "$defs"] {
            if let Some(Value::Object(names)) = node.get(keyword) {
                characters += names.keys().map(|name| name.chars().count()).sum::<usize>();
            }
        }
        let text =
            |value: &Value| value.as_str().map_or_else(|| value.to_string().chars().count(), |s| s.chars().count());
        if let Some(value) = node.get("const") {
            characters += text(value);
        }
        if let Some(Value::Array(values)) = node.get("enum") {
            enum_values += values.len();
            let length: usize = values.iter().map(text).sum();
            characters += length;
            if values.len() > LARGE_ENUM && values.iter().all(Value::is_string) && length > MAX_LARGE_ENUM_CHARACTERS {
                return Err(lowering.error(
                    at,
                    format!(
                        "a string enum of {} values has {length} characters; OpenAI allows {MAX_LARGE_ENUM_CHARACTERS} \
                         for enums over {LARGE_ENUM} values",
                        values.len()
                    ),
                ));
            }
        }
        Ok(())
    })?;
    if enum_values > MAX_ENUM_VALUES {
        return Err(
            lowering.error(path, format!("{enum_values} enum values exceed OpenAI's limit of {MAX_ENUM_VALUES}"))
        );
    }
    for (what, value, limit) in [
        ("object properties", count, MAX_PROPERTIES),
        ("enum values", enum_values, MAX_ENUM_VALUES),
        ("levels of nesting", depth, MAX_DEPTH),
        ("characters of names and enum values", characters, MAX_SCHEMA_CHARACTERS),
    ] {
        if value * 5 >= limit * 4 && value <= limit {
            lowering.note(path, ChangeKind::Warning, format!("{value} {what}, near OpenAI's limit of {limit}"));
        }
    }
    if characters > MAX_SCHEMA_CHARACTERS {
        return Err(lowering.error(
            path,
            format!(
                "{characters} characters of names and enum values exceed OpenAI's limit of {MAX_SCHEMA_CHARACTERS}"
            ),
        ));
    }
    Ok(())
}

/// `tool_choice` (and `parallel_tool_calls`) as Chat Completions (`chat`) or the Responses API
/// writes it: they differ in where a function's name goes.
fn tool_choice(choice: &ToolChoice<'_>, options: ChoiceOptions, chat: bool) -> Map<String, Value> {
    let function = |name: &str| {
        if chat {
            json!({"type": "function", "function": {"name": name}})
        } else {
            json!({"type": "function", "name": name})
        }
    };
    let choice = match *choice {
        ToolChoice::Auto => json!("auto"),
        ToolChoice::None => json!("none"),
        ToolChoice::Required => json!("required"),
        ToolChoice::Tool(name) => function(name),
        ToolChoice::Allowed { tools, required } => {
            let mode = if required { "required" } else { "auto" };
            let listed: Vec<Value> = tools.iter().map(|name| function(name)).collect();
            if chat {
                json!({"type": "allowed_tools", "allowed_tools": {"mode": mode, "tools": listed}})
            } else {
                json!({"type": "allowed_tools", "mode": mode, "tools": listed})
            }
        }
    };
    let mut fields = Map::new();
    fields.insert("tool_choice".into(), choice);
    if let Some(parallel) = options.parallel_calls {
        fields.insert("parallel_tool_calls".into(), json!(parallel));
    }
    fields
}
