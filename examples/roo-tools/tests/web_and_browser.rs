//! The web tools over a fake backend and the browser suite over in-memory pages: inputs checked
//! (`numResults` from 1 to 20, default 5), outputs with their status, errors with details.

use std::collections::BTreeMap;

use pollster::block_on;
use roo_tools::browser::{BrowserTools, Page};
use roo_tools::web::{Backend, SearchResult, WebTools};
use serde_json::{Value, json};
use toolc::{Arguments, CallContext, ContentPart, Target, ToolError, Toolbox};

struct FakeWeb;

impl Backend for FakeWeb {
    fn search(&self, query: &str) -> Vec<SearchResult> {
        (1..=30)
            .map(|i| SearchResult {
                title: format!("{query} {i}"),
                url: format!("https://example.com/{i}"),
                snippet: String::new(),
            })
            .collect()
    }

    fn fetch(&self, url: &str) -> Result<(String, String), (u16, String)> {
        match url {
            "https://example.com/big" => Ok(("x".repeat(2000), "text/plain".into())),
            "https://example.com/gone" => Err((404, "Not Found".into())),
            "https://example.com/down" => Err((503, "Service Unavailable".into())),
            _ => Ok(("# Hello".into(), "text/markdown".into())),
        }
    }
}

fn call(tools: &impl Toolbox, name: &str, arguments: Value) -> Result<Value, ToolError> {
    block_on(tools.call(name, &arguments.to_string()))
}

#[test]
fn search_takes_five_results_by_default_and_refuses_out_of_range_counts() {
    let web = WebTools::new(FakeWeb);
    assert_eq!(call(&web, "webSearch", json!({"query": "rust"})).unwrap().as_array().unwrap().len(), 5);
    assert_eq!(
        call(&web, "webSearch", json!({"query": "rust", "numResults": 2})).unwrap().as_array().unwrap().len(),
        2
    );
    let err = call(&web, "webSearch", json!({"query": "rust", "numResults": 0})).unwrap_err();
    assert!(err.to_string().contains("at /numResults: expected at least 1, got 0"), "{err}");
    // MCP keeps the definition the count refers to (`$defs`), with its minimum.
    let mcp = web.render(Target::Mcp).unwrap();
    let input = &mcp[0]["inputSchema"];
    let schema = &input["properties"]["numResults"];
    let minimum = toolc::schema::resolve(schema, input)["minimum"].clone();
    assert_eq!((minimum, schema["default"].clone()), (json!(1), json!(5)));
}

#[test]
fn fetch_reports_status_and_error_details() {
    let web = WebTools::new(FakeWeb);
    let ok = call(&web, "fetchDocument", json!({"url": "https://example.com/a", "documentType": "markdown"})).unwrap();
    assert_eq!(ok["status"], "ok");
    assert_eq!(ok["content"], "# Hello");
    assert_eq!(ok["error"], Value::Null);
    assert_eq!(ok["metadata"], json!({"contentType": "text/markdown", "expected": "markdown"}));

    let big = call(&web, "fetchDocument", json!({"url": "https://example.com/big", "maxBytes": 100})).unwrap();
    assert_eq!(big["status"], "too_large");
    assert_eq!(big["error"]["reason"], "2000 bytes; the limit is 100");
    let gone = call(&web, "fetchDocument", json!({"url": "https://example.com/gone"})).unwrap();
    assert_eq!((gone["status"].clone(), gone["error"]["http_status"].clone()), (json!("not_found"), json!(404)));
    let down = call(&web, "fetchDocument", json!({"url": "https://example.com/down"})).unwrap();
    assert_eq!(down["status"], "failed");

    let output = web.tools()[1].output_schema.as_ref().unwrap();
    assert_eq!(output["properties"]["status"]["$ref"], "#/$defs/FetchStatus");
    let mcp = web.render(Target::Mcp).unwrap();
    assert!(mcp[1]["outputSchema"]["properties"]["error"]["anyOf"].is_array(), "nullable error details");
}

#[test]
fn the_browser_suite_walks_a_site() {
    let mut pages = BTreeMap::new();
    let mut home = Page::default();
    home.elements.insert("#search".into(), String::new());
    home.elements.insert("a.docs".into(), "Docs".into());
    home.links.insert("a.docs".into(), "https://site.test/docs".into());
    pages.insert("https://site.test/".into(), home);
    let mut docs = Page::default();
    docs.elements.insert("h1".into(), "Documentation".into());
    pages.insert("https://site.test/docs".into(), docs);
    let browser = BrowserTools::new(pages);

    let before = call(&browser, "clickElement", json!({"selector": "a"})).unwrap();
    assert_eq!(before["status"], "not_launched");
    assert_eq!(call(&browser, "launchBrowser", json!({"url": "https://site.test/"})).unwrap()["status"], "ok");
    assert_eq!(
        call(&browser, "typeText", json!({"selector": "#search", "text": "tokio"})).unwrap()["message"],
        "typed 5 characters into `#search`"
    );
    assert_eq!(
        call(&browser, "checkElementExists", json!({"selector": "h1"})).unwrap()["message"],
        "`h1` does not exist"
    );
    let clicked = call(&browser, "clickElement", json!({"selector": "a.docs"})).unwrap();
    assert_eq!(clicked["url"], "https://site.test/docs");
    assert_eq!(call(&browser, "getElementText", json!({"selector": "h1"})).unwrap()["message"], "Documentation");
    assert_eq!(call(&browser, "scrollPage", json!({"direction": "down"})).unwrap()["message"], "scrolled to 500px");
    assert_eq!(call(&browser, "getElementText", json!({"selector": "#nope"})).unwrap()["status"], "not_found");
    assert_eq!(call(&browser, "captureScreenshot", json!({})).unwrap()["status"], "ok");
    assert_eq!(call(&browser, "closeBrowser", json!({})).unwrap()["url"], Value::Null);
}

#[test]
fn every_tool_renders_for_every_target() {
    let root = tempfile::tempdir().unwrap();
    let all = roo_tools::all::roo_tools(
        roo_tools::files::FileTools::new(root.path()).unwrap(),
        WebTools::new(FakeWeb),
        BrowserTools::new(BTreeMap::new()),
    )
    .unwrap();
    assert_eq!(all.tools().len(), 17, "every member's tools");
    for target in Target::ALL {
        all.render(target).unwrap_or_else(|err| panic!("{err}"));
    }
}

/// The pixels of a screenshot part, decoded as a PNG: (width, height, RGB bytes).
fn decode(parts: &[ContentPart]) -> (u32, u32, Vec<u8>) {
    let [ContentPart::Image(image)] = parts else { panic!("expected one image, got {parts:?}") };
    assert_eq!(image.mime_type(), "image/png");
    let mut reader = png::Decoder::new(std::io::Cursor::new(image.data().to_vec())).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(frame.buffer_size());
    (frame.width, frame.height, pixels)
}

#[test]
fn launching_and_capturing_attach_a_png_of_the_page_as_it_is() {
    let mut page = Page::default();
    page.elements.insert("#search".into(), String::new());
    page.elements.insert("h1".into(), "Documentation".into());
    let browser = BrowserTools::new([("https://site.test/".to_owned(), page)].into());
    let context = CallContext::detached();
    let run = |name: &str, arguments: Value| {
        block_on(browser.call_arguments(name, Arguments::Object(arguments.as_object().unwrap()), context)).unwrap()
    };

    let before = run("captureScreenshot", json!({}));
    assert_eq!(before.json["status"], "not_launched");
    assert!(before.parts.is_empty(), "nothing to show before a page is open");

    let launched = run("launchBrowser", json!({"url": "https://site.test/"}));
    assert_eq!(launched.json["status"], "ok");
    let (width, height, opened) = decode(&launched.parts);
    assert_eq!((width, height), (roo_tools::screen::WIDTH, roo_tools::screen::HEIGHT));
    assert!(opened.iter().any(|&byte| byte != 255), "the page is drawn, not blank");

    run("typeText", json!({"selector": "#search", "text": "tokio"}));
    let captured = run("captureScreenshot", json!({}));
    assert_eq!(
        captured.json,
        json!({"status": "ok", "url": "https://site.test/", "message": "the screenshot is attached"})
    );
    let (_, _, typed) = decode(&captured.parts);
    assert_ne!(typed, opened, "the typed text shows");
    // The filled input is drawn green where the empty box was.
    let green = typed.chunks(3).filter(|rgb| *rgb == [40, 160, 70]).count();
    assert_eq!(green, 5 * 6 * 10, "five characters, six pixels wide, ten high");

    // The output schema is the status alone; the image is not part of it.
    let def = browser.tools().iter().find(|def| def.name == "captureScreenshot").unwrap();
    assert_eq!(def.output_schema.as_ref().unwrap()["required"], json!(["status", "message"]));
}
