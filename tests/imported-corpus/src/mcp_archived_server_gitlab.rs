//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `GitlabTools::parse(name, arguments)` and `GitlabTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum GitlabTools {
    CreateOrUpdateFile(CreateOrUpdateFile),
    SearchRepositories(SearchRepositories),
    CreateRepository(CreateRepository),
    GetFileContents(GetFileContents),
    PushFiles(PushFiles),
    CreateIssue(CreateIssue),
    CreateMergeRequest(CreateMergeRequest),
    ForkRepository(ForkRepository),
    CreateBranch(CreateBranch),
}
/// Create or update a single file in a GitLab project
#[tool(name = "create_or_update_file")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateOrUpdateFile {
    /// Branch to create/update the file in
    pub branch: String,
    /// Commit message
    pub commit_message: String,
    /// Content of the file
    pub content: String,
    /// Path where to create/update the file
    pub file_path: String,
    /// Path of the file to move/rename
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub previous_path: Option<String>,
    /// Project ID or URL-encoded path
    pub project_id: String,
}
/// Search for GitLab projects
#[tool(name = "search_repositories")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchRepositories {
    /// Page number for pagination (default: 1)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub page: Option<f64>,
    /// Number of results per page (default: 20)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub per_page: Option<f64>,
    /// Search query
    pub search: String,
}
/// Create a new GitLab project
#[tool(name = "create_repository")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRepository {
    /// Repository description
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub description: Option<String>,
    /// Initialize with README.md
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub initialize_with_readme: Option<bool>,
    /// Repository name
    pub name: String,
    /// Repository visibility level
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "CreateRepositoryVisibility")]
    pub visibility: Option<CreateRepositoryVisibility>,
}
/// Get the contents of a file or directory from a GitLab project
#[tool(name = "get_file_contents")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GetFileContents {
    /// Path to the file or directory
    pub file_path: String,
    /// Project ID or URL-encoded path
    pub project_id: String,
    /// Branch/tag/commit to get contents from
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub r#ref: Option<String>,
}
/// Push multiple files to a GitLab project in a single commit
#[tool(name = "push_files")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PushFiles {
    /// Branch to push to
    pub branch: String,
    /// Commit message
    pub commit_message: String,
    /// Array of files to push
    pub files: Vec<PushFilesFilesItem>,
    /// Project ID or URL-encoded path
    pub project_id: String,
}
/// Create a new issue in a GitLab project
#[tool(name = "create_issue")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateIssue {
    /// Array of user IDs to assign
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<f64>")]
    pub assignee_ids: Option<Vec<f64>>,
    /// Issue description
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub description: Option<String>,
    /// Array of label names
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    pub labels: Option<Vec<String>>,
    /// Milestone ID to assign
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub milestone_id: Option<f64>,
    /// Project ID or URL-encoded path
    pub project_id: String,
    /// Issue title
    pub title: String,
}
/// Create a new merge request in a GitLab project
#[tool(name = "create_merge_request")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMergeRequest {
    /// Allow commits from upstream members
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub allow_collaboration: Option<bool>,
    /// Merge request description
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub description: Option<String>,
    /// Create as draft merge request
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub draft: Option<bool>,
    /// Project ID or URL-encoded path
    pub project_id: String,
    /// Branch containing changes
    pub source_branch: String,
    /// Branch to merge into
    pub target_branch: String,
    /// Merge request title
    pub title: String,
}
/// Fork a GitLab project to your account or specified namespace
#[tool(name = "fork_repository")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForkRepository {
    /// Namespace to fork to (full path)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub namespace: Option<String>,
    /// Project ID or URL-encoded path
    pub project_id: String,
}
/// Create a new branch in a GitLab project
#[tool(name = "create_branch")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateBranch {
    /// Name for the new branch
    pub branch: String,
    /// Project ID or URL-encoded path
    pub project_id: String,
    /// Source branch/commit for new branch
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub r#ref: Option<String>,
}
/// Repository visibility level
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum CreateRepositoryVisibility {
    #[serde(rename = "private")]
    Private,
    #[serde(rename = "internal")]
    Internal,
    #[serde(rename = "public")]
    Public,
}
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PushFilesFilesItem {
    /// Content of the file
    pub content: String,
    /// Path where to create the file
    pub file_path: String,
}
