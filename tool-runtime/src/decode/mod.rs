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

mod clean;
mod json_text;
mod json_tokens;
mod known_fields;
pub(crate) mod limits;
mod locate;
mod pattern;
mod plan;
pub(crate) mod validate;

use crate::call::Arguments;
use crate::passes::union::{NESTED, unnest};
use crate::{ArgumentProblem, ToolError};
use clean::clean;
use known_fields::Shapes;
use locate::{located, problem};
pub(crate) use plan::{Decoding, Plan};

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
/// a call it accepts that needs no cleaning is taken as it is. With the object, whether the call
/// was written nested (`{"request": {…}}`, read as the object inside), for the caller to tell its
/// own problems where the model wrote them ([`at_nested`]).
#[cfg(feature = "read")]
pub(crate) fn checked_object(
    def: &Decoding<'_>,
    arguments: Arguments<'_>,
    accepts: impl FnOnce(&Value) -> bool,
) -> Result<(Map<String, Value>, bool), ToolError> {
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
        return Ok((object, false));
    }
    match checked_nested(def, value)? {
        (Value::Object(object), nested) => Ok((object, nested)),
        (other, _) => {
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
fn checked(def: &Decoding<'_>, value: Value) -> Result<Value, ToolError> {
    checked_nested(def, value).map(|(value, _)| value)
}

/// [`checked`], and whether the call was written nested.
fn checked_nested(def: &Decoding<'_>, mut value: Value) -> Result<(Value, bool), ToolError> {
    // A union's call as its nested rendering has it: the variant is read from inside, and each
    // problem told where the model wrote it.
    let nested = unnest(&mut value, def.schema, def.plan.nests);
    let mut problems = Vec::new();
    clean(&mut value, def.schema, def.schema, "", &mut problems);
    problems.extend(validate::validate(&value, def.schema, def.schema));
    if !problems.is_empty() {
        if nested {
            at_nested(&mut problems, def.schema);
        }
        return Err(invalid(def, problems));
    }
    Ok((value, nested))
}

/// The problems of a call written nested, each at the place the model wrote it: under `request`,
/// but for the fields of the object's own beside it.
pub(crate) fn at_nested(problems: &mut [ArgumentProblem], schema: &Value) {
    let own = schema.get("properties").and_then(Value::as_object);
    for problem in problems {
        let first = problem.pointer.split('/').nth(1).map(crate::pointer::unescape);
        if !first.is_some_and(|first| own.is_some_and(|own| own.contains_key(first.as_ref()))) {
            problem.pointer = format!("/{NESTED}{}", problem.pointer);
        }
    }
}

fn invalid(def: &Decoding<'_>, problems: Vec<ArgumentProblem>) -> ToolError {
    ToolError::InvalidArguments { tool: def.tool.to_owned().into(), problems }
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
