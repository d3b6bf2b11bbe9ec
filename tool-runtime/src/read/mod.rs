//! Reading tool definitions that arrive as JSON — any provider's format, in any dialect of JSON
//! Schema — into [`ToolDef`]s that lower like any other (feature `read`).
//!
//! - `shapes`: the shapes definitions come in (OpenAI, Anthropic, Gemini, MCP, bare JSON Schema);
//! - `quirks`: the dialects their schemas are written in (Python and Java type names, OpenAPI's
//!   `nullable`, draft-04's boolean bounds, `$id`, …), read as JSON Schema 2020-12 with a note each;
//! - `check`: the schema checked as JSON Schema 2020-12, its examples against it;
//! - `hidden`: text a person reviewing a definition does not see but a model reads (invisible and
//!   bidirectional-control characters, tag characters, HTML comments), named in a warning each;
//! - `document`: a whole document read, checked and lowered, one tool's refusal sinking none of the
//!   others ([`lower`], [`lower_each`]).
//!
//! ```
//! use serde_json::json;
//! use toolc::{Target, ToolDef};
//!
//! // An MCP server's tool, as `tools/list` lists it.
//! let listed = json!({
//!     "name": "get_weather",
//!     "description": "The weather in a city.",
//!     "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
//! });
//! let def = ToolDef::from_json(&listed).unwrap();
//! let gemini = def.render(Target::Gemini).unwrap().value;
//! assert_eq!(gemini["parameters"]["properties"]["city"]["type"], "string");
//!
//! let err = ToolDef::from_json(&json!({"name": "x", "inputSchema": {"type": 7}})).unwrap_err();
//! assert!(err.to_string().starts_with("the input at /inputSchema/type: not valid JSON Schema (2020-12)"), "{err}");
//! assert_eq!(err.path, "/inputSchema/type");
//! ```

mod check;
pub(crate) mod document;
mod hidden;
mod meta;
mod quirks;
mod shapes;

use std::fmt;

use serde_json::Value;

use crate::{Annotations, ToolDef};
pub use document::{Lowered, Message, Refusal, lower, lower_each, lower_each_value};

/// One definition read from a document, before its checks.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Definition {
    /// The tool's name as written (empty when the input has none).
    pub name: String,
    /// Its description as written.
    pub description: String,
    /// Its arguments' schema, read as JSON Schema 2020-12 (the quirks of other dialects read, `$schema`
    /// dropped).
    pub schema: Value,
    /// Strict mode as the input asks for it; `None` where it says nothing.
    pub strict: Option<bool>,
    /// JSON Pointer of the definition in the document.
    pub at: String,
    /// JSON Pointer of its schema in the document.
    pub schema_at: String,
    /// The quirks of other dialects read in the schema.
    pub notes: Vec<Note>,
    /// The schema of the tool's output, where the format has one (an MCP tool's `outputSchema`),
    /// read as JSON Schema 2020-12 (`$schema` dropped).
    pub output_schema: Option<Value>,
    /// What the format says of the tool's behaviour (an MCP tool's `annotations` and `title`).
    pub annotations: Annotations,
    /// What a person reviewing the definition should see and may not: text in its name,
    /// description or schema that a reader does not see but a model reads (invisible or
    /// bidirectional-control characters, Unicode tag characters, HTML comments). None refuses the
    /// definition; it is read as written.
    pub warnings: Vec<Warning>,
}

/// A quirk of another dialect read in a schema, and how it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// JSON Pointer into the schema.
    pub path: String,
    /// What was read, in words.
    pub what: String,
}

/// Something a definition holds that does not stop it being read but that whoever reviews it
/// should know: text hidden from a reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// JSON Pointer in the document: of the name or the description (`/0/description`), or of a
    /// string in the schema, or of a key (a property's name). Exact, so it may hold the hidden
    /// characters themselves.
    pub path: String,
    /// What was found, in words, on one line, the hidden characters named (`U+202E RIGHT-TO-LEFT
    /// OVERRIDE`) or escaped (`\u{200b}`), hidden ASCII spelled out.
    pub what: String,
}

impl Definition {
    /// Whether the schema is valid JSON Schema 2020-12 (the dialect every target starts from), with
    /// every `pattern` a regular expression and every example fitting it; or the JSON Pointer of
    /// the offending part in the document, and the rule.
    pub fn check(&self) -> Result<(), ReadError> {
        match check::problem(&self.schema, &self.schema_at) {
            Some((path, rule)) => Err(ReadError::new(&path, rule)),
            None => Ok(()),
        }
    }

    /// The definition as a [`ToolDef`], strict unless the input says otherwise (each target's
    /// lowering then decides what strict mode can express).
    pub fn into_tool_def(self) -> ToolDef {
        ToolDef::new(self.name, self.description, self.schema)
            .with_strict(self.strict.unwrap_or(true))
            .with_output_schema(self.output_schema)
            .with_annotations(self.annotations)
    }
}

/// Why a document is not tool definitions toolc can read: where (a JSON Pointer into it) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadError {
    /// JSON Pointer of the offending part of the document (empty for the whole).
    pub path: String,
    /// What is wrong, in words.
    pub rule: String,
}

impl ReadError {
    fn new(path: &str, rule: impl Into<String>) -> Self {
        ReadError { path: path.to_owned(), rule: rule.into() }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.path.is_empty() { "/" } else { &self.path };
        write!(f, "the input at {at}: {}", self.rule)
    }
}

impl std::error::Error for ReadError {}

/// Every definition in `document`, in order, in any provider's format, its schema read as
/// JSON Schema 2020-12, each with the text it hides from a reader ([`Definition::warnings`]).
/// `file_stem` names a bare schema's tool. Nothing is checked yet: see [`ToolDef::from_json`] for
/// one definition checked, [`lower`] for a document lowered.
///
/// ```
/// use serde_json::json;
///
/// let listed = json!({"tools": [{
///     "name": "search",
///     "description": "Search the web.\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}",
///     "inputSchema": {"type": "object"}
/// }]});
/// let defs = toolc::read::definitions(&listed, "tools").unwrap();
/// assert_eq!(defs[0].warnings[0].path, "/tools/0/description");
/// assert_eq!(
///     defs[0].warnings[0].what,
///     "the description holds 6 Unicode tag characters at character 16 (invisible; they spell \"ignore\")"
/// );
/// ```
pub fn definitions(document: &Value, file_stem: &str) -> Result<Vec<Definition>, ReadError> {
    definitions_taken(document.clone(), file_stem)
}

/// [`definitions`] of a document given, not lent: its schemas become the definitions' own, uncopied.
pub(crate) fn definitions_taken(mut document: Value, file_stem: &str) -> Result<Vec<Definition>, ReadError> {
    let mut definitions = shapes::read_any(&mut document, file_stem)?;
    for def in &mut definitions {
        // The dialect a schema claims means nothing to a model, and some MCP clients refuse the
        // keyword; every target is lowered from 2020-12. The output schema's too: it is checked as
        // 2020-12, and a target that cannot hold the keyword (Gemini's `response`) would move it
        // into the text the model reads.
        drop_dialect(&mut def.schema);
        if let Some(output) = &mut def.output_schema {
            drop_dialect(output);
        }
        // Before the dialect is read, so that every path is one into the input.
        def.warnings = hidden::scan(def);
        keep_a_valid_output_schema(def);
        def.notes = quirks::read(&mut def.schema);
    }
    Ok(definitions)
}

/// `schema` without the `$schema` keyword at its root, the dialect it claims.
fn drop_dialect(schema: &mut Value) {
    if let Some(root) = schema.as_object_mut() {
        root.remove("$schema");
    }
}

/// An output schema that is not valid JSON Schema 2020-12 describing an object (as MCP requires)
/// is left out, with a warning: the tool is still one a model can call, and a client would refuse
/// the whole list for it.
fn keep_a_valid_output_schema(def: &mut Definition) {
    let Some(output) = def.output_schema.take() else { return };
    let at = crate::pointer::child_path(&def.at, "outputSchema");
    let problem = check::problem(&output, &at).or_else(|| {
        let object = output.get("type").and_then(Value::as_str) == Some("object");
        (!object)
            .then(|| (format!("{at}/type"), "an output schema describes an object (`\"type\": \"object\"`)".to_owned()))
    });
    match problem {
        None => def.output_schema = Some(output),
        Some((path, rule)) => {
            def.warnings.push(Warning { path, what: format!("the output schema is left out: {rule}") })
        }
    }
}

impl ToolDef {
    /// One tool definition in any provider's format (an MCP `Tool`, an OpenAI, Anthropic or Gemini
    /// tool, or a bare JSON Schema named `tool`), its schema's dialect read and checked as JSON Schema
    /// 2020-12 (its examples against it): a definition that lowers like one made by `#[tool]`, or
    /// an error naming the path in `value` and the rule. Feature `read`.
    ///
    /// Text the definition hides from a reader (invisible characters, HTML comments) does not
    /// refuse it; [`read::definitions`](crate::read::definitions) names it, in each definition's
    /// `warnings`.
    pub fn from_json(value: &Value) -> Result<ToolDef, ReadError> {
        let mut read = definitions(value, "tool")?;
        if read.len() != 1 {
            return Err(ReadError::new(
                "",
                format!(
                    "holds {} tool definitions where one was expected; read a document with `read::definitions`",
                    read.len()
                ),
            ));
        }
        let def = read.remove(0);
        def.check()?;
        Ok(def.into_tool_def())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::definitions;

    /// A server's output schema that a client would refuse costs the tool its output schema, not
    /// the tool: the warning names where and why.
    #[test]
    fn an_output_schema_that_is_not_an_object_schema_is_left_out_with_a_warning() {
        let tool = |output| json!({"name": "t", "inputSchema": {"type": "object"}, "outputSchema": output});
        let listed = json!({"tools": [
            tool(json!({"type": "object", "properties": {"n": {"type": "integer"}}})),
            tool(json!({"type": "array"})),
            tool(json!({"type": "object", "minimum": true})),
        ]});
        let defs = definitions(&listed, "tools").unwrap();
        assert_eq!(defs[0].output_schema, Some(json!({"type": "object", "properties": {"n": {"type": "integer"}}})));
        assert!(defs[0].warnings.is_empty());
        let left_out: Vec<(&str, &str)> = defs[1..]
            .iter()
            .map(|def| {
                assert_eq!(def.output_schema, None);
                assert_eq!(def.warnings.len(), 1);
                (def.warnings[0].path.as_str(), def.warnings[0].what.as_str())
            })
            .collect();
        assert_eq!(left_out[0].0, "/tools/1/outputSchema/type");
        assert!(left_out[0].1.starts_with("the output schema is left out: an output schema describes an object"));
        assert_eq!(left_out[1].0, "/tools/2/outputSchema/minimum");
        assert!(left_out[1].1.contains("not valid JSON Schema (2020-12)"), "{}", left_out[1].1);
    }

    /// The dialect an output schema claims is dropped as the input schema's is, whatever it holds:
    /// both are read as 2020-12, and no target is to pass the claim on to a model.
    #[test]
    fn an_output_schemas_dialect_is_dropped_as_the_input_schemas_is() {
        let tool = |dialect| {
            let schema = json!({"$schema": dialect, "type": "object", "properties": {"n": {"type": "integer"}}});
            json!({"name": "t", "inputSchema": schema, "outputSchema": schema})
        };
        let listed = json!({"tools": [
            tool(json!("https://json-schema.org/draft/2020-12/schema")),
            tool(json!("http://json-schema.org/draft-07/schema#")),
            tool(json!(false)),
        ]});
        for def in definitions(&listed, "tools").unwrap() {
            let read = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
            assert_eq!((&def.schema, def.output_schema.as_ref()), (&read, Some(&read)), "{}", def.at);
            assert!(def.warnings.is_empty(), "{:?}", def.warnings);
        }
    }
}
