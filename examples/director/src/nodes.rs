//! Node configurations. Text fields may hold `{{variable}}` templates, filled in when the workflow runs.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::tool;

/// An element selector: one CSS selector, or a list tried in order until one matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Selector {
    /// One CSS selector.
    One(String),
    /// Selectors tried in order; the first that matches is used.
    Fallbacks(Vec<String>),
}

/// Act on the browser: one action per node.
#[tool(
    name = "browser_action",
    example({"action": "navigate", "url": "https://shop.test/search?q={{query}}"}),
    example({"action": "click", "selector": ["button#buy", "button.buy-now"]}, "Fallback selectors")
)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "action", rename_all = "camelCase")]
pub enum BrowserAction {
    /// Go to a URL.
    Navigate {
        /// The URL; may hold `{{variable}}` templates.
        url: String,
    },
    /// Click an element.
    Click {
        /// The element to click.
        selector: Selector,
    },
    /// Type text into an input.
    Type {
        /// The input.
        selector: Selector,
        /// The text; may hold `{{variable}}` templates.
        text: String,
    },
    /// Wait for an element to appear, or for a time.
    Wait {
        /// The element to wait for.
        selector: Option<Selector>,
        /// How long to wait at most, in milliseconds.
        timeout_ms: Option<u32>,
    },
    /// Open a new tab, optionally at a URL.
    OpenNewTab {
        /// The URL to open.
        url: Option<String>,
    },
    /// Switch to a tab by its index.
    SwitchTab {
        /// The tab's index, from 0.
        index: u32,
    },
    /// Go back in history.
    Back,
    /// Go forward in history.
    Forward,
    /// Reload the page.
    Refresh,
    /// Take a screenshot.
    Screenshot {
        /// The whole page, not only the visible part.
        #[serde(default)]
        full_page: bool,
    },
    /// List the open tabs.
    ListTabs,
    /// Tell which tab is active.
    GetCurrentTab,
    /// Press a key, like `Enter` or `Control+A`.
    Keypress {
        /// The key.
        key: String,
    },
    /// Do something described in words, when no selector is known.
    Act {
        /// What to do, like "accept the cookie banner".
        instruction: String,
    },
}

/// Read the page: extract data, observe what can be done, or validate a condition.
#[tool(name = "browser_query")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "mode", rename_all = "camelCase")]
pub enum BrowserQuery {
    /// Extract data into a variable.
    Extract {
        /// What to extract, in words.
        instruction: String,
        /// The variable that receives the result.
        into_variable: String,
    },
    /// List the actions the page offers.
    Observe {
        /// What to look for.
        instruction: Option<String>,
    },
    /// Check a condition on the page, failing the run if it does not hold.
    Validate {
        /// The condition, in words.
        condition: String,
    },
}

/// Run nodes once per item of a list.
#[tool(name = "iterate")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Iterate {
    /// The list to walk, as a `{{variable}}` template.
    pub over: String,
    /// The variable each item is bound to.
    pub item_variable: String,
    /// Aliases of the nodes to run per item, in order.
    pub nodes: Vec<String>,
    /// Stop after this many items.
    pub limit: Option<u32>,
}

/// One case of a value-based route.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RouteCase {
    /// The value that selects this case.
    pub equals: String,
    /// The alias of the node to go to.
    pub goto: String,
}

/// One branch of a condition-based route.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RouteCondition {
    /// The condition, like `{{price}} < 100`.
    pub condition: String,
    /// The alias of the node to go to.
    pub goto: String,
}

/// Choose the next node by a variable's value or by conditions.
#[tool(name = "route")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Route {
    /// Go where the variable's value says.
    Value {
        /// The variable to look at.
        variable: String,
        /// The cases, tried in order.
        cases: Vec<RouteCase>,
        /// Where to go when no case matches.
        default_goto: Option<String>,
    },
    /// Go to the first branch whose condition holds.
    Condition {
        /// The branches, tried in order.
        branches: Vec<RouteCondition>,
        /// Where to go when none holds.
        default_goto: Option<String>,
    },
}

/// One key and value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct KeyValue {
    /// The key.
    pub key: String,
    /// The value; may hold `{{variable}}` templates.
    pub value: String,
}

/// Work with the run's context, the variables nodes share.
#[tool(name = "context")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "operation", rename_all = "camelCase")]
pub enum Context {
    /// Set a variable.
    Set {
        /// The variable.
        key: String,
        /// Its value.
        value: String,
    },
    /// Read a variable into the output.
    Get {
        /// The variable.
        key: String,
    },
    /// Change a variable that exists.
    Update {
        /// The variable.
        key: String,
        /// Its new value.
        value: String,
    },
    /// Remove one variable, or all of them.
    Clear {
        /// The variable; all when absent.
        key: Option<String>,
    },
    /// Set several variables at once.
    Merge {
        /// The variables.
        values: Vec<KeyValue>,
    },
}

/// Gather nodes under one name, to move or delete them together.
#[tool(name = "group")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// The group's name.
    pub name: String,
    /// Aliases of the nodes in the group.
    pub nodes: Vec<String>,
}
