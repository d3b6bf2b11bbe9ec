//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `GorillaFileSystemTools::parse(name, arguments)` and `GorillaFileSystemTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum GorillaFileSystemTools {
    Cat(Cat),
    Cd(Cd),
    Cp(Cp),
    Diff(Diff),
    Du(Du),
    Echo(Echo),
    Find(Find),
    Grep(Grep),
    Ls(Ls),
    Mkdir(Mkdir),
    Mv(Mv),
    Pwd(Pwd),
    Rm(Rm),
    Rmdir(Rmdir),
    Sort(Sort),
    Tail(Tail),
    Touch(Touch),
    Wc(Wc),
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Display the contents of a file of any extension from currrent directory.
#[tool(name = "cat")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Cat {
    /// The name of the file from current directory to display. No path is allowed.
    pub file_name: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Change the current working directory to the specified folder.
#[tool(name = "cd")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Cd {
    /// The folder of the directory to change to. You can only change one folder level at a time.
    pub folder: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Copy a file or directory from one location to another.  If the destination is a directory, the source file or directory will be copied into the destination directory.  Both source and destination must be local to the current directory.
#[tool(name = "cp")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Cp {
    /// The destination name to copy the file or directory to. If the destination is a directory, the source will be copied into this directory. No file paths allowed.
    pub destination: String,
    /// The name of the file or directory to copy.
    pub source: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Compare two files of any extension line by line at the current directory.
#[tool(name = "diff")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Diff {
    /// The name of the first file in current directory.
    pub file_name1: String,
    /// The name of the second file in current directory.
    pub file_name2: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Estimate the disk usage of a directory and its contents.
#[tool(name = "du")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Du {
    /// If True, returns the size in human-readable format (e.g., KB, MB).
    #[serde(default = "default_du_human_readable")]
    pub human_readable: bool,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Write content to a file at current directory or display it in the terminal.
#[tool(name = "echo")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Echo {
    /// The content to write or display.
    pub content: String,
    /// The name of the file at current directory to write the content to. Defaults to None.
    #[serde(default = "default_echo_file_name")]
    pub file_name: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Find any file or directories under specific path that contain name in its file name.  This method searches for files of any extension and directories within a specified path that match the given name. If no name is provided, it returns all files and directories in the specified path and its subdirectories. Note: This method performs a recursive search through all subdirectories of the given path.
#[tool(name = "find")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Find {
    /// The name of the file or directory to search for. If None, all items are returned.
    #[serde(default = "default_find_name")]
    pub name: String,
    /// The directory path to start the search. Defaults to the current directory (".").
    #[serde(default = "default_find_path")]
    pub path: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Search for lines in a file of any extension at current directory that contain the specified pattern.
#[tool(name = "grep")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Grep {
    /// The name of the file to search. No path is allowed and you can only perform on file at local directory.
    pub file_name: String,
    /// The pattern to search for.
    pub pattern: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: List the contents of the current directory.
#[tool(name = "ls")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Ls {
    /// Show hidden files and directories. Defaults to False.
    #[serde(default = "default_ls_a")]
    pub a: bool,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Create a new directory in the current directory.
#[tool(name = "mkdir")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Mkdir {
    /// The name of the new directory at current directory. You can only create directory at current directory.
    pub dir_name: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Move a file or directory from one location to another.
#[tool(name = "mv")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Mv {
    /// The destination name to move the file or directory to. Destination must be local to the current directory and cannot be a path. If destination is not an existing directory like when renaming something, destination is the new file name.
    pub destination: String,
    /// Source name of the file or directory to move. Source must be local to the current directory.
    pub source: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Return the current working directory path.
#[tool(name = "pwd")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Pwd {}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Remove a file or directory.
#[tool(name = "rm")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Rm {
    /// The name of the file or directory to remove.
    pub file_name: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Remove a directory at current directory.
#[tool(name = "rmdir")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Rmdir {
    /// The name of the directory to remove. Directory must be local to the current directory.
    pub dir_name: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Sort the contents of a file line by line.
#[tool(name = "sort")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Sort {
    /// The name of the file appeared at current directory to sort.
    pub file_name: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Display the last part of a file of any extension.
#[tool(name = "tail")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Tail {
    /// The name of the file to display. No path is allowed and you can only perform on file at local directory.
    pub file_name: String,
    /// The number of lines to display from the end of the file. Defaults to 10.
    #[serde(default = "default_tail_lines")]
    pub lines: i64,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Create a new file of any extension in the current directory.
#[tool(name = "touch")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Touch {
    /// The name of the new file in the current directory. file_name is local to the current directory and does not allow path.
    pub file_name: String,
}
/// This tool belongs to the Gorilla file system. It is a simple file system that allows users to perform basic file operations such as navigating directories, creating files and directories, reading and writing to files, etc. Tool description: Count the number of lines, words, and characters in a file of any extension from current directory.
#[tool(name = "wc")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Wc {
    /// Name of the file of current directory to perform wc operation on.
    pub file_name: String,
    /// Mode of operation ('l' for lines, 'w' for words, 'c' for characters).
    #[serde(default = "default_wc_mode")]
    pub mode: String,
}
fn default_du_human_readable() -> bool {
    false
}
fn default_echo_file_name() -> String {
    "None".to_owned()
}
fn default_find_name() -> String {
    "None".to_owned()
}
fn default_find_path() -> String {
    ".".to_owned()
}
fn default_ls_a() -> bool {
    false
}
fn default_tail_lines() -> i64 {
    10
}
fn default_wc_mode() -> String {
    "l".to_owned()
}
