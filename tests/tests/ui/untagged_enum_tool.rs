use schemars::JsonSchema;
use serde::Deserialize;
use toolc::tool;

/// Act on the page.
#[tool]
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum BrowserAction {
    Navigate { url: String },
    Click { selector: String },
}

fn main() {}
