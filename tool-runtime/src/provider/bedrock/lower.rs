//! Bedrock Converse `toolSpec`s: the full 2020-12 schema under `inputSchema.json` by default; with
//! the strict option, `"strict": true` and the strict subset. Bedrock does not publish which
//! keywords its strict tool use takes, so toolc lowers to Anthropic's published subset, the
//! strictest it knows; and since Claude is the model most requests reach, its property-name rule
//! holds too.
//!
//! Passes: flatten a tagged root union → inline refs (kept if recursive; strict refuses recursion)
//! → an object at the top → strict only: strict objects (closed; optional fields stay optional) →
//! the strict subset → property names checked. Examples go into the description: a `toolSpec`
//! has no field for them.

use serde_json::{Map, Value, json};

use super::Bedrock;
use crate::passes::object;
use crate::passes::report::{Lowering, RenderError};
use crate::passes::strict_subset::{self, StrictMode};
use crate::provider::Lower;
use crate::provider::description::{check_description, description};
use crate::{ChoiceError, ChoiceOptions, RenderOptions, Target, ToolChoice, ToolDef, UnionForm};

fn is_strict(def: &ToolDef, options: &RenderOptions) -> bool {
    options.bedrock_strict && def.strict
}

const STRICT: StrictMode = StrictMode {
    name: "Bedrock strict tool use",
    recursion: "Bedrock strict tool use takes no recursive schemas; render without the strict option, or break the cycle",
};

impl Lower for Bedrock {
    fn target(&self) -> Target {
        Target::Bedrock
    }

    /// One entry of `toolConfig.tools`.
    fn tool(&self, def: &ToolDef, options: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        // The service model's `ToolName` takes what Anthropic's takes.
        strict_subset::check_tool_name(&def.name, lowering)?;
        check_description(&def.description, lowering);
        let strict = is_strict(def, options);
        let schema = strict_subset::input_schema(
            &def.input_schema,
            form(options),
            strict.then_some(&STRICT),
            "/toolSpec/inputSchema/json",
            lowering,
        )?;
        let mut spec = object([("name", def.name.clone().into())]);
        // The service model's `description` has a minimum length of 1: an empty one is left out.
        let text = description(def, true, options.union_form.unwrap_or(UnionForm::Flat));
        if !text.is_empty() {
            spec["description"] = text.into();
        }
        spec["inputSchema"] = object([("json", schema)]);
        if strict {
            spec["strict"] = json!(true);
        }
        Ok(object([("toolSpec", spec)]))
    }

    /// Structured output: the value of `outputConfig.textFormat`, in the strict subset, the schema
    /// written as JSON text as the service model's `JsonSchemaDefinition` takes it.
    fn response_format(&self, def: &ToolDef, _: &RenderOptions, lowering: &mut Lowering) -> Result<Value, RenderError> {
        let schema = strict_subset::input_schema(
            &def.input_schema,
            UnionForm::Flat,
            Some(&STRICT),
            "/structure/jsonSchema/schema",
            lowering,
        )?;
        let mut definition = object([("schema", schema.to_string().into()), ("name", def.name.clone().into())]);
        if !def.description.is_empty() {
            definition["description"] = def.description.to_string().into();
        }
        Ok(object([("type", "json_schema".into()), ("structure", object([("jsonSchema", definition)]))]))
    }

    /// `toolConfig.toolChoice`: `auto`, `any`, or one `tool` (Claude and Nova models only).
    fn tool_choice(&self, choice: &ToolChoice<'_>, options: ChoiceOptions) -> Result<Map<String, Value>, ChoiceError> {
        if options.parallel_calls.is_some() {
            return Err(ChoiceError::Unsupported {
                target: Target::Bedrock,
                reason: "Converse has no setting for parallel tool calls; leave `parallel_calls` unset",
            });
        }
        let written = match *choice {
            ToolChoice::Auto => json!({"auto": {}}),
            ToolChoice::Required => json!({"any": {}}),
            ToolChoice::Tool(name) => json!({"tool": {"name": name}}),
            ToolChoice::None => {
                return Err(ChoiceError::Unsupported {
                    target: Target::Bedrock,
                    reason: "Converse's `toolChoice` has no `none`; to have no tool called, send the request \
                             without `toolConfig`",
                });
            }
            ToolChoice::Allowed { .. } => {
                return Err(ChoiceError::Unsupported {
                    target: Target::Bedrock,
                    reason: "Converse's `toolChoice` cannot name a subset of the tools; send only those tools \
                             (`toolbox.only([...])`) with `ToolChoice::Auto` or `ToolChoice::Required`",
                });
            }
        };
        let mut fields = Map::new();
        fields.insert("toolChoice".into(), written);
        Ok(fields)
    }
}

/// The form of a tool's root tagged union: the options', else the target's default.
fn form(options: &RenderOptions) -> UnionForm {
    options.form_for(Target::Bedrock)
}
