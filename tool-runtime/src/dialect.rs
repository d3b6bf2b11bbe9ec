//! [`Target`]: the dialects a definition is lowered to, by name, and [`RenderOptions`], the choices
//! within one. Below everything that lowers or reads: the lowering report names its target.

use std::fmt;
use std::str::FromStr;

use toolc_names::did_you_mean;

use crate::open_models::{GrammarEngine, Server, UnknownName, text_form};

/// A provider dialect of tool definitions.
///
/// Its text form is what the command line and file names use:
///
/// ```
/// use toolc::Target;
///
/// let target: Target = "openai-responses".parse().unwrap();
/// assert_eq!(target, Target::OpenAiResponses);
/// assert_eq!(Target::Gemini.to_string(), "gemini");
/// assert!("antropic".parse::<Target>().unwrap_err().to_string().contains("did you mean `anthropic`"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// OpenAI Chat Completions `tools`.
    OpenAi,
    /// OpenAI Responses API `tools`.
    OpenAiResponses,
    /// Anthropic Messages API `tools`.
    Anthropic,
    /// Gemini `functionDeclarations`.
    Gemini,
    /// Amazon Bedrock's Converse API: the tools of `toolConfig` (Claude, Nova, Llama, Mistral,
    /// Cohere and the other models on Bedrock), its `toolUse` blocks and `ConverseStream`.
    Bedrock,
    /// Model Context Protocol `tools/list` (specification 2025-11-25).
    Mcp,
    /// Plain JSON Schema draft 2020-12.
    JsonSchema,
}

impl Target {
    /// Every target, in a fixed order.
    pub const ALL: [Target; 7] = [
        Target::OpenAi,
        Target::OpenAiResponses,
        Target::Anthropic,
        Target::Gemini,
        Target::Bedrock,
        Target::Mcp,
        Target::JsonSchema,
    ];

    /// The target's text form: `openai`, `openai-responses`, `anthropic`, `gemini`, `bedrock`, `mcp`,
    /// `json-schema`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Target::OpenAi => "openai",
            Target::OpenAiResponses => "openai-responses",
            Target::Anthropic => "anthropic",
            Target::Gemini => "gemini",
            Target::Bedrock => "bedrock",
            Target::Mcp => "mcp",
            Target::JsonSchema => "json-schema",
        }
    }
}

impl serde::Serialize for Target {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Target {
    type Err = UnknownTarget;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Target::ALL.into_iter().find(|target| target.as_str() == s).ok_or_else(|| UnknownTarget { given: s.to_owned() })
    }
}

/// The error of parsing a [`Target`] from text that names none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTarget {
    given: String,
}

impl fmt::Display for UnknownTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown target `{}`", self.given)?;
        let names = Target::ALL.map(Target::as_str);
        match did_you_mean(&self.given, names) {
            Some(close) => write!(f, "; did you mean `{close}`?")?,
            None => f.write_str(".")?,
        }
        write!(f, " Targets: {}", names.join(", "))
    }
}

impl std::error::Error for UnknownTarget {}

/// How a tool whose arguments are a tagged union — an enum with `#[serde(tag = "…")]`, a root `oneOf`
/// of objects told apart by one field, the tag — is written for a target. Dispatch reads a call in
/// any of the forms back into the same value.
///
/// ```
/// use toolc::{RenderOptions, UnionForm};
///
/// let options = RenderOptions::default().union_form(UnionForm::Nested);
/// assert_eq!(options.union_form, Some(UnionForm::Nested));
/// assert_eq!("variants".parse::<UnionForm>(), Ok(UnionForm::Variants));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnionForm {
    /// One object: the tag as an enum, and every variant's fields beside it, each saying which
    /// variants use it. A decoder held to it may pair one variant's tag with another variant's
    /// field, which dispatch refuses, naming the field. The default of every target but JSON Schema.
    Flat,
    /// The union under one property, `request`: `{"request": {"anyOf": [one closed object per
    /// variant]}}`, so a decoder writes each variant's fields with its own tag alone. Every target
    /// takes it; dispatch reads `{"request": {…}}` as the variant inside.
    Nested,
    /// The union at the root: `anyOf` of one closed object per variant (beside `"type": "object"`,
    /// as MCP asks of a root). For the targets whose root may be a union
    /// ([`RenderOptions::takes_root_union`]): MCP, JSON Schema (whose default it is), and OpenAI
    /// chat or Responses going to an open-model server's grammar engine.
    Variants,
}

impl UnionForm {
    /// Every form, in the order of the docs.
    pub const ALL: [UnionForm; 3] = [UnionForm::Flat, UnionForm::Nested, UnionForm::Variants];

    /// The form's name in configuration and on the command line: `flat`, `nested`, `variants`.
    pub fn as_str(self) -> &'static str {
        match self {
            UnionForm::Flat => "flat",
            UnionForm::Nested => "nested",
            UnionForm::Variants => "variants",
        }
    }
}

text_form!(UnionForm, "union form", "Forms");

/// Per-target choices that are not targets of their own.
///
/// Gemini takes a declaration's arguments as `parameters` (the OpenAPI subset) or as
/// `parametersJsonSchema` (JSON Schema), one or the other per declaration. By default a declaration
/// has `parameters`, and one `parameters` cannot express (a recursive type, a property name such as
/// `Content-Type`, `allOf`) has `parametersJsonSchema`, with a warning in the lowering report;
/// [`gemini_parameters_only`](RenderOptions::gemini_parameters_only) refuses such a tool instead,
/// and [`gemini_json_schema`](RenderOptions::gemini_json_schema) gives every declaration
/// `parametersJsonSchema`.
///
/// ```
/// use toolc::RenderOptions;
///
/// let options = RenderOptions::default().anthropic_strict(true);
/// assert!(options.anthropic_strict && !options.gemini_json_schema && !options.gemini_parameters_only);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RenderOptions {
    /// Anthropic: `"strict": true` and the strict subset (off by default: the full schema).
    pub anthropic_strict: bool,
    /// Gemini: `parametersJsonSchema` (JSON Schema) instead of `parameters` (the OpenAPI subset), for
    /// every declaration.
    pub gemini_json_schema: bool,
    /// Gemini: `parameters` only; a tool they cannot express is refused rather than given
    /// `parametersJsonSchema` (off by default: it falls back, with a warning). Without effect when
    /// [`gemini_json_schema`](RenderOptions::gemini_json_schema) is on.
    pub gemini_parameters_only: bool,
    /// Bedrock: `"strict": true` on the tools that ask for it, lowered to the strict subset
    /// (off by default: the full schema). Bedrock does not publish its subset; toolc lowers to
    /// Anthropic's, the strictest it knows.
    pub bedrock_strict: bool,
    /// MCP: every `$ref` inlined (recursion kept as a reference), for clients that cannot follow
    /// references (off by default: the schema keeps its `$defs` and `$ref`s, as JSON Schema 2020-12,
    /// MCP's dialect, writes them and as servers should keep them).
    pub mcp_inline_refs: bool,
    /// OpenAI chat and Responses: the grammar engine of the open-model server the definitions go to
    /// (vLLM, SGLang, llama.cpp, Ollama, LM Studio, mistral.rs), or none (OpenAI's API: the default).
    /// A schema lowered for an engine holds only what it compiles and honours; what it would refuse
    /// or ignore is moved into the description, reported, and still checked when the call arrives.
    /// Set it by the server with [`server`](RenderOptions::server), or by the engine.
    pub grammar_engine: Option<GrammarEngine>,
    /// How a tool whose arguments are a tagged union is written (see [`UnionForm`]); `None`: the
    /// target's default ([`RenderOptions::form_for`]).
    pub union_form: Option<UnionForm>,
}

impl RenderOptions {
    /// Sets [`RenderOptions::anthropic_strict`].
    pub fn anthropic_strict(mut self, on: bool) -> Self {
        self.anthropic_strict = on;
        self
    }

    /// Sets [`RenderOptions::gemini_json_schema`].
    pub fn gemini_json_schema(mut self, on: bool) -> Self {
        self.gemini_json_schema = on;
        self
    }

    /// Sets [`RenderOptions::bedrock_strict`].
    pub fn bedrock_strict(mut self, on: bool) -> Self {
        self.bedrock_strict = on;
        self
    }

    /// Sets [`RenderOptions::mcp_inline_refs`].
    pub fn mcp_inline_refs(mut self, on: bool) -> Self {
        self.mcp_inline_refs = on;
        self
    }

    /// Sets [`RenderOptions::gemini_parameters_only`].
    pub fn gemini_parameters_only(mut self, on: bool) -> Self {
        self.gemini_parameters_only = on;
        self
    }

    /// Sets [`RenderOptions::union_form`].
    pub fn union_form(mut self, form: UnionForm) -> Self {
        self.union_form = Some(form);
        self
    }

    /// The form a root tagged union takes for `target`: [`RenderOptions::union_form`] when set,
    /// else the target's default. [`UnionForm::Variants`] for JSON Schema (the definition's union,
    /// as it is); [`UnionForm::Nested`] for an open-model server's grammar engine
    /// ([`RenderOptions::grammar_engine`]), where each variant's grammar then holds its own fields
    /// (a small model under the flat grammar pairs one variant's tag with another's fields: the
    /// open-models guide has the measurement); [`UnionForm::Flat`] for the providers' APIs.
    ///
    /// ```
    /// use toolc::{RenderOptions, Server, Target, UnionForm};
    ///
    /// assert_eq!(RenderOptions::default().form_for(Target::OpenAi), UnionForm::Flat);
    /// let vllm = RenderOptions::default().server(Server::Vllm);
    /// assert_eq!(vllm.form_for(Target::OpenAi), UnionForm::Nested);
    /// assert_eq!(vllm.union_form(UnionForm::Flat).form_for(Target::OpenAi), UnionForm::Flat);
    /// ```
    pub fn form_for(&self, target: Target) -> UnionForm {
        match (self.union_form, target) {
            (Some(form), _) => form,
            (None, Target::JsonSchema) => UnionForm::Variants,
            (None, Target::OpenAi | Target::OpenAiResponses) if self.grammar_engine.is_some() => UnionForm::Nested,
            (None, _) => UnionForm::Flat,
        }
    }

    /// Whether `target` takes a union at the root of a tool's arguments ([`UnionForm::Variants`]):
    /// MCP, JSON Schema, and OpenAI chat or Responses going to an open-model server's grammar
    /// engine ([`RenderOptions::grammar_engine`]), which compiles a root `anyOf`. OpenAI's own API,
    /// Anthropic, Gemini and Bedrock ask for an object.
    ///
    /// ```
    /// use toolc::{RenderOptions, Server, Target};
    ///
    /// assert!(RenderOptions::default().takes_root_union(Target::Mcp));
    /// assert!(!RenderOptions::default().takes_root_union(Target::OpenAi));
    /// assert!(RenderOptions::default().server(Server::LlamaCpp).takes_root_union(Target::OpenAi));
    /// ```
    pub fn takes_root_union(&self, target: Target) -> bool {
        match target {
            Target::Mcp | Target::JsonSchema => true,
            Target::OpenAi | Target::OpenAiResponses => self.grammar_engine.is_some(),
            _ => false,
        }
    }

    /// These options for a tool whose own form is `tool_form` (`#[tool(union_form = …)]`): that form
    /// where the options choose none, [`UnionForm::Variants`] written nested where `target` asks
    /// for an object at the root.
    pub(crate) fn for_tool(&self, tool_form: Option<UnionForm>, target: Target) -> Option<RenderOptions> {
        let form = match (self.union_form, tool_form) {
            (None, Some(UnionForm::Variants)) if !self.takes_root_union(target) => UnionForm::Nested,
            (None, Some(form)) => form,
            _ => return None,
        };
        Some((*self).union_form(form))
    }

    /// Sets [`RenderOptions::grammar_engine`].
    pub fn grammar_engine(mut self, engine: GrammarEngine) -> Self {
        self.grammar_engine = Some(engine);
        self
    }

    /// Sets [`RenderOptions::grammar_engine`] to the engine `server` uses by default:
    ///
    /// ```
    /// use toolc::{GrammarEngine, RenderOptions, Server};
    ///
    /// let options = RenderOptions::default().server(Server::Vllm);
    /// assert_eq!(options.grammar_engine, Some(GrammarEngine::XGrammar));
    /// ```
    pub fn server(self, server: Server) -> Self {
        self.grammar_engine(server.engine())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_round_trips_for_every_target() {
        for target in Target::ALL {
            assert_eq!(target.as_str().parse::<Target>(), Ok(target));
        }
    }

    #[test]
    fn unknown_target_lists_the_valid_ones() {
        let err = "mpc".parse::<Target>().unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown target `mpc`; did you mean `mcp`? Targets: openai, openai-responses, anthropic, gemini, bedrock, mcp, json-schema"
        );
    }
}
