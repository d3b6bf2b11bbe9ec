//! Every kind of tool, written against `toolc` renamed to `agent_tools` (and on edition 2021), so
//! the generated code is proven to find the runtime by whatever name the user gave it.

use agent_tools::{tool, toolbox};
use schemars::JsonSchema;
use serde::Deserialize;

/// Add two numbers.
#[tool]
pub fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// Colors found in the image.
#[tool(name = "extract_colors")]
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
pub struct ColorPalette {
    /// Hex codes.
    pub colors: Vec<String>,
}

/// A counter the tools share.
pub struct Counter(pub std::sync::atomic::AtomicU64);

#[toolbox]
impl Counter {
    /// Count one more.
    #[tool]
    pub async fn increment(&self, #[arg(default = 1)] by: u64) -> u64 {
        self.0.fetch_add(by, std::sync::atomic::Ordering::SeqCst) + by
    }
}

/// The operations.
#[toolbox]
#[derive(Debug, PartialEq)]
pub enum Op {
    ColorPalette(ColorPalette),
}

#[cfg(test)]
mod tests {
    use super::*;
    use agent_tools::{ConfigTool, FnTool, ToolSet, Toolbox};

    #[test]
    fn every_kind_of_tool_works_under_the_new_name() {
        assert_eq!(pollster::block_on(AddTool::call(r#"{"a": 1, "b": 2}"#)).unwrap(), 3);
        let counter = Counter(Default::default());
        assert_eq!(pollster::block_on(counter.call("increment", "{}")).unwrap(), 1);
        let palette = ColorPalette::parse(r#"{"colors": ["red"]}"#).unwrap();
        assert_eq!(Op::parse("extract_colors", r#"{"colors": ["red"]}"#).unwrap(), Op::ColorPalette(palette));
        let names: Vec<&str> = agent_tools::registry::tools()
            .iter()
            .filter(|def| def.source.is_some_and(|source| source.package == "toolc-renamed-dependency"))
            .map(|def| &*def.name)
            .collect();
        assert_eq!(names, ["add", "extract_colors", "increment"]);
    }
}
