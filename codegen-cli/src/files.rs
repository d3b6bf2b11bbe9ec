//! Writing files atomically: into a temporary file beside the target, then renamed over it, so a
//! reader never sees half a file and an interrupted export loses nothing.

use std::io::Write;
use std::path::Path;

pub fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|name| name.to_str()).unwrap_or("file");
    let temporary = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(contents.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

/// JSON as the files hold it: two-space indents, keys sorted, a final newline.
pub fn pretty(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).expect("JSON values serialize") + "\n"
}

/// Reads the JSON text of `file` (`-` for standard input), with the name a bare schema in it takes.
pub fn load_json(file: &std::path::Path) -> Result<(serde_json::Value, String), crate::Failure> {
    use crate::Failure;
    let text = if file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|err| Failure(format!("cannot read {}: {err}", file.display())))?
    };
    let value = serde_json::from_str(&text).map_err(|err| Failure(format!("{} is not JSON: {err}", file.display())))?;
    let stem = file.file_stem().and_then(|stem| stem.to_str()).filter(|stem| *stem != "-").unwrap_or("tool").to_owned();
    Ok((value, stem))
}
