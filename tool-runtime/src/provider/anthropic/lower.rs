//! Anthropic Messages API: the full 2020-12 schema by default; with the strict option, the subset
//! strict tool use takes, in the exact form Anthropic's SDK `transform_schema` leaves unchanged.
//!
//! Passes: flatten a tagged root union → inline refs (kept if recursive; strict refuses recursion)
//! → strict only: strict objects (closed; optional fields stay optional) → type arrays as `anyOf` →
//! keywords outside the strict subset moved into the description.

use serde_json::{Map, Value, json};

use super::Anthropic;
use crate::passes::object;
use crate::passes::report::{Lowering, RenderError};
use crate::passes::strict_subset::{self, StrictMode};
use crate::passes::walk::each_node;
use crate::provider::Lower;
use crate::provider::description::{check_description, description, examples};
use crate::{ChoiceError, ChoiceOptions, RenderOptions, Target, ToolChoice, ToolDef, UnionForm};

/// Per-request limits of strict tool use.
const MAX_STRICT_TOOLS: usize = 20;
const MAX_OPTIONAL_PARAMETERS: usize = 24;
const MAX_UNION_PARAMETERS: usize = 16;

fn is_strict(def: &ToolDef, options: &RenderOptions) -> bool {
    options.anthropic_strict && def.strict
}

const STRICT: StrictMode = StrictMode {
    name: "Anthropic strict mode",
    recursion: "Anthropic strict mode takes no recursive schemas; render without the strict option, or break the cycle",
};

/// Counts what the per-request limits of strict tool use count, in one lowered input schema.
fn count_parameters(schema: &Value) -> (usize, usize) {
    let mut optional = 0;
    let mut unions = 0;
    each_node(schema, &mut |node| {
        if let Some(Value::Object(properties)) = node.get("properties") {
            let required = node.get("required").and_then(Value::as_array);
            for (name, property) in properties {
                if !required.is_some_and(|required| required.iter().any(|r| r == name)) {
                    optional += 1;
                }
                if property.get("anyOf").is_some() {
                    unions += 1;
                }
            }
        }
    });
    (optional, unions)
}

impl Lower for Anthropic {
    fn target(&self) -> Target {
        Target::Anthropic
    }

    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        strict_subset::check_tool_name(&def.name, lowering)?;
        check_description(&def.description, lowering);
        let strict = is_strict(def, options);
        let schema = strict_subset::input_schema(
            &def.input_schema,
            form(options),
            strict.then_some(&STRICT),
            "/input_schema",
            lowering,
        )?;
        let mut tool = object([
            ("name", def.name.clone().into()),
            ("description", description(def, false, UnionForm::Flat).into()),
            ("input_schema", schema),
        ]);
        if strict {
            tool["strict"] = json!(true);
        }
        if !def.examples.is_empty() {
            let examples = examples(def, form(options), "/input_examples", lowering);
            if !examples.is_empty() {
                tool["input_examples"] = examples.into();
            }
        }
        Ok(tool)
    }

    /// Structured output: the value of `output_config.format`, always in the strict subset.
    fn response_format(&self, def: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        let schema =
            strict_subset::input_schema(&def.input_schema, UnionForm::Flat, Some(&STRICT), "/schema", lowering)?;
        Ok(object([("type", "json_schema".into()), ("schema", schema)]))
    }

    /// Strict tool use's limits: how many strict tools, optional and union-typed parameters one
    /// request may have.
    fn check_request(&self, tools: &[(&ToolDef, Value)], options: &RenderOptions) -> Result<(), RenderError> {
        let (mut strict_tools, mut optional, mut unions) = (0, 0, 0);
        for (def, entry) in tools.iter().filter(|(def, _)| is_strict(def, options)) {
            let (o, u) = count_parameters(&entry["input_schema"]);
            strict_tools += 1;
            optional += o;
            unions += u;
            let lowering = Lowering::new(&def.name, Target::Anthropic);
            let limit = |what: &str, count: usize, max: usize| {
                lowering.error(
                    "",
                    format!(
                        "{count} {what} in one request exceed Anthropic strict mode's limit of {max}; \
                         render fewer tools strict, or without the strict option"
                    ),
                )
            };
            if strict_tools > MAX_STRICT_TOOLS {
                return Err(limit("strict tools", strict_tools, MAX_STRICT_TOOLS));
            }
            if optional > MAX_OPTIONAL_PARAMETERS {
                return Err(limit("optional parameters", optional, MAX_OPTIONAL_PARAMETERS));
            }
            if unions > MAX_UNION_PARAMETERS {
                return Err(limit("union-typed parameters", unions, MAX_UNION_PARAMETERS));
            }
        }
        Ok(())
    }

    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        let mut written = match *choice {
            ToolChoice::Auto => json!({"type": "auto"}),
            ToolChoice::None => json!({"type": "none"}),
            ToolChoice::Required => json!({"type": "any"}),
            ToolChoice::Tool(name) => json!({"type": "tool", "name": name}),
            ToolChoice::Allowed { .. } => {
                return Err(ChoiceError::Unsupported {
                    target: Target::Anthropic,
                    reason: "Anthropic's `tool_choice` cannot name a subset of the tools; send only those tools \
                             (`toolbox.only([...])`) with `ToolChoice::Auto` or `ToolChoice::Required`",
                });
            }
        };
        // `none` takes no other field: no calls, so none in parallel either.
        if let (Some(parallel), false) = (options.parallel_calls, *choice == ToolChoice::None) {
            written["disable_parallel_tool_use"] = json!(!parallel);
        }
        let mut fields = Map::new();
        fields.insert("tool_choice".into(), written);
        Ok(fields)
    }
}

/// The form of a tool's root tagged union: the options', else the target's default.
fn form(options: &RenderOptions) -> UnionForm {
    options.form_for(Target::Anthropic)
}
