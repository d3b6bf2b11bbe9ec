//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `BraveSearchTools::parse(name, arguments)` and `BraveSearchTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum BraveSearchTools {
    BraveWebSearch(BraveWebSearch),
    BraveLocalSearch(BraveLocalSearch),
    BraveVideoSearch(BraveVideoSearch),
    BraveImageSearch(BraveImageSearch),
    BraveNewsSearch(BraveNewsSearch),
    BraveSummarizer(BraveSummarizer),
    BraveLlmContext(BraveLlmContext),
    BravePlaceSearch(BravePlaceSearch),
}
/// Performs web searches using the Brave Search API and returns comprehensive search results with rich metadata.
#[tool(
    name = "brave_web_search",
    description = "Performs web searches using the Brave Search API and returns comprehensive search results with rich metadata.\n\n    When to use:\n        - General web searches for information, facts, or current topics\n        - Location-based queries (restaurants, businesses, points of interest)\n        - News searches for recent events or breaking stories\n        - Finding videos, discussions, or FAQ content\n        - Research requiring diverse result types (web pages, images, reviews, etc.)\n\n    Returns a JSON list of web results with title, description, and URL.\n    \n    When the \"results_filter\" parameter is empty, JSON results may also contain FAQ, Discussions, News, and Video results.",
    strict = false
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BraveWebSearch {
    /// Number of results (1-20, default 10). Applies only to web search results (i.e., has no effect on locations, news, videos, etc.)
    #[serde(default = "default_brave_web_search_count")]
    #[schemars(range(min = 1, max = 20))]
    pub count: i64,
    /// Search query country, where the results come from. The country string is limited to 2 character country codes of supported countries.
    #[serde(default = "default_brave_web_search_country")]
    pub country: BraveWebSearchCountry,
    /// A snippet is an excerpt from a page you get as a result of the query, and extra_snippets allow you to get up to 5 additional, alternative excerpts. Only available under Free AI, Base AI, Pro AI, Base Data, Pro Data and Custom plans.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub extra_snippets: Option<bool>,
    /// Filters search results by when they were discovered. The following values are supported: 'pd' - Discovered within the last 24 hours. 'pw' - Discovered within the last 7 days. 'pm' - Discovered within the last 31 days. 'py' - Discovered within the last 365 days. 'YYYY-MM-DDtoYYYY-MM-DD' - Timeframe is also supported by specifying the date range e.g. 2022-04-01to2022-07-30.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub freshness: Option<serde_json::Value>,
    /// Goggles act as a custom re-ranking on top of Brave's search index. The parameter supports both a url where the Goggle is hosted or the definition of the Goggle. Multiple goggle URLs and/or definitions can be provided in an array. For more details, refer to the Goggles repository (i.e., https://github.com/brave/goggles-quickstart).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub goggles: Option<serde_json::Value>,
    /// Pagination offset (max 9, default 0)
    #[serde(default = "default_brave_web_search_offset")]
    #[schemars(range(min = 0, max = 9))]
    pub offset: i64,
    /// Search query (max 400 chars, 50 words)
    #[schemars(length(max = 400))]
    pub query: String,
    /// Result filter (default ['web', 'query'])
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<BraveWebSearchResultFilterItem>")]
    #[schemars(extend("default" = ["web", "query"]))]
    pub result_filter: Option<Vec<BraveWebSearchResultFilterItem>>,
    /// Filters search results for adult content. The following values are supported: 'off' - No filtering. 'moderate' - Filters explicit content (e.g., images and videos), but allows adult domains in search results. 'strict' - Drops all adult content from search results. The default value is 'moderate'.
    #[serde(default = "default_brave_web_search_safesearch")]
    pub safesearch: BraveWebSearchSafesearch,
    /// Search language preference. The 2 or more character language code for which the search results are provided.
    #[serde(default = "default_brave_web_search_search_lang")]
    pub search_lang: BraveWebSearchSearchLang,
    /// Whether to spellcheck the provided query.
    #[serde(default = "default_brave_web_search_spellcheck")]
    pub spellcheck: bool,
    /// This parameter enables summary key generation in web search results. This is required for summarizer to be enabled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub summary: Option<bool>,
    /// Whether display strings (e.g. result snippets) should include decoration markers (e.g. highlighting characters).
    #[serde(default = "default_brave_web_search_text_decorations")]
    pub text_decorations: bool,
    /// The language of the UI. The 2 or more character language code for which the search results are provided.
    #[serde(default = "default_brave_web_search_ui_lang")]
    pub ui_lang: BraveWebSearchUiLang,
    /// The measurement units. If not provided, units are derived from search country.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub units: Option<serde_json::Value>,
}
/// Brave Local Search API provides enrichments for location search results. Access to this API is available only through the Brave Search API Pro plans; confirm the user's plan before using this tool (if the user does not have a Pro plan, use the brave_web_search tool). Searches for local businesses and places using Brave's Local Search API. Best for queries related to physical locations, businesses, restaurants, services, etc.
#[tool(
    name = "brave_local_search",
    description = "Brave Local Search API provides enrichments for location search results. Access to this API is available only through the Brave Search API Pro plans; confirm the user's plan before using this tool (if the user does not have a Pro plan, use the brave_web_search tool). Searches for local businesses and places using Brave's Local Search API. Best for queries related to physical locations, businesses, restaurants, services, etc.\n    \n    Returns detailed information including:\n        - Business names and addresses\n        - Ratings and review counts\n        - Phone numbers and opening hours\n\n    Use this when the query implies 'near me', 'in my area', or mentions specific locations (e.g., 'in San Francisco'). This tool automatically falls back to brave_web_search if no local results are found.",
    strict = false
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BraveLocalSearch {
    /// Number of results (1-20, default 10). Applies only to web search results (i.e., has no effect on locations, news, videos, etc.)
    #[serde(default = "default_brave_local_search_count")]
    #[schemars(range(min = 1, max = 20))]
    pub count: i64,
    /// Search query country, where the results come from. The country string is limited to 2 character country codes of supported countries.
    #[serde(default = "default_brave_local_search_country")]
    pub country: BraveLocalSearchCountry,
    /// A snippet is an excerpt from a page you get as a result of the query, and extra_snippets allow you to get up to 5 additional, alternative excerpts. Only available under Free AI, Base AI, Pro AI, Base Data, Pro Data and Custom plans.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub extra_snippets: Option<bool>,
    /// Filters search results by when they were discovered. The following values are supported: 'pd' - Discovered within the last 24 hours. 'pw' - Discovered within the last 7 days. 'pm' - Discovered within the last 31 days. 'py' - Discovered within the last 365 days. 'YYYY-MM-DDtoYYYY-MM-DD' - Timeframe is also supported by specifying the date range e.g. 2022-04-01to2022-07-30.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub freshness: Option<serde_json::Value>,
    /// Goggles act as a custom re-ranking on top of Brave's search index. The parameter supports both a url where the Goggle is hosted or the definition of the Goggle. Multiple goggle URLs and/or definitions can be provided in an array. For more details, refer to the Goggles repository (i.e., https://github.com/brave/goggles-quickstart).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub goggles: Option<serde_json::Value>,
    /// Pagination offset (max 9, default 0)
    #[serde(default = "default_brave_local_search_offset")]
    #[schemars(range(min = 0, max = 9))]
    pub offset: i64,
    /// Search query (max 400 chars, 50 words)
    #[schemars(length(max = 400))]
    pub query: String,
    /// Result filter (default ['web', 'query'])
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<BraveLocalSearchResultFilterItem>")]
    #[schemars(extend("default" = ["web", "query"]))]
    pub result_filter: Option<Vec<BraveLocalSearchResultFilterItem>>,
    /// Filters search results for adult content. The following values are supported: 'off' - No filtering. 'moderate' - Filters explicit content (e.g., images and videos), but allows adult domains in search results. 'strict' - Drops all adult content from search results. The default value is 'moderate'.
    #[serde(default = "default_brave_local_search_safesearch")]
    pub safesearch: BraveLocalSearchSafesearch,
    /// Search language preference. The 2 or more character language code for which the search results are provided.
    #[serde(default = "default_brave_local_search_search_lang")]
    pub search_lang: BraveLocalSearchSearchLang,
    /// Whether to spellcheck the provided query.
    #[serde(default = "default_brave_local_search_spellcheck")]
    pub spellcheck: bool,
    /// This parameter enables summary key generation in web search results. This is required for summarizer to be enabled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub summary: Option<bool>,
    /// Whether display strings (e.g. result snippets) should include decoration markers (e.g. highlighting characters).
    #[serde(default = "default_brave_local_search_text_decorations")]
    pub text_decorations: bool,
    /// The language of the UI. The 2 or more character language code for which the search results are provided.
    #[serde(default = "default_brave_local_search_ui_lang")]
    pub ui_lang: BraveLocalSearchUiLang,
    /// The measurement units. If not provided, units are derived from search country.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub units: Option<serde_json::Value>,
}
/// Searches for videos using Brave's Video Search API and returns structured video results with metadata.
#[tool(
    name = "brave_video_search",
    description = "Searches for videos using Brave's Video Search API and returns structured video results with metadata.\n\n    When to use:\n        - When you need to find videos related to a specific topic, keyword, or query.\n        - Useful for discovering video content, getting video metadata, or finding videos from specific creators/publishers.\n\n    Returns a JSON list of video-related results with title, url, description, duration, and thumbnail_url.",
    strict = false
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BraveVideoSearch {
    /// Number of results (1-50, default 20). Combine this parameter with `offset` to paginate search results.
    #[serde(default = "default_brave_video_search_count")]
    #[schemars(range(min = 1, max = 50))]
    pub count: i64,
    /// Search query country, where the results come from. The country string is limited to 2 character country codes of supported countries.
    #[serde(default = "default_brave_video_search_country")]
    pub country: String,
    /// Filters search results by when they were discovered. The following values are supported: 'pd' - Discovered within the last 24 hours. 'pw' - Discovered within the last 7 days. 'pm' - Discovered within the last 31 days. 'py' - Discovered within the last 365 days. 'YYYY-MM-DDtoYYYY-MM-DD' - timeframe is also supported by specifying the date range (e.g. '2022-04-01to2022-07-30').
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub freshness: Option<serde_json::Value>,
    /// Pagination offset (max 9, default 0). Combine this parameter with `count` to paginate search results.
    #[serde(default = "default_brave_video_search_offset")]
    #[schemars(range(min = 0, max = 9))]
    pub offset: i64,
    /// The user's search query. Query cannot be empty. Limited to 400 characters and 50 words.
    #[schemars(length(min = 1, max = 400))]
    pub query: String,
    /// Filters search results for adult content. The following values are supported: 'off' - No filtering. 'moderate' - Filter out explicit content. 'strict' - Filter out explicit and suggestive content. The default value is 'moderate'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    #[schemars(extend("default" = "moderate"))]
    pub safesearch: Option<serde_json::Value>,
    /// Search language preference. The 2 or more character language code for which the search results are provided.
    #[serde(default = "default_brave_video_search_search_lang")]
    pub search_lang: String,
    /// Whether to spellcheck provided query.
    #[serde(default = "default_brave_video_search_spellcheck")]
    pub spellcheck: bool,
    /// User interface language preferred in response. Usually of the format <language_code>-<country_code>. For more, see RFC 9110.
    #[serde(default = "default_brave_video_search_ui_lang")]
    pub ui_lang: String,
}
/// The tool's description is in `#[tool(description)]`, written there as it was given.
#[tool(
    name = "brave_image_search",
    description = "\n    Performs an image search using the Brave Search API. Helpful for when you need pictures of people, places, things, graphic design ideas, art inspiration, and more. When relaying results in a markdown environment, it may be helpful to include images in the results (e.g., ![image.title](image.properties.url)).\n",
    strict = false
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BraveImageSearch {
    /// Number of results (1-200, default 50). Image Search is not paginated — raise `count` if you need more results. There is no `offset` parameter.
    #[serde(default = "default_brave_image_search_count")]
    #[schemars(range(min = 1, max = 200))]
    pub count: i64,
    /// Search query country, where the results come from. The country string is limited to 2 character country codes of supported countries.
    #[serde(default = "default_brave_image_search_country")]
    pub country: String,
    /// The user's search query. Query cannot be empty. Limited to 400 characters and 50 words.
    #[schemars(length(min = 1, max = 400))]
    pub query: String,
    /// Filters search results for adult content. The following values are supported: 'off' - No filtering. 'strict' - Drops all adult content from search results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    #[schemars(extend("default" = "strict"))]
    pub safesearch: Option<serde_json::Value>,
    /// Search language preference. The 2 or more character language code for which the search results are provided.
    #[serde(default = "default_brave_image_search_search_lang")]
    pub search_lang: String,
    /// Whether to spellcheck provided query.
    #[serde(default = "default_brave_image_search_spellcheck")]
    pub spellcheck: bool,
}
/// This tool searches for news articles using Brave's News Search API based on the user's query. Use it when you need current news information, breaking news updates, or articles about specific topics, events, or entities.
#[tool(
    name = "brave_news_search",
    description = "This tool searches for news articles using Brave's News Search API based on the user's query. Use it when you need current news information, breaking news updates, or articles about specific topics, events, or entities.\n    \n    When to use:\n        - Finding recent news articles on specific topics\n        - Getting breaking news updates\n        - Researching current events or trending stories\n        - Gathering news sources and headlines for analysis\n\n    Returns a JSON list of news-related results with title, url, and description. Some results may contain snippets of text from the article.\n    \n    When relaying results in markdown-supporting environments, always cite sources with hyperlinks.\n    \n    Examples:\n        - \"According to [Reuters](https://www.reuters.com/technology/china-bans/), China bans uncertified and recalled power banks on planes\".\n        - \"The [New York Times](https://www.nytimes.com/2025/06/27/us/technology/ev-sales.html) reports that Tesla's EV sales have increased by 20%\".\n        - \"According to [BBC News](https://www.bbc.com/news/world-europe-65910000), the UK government has announced a new policy to support renewable energy\".",
    strict = false
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BraveNewsSearch {
    /// Number of results (1-50, default 20)
    #[serde(default = "default_brave_news_search_count")]
    #[schemars(range(min = 1, max = 50))]
    pub count: i64,
    /// Search query country, where the results come from. The country string is limited to 2 character country codes of supported countries.
    #[serde(default = "default_brave_news_search_country")]
    pub country: String,
    /// A snippet is an excerpt from a page you get as a result of the query, and extra_snippets allow you to get up to 5 additional, alternative excerpts. Only available under Free AI, Base AI, Pro AI, Base Data, Pro Data and Custom plans.
    #[serde(default = "default_brave_news_search_extra_snippets")]
    pub extra_snippets: bool,
    /// Filters search results by when they were discovered. The following values are supported: 'pd' - Discovered within the last 24 hours. 'pw' - Discovered within the last 7 Days. 'pm' - Discovered within the last 31 Days. 'py' - Discovered within the last 365 Days. 'YYYY-MM-DDtoYYYY-MM-DD' - Timeframe is also supported by specifying the date range e.g. 2022-04-01to2022-07-30.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub freshness: Option<serde_json::Value>,
    /// Goggles act as a custom re-ranking on top of Brave's search index. The parameter supports both a url where the Goggle is hosted or the definition of the Goggle. Multiple goggle URLs and/or definitions can be provided in an array. For more details, refer to the Goggles repository (i.e., https://github.com/brave/goggles-quickstart).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub goggles: Option<serde_json::Value>,
    /// Pagination offset (max 9, default 0)
    #[serde(default = "default_brave_news_search_offset")]
    #[schemars(range(min = 0, max = 9))]
    pub offset: i64,
    /// Search query (max 400 chars, 50 words)
    #[schemars(length(max = 400))]
    pub query: String,
    /// Filters search results for adult content. The following values are supported: 'off' - No filtering. 'moderate' - Filter out explicit content. 'strict' - Filter out explicit and suggestive content. The default value is 'moderate'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    #[schemars(extend("default" = "moderate"))]
    pub safesearch: Option<serde_json::Value>,
    /// Search language preference. The 2 or more character language code for which the search results are provided.
    #[serde(default = "default_brave_news_search_search_lang")]
    pub search_lang: String,
    /// Whether to spellcheck provided query.
    #[serde(default = "default_brave_news_search_spellcheck")]
    pub spellcheck: bool,
    /// User interface language preferred in response. Usually of the format <language_code>-<country_code>. For more, see RFC 9110.
    #[serde(default = "default_brave_news_search_ui_lang")]
    pub ui_lang: String,
}
/// Retrieves AI-generated summaries of web search results using Brave's Summarizer API. This tool processes search results to create concise, coherent summaries of information gathered from multiple sources.
#[tool(
    name = "brave_summarizer",
    description = "Retrieves AI-generated summaries of web search results using Brave's Summarizer API. This tool processes search results to create concise, coherent summaries of information gathered from multiple sources.\n\n    When to use:\n\n    - When you need a concise overview of complex topics from multiple sources\n    - For quick fact-checking or getting key points without reading full articles\n    - When providing users with summarized information that synthesizes various perspectives\n    - For research tasks requiring distilled information from web searches\n\n    Returns a text summary that consolidates information from the search results. Optional features include inline references to source URLs and additional entity information.\n\n    Requirements: Must first perform a web search using brave_web_search with summary=true parameter. Requires a Pro AI subscription to access the summarizer functionality."
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BraveSummarizer {
    /// Returns extra entities info with the summary response.
    #[serde(default = "default_brave_summarizer_entity_info")]
    pub entity_info: bool,
    /// Adds inline references to the summary response.
    #[serde(default = "default_brave_summarizer_inline_references")]
    pub inline_references: bool,
    /// The key is equal to value of field key as part of the Summarizer response model.
    pub key: String,
}
/// Retrieves pre-extracted, relevance-ranked web content using Brave's LLM Context API, optimized for AI agents, LLM grounding, and RAG pipelines. Unlike a traditional web search that returns links and short descriptions, this tool returns the actual substance of matching pages — text chunks, tables, code blocks, and structured data — so the model can reason over it directly.
#[tool(
    name = "brave_llm_context",
    description = "Retrieves pre-extracted, relevance-ranked web content using Brave's LLM Context API, optimized for AI agents, LLM grounding, and RAG pipelines. Unlike a traditional web search that returns links and short descriptions, this tool returns the actual substance of matching pages — text chunks, tables, code blocks, and structured data — so the model can reason over it directly.\n\n    When to use:\n        - Grounding answers in fresh, relevant web content (RAG)\n        - Giving an AI agent ready-to-use page content from a single search call\n        - Question answering and fact-checking against current sources\n        - Gathering source material for research without manually fetching pages\n        - When you need the contents of pages, not just titles, descriptions, and URLs\n\n    When relaying results in markdown-supporting environments, cite the source URLs from the \"sources\" map.",
    strict = false
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BraveLlmContext {
    /// The default supported media type is application/json.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BraveLlmContextAccept")]
    pub accept: Option<BraveLlmContextAccept>,
    /// The API version to use. This is denoted by the format YYYY-MM-DD. Default is the latest that is available. Read more about API versioning at https://api-dashboard.search.brave.com/documentation/guides/versioning.
    #[serde(rename = "api-version")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    #[schemars(regex(pattern = "^\\d{4}-\\d{2}-\\d{2}$"))]
    pub api_version: Option<String>,
    /// Brave Search will return cached content by default. To prevent caching set the Cache-Control header to no-cache. This is currently done as best effort.
    #[serde(rename = "cache-control")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    #[schemars(extend("const" = "no-cache"))]
    pub cache_control: Option<String>,
    /// The mode to use to determine the threshold for including content in context. Default is balanced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BraveLlmContextContextThresholdMode")]
    pub context_threshold_mode: Option<BraveLlmContextContextThresholdMode>,
    /// The maximum number of search results considered to select the LLM context data. The default is 20 and the maximum is 50.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    #[schemars(range(min = 1, max = 50))]
    pub count: Option<i64>,
    /// The search query country, where the results come from. The country string is limited to 2 character country codes of supported countries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BraveLlmContextCountry")]
    pub country: Option<BraveLlmContextCountry>,
    /// Whether to enable local recall. Not setting this value means auto-detect and uses local recall if any of the localization headers are provided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub enable_local: Option<bool>,
    /// Enable source metadata enrichment (site_name, favicon) in the sources attribute of the response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub enable_source_metadata: Option<bool>,
    /// Filters search results by when they were discovered. The following values are supported: 'pd' - Discovered within the last 24 hours. 'pw' - Discovered within the last 7 days. 'pm' - Discovered within the last 31 days. 'py' - Discovered within the last 365 days. 'YYYY-MM-DDtoYYYY-MM-DD' - Timeframe is also supported by specifying the date range e.g. 2022-04-01to2022-07-30.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub freshness: Option<serde_json::Value>,
    /// Goggles act as a custom re-ranking on top of Brave's search index. The parameter supports both a url where the Goggle is hosted or the definition of the Goggle. Multiple goggle URLs and/or definitions can be provided in an array. For more details, refer to the Goggles repository (i.e., https://github.com/brave/goggles-quickstart).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "serde_json::Value")]
    pub goggles: Option<serde_json::Value>,
    /// Maximum number of different snippets (or chunks of text) to include in LLM context. The default is 50 and maximum is 256.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    #[schemars(range(min = 1, max = 256))]
    pub maximum_number_of_snippets: Option<i64>,
    /// Maximum number of snippets to include per URL. The default is 50 and maximum is 100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    #[schemars(range(min = 1, max = 100))]
    pub maximum_number_of_snippets_per_url: Option<i64>,
    /// Approximate maximum number of tokens to include in context. The default is 8192 and maximum is 32768.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    #[schemars(range(min = 1024, max = 32768))]
    pub maximum_number_of_tokens: Option<i64>,
    /// Maximum number of tokens to include per URL. The default is 4096 and maximum is 8192.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    #[schemars(range(min = 512, max = 8192))]
    pub maximum_number_of_tokens_per_url: Option<i64>,
    /// Maximum number of different URLs to include in LLM context.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    #[schemars(range(min = 1, max = 50))]
    pub maximum_number_of_urls: Option<i64>,
    /// The user's search query term. Query can not be empty. Maximum of 400 characters and 50 words in the query.
    #[schemars(length(min = 1, max = 400))]
    pub query: String,
    /// The search language preference. The 2 or more character language code for which the search results are provided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BraveLlmContextSearchLang")]
    pub search_lang: Option<BraveLlmContextSearchLang>,
    /// Whether to enable spellcheck on the query.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub spellcheck: Option<bool>,
    /// The user agent originating the request. Brave search can utilize the user agent to provide a different experience depending on the device as described by the string. The user agent should follow the commonly used browser agent strings on each platform. For more information on curating user agents, see RFC 9110.
    #[serde(rename = "user-agent")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub user_agent: Option<String>,
    /// The generic name of the client city
    #[serde(rename = "x-loc-city")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub x_loc_city: Option<String>,
    /// The two letter country code for the client’s country. For a list of country codes, see ISO 3166-1 alpha-2
    #[serde(rename = "x-loc-country")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    #[schemars(length(min = 2, max = 2))]
    pub x_loc_country: Option<String>,
    /// The latitude of the client's geographical location in degrees, to provide relevant local results. The latitude must be greater than or equal to -90.0 degrees and less than or equal to +90.0 degrees.
    #[serde(rename = "x-loc-lat")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = -90, max = 90))]
    pub x_loc_lat: Option<f64>,
    /// The longitude of the client's geographical location in degrees, to provide relevant local results. The longitude must be greater than or equal to -180.0 and less than or equal to +180.0 degrees.
    #[serde(rename = "x-loc-long")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = -180, max = 180))]
    pub x_loc_long: Option<f64>,
    /// The client’s postal code
    #[serde(rename = "x-loc-postal-code")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub x_loc_postal_code: Option<String>,
    /// A code which could be up to three characters, that represent the client's state/region. The region is the first-level subdivision (the broadest or least specific) of the ISO 3166-2 code.
    #[serde(rename = "x-loc-state")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    #[schemars(length(max = 3))]
    pub x_loc_state: Option<String>,
    /// The name of the client’s state/region. The region is the first-level subdivision (the broadest or least specific) of the ISO 3166-2 code.
    #[serde(rename = "x-loc-state-name")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub x_loc_state_name: Option<String>,
}
/// Searches Brave's Place Search API. A single call may populate any combination of 'results' (POIs), 'cities', 'addresses', 'streets', and 'location' (the resolved search area), depending on the query's shape.
#[tool(
    name = "brave_place_search",
    description = "Searches Brave's Place Search API. A single call may populate any combination of 'results' (POIs), 'cities', 'addresses', 'streets', and 'location' (the resolved search area), depending on the query's shape.\n\n    When to use:\n        - POIs near coordinates or a named area (e.g. \"coffee shops in Paris\") -> 'results', each with structured business data (postal address, hours, contact, ratings, photos, categories, timezone).\n        - Browsing general POIs (omit 'query'; supply 'latitude'+'longitude' or 'location').\n        - Disambiguating a bare city name (e.g. \"springfield\") -> 'cities'.\n        - Resolving a specific address (e.g. \"350 5th avenue\" with NYC coords) -> 'addresses' (often plus 'streets').\n        - Looking up a street by name (e.g. \"michigan avenue\" with Chicago coords) -> 'streets'.\n\n    Inputs:\n        - Anchor the search via 'latitude'+'longitude' or 'location' (or both). With neither, 'query' is required.\n        - 'addresses' / 'streets' only surface when the query is address-/street-shaped AND geographically anchored.\n        - 'location' format: US -- '<city> <state> <country>' (e.g. 'san francisco ca united states'); non-US -- '<city> <country>' (e.g. 'tokyo japan'). Capitalization and commas don't matter.\n        - 'count' caps results (max 50, default 20). 'radius' (meters) biases toward closer results; it does NOT hard-limit the search area."
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BravePlaceSearch {
    /// The default supported media type is application/json.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BravePlaceSearchAccept")]
    pub accept: Option<BravePlaceSearchAccept>,
    /// The API version to use. This is denoted by the format YYYY-MM-DD. Default is the latest that is available. Read more about API versioning at https://api-dashboard.search.brave.com/documentation/guides/versioning.
    #[serde(rename = "api-version")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    #[schemars(regex(pattern = "^\\d{4}-\\d{2}-\\d{2}$"))]
    pub api_version: Option<String>,
    /// Brave Search will return cached content by default. To prevent caching set the Cache-Control header to no-cache. This is currently done as best effort.
    #[serde(rename = "cache-control")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    #[schemars(extend("const" = "no-cache"))]
    pub cache_control: Option<String>,
    /// Number of results to return. Maximum is 50. Default is 20.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    #[schemars(range(min = 1, max = 50))]
    pub count: Option<i64>,
    /// Two-letter country code (ISO 3166-1 alpha-2) used to scope the search. Defaults to 'US'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BravePlaceSearchCountry")]
    pub country: Option<BravePlaceSearchCountry>,
    /// Optional geolocation token used to refine results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub geoloc: Option<String>,
    /// Latitude of the geographical coordinates around which to search, in degrees (-90 to 90). Typically paired with `longitude`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = -90, max = 90))]
    pub latitude: Option<f64>,
    /// Location string to search around, used as an alternative to `latitude` and `longitude`. For US locations prefer the form '<city> <state> <country name>' (e.g. 'san francisco ca united states'); for non-US locations use '<city> <country name>' (e.g. 'tokyo japan'). No commas or special characters needed; capitalization does not matter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    #[schemars(length(min = 1))]
    pub location: Option<String>,
    /// Longitude of the geographical coordinates around which to search, in degrees (-180 to 180). Typically paired with `latitude`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = -180, max = 180))]
    pub longitude: Option<f64>,
    /// Query string. Shape influences the response: POI-like queries -> `results`; bare/ambiguous city names -> `cities`; address- or street-shaped queries with a geographic anchor -> `addresses` and/or `streets`. If omitted, returns general POIs in the supplied area.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    #[schemars(length(max = 400))]
    pub query: Option<String>,
    /// Bias toward results closer to the supplied coordinates, in meters. NOT a hard cutoff -- the API may still return more distant results. If omitted, the search is performed globally.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = 0))]
    pub radius: Option<f64>,
    /// Safe search level for the query results. 'off' - No filtering. 'moderate' - Filter out explicit content. 'strict' - Filter out explicit and suggestive content. Defaults to 'strict'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BravePlaceSearchSafesearch")]
    pub safesearch: Option<BravePlaceSearchSafesearch>,
    /// Language for the search results. Defaults to 'en'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BravePlaceSearchSearchLang")]
    pub search_lang: Option<BravePlaceSearchSearchLang>,
    /// Whether to apply spellcheck before executing the search. Defaults to true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub spellcheck: Option<bool>,
    /// User interface language for the response, usually of the form '<language>-<region>'. Defaults to 'en-US'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BravePlaceSearchUiLang")]
    pub ui_lang: Option<BravePlaceSearchUiLang>,
    /// Units of measurement for distance values. Defaults to 'metric'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "BravePlaceSearchUnits")]
    pub units: Option<BravePlaceSearchUnits>,
    /// The user agent originating the request. Brave Search can utilize the user agent to provide a different experience depending on the device as described by the string. The user agent should follow the commonly used browser agent strings on each platform. For more information on curating user agents, see RFC 9110.
    #[serde(rename = "user-agent")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub user_agent: Option<String>,
}
fn default_brave_web_search_count() -> i64 {
    10
}
/// Search query country, where the results come from. The country string is limited to 2 character country codes of supported countries.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveWebSearchCountry {
    #[serde(rename = "ALL")]
    All,
    #[serde(rename = "AR")]
    Ar,
    #[serde(rename = "AU")]
    Au,
    #[serde(rename = "AT")]
    At,
    #[serde(rename = "BE")]
    Be,
    #[serde(rename = "BR")]
    Br,
    #[serde(rename = "CA")]
    Ca,
    #[serde(rename = "CL")]
    Cl,
    #[serde(rename = "DK")]
    Dk,
    #[serde(rename = "FI")]
    Fi,
    #[serde(rename = "FR")]
    Fr,
    #[serde(rename = "DE")]
    De,
    #[serde(rename = "HK")]
    Hk,
    #[serde(rename = "IN")]
    In,
    #[serde(rename = "ID")]
    Id,
    #[serde(rename = "IT")]
    It,
    #[serde(rename = "JP")]
    Jp,
    #[serde(rename = "KR")]
    Kr,
    #[serde(rename = "MY")]
    My,
    #[serde(rename = "MX")]
    Mx,
    #[serde(rename = "NL")]
    Nl,
    #[serde(rename = "NZ")]
    Nz,
    #[serde(rename = "NO")]
    No,
    #[serde(rename = "CN")]
    Cn,
    #[serde(rename = "PL")]
    Pl,
    #[serde(rename = "PT")]
    Pt,
    #[serde(rename = "PH")]
    Ph,
    #[serde(rename = "RU")]
    Ru,
    #[serde(rename = "SA")]
    Sa,
    #[serde(rename = "ZA")]
    Za,
    #[serde(rename = "ES")]
    Es,
    #[serde(rename = "SE")]
    Se,
    #[serde(rename = "CH")]
    Ch,
    #[serde(rename = "TW")]
    Tw,
    #[serde(rename = "TR")]
    Tr,
    #[serde(rename = "GB")]
    Gb,
    #[serde(rename = "US")]
    Us,
}
fn default_brave_web_search_country() -> BraveWebSearchCountry {
    BraveWebSearchCountry::Us
}
fn default_brave_web_search_offset() -> i64 {
    0
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveWebSearchResultFilterItem {
    #[serde(rename = "discussions")]
    Discussions,
    #[serde(rename = "faq")]
    Faq,
    #[serde(rename = "infobox")]
    Infobox,
    #[serde(rename = "news")]
    News,
    #[serde(rename = "query")]
    Query,
    #[serde(rename = "summarizer")]
    Summarizer,
    #[serde(rename = "videos")]
    Videos,
    #[serde(rename = "web")]
    Web,
    #[serde(rename = "locations")]
    Locations,
    #[serde(rename = "rich")]
    Rich,
}
/// Filters search results for adult content. The following values are supported: 'off' - No filtering. 'moderate' - Filters explicit content (e.g., images and videos), but allows adult domains in search results. 'strict' - Drops all adult content from search results. The default value is 'moderate'.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveWebSearchSafesearch {
    #[serde(rename = "off")]
    Off,
    #[serde(rename = "moderate")]
    Moderate,
    #[serde(rename = "strict")]
    Strict,
}
fn default_brave_web_search_safesearch() -> BraveWebSearchSafesearch {
    BraveWebSearchSafesearch::Moderate
}
/// Search language preference. The 2 or more character language code for which the search results are provided.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveWebSearchSearchLang {
    #[serde(rename = "ar")]
    Ar,
    #[serde(rename = "eu")]
    Eu,
    #[serde(rename = "bn")]
    Bn,
    #[serde(rename = "bg")]
    Bg,
    #[serde(rename = "ca")]
    Ca,
    #[serde(rename = "zh-hans")]
    ZhHans,
    #[serde(rename = "zh-hant")]
    ZhHant,
    #[serde(rename = "hr")]
    Hr,
    #[serde(rename = "cs")]
    Cs,
    #[serde(rename = "da")]
    Da,
    #[serde(rename = "nl")]
    Nl,
    #[serde(rename = "en")]
    En,
    #[serde(rename = "en-gb")]
    EnGb,
    #[serde(rename = "et")]
    Et,
    #[serde(rename = "fi")]
    Fi,
    #[serde(rename = "fr")]
    Fr,
    #[serde(rename = "gl")]
    Gl,
    #[serde(rename = "de")]
    De,
    #[serde(rename = "gu")]
    Gu,
    #[serde(rename = "he")]
    He,
    #[serde(rename = "hi")]
    Hi,
    #[serde(rename = "hu")]
    Hu,
    #[serde(rename = "is")]
    Is,
    #[serde(rename = "it")]
    It,
    #[serde(rename = "jp")]
    Jp,
    #[serde(rename = "kn")]
    Kn,
    #[serde(rename = "ko")]
    Ko,
    #[serde(rename = "lv")]
    Lv,
    #[serde(rename = "lt")]
    Lt,
    #[serde(rename = "ms")]
    Ms,
    #[serde(rename = "ml")]
    Ml,
    #[serde(rename = "mr")]
    Mr,
    #[serde(rename = "nb")]
    Nb,
    #[serde(rename = "pl")]
    Pl,
    #[serde(rename = "pt-br")]
    PtBr,
    #[serde(rename = "pt-pt")]
    PtPt,
    #[serde(rename = "pa")]
    Pa,
    #[serde(rename = "ro")]
    Ro,
    #[serde(rename = "ru")]
    Ru,
    #[serde(rename = "sr")]
    Sr,
    #[serde(rename = "sk")]
    Sk,
    #[serde(rename = "sl")]
    Sl,
    #[serde(rename = "es")]
    Es,
    #[serde(rename = "sv")]
    Sv,
    #[serde(rename = "ta")]
    Ta,
    #[serde(rename = "te")]
    Te,
    #[serde(rename = "th")]
    Th,
    #[serde(rename = "tr")]
    Tr,
    #[serde(rename = "uk")]
    Uk,
    #[serde(rename = "vi")]
    Vi,
}
fn default_brave_web_search_search_lang() -> BraveWebSearchSearchLang {
    BraveWebSearchSearchLang::En
}
fn default_brave_web_search_spellcheck() -> bool {
    true
}
fn default_brave_web_search_text_decorations() -> bool {
    true
}
/// The language of the UI. The 2 or more character language code for which the search results are provided.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveWebSearchUiLang {
    #[serde(rename = "es-AR")]
    EsAr,
    #[serde(rename = "en-AU")]
    EnAu,
    #[serde(rename = "de-AT")]
    DeAt,
    #[serde(rename = "nl-BE")]
    NlBe,
    #[serde(rename = "fr-BE")]
    FrBe,
    #[serde(rename = "pt-BR")]
    PtBr,
    #[serde(rename = "en-CA")]
    EnCa,
    #[serde(rename = "fr-CA")]
    FrCa,
    #[serde(rename = "es-CL")]
    EsCl,
    #[serde(rename = "da-DK")]
    DaDk,
    #[serde(rename = "fi-FI")]
    FiFi,
    #[serde(rename = "fr-FR")]
    FrFr,
    #[serde(rename = "de-DE")]
    DeDe,
    #[serde(rename = "zh-HK")]
    ZhHk,
    #[serde(rename = "en-IN")]
    EnIn,
    #[serde(rename = "en-ID")]
    EnId,
    #[serde(rename = "it-IT")]
    ItIt,
    #[serde(rename = "ja-JP")]
    JaJp,
    #[serde(rename = "ko-KR")]
    KoKr,
    #[serde(rename = "en-MY")]
    EnMy,
    #[serde(rename = "es-MX")]
    EsMx,
    #[serde(rename = "nl-NL")]
    NlNl,
    #[serde(rename = "en-NZ")]
    EnNz,
    #[serde(rename = "no-NO")]
    NoNo,
    #[serde(rename = "zh-CN")]
    ZhCn,
    #[serde(rename = "pl-PL")]
    PlPl,
    #[serde(rename = "en-PH")]
    EnPh,
    #[serde(rename = "ru-RU")]
    RuRu,
    #[serde(rename = "en-ZA")]
    EnZa,
    #[serde(rename = "es-ES")]
    EsEs,
    #[serde(rename = "sv-SE")]
    SvSe,
    #[serde(rename = "fr-CH")]
    FrCh,
    #[serde(rename = "de-CH")]
    DeCh,
    #[serde(rename = "zh-TW")]
    ZhTw,
    #[serde(rename = "tr-TR")]
    TrTr,
    #[serde(rename = "en-GB")]
    EnGb,
    #[serde(rename = "en-US")]
    EnUs,
    #[serde(rename = "es-US")]
    EsUs,
}
fn default_brave_web_search_ui_lang() -> BraveWebSearchUiLang {
    BraveWebSearchUiLang::EnUs
}
fn default_brave_local_search_count() -> i64 {
    10
}
/// Search query country, where the results come from. The country string is limited to 2 character country codes of supported countries.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveLocalSearchCountry {
    #[serde(rename = "ALL")]
    All,
    #[serde(rename = "AR")]
    Ar,
    #[serde(rename = "AU")]
    Au,
    #[serde(rename = "AT")]
    At,
    #[serde(rename = "BE")]
    Be,
    #[serde(rename = "BR")]
    Br,
    #[serde(rename = "CA")]
    Ca,
    #[serde(rename = "CL")]
    Cl,
    #[serde(rename = "DK")]
    Dk,
    #[serde(rename = "FI")]
    Fi,
    #[serde(rename = "FR")]
    Fr,
    #[serde(rename = "DE")]
    De,
    #[serde(rename = "HK")]
    Hk,
    #[serde(rename = "IN")]
    In,
    #[serde(rename = "ID")]
    Id,
    #[serde(rename = "IT")]
    It,
    #[serde(rename = "JP")]
    Jp,
    #[serde(rename = "KR")]
    Kr,
    #[serde(rename = "MY")]
    My,
    #[serde(rename = "MX")]
    Mx,
    #[serde(rename = "NL")]
    Nl,
    #[serde(rename = "NZ")]
    Nz,
    #[serde(rename = "NO")]
    No,
    #[serde(rename = "CN")]
    Cn,
    #[serde(rename = "PL")]
    Pl,
    #[serde(rename = "PT")]
    Pt,
    #[serde(rename = "PH")]
    Ph,
    #[serde(rename = "RU")]
    Ru,
    #[serde(rename = "SA")]
    Sa,
    #[serde(rename = "ZA")]
    Za,
    #[serde(rename = "ES")]
    Es,
    #[serde(rename = "SE")]
    Se,
    #[serde(rename = "CH")]
    Ch,
    #[serde(rename = "TW")]
    Tw,
    #[serde(rename = "TR")]
    Tr,
    #[serde(rename = "GB")]
    Gb,
    #[serde(rename = "US")]
    Us,
}
fn default_brave_local_search_country() -> BraveLocalSearchCountry {
    BraveLocalSearchCountry::Us
}
fn default_brave_local_search_offset() -> i64 {
    0
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveLocalSearchResultFilterItem {
    #[serde(rename = "discussions")]
    Discussions,
    #[serde(rename = "faq")]
    Faq,
    #[serde(rename = "infobox")]
    Infobox,
    #[serde(rename = "news")]
    News,
    #[serde(rename = "query")]
    Query,
    #[serde(rename = "summarizer")]
    Summarizer,
    #[serde(rename = "videos")]
    Videos,
    #[serde(rename = "web")]
    Web,
    #[serde(rename = "locations")]
    Locations,
    #[serde(rename = "rich")]
    Rich,
}
/// Filters search results for adult content. The following values are supported: 'off' - No filtering. 'moderate' - Filters explicit content (e.g., images and videos), but allows adult domains in search results. 'strict' - Drops all adult content from search results. The default value is 'moderate'.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveLocalSearchSafesearch {
    #[serde(rename = "off")]
    Off,
    #[serde(rename = "moderate")]
    Moderate,
    #[serde(rename = "strict")]
    Strict,
}
fn default_brave_local_search_safesearch() -> BraveLocalSearchSafesearch {
    BraveLocalSearchSafesearch::Moderate
}
/// Search language preference. The 2 or more character language code for which the search results are provided.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveLocalSearchSearchLang {
    #[serde(rename = "ar")]
    Ar,
    #[serde(rename = "eu")]
    Eu,
    #[serde(rename = "bn")]
    Bn,
    #[serde(rename = "bg")]
    Bg,
    #[serde(rename = "ca")]
    Ca,
    #[serde(rename = "zh-hans")]
    ZhHans,
    #[serde(rename = "zh-hant")]
    ZhHant,
    #[serde(rename = "hr")]
    Hr,
    #[serde(rename = "cs")]
    Cs,
    #[serde(rename = "da")]
    Da,
    #[serde(rename = "nl")]
    Nl,
    #[serde(rename = "en")]
    En,
    #[serde(rename = "en-gb")]
    EnGb,
    #[serde(rename = "et")]
    Et,
    #[serde(rename = "fi")]
    Fi,
    #[serde(rename = "fr")]
    Fr,
    #[serde(rename = "gl")]
    Gl,
    #[serde(rename = "de")]
    De,
    #[serde(rename = "gu")]
    Gu,
    #[serde(rename = "he")]
    He,
    #[serde(rename = "hi")]
    Hi,
    #[serde(rename = "hu")]
    Hu,
    #[serde(rename = "is")]
    Is,
    #[serde(rename = "it")]
    It,
    #[serde(rename = "jp")]
    Jp,
    #[serde(rename = "kn")]
    Kn,
    #[serde(rename = "ko")]
    Ko,
    #[serde(rename = "lv")]
    Lv,
    #[serde(rename = "lt")]
    Lt,
    #[serde(rename = "ms")]
    Ms,
    #[serde(rename = "ml")]
    Ml,
    #[serde(rename = "mr")]
    Mr,
    #[serde(rename = "nb")]
    Nb,
    #[serde(rename = "pl")]
    Pl,
    #[serde(rename = "pt-br")]
    PtBr,
    #[serde(rename = "pt-pt")]
    PtPt,
    #[serde(rename = "pa")]
    Pa,
    #[serde(rename = "ro")]
    Ro,
    #[serde(rename = "ru")]
    Ru,
    #[serde(rename = "sr")]
    Sr,
    #[serde(rename = "sk")]
    Sk,
    #[serde(rename = "sl")]
    Sl,
    #[serde(rename = "es")]
    Es,
    #[serde(rename = "sv")]
    Sv,
    #[serde(rename = "ta")]
    Ta,
    #[serde(rename = "te")]
    Te,
    #[serde(rename = "th")]
    Th,
    #[serde(rename = "tr")]
    Tr,
    #[serde(rename = "uk")]
    Uk,
    #[serde(rename = "vi")]
    Vi,
}
fn default_brave_local_search_search_lang() -> BraveLocalSearchSearchLang {
    BraveLocalSearchSearchLang::En
}
fn default_brave_local_search_spellcheck() -> bool {
    true
}
fn default_brave_local_search_text_decorations() -> bool {
    true
}
/// The language of the UI. The 2 or more character language code for which the search results are provided.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveLocalSearchUiLang {
    #[serde(rename = "es-AR")]
    EsAr,
    #[serde(rename = "en-AU")]
    EnAu,
    #[serde(rename = "de-AT")]
    DeAt,
    #[serde(rename = "nl-BE")]
    NlBe,
    #[serde(rename = "fr-BE")]
    FrBe,
    #[serde(rename = "pt-BR")]
    PtBr,
    #[serde(rename = "en-CA")]
    EnCa,
    #[serde(rename = "fr-CA")]
    FrCa,
    #[serde(rename = "es-CL")]
    EsCl,
    #[serde(rename = "da-DK")]
    DaDk,
    #[serde(rename = "fi-FI")]
    FiFi,
    #[serde(rename = "fr-FR")]
    FrFr,
    #[serde(rename = "de-DE")]
    DeDe,
    #[serde(rename = "zh-HK")]
    ZhHk,
    #[serde(rename = "en-IN")]
    EnIn,
    #[serde(rename = "en-ID")]
    EnId,
    #[serde(rename = "it-IT")]
    ItIt,
    #[serde(rename = "ja-JP")]
    JaJp,
    #[serde(rename = "ko-KR")]
    KoKr,
    #[serde(rename = "en-MY")]
    EnMy,
    #[serde(rename = "es-MX")]
    EsMx,
    #[serde(rename = "nl-NL")]
    NlNl,
    #[serde(rename = "en-NZ")]
    EnNz,
    #[serde(rename = "no-NO")]
    NoNo,
    #[serde(rename = "zh-CN")]
    ZhCn,
    #[serde(rename = "pl-PL")]
    PlPl,
    #[serde(rename = "en-PH")]
    EnPh,
    #[serde(rename = "ru-RU")]
    RuRu,
    #[serde(rename = "en-ZA")]
    EnZa,
    #[serde(rename = "es-ES")]
    EsEs,
    #[serde(rename = "sv-SE")]
    SvSe,
    #[serde(rename = "fr-CH")]
    FrCh,
    #[serde(rename = "de-CH")]
    DeCh,
    #[serde(rename = "zh-TW")]
    ZhTw,
    #[serde(rename = "tr-TR")]
    TrTr,
    #[serde(rename = "en-GB")]
    EnGb,
    #[serde(rename = "en-US")]
    EnUs,
    #[serde(rename = "es-US")]
    EsUs,
}
fn default_brave_local_search_ui_lang() -> BraveLocalSearchUiLang {
    BraveLocalSearchUiLang::EnUs
}
fn default_brave_video_search_count() -> i64 {
    20
}
fn default_brave_video_search_country() -> String {
    "US".to_owned()
}
fn default_brave_video_search_offset() -> i64 {
    0
}
fn default_brave_video_search_search_lang() -> String {
    "en".to_owned()
}
fn default_brave_video_search_spellcheck() -> bool {
    true
}
fn default_brave_video_search_ui_lang() -> String {
    "en-US".to_owned()
}
fn default_brave_image_search_count() -> i64 {
    50
}
fn default_brave_image_search_country() -> String {
    "US".to_owned()
}
fn default_brave_image_search_search_lang() -> String {
    "en".to_owned()
}
fn default_brave_image_search_spellcheck() -> bool {
    true
}
fn default_brave_news_search_count() -> i64 {
    20
}
fn default_brave_news_search_country() -> String {
    "US".to_owned()
}
fn default_brave_news_search_extra_snippets() -> bool {
    false
}
fn default_brave_news_search_offset() -> i64 {
    0
}
fn default_brave_news_search_search_lang() -> String {
    "en".to_owned()
}
fn default_brave_news_search_spellcheck() -> bool {
    true
}
fn default_brave_news_search_ui_lang() -> String {
    "en-US".to_owned()
}
fn default_brave_summarizer_entity_info() -> bool {
    false
}
fn default_brave_summarizer_inline_references() -> bool {
    false
}
/// The default supported media type is application/json.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveLlmContextAccept {
    #[serde(rename = "application/json")]
    ApplicationJson,
    #[serde(rename = "*/*")]
    T,
}
/// The mode to use to determine the threshold for including content in context. Default is balanced.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveLlmContextContextThresholdMode {
    #[serde(rename = "disabled")]
    Disabled,
    #[serde(rename = "strict")]
    Strict,
    #[serde(rename = "lenient")]
    Lenient,
    #[serde(rename = "balanced")]
    Balanced,
}
/// The search query country, where the results come from. The country string is limited to 2 character country codes of supported countries.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveLlmContextCountry {
    #[serde(rename = "AR")]
    Ar,
    #[serde(rename = "AU")]
    Au,
    #[serde(rename = "AT")]
    At,
    #[serde(rename = "BE")]
    Be,
    #[serde(rename = "BR")]
    Br,
    #[serde(rename = "CA")]
    Ca,
    #[serde(rename = "CL")]
    Cl,
    #[serde(rename = "DK")]
    Dk,
    #[serde(rename = "FI")]
    Fi,
    #[serde(rename = "FR")]
    Fr,
    #[serde(rename = "DE")]
    De,
    #[serde(rename = "GR")]
    Gr,
    #[serde(rename = "HK")]
    Hk,
    #[serde(rename = "IN")]
    In,
    #[serde(rename = "ID")]
    Id,
    #[serde(rename = "IT")]
    It,
    #[serde(rename = "JP")]
    Jp,
    #[serde(rename = "KR")]
    Kr,
    #[serde(rename = "MY")]
    My,
    #[serde(rename = "MX")]
    Mx,
    #[serde(rename = "NL")]
    Nl,
    #[serde(rename = "NZ")]
    Nz,
    #[serde(rename = "NO")]
    No,
    #[serde(rename = "CN")]
    Cn,
    #[serde(rename = "PL")]
    Pl,
    #[serde(rename = "PT")]
    Pt,
    #[serde(rename = "PH")]
    Ph,
    #[serde(rename = "RU")]
    Ru,
    #[serde(rename = "SA")]
    Sa,
    #[serde(rename = "ZA")]
    Za,
    #[serde(rename = "ES")]
    Es,
    #[serde(rename = "SE")]
    Se,
    #[serde(rename = "CH")]
    Ch,
    #[serde(rename = "TW")]
    Tw,
    #[serde(rename = "TR")]
    Tr,
    #[serde(rename = "GB")]
    Gb,
    #[serde(rename = "US")]
    Us,
    #[serde(rename = "ALL")]
    All,
}
/// The search language preference. The 2 or more character language code for which the search results are provided.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BraveLlmContextSearchLang {
    #[serde(rename = "ar")]
    Ar,
    #[serde(rename = "eu")]
    Eu,
    #[serde(rename = "bn")]
    Bn,
    #[serde(rename = "bg")]
    Bg,
    #[serde(rename = "ca")]
    Ca,
    #[serde(rename = "zh-hans")]
    ZhHans,
    #[serde(rename = "zh-hant")]
    ZhHant,
    #[serde(rename = "hr")]
    Hr,
    #[serde(rename = "cs")]
    Cs,
    #[serde(rename = "da")]
    Da,
    #[serde(rename = "nl")]
    Nl,
    #[serde(rename = "en")]
    En,
    #[serde(rename = "en-gb")]
    EnGb,
    #[serde(rename = "et")]
    Et,
    #[serde(rename = "fi")]
    Fi,
    #[serde(rename = "fr")]
    Fr,
    #[serde(rename = "gl")]
    Gl,
    #[serde(rename = "de")]
    De,
    #[serde(rename = "el")]
    El,
    #[serde(rename = "gu")]
    Gu,
    #[serde(rename = "he")]
    He,
    #[serde(rename = "hi")]
    Hi,
    #[serde(rename = "hu")]
    Hu,
    #[serde(rename = "is")]
    Is,
    #[serde(rename = "it")]
    It,
    #[serde(rename = "jp")]
    Jp,
    #[serde(rename = "kn")]
    Kn,
    #[serde(rename = "ko")]
    Ko,
    #[serde(rename = "lv")]
    Lv,
    #[serde(rename = "lt")]
    Lt,
    #[serde(rename = "ms")]
    Ms,
    #[serde(rename = "ml")]
    Ml,
    #[serde(rename = "mr")]
    Mr,
    #[serde(rename = "nb")]
    Nb,
    #[serde(rename = "pl")]
    Pl,
    #[serde(rename = "pt-br")]
    PtBr,
    #[serde(rename = "pt-pt")]
    PtPt,
    #[serde(rename = "pa")]
    Pa,
    #[serde(rename = "ro")]
    Ro,
    #[serde(rename = "ru")]
    Ru,
    #[serde(rename = "sr")]
    Sr,
    #[serde(rename = "sk")]
    Sk,
    #[serde(rename = "sl")]
    Sl,
    #[serde(rename = "es")]
    Es,
    #[serde(rename = "sv")]
    Sv,
    #[serde(rename = "ta")]
    Ta,
    #[serde(rename = "te")]
    Te,
    #[serde(rename = "th")]
    Th,
    #[serde(rename = "tr")]
    Tr,
    #[serde(rename = "uk")]
    Uk,
    #[serde(rename = "vi")]
    Vi,
}
/// The default supported media type is application/json.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BravePlaceSearchAccept {
    #[serde(rename = "application/json")]
    ApplicationJson,
    #[serde(rename = "*/*")]
    T,
}
/// Two-letter country code (ISO 3166-1 alpha-2) used to scope the search. Defaults to 'US'.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BravePlaceSearchCountry {
    #[serde(rename = "AR")]
    Ar,
    #[serde(rename = "AU")]
    Au,
    #[serde(rename = "AT")]
    At,
    #[serde(rename = "BE")]
    Be,
    #[serde(rename = "BR")]
    Br,
    #[serde(rename = "CA")]
    Ca,
    #[serde(rename = "CL")]
    Cl,
    #[serde(rename = "DK")]
    Dk,
    #[serde(rename = "FI")]
    Fi,
    #[serde(rename = "FR")]
    Fr,
    #[serde(rename = "DE")]
    De,
    #[serde(rename = "GR")]
    Gr,
    #[serde(rename = "HK")]
    Hk,
    #[serde(rename = "IN")]
    In,
    #[serde(rename = "ID")]
    Id,
    #[serde(rename = "IT")]
    It,
    #[serde(rename = "JP")]
    Jp,
    #[serde(rename = "KR")]
    Kr,
    #[serde(rename = "MY")]
    My,
    #[serde(rename = "MX")]
    Mx,
    #[serde(rename = "NL")]
    Nl,
    #[serde(rename = "NZ")]
    Nz,
    #[serde(rename = "NO")]
    No,
    #[serde(rename = "CN")]
    Cn,
    #[serde(rename = "PL")]
    Pl,
    #[serde(rename = "PT")]
    Pt,
    #[serde(rename = "PH")]
    Ph,
    #[serde(rename = "RU")]
    Ru,
    #[serde(rename = "SA")]
    Sa,
    #[serde(rename = "ZA")]
    Za,
    #[serde(rename = "ES")]
    Es,
    #[serde(rename = "SE")]
    Se,
    #[serde(rename = "CH")]
    Ch,
    #[serde(rename = "TW")]
    Tw,
    #[serde(rename = "TR")]
    Tr,
    #[serde(rename = "GB")]
    Gb,
    #[serde(rename = "US")]
    Us,
}
/// Safe search level for the query results. 'off' - No filtering. 'moderate' - Filter out explicit content. 'strict' - Filter out explicit and suggestive content. Defaults to 'strict'.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BravePlaceSearchSafesearch {
    #[serde(rename = "off")]
    Off,
    #[serde(rename = "moderate")]
    Moderate,
    #[serde(rename = "strict")]
    Strict,
}
/// Language for the search results. Defaults to 'en'.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BravePlaceSearchSearchLang {
    #[serde(rename = "ar")]
    Ar,
    #[serde(rename = "eu")]
    Eu,
    #[serde(rename = "bn")]
    Bn,
    #[serde(rename = "bg")]
    Bg,
    #[serde(rename = "ca")]
    Ca,
    #[serde(rename = "zh-hans")]
    ZhHans,
    #[serde(rename = "zh-hant")]
    ZhHant,
    #[serde(rename = "hr")]
    Hr,
    #[serde(rename = "cs")]
    Cs,
    #[serde(rename = "da")]
    Da,
    #[serde(rename = "nl")]
    Nl,
    #[serde(rename = "en")]
    En,
    #[serde(rename = "en-gb")]
    EnGb,
    #[serde(rename = "et")]
    Et,
    #[serde(rename = "fi")]
    Fi,
    #[serde(rename = "fr")]
    Fr,
    #[serde(rename = "gl")]
    Gl,
    #[serde(rename = "de")]
    De,
    #[serde(rename = "el")]
    El,
    #[serde(rename = "gu")]
    Gu,
    #[serde(rename = "he")]
    He,
    #[serde(rename = "hi")]
    Hi,
    #[serde(rename = "hu")]
    Hu,
    #[serde(rename = "is")]
    Is,
    #[serde(rename = "it")]
    It,
    #[serde(rename = "jp")]
    Jp,
    #[serde(rename = "kn")]
    Kn,
    #[serde(rename = "ko")]
    Ko,
    #[serde(rename = "lv")]
    Lv,
    #[serde(rename = "lt")]
    Lt,
    #[serde(rename = "ms")]
    Ms,
    #[serde(rename = "ml")]
    Ml,
    #[serde(rename = "mr")]
    Mr,
    #[serde(rename = "nb")]
    Nb,
    #[serde(rename = "pl")]
    Pl,
    #[serde(rename = "pt-br")]
    PtBr,
    #[serde(rename = "pt-pt")]
    PtPt,
    #[serde(rename = "pa")]
    Pa,
    #[serde(rename = "ro")]
    Ro,
    #[serde(rename = "ru")]
    Ru,
    #[serde(rename = "sr")]
    Sr,
    #[serde(rename = "sk")]
    Sk,
    #[serde(rename = "sl")]
    Sl,
    #[serde(rename = "es")]
    Es,
    #[serde(rename = "sv")]
    Sv,
    #[serde(rename = "ta")]
    Ta,
    #[serde(rename = "te")]
    Te,
    #[serde(rename = "th")]
    Th,
    #[serde(rename = "tr")]
    Tr,
    #[serde(rename = "uk")]
    Uk,
    #[serde(rename = "vi")]
    Vi,
}
/// User interface language for the response, usually of the form '<language>-<region>'. Defaults to 'en-US'.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BravePlaceSearchUiLang {
    #[serde(rename = "es-AR")]
    EsAr,
    #[serde(rename = "en-AU")]
    EnAu,
    #[serde(rename = "de-AT")]
    DeAt,
    #[serde(rename = "nl-BE")]
    NlBe,
    #[serde(rename = "fr-BE")]
    FrBe,
    #[serde(rename = "pt-BR")]
    PtBr,
    #[serde(rename = "en-CA")]
    EnCa,
    #[serde(rename = "fr-CA")]
    FrCa,
    #[serde(rename = "es-CL")]
    EsCl,
    #[serde(rename = "da-DK")]
    DaDk,
    #[serde(rename = "fi-FI")]
    FiFi,
    #[serde(rename = "fr-FR")]
    FrFr,
    #[serde(rename = "de-DE")]
    DeDe,
    #[serde(rename = "zh-HK")]
    ZhHk,
    #[serde(rename = "en-IN")]
    EnIn,
    #[serde(rename = "en-ID")]
    EnId,
    #[serde(rename = "it-IT")]
    ItIt,
    #[serde(rename = "ja-JP")]
    JaJp,
    #[serde(rename = "ko-KR")]
    KoKr,
    #[serde(rename = "en-MY")]
    EnMy,
    #[serde(rename = "es-MX")]
    EsMx,
    #[serde(rename = "nl-NL")]
    NlNl,
    #[serde(rename = "en-NZ")]
    EnNz,
    #[serde(rename = "no-NO")]
    NoNo,
    #[serde(rename = "zh-CN")]
    ZhCn,
    #[serde(rename = "pl-PL")]
    PlPl,
    #[serde(rename = "en-PH")]
    EnPh,
    #[serde(rename = "ru-RU")]
    RuRu,
    #[serde(rename = "en-ZA")]
    EnZa,
    #[serde(rename = "es-ES")]
    EsEs,
    #[serde(rename = "sv-SE")]
    SvSe,
    #[serde(rename = "fr-CH")]
    FrCh,
    #[serde(rename = "de-CH")]
    DeCh,
    #[serde(rename = "zh-TW")]
    ZhTw,
    #[serde(rename = "tr-TR")]
    TrTr,
    #[serde(rename = "en-GB")]
    EnGb,
    #[serde(rename = "en-US")]
    EnUs,
    #[serde(rename = "es-US")]
    EsUs,
}
/// Units of measurement for distance values. Defaults to 'metric'.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum BravePlaceSearchUnits {
    #[serde(rename = "metric")]
    Metric,
    #[serde(rename = "imperial")]
    Imperial,
}
