//! Elicitation, typed: a Rust type's schema made into the form MCP lets a client show (flat,
//! primitive fields: strings, numbers, booleans, enums with or without titles, lists of enum
//! values; defaults), and the user's answer read back into the type.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use super::ask::{AskError, QuestionKind};

/// A type a tool may ask the user to fill in: `#[derive(Form)]` on a struct whose fields are each a
/// [`FormField`], checked at compile time.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a form",
    note = "derive it: `#[derive(Deserialize, JsonSchema, Form)]` on a struct whose fields are strings, numbers, booleans or enums"
)]
pub trait Form {}

/// A field a form may hold: a string, a number, a boolean, a choice ([`FormChoice`]), a `Vec` of
/// choices, or an `Option` of one of these.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of a form",
    note = "a form (MCP's elicitation) is flat: its fields are strings, numbers, booleans, enums of unit variants that derive `Form`, lists of such enums, or `Option`s of these"
)]
pub trait FormField {}

/// An enum of unit variants a form offers as a choice: `#[derive(Form)]` on the enum.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a choice a form offers",
    note = "a list in a form is of choices: an enum of unit variants that derives `Form`"
)]
pub trait FormChoice {}

macro_rules! form_fields {
    ($($ty:ty),*) => {$(impl FormField for $ty {})*};
}

form_fields!(String, bool, i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64);

impl<T: FormField> FormField for Option<T> {}
impl<T: FormChoice> FormField for Vec<T> {}

/// The user's answer to a form: the values, or that they said no, or that they dismissed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Elicited<T> {
    /// The user filled in the form and sent it.
    Accepted(T),
    /// The user said no.
    Declined,
    /// The user dismissed the form without choosing.
    Cancelled,
}

impl<T> Elicited<T> {
    /// The values, when the user sent the form.
    pub fn accepted(self) -> Option<T> {
        match self {
            Elicited::Accepted(value) => Some(value),
            Elicited::Declined | Elicited::Cancelled => None,
        }
    }
}

fn invalid(message: impl Into<String>) -> AskError {
    AskError::Invalid { question: QuestionKind::Elicitation, message: message.into() }
}

/// The `elicitation/create` parameters asking `message` with the form of `T`.
pub(super) fn params<T: JsonSchema>(message: &str) -> Result<Value, AskError> {
    let schema = crate::schema::settings().into_generator().into_root_schema_for::<T>().to_value();
    Ok(json!({"mode": "form", "message": message, "requestedSchema": form(&schema)?}))
}

/// The form of a type's schema, or why it cannot be one.
fn form(schema: &Value) -> Result<Value, AskError> {
    let name = schema.get("title").and_then(Value::as_str).unwrap_or("the form's type").to_owned();
    let root = crate::schema::resolve(schema, schema);
    if root.get("type").and_then(Value::as_str) != Some("object") {
        return Err(invalid(format!("{name} is not a struct: a form is an object of named fields")));
    }
    let mut properties = Map::new();
    for (field, property) in root.get("properties").and_then(Value::as_object).into_iter().flatten() {
        let field_form = field_form(schema, property)
            .map_err(|why| invalid(format!("field `{field}` of {name}: {why}; a form holds flat fields only: strings, numbers, booleans, enums of strings, lists of enum values")))?;
        properties.insert(field.clone(), field_form);
    }
    let mut form = json!({"type": "object", "properties": properties});
    if let Some(required) = root.get("required") {
        form["required"] = required.clone();
    }
    // The type's doc comment says what the form is for; its title is only the type's name.
    if let Some(text) = root.get("description") {
        form["description"] = text.clone();
    }
    Ok(form)
}

/// The keywords a form field keeps, by its type (MCP's `PrimitiveSchemaDefinition`).
const STRING_KEYS: &[&str] = &["title", "description", "minLength", "maxLength", "format", "default"];
const NUMBER_KEYS: &[&str] = &["title", "description", "minimum", "maximum", "default"];
const BOOLEAN_KEYS: &[&str] = &["title", "description", "default"];
const ENUM_KEYS: &[&str] = &["title", "description", "default", "enumNames"];
const ARRAY_KEYS: &[&str] = &["title", "description", "minItems", "maxItems", "default"];
const FORMATS: &[&str] = &["email", "uri", "date", "date-time"];

fn keep(from: &Map<String, Value>, keys: &[&str], into: &mut Map<String, Value>) {
    for key in keys {
        if let Some(value) = from.get(*key) {
            into.insert((*key).to_owned(), value.clone());
        }
    }
}

/// One field's form, with references followed and `null` (an `Option`'s) dropped: the field is
/// simply not required.
fn field_form(root: &Value, property: &Value) -> Result<Value, String> {
    let Some(fields) = property.as_object() else { return Err("it is not a schema object".to_owned()) };
    // The field's own description and default sit beside the reference they annotate.
    let mut merged = resolved(root, property).as_object().cloned().unwrap_or_default();
    for (key, value) in fields {
        if key != "$ref" {
            merged.insert(key.clone(), value.clone());
        }
    }
    let merged = without_null(root, merged)?;
    let mut out = Map::new();
    if let Some(choices) = choices(root, &merged)? {
        out.insert("type".to_owned(), json!("string"));
        out.extend(choices);
        keep(&merged, ENUM_KEYS, &mut out);
        return Ok(Value::Object(out));
    }
    match merged.get("type").and_then(Value::as_str) {
        Some("string") => {
            if let Some(format) = merged.get("format").and_then(Value::as_str)
                && !FORMATS.contains(&format)
            {
                return Err(format!("the format `{format}` is not one a form takes ({})", FORMATS.join(", ")));
            }
            out.insert("type".to_owned(), json!("string"));
            keep(&merged, STRING_KEYS, &mut out);
        }
        Some(ty @ ("number" | "integer")) => {
            out.insert("type".to_owned(), json!(ty));
            keep(&merged, NUMBER_KEYS, &mut out);
        }
        Some("boolean") => {
            out.insert("type".to_owned(), json!("boolean"));
            keep(&merged, BOOLEAN_KEYS, &mut out);
        }
        Some("array") => {
            let items = merged.get("items").ok_or("a list without `items`")?;
            let items = without_null(root, resolved(root, items).as_object().cloned().unwrap_or_default())?;
            let Some(choices) = choices(root, &items)? else {
                return Err("a list that is not of enum values".to_owned());
            };
            let mut item = Map::new();
            match choices.get("oneOf") {
                // A titled multi-select lists its choices under `anyOf`.
                Some(titled) => {
                    item.insert("anyOf".to_owned(), titled.clone());
                }
                None => {
                    item.insert("type".to_owned(), json!("string"));
                    item.extend(choices);
                }
            }
            out.insert("type".to_owned(), json!("array"));
            out.insert("items".to_owned(), Value::Object(item));
            keep(&merged, ARRAY_KEYS, &mut out);
        }
        Some("object") => return Err("it is an object".to_owned()),
        Some(other) => return Err(format!("its type `{other}` is not one a form takes")),
        None => return Err("it has no single type".to_owned()),
    }
    Ok(Value::Object(out))
}

/// A schema with its `$ref` followed (one step; definitions do not nest references in forms).
fn resolved(root: &Value, schema: &Value) -> Value {
    crate::schema::resolve(schema, root).clone()
}

/// The schema without the `null` an `Option` adds: `"type": ["string", "null"]`, or
/// `anyOf: [{…}, {"type": "null"}]`.
fn without_null(root: &Value, mut schema: Map<String, Value>) -> Result<Map<String, Value>, String> {
    if let Some(Value::Array(types)) = schema.get("type") {
        let kept: Vec<&Value> = types.iter().filter(|ty| *ty != "null").collect();
        match kept.as_slice() {
            [one] => {
                let one = (*one).clone();
                schema.insert("type".to_owned(), one);
            }
            _ => return Err("it may hold values of several types".to_owned()),
        }
    }
    if let Some(Value::Array(branches)) = schema.get("anyOf").cloned() {
        let kept: Vec<&Value> = branches.iter().filter(|branch| branch.get("type") != Some(&json!("null"))).collect();
        if kept.len() == 1 && kept.len() < branches.len() {
            schema.remove("anyOf");
            let branch = resolved(root, kept[0]);
            for (key, value) in branch.as_object().cloned().unwrap_or_default() {
                schema.entry(key).or_insert(value);
            }
        }
    }
    Ok(schema)
}

/// An enum's choices as a form writes them: `enum` for values alone, `oneOf` of `{const, title}`
/// for values with titles (a variant's title, or else its doc comment); `None` when the schema is
/// not an enum of strings.
fn choices(root: &Value, schema: &Map<String, Value>) -> Result<Option<Map<String, Value>>, String> {
    let mut choices = Map::new();
    if let Some(Value::Array(values)) = schema.get("enum") {
        if !values.iter().all(Value::is_string) {
            return Err("an enum whose values are not all strings".to_owned());
        }
        choices.insert("enum".to_owned(), Value::Array(values.clone()));
        return Ok(Some(choices));
    }
    let Some(Value::Array(branches)) = schema.get("oneOf").or_else(|| schema.get("anyOf")) else { return Ok(None) };
    let mut titled = Vec::with_capacity(branches.len());
    for branch in branches {
        let branch = resolved(root, branch);
        let value = branch.get("const").or_else(|| branch.get("enum").and_then(|values| values.get(0)));
        let Some(Value::String(value)) = value else {
            return Err("a union that is not an enum of strings".to_owned());
        };
        let title = branch.get("title").or_else(|| branch.get("description")).cloned().unwrap_or(json!(value));
        titled.push(json!({"const": value, "title": title}));
    }
    choices.insert("oneOf".to_owned(), Value::Array(titled));
    Ok(Some(choices))
}

/// The typed answer from an `elicitation/create` result.
pub(super) fn answer<T: DeserializeOwned>(result: Value) -> Result<Elicited<T>, AskError> {
    match result.get("action").and_then(Value::as_str) {
        Some("accept") => {
            let content = result.get("content").cloned().unwrap_or_else(|| json!({}));
            serde_json::from_value(content)
                .map(Elicited::Accepted)
                .map_err(|err| invalid(format!("the user's answer does not fit the form: {err}")))
        }
        Some("decline") => Ok(Elicited::Declined),
        Some("cancel") => Ok(Elicited::Cancelled),
        other => Err(AskError::Failed {
            question: QuestionKind::Elicitation,
            message: format!("the client answered with the action {other:?}, not `accept`, `decline` or `cancel`"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;

    #[allow(dead_code)]
    #[derive(Deserialize, JsonSchema)]
    struct Nested {
        inner: Inner,
    }

    #[allow(dead_code)]
    #[derive(Deserialize, JsonSchema)]
    struct Inner {
        a: String,
    }

    #[test]
    fn a_nested_struct_is_refused_naming_the_field() {
        let err = params::<Nested>("Where?").unwrap_err();
        assert!(err.to_string().contains("field `inner` of Nested: it is an object"), "{err}");
    }

    /// A profile whose every field has a default.
    #[allow(dead_code)]
    #[derive(Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
    #[serde(default)]
    struct Profile {
        /// User name
        name: String,
        /// User age
        age: i64,
        /// User status
        status: Status,
        /// Verified
        verified: bool,
    }

    impl Default for Profile {
        fn default() -> Self {
            Profile { name: "John Doe".into(), age: 30, status: Status::Active, verified: true }
        }
    }

    #[allow(dead_code)]
    #[derive(Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
    #[serde(rename_all = "lowercase")]
    enum Status {
        Active,
        Inactive,
    }

    #[allow(dead_code)]
    #[derive(Deserialize, Serialize, JsonSchema)]
    enum Titled {
        #[schemars(title = "First")]
        A,
        /// The second.
        B,
    }

    #[allow(dead_code)]
    #[derive(Deserialize, JsonSchema)]
    struct Choices {
        /// One, titled.
        one: Option<Titled>,
        /// Several.
        several: Vec<Status>,
        /// Several, titled.
        several_titled: Vec<Titled>,
    }

    fn requested<T: JsonSchema>() -> Value {
        params::<T>("?").unwrap()["requestedSchema"].clone()
    }

    #[test]
    fn defaults_and_enums_become_the_form_mcp_writes() {
        assert_eq!(
            requested::<Profile>(),
            json!({"type": "object", "description": "A profile whose every field has a default.", "properties": {
                "name": {"type": "string", "description": "User name", "default": "John Doe"},
                "age": {"type": "integer", "description": "User age", "default": 30},
                "status": {"type": "string", "enum": ["active", "inactive"], "description": "User status", "default": "active"},
                "verified": {"type": "boolean", "description": "Verified", "default": true}
            }})
        );
    }

    #[test]
    fn titled_enums_and_lists_of_enums_become_single_and_multiple_choices() {
        let form = requested::<Choices>();
        assert_eq!(
            form["properties"]["one"],
            json!({"type": "string", "description": "One, titled.",
                   "oneOf": [{"const": "A", "title": "First"}, {"const": "B", "title": "The second."}]})
        );
        assert_eq!(
            form["properties"]["several"],
            json!({"type": "array", "description": "Several.", "items": {"type": "string", "enum": ["active", "inactive"]}})
        );
        assert_eq!(
            form["properties"]["several_titled"]["items"],
            json!({"anyOf": [{"const": "A", "title": "First"}, {"const": "B", "title": "The second."}]})
        );
        assert_eq!(form["required"], json!(["several", "several_titled"]));
    }

    /// A choice with the titles of before 2025-11-25 (`enumNames`), as a client of 2025-06-18 shows them.
    #[allow(dead_code)]
    #[derive(Deserialize, JsonSchema)]
    #[serde(rename_all = "lowercase")]
    #[schemars(extend("enumNames" = ["Staging (safe)", "Production"]))]
    enum Legacy {
        Staging,
        Production,
    }

    #[allow(dead_code)]
    #[derive(Deserialize, JsonSchema)]
    struct LegacyChoices {
        /// Where.
        on_the_type: Legacy,
        /// Which.
        #[schemars(extend("enumNames" = ["Red", "Blue"]))]
        on_the_field: Colour,
    }

    #[allow(dead_code)]
    #[derive(Deserialize, JsonSchema)]
    #[serde(rename_all = "lowercase")]
    enum Colour {
        Red,
        Blue,
    }

    #[test]
    fn legacy_enum_names_set_on_the_enum_or_the_field_reach_the_form() {
        let form = requested::<LegacyChoices>();
        assert_eq!(
            form["properties"]["on_the_type"],
            json!({"type": "string", "enum": ["staging", "production"], "description": "Where.",
                   "enumNames": ["Staging (safe)", "Production"]})
        );
        assert_eq!(form["properties"]["on_the_field"]["enumNames"], json!(["Red", "Blue"]));
    }

    #[test]
    fn the_answer_is_read_into_the_type_or_refused_naming_what_does_not_fit() {
        let accepted: Elicited<Profile> =
            answer(json!({"action": "accept", "content": {"name": "Ada", "age": 36}})).unwrap();
        let Elicited::Accepted(profile) = accepted else { panic!("accepted") };
        assert_eq!((profile.name.as_str(), profile.age, profile.verified), ("Ada", 36, true));
        assert_eq!(answer::<Profile>(json!({"action": "decline"})).unwrap(), Elicited::Declined);
        let err = answer::<Profile>(json!({"action": "accept", "content": {"age": "old"}})).unwrap_err();
        assert!(err.to_string().contains("invalid type: string \"old\", expected i64"), "{err}");
        assert!(answer::<Profile>(json!({"action": "maybe"})).is_err());
    }
}
