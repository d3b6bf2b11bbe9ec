//! Toolboxes made of toolboxes: combined, narrowed and prefixed views list, render, call and
//! dispatch like any toolbox, and refuse what would confuse a model (a shared name, an unknown one,
//! a name a provider rejects).

use std::sync::Mutex;

use pollster::block_on;
use serde_json::json;
use toolc::{
    Arguments, CallContext, Combine, ComposeError, DispatchOptions, Target, ToolError, ToolList, ToolOutput, Toolbox,
    toolbox,
};
use toolc_tests::browser::Browser;

/// Notes the tools share: a second toolbox with state of its own.
#[derive(Default)]
struct Notes {
    notes: Mutex<Vec<String>>,
}

#[toolbox]
impl Notes {
    /// Keep a note.
    ///
    /// # Arguments
    /// * `text` - What to note.
    #[tool]
    fn note(&self, text: String) -> usize {
        let mut notes = self.notes.lock().unwrap();
        notes.push(text);
        notes.len()
    }

    /// Add up numbers (a name the browser's toolbox uses too).
    #[tool]
    fn add(values: Vec<i64>) -> i64 {
        values.iter().sum()
    }
}

/// A toolbox written by hand, which cannot tell the compiler its names: it lists the browser's.
struct Calculator {
    list: ToolList,
}

impl Calculator {
    fn new() -> Self {
        Calculator { list: ToolList::new(Browser::default().tools().to_vec()) }
    }
}

impl Toolbox for Calculator {
    fn tool_list(&self) -> &ToolList {
        &self.list
    }

    async fn call_arguments(&self, name: &str, _: Arguments<'_>, _: &CallContext) -> Result<ToolOutput, ToolError> {
        Ok(ToolOutput::json(json!(format!("calculator ran {name}"))))
    }
}

/// A toolbox written by hand that answers whether the call's context says it is cancelled.
struct Watching {
    list: ToolList,
}

impl Toolbox for Watching {
    fn tool_list(&self) -> &ToolList {
        &self.list
    }

    async fn call_arguments(&self, _: &str, _: Arguments<'_>, context: &CallContext) -> Result<ToolOutput, ToolError> {
        Ok(ToolOutput::json(json!(context.is_cancelled())))
    }
}

#[test]
fn every_entry_of_a_hand_written_toolbox_reaches_its_one_call_method_with_the_context() {
    let watching = Watching { list: ToolList::new(Browser::default().tools().to_vec()) };
    let cancelled = CallContext::new().cancelled_when(|| true);
    assert_eq!(block_on(watching.call_with("launchBrowser", "{}", &cancelled)).unwrap(), json!(true));
    assert_eq!(block_on(watching.call("launchBrowser", "{}")).unwrap(), json!(false), "no context: detached");
    let narrowed = watching.only(["launchBrowser"]).unwrap();
    assert_eq!(block_on(narrowed.call_with("launchBrowser", "{}", &cancelled)).unwrap(), json!(true));
    let prefixed = (&watching).prefixed("web_").unwrap();
    assert_eq!(block_on(prefixed.call_with("web_launchBrowser", "{}", &cancelled)).unwrap(), json!(true));
    let combined = (prefixed, Browser::default()).combine().unwrap();
    assert_eq!(block_on(combined.call_with("web_launchBrowser", "{}", &cancelled)).unwrap(), json!(true));
}

fn names(toolbox: &impl Toolbox) -> Vec<String> {
    toolbox.tools().iter().map(|tool| tool.name.to_string()).collect()
}

#[test]
fn a_combination_lists_and_runs_every_members_tools_with_their_state() {
    let (browser, notes) = (Browser::default(), Notes::default());
    let all = (&browser, notes.except(["add"]).unwrap()).combine().unwrap();
    assert_eq!(names(&all), ["launchBrowser", "scroll_page", "add", "note"], "member order, then source order");

    // One response calling tools of both members: each runs in its member, answered in order.
    let response = json!({"role": "assistant", "content": [
        {"type": "tool_use", "id": "t1", "name": "launchBrowser", "input": {"url": "https://a.test"}},
        {"type": "tool_use", "id": "t2", "name": "note", "input": {"text": "opened a"}},
        {"type": "tool_use", "id": "t3", "name": "add", "input": {"a": 1, "b": 2}},
        {"type": "tool_use", "id": "t4", "name": "close", "input": {}}
    ]});
    let exchange = block_on(all.dispatch(Target::Anthropic, response.to_string(), DispatchOptions::default())).unwrap();
    let texts: Vec<String> = exchange.results.iter().map(|result| result.text()).collect();
    assert_eq!(texts[..3], [r#"{"tab":0,"url":"https://a.test"}"#, "1", "3"]);
    assert_eq!(
        texts[3], "unknown tool `close`. Available tools: launchBrowser, scroll_page, add, note.",
        "an unknown name lists the whole combination"
    );
    assert_eq!(browser.tab_count(), 1);
    assert_eq!(*notes.notes.lock().unwrap(), ["opened a"]);

    // Rendered once, with every member's tools, for every target.
    for target in Target::ALL {
        let first = all.render(target).unwrap();
        assert!(std::ptr::eq(first, all.render(target).unwrap()), "{target}: rendered once, then read");
    }
    assert_eq!(all.render(Target::OpenAi).unwrap().as_array().unwrap().len(), 4);
}

#[test]
fn arguments_as_objects_and_call_contexts_reach_the_member() {
    let all = (Browser::default(), Notes::default().prefixed("notes_").unwrap()).combine().unwrap();
    let arguments = json!({"text": "from an object"});
    let context = CallContext::detached();
    let out = block_on(all.call_arguments("notes_note", Arguments::Object(arguments.as_object().unwrap()), context));
    assert_eq!(out.unwrap().json, 1);
    let out = block_on(all.call_with("scroll_page", r#"{"direction": "up"}"#, context));
    assert_eq!(out.unwrap(), "scrolled Up by 400px");
}

#[test]
fn a_shared_name_the_compiler_cannot_see_is_refused_naming_both_members() {
    let err = (Notes::default(), Calculator::new()).combine().unwrap_err();
    match &err {
        ComposeError::SharedName { name, members: [(0, first), (1, second)] } => {
            assert_eq!(name, "add");
            assert!(first.ends_with("Notes") && second.ends_with("Calculator"), "{first}, {second}");
        }
        other => panic!("expected a shared name, got {other:?}"),
    }
    let text = err.to_string();
    assert!(
        text.starts_with(
            "members 0 (`suite::compose::Notes`) and 1 (`suite::compose::Calculator`) both have a tool named `add`"
        ),
        "{text}"
    );
    assert!(text.contains(".prefixed("), "{text}");

    // A prefix on one member resolves it; the hand-written member is called by its own names.
    let all = (Notes::default(), Calculator::new().prefixed("calc_").unwrap()).combine().unwrap();
    assert_eq!(names(&all), ["note", "add", "calc_launchBrowser", "calc_scroll_page", "calc_add"]);
    assert_eq!(block_on(all.call("calc_add", "{}")).unwrap(), "calculator ran add");
    assert_eq!(block_on(all.call("add", r#"{"values": [2, 3]}"#)).unwrap(), 5);
}

#[test]
fn a_prefixed_toolbox_is_called_and_corrected_by_its_prefixed_names() {
    let browser = Browser::default().prefixed("web-").unwrap();
    assert_eq!(names(&browser), ["web-launchBrowser", "web-scroll_page", "web-add"]);
    assert_eq!(browser.render(Target::Gemini).unwrap()[0]["functionDeclarations"][2]["name"], "web-add");

    let err = block_on(browser.call("web-launchBrowser", r#"{"url": "ftp://x"}"#)).unwrap_err();
    assert_eq!(err.to_string(), "tool `web-launchBrowser` failed: `ftp://x` is not an http(s) URL");
    let err = block_on(browser.call("web-add", r#"{"a": 1}"#)).unwrap_err();
    assert!(err.to_string().starts_with("invalid arguments for tool `web-add`:"), "{err}");
    assert!(err.to_string().ends_with("call `web-add` again."), "{err}");
    let err = block_on(browser.call("add", r#"{"a": 1, "b": 2}"#)).unwrap_err();
    assert_eq!(err.to_string(), "unknown tool `add`. Available tools: web-launchBrowser, web-scroll_page, web-add.");
}

#[test]
fn a_prefix_that_makes_a_name_no_provider_takes_is_refused() {
    let err = Browser::default().prefixed("my tools ").unwrap_err();
    assert_eq!(err, ComposeError::InvalidName { name: "my tools launchBrowser".into() });
    let long = "p".repeat(52);
    let err = Browser::default().prefixed(&long).unwrap_err();
    let text = err.to_string();
    assert!(text.contains(&format!("`{long}launchBrowser` (65 characters)")), "{text}");
    assert!(text.contains("^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$"), "{text}");
    assert!(Browser::default().prefixed(&"p".repeat(51)).is_ok(), "64 characters are allowed");
}

#[test]
fn a_narrowed_toolbox_lists_renders_and_runs_its_tools_alone() {
    let browser = Browser::default();
    let step = browser.only(["scroll_page", "launchBrowser"]).unwrap();
    assert_eq!(names(&step), ["launchBrowser", "scroll_page"], "the toolbox's order, not the list's");
    let rendered = step.render(Target::OpenAiResponses).unwrap();
    assert_eq!(rendered.as_array().unwrap().len(), 2);
    assert!(std::ptr::eq(rendered, step.render(Target::OpenAiResponses).unwrap()), "rendered once, then read");
    assert_eq!(rendered[1], browser.render(Target::OpenAiResponses).unwrap()[1], "the same rendering of a tool");

    // A call outside the step is an unknown tool, answered to the model with the allowed ones.
    let response = json!({"output": [
        {"type": "function_call", "call_id": "c1", "name": "add", "arguments": "{\"a\": 1, \"b\": 2}"},
        {"type": "function_call", "call_id": "c2", "name": "launchBrowser", "arguments": "{\"url\": \"https://b.test\"}"}
    ]});
    let exchange = block_on(step.dispatch(Target::OpenAiResponses, response.to_string(), DispatchOptions::default()));
    let exchange = exchange.unwrap();
    assert!(exchange.results[0].is_error);
    assert_eq!(exchange.results[0].text(), "unknown tool `add`. Available tools: launchBrowser, scroll_page.");
    assert_eq!(exchange.results[1].content["url"], "https://b.test");
    assert_eq!(browser.tab_count(), 1, "the step's calls reach the browser itself");

    let rest = browser.except(["add"]).unwrap();
    assert_eq!(names(&rest), ["launchBrowser", "scroll_page"]);
    assert_eq!(names(&browser.only::<&str>([]).unwrap()), Vec::<String>::new());
}

#[test]
fn narrowing_to_a_name_the_toolbox_lacks_is_an_error_with_a_suggestion() {
    let browser = Browser::default();
    let err = browser.only(["launchBrowser", "scrollPage"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "no tool is named `scrollPage`; did you mean `scroll_page`? The tools: launchBrowser, scroll_page, add."
    );
    let err = browser.except(["reboot"]).unwrap_err();
    assert_eq!(err.to_string(), "no tool is named `reboot`. The tools: launchBrowser, scroll_page, add.");
}
