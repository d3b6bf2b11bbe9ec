//! [`JsonTools`]: tools whose definitions arrive as JSON at run time (an MCP server's `tools/list`,
//! a configuration file), read and checked once, lowered for each provider leaving out what it
//! cannot take, and each call checked against its schema before anything runs it.

use std::sync::OnceLock;

use serde_json::{Map, Value};

use super::ToolList;
use crate::call::Arguments;
use crate::read::document::{Checked, lower_leniently};
use crate::read::{Message, ReadError};
use crate::{ArgumentProblem, ChangeKind, RenderError, RenderOptions, Rendered, Target, ToolDef, ToolError};

/// Tool definitions read from JSON in any provider's format, as a toolbox built on them needs them.
///
/// - Reading: each definition's dialect is read and its schema checked as JSON Schema 2020-12; a
///   definition that is not one, or a second tool of one name, is left out and said so in
///   [`JsonTools::messages`], never failing the others.
/// - Rendering: a tool a provider cannot take is left out of that provider's `tools` with an error
///   message naming the tool, the JSON path and the rule; the others are rendered.
/// - Calls: [`JsonTools::check`] checks a call's arguments against the tool's schema with toolc's
///   own validator (every problem at once: where, what was expected, what arrived, the name it
///   probably meant) and then as JSON Schema 2020-12, for keywords toolc does not check itself.
///
/// ```
/// use serde_json::json;
/// use toolc::{Arguments, JsonTools, Target};
///
/// let tools = JsonTools::read(&json!([
///     {"name": "get_weather", "description": "The weather in a city.",
///      "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
///                      "additionalProperties": false}},
///     {"name": "broken", "description": "Not a schema.", "inputSchema": {"type": 7}}
/// ]))
/// .unwrap();
/// assert_eq!(tools.tools().len(), 1, "the broken one is left out");
/// assert_eq!(tools.render(Target::Gemini).unwrap()[0]["functionDeclarations"][0]["name"], "get_weather");
/// let err = tools.check("get_weather", Arguments::Text(r#"{"cty": "Paris"}"#)).unwrap_err();
/// assert!(err.to_string().contains("did you mean `city`?"), "{err}");
/// ```
pub struct JsonTools {
    checked: Checked,
    list: ToolList,
    /// What messages begin with (`server `github`: `), or nothing.
    label: String,
    rendered: [OnceLock<Lenient>; Target::ALL.len()],
    /// Each tool's schema compiled as JSON Schema, on its first call; `None` when it cannot be.
    validators: Vec<OnceLock<Option<jsonschema::Validator>>>,
}

/// One target's rendering, leaving out what it cannot take, and what was said doing it.
struct Lenient {
    value: Result<Value, RenderError>,
    messages: Vec<Message>,
}

impl JsonTools {
    /// Reads `document`: one definition or a list of them in any provider's format, or an MCP
    /// `tools/list` result (see [`crate::read::definitions`]). Fails only when the document as a
    /// whole is not tool definitions; a definition that cannot be read is left out and said so.
    pub fn read(document: &Value) -> Result<Self, ReadError> {
        let checked = Checked::read(document.clone(), "tool")?;
        let defs: Vec<ToolDef> = checked.kept().map(|(tool, _)| tool.clone()).collect();
        let validators = defs.iter().map(|_| OnceLock::new()).collect();
        Ok(JsonTools {
            checked,
            list: ToolList::new(defs),
            label: String::new(),
            rendered: [const { OnceLock::new() }; Target::ALL.len()],
            validators,
        })
    }

    /// Reads the one tool `definition` defines, in any provider's format, to check its calls: an
    /// error with the JSON path and the rule when the definition cannot be read or its schema is not
    /// JSON Schema, or when the document holds no definition or more than one.
    ///
    /// ```
    /// use serde_json::json;
    /// use toolc::{Arguments, JsonTools};
    ///
    /// let err = JsonTools::read_one(&json!({"name": "ping", "parameters": {"type": 7}})).unwrap_err();
    /// assert_eq!(err.path, "/parameters/type");
    /// let ping = JsonTools::read_one(&json!({"name": "ping", "parameters": {"type": "object"}})).unwrap();
    /// assert!(ping.check("ping", Arguments::Text("{}")).is_ok());
    /// ```
    pub fn read_one(definition: &Value) -> Result<Self, ReadError> {
        let tools = Self::read(definition)?;
        if let Some(refusal) = tools.checked.refused().into_iter().next() {
            return Err(ReadError { path: refusal.path, rule: refusal.rule });
        }
        match tools.tools().len() {
            1 => Ok(tools),
            count => {
                Err(ReadError { path: String::new(), rule: format!("{count} tool definitions where one is wanted") })
            }
        }
    }

    /// Compiles every tool's checks now — its schema as a JSON Schema validator, and the plan its
    /// arguments are read by — instead of at each tool's first call, so that the first call of a
    /// tool, and the first refused call in the process, is as quick as the later ones. What it costs
    /// is paid here, once: a toolbox made of tools that arrive at run time (an MCP server's) is
    /// prepared as it is made.
    ///
    /// ```
    /// use serde_json::json;
    /// use toolc::{Arguments, JsonTools};
    ///
    /// let tools = JsonTools::read(&json!([{"name": "ping", "parameters": {"type": "object"}}])).unwrap().prepared();
    /// assert!(tools.check("ping", Arguments::Text("{}")).is_ok());
    /// ```
    pub fn prepared(self) -> Self {
        for (def, validator) in self.list.tools().iter().zip(&self.validators) {
            let _ = def.decoding();
            validator.get_or_init(|| jsonschema::validator_for(&def.input_schema).ok());
        }
        self
    }

    /// Begins every message with `label` and a colon (`server `github``), so that the tools of
    /// several sources can be told apart.
    pub fn labelled(mut self, label: impl Into<String>) -> Self {
        self.label = format!("{}: ", label.into());
        self
    }

    /// The definitions read, in order: those that could be read.
    pub fn tools(&self) -> &[ToolDef] {
        self.list.tools()
    }

    /// The definitions as a [`ToolList`], for [`Toolbox::tool_list`](crate::Toolbox::tool_list).
    pub fn tool_list(&self) -> &ToolList {
        &self.list
    }

    /// The value of a request's `tools` field for `target` with the tools it can take, rendered on
    /// the first call and kept. An error only when the tools cannot be one request together.
    pub fn render(&self, target: Target) -> Result<&Value, RenderError> {
        self.lenient(target).value.as_ref().map_err(Clone::clone)
    }

    /// [`JsonTools::render`] with per-target options, and the lowering report; rendered anew.
    pub fn render_with(&self, target: Target, options: &RenderOptions) -> Result<Rendered, RenderError> {
        let (mut messages, mut refused) = (Vec::new(), Vec::new());
        lower_leniently(self.checked.kept(), target, options, &mut messages, &mut refused).map(|(rendered, _)| rendered)
    }

    /// What reading the definitions and rendering them for `target` had to say, in order: the
    /// dialect quirks read, each tool left out with its JSON path and rule, strict mode given up,
    /// and the rendering's warnings (a Gemini declaration written with `parametersJsonSchema`, a
    /// size near a limit).
    pub fn messages(&self, target: Target) -> &[Message] {
        &self.lenient(target).messages
    }

    /// The tool `name`'s definition and its index, or the error a model gets for an unknown name.
    pub fn find(&self, name: &str) -> Result<(usize, &ToolDef), ToolError> {
        let tools = self.tools();
        tools
            .iter()
            .position(|tool| tool.name == name)
            .map(|index| (index, &tools[index]))
            .ok_or_else(|| ToolError::unknown_tool(name, tools.iter().map(|tool| &*tool.name)))
    }

    /// A call of `name` with `arguments` checked against the tool's schema: the arguments object to
    /// run it with (strict mode's `null` for an absent optional field removed), or an error worded
    /// for the model with every problem found.
    pub fn check(&self, name: &str, arguments: Arguments<'_>) -> Result<Map<String, Value>, ToolError> {
        let (index, def) = self.find(name)?;
        let validator = self.validators[index].get_or_init(|| jsonschema::validator_for(&def.input_schema).ok());
        // (Compiled here unless the toolbox was prepared: `JsonTools::prepared`.)
        let accepted = std::cell::Cell::new(false);
        let accepts = |value: &Value| {
            accepted.set(validator.as_ref().is_some_and(|validator| validator.is_valid(value)));
            accepted.get()
        };
        let (object, nested) = crate::decode::checked_object(&def.decoding(), arguments, accepts)?;
        // What toolc's validator does not check (keywords it does not know), JSON Schema does.
        let Some(validator) = validator.as_ref().filter(|_| !accepted.get()) else { return Ok(object) };
        let instance = Value::Object(object);
        let mut problems: Vec<ArgumentProblem> = validator
            .iter_errors(&instance)
            .map(|err| ArgumentProblem::new(err.instance_path().as_str(), err.to_string()))
            .collect();
        if nested {
            crate::decode::at_nested(&mut problems, &def.input_schema);
        }
        if !problems.is_empty() {
            return Err(ToolError::InvalidArguments { tool: def.name.to_string().into(), problems });
        }
        let Value::Object(object) = instance else { unreachable!("made an object above") };
        Ok(object)
    }

    fn lenient(&self, target: Target) -> &Lenient {
        self.rendered[target as usize].get_or_init(|| {
            let mut messages = self.checked.messages(target);
            let mut refused = self.checked.refused();
            let value =
                lower_leniently(self.checked.kept(), target, &RenderOptions::default(), &mut messages, &mut refused)
                    .map(|(rendered, _)| {
                        let warnings =
                            rendered.report.changes.iter().filter(|change| change.kind == ChangeKind::Warning);
                        messages.extend(warnings.map(|change| Message::Warning(change.to_string())));
                        rendered.value
                    });
            if let Err(err) = &value {
                messages.push(Message::Error(err.for_json_authors()));
            }
            let messages = messages.into_iter().map(|message| self.labelled_message(message)).collect();
            Lenient { value, messages }
        })
    }

    fn labelled_message(&self, message: Message) -> Message {
        if self.label.is_empty() {
            return message;
        }
        match message {
            Message::Note(text) => Message::Note(format!("{}{text}", self.label)),
            Message::Warning(text) => Message::Warning(format!("{}{text}", self.label)),
            Message::Error(text) => Message::Error(format!("{}{text}", self.label)),
        }
    }
}

impl std::fmt::Debug for JsonTools {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("JsonTools").field(&self.list).finish()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// An OpenAPI operation as a bridge lists it: path parameters beside a body that is one of two
    /// objects, joined with `allOf`.
    fn operation() -> JsonTools {
        let document = json!([{"name": "label", "description": "Label an issue.", "inputSchema": {"allOf": [
            {"type": "object", "properties": {"owner": {"type": "string"}, "issue": {"type": "integer"}},
             "required": ["owner", "issue"]},
            {"oneOf": [
                {"type": "object", "properties": {"labels": {"type": "array", "items": {"type": "string"}}},
                 "required": ["labels"]},
                {"type": "object", "properties": {"label": {"type": "string"}, "note": {"type": "string"}},
                 "required": ["label"]}
            ]}
        ]}}]);
        JsonTools::read(&document).unwrap()
    }

    #[test]
    fn a_call_nested_as_the_engines_get_the_union_is_read_and_its_problems_told_where_written() {
        let tools = operation();
        let nested = json!({"request": {"owner": "a", "issue": 3, "label": "bug"}});
        let read = tools.check("label", Arguments::Object(nested.as_object().unwrap())).unwrap();
        assert_eq!(Value::Object(read), nested["request"]);
        // Both branches fit: the body's `oneOf` refuses it, told under `request`.
        let both = json!({"request": {"owner": "a", "issue": 3, "label": "bug", "labels": ["x"]}});
        let ToolError::InvalidArguments { problems, .. } =
            tools.check("label", Arguments::Object(both.as_object().unwrap())).unwrap_err()
        else {
            panic!("not an argument error")
        };
        assert!(problems.iter().all(|problem| problem.pointer.starts_with("/request")), "{problems:?}");
    }

    #[test]
    fn strict_modes_nulls_for_absent_fields_are_read_as_absent_in_an_object_of_parts() {
        let tools = operation();
        // Strict mode writes every field of the branch, an absent one as `null`.
        let call = json!({"owner": "a", "issue": 3, "label": "bug", "note": null});
        let read = tools.check("label", Arguments::Object(call.as_object().unwrap())).unwrap();
        assert_eq!(Value::Object(read), json!({"owner": "a", "issue": 3, "label": "bug"}));
        // A required field is not absent for being `null`.
        let missing = json!({"owner": null, "issue": 3, "label": "bug"});
        assert!(tools.check("label", Arguments::Object(missing.as_object().unwrap())).is_err());
        // A field one alternative requires and another leaves out (GitHub's deployment reviews: a
        // comment, or a state): strict mode writes the other's `null` for it.
        let document = json!([{"name": "review", "inputSchema": {"anyOf": [
            {"type": "object", "properties": {"comment": {"type": "string"}}, "required": ["comment"]},
            {"type": "object", "properties": {"comment": {"type": "string"}, "state": {"enum": ["approved"]}},
             "required": ["state"]}
        ]}}]);
        let tools = JsonTools::read(&document).unwrap();
        let call = json!({"comment": null, "state": "approved"});
        let read = tools.check("review", Arguments::Object(call.as_object().unwrap())).unwrap();
        assert_eq!(Value::Object(read), json!({"state": "approved"}));
    }

    #[test]
    fn a_gemini_declaration_written_with_parameters_json_schema_is_a_warning_and_stays_in() {
        let document = json!([
            {"name": "ping", "description": "Ping.", "input_schema": {"type": "object", "properties": {"host": {"type": "string"}}}},
            {"name": "post", "description": "Post.", "input_schema": {"type": "object", "properties": {"Content-Type": {"type": "string"}}}}
        ]);
        let tools = JsonTools::read(&document).unwrap();
        let declarations = &tools.render(Target::Gemini).unwrap()[0]["functionDeclarations"];
        assert!(declarations[0].get("parameters").is_some() && declarations[1].get("parametersJsonSchema").is_some());
        let [Message::Warning(warning)] = tools.messages(Target::Gemini) else {
            panic!("{:?}", tools.messages(Target::Gemini))
        };
        assert!(warning.starts_with("post [gemini] /parameters/properties/Content-Type: warning: "), "{warning}");
        assert!(tools.messages(Target::OpenAi).is_empty(), "{:?}", tools.messages(Target::OpenAi));
    }

    /// Six tools of five optional fields each: 30 in one request, past Anthropic strict mode's 24.
    fn six_tools(fifth_asks_strict: bool) -> JsonTools {
        let properties: Map<String, Value> = (0..5).map(|i| (format!("f{i}"), json!({"type": "string"}))).collect();
        let tools: Vec<Value> = (0..6)
            .map(|i| {
                let mut tool = json!({"name": format!("t{i}"), "description": "A tool.",
                    "input_schema": {"type": "object", "properties": properties, "additionalProperties": false}});
                if i == 4 && fifth_asks_strict {
                    tool["strict"] = json!(true);
                }
                tool
            })
            .collect();
        JsonTools::read(&Value::Array(tools)).unwrap()
    }

    #[test]
    fn a_request_limit_of_strict_mode_is_met_by_lowering_the_tools_past_it_without_strict_mode() {
        let options = RenderOptions::default().anthropic_strict(true);
        let rendered = six_tools(false).render_with(Target::Anthropic, &options).unwrap();
        let strict: Vec<bool> =
            rendered.value.as_array().unwrap().iter().map(|tool| tool.get("strict") == Some(&json!(true))).collect();
        assert_eq!(strict, [true, true, true, true, false, false], "the tools before the limit stay strict");

        // A tool whose input asks for strict mode is not loosened: the request cannot be made.
        let err = six_tools(true).render_with(Target::Anthropic, &options).unwrap_err();
        assert_eq!(err.tool, "t4");
        assert!(err.rule.contains("25 optional parameters in one request exceed"), "{err}");
    }
}
