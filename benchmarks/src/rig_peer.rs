//! The same two tools as rig tools, dispatched by name the way rig's driver serves a tool call:
//! each wrapped in a `ToolAdapter`, erased, and served inline.
//!
//! rig 0.44 has no `ToolSet`; its tool calls go through these handlers.

use crate::{Big, SearchArgs, search_work};
use rig_core::effect::EffectKind;
use rig_core::serve::adapters::ToolAdapter;
use rig_core::serve::{ErasedHandler, serve_inline};
use rig_core::tool::Tool;
use std::collections::HashMap;

/// Search, as a rig tool.
pub struct RigSearch;

/// Store, as a rig tool.
pub struct RigStore;

/// The error neither tool returns.
#[derive(Debug)]
pub struct Never;

impl std::fmt::Display for Never {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("never")
    }
}

impl std::error::Error for Never {}

impl Tool for RigSearch {
    const NAME: &'static str = "search";
    type Args = SearchArgs;
    type Output = usize;
    type Error = Never;

    fn description(&self) -> String {
        "Search the web.".into()
    }

    fn parameters(&self) -> serde_json::Value {
        serde_json::Value::Null
    }

    async fn call(&self, _: &mut rig_core::tool::ToolContext, args: SearchArgs) -> Result<usize, Never> {
        let _ = (&args.language, args.safe_search);
        Ok(search_work(&args.query, args.num_results, args.offset))
    }
}

/// The 50-field call's arguments as rig takes them.
#[derive(serde::Deserialize)]
pub struct StoreArgs {
    /// The record.
    pub record: Big,
}

impl Tool for RigStore {
    const NAME: &'static str = "store";
    type Args = StoreArgs;
    type Output = usize;
    type Error = Never;

    fn description(&self) -> String {
        "Store a large record.".into()
    }

    fn parameters(&self) -> serde_json::Value {
        serde_json::Value::Null
    }

    async fn call(&self, _: &mut rig_core::tool::ToolContext, args: StoreArgs) -> Result<usize, Never> {
        Ok(args.record.one.i.len() + args.record.five.a.len())
    }
}

/// The tools by name.
pub struct RigTools(HashMap<&'static str, ErasedHandler>);

impl Default for RigTools {
    fn default() -> Self {
        let mut tools = HashMap::new();
        tools.insert(RigSearch::NAME, ErasedHandler::new(ToolAdapter::new(RigSearch)));
        tools.insert(RigStore::NAME, ErasedHandler::new(ToolAdapter::new(RigStore)));
        RigTools(tools)
    }
}

impl RigTools {
    /// Runs the tool `name` on `arguments` (JSON text).
    pub async fn call(&self, name: &str, arguments: &str) -> rig_core::effect::Outcome {
        let handler = self.0.get(name).expect("a known tool");
        let kind = EffectKind::ToolCall { name: name.to_owned(), args: arguments.to_owned() };
        serve_inline(handler, kind).await.expect("the tool answers")
    }
}
