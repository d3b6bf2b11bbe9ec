//! The servers that run open models behind the OpenAI chat format ([`Server`]) and the grammar
//! engines they constrain a call's arguments with ([`GrammarEngine`]), by name. Below everything
//! that lowers: [`RenderOptions::grammar_engine`](crate::RenderOptions::grammar_engine) holds one.

use std::fmt;
use std::str::FromStr;

use toolc_names::did_you_mean;

/// A grammar engine: what an open-model server compiles a tool's parameter schema with, when a
/// request asks for a call (`tool_choice` required or named), to constrain the model's decoding.
///
/// Each takes its own subset of JSON Schema: it refuses some keywords (the request fails) and
/// ignores others (the model may write what the schema forbids). Lowered for an engine (the OpenAI
/// targets with [`RenderOptions::grammar_engine`](crate::RenderOptions::grammar_engine)), a schema
/// holds only what that engine compiles and honours; the rest is moved into the description, with
/// an entry in the lowering report, and still checked when the call arrives.
///
/// ```
/// use toolc::GrammarEngine;
///
/// let engine: GrammarEngine = "llguidance".parse().unwrap();
/// assert_eq!(engine, GrammarEngine::LlGuidance);
/// assert!("xgramar".parse::<GrammarEngine>().unwrap_err().to_string().contains("did you mean `xgrammar`"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum GrammarEngine {
    /// xgrammar, the default of vLLM and SGLang.
    XGrammar,
    /// llguidance: vLLM's `guidance` backend, mistral.rs, and llama.cpp built with it.
    LlGuidance,
    /// llama.cpp's own JSON Schema to grammar converter (its server, Ollama, LM Studio's GGUF
    /// models).
    LlamaCpp,
}

impl GrammarEngine {
    /// Every engine, in a fixed order.
    pub const ALL: [GrammarEngine; 3] = [GrammarEngine::XGrammar, GrammarEngine::LlGuidance, GrammarEngine::LlamaCpp];

    /// The engine's text form: `xgrammar`, `llguidance`, `llama-cpp`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GrammarEngine::XGrammar => "xgrammar",
            GrammarEngine::LlGuidance => "llguidance",
            GrammarEngine::LlamaCpp => "llama-cpp",
        }
    }

    /// The engine's name in prose, as its project writes it.
    pub(crate) const fn proper_name(self) -> &'static str {
        match self {
            GrammarEngine::XGrammar => "xgrammar",
            GrammarEngine::LlGuidance => "llguidance",
            GrammarEngine::LlamaCpp => "llama.cpp's converter",
        }
    }
}

/// A server that runs open models and speaks the OpenAI chat format, named for the grammar engine it
/// compiles tool schemas with by default.
///
/// ```
/// use toolc::{GrammarEngine, Server};
///
/// let server: Server = "vllm".parse().unwrap();
/// assert_eq!(server.engine(), GrammarEngine::XGrammar);
/// assert_eq!(Server::MistralRs.engine(), GrammarEngine::LlGuidance);
/// assert_eq!(Server::Ollama.to_string(), "ollama");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Server {
    /// vLLM: xgrammar by default (`--guided-decoding-backend guidance` gives llguidance).
    Vllm,
    /// SGLang: xgrammar by default (`--grammar-backend llguidance` gives llguidance).
    Sglang,
    /// llama.cpp's `llama-server`: its own converter (llguidance when built with it).
    LlamaCpp,
    /// Ollama: llama.cpp's converter.
    Ollama,
    /// LM Studio, for GGUF models: llama.cpp's converter.
    LmStudio,
    /// mistral.rs: llguidance.
    MistralRs,
}

impl Server {
    /// Every server, in a fixed order.
    pub const ALL: [Server; 6] =
        [Server::Vllm, Server::Sglang, Server::LlamaCpp, Server::Ollama, Server::LmStudio, Server::MistralRs];

    /// The server's text form: `vllm`, `sglang`, `llama-cpp`, `ollama`, `lm-studio`, `mistral-rs`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Server::Vllm => "vllm",
            Server::Sglang => "sglang",
            Server::LlamaCpp => "llama-cpp",
            Server::Ollama => "ollama",
            Server::LmStudio => "lm-studio",
            Server::MistralRs => "mistral-rs",
        }
    }

    /// The grammar engine the server uses unless told otherwise.
    pub const fn engine(self) -> GrammarEngine {
        match self {
            Server::Vllm | Server::Sglang => GrammarEngine::XGrammar,
            Server::LlamaCpp | Server::Ollama | Server::LmStudio => GrammarEngine::LlamaCpp,
            Server::MistralRs => GrammarEngine::LlGuidance,
        }
    }
}

macro_rules! text_form {
    ($type:ident, $what:literal, $plural:literal) => {
        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl FromStr for $type {
            type Err = UnknownName;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $type::ALL.into_iter().find(|item| item.as_str() == s).ok_or_else(|| UnknownName {
                    what: $what,
                    plural: $plural,
                    given: s.to_owned(),
                    names: $type::ALL.iter().map(|item| item.as_str()).collect(),
                })
            }
        }
    };
}

/// The text forms of the other names the command line and the packages take.
pub(crate) use text_form;

text_form!(GrammarEngine, "grammar engine", "Engines");
text_form!(Server, "server", "Servers");

/// The error of parsing a [`Server`], a [`GrammarEngine`] or a [`UnionForm`](crate::UnionForm) from
/// text that names none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    pub(crate) what: &'static str,
    pub(crate) plural: &'static str,
    pub(crate) given: String,
    pub(crate) names: Vec<&'static str>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} `{}`", self.what, self.given)?;
        match did_you_mean(&self.given, self.names.iter().copied()) {
            Some(close) => write!(f, "; did you mean `{close}`?")?,
            None => f.write_str(".")?,
        }
        write!(f, " {}: {}", self.plural, self.names.join(", "))
    }
}

impl std::error::Error for UnknownName {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip() {
        for engine in GrammarEngine::ALL {
            assert_eq!(engine.as_str().parse::<GrammarEngine>(), Ok(engine));
        }
        for server in Server::ALL {
            assert_eq!(server.as_str().parse::<Server>(), Ok(server));
        }
    }

    #[test]
    fn an_unknown_server_lists_the_known_ones() {
        assert_eq!(
            "lmstudio".parse::<Server>().unwrap_err().to_string(),
            "unknown server `lmstudio`; did you mean `lm-studio`? Servers: vllm, sglang, llama-cpp, ollama, lm-studio, \
             mistral-rs"
        );
    }
}
