//! A browser the model drives, step by step, each step answered with a status it can act on.
//! The page model is in memory: an application plugs in its own pages.

use std::collections::BTreeMap;
use std::sync::Mutex;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{ContentPart, Image, toolbox};

use crate::screen;

/// A page: its elements by CSS selector, each with its text.
#[derive(Debug, Clone, Default)]
pub struct Page {
    pub elements: BTreeMap<String, String>,
    /// Where clicking an element leads, by selector.
    pub links: BTreeMap<String, String>,
}

/// How an action went.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ok,
    NotFound,
    NotLaunched,
}

/// What a browser action reports.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ActionResult {
    pub status: Status,
    /// The page's address after the action, when a page is open.
    pub url: Option<String>,
    /// What happened, in words.
    pub message: String,
}

/// Where to scroll.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScrollDirection {
    Up,
    Down,
}

#[derive(Default)]
struct Session {
    url: Option<String>,
    typed: BTreeMap<String, String>,
    scroll: i64,
}

/// The browser tools.
pub struct BrowserTools {
    pages: BTreeMap<String, Page>,
    session: Mutex<Session>,
}

impl BrowserTools {
    /// A browser that knows `pages` by address.
    pub fn new(pages: BTreeMap<String, Page>) -> Self {
        BrowserTools { pages, session: Mutex::new(Session::default()) }
    }

    /// The open page's screenshot, as one PNG part; none when no page is open.
    fn screenshot(&self) -> Option<Vec<ContentPart>> {
        let session = self.session.lock().unwrap();
        let url = session.url.as_ref()?;
        let page = self.pages.get(url).cloned().unwrap_or_default();
        let png = screen::screenshot(url, &page.elements, &page.links, &session.typed, session.scroll);
        Some(vec![ContentPart::Image(Image::png(png))])
    }

    fn result(&self, status: Status, message: impl Into<String>) -> ActionResult {
        let url = self.session.lock().unwrap().url.clone();
        ActionResult { status, url, message: message.into() }
    }

    /// Runs `action` on the open page's element `selector`.
    fn on_element(&self, selector: &str, action: impl FnOnce(&Page, &str) -> ActionResult) -> ActionResult {
        let url = self.session.lock().unwrap().url.clone();
        let Some(url) = url else {
            return self.result(Status::NotLaunched, "no page is open: call launchBrowser first");
        };
        let page = self.pages.get(&url).cloned().unwrap_or_default();
        match page.elements.get(selector) {
            Some(text) => action(&page, text),
            None => self.result(Status::NotFound, format!("no element matches `{selector}` on {url}")),
        }
    }
}

#[toolbox]
impl BrowserTools {
    /// Open the browser at a URL.
    ///
    /// # Arguments
    /// * `url` - The address to open.
    #[tool(name = "launchBrowser", open_world)]
    pub fn launch_browser(&self, url: String) -> (ActionResult, Vec<ContentPart>) {
        if !self.pages.contains_key(&url) {
            return (self.result(Status::NotFound, format!("{url} did not load")), Vec::new());
        }
        *self.session.lock().unwrap() = Session { url: Some(url.clone()), ..Session::default() };
        let shown = self.screenshot().unwrap_or_default();
        (self.result(Status::Ok, format!("opened {url}; its screenshot is attached")), shown)
    }

    /// Click an element.
    ///
    /// # Arguments
    /// * `selector` - CSS selector of the element.
    #[tool(name = "clickElement")]
    pub fn click_element(&self, selector: String) -> ActionResult {
        self.on_element(&selector, |page, _| {
            if let Some(target) = page.links.get(&selector) {
                self.session.lock().unwrap().url = Some(target.clone());
                return self.result(Status::Ok, format!("clicked `{selector}`, now on {target}"));
            }
            self.result(Status::Ok, format!("clicked `{selector}`"))
        })
    }

    /// Type text into an element.
    ///
    /// # Arguments
    /// * `selector` - CSS selector of the input.
    /// * `text` - What to type.
    #[tool(name = "typeText")]
    pub fn type_text(&self, selector: String, text: String) -> ActionResult {
        self.on_element(&selector, |_, _| {
            self.session.lock().unwrap().typed.insert(selector.clone(), text.clone());
            self.result(Status::Ok, format!("typed {} characters into `{selector}`", text.chars().count()))
        })
    }

    /// Scroll the page.
    ///
    /// # Arguments
    /// * `direction` - Which way.
    /// * `amount` - How far, in pixels.
    #[tool(name = "scrollPage")]
    pub fn scroll_page(&self, direction: ScrollDirection, #[arg(default = 500)] amount: u32) -> ActionResult {
        let mut session = self.session.lock().unwrap();
        if session.url.is_none() {
            drop(session);
            return self.result(Status::NotLaunched, "no page is open: call launchBrowser first");
        }
        let step = i64::from(amount);
        session.scroll = match direction {
            ScrollDirection::Down => session.scroll + step,
            ScrollDirection::Up => (session.scroll - step).max(0),
        };
        let at = session.scroll;
        drop(session);
        self.result(Status::Ok, format!("scrolled to {at}px"))
    }

    /// Take a screenshot of the page.
    #[tool(name = "captureScreenshot", read_only)]
    pub fn capture_screenshot(&self) -> (ActionResult, Vec<ContentPart>) {
        match self.screenshot() {
            Some(png) => (self.result(Status::Ok, "the screenshot is attached"), png),
            None => (self.result(Status::NotLaunched, "no page is open: call launchBrowser first"), Vec::new()),
        }
    }

    /// Read an element's text.
    ///
    /// # Arguments
    /// * `selector` - CSS selector of the element.
    #[tool(name = "getElementText", read_only)]
    pub fn get_element_text(&self, selector: String) -> ActionResult {
        self.on_element(&selector, |_, text| self.result(Status::Ok, text.to_owned()))
    }

    /// Tell whether an element exists on the page.
    ///
    /// # Arguments
    /// * `selector` - CSS selector of the element.
    #[tool(name = "checkElementExists", read_only)]
    pub fn check_element_exists(&self, selector: String) -> ActionResult {
        let found = self.on_element(&selector, |_, _| self.result(Status::Ok, format!("`{selector}` exists")));
        if found.status == Status::NotFound {
            self.result(Status::Ok, format!("`{selector}` does not exist"))
        } else {
            found
        }
    }

    /// Close the browser.
    #[tool(name = "closeBrowser", idempotent)]
    pub fn close_browser(&self) -> ActionResult {
        *self.session.lock().unwrap() = Session::default();
        self.result(Status::Ok, "closed")
    }
}
