//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `FilesystemTools::parse(name, arguments)` and `FilesystemTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum FilesystemTools {
    ReadFile(ReadFile),
    ReadTextFile(ReadTextFile),
    ReadMediaFile(ReadMediaFile),
    ReadMultipleFiles(ReadMultipleFiles),
    WriteFile(WriteFile),
    EditFile(EditFile),
    CreateDirectory(CreateDirectory),
    ListDirectory(ListDirectory),
    ListDirectoryWithSizes(ListDirectoryWithSizes),
    DirectoryTree(DirectoryTree),
    MoveFile(MoveFile),
    SearchFiles(SearchFiles),
    GetFileInfo(GetFileInfo),
    ListAllowedDirectories(ListAllowedDirectories),
}
/// Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.
#[tool(name = "read_file")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReadFile {
    /// If provided, returns only the first N lines of the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub head: Option<f64>,
    pub path: String,
    /// If provided, returns only the last N lines of the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub tail: Option<f64>,
}
/// Read the complete contents of a file from the file system as text. Handles various text encodings and provides detailed error messages if the file cannot be read. Use this tool when you need to examine the contents of a single file. Use the 'head' parameter to read only the first N lines of a file, or the 'tail' parameter to read only the last N lines of a file. Operates on the file as text regardless of extension. Only works within allowed directories.
#[tool(name = "read_text_file")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReadTextFile {
    /// If provided, returns only the first N lines of the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub head: Option<f64>,
    pub path: String,
    /// If provided, returns only the last N lines of the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub tail: Option<f64>,
}
/// Read a file and return it as a base64-encoded content block with its MIME type. Image and audio files are returned as image/audio content; any other file type is returned as an embedded resource. Only works within allowed directories.
#[tool(name = "read_media_file")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReadMediaFile {
    pub path: String,
}
/// Read the contents of multiple files simultaneously. This is more efficient than reading files one by one when you need to analyze or compare multiple files. Each file's content is returned with its path as a reference. Failed reads for individual files won't stop the entire operation. Only works within allowed directories.
#[tool(name = "read_multiple_files")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReadMultipleFiles {
    /// Array of file paths to read. Each path must be a string pointing to a valid file within allowed directories.
    #[schemars(length(min = 1))]
    pub paths: Vec<String>,
}
/// Create a new file or completely overwrite an existing file with new content. Use with caution as it will overwrite existing files without warning. Handles text content with proper encoding. Only works within allowed directories.
#[tool(name = "write_file")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WriteFile {
    pub content: String,
    pub path: String,
}
/// Make line-based edits to a text file. Each edit replaces exact line sequences with new content. Returns a git-style diff showing the changes made. Only works within allowed directories.
#[tool(name = "edit_file")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EditFile {
    /// Preview changes using git-style diff format
    #[serde(rename = "dryRun")]
    #[serde(default = "default_edit_file_dry_run")]
    pub dry_run: bool,
    pub edits: Vec<EditFileEditsItem>,
    pub path: String,
}
/// Create a new directory or ensure a directory exists. Can create multiple nested directories in one operation. If the directory already exists, this operation will succeed silently. Perfect for setting up directory structures for projects or ensuring required paths exist. Only works within allowed directories.
#[tool(name = "create_directory")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CreateDirectory {
    pub path: String,
}
/// Get a detailed listing of all files and directories in a specified path. Results clearly distinguish between files and directories with [FILE] and [DIR] prefixes. This tool is essential for understanding directory structure and finding specific files within a directory. Only works within allowed directories.
#[tool(name = "list_directory")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ListDirectory {
    pub path: String,
}
/// Get a detailed listing of all files and directories in a specified path, including sizes. Results clearly distinguish between files and directories with [FILE] and [DIR] prefixes. This tool is useful for understanding directory structure and finding specific files within a directory. Only works within allowed directories.
#[tool(name = "list_directory_with_sizes")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ListDirectoryWithSizes {
    pub path: String,
    /// Sort entries by name or size
    #[serde(rename = "sortBy")]
    #[serde(default = "default_list_directory_with_sizes_sort_by")]
    pub sort_by: ListDirectoryWithSizesSortBy,
}
/// Get a recursive tree view of files and directories as a JSON structure. Each entry includes 'name', 'type' (file/directory), and 'children' for directories. Files have no children array, while directories always have a children array (which may be empty). The output is formatted with 2-space indentation for readability. Only works within allowed directories.
#[tool(name = "directory_tree")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DirectoryTree {
    #[serde(rename = "excludePatterns")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    #[schemars(extend("default" = []))]
    pub exclude_patterns: Option<Vec<String>>,
    pub path: String,
}
/// Move or rename files and directories. Can move files between directories and rename them in a single operation. If the destination exists, the operation will fail. Works across different directories and can be used for simple renaming within the same directory. Both source and destination must be within allowed directories.
#[tool(name = "move_file")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MoveFile {
    pub destination: String,
    pub source: String,
}
/// Recursively search for files and directories matching a pattern. The patterns should be glob-style patterns that match paths relative to the working directory. Use pattern like '*.ext' to match files in current directory, and '**/*.ext' to match files in all subdirectories. Returns full paths to all matching items. Great for finding files when you don't know their exact location. Only searches within allowed directories.
#[tool(name = "search_files")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SearchFiles {
    #[serde(rename = "excludePatterns")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    #[schemars(extend("default" = []))]
    pub exclude_patterns: Option<Vec<String>>,
    pub path: String,
    pub pattern: String,
}
/// Retrieve detailed metadata about a file or directory. Returns comprehensive information including size, creation time, last modified time, permissions, and type. This tool is perfect for understanding file characteristics without reading the actual content. Only works within allowed directories.
#[tool(name = "get_file_info")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetFileInfo {
    pub path: String,
}
/// Returns the list of directories that this server is allowed to access. Subdirectories within these allowed directories are also accessible. Use this to understand which directories and their nested paths are available before trying to access files.
#[tool(name = "list_allowed_directories")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ListAllowedDirectories {}
fn default_edit_file_dry_run() -> bool {
    false
}
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EditFileEditsItem {
    /// Text to replace with
    #[serde(rename = "newText")]
    pub new_text: String,
    /// Text to search for - must match exactly
    #[serde(rename = "oldText")]
    pub old_text: String,
}
/// Sort entries by name or size
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum ListDirectoryWithSizesSortBy {
    #[serde(rename = "name")]
    Name,
    #[serde(rename = "size")]
    Size,
}
fn default_list_directory_with_sizes_sort_by() -> ListDirectoryWithSizesSortBy {
    ListDirectoryWithSizesSortBy::Name
}
