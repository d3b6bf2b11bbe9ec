//! The behaviour tests of toolc, one binary: each module a subject (`cargo test -p toolc-tests
//! --test suite mcp_safety::` runs one). The tests that must run in a binary of their own are the
//! other `[[test]]` targets of `tests/Cargo.toml`, each saying why.

/// What the modules share: the pinned SDKs and servers, the stream fixtures, the tools the tests
/// serve, and HTTP written by hand.
mod support {
    pub mod authority;
    pub mod child;
    pub mod guarded;
    pub mod haproxy;
    pub mod http_wire;
    pub mod offline_web;
    pub mod pinned;
    pub mod raw_http;
    pub mod redis;
    pub mod replica;
    pub mod shapes;
    pub mod streams;
    pub mod weather;
    pub mod wire;
}

mod bedrock;
mod compose;
mod content;
mod dispatch;
mod dynamic;
mod fuzz;
mod handle;
mod layering;
mod mcp_aggregate;
mod mcp_asking;
mod mcp_caching;
mod mcp_client;
mod mcp_client_answers;
mod mcp_client_changes;
mod mcp_cluster;
mod mcp_dpop;
mod mcp_http_fuzz;
mod mcp_load;
mod mcp_safety;
mod mcp_sdk_auth;
mod mcp_servers;
mod mcp_shared_state;
mod mcp_sign_in;
mod mcp_third_party;
mod msrv;
mod open_models;
mod panics;
mod peer;
mod semantics;
mod soundness;
mod stream;
mod stream_fixtures;
mod unexpressible;
mod union_errors;
mod union_forms;
