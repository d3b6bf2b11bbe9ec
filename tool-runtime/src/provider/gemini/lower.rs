//! Gemini function declarations: `parameters` (the OpenAPI 3.0 subset the SDK's `Schema` takes) by
//! default, and `parametersJsonSchema` for a tool `parameters` cannot express (with a warning naming
//! the path and the rule), unless the options ask for `parameters` only; `parametersJsonSchema` for
//! every tool with the `gemini_json_schema` option. Either form per declaration: the API takes one
//! or the other on each, so one request may hold both.
//!
//! `parameters` passes: flatten a tagged root union → inline every ref (recursion cannot be
//! expressed) → OpenAPI form (`nullable`, `const` as a one-value enum, string enums, `oneOf` as
//! `anyOf`) → keywords outside the subset moved into the description → property names checked.

use serde_json::{Map, Value, json};

use super::Gemini;
use crate::UnionForm;
use crate::passes::all_of::merge_object_all_of;
use crate::passes::closed::{close_objects, compositions};
use crate::passes::describe::{move_all_but, move_to_description};
use crate::passes::formats::formats;
use crate::passes::names::{check_name, check_property_keys};
use crate::passes::object;
use crate::passes::refs::{Recursion, inline_refs};
use crate::passes::report::{ChangeKind, Lowering, RenderError};
use crate::passes::root::object_root;
use crate::passes::union::{flat_copy, union_copy};
use crate::passes::walk::{each_boolean_subschema, walk_mut};
use crate::provider::Lower;
use crate::provider::description::{check_description, description};
use crate::{ChoiceError, ChoiceOptions, RenderOptions, Target, ToolChoice, ToolDef};

/// The fields the SDK's `types.Schema` takes (it forbids any other); `additionalProperties`,
/// `ref` and `defs` are Vertex-only and left out.
const KEPT: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "properties",
    "required",
    "items",
    "anyOf",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "default",
    "example",
    "propertyOrdering",
];
const REFUSED: &[&str] =
    &["allOf", "not", "if", "then", "else", "prefixItems", "dependentSchemas", "patternProperties"];
const RECURSION: &str = "Gemini `parameters` has no `$ref`, so a recursive type cannot be expressed there";

fn name_ok(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 128
        && (bytes[0].is_ascii_alphabetic() || bytes[0] == b'_')
        && bytes.iter().all(|&b| b.is_ascii_alphanumeric() || b"_.:-".contains(&b))
}

fn key_ok(key: &str) -> bool {
    toolc_names::is_portable_tool_name(key) && !key.contains('-')
}

/// `parameters` (and `response`): the OpenAPI subset.
fn parameters_form(
    def: &ToolDef,
    form: UnionForm,
    declaration: &mut Value,
    lowering: &mut Lowering,
) -> Result<(), RenderError> {
    let mut input = union_copy(&def.input_schema, form, false, "/parameters", lowering)?;
    close_objects(&mut input);
    openapi(&mut input, "/parameters", lowering)?;
    object_root(&mut input, "/parameters", lowering)?;
    check_property_keys(&mut input, "/parameters", key_ok, "`^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`", lowering)?;
    declaration["parameters"] = input;
    if let Some(output) = &def.output_schema {
        let mut output = output.clone();
        openapi(&mut output, "/response", lowering)?;
        declaration["response"] = output;
    }
    Ok(())
}

/// `parametersJsonSchema` (and `responseJsonSchema`): JSON Schema, refs and all.
fn json_schema_form(
    def: &ToolDef,
    form: UnionForm,
    declaration: &mut Value,
    lowering: &mut Lowering,
) -> Result<(), RenderError> {
    let mut input = union_copy(&def.input_schema, form, false, "/parametersJsonSchema", lowering)?;
    close_objects(&mut input);
    inline_refs(&mut input, "/parametersJsonSchema", Recursion::Keep, lowering)?;
    // Properties inside an `allOf` of objects are the model's to see at the object itself, as in
    // `parameters` (Gemini documents no `allOf` for its JSON Schema).
    merge_object_all_of(&mut input, "/parametersJsonSchema", lowering);
    // Gemini ignores `unevaluatedProperties`, which would close an object whose parts do not merge:
    // the report says so.
    for at in compositions(&mut input, "/parametersJsonSchema", false) {
        let detail = "the object is the fields of its `allOf` parts and no other, which do not merge into one \
                      object; Gemini holds no closing of it (`additionalProperties` or `unevaluatedProperties: \
                      false`): a field no part names is refused when the call arrives";
        lowering.note(&at, ChangeKind::Dropped, detail);
    }
    object_root(&mut input, "/parametersJsonSchema", lowering)?;
    declaration["parametersJsonSchema"] = input;
    if let Some(output) = &def.output_schema {
        let mut output = output.clone();
        inline_refs(&mut output, "/responseJsonSchema", Recursion::Keep, lowering)?;
        declaration["responseJsonSchema"] = output;
    }
    Ok(())
}

/// Lowers JSON Schema to the OpenAPI 3.0 subset of `types.Schema`.
fn openapi(schema: &mut Value, path: &str, lowering: &mut Lowering) -> Result<(), RenderError> {
    // `types.Schema` is an object: `true` becomes the empty one, `false` has no equal.
    each_boolean_subschema(schema, path, &mut |value, at| {
        if value == &Value::Bool(false) {
            return Err(
                lowering.error(at, "a `false` schema (no value is valid) cannot be expressed in Gemini `parameters`")
            );
        }
        *value = json!({});
        lowering.note(at, ChangeKind::Rewritten, "`true` (any value) written as `{}`");
        Ok(())
    })?;
    inline_refs(schema, path, Recursion::Reject(RECURSION), lowering)?;
    merge_object_all_of(schema, path, lowering);
    walk_mut(schema, path, &mut |node: &mut Map<String, Value>, at| {
        if node.keys().any(|key| REFUSED.contains(&key.as_str()))
            && let Some(keyword) = REFUSED.iter().find(|keyword| node.contains_key(**keyword))
        {
            return Err(lowering.error(at, format!("`{keyword}` cannot be expressed in Gemini `parameters`")));
        }
        if let Some(branches) = node.remove("oneOf") {
            node.insert("anyOf".to_owned(), branches);
            lowering.note(at, ChangeKind::Rewritten, "`oneOf` written as `anyOf`");
        }
        foreign_keywords(node, at, lowering);
        nullable(node);
        constants(node, at, lowering);
        let ty = node.get("type").and_then(Value::as_str).unwrap_or("");
        let supported: &[&str] = match ty {
            "string" => &["enum", "date-time"],
            "integer" => &["int32", "int64"],
            "number" => &["float", "double"],
            _ => &[],
        };
        formats(node, supported, at, lowering);
        match node.remove("additionalProperties") {
            Some(Value::Bool(false)) => lowering.note(
                at,
                ChangeKind::Dropped,
                "`additionalProperties: false` (Gemini's API takes no such field; dispatch still refuses unknown fields)",
            ),
            Some(other) => {
                node.insert("additionalProperties".to_owned(), other);
                move_to_description(node, &["additionalProperties"], at, lowering);
            }
            None => {}
        }
        move_all_but(node, KEPT, at, lowering);
        Ok(())
    })
}

/// `nullable` and `propertyOrdering` are `types.Schema` fields but no JSON Schema keywords, so a
/// hand-written schema may hold anything there: what the field cannot take moves into the description.
fn foreign_keywords(node: &mut Map<String, Value>, at: &str, lowering: &mut Lowering) {
    let names = |value: &Value| value.as_array().is_some_and(|names| names.iter().all(Value::is_string));
    if node.get("nullable").is_some_and(|value| !value.is_boolean()) {
        move_to_description(node, &["nullable"], at, lowering);
    }
    if node.get("propertyOrdering").is_some_and(|value| !names(value)) {
        move_to_description(node, &["propertyOrdering"], at, lowering);
    }
    // `types.Schema` reads counts as 64-bit integers; JSON Schema takes any integral number.
    for count in ["minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"] {
        if node.get(count).is_some_and(|value| value.as_u64().is_none()) {
            move_to_description(node, &[count], at, lowering);
        }
    }
}

/// Type lists and `anyOf` branches of `null` become `nullable: true`.
fn nullable(node: &mut Map<String, Value>) {
    if let Some(Value::Array(types)) = node.get("type") {
        let mut rest: Vec<Value> = types.iter().filter(|ty| *ty != "null").cloned().collect();
        if rest.len() < types.len() {
            node.insert("nullable".to_owned(), json!(true));
        }
        match rest.len() {
            0 => {
                node.insert("type".to_owned(), json!("null"));
            }
            1 => {
                node.insert("type".to_owned(), rest.remove(0));
            }
            _ => {
                let inner = node.clone();
                node.remove("type");
                let branches: Vec<Value> = rest
                    .into_iter()
                    .map(|ty| {
                        let mut branch = inner.clone();
                        branch.insert("type".to_owned(), ty);
                        branch.remove("nullable");
                        branch.remove("description");
                        // Keywords outside the subset go into the node's description, once; the
                        // value-level ones (an enum, a default) stay on the node, for every branch.
                        const ON_THE_NODE: &[&str] = &["enum", "default", "example", "title"];
                        branch.retain(|key, _| KEPT.contains(&key.as_str()) && !ON_THE_NODE.contains(&key.as_str()));
                        Value::Object(branch)
                    })
                    .collect();
                node.insert("anyOf".to_owned(), Value::Array(branches));
            }
        }
    }
    if let Some(Value::Array(branches)) = node.get_mut("anyOf") {
        let before = branches.len();
        let null_only = |branch: &Value| {
            branch.as_object().is_some_and(|b| b.len() == 1 && b.get("type").and_then(Value::as_str) == Some("null"))
        };
        branches.retain(|branch| !null_only(branch));
        if branches.len() < before {
            node.insert("nullable".to_owned(), json!(true));
        }
        if let Some(Value::Array(branches)) = node.get("anyOf")
            && let [Value::Object(_)] = branches.as_slice()
            && let Some(Value::Array(mut branches)) = node.remove("anyOf")
            && let Some(Value::Object(only)) = branches.pop()
        {
            for (key, value) in only {
                node.entry(key).or_insert(value);
            }
        }
    }
    if let Some(Value::Array(values)) = node.get_mut("enum")
        && values.contains(&Value::Null)
    {
        values.retain(|value| !value.is_null());
        node.insert("nullable".to_owned(), json!(true));
    }
}

/// `const` becomes a one-value `enum`; an enum of other than strings moves into the description.
fn constants(node: &mut Map<String, Value>, at: &str, lowering: &mut Lowering) {
    if let Some(value) = node.remove("const") {
        if value.is_string() {
            node.insert("enum".to_owned(), json!([value]));
        } else {
            node.insert("const".to_owned(), value);
            move_to_description(node, &["const"], at, lowering);
        }
    }
    if node.get("enum").and_then(Value::as_array).is_some_and(|values| values.iter().any(|value| !value.is_string())) {
        move_to_description(node, &["enum"], at, lowering);
    }
}

impl Lower for Gemini {
    fn target(&self) -> Target {
        Target::Gemini
    }

    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        // The name rule is the declaration's, whichever form its schemas take.
        check_name(&def.name, name_ok, "`^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$`", lowering)?;
        let text = description(def, true, options.form_for(Target::Gemini));
        check_description(&text, lowering);
        let named = json!({"name": def.name, "description": text});
        let form = options.form_for(Target::Gemini);
        let mut declaration = named.clone();
        if options.gemini_json_schema {
            json_schema_form(def, form, &mut declaration, lowering)?;
            return Ok(declaration);
        }
        let mut tried = Lowering::new(&def.name, lowering.target);
        let refused = match parameters_form(def, form, &mut declaration, &mut tried) {
            Ok(()) => {
                lowering.report.changes.append(&mut tried.report.changes);
                return Ok(declaration);
            }
            Err(refused) if options.gemini_parameters_only => return Err(refused),
            Err(refused) => refused,
        };
        // One declaration may take `parametersJsonSchema` while the others of its request take
        // `parameters`: the two are alternatives per declaration.
        let mut declaration = named;
        let mut fallen_back = Lowering::new(&def.name, lowering.target);
        match json_schema_form(def, form, &mut declaration, &mut fallen_back) {
            Ok(()) => {
                lowering.note(
                    &refused.path,
                    ChangeKind::Warning,
                    format!(
                        "the declaration is written with `parametersJsonSchema`, which can express it, since `parameters` \
                         cannot: {}",
                        refused.rule
                    ),
                );
                lowering.report.changes.append(&mut fallen_back.report.changes);
                Ok(declaration)
            }
            // The same rule in both forms: said in the terms of the form asked for, as before the fallback.
            Err(also) if also.rule == refused.rule => Err(refused),
            // What neither form can carry.
            Err(also) => Err(also),
        }
    }

    /// Structured output: the value of `generationConfig.responseSchema` (or, with the option,
    /// `responseJsonSchema`).
    fn response_format(
        &self,
        def: &ToolDef,
        options: &RenderOptions,
        lowering: &mut Lowering,
    ) -> Result<Value, RenderError> {
        let mut schema = flat_copy(&def.input_schema, "", lowering)?;
        close_objects(&mut schema);
        if options.gemini_json_schema {
            inline_refs(&mut schema, "", Recursion::Keep, lowering)?;
        } else {
            openapi(&mut schema, "", lowering)?;
        }
        object_root(&mut schema, "", lowering)?;
        Ok(schema)
    }

    /// One tool holding every declaration.
    fn tools_field(&self, entries: Vec<Value>) -> Value {
        Value::Array(vec![object([("functionDeclarations", Value::Array(entries))])])
    }

    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        if options.parallel_calls.is_some() {
            return Err(ChoiceError::Unsupported {
                target: Target::Gemini,
                reason: "Gemini has no setting for parallel function calls; leave `parallel_calls` unset",
            });
        }
        let (mode, names) = match *choice {
            ToolChoice::Auto => ("AUTO", None),
            ToolChoice::None => ("NONE", None),
            ToolChoice::Required => ("ANY", None),
            ToolChoice::Tool(name) => ("ANY", Some(vec![name])),
            // VALIDATED: calls limited to the names, or text; ANY: one of the names.
            ToolChoice::Allowed { tools, required } => {
                (if required { "ANY" } else { "VALIDATED" }, Some(tools.to_vec()))
            }
        };
        let mut config = json!({"mode": mode});
        if let Some(names) = names {
            config["allowedFunctionNames"] = json!(names);
        }
        let mut fields = Map::new();
        fields.insert("toolConfig".into(), json!({"functionCallingConfig": config}));
        Ok(fields)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::{ChangeKind, RenderOptions, Target, ToolDef, render_tools};

    fn headers() -> ToolDef {
        let schema = json!({
            "type": "object",
            "properties": {"url": {"type": "string"}, "Content-Type": {"type": "string"}},
            "required": ["url"]
        });
        ToolDef::new("fetch", "Fetch a URL.", schema)
    }

    #[test]
    fn a_property_name_parameters_refuses_falls_back_to_json_schema_with_a_warning() {
        let rendered = headers().render(Target::Gemini).unwrap();
        assert!(rendered.value.get("parameters").is_none(), "{}", rendered.value);
        assert_eq!(rendered.value["parametersJsonSchema"]["properties"]["Content-Type"], json!({"type": "string"}));
        let [warning] = &rendered.report.changes[..] else { panic!("{:?}", rendered.report) };
        assert_eq!(warning.kind, ChangeKind::Warning);
        assert_eq!(
            warning.to_string(),
            "fetch [gemini] /parameters/properties/Content-Type: warning: the declaration is written with \
             `parametersJsonSchema`, which can express it, since `parameters` cannot: the property name \
             `Content-Type` does not match `^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`"
        );
    }

    #[test]
    fn a_declaration_that_falls_back_keeps_the_properties_of_an_all_of_of_objects_at_the_object() {
        let schema = json!({
            "type": "object",
            "properties": {"Content-Type": {"type": "string"}},
            "allOf": [{"properties": {"url": {"type": "string"}}, "required": ["url"]}]
        });
        let rendered = ToolDef::new("fetch", "Fetch a URL.", schema).render(Target::Gemini).unwrap();
        let parameters = &rendered.value["parametersJsonSchema"];
        assert!(parameters.get("allOf").is_none(), "{parameters}");
        assert_eq!(parameters["properties"]["url"], json!({"type": "string"}));
        assert_eq!(parameters["required"], json!(["url"]));
    }

    #[test]
    fn parameters_only_refuses_as_before() {
        let only = RenderOptions::default().gemini_parameters_only(true);
        let err = headers().render_with(Target::Gemini, &only).unwrap_err();
        assert_eq!(err.path, "/parameters/properties/Content-Type");
        assert_eq!(err.rule, "the property name `Content-Type` does not match `^[a-zA-Z_][a-zA-Z0-9_]{0,63}$`");
        // `gemini_json_schema` decides every declaration's form; `parameters` only is then moot.
        let both = only.gemini_json_schema(true);
        let rendered = headers().render_with(Target::Gemini, &both).unwrap();
        assert!(rendered.value["parametersJsonSchema"].is_object() && rendered.report.is_empty());
    }

    #[test]
    fn a_recursive_output_alone_also_moves_the_declaration_to_json_schema() {
        let tree = json!({"$defs": {"Tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}}}, "$ref": "#/$defs/Tree"});
        let def =
            ToolDef::new("grow", "Grow a tree.", json!({"type": "object", "properties": {"seed": {"type": "string"}}}))
                .with_output_schema(Some(tree));
        let rendered = def.render(Target::Gemini).unwrap();
        let keys: Vec<&str> = rendered.value.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["description", "name", "parametersJsonSchema", "responseJsonSchema"]);
        assert_eq!(rendered.report.changes[0].path, "/response/$defs/Tree");
        assert!(rendered.report.changes[0].detail.ends_with("so a recursive type cannot be expressed there"));
    }

    #[test]
    fn what_neither_form_can_carry_is_refused() {
        // The name rule is the declaration's own.
        let err = ToolDef::new("9lives", "Count.", json!({"type": "object"})).render(Target::Gemini).unwrap_err();
        assert_eq!(
            (err.path.as_str(), err.rule.as_str()),
            ("/name", "the name `9lives` does not match `^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$`")
        );
        // The same rule in both forms: said in the words of `parameters`, as before.
        let untagged = json!({"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object", "properties": {"b": {"type": "string"}}}]});
        let err = ToolDef::new("pick", "Pick.", untagged).render(Target::Gemini).unwrap_err();
        assert_eq!(err.path, "/parameters");
        // `parameters` refuses the recursion first; `parametersJsonSchema` the reference to nothing.
        let both = json!({
            "type": "object",
            "properties": {"tree": {"$ref": "#/$defs/Tree"}, "gone": {"$ref": "#/$defs/Missing"}},
            "$defs": {"Tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}}}
        });
        let err = ToolDef::new("plant", "Plant.", both).render(Target::Gemini).unwrap_err();
        assert_eq!(err.path, "/parametersJsonSchema/properties/gone/$ref");
        assert!(err.rule.starts_with("`$ref` `#/$defs/Missing` points to no definition"), "{err}");
    }

    #[test]
    fn one_request_mixes_the_two_forms_in_input_order_the_same_every_time() {
        let plain =
            ToolDef::new("ping", "Ping.", json!({"type": "object", "properties": {"host": {"type": "string"}}}));
        let render = || render_tools([&plain, &headers()], Target::Gemini, &RenderOptions::default()).unwrap();
        let rendered = render();
        let declarations = rendered.value[0]["functionDeclarations"].as_array().unwrap();
        let forms: Vec<bool> = declarations.iter().map(|declaration| declaration.get("parameters").is_some()).collect();
        assert_eq!(forms, [true, false]);
        assert!(declarations.iter().all(|declaration| {
            ["parameters", "parametersJsonSchema"].iter().filter(|key| declaration.get(**key).is_some()).count() == 1
        }));
        let bytes = |value: &Value| serde_json::to_string(value).unwrap();
        assert_eq!(bytes(&rendered.value), bytes(&render().value));
        assert_eq!(rendered.report, render().report);
    }

    #[test]
    fn a_type_list_split_into_branches_leaves_foreign_keywords_in_the_description_only() {
        let schema = json!({
            "type": "object",
            "properties": {"shape": {"type": ["object", "array"], "name": "a keyword Gemini does not take", "enum": [{}, [], 1]}}
        });
        let rendered = ToolDef::new("store", "Store.", schema).render(Target::Gemini).unwrap().value;
        let shape = &rendered["parameters"]["properties"]["shape"];
        assert_eq!(shape["anyOf"], json!([{"type": "object"}, {"type": "array"}]));
        assert_eq!(shape["description"], "{enum: [{},[],1]}\n\n{name: \"a keyword Gemini does not take\"}");
    }

    #[test]
    fn a_count_beyond_64_bits_moves_into_the_description() {
        let schema = json!({"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}, "minItems": 1e40, "maxItems": 3}}});
        let rendered = ToolDef::new("tag", "Tag.", schema).render(Target::Gemini).unwrap().value;
        let tags = &rendered["parameters"]["properties"]["tags"];
        assert_eq!(tags["maxItems"], 3);
        assert!(tags.get("minItems").is_none());
        assert_eq!(tags["description"], "{minItems: 1e+40}");
    }
}
