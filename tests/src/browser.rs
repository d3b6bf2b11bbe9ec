//! A toolbox over an impl block, with state in `&self`.

use std::sync::Mutex;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::toolbox;

/// A browser whose tabs the tools share.
#[derive(Debug, Default)]
pub struct Browser {
    pub tabs: Mutex<Vec<String>>,
}

/// What a browser action reports.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Page {
    /// The tab's index.
    pub tab: usize,
    pub url: String,
}

/// Where to scroll.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Up,
    Down,
}

#[toolbox]
impl Browser {
    /// Open a URL in a new tab.
    ///
    /// # Arguments
    /// * `url` - The address to open.
    #[tool(name = "launchBrowser", open_world = true)]
    pub async fn launch(&self, url: String) -> Result<Page, String> {
        if !url.starts_with("http") {
            return Err(format!("`{url}` is not an http(s) URL"));
        }
        let mut tabs = self.tabs.lock().unwrap();
        tabs.push(url.clone());
        Ok(Page { tab: tabs.len() - 1, url })
    }

    /// Scroll the current page.
    ///
    /// # Arguments
    /// * `direction` - Which way.
    /// * `pixels` - How far.
    #[tool(rename_all = "camelCase", example({"direction": "down"}))]
    pub fn scroll_page(&self, direction: Direction, #[arg(default = 400)] pixels: u32) -> String {
        format!("scrolled {direction:?} by {pixels}px")
    }

    /// Add two numbers.
    #[tool]
    pub fn add(a: i64, b: i64) -> i64 {
        a + b
    }

    /// Not a tool: the model cannot call it.
    pub fn tab_count(&self) -> usize {
        self.tabs.lock().unwrap().len()
    }
}
