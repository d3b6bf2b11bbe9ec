//! The handlers of the `mcp` benchmark counted in instructions, which do not drift with the
//! machine's speed as times do: the session's floor (a fixed result, arguments unread), toolc's
//! `McpServer::call_tool`, and `Toolbox::call` on the same arguments with no session.
//!
//! ```sh
//! cd benchmarks && cargo build --release --features mcp-client --example mcp_pairs
//! valgrind --tool=callgrind --toggle-collect='mcp_pairs::CASE' \
//!     target/release/examples/mcp_pairs CASE N
//! ```
//!
//! Runs one contender N times after one call of each; instructions per call are the difference
//! between two counts over the difference of their N. CASE is `floor5`, `toolc5`, `call5`,
//! `floor50`, `toolc50` or `call50`. The target: toolc's count above the floor's at most 1.2 ×
//! `Toolbox::call`'s.

use rmcp::model::JsonObject;
use std::hint::black_box;
use tokio::runtime::Runtime;
use toolc_mcp::McpServer;
use toolc::Toolbox;
use toolc_benchmarks::mcp_session::{FixedServer, McpSession};
use toolc_benchmarks::{Bench, SEARCH, big_call};

#[inline(never)]
fn floor(runtime: &Runtime, session: &McpSession<FixedServer>, tool: &'static str, arguments: &JsonObject) {
    black_box(runtime.block_on(session.call_handler(tool, black_box(arguments))));
}

#[inline(never)]
fn toolc(runtime: &Runtime, session: &McpSession<McpServer<Bench>>, tool: &'static str, arguments: &JsonObject) {
    black_box(runtime.block_on(session.call_handler(tool, black_box(arguments))));
}

#[inline(never)]
fn call(tool: &str, text: &str) {
    black_box(pollster::block_on(Bench.call(tool, black_box(text))).unwrap());
}

fn main() {
    let mut args = std::env::args().skip(1);
    let case = args.next().expect("a case: floor5, toolc5, call5, floor50, toolc50 or call50");
    let times: usize = args.next().map_or(1000, |times| times.parse().expect("a count"));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let fixed = runtime.block_on(McpSession::connect(FixedServer::default()));
    let ours = runtime.block_on(McpSession::connect(McpServer::new(Bench).unwrap()));
    let big = big_call();
    let (tool, text) = if case.ends_with("50") { ("store", big.as_str()) } else { ("search", SEARCH) };
    let arguments: JsonObject = serde_json::from_str(text).unwrap();
    let cases: [(&str, &dyn Fn()); 3] = [
        ("floor", &|| floor(&runtime, &fixed, tool, &arguments)),
        ("toolc", &|| toolc(&runtime, &ours, tool, &arguments)),
        ("call", &|| call(tool, text)),
    ];
    // The first call of each works out the definitions and plans: not part of a call's cost.
    cases.iter().for_each(|(_, run)| run());
    let prefix = case.trim_end_matches(char::is_numeric);
    let (_, run) = cases.iter().find(|(name, _)| *name == prefix).expect("a case: floor, toolc or call, then 5 or 50");
    (0..times).for_each(|_| run());
}
