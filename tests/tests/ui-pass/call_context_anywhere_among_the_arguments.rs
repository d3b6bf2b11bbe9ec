//! A `&CallContext` may stand anywhere among a tool's parameters, in a free function or a method;
//! it never appears in the schema.
use toolc::{CallContext, FnTool, Tool, Toolbox, tool, toolbox};

/// Index the files.
///
/// # Arguments
/// * `files` - How many.
#[tool]
pub fn index(files: u32, context: &CallContext) -> u32 {
    if context.is_cancelled() { 0 } else { files }
}

struct Indexer;

#[toolbox]
impl Indexer {
    /// Index the files.
    ///
    /// # Arguments
    /// * `files` - How many.
    #[tool]
    async fn reindex(&self, context: &CallContext, files: u32) -> u32 {
        context.report(1.0, None, "");
        files
    }
}

fn main() {
    assert_eq!(pollster::block_on(IndexTool::call(r#"{"files": 2}"#)).unwrap(), 2);
    assert!(IndexTool::definition().input_schema["properties"].get("context").is_none());
    assert_eq!(pollster::block_on(Indexer.call("reindex", r#"{"files": 3}"#)).unwrap(), 3);
    assert_eq!(Indexer.tools()[0].input_schema["required"], serde_json::json!(["files"]));
}
