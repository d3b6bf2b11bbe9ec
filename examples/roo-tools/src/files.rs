//! File system tools confined to a root folder: paths are relative to it, and none may leave it —
//! not by being absolute, not through `..`, not through a symlink that points outside.

use std::path::{Component, Path, PathBuf};

use schemars::JsonSchema;
use serde::Serialize;
use toolc::toolbox;

/// The file system the tools see.
#[derive(Debug)]
pub struct FileTools {
    root: PathBuf,
}

/// One entry of a folder.
#[derive(Debug, Serialize, JsonSchema, PartialEq)]
pub struct Entry {
    /// The path, relative to the root.
    pub path: String,
    /// Whether it is a folder.
    pub is_dir: bool,
}

/// What a file operation did.
#[derive(Debug, Serialize, JsonSchema, PartialEq)]
pub struct Written {
    /// The path, relative to the root.
    pub path: String,
    /// Bytes written.
    pub bytes: usize,
}

impl FileTools {
    /// Tools over the folder `root`, which must exist.
    pub fn new(root: impl Into<PathBuf>) -> std::io::Result<Self> {
        Ok(FileTools { root: root.into().canonicalize()? })
    }

    /// `path` inside the root, or why not. Checks the words of the path, then where it really leads
    /// once symlinks are followed (for a path that does not exist yet, its nearest existing folder).
    pub fn resolve(&self, path: &str) -> Result<PathBuf, String> {
        let relative = Path::new(path);
        if path.is_empty() {
            return Err("the path is empty; give a path relative to the project root".into());
        }
        if relative.is_absolute() || path.starts_with('/') || path.starts_with('\\') {
            return Err(format!("`{path}` is absolute; give a path relative to the project root"));
        }
        let mut depth = 0i32;
        for component in relative.components() {
            match component {
                Component::ParentDir => depth -= 1,
                Component::Normal(_) => depth += 1,
                Component::CurDir => {}
                _ => return Err(format!("`{path}` is not a plain relative path")),
            }
            if depth < 0 {
                return Err(format!("`{path}` leaves the project root through `..`"));
            }
        }
        let full = self.root.join(relative);
        let mut existing = full.as_path();
        while !existing.exists() {
            existing = existing.parent().ok_or_else(|| format!("`{path}` has no existing folder"))?;
        }
        let real = existing.canonicalize().map_err(|err| format!("`{path}`: {err}"))?;
        if !real.starts_with(&self.root) {
            return Err(format!("`{path}` leads outside the project root through a symlink"));
        }
        Ok(full)
    }

    fn relative(&self, path: &Path) -> String {
        path.strip_prefix(&self.root).unwrap_or(path).to_string_lossy().replace('\\', "/")
    }
}

#[toolbox]
impl FileTools {
    /// Read a text file.
    ///
    /// # Arguments
    /// * `path` - The file, relative to the project root.
    #[tool(name = "readFile", read_only)]
    pub fn read_file(&self, path: String) -> Result<String, String> {
        let full = self.resolve(&path)?;
        std::fs::read_to_string(&full).map_err(|err| format!("cannot read `{path}`: {err}"))
    }

    /// Write a text file, replacing it if it exists.
    ///
    /// # Arguments
    /// * `path` - The file, relative to the project root.
    /// * `content` - The whole new text.
    #[tool(name = "writeFile", destructive, idempotent)]
    pub fn write_file(&self, path: String, content: String) -> Result<Written, String> {
        let full = self.resolve(&path)?;
        std::fs::write(&full, &content).map_err(|err| format!("cannot write `{path}`: {err}"))?;
        Ok(Written { path: self.relative(&full), bytes: content.len() })
    }

    /// List the entries of a folder, sorted by path.
    ///
    /// # Arguments
    /// * `path` - The folder, relative to the project root; `.` for the root.
    #[tool(name = "listFiles", read_only)]
    pub fn list_files(&self, #[arg(default = ".".to_owned())] path: String) -> Result<Vec<Entry>, String> {
        let full = self.resolve(&path)?;
        let entries = std::fs::read_dir(&full).map_err(|err| format!("cannot list `{path}`: {err}"))?;
        let mut listed: Vec<Entry> = entries
            .flatten()
            .map(|entry| Entry { path: self.relative(&entry.path()), is_dir: entry.path().is_dir() })
            .collect();
        listed.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(listed)
    }

    /// Create a folder and any missing parents.
    ///
    /// # Arguments
    /// * `path` - The folder, relative to the project root.
    #[tool(name = "createDirectory", idempotent)]
    pub fn create_directory(&self, path: String) -> Result<String, String> {
        let full = self.resolve(&path)?;
        std::fs::create_dir_all(&full).map_err(|err| format!("cannot create `{path}`: {err}"))?;
        Ok(format!("created {}", self.relative(&full)))
    }

    /// Delete a file.
    ///
    /// # Arguments
    /// * `path` - The file, relative to the project root.
    #[tool(name = "deleteFile", destructive)]
    pub fn delete_file(&self, path: String) -> Result<String, String> {
        let full = self.resolve(&path)?;
        std::fs::remove_file(&full).map_err(|err| format!("cannot delete `{path}`: {err}"))?;
        Ok(format!("deleted {}", self.relative(&full)))
    }

    /// Tell whether a file or folder exists.
    ///
    /// # Arguments
    /// * `path` - The path, relative to the project root.
    #[tool(name = "fileExists", read_only)]
    pub fn file_exists(&self, path: String) -> Result<bool, String> {
        Ok(self.resolve(&path)?.exists())
    }
}
