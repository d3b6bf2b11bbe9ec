//! The tools the recorded and hand-written streams call: `get_weather`, `search` and `now`.

use schemars::JsonSchema;
use serde::Deserialize;
use toolc::toolbox;

/// A temperature unit.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Degrees Celsius.
    Celsius,
    /// Degrees Fahrenheit.
    Fahrenheit,
}

/// Weather and search tools, answered from fixed data.
pub struct Weather;

#[toolbox]
impl Weather {
    /// Get the current weather at a place.
    ///
    /// # Arguments
    /// * `location` - The city, e.g. "Paris".
    /// * `unit` - The temperature unit (default celsius).
    #[tool(read_only)]
    pub async fn get_weather(location: String, unit: Option<Unit>) -> String {
        // Gives way once, so calls of one response run interleaved.
        toolc_tests::yield_once().await;
        match unit {
            Some(Unit::Fahrenheit) => format!("{location}: 64 °F, light rain"),
            _ => format!("{location}: 18 °C, light rain"),
        }
    }

    /// Search the web and return the titles of the best matches.
    ///
    /// # Arguments
    /// * `query` - The search query.
    /// * `limit` - How many titles to return (default 2).
    #[tool(read_only, open_world)]
    pub fn search(query: String, limit: Option<u32>) -> Vec<String> {
        (1..=limit.unwrap_or(2)).map(|n| format!("{query} #{n}")).collect()
    }

    /// The current time, in UTC.
    #[tool(read_only)]
    pub fn now() -> String {
        "2026-11-24T09:00:00Z".to_owned()
    }
}
