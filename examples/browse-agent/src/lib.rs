//! A plan-then-execute browser agent. The plan is a list of [`Step`]s; each binds the tools the
//! model may use for it (the last adds `final_answer`). The step loop sends the step's tools, runs
//! every tool call of each response through [`Toolbox::dispatch`], keeps the calls and results as
//! history ([`ToolCall`], [`ToolResult`], errors marked), and stops at the final answer.
//!
//! The model is anything that answers a request: [`Replay`] plays recorded responses, so the loop
//! runs without a network.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Mutex;

use serde_json::{Value, json};
use toolc::{
    DispatchOptions, FinalAnswer, RenderOptions, Target, Tool, ToolCall, ToolDef, ToolResult, Toolbox, render_tools,
    toolbox,
};

/// A tiny web: page text by URL.
pub struct BrowserTools {
    pages: BTreeMap<String, String>,
    current: Mutex<Option<String>>,
}

impl BrowserTools {
    /// A browser over `pages` (URL → text).
    pub fn new(pages: BTreeMap<String, String>) -> Self {
        BrowserTools { pages, current: Mutex::new(None) }
    }

    fn page(&self) -> Result<String, String> {
        let url = self.current.lock().unwrap().clone().ok_or("no page is open: call navigate first")?;
        Ok(self.pages[&url].clone())
    }
}

#[toolbox]
impl BrowserTools {
    /// Open a page.
    ///
    /// # Arguments
    /// * `url` - The page's address.
    #[tool(open_world)]
    pub fn navigate(&self, url: String) -> Result<String, String> {
        if !self.pages.contains_key(&url) {
            return Err(format!("{url} could not be loaded"));
        }
        *self.current.lock().unwrap() = Some(url.clone());
        Ok(format!("opened {url}"))
    }

    /// Read the open page's text.
    #[tool(read_only)]
    pub fn read_page(&self) -> Result<String, String> {
        self.page()
    }

    /// Find the lines of the open page that contain a text.
    ///
    /// # Arguments
    /// * `text` - What to look for (case does not matter).
    #[tool(read_only)]
    pub fn find_text(&self, text: String) -> Result<Vec<String>, String> {
        let needle = text.to_lowercase();
        Ok(self.page()?.lines().filter(|line| line.to_lowercase().contains(&needle)).map(str::to_owned).collect())
    }
}

/// One step of the plan: what to achieve, and the tools the model may use for it.
#[derive(Debug, Clone)]
pub struct Step {
    pub goal: String,
    pub tools: Vec<&'static str>,
    /// Whether the model may give the final answer in this step.
    pub may_answer: bool,
}

/// What the agent sends the model each turn.
pub struct Request<'a> {
    pub goal: &'a str,
    /// The request's `tools` value for the step.
    pub tools: &'a Value,
    /// The conversation so far, in the provider's message format.
    pub messages: &'a [Value],
}

/// Something that answers a request with a provider response (JSON text).
pub trait Model {
    fn respond(&mut self, request: &Request<'_>) -> Option<String>;
}

/// Recorded responses, played in order.
pub struct Replay {
    responses: VecDeque<String>,
    /// The tools of each request, to check what was bound when.
    pub seen_tools: Vec<Value>,
}

impl Replay {
    pub fn new(responses: impl IntoIterator<Item = String>) -> Self {
        Replay { responses: responses.into_iter().collect(), seen_tools: Vec::new() }
    }
}

impl Model for Replay {
    fn respond(&mut self, request: &Request<'_>) -> Option<String> {
        self.seen_tools.push(request.tools.clone());
        self.responses.pop_front()
    }
}

/// One turn of the loop, kept as history.
#[derive(Debug, Clone)]
pub struct Turn {
    pub step: usize,
    pub calls: Vec<ToolCall>,
    pub results: Vec<ToolResult>,
}

/// How a run went.
#[derive(Debug, Clone)]
pub struct Transcript {
    pub turns: Vec<Turn>,
    pub answer: Option<String>,
}

/// The most turns one step may take.
const TURNS_PER_STEP: usize = 5;

/// Runs `plan` against `model`, which speaks `target`'s format.
pub async fn run(
    browser: &BrowserTools,
    plan: &[Step],
    target: Target,
    model: &mut impl Model,
) -> Result<Transcript, String> {
    let mut messages: Vec<Value> = Vec::new();
    let mut turns = Vec::new();
    for (index, step) in plan.iter().enumerate() {
        // The browser narrowed to the step: a tool outside it is refused as unknown.
        let step_tools = browser.only(&step.tools).map_err(|err| err.to_string())?;
        let mut defs: Vec<ToolDef> = step_tools.tools().to_vec();
        if step.may_answer {
            defs.push(FinalAnswer::definition().clone());
        }
        let tools = render_tools(&defs, target, &RenderOptions::default()).map_err(|err| err.to_string())?.value;
        for _ in 0..TURNS_PER_STEP {
            let request = Request { goal: &step.goal, tools: &tools, messages: &messages };
            let Some(response) = model.respond(&request) else { return Err("the model gave no response".into()) };
            let options = DispatchOptions::default().final_answer(step.may_answer);
            let exchange = step_tools.dispatch(target, &response, options).await.map_err(|err| err.to_string())?;
            messages.push(serde_json::from_str(&response).unwrap_or(Value::Null));
            let done = exchange.calls.is_empty() || exchange.final_answer.is_some();
            turns.push(Turn { step: index, calls: exchange.calls, results: exchange.results });
            if let Some(answer) = exchange.final_answer {
                return Ok(Transcript { turns, answer: Some(answer) });
            }
            match exchange.reply {
                Value::Array(items) => messages.extend(items),
                Value::Null => {}
                reply => messages.push(reply),
            }
            if done {
                break;
            }
        }
    }
    Ok(Transcript { turns, answer: None })
}

/// The plan and pages of the recorded runs: find Rust's latest release, then answer.
pub fn release_plan() -> (BrowserTools, Vec<Step>) {
    let mut pages = BTreeMap::new();
    pages.insert("https://rust.test/".to_owned(), "Rust\nInstall\nReleases: see /releases".to_owned());
    pages.insert(
        "https://rust.test/releases".to_owned(),
        "Releases\nRust 1.95.0 (2026-04-16)\nRust 1.94.1 (2026-03-26)".to_owned(),
    );
    let plan = vec![
        Step {
            goal: "Find the page that lists Rust releases".into(),
            tools: vec!["navigate", "find_text"],
            may_answer: false,
        },
        Step {
            goal: "Read the latest release and answer".into(),
            tools: vec!["read_page", "find_text"],
            may_answer: true,
        },
    ];
    (BrowserTools::new(pages), plan)
}

/// The assistant message a provider would need to see the calls in history (for display).
pub fn describe(turn: &Turn) -> Value {
    json!({"step": turn.step, "calls": turn.calls, "results": turn.results})
}
