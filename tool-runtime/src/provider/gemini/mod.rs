//! Gemini: function declarations with `parameters` (the OpenAPI 3.0 subset), or `parametersJsonSchema`
//! where those cannot express a tool (or with the option, everywhere), wrapped in one
//! `functionDeclarations` tool; `functionCall` parts, their
//! stream (arguments streamed as values at JSON paths) and the `functionResponse` reply; the
//! images it takes; its tool choice (`toolConfig`); and reading `parameters` back as JSON Schema
//! ([`openapi`]).

mod json_path;
mod lower;
#[cfg(feature = "read")]
pub(crate) mod openapi;
mod wire;

/// Gemini's `generateContent`.
pub(super) struct Gemini;
