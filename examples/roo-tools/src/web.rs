//! Web tools: search, document fetch and docs lookup, over a [`Backend`] the application supplies.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use toolc::toolbox;

/// Where the web tools get their answers (a real HTTP client, or a fake in tests).
pub trait Backend: Send + Sync {
    /// Search results for `query`, best first.
    fn search(&self, query: &str) -> Vec<SearchResult>;
    /// The body and content type at `url`, or an HTTP status and reason.
    fn fetch(&self, url: &str) -> Result<(String, String), (u16, String)>;
}

/// One search result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SearchResult {
    /// The page title.
    pub title: String,
    /// The page address.
    pub url: String,
    /// A short extract.
    pub snippet: String,
}

/// What kind of document is expected.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DocumentType {
    Html,
    Markdown,
    Pdf,
    Text,
}

/// How a fetch went.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FetchStatus {
    Ok,
    TooLarge,
    NotFound,
    Failed,
}

/// Why a fetch failed.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ErrorDetails {
    /// The HTTP status, when there was one.
    pub http_status: Option<u16>,
    /// What went wrong.
    pub reason: String,
}

/// A fetched document.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FetchedDocument {
    pub status: FetchStatus,
    /// The text, when it was fetched.
    pub content: Option<String>,
    /// Why not, when it was not.
    pub error: Option<ErrorDetails>,
    /// Whatever the server said about the document.
    pub metadata: Value,
}

/// The web tools.
pub struct WebTools {
    backend: Box<dyn Backend>,
}

impl WebTools {
    /// Web tools over `backend`.
    pub fn new(backend: impl Backend + 'static) -> Self {
        WebTools { backend: Box::new(backend) }
    }
}

#[toolbox]
impl WebTools {
    /// Search the web.
    ///
    /// # Arguments
    /// * `query` - What to look for.
    /// * `num_results` - How many results, from 1 to 20.
    #[tool(name = "webSearch", rename_all = "camelCase", read_only, open_world)]
    pub fn web_search(
        &self,
        query: String,
        #[arg(default = NumResults(5))] num_results: NumResults,
    ) -> Vec<SearchResult> {
        self.backend.search(&query).into_iter().take(num_results.0 as usize).collect()
    }

    /// Fetch a document and return its text.
    ///
    /// # Arguments
    /// * `url` - The document's address.
    /// * `document_type` - What kind of document is expected.
    /// * `max_bytes` - The largest document to accept.
    #[tool(name = "fetchDocument", rename_all = "camelCase", read_only, open_world)]
    pub fn fetch_document(
        &self,
        url: String,
        document_type: Option<DocumentType>,
        #[arg(default = 1_000_000)] max_bytes: u32,
    ) -> FetchedDocument {
        let (status, content, error, metadata) = match self.backend.fetch(&url) {
            Ok((body, _)) if body.len() > max_bytes as usize => (
                FetchStatus::TooLarge,
                None,
                Some(ErrorDetails {
                    http_status: None,
                    reason: format!("{} bytes; the limit is {max_bytes}", body.len()),
                }),
                serde_json::json!({"bytes": body.len()}),
            ),
            Ok((body, content_type)) => (
                FetchStatus::Ok,
                Some(body),
                None,
                serde_json::json!({"contentType": content_type, "expected": document_type}),
            ),
            Err((404, reason)) => {
                (FetchStatus::NotFound, None, Some(ErrorDetails { http_status: Some(404), reason }), Value::Null)
            }
            Err((code, reason)) => {
                (FetchStatus::Failed, None, Some(ErrorDetails { http_status: Some(code), reason }), Value::Null)
            }
        };
        FetchedDocument { status, content, error, metadata }
    }

    /// Look up a library's documentation on a topic.
    ///
    /// # Arguments
    /// * `library` - The library, like `tokio`.
    /// * `topic` - What to look up, like `spawn`.
    #[tool(name = "lookupDocs", read_only, open_world)]
    pub fn lookup_docs(&self, library: String, topic: String) -> Result<String, String> {
        let url = format!("https://docs.rs/{library}/latest/?search={topic}");
        self.backend
            .fetch(&url)
            .map(|(body, _)| body)
            .map_err(|(code, reason)| format!("docs lookup failed ({code}): {reason}"))
    }
}

/// How many search results: at least 1, at most 20.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize)]
#[serde(transparent)]
pub struct NumResults(pub u8);

impl JsonSchema for NumResults {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "NumResults".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "integer", "minimum": 1, "maximum": 20})
    }
}
