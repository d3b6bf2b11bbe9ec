//! Third-party tool definitions as `toolc import` writes them in Rust, each file's tools with a
//! `#[toolbox]` enum (`--toolbox`): the MCP reference servers' tools and four of the Berkeley
//! Function Calling Leaderboard's multi-turn APIs (a file system, a trading bot, travel booking and
//! vehicle control), 156 tools from the corpus `tests/corpus/fetch.sh` takes at pinned versions
//! (`tests/corpus/manifest.txt`), and the 8 tools of Brave's search server, whose descriptions are
//! indented as rustdoc's code blocks are (`tests/corpus/servers/fetch.sh`).
//!
//! Nobody here chose these types: the soundness test (`tests/tests/soundness.rs`) draws calls from
//! their lowered schemas and dispatches them into these structs. The files are not edited by hand:
//! `cargo test -p toolc-cli --test corpus_import committed_imports` fails when `toolc import` would
//! write any of them differently today, and rewrites them with `TOOLC_BLESS=1`. They are the bytes
//! `import` writes, so rustfmt leaves them as they are.

#[rustfmt::skip]
pub mod bfcl_gorilla_file_system;
#[rustfmt::skip]
pub mod bfcl_trading_bot;
#[rustfmt::skip]
pub mod bfcl_travel_booking;
#[rustfmt::skip]
pub mod bfcl_vehicle_control;
#[rustfmt::skip]
pub mod mcp_archived_server_github;
#[rustfmt::skip]
pub mod mcp_archived_server_gitlab;
#[rustfmt::skip]
pub mod mcp_server_everything;
#[rustfmt::skip]
pub mod mcp_server_filesystem;
#[rustfmt::skip]
pub mod mcp_server_memory;
#[rustfmt::skip]
pub mod mcp_server_sequential_thinking;
#[rustfmt::skip]
pub mod server_brave_search;
