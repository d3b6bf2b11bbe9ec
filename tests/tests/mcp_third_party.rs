//! `McpToolbox` against third-party MCP servers that showed a user a way the client failed them
//! (npm packages pinned in `tests/conformance/package.json`): the GitHub and Brave Search servers,
//! on the TypeScript SDK 1.0.1, which answer `initialize` with 2024-11-05 whatever they are offered;
//! Playwright's server, one of whose tools strict mode cannot take; Notion's server (its tools made
//! from Notion's OpenAPI description, free-form maps among them) and the PDF server, each over
//! stdio and over streamable HTTP; and the reference `everything` server, whose `get-env` tool
//! shows the environment a server was started with.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};
use toolc::read::Message;
use toolc::{RenderOptions, Target, ToolError, Toolbox};
use toolc_mcp::rmcp::model::ProtocolVersion;
use toolc_mcp::{McpOptions, McpToolbox, StdioCommand};

use crate::mcp_servers::{lower_for_every_provider_and_check, runtime, server};
use crate::support::child::{Child, free_port, listening};
use crate::support::pinned::installed;

/// The GitHub server, with a token that no GitHub account has (listing needs none).
async fn github(work: &Path) -> McpToolbox {
    McpToolbox::connect_stdio(server(work, "github").env("GITHUB_PERSONAL_ACCESS_TOKEN", "ghp_not-a-token"))
        .await
        .unwrap()
}

/// The Brave Search server, which will not start without a key (any key lists its tools).
async fn brave_search(work: &Path) -> McpToolbox {
    McpToolbox::connect_stdio(server(work, "brave-search").env("BRAVE_API_KEY", "not-a-key")).await.unwrap()
}

#[test]
fn servers_on_2024_11_05_are_reached_listed_lowered_for_every_provider_and_called() {
    let (here, work) = installed();
    let runtime = runtime();
    let servers = runtime.block_on(async { [github(&work).await, brave_search(&work).await] });
    for server in &servers {
        let version = runtime.block_on(server.protocol_version());
        assert_eq!(version.as_deref(), Some("2024-11-05"), "{}", server.name());
    }
    assert_eq!(servers[0].name(), "github-mcp-server");
    assert!(servers[0].tools().iter().any(|tool| tool.name == "create_issue"), "{:?}", servers[0].tools());
    assert_eq!(
        servers[1].tools().iter().map(|tool| &*tool.name).collect::<Vec<_>>(),
        ["brave_web_search", "brave_local_search"]
    );
    lower_for_every_provider_and_check(&servers, &here, &work);

    runtime.block_on(async {
        // A call that does not fit is answered here, in toolc's words, before the server sees it.
        let err = servers[0].call("create_issue", r#"{"owner": "o", "repo": "r", "titel": "t"}"#).await.unwrap_err();
        assert!(matches!(err, ToolError::InvalidArguments { .. }), "{err}");
        assert!(err.to_string().contains("did you mean `title`?"), "{err}");
        // A call that fits reaches the server, which answers it: with no network and no real key
        // here, with an error result the model reads, naming the server.
        let err = servers[1].call("brave_web_search", r#"{"query": "toolc"}"#).await.unwrap_err();
        assert!(matches!(err, ToolError::Failed { .. }), "{err:?}");
        assert!(err.to_string().contains("example-servers/brave-search"), "{err}");
    });
}

/// Notion's server over stdio, and over streamable HTTP with the bearer token it was started with.
async fn notion(work: &Path) -> (McpToolbox, McpToolbox, Child) {
    let command = || {
        let mut command = Command::new(work.join("node_modules/.bin/notion-mcp-server"));
        command.env("NOTION_TOKEN", "ntn_not-a-token");
        command
    };
    let stdio = McpToolbox::connect_stdio(command()).await.unwrap();
    let port = free_port();
    let mut http = command();
    http.args(["--transport", "http", "--port", &port.to_string(), "--auth-token", "http-t0ken"]);
    let child = Child(http.spawn().expect("Notion's server starts"));
    listening(port, Duration::from_secs(30), "Notion's server").await;
    let url = format!("http://127.0.0.1:{port}/mcp");
    let options = McpOptions::default().bearer("http-t0ken").named("notion over HTTP");
    let http = McpToolbox::connect_http_with(url, options).await.unwrap();
    (stdio, http, child)
}

/// The PDF server over stdio and over streamable HTTP, allowed to read `folder`.
async fn pdf(work: &Path, folder: &Path) -> (McpToolbox, McpToolbox, Child) {
    let command = || {
        let mut command = Command::new(work.join("node_modules/.bin/mcp-pdf-server"));
        command.arg(folder);
        command
    };
    let stdio = McpToolbox::connect_stdio(command().arg("--stdio")).await.unwrap();
    let port = free_port();
    let child = Child(command().env("PORT", port.to_string()).spawn().expect("the PDF server starts"));
    listening(port, Duration::from_secs(30), "the PDF server").await;
    let url = format!("http://127.0.0.1:{port}/mcp");
    let http = McpToolbox::connect_http_with(url, McpOptions::default().named("pdf over HTTP")).await.unwrap();
    (stdio, http, child)
}

#[test]
fn notions_and_the_pdf_servers_tools_are_listed_lowered_and_called_over_stdio_and_http() {
    let (here, work) = installed();
    let folder = tempfile::tempdir().unwrap();
    let runtime = runtime();
    let ((notion, notion_http, _notion), (pdf, pdf_http, _pdf)) =
        runtime.block_on(async { (notion(&work).await, pdf(&work, folder.path()).await) });
    for server in [&notion, &notion_http, &pdf, &pdf_http] {
        assert_eq!(runtime.block_on(server.protocol_version()).as_deref(), Some("2025-11-25"), "{}", server.name());
    }
    let names = |toolbox: &McpToolbox| toolbox.tools().iter().map(|tool| tool.name.to_string()).collect::<Vec<_>>();
    assert_eq!(notion.listed(), notion_http.listed(), "Notion's server lists the same tools on both transports");
    assert!(
        names(&notion).contains(&"API-post-search".to_owned()) && names(&notion).len() > 20,
        "{:?}",
        names(&notion)
    );
    // The PDF server offers its viewer's `interact` over stdio alone (remotely only when told to).
    assert!(names(&pdf).contains(&"interact".to_owned()), "{:?}", names(&pdf));
    assert!(!names(&pdf_http).contains(&"interact".to_owned()), "{:?}", names(&pdf_http));
    assert!(names(&pdf_http).contains(&"display_pdf".to_owned()), "{:?}", names(&pdf_http));

    runtime.block_on(async {
        // Strict mode cannot take Notion's free-form maps; every tool is rendered all the same.
        let rendered = notion_http.render(Target::OpenAi).unwrap();
        assert_eq!(rendered.as_array().unwrap().len(), notion_http.tools().len());
        // The PDF server answers, on both transports, with the folder it was given.
        for server in [&pdf, &pdf_http] {
            let listed = server.call("list_pdfs", "{}").await.unwrap();
            let allowed = listed["allowedDirectories"].to_string();
            assert!(allowed.contains(&*folder.path().to_string_lossy()), "{listed}");
        }
        // A call that does not fit is refused here, before Notion's server sees it.
        let err = notion_http.call("API-post-search", r#"{"page_size": "ten"}"#).await.unwrap_err();
        assert!(matches!(err, ToolError::InvalidArguments { .. }), "{err}");
        // One that fits reaches Notion's server, which cannot reach Notion here: an error naming the server.
        let err = notion_http.call("API-get-self", "{}").await.unwrap_err();
        assert!(matches!(err, ToolError::Failed { .. }), "{err:?}");
    });
    lower_for_every_provider_and_check(&[notion, notion_http, pdf, pdf_http], &here, &work);
}

#[test]
fn an_old_protocol_version_can_be_pinned() {
    let (_, work) = installed();
    runtime().block_on(async {
        for version in [ProtocolVersion::V_2024_11_05, ProtocolVersion::V_2025_03_26] {
            let options = McpOptions::default().protocol_version(version.clone());
            let everything = McpToolbox::connect_stdio_with(server(&work, "everything").arg("stdio"), options)
                .await
                .unwrap_or_else(|err| panic!("{version}: {err}"));
            assert_eq!(everything.protocol_version().await, Some(version.to_string()));
            assert_eq!(everything.call("echo", r#"{"message": "hi"}"#).await.unwrap(), "Echo: hi", "{version}");
        }
    });
}

#[test]
fn a_tool_strict_mode_cannot_take_is_rendered_without_it_and_never_sinks_the_others() {
    let (_, work) = installed();
    let runtime = runtime();
    let playwright = runtime
        .block_on(McpToolbox::connect_stdio(
            Command::new(work.join("node_modules/.bin/playwright-mcp")).args(["--headless", "--isolated"]),
        ))
        .unwrap();
    let listed = playwright.tools().len();
    assert!(listed > 20, "{listed} tools");
    for target in [Target::OpenAi, Target::OpenAiResponses] {
        // Every tool is rendered: strict where it can be, and `browser_drop` (a free-form map of
        // files) without strict mode, which the messages say.
        let rendered = playwright.render(target).unwrap();
        let entries = rendered.as_array().unwrap();
        assert_eq!(entries.len(), listed, "{target}");
        let strict_of = |name: &str| {
            let entry = entries
                .iter()
                .find(|entry| entry["name"] == name || entry["function"]["name"] == name)
                .unwrap_or_else(|| panic!("{name} is rendered for {target}"));
            entry.get("function").unwrap_or(entry)["strict"].clone()
        };
        assert_eq!(strict_of("browser_drop"), json!(false), "{target}");
        assert_eq!(strict_of("browser_navigate"), json!(true), "{target}");
        let messages = playwright.messages(target);
        assert!(!messages.iter().any(|message| matches!(message, Message::Error(_))), "{messages:#?}");
        let warned = messages.iter().any(|message| {
            matches!(message, Message::Warning(text) if text.contains("browser_drop")
                && text.contains("lowered without strict mode"))
        });
        assert!(warned, "{messages:#?}");
        // With options, and with Anthropic's strict mode too, the same.
        let options = RenderOptions::default().anthropic_strict(true);
        let with = playwright.render_with(Target::Anthropic, &options).unwrap();
        assert_eq!(with.value.as_array().unwrap().len(), listed);
        assert_eq!(playwright.render_with(target, &RenderOptions::default()).unwrap().value, *rendered);
    }
    // What the model is told about no tool mentions the macros, which a client's user cannot use.
    for target in Target::ALL {
        for message in playwright.messages(target) {
            assert!(!format!("{message:?}").contains("#[tool("), "{message:?}");
        }
    }
}

/// The environment `get-env` of the `everything` server started with `command` reports.
fn server_environment(command: impl Into<StdioCommand>) -> BTreeSet<String> {
    runtime().block_on(async {
        let everything = McpToolbox::connect_stdio(command).await.unwrap();
        let text = everything.call("get-env", "{}").await.unwrap();
        let env: Value = serde_json::from_str(text.as_str().unwrap()).unwrap();
        env.as_object().unwrap().keys().cloned().collect()
    })
}

#[test]
fn a_cleared_environment_reaches_the_server_as_given_and_removed_variables_do_not() {
    let (_, work) = installed();
    let path = std::env::var("PATH").unwrap();
    // Cargo sets these in the test's own environment: a server must not see them once cleared.
    assert!(std::env::var_os("CARGO_MANIFEST_DIR").is_some());

    let mut cleared = server(&work, "everything");
    cleared.arg("stdio").env_clear().env("PATH", &path).env("ONLY_THIS", "1");
    let seen = server_environment(&mut cleared);
    assert_eq!(seen, BTreeSet::from(["ONLY_THIS".to_owned(), "PATH".to_owned()]));
    // The same through tokio's command, and through toolc's own.
    let mut tokio_cleared = tokio::process::Command::from(cleared);
    tokio_cleared.env("ALSO", "2");
    let seen = server_environment(tokio_cleared);
    assert_eq!(seen, BTreeSet::from(["ALSO".to_owned(), "ONLY_THIS".to_owned(), "PATH".to_owned()]));
    let own = StdioCommand::new(work.join("node_modules/.bin/mcp-server-everything"), ["stdio"])
        .env_clear()
        .env("PATH", &path);
    assert_eq!(server_environment(own), BTreeSet::from(["PATH".to_owned()]));

    let mut removed = server(&work, "everything");
    removed.arg("stdio").env_remove("CARGO_MANIFEST_DIR");
    let seen = server_environment(&mut removed);
    assert!(!seen.contains("CARGO_MANIFEST_DIR") && seen.contains("PATH"), "{seen:?}");
}
