//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `EverythingTools::parse(name, arguments)` and `EverythingTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum EverythingTools {
    Echo(Echo),
    GetAnnotatedMessage(GetAnnotatedMessage),
    GetEnv(GetEnv),
    GetResourceLinks(GetResourceLinks),
    GetResourceReference(GetResourceReference),
    GetStructuredContent(GetStructuredContent),
    GetSum(GetSum),
    GetTinyImage(GetTinyImage),
    GzipFileAsResource(GzipFileAsResource),
    ToggleSimulatedLogging(ToggleSimulatedLogging),
    ToggleSubscriberUpdates(ToggleSubscriberUpdates),
    TriggerLongRunningOperation(TriggerLongRunningOperation),
    GetRootsList(GetRootsList),
    TriggerElicitationRequest(TriggerElicitationRequest),
    TriggerUrlElicitation(TriggerUrlElicitation),
    TriggerSamplingRequest(TriggerSamplingRequest),
    SimulateResearchQuery(SimulateResearchQuery),
    TriggerSamplingRequestAsync(TriggerSamplingRequestAsync),
    TriggerElicitationRequestAsync(TriggerElicitationRequestAsync),
}
/// Echoes back the input string
#[tool(name = "echo")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Echo {
    /// Message to echo
    pub message: String,
}
/// Demonstrates how annotations can be used to provide metadata about content.
#[tool(name = "get-annotated-message")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetAnnotatedMessage {
    /// Whether to include an example image
    #[serde(rename = "includeImage")]
    #[serde(default = "default_get_annotated_message_include_image")]
    pub include_image: bool,
    /// Type of message to demonstrate different annotation patterns
    #[serde(rename = "messageType")]
    pub message_type: GetAnnotatedMessageMessageType,
}
/// Returns all environment variables, helpful for debugging MCP server configuration
#[tool(name = "get-env")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetEnv {}
/// Returns up to ten resource links that reference different types of resources
#[tool(name = "get-resource-links")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetResourceLinks {
    /// Number of resource links to return (1-10)
    #[serde(default = "default_get_resource_links_count")]
    #[schemars(range(min = 1, max = 10))]
    pub count: f64,
}
/// Returns a resource reference that can be used by MCP clients
#[tool(name = "get-resource-reference")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetResourceReference {
    /// ID of the text resource to fetch
    #[serde(rename = "resourceId")]
    #[serde(default = "default_get_resource_reference_resource_id")]
    pub resource_id: f64,
    #[serde(rename = "resourceType")]
    #[serde(default = "default_get_resource_reference_resource_type")]
    pub resource_type: GetResourceReferenceResourceType,
}
/// Returns structured content along with an output schema for client data validation
#[tool(name = "get-structured-content")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetStructuredContent {
    /// Choose city
    pub location: GetStructuredContentLocation,
}
/// Returns the sum of two numbers
#[tool(name = "get-sum")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetSum {
    /// First number
    pub a: f64,
    /// Second number
    pub b: f64,
}
/// Returns a tiny MCP logo image.
#[tool(name = "get-tiny-image")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetTinyImage {}
/// Compresses a single file using gzip compression. Depending upon the selected output type, returns either the compressed data as a gzipped resource or a resource link, allowing it to be downloaded in a subsequent request during the current session.
#[tool(name = "gzip-file-as-resource")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GzipFileAsResource {
    /// URL or data URI of the file content to compress
    #[serde(default = "default_gzip_file_as_resource_data")]
    #[schemars(extend("format" = "uri"))]
    pub data: String,
    /// Name of the output file
    #[serde(default = "default_gzip_file_as_resource_name")]
    pub name: String,
    /// How the resulting gzipped file should be returned. 'resourceLink' returns a link to a resource that can be read later, 'resource' returns a full resource object.
    #[serde(rename = "outputType")]
    #[serde(default = "default_gzip_file_as_resource_output_type")]
    pub output_type: GzipFileAsResourceOutputType,
}
/// Toggles simulated, random-leveled logging on or off.
#[tool(name = "toggle-simulated-logging")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ToggleSimulatedLogging {}
/// Toggles simulated resource subscription updates on or off.
#[tool(name = "toggle-subscriber-updates")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ToggleSubscriberUpdates {}
/// Demonstrates a long running operation with progress updates.
#[tool(name = "trigger-long-running-operation")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TriggerLongRunningOperation {
    /// Duration of the operation in seconds
    #[serde(default = "default_trigger_long_running_operation_duration")]
    pub duration: f64,
    /// Number of steps in the operation
    #[serde(default = "default_trigger_long_running_operation_steps")]
    pub steps: f64,
}
/// Lists the current MCP roots provided by the client. Demonstrates the roots protocol capability even though this server doesn't access files.
#[tool(name = "get-roots-list")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetRootsList {}
/// Trigger a Request from the Server for User Elicitation
#[tool(name = "trigger-elicitation-request")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TriggerElicitationRequest {}
/// Trigger a URL elicitation so the client can direct the user to a browser flow. Supports two mechanisms: the request path (elicitation/create, default) which awaits the user's response, and the error path (UrlElicitationRequiredError, -32042) which signals the client to handle URL elicitation via the error response. Set errorPath=true to use the error path.
#[tool(name = "trigger-url-elicitation")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TriggerUrlElicitation {
    /// Optional explicit elicitation ID. Defaults to a random UUID.
    #[serde(rename = "elicitationId")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub elicitation_id: Option<String>,
    /// Controls which elicitation mechanism is used. When false (default), sends an elicitation/create request (request path). When true, throws a UrlElicitationRequiredError (MCP error code -32042) so the client handles the URL elicitation via the error path rather than waiting for a response. To clear the error, satisfy the prerequisite and retry this call with the same arguments; the retry ignores errorPath and proceeds, so the client does not loop on the same error.
    #[serde(rename = "errorPath")]
    #[serde(default = "default_trigger_url_elicitation_error_path")]
    pub error_path: bool,
    /// Message shown to the user before opening the URL
    #[serde(default = "default_trigger_url_elicitation_message")]
    pub message: String,
    /// The URL the user should open
    #[schemars(extend("format" = "uri"))]
    pub url: String,
}
/// Trigger a Request from the Server for LLM Sampling
#[tool(name = "trigger-sampling-request")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TriggerSamplingRequest {
    /// Maximum number of tokens to generate
    #[serde(rename = "maxTokens")]
    #[serde(default = "default_trigger_sampling_request_max_tokens")]
    pub max_tokens: f64,
    /// The prompt to send to the LLM
    pub prompt: String,
}
/// Simulates a deep research operation that gathers, analyzes, and synthesizes information. Demonstrates MCP task-based operations with progress through multiple stages. If 'ambiguous' is true and client supports elicitation, sends an elicitation request for clarification.
#[tool(name = "simulate-research-query")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SimulateResearchQuery {
    /// Simulate an ambiguous query that requires clarification (triggers input_required status)
    #[serde(default = "default_simulate_research_query_ambiguous")]
    pub ambiguous: bool,
    /// The research topic to investigate
    pub topic: String,
}
/// Trigger an async sampling request that the CLIENT executes as a background task. Demonstrates bidirectional MCP tasks where the server sends a request and the client executes it asynchronously, allowing the server to poll for progress and results.
#[tool(name = "trigger-sampling-request-async")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TriggerSamplingRequestAsync {
    /// Maximum number of tokens to generate
    #[serde(rename = "maxTokens")]
    #[serde(default = "default_trigger_sampling_request_async_max_tokens")]
    pub max_tokens: f64,
    /// The prompt to send to the LLM
    pub prompt: String,
}
/// Trigger an async elicitation request that the CLIENT executes as a background task. Demonstrates bidirectional MCP tasks where the server sends an elicitation request and the client handles user input asynchronously, allowing the server to poll for completion.
#[tool(name = "trigger-elicitation-request-async")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TriggerElicitationRequestAsync {}
fn default_get_annotated_message_include_image() -> bool {
    false
}
/// Type of message to demonstrate different annotation patterns
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum GetAnnotatedMessageMessageType {
    #[serde(rename = "error")]
    Error,
    #[serde(rename = "success")]
    Success,
    #[serde(rename = "debug")]
    Debug,
}
fn default_get_resource_links_count() -> f64 {
    3.0
}
fn default_get_resource_reference_resource_id() -> f64 {
    1.0
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum GetResourceReferenceResourceType {
    #[serde(rename = "Text")]
    Text,
    #[serde(rename = "Blob")]
    Blob,
}
fn default_get_resource_reference_resource_type() -> GetResourceReferenceResourceType {
    GetResourceReferenceResourceType::Text
}
/// Choose city
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum GetStructuredContentLocation {
    #[serde(rename = "New York")]
    NewYork,
    #[serde(rename = "Chicago")]
    Chicago,
    #[serde(rename = "Los Angeles")]
    LosAngeles,
}
fn default_gzip_file_as_resource_data() -> String {
    "https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md"
        .to_owned()
}
fn default_gzip_file_as_resource_name() -> String {
    "README.md.gz".to_owned()
}
/// How the resulting gzipped file should be returned. 'resourceLink' returns a link to a resource that can be read later, 'resource' returns a full resource object.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum GzipFileAsResourceOutputType {
    #[serde(rename = "resourceLink")]
    ResourceLink,
    #[serde(rename = "resource")]
    Resource,
}
fn default_gzip_file_as_resource_output_type() -> GzipFileAsResourceOutputType {
    GzipFileAsResourceOutputType::ResourceLink
}
fn default_trigger_long_running_operation_duration() -> f64 {
    10.0
}
fn default_trigger_long_running_operation_steps() -> f64 {
    5.0
}
fn default_trigger_url_elicitation_error_path() -> bool {
    false
}
fn default_trigger_url_elicitation_message() -> String {
    "Please open the link to complete this action.".to_owned()
}
fn default_trigger_sampling_request_max_tokens() -> f64 {
    100.0
}
fn default_simulate_research_query_ambiguous() -> bool {
    false
}
fn default_trigger_sampling_request_async_max_tokens() -> f64 {
    100.0
}
