//! The tools the benchmarks call: a typical 5-argument tool and a 50-field nested one, written the
//! way a user writes them, with the argument text a model would send.

use std::time::{Duration, Instant};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::toolbox;

#[cfg(feature = "mcp-client")]
pub mod mcp_session;
#[cfg(feature = "peers")]
pub mod rig_peer;
#[cfg(feature = "peers")]
pub mod rmcp_peer;
pub mod streams;

/// 1,000 generated config-struct tools (see `generate/tools.rs`).
#[allow(missing_docs)]
pub mod generated {
    include!(concat!(env!("OUT_DIR"), "/generated_tools.rs"));
}

// The example crates' tools, registered by linking them.
use browse_agent as _;
use director as _;
use roo_tools as _;
use structured_output as _;

/// The toolbox under test.
pub struct Bench;

/// A typical search call's arguments, as a plain serde struct (the floor).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchArgs {
    pub query: String,
    pub num_results: Option<u32>,
    pub language: String,
    pub safe_search: bool,
    pub offset: u32,
}

/// Ten fields of one kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Section {
    pub a: String,
    pub b: u32,
    pub c: bool,
    pub d: f64,
    pub e: Option<String>,
    pub f: String,
    pub g: u64,
    pub h: bool,
    pub i: Vec<String>,
    pub j: i32,
}

/// Fifty fields in five nested sections.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Big {
    pub one: Section,
    pub two: Section,
    pub three: Section,
    pub four: Section,
    pub five: Section,
}

/// What the search returns: the work the tool does is the same in every contender.
pub fn search_work(query: &str, num_results: Option<u32>, offset: u32) -> usize {
    query.len() + num_results.unwrap_or(5) as usize + offset as usize
}

#[toolbox]
impl Bench {
    /// Search the web.
    ///
    /// # Arguments
    /// * `query` - The query.
    /// * `num_results` - How many.
    /// * `language` - The language.
    /// * `safe_search` - Filter results.
    /// * `offset` - Skip this many.
    #[tool]
    pub fn search(query: String, num_results: Option<u32>, language: String, safe_search: bool, offset: u32) -> usize {
        let _ = (language, safe_search);
        search_work(&query, num_results, offset)
    }

    /// Store a large record.
    ///
    /// # Arguments
    /// * `record` - The record.
    #[tool]
    pub fn store(record: Big) -> usize {
        record.one.i.len() + record.five.a.len()
    }
}

/// The 5-argument call as a model sends it.
pub const SEARCH: &str =
    r#"{"query": "rust json schema", "num_results": 10, "language": "en", "safe_search": true, "offset": 0}"#;

/// The 50-field call as a model sends it.
pub fn big_call() -> String {
    let section = r#"{"a": "alpha", "b": 7, "c": true, "d": 1.5, "e": "maybe", "f": "foxtrot", "g": 42, "h": false, "i": ["x", "y"], "j": -3}"#;
    format!(
        r#"{{"record": {{"one": {section}, "two": {section}, "three": {section}, "four": {section}, "five": {section}}}}}"#
    )
}

/// The queries of the three-call responses.
const QUERIES: [&str; 3] = ["rust json schema", "serde flatten enum", "criterion benchmark setup"];

pub(crate) fn search_arguments(query: &str) -> serde_json::Value {
    serde_json::json!({"query": query, "num_results": 10, "language": "en", "safe_search": true, "offset": 0})
}

/// An Anthropic message with a text block and three `tool_use` blocks, as the API returns it.
pub fn anthropic_message() -> Vec<u8> {
    let mut content = vec![serde_json::json!({"type": "text", "text": "I'll run three searches."})];
    for (index, query) in QUERIES.iter().enumerate() {
        content.push(serde_json::json!({
            "type": "tool_use", "id": format!("toolu_01A09q90qw90lq917835lq9{index}"), "name": "search",
            "input": search_arguments(query),
        }));
    }
    let message = serde_json::json!({
        "id": "msg_01Aq9w938a90dw8q", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": content, "stop_reason": "tool_use", "stop_sequence": null,
        "usage": {"input_tokens": 812, "output_tokens": 164},
    });
    serde_json::to_vec(&message).unwrap()
}

/// An OpenAI chat completion whose message makes three tool calls, as the API returns it.
pub fn openai_completion() -> Vec<u8> {
    let tool_calls: Vec<_> = QUERIES
        .iter()
        .enumerate()
        .map(|(index, query)| {
            serde_json::json!({
                "id": format!("call_abc123def456ghi789jk{index}"), "type": "function",
                "function": {"name": "search", "arguments": search_arguments(query).to_string()},
            })
        })
        .collect();
    let completion = serde_json::json!({
        "id": "chatcmpl-abc123", "object": "chat.completion", "created": 1763700000, "model": "gpt-4.1",
        "choices": [{
            "index": 0, "finish_reason": "tool_calls",
            "message": {"role": "assistant", "content": null, "refusal": null, "tool_calls": tool_calls},
        }],
        "usage": {"prompt_tokens": 812, "completion_tokens": 164, "total_tokens": 976},
    });
    serde_json::to_vec(&completion).unwrap()
}

/// The time of `iters` calls of each contender, called in turn, each first as often as the others.
pub fn turns(contenders: &[&dyn Fn(); 3], iters: u64) -> [Duration; 3] {
    let mut times = [Duration::ZERO; 3];
    for i in 0..iters {
        for k in 0..3 {
            let index = (i as usize + k) % 3;
            let start = Instant::now();
            contenders[index]();
            times[index] += start.elapsed();
        }
    }
    times
}
