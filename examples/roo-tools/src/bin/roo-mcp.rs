//! Serves every roo-tools tool as one MCP server, the file tools confined to ROOT:
//!
//! ```text
//! roo-mcp ROOT                   # over standard input and output
//! roo-mcp ROOT --http ADDRESS    # over streamable HTTP at http://ADDRESS/mcp (port 0: any free one)
//! ```
//!
//! The web tools have no network here: search finds nothing and fetch answers 503. The browser
//! knows one page, `about:roo`: launching it and capturing it answer with a PNG of it.

use std::collections::BTreeMap;
use std::process::ExitCode;

use roo_tools::all::roo_tools;
use roo_tools::browser::{BrowserTools, Page};
use roo_tools::files::FileTools;
use roo_tools::web::{Backend, SearchResult, WebTools};
use tool_runtime::mcp::McpServer;

/// A web without a network.
struct Offline;

impl Backend for Offline {
    fn search(&self, _query: &str) -> Vec<SearchResult> {
        Vec::new()
    }

    fn fetch(&self, _url: &str) -> Result<(String, String), (u16, String)> {
        Err((503, "this server has no network access".to_owned()))
    }
}

const USAGE: &str = "usage: roo-mcp ROOT [--http ADDRESS]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (root, http) = match args.as_slice() {
        [root] => (root, None),
        [root, flag, address] if flag == "--http" => (root, Some(address.clone())),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let files = match FileTools::new(root) {
        Ok(files) => files,
        Err(err) => {
            eprintln!("roo-mcp: the root `{root}` cannot be used: {err}");
            return ExitCode::from(2);
        }
    };
    let mut start = Page::default();
    start.elements.insert("h1".to_owned(), "roo-tools".to_owned());
    start.elements.insert("#ask".to_owned(), String::new());
    let browser = BrowserTools::new(BTreeMap::from([("about:roo".to_owned(), start)]));
    let tools = match roo_tools(files, WebTools::new(Offline), browser) {
        Ok(tools) => tools,
        Err(err) => {
            eprintln!("roo-mcp: {err}");
            return ExitCode::FAILURE;
        }
    };
    let server = match McpServer::new(tools) {
        Ok(server) => server.named("roo-tools", env!("CARGO_PKG_VERSION")),
        Err(err) => {
            eprintln!("roo-mcp: {err}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    let served = runtime.block_on(async {
        match http {
            None => server.serve_stdio().await,
            Some(address) => {
                let http = server.serve_http(address).await?;
                // The one line a client waits for before it connects.
                eprintln!("roo-mcp: serving MCP at {}", http.url());
                http.wait().await
            }
        }
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("roo-mcp: {err}");
            ExitCode::FAILURE
        }
    }
}
