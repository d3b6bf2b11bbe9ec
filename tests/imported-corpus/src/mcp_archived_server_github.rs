//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `GithubTools::parse(name, arguments)` and `GithubTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum GithubTools {
    CreateOrUpdateFile(CreateOrUpdateFile),
    SearchRepositories(SearchRepositories),
    CreateRepository(CreateRepository),
    GetFileContents(GetFileContents),
    PushFiles(PushFiles),
    CreateIssue(CreateIssue),
    CreatePullRequest(CreatePullRequest),
    ForkRepository(ForkRepository),
    CreateBranch(CreateBranch),
    ListCommits(ListCommits),
    ListIssues(ListIssues),
    UpdateIssue(UpdateIssue),
    AddIssueComment(AddIssueComment),
    SearchCode(SearchCode),
    SearchIssues(SearchIssues),
    SearchUsers(SearchUsers),
    GetIssue(GetIssue),
    GetPullRequest(GetPullRequest),
    ListPullRequests(ListPullRequests),
    CreatePullRequestReview(CreatePullRequestReview),
    MergePullRequest(MergePullRequest),
    GetPullRequestFiles(GetPullRequestFiles),
    GetPullRequestStatus(GetPullRequestStatus),
    UpdatePullRequestBranch(UpdatePullRequestBranch),
    GetPullRequestComments(GetPullRequestComments),
    GetPullRequestReviews(GetPullRequestReviews),
}
/// Create or update a single file in a GitHub repository
#[tool(name = "create_or_update_file")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateOrUpdateFile {
    /// Branch to create/update the file in
    pub branch: String,
    /// Content of the file
    pub content: String,
    /// Commit message
    pub message: String,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Path where to create/update the file
    pub path: String,
    /// Repository name
    pub repo: String,
    /// SHA of the file being replaced (required when updating existing files)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub sha: Option<String>,
}
/// Search for GitHub repositories
#[tool(name = "search_repositories")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchRepositories {
    /// Page number for pagination (default: 1)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub page: Option<f64>,
    /// Number of results per page (default: 30, max: 100)
    #[serde(rename = "perPage")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub per_page: Option<f64>,
    /// Search query (see GitHub search syntax)
    pub query: String,
}
/// Create a new GitHub repository in your account
#[tool(name = "create_repository")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRepository {
    /// Initialize with README.md
    #[serde(rename = "autoInit")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub auto_init: Option<bool>,
    /// Repository description
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub description: Option<String>,
    /// Repository name
    pub name: String,
    /// Whether the repository should be private
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub private: Option<bool>,
}
/// Get the contents of a file or directory from a GitHub repository
#[tool(name = "get_file_contents")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GetFileContents {
    /// Branch to get contents from
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub branch: Option<String>,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Path to the file or directory
    pub path: String,
    /// Repository name
    pub repo: String,
}
/// Push multiple files to a GitHub repository in a single commit
#[tool(name = "push_files")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PushFiles {
    /// Branch to push to (e.g., 'main' or 'master')
    pub branch: String,
    /// Array of files to push
    pub files: Vec<PushFilesFilesItem>,
    /// Commit message
    pub message: String,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Repository name
    pub repo: String,
}
/// Create a new issue in a GitHub repository
#[tool(name = "create_issue")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateIssue {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    pub assignees: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub body: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    pub labels: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub milestone: Option<f64>,
    pub owner: String,
    pub repo: String,
    pub title: String,
}
/// Create a new pull request in a GitHub repository
#[tool(name = "create_pull_request")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePullRequest {
    /// The name of the branch you want the changes pulled into
    pub base: String,
    /// Pull request body/description
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub body: Option<String>,
    /// Whether to create the pull request as a draft
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub draft: Option<bool>,
    /// The name of the branch where your changes are implemented
    pub head: String,
    /// Whether maintainers can modify the pull request
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub maintainer_can_modify: Option<bool>,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Repository name
    pub repo: String,
    /// Pull request title
    pub title: String,
}
/// Fork a GitHub repository to your account or specified organization
#[tool(name = "fork_repository")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForkRepository {
    /// Optional: organization to fork to (defaults to your personal account)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub organization: Option<String>,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Repository name
    pub repo: String,
}
/// Create a new branch in a GitHub repository
#[tool(name = "create_branch")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateBranch {
    /// Name for the new branch
    pub branch: String,
    /// Optional: source branch to create from (defaults to the repository's default branch)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub from_branch: Option<String>,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Repository name
    pub repo: String,
}
/// Get list of commits of a branch in a GitHub repository
#[tool(name = "list_commits")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListCommits {
    pub owner: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub page: Option<f64>,
    #[serde(rename = "perPage")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub per_page: Option<f64>,
    pub repo: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub sha: Option<String>,
}
/// List issues in a GitHub repository with filtering options
#[tool(name = "list_issues")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListIssues {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ListIssuesDirection")]
    pub direction: Option<ListIssuesDirection>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    pub labels: Option<Vec<String>>,
    pub owner: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub page: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub per_page: Option<f64>,
    pub repo: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub since: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ListIssuesSort")]
    pub sort: Option<ListIssuesSort>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ListIssuesState")]
    pub state: Option<ListIssuesState>,
}
/// Update an existing issue in a GitHub repository
#[tool(name = "update_issue")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateIssue {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    pub assignees: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub body: Option<String>,
    pub issue_number: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    pub labels: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub milestone: Option<f64>,
    pub owner: String,
    pub repo: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "UpdateIssueState")]
    pub state: Option<UpdateIssueState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub title: Option<String>,
}
/// Add a comment to an existing issue
#[tool(name = "add_issue_comment")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddIssueComment {
    pub body: String,
    pub issue_number: f64,
    pub owner: String,
    pub repo: String,
}
/// Search for code across GitHub repositories
#[tool(name = "search_code")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchCode {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SearchCodeOrder")]
    pub order: Option<SearchCodeOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = 1))]
    pub page: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = 1, max = 100))]
    pub per_page: Option<f64>,
    pub q: String,
}
/// Search for issues and pull requests across GitHub repositories
#[tool(name = "search_issues")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchIssues {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SearchIssuesOrder")]
    pub order: Option<SearchIssuesOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = 1))]
    pub page: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = 1, max = 100))]
    pub per_page: Option<f64>,
    pub q: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SearchIssuesSort")]
    pub sort: Option<SearchIssuesSort>,
}
/// Search for users on GitHub
#[tool(name = "search_users")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchUsers {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SearchUsersOrder")]
    pub order: Option<SearchUsersOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = 1))]
    pub page: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    #[schemars(range(min = 1, max = 100))]
    pub per_page: Option<f64>,
    pub q: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SearchUsersSort")]
    pub sort: Option<SearchUsersSort>,
}
/// Get details of a specific issue in a GitHub repository.
#[tool(name = "get_issue")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GetIssue {
    pub issue_number: f64,
    pub owner: String,
    pub repo: String,
}
/// Get details of a specific pull request
#[tool(name = "get_pull_request")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GetPullRequest {
    /// Repository owner (username or organization)
    pub owner: String,
    /// Pull request number
    pub pull_number: f64,
    /// Repository name
    pub repo: String,
}
/// List and filter repository pull requests
#[tool(name = "list_pull_requests")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListPullRequests {
    /// Filter by base branch name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub base: Option<String>,
    /// The direction of the sort
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ListPullRequestsDirection")]
    pub direction: Option<ListPullRequestsDirection>,
    /// Filter by head user or head organization and branch name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub head: Option<String>,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Page number of the results
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub page: Option<f64>,
    /// Results per page (max 100)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub per_page: Option<f64>,
    /// Repository name
    pub repo: String,
    /// What to sort results by
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ListPullRequestsSort")]
    pub sort: Option<ListPullRequestsSort>,
    /// State of the pull requests to return
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ListPullRequestsState")]
    pub state: Option<ListPullRequestsState>,
}
/// Create a review on a pull request
#[tool(name = "create_pull_request_review", strict = false)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePullRequestReview {
    /// The body text of the review
    pub body: String,
    /// Comments to post as part of the review (specify either position or line, not both)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<serde_json::Value>")]
    pub comments: Option<Vec<serde_json::Value>>,
    /// The SHA of the commit that needs a review
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub commit_id: Option<String>,
    /// The review action to perform
    pub event: CreatePullRequestReviewEvent,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Pull request number
    pub pull_number: f64,
    /// Repository name
    pub repo: String,
}
/// Merge a pull request
#[tool(name = "merge_pull_request")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergePullRequest {
    /// Extra detail to append to automatic commit message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub commit_message: Option<String>,
    /// Title for the automatic commit message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub commit_title: Option<String>,
    /// Merge method to use
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "MergePullRequestMergeMethod")]
    pub merge_method: Option<MergePullRequestMergeMethod>,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Pull request number
    pub pull_number: f64,
    /// Repository name
    pub repo: String,
}
/// Get the list of files changed in a pull request
#[tool(name = "get_pull_request_files")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GetPullRequestFiles {
    /// Repository owner (username or organization)
    pub owner: String,
    /// Pull request number
    pub pull_number: f64,
    /// Repository name
    pub repo: String,
}
/// Get the combined status of all status checks for a pull request
#[tool(name = "get_pull_request_status")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GetPullRequestStatus {
    /// Repository owner (username or organization)
    pub owner: String,
    /// Pull request number
    pub pull_number: f64,
    /// Repository name
    pub repo: String,
}
/// Update a pull request branch with the latest changes from the base branch
#[tool(name = "update_pull_request_branch")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdatePullRequestBranch {
    /// The expected SHA of the pull request's HEAD ref
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub expected_head_sha: Option<String>,
    /// Repository owner (username or organization)
    pub owner: String,
    /// Pull request number
    pub pull_number: f64,
    /// Repository name
    pub repo: String,
}
/// Get the review comments on a pull request
#[tool(name = "get_pull_request_comments")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GetPullRequestComments {
    /// Repository owner (username or organization)
    pub owner: String,
    /// Pull request number
    pub pull_number: f64,
    /// Repository name
    pub repo: String,
}
/// Get the reviews on a pull request
#[tool(name = "get_pull_request_reviews")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GetPullRequestReviews {
    /// Repository owner (username or organization)
    pub owner: String,
    /// Pull request number
    pub pull_number: f64,
    /// Repository name
    pub repo: String,
}
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PushFilesFilesItem {
    pub content: String,
    pub path: String,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum ListIssuesDirection {
    #[serde(rename = "asc")]
    Asc,
    #[serde(rename = "desc")]
    Desc,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum ListIssuesSort {
    #[serde(rename = "created")]
    Created,
    #[serde(rename = "updated")]
    Updated,
    #[serde(rename = "comments")]
    Comments,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum ListIssuesState {
    #[serde(rename = "open")]
    Open,
    #[serde(rename = "closed")]
    Closed,
    #[serde(rename = "all")]
    All,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum UpdateIssueState {
    #[serde(rename = "open")]
    Open,
    #[serde(rename = "closed")]
    Closed,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum SearchCodeOrder {
    #[serde(rename = "asc")]
    Asc,
    #[serde(rename = "desc")]
    Desc,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum SearchIssuesOrder {
    #[serde(rename = "asc")]
    Asc,
    #[serde(rename = "desc")]
    Desc,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum SearchIssuesSort {
    #[serde(rename = "comments")]
    Comments,
    #[serde(rename = "reactions")]
    Reactions,
    #[serde(rename = "reactions-+1")]
    Reactions1,
    #[serde(rename = "reactions--1")]
    Reactions12,
    #[serde(rename = "reactions-smile")]
    ReactionsSmile,
    #[serde(rename = "reactions-thinking_face")]
    ReactionsThinkingFace,
    #[serde(rename = "reactions-heart")]
    ReactionsHeart,
    #[serde(rename = "reactions-tada")]
    ReactionsTada,
    #[serde(rename = "interactions")]
    Interactions,
    #[serde(rename = "created")]
    Created,
    #[serde(rename = "updated")]
    Updated,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum SearchUsersOrder {
    #[serde(rename = "asc")]
    Asc,
    #[serde(rename = "desc")]
    Desc,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum SearchUsersSort {
    #[serde(rename = "followers")]
    Followers,
    #[serde(rename = "repositories")]
    Repositories,
    #[serde(rename = "joined")]
    Joined,
}
/// The direction of the sort
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum ListPullRequestsDirection {
    #[serde(rename = "asc")]
    Asc,
    #[serde(rename = "desc")]
    Desc,
}
/// What to sort results by
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum ListPullRequestsSort {
    #[serde(rename = "created")]
    Created,
    #[serde(rename = "updated")]
    Updated,
    #[serde(rename = "popularity")]
    Popularity,
    #[serde(rename = "long-running")]
    LongRunning,
}
/// State of the pull requests to return
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum ListPullRequestsState {
    #[serde(rename = "open")]
    Open,
    #[serde(rename = "closed")]
    Closed,
    #[serde(rename = "all")]
    All,
}
/// The review action to perform
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum CreatePullRequestReviewEvent {
    #[serde(rename = "APPROVE")]
    Approve,
    #[serde(rename = "REQUEST_CHANGES")]
    RequestChanges,
    #[serde(rename = "COMMENT")]
    Comment,
}
/// Merge method to use
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum MergePullRequestMergeMethod {
    #[serde(rename = "merge")]
    Merge,
    #[serde(rename = "squash")]
    Squash,
    #[serde(rename = "rebase")]
    Rebase,
}
