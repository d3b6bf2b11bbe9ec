use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;
use toolc::tool;

/// Set HTTP headers.
#[tool]
#[derive(Deserialize, JsonSchema)]
pub struct SetHeaders {
    /// Header names and values.
    pub headers: BTreeMap<String, String>,
}

fn main() {}
