//! Serves every roo-tools tool as one MCP server, the file tools confined to ROOT:
//!
//! ```text
//! roo-mcp ROOT                                     # over standard input and output
//! roo-mcp ROOT --http ADDRESS [--token-file PATH]  # over streamable HTTP at http://ADDRESS/mcp
//! ```
//!
//! Over HTTP (port 0: any free one) the server answers only `Host: localhost`-like names and, from
//! browsers, loopback pages; with `--token-file PATH` (or the token in `ROO_MCP_TOKEN`) every
//! request must carry `Authorization: Bearer <the file's token>`. The token is read from a file or
//! the environment, never the command line, where other users of the machine could read it.
//!
//! One of several replicas behind a load balancer (`deploy/cluster.sh` starts them): with
//! `ROO_MCP_REDIS_URL` set (`rediss://:password@host:port` over TLS, or `redis://…` on this
//! machine; from the environment because it holds the password), its sessions, streams and tasks are
//! kept in that Redis, and `requestState` is signed with the key in `ROO_MCP_STATE_KEY`, the same
//! for every replica.
//!
//! The web tools have no network here: search finds nothing and fetch answers 503. The browser
//! knows one page, `about:roo`: launching it and capturing it answer with a PNG of it.

use std::collections::BTreeMap;
use std::process::ExitCode;

use roo_tools::all::roo_tools;
use roo_tools::browser::{BrowserTools, Page};
use roo_tools::files::FileTools;
use roo_tools::web::{Backend, SearchResult, WebTools};
use toolc::Caller;
use toolc_mcp::{HttpOptions, McpServer, RedisState, StaticToken};

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

const USAGE: &str = "usage: roo-mcp ROOT [--http ADDRESS [--token-file PATH]]";

/// The token every HTTP request must carry: the file's (its surrounding whitespace aside), or
/// `ROO_MCP_TOKEN`'s; none when neither is given.
fn token(file: Option<&String>) -> Result<Option<String>, String> {
    let token = match file {
        Some(path) => {
            std::fs::read_to_string(path).map_err(|err| format!("the token file `{path}` cannot be read: {err}"))?
        }
        None => match std::env::var("ROO_MCP_TOKEN") {
            Ok(token) => token,
            Err(_) => return Ok(None),
        },
    };
    let token = token.trim().to_owned();
    if token.len() < 16 {
        return Err("the token is shorter than 16 characters, which is too easy to guess".to_owned());
    }
    Ok(Some(token))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (root, http, token_file) = match args.as_slice() {
        [root] => (root, None, None),
        [root, flag, address] if flag == "--http" => (root, Some(address.clone()), None),
        [root, flag, address, token_flag, path] if flag == "--http" && token_flag == "--token-file" => {
            (root, Some(address.clone()), Some(path))
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let token = match token(token_file) {
        Ok(token) => token,
        Err(err) => {
            eprintln!("roo-mcp: {err}");
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
    let mut options = HttpOptions::default();
    if let Some(token) = token {
        options = options.bearer(StaticToken::new(token, Caller::named("roo-mcp client", Vec::<String>::new())));
    }
    let mut server = match McpServer::new(tools) {
        Ok(server) => server.named("roo-tools", env!("CARGO_PKG_VERSION")),
        Err(err) => {
            eprintln!("roo-mcp: {err}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    if let Ok(url) = std::env::var("ROO_MCP_REDIS_URL") {
        let key = std::env::var("ROO_MCP_STATE_KEY").unwrap_or_default();
        if key.len() < 32 {
            eprintln!(
                "roo-mcp: replicas sharing a Redis need the key they sign requestState with, 32 bytes or more, in ROO_MCP_STATE_KEY"
            );
            return ExitCode::from(2);
        }
        server = match (runtime.block_on(RedisState::connect(&url)), server.request_state_key(key.into_bytes())) {
            (Ok(shared), Ok(server)) => {
                options = options.shared_state(shared);
                server
            }
            (Err(err), _) | (_, Err(err)) => {
                eprintln!("roo-mcp: {err}");
                return ExitCode::from(2);
            }
        };
    }
    let server = server.with(options);
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
