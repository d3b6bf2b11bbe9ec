//! The tools the benchmarks call: a typical 5-argument tool and a 50-field nested one, written the
//! way a user writes them, with the argument text a model would send.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tool_runtime::toolbox;

pub mod rig_peer;
pub mod rmcp_peer;

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
