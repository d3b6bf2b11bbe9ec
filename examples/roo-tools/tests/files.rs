//! The file tools on real files in a temporary folder: they work inside the root, and refuse
//! absolute paths, `..` escapes and symlinks that lead out — as answers the model can read.

use pollster::block_on;
use roo_tools::files::FileTools;
use serde_json::json;
use toolc::{ToolError, Toolbox};

fn call(tools: &FileTools, name: &str, arguments: serde_json::Value) -> Result<serde_json::Value, ToolError> {
    block_on(tools.call(name, &arguments.to_string()))
}

fn refusal(outcome: Result<serde_json::Value, ToolError>) -> String {
    match outcome {
        Err(ToolError::Failed { message, .. }) => message,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn reads_writes_lists_and_deletes_inside_the_root() {
    let root = tempfile::tempdir().unwrap();
    let tools = FileTools::new(root.path()).unwrap();
    assert_eq!(call(&tools, "createDirectory", json!({"path": "src"})).unwrap(), "created src");
    assert_eq!(
        call(&tools, "writeFile", json!({"path": "src/main.rs", "content": "fn main() {}"})).unwrap(),
        json!({"path": "src/main.rs", "bytes": 12})
    );
    assert_eq!(call(&tools, "readFile", json!({"path": "src/main.rs"})).unwrap(), "fn main() {}");
    assert_eq!(call(&tools, "listFiles", json!({})).unwrap(), json!([{"path": "src", "is_dir": true}]));
    assert_eq!(
        call(&tools, "listFiles", json!({"path": "src"})).unwrap(),
        json!([{"path": "src/main.rs", "is_dir": false}])
    );
    assert_eq!(call(&tools, "fileExists", json!({"path": "./src/../src/main.rs"})).unwrap(), true);
    assert_eq!(call(&tools, "deleteFile", json!({"path": "src/main.rs"})).unwrap(), "deleted src/main.rs");
    assert_eq!(call(&tools, "fileExists", json!({"path": "src/main.rs"})).unwrap(), false);
}

#[test]
fn absolute_paths_and_parent_escapes_are_refused() {
    let outer = tempfile::tempdir().unwrap();
    std::fs::write(outer.path().join("secret.txt"), "top secret").unwrap();
    std::fs::create_dir(outer.path().join("project")).unwrap();
    let tools = FileTools::new(outer.path().join("project")).unwrap();

    let absolute = outer.path().join("secret.txt").display().to_string();
    let message = refusal(call(&tools, "readFile", json!({ "path": absolute })));
    assert!(message.ends_with("is absolute; give a path relative to the project root"), "{message}");

    for escape in ["../secret.txt", "a/../../secret.txt", ".."] {
        let message = refusal(call(&tools, "readFile", json!({ "path": escape })));
        assert!(message.contains("leaves the project root through `..`"), "{escape}: {message}");
    }
    let message = refusal(call(&tools, "writeFile", json!({"path": "../evil.txt", "content": "x"})));
    assert!(message.contains("leaves the project root"), "{message}");
    assert!(!outer.path().join("evil.txt").exists(), "nothing was written outside");
}

#[cfg(unix)]
#[test]
fn symlinks_that_lead_out_are_refused_and_those_inside_work() {
    let outer = tempfile::tempdir().unwrap();
    std::fs::write(outer.path().join("secret.txt"), "top secret").unwrap();
    let project = outer.path().join("project");
    std::fs::create_dir_all(project.join("docs")).unwrap();
    std::fs::write(project.join("docs/guide.md"), "# Guide").unwrap();
    std::os::unix::fs::symlink(outer.path(), project.join("outside")).unwrap();
    std::os::unix::fs::symlink(project.join("docs"), project.join("manual")).unwrap();
    let tools = FileTools::new(&project).unwrap();

    let message = refusal(call(&tools, "readFile", json!({"path": "outside/secret.txt"})));
    assert!(message.ends_with("leads outside the project root through a symlink"), "{message}");
    let message = refusal(call(&tools, "writeFile", json!({"path": "outside/new.txt", "content": "x"})));
    assert!(message.contains("through a symlink"), "a file that does not exist yet, under a link out: {message}");
    assert!(!outer.path().join("new.txt").exists());

    assert_eq!(
        call(&tools, "readFile", json!({"path": "manual/guide.md"})).unwrap(),
        "# Guide",
        "a link inside the root is fine"
    );
}

#[test]
fn a_missing_file_is_an_error_the_model_can_read() {
    let root = tempfile::tempdir().unwrap();
    let tools = FileTools::new(root.path()).unwrap();
    let message = refusal(call(&tools, "readFile", json!({"path": "nope.txt"})));
    assert!(message.starts_with("cannot read `nope.txt`"), "{message}");
    let err = call(&tools, "readFile", json!({})).unwrap_err();
    assert!(err.to_string().contains("missing required field `path`"), "{err}");
}
