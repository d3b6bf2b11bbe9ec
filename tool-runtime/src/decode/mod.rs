//! Decoding a call's arguments: a model's call, from its raw JSON text (or a parsed object) to the tool's Rust type,
//! checked against the tool's schema, every problem worded for the model. What decoding reads of a
//! definition is a [`Decoding`], so this module stays below [`ToolDef`](crate::ToolDef), which keeps
//! the decoding [`Plan`].
//!
//! Lowered schemas accept some things the Rust types do not read as they are: strict mode makes every
//! optional field required and nullable, so `null` arrives for "absent"; and a tagged enum lowered
//! to one flat object receives the fields of every variant. So before serde sees the value, `null`
//! for an optional field that does not itself take `null` is removed (serde then applies the
//! default), and a non-null field that does not belong to the chosen variant is an error.

use std::borrow::Cow;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::passes::nullable::is_nullable;
use crate::passes::refs::resolve;
use crate::passes::union::tagged_union;
use crate::pointer::{push_index, push_token};

mod json_text;
mod json_tokens;
mod known_fields;
pub(crate) mod limits;
pub(crate) mod validate;

use crate::call::Arguments;
use crate::{ArgumentProblem, ToolError};
use json_text::Cursor;
use known_fields::Shapes;

/// What decoding a tool's arguments reads of its definition: its name (for errors), its input schema
/// and the plan worked out from it.
pub(crate) struct Decoding<'a> {
    pub(crate) tool: &'a str,
    pub(crate) schema: &'a Value,
    pub(crate) plan: &'a Plan,
}

/// What decoding needs to know about a tool's schema, worked out once per definition.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Plan {
    /// The schema states constraints serde does not check: every call is validated.
    constrained: bool,
    /// Where the schema has open objects (no `additionalProperties: false`), the fields each
    /// object may have, to find fields serde skipped; `None` when every object is closed, so serde
    /// refuses unknown fields itself.
    open: Option<Shapes>,
    /// The root is a union (a tagged enum): calls go through the schema.
    tagged: bool,
    /// Some optional field does not take `null`: a call with `null` in it goes through the schema,
    /// which removes those nulls (strict mode's "absent") so that serde applies the default.
    clears_nulls: bool,
}

impl Plan {
    pub(crate) fn of(schema: &Value) -> Self {
        Plan {
            constrained: self::validate::has_constraints(schema),
            open: (!all_closed(schema)).then(|| Shapes::of(schema)),
            tagged: schema.get("oneOf").is_some() || schema.get("anyOf").is_some(),
            clears_nulls: clears_nulls(schema, schema),
        }
    }

    /// Whether a call with this text must go through the schema before serde reads it.
    #[inline]
    fn needs_schema(&self, text: &str) -> bool {
        self.tagged || self.constrained || (self.clears_nulls && text.contains("null"))
    }

    /// [`Plan::needs_schema`] for a parsed object.
    fn needs_schema_object(&self, object: &Map<String, Value>) -> bool {
        self.tagged || self.constrained || (self.clears_nulls && object.values().any(has_null))
    }

    /// Whether a parsed call must be cleaned before it is used: a tagged union's fields of other
    /// variants, or strict mode's `null` for an absent optional field, are removed.
    #[cfg(feature = "read")]
    fn needs_cleaning(&self, value: &Value) -> bool {
        self.tagged || (self.clears_nulls && has_null(value))
    }
}

fn has_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.iter().any(has_null),
        Value::Object(fields) => fields.values().any(has_null),
        _ => false,
    }
}

/// Whether any object schema in `schema` has an optional property that does not take `null`.
fn clears_nulls(schema: &Value, root: &Value) -> bool {
    match schema {
        Value::Object(node) => {
            let optional_not_null = match (node.get("properties"), node.get("required")) {
                (Some(Value::Object(properties)), required) => properties.iter().any(|(name, property)| {
                    let required = required.and_then(Value::as_array).is_some_and(|r| r.iter().any(|r| r == name));
                    !required && !is_nullable(resolve(property, root))
                }),
                _ => false,
            };
            optional_not_null || node.values().any(|child| clears_nulls(child, root))
        }
        Value::Array(items) => items.iter().any(|item| clears_nulls(item, root)),
        _ => false,
    }
}

/// Whether every object schema in `schema` refuses unknown fields.
fn all_closed(schema: &Value) -> bool {
    match schema {
        Value::Object(node) => {
            let open = node.contains_key("properties") && node.get("additionalProperties") != Some(&Value::Bool(false));
            !open && node.values().all(all_closed)
        }
        Value::Array(items) => items.iter().all(all_closed),
        _ => true,
    }
}

/// The most bytes of arguments [`parse`] reads when called directly (`handle` applies its own limits).
const DEFAULT_MAX_BYTES: usize = 1 << 20;

/// Parses a call's arguments for the tool `def` into `T`.
///
/// Empty text and `null` stand for "no arguments", which models send for tools without parameters;
/// arguments encoded twice (a JSON string holding the object) are read through the string. A call
/// serde accepts without skipping a field, for a tool whose schema states nothing serde does not
/// check, is parsed once straight from the text; anything else goes through the schema, which finds
/// every problem.
///
/// Only the reads of the text know `T` (the one here, and [`read`] for every other road):
/// everything else is compiled once, not once per tool, so a tool costs the compiler about what a
/// `serde_json::from_str` of its arguments costs. Inlined into each tool's call, so a large
/// argument struct is not copied from one result to the next.
#[inline]
pub(crate) fn parse<T: DeserializeOwned>(def: &Decoding<'_>, arguments: &str) -> Result<T, ToolError> {
    // Most calls: one read of the text as it came, and for open structs a scan of its fields. The
    // read is `read`'s, written out here so that the value is built where it is returned.
    if let Some(open) = as_sent(def, arguments) {
        let mut deserializer = serde_json::Deserializer::from_str(arguments);
        let read = T::deserialize(&mut deserializer);
        // The value is taken out of `read` only to be returned: a large argument struct is copied
        // once, not also to a place of its own while the text is scanned.
        if read.is_ok()
            && deserializer.end().is_ok()
            && open.is_none_or(|shapes| shapes.all_known(arguments))
            && let Ok(parsed) = read
        {
            return Ok(parsed);
        }
    }
    parse_checked(def, arguments)
}

/// [`parse`] of a call that cannot be read as it came, or that serde refused as it came: the roads
/// of [`decode`].
#[inline(never)]
fn parse_checked<T: DeserializeOwned>(def: &Decoding<'_>, arguments: &str) -> Result<T, ToolError> {
    let mut parsed = None;
    decode(def, arguments, &mut |text| {
        parsed = Some(read(text)?);
        Ok(())
    })?;
    Ok(parsed.expect("decoding succeeds only after a read"))
}

/// [`parse`] for arguments of either kind.
#[inline]
pub(crate) fn parse_any<T: DeserializeOwned>(def: &Decoding<'_>, arguments: Arguments<'_>) -> Result<T, ToolError> {
    match arguments {
        Arguments::Text(text) => parse(def, text),
        Arguments::Object(object) => parse_object(def, object),
    }
}

/// [`parse`] for arguments already parsed into a JSON object. A call that may be read as it came
/// (see [`as_sent`]) is read straight from the object; anything else — a call that goes through the
/// schema, or one serde refuses — takes the roads of its text, so every answer and every error is
/// the one its text would get.
#[inline]
fn parse_object<T: DeserializeOwned>(def: &Decoding<'_>, object: &Map<String, Value>) -> Result<T, ToolError> {
    let plan = def.plan;
    if !plan.needs_schema_object(object)
        && let Ok(parsed) = T::deserialize(object)
        && plan.open.as_ref().is_none_or(|shapes| shapes.all_known_in(object))
    {
        return Ok(parsed);
    }
    parse(def, &serde_json::to_string(object).expect("a JSON object is written as text"))
}

/// Whether a call's text can be read as it came — an object, not too long, that need not go through
/// the schema first — and if so, the shapes of its open objects, whose fields are checked after the
/// read. Anything else takes [`decode`]'s roads.
#[inline(always)]
fn as_sent<'a>(def: &Decoding<'a>, arguments: &str) -> Option<Option<&'a Shapes>> {
    let plan = def.plan;
    let plain = arguments.len() <= DEFAULT_MAX_BYTES
        && (arguments.starts_with('{') || arguments.trim_start().starts_with('{'))
        && !plan.needs_schema(arguments);
    plain.then_some(plan.open.as_ref())
}

/// A call's arguments as a JSON object, checked against the schema: cleaned as for any tool
/// (strict mode's `null` for an absent optional field removed), every problem found. For tools
/// without a Rust type to read them into (definitions read from JSON), whose schema is all there
/// is to check a call against. `accepts` is the schema compiled by a full JSON Schema validator:
/// a call it accepts that needs no cleaning is taken as it is.
#[cfg(feature = "read")]
pub(crate) fn checked_object(
    def: &Decoding<'_>,
    arguments: Arguments<'_>,
    accepts: impl FnOnce(&Value) -> bool,
) -> Result<Map<String, Value>, ToolError> {
    let value = match arguments {
        Arguments::Text(text) => {
            let text = match route(def, text)? {
                Route::Direct(text) | Route::Watched(text, _) | Route::Checked(text) => text,
            };
            serde_json::from_str(&text).map_err(|err| invalid(def, vec![problem(String::new(), err)]))?
        }
        Arguments::Object(object) => Value::Object(object.clone()),
    };
    // Most calls fit: the schema's own word is enough, and toolc's validator, which words each
    // problem for the model, runs when there is something to say.
    if !def.plan.needs_cleaning(&value) && value.is_object() && accepts(&value) {
        let Value::Object(object) = value else { unreachable!("an object, as just asked") };
        return Ok(object);
    }
    match checked(def, value)? {
        Value::Object(object) => Ok(object),
        other => {
            let message = format!("expected an object of arguments, got {}", validate::describe(&other));
            Err(invalid(def, vec![ArgumentProblem::new("", message)]))
        }
    }
}

/// A reader of JSON text into the caller's type.
type Reader<'a> = dyn FnMut(&str) -> Result<(), serde_json::Error> + 'a;

/// [`parse`] without the type: the roads a call's text takes to `read`.
fn decode(def: &Decoding<'_>, arguments: &str, read: &mut Reader<'_>) -> Result<(), ToolError> {
    let checked = match route(def, arguments)? {
        Route::Direct(text) if read(&text).is_ok() => return Ok(()),
        Route::Watched(text, shapes) if read(&text).is_ok() && shapes.all_known(&text) => return Ok(()),
        Route::Direct(text) | Route::Watched(text, _) | Route::Checked(text) => check(def, &text)?,
    };
    read(&checked).map_err(|err| located(def, &checked, err))
}

/// How a call's arguments are read, decided without knowing their Rust type.
enum Route<'a> {
    /// Straight from the text: every object is closed, so serde refuses unknown fields itself.
    Direct(Cow<'a, str>),
    /// From the text, then checking that no object has a field serde skipped (an open struct's).
    Watched(Cow<'a, str>, &'a Shapes),
    /// Through the schema first.
    Checked(Cow<'a, str>),
}

fn route<'a>(def: &Decoding<'a>, arguments: &'a str) -> Result<Route<'a>, ToolError> {
    if arguments.len() > DEFAULT_MAX_BYTES {
        let message =
            format!("the arguments have {} bytes; the limit is {DEFAULT_MAX_BYTES}: send less", arguments.len());
        return Err(invalid(def, vec![ArgumentProblem::new("", message)]));
    }
    let text = match arguments.trim() {
        "" | "null" => Cow::Borrowed("{}"),
        quoted if quoted.starts_with('"') => match serde_json::from_str::<String>(quoted) {
            Ok(inner) if inner.trim_start().starts_with('{') => Cow::Owned(inner),
            _ => Cow::Borrowed(arguments),
        },
        _ => Cow::Borrowed(arguments),
    };
    let plan = def.plan;
    Ok(if plan.needs_schema(&text) {
        Route::Checked(text)
    } else {
        match &plan.open {
            None => Route::Direct(text),
            Some(shapes) => Route::Watched(text, shapes),
        }
    })
}

/// `T` from JSON text, all of it.
fn read<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// The arguments cleaned and validated against the schema, as compact JSON text for [`read`]; or
/// every problem found.
fn check(def: &Decoding<'_>, text: &str) -> Result<String, ToolError> {
    let value: Value = serde_json::from_str(text).map_err(|err| invalid(def, vec![problem(String::new(), err)]))?;
    checked(def, value).map(|value| value.to_string())
}

/// [`check`] of a parsed value: the value cleaned, or every problem found.
fn checked(def: &Decoding<'_>, mut value: Value) -> Result<Value, ToolError> {
    let mut problems = Vec::new();
    clean(&mut value, def.schema, def.schema, "", &mut problems);
    problems.extend(validate::validate(&value, def.schema, def.schema));
    if !problems.is_empty() {
        return Err(invalid(def, problems));
    }
    Ok(value)
}

fn invalid(def: &Decoding<'_>, problems: Vec<ArgumentProblem>) -> ToolError {
    ToolError::InvalidArguments { tool: def.tool.to_owned().into(), problems }
}

/// What serde refused in checked arguments, at the JSON Pointer its position falls in.
fn located(def: &Decoding<'_>, text: &str, err: serde_json::Error) -> ToolError {
    // The text is one line (serde_json escapes line breaks in strings); columns count bytes from 1.
    // serde_json's column is the 1-based column of the last byte it read, so as a 0-based offset
    // it is the byte after it.
    let pointer = if err.line() == 1 { pointer_at(text, err.column()) } else { String::new() };
    invalid(def, vec![problem(pointer, err)])
}

fn problem(pointer: String, err: serde_json::Error) -> ArgumentProblem {
    // serde_json appends " at line L column C"; a pointer says where far better for an object.
    let text = err.to_string();
    let message = match text.rfind(" at line ") {
        Some(at) if !err.is_syntax() && !err.is_eof() => text[..at].to_owned(),
        _ => text,
    };
    ArgumentProblem::new(pointer, message)
}

/// The JSON Pointer of the deepest value of `text` (compact JSON, as serde_json writes it) that
/// starts at byte `offset`, spans it or ends just before it. serde_json stops at the start of a
/// value it refuses unread, just after one it refused once read, and just after an object that
/// misses a field.
fn pointer_at(text: &str, offset: usize) -> String {
    let mut path = String::new();
    spanning(&mut Cursor::new(text), offset, &mut path);
    path
}

/// Reads the value at the cursor. When the value reaches `offset`, `path` is left pointing at the
/// deepest value that does, and the answer is `true`.
fn spanning(cursor: &mut Cursor<'_>, offset: usize, path: &mut String) -> bool {
    cursor.skip_space();
    let start = cursor.at;
    let mut found = false;
    // Each member is read with its token on `path`; the one that reaches `offset` stops the walk.
    let mut member = |cursor: &mut Cursor<'_>, path: &mut String, mark: usize| {
        found = spanning(cursor, offset, path);
        if found {
            return None;
        }
        path.truncate(mark);
        Some(())
    };
    let read = match cursor.peek() {
        Some(b'{') => cursor.members(b'}', |cursor| {
            let key = cursor.key()?;
            let mark = path.len();
            push_token(path, &key);
            member(cursor, path, mark)
        }),
        Some(b'[') => {
            let mut index = 0;
            cursor.members(b']', |cursor| {
                let mark = path.len();
                push_index(path, index);
                index += 1;
                member(cursor, path, mark)
            })
        }
        Some(b'"') => cursor.string().map(drop),
        Some(_) => {
            cursor.skip_scalar();
            Some(())
        }
        None => None,
    };
    found || (read.is_some() && (start..=cursor.at).contains(&offset))
}

fn clean(value: &mut Value, schema: &Value, root: &Value, at: &str, problems: &mut Vec<ArgumentProblem>) {
    let schema = resolve(schema, root);
    match value {
        Value::Object(fields) => {
            if let Some(union) = tagged_union(schema) {
                let chosen = fields.get(&union.tag).and_then(Value::as_str);
                if let Some(variant) = union.variants.iter().find(|variant| Some(variant.value.as_str()) == chosen) {
                    let mut foreign = Vec::new();
                    fields.retain(|name, field| {
                        if *name == union.tag || variant.properties.contains_key(name) {
                            return true;
                        }
                        if !field.is_null() {
                            foreign.push(name.clone());
                        }
                        false
                    });
                    for name in foreign {
                        let users: Vec<&str> = union
                            .variants
                            .iter()
                            .filter(|other| other.properties.contains_key(&name))
                            .map(|other| other.value.as_str())
                            .collect();
                        let message = if users.is_empty() {
                            format!("unknown field `{name}` for `{}` = `{}`", union.tag, variant.value)
                        } else {
                            format!(
                                "`{name}` does not apply when `{}` is `{}` (it is for: {}); send null or leave it out",
                                union.tag,
                                variant.value,
                                users.join(", ")
                            )
                        };
                        problems.push(ArgumentProblem::new(format!("{at}/{name}"), message));
                    }
                    let object = variant_schema(variant, &union.tag);
                    clean_object(fields, &object, root, at, problems);
                }
                return;
            }
            if schema.get("properties").is_some() {
                clean_object(fields, schema, root, at, problems);
            } else if let Some(branch) = object_branch(schema, root) {
                clean_object(fields, branch, root, at, problems);
            }
        }
        Value::Array(items) => {
            let item_schema = resolve(schema, root)
                .get("items")
                .or_else(|| object_branch(schema, root).and_then(|branch| branch.get("items")));
            if let Some(item_schema) = item_schema {
                for (index, item) in items.iter_mut().enumerate() {
                    clean(item, item_schema, root, &format!("{at}/{index}"), problems);
                }
            }
        }
        _ => {}
    }
}

fn variant_schema(variant: &crate::passes::union::Variant, tag: &str) -> Value {
    let mut object = Map::new();
    let fields = variant.fields(tag).map(|(name, field)| (name.clone(), field.clone())).collect();
    object.insert("properties".to_owned(), Value::Object(fields));
    object.insert("required".to_owned(), variant.required.iter().cloned().map(Value::String).collect());
    Value::Object(object)
}

/// The one branch of an `anyOf`/`oneOf` (such as `Option<Struct>`'s) that describes objects.
fn object_branch<'a>(schema: &'a Value, root: &'a Value) -> Option<&'a Value> {
    let branches = schema.get("anyOf").or_else(|| schema.get("oneOf"))?.as_array()?;
    let mut objects =
        branches.iter().map(|branch| resolve(branch, root)).filter(|branch| branch.get("properties").is_some());
    let first = objects.next()?;
    objects.next().is_none().then_some(first)
}

fn clean_object(
    fields: &mut Map<String, Value>,
    schema: &Value,
    root: &Value,
    at: &str,
    problems: &mut Vec<ArgumentProblem>,
) {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return };
    let required = |name: &str| {
        schema.get("required").and_then(Value::as_array).is_some_and(|required| required.iter().any(|r| r == name))
    };
    fields.retain(|name, field| {
        !(field.is_null() && !required(name) && properties.get(name).is_some_and(|p| !is_nullable(resolve(p, root))))
    });
    for (name, field) in fields.iter_mut() {
        if let Some(property) = properties.get(name) {
            clean(field, property, root, &format!("{at}/{name}"), problems);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolDef;
    use serde::Deserialize;

    /// Where serde_json's error for `text` as `T` points.
    fn pointer_of_error<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
        let def = ToolDef::new("t", "", serde_json::json!({}));
        let ToolError::InvalidArguments { problems, .. } = located(&def.decoding(), text, read::<T>(text).unwrap_err())
        else {
            panic!("not an argument error")
        };
        problems[0].pointer.clone()
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Outer {
        name: String,
        items: Vec<Item>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Item {
        count: u32,
        kind: Kind,
        #[serde(default)]
        code: Option<Code>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Small,
        Large,
    }

    /// A string serde refuses by a rule of its own, which no schema states.
    #[derive(Debug, Deserialize)]
    #[serde(try_from = "String")]
    struct Code(#[allow(dead_code)] String);

    impl TryFrom<String> for Code {
        type Error = String;
        fn try_from(text: String) -> Result<Self, String> {
            if text.len() == 3 { Ok(Code(text)) } else { Err(format!("a code has 3 letters, not {}", text.len())) }
        }
    }

    #[test]
    fn errors_point_at_the_refused_value() {
        let ok = r#"{"name":"a","items":[{"count":1,"kind":"small"},"#;
        let cases = [
            (format!(r#"{ok}{{"count":"2","kind":"large"}}]}}"#), "/items/1/count"),
            (format!(r#"{ok}{{"count":2,"kind":"huge"}}]}}"#), "/items/1/kind"),
            // A type's own rule (`try_from`) fails after serde_json has read the value: serde_json
            // places it at the end of the enclosing object, so that is where it points.
            (format!(r#"{ok}{{"count":2,"kind":"large","code":"ab\"cd"}}]}}"#), "/items/1"),
            (format!(r#"{ok}{{"count":2}}]}}"#), "/items/1"),
            (r#"{"items":[]}"#.to_owned(), ""),
            (r#"{"name":7,"items":[]}"#.to_owned(), "/name"),
            (r#"{"name":"x","items":{"a/b~":1}}"#.to_owned(), "/items"),
        ];
        for (text, pointer) in cases {
            assert_eq!(pointer_of_error::<Outer>(&text), pointer, "{text}");
        }
    }

    #[test]
    fn keys_with_escapes_are_pointer_tokens() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Odd {
            #[serde(rename = "a/b~\"c")]
            odd: u8,
        }
        assert_eq!(pointer_of_error::<Odd>(r#"{"a/b~\"c":300}"#), "/a~1b~0\"c");
    }
}
