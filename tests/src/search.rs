//! Free-function tools.

use std::collections::BTreeMap;
use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::tool;

/// One search hit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SearchHit {
    /// Page title.
    pub title: String,
    /// Page address.
    pub url: String,
}

/// Why a search failed.
#[derive(Debug)]
pub struct SearchError(pub String);

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "search backend unavailable: {}", self.0)
    }
}

/// Search the web and return the best matches.
///
/// Results come from [`SearchHit`] records, best first.
///
/// # Arguments
/// * `query` - The search query.
/// * `num_results` - How many results to return.
///
/// # Errors
/// Fails when the backend is down.
#[tool(
    read_only,
    open_world,
    example({"query": "rust json schema"}),
    example({"query": "tokio", "num_results": 3}, "Three results at most")
)]
pub async fn web_search(query: String, num_results: Option<u32>) -> Result<Vec<SearchHit>, SearchError> {
    if query == "offline" {
        return Err(SearchError("connection refused".into()));
    }
    let hits = (1..=num_results.unwrap_or(2))
        .map(|i| SearchHit { title: format!("{query} #{i}"), url: format!("https://example.com/{i}") })
        .collect();
    Ok(hits)
}

/// The kind of document to fetch.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DocumentKind {
    Html,
    Pdf,
    Text,
}

/// Limits on a fetch.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
pub struct FetchLimits {
    /// Largest body to accept, in bytes.
    pub max_bytes: u64,
    /// Give up after this many seconds.
    pub timeout_secs: Option<f64>,
}

/// The fetched document.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Document {
    /// HTTP status code.
    pub status: u16,
    pub kind: DocumentKind,
    pub body: String,
}

/// Fetch a document by URL.
///
/// # Arguments
/// * `url` - Absolute http(s) URL.
/// * `kind` - What the document is expected to be.
/// * `limits` - Size and time limits.
/// * `follow_redirects` - Follow HTTP redirects.
/// * `headers` - Extra request headers, as `name: value` lines.
#[tool(rename_all = "camelCase", title = "Fetch document", idempotent)]
pub fn fetch_document(
    url: String,
    #[arg(default = DocumentKind::Html)] kind: DocumentKind,
    limits: Option<FetchLimits>,
    #[arg(default)] follow_redirects: bool,
    #[arg(rename = "extraHeaders", description = "HTTP headers to add.")] headers: Vec<String>,
) -> Document {
    let _ = (follow_redirects, limits, headers);
    Document { status: 200, kind, body: format!("contents of {url}") }
}

/// Forget everything cached so far.
#[tool(destructive = true, idempotent = false)]
pub fn clear_cache() {}

/// A count the output schema does not describe, since it only implements `Serialize`.
#[derive(Serialize)]
pub struct Opaque {
    pub count: usize,
}

/// Count the words of a text.
///
/// # Arguments
/// * `text` - The text.
#[tool(name = "count-words")]
pub fn word_count(text: String) -> Opaque {
    Opaque { count: text.split_whitespace().count() }
}

/// Echo the given text back.
#[tool]
pub fn echo(r#type: String, #[arg(default = 1)] times: u8) -> String {
    r#type.repeat(times as usize)
}

/// Fail on purpose.
#[tool]
pub fn always_fails() -> std::io::Result<u8> {
    Err(std::io::Error::other("disk is full"))
}

#[tool(description = "Return the current time as an RFC 3339 string.")]
pub fn utc_now() -> String {
    "2026-01-01T00:00:00Z".to_owned()
}

/// Attach free-form metadata to the current page.
///
/// # Arguments
/// * `values` - Any keys and values.
#[tool(strict = false)]
pub fn set_metadata(values: BTreeMap<String, String>) -> usize {
    values.len()
}
