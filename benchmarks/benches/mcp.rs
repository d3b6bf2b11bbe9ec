//! `tools/call` round trips through an in-memory rmcp session (client and server joined by
//! `tokio::io::duplex`), compared in one run: the session's floor (a server answering a fixed
//! result without reading the arguments), toolc's `McpServer` and rmcp's own `#[tool_router]`
//! server on the same tools, and `Toolbox::call` on the same arguments with no session at all.
//!
//! Targets: toolc faster than rmcp's router on both calls, and toolc's time above the floor at most
//! 1.2 × `Toolbox::call`'s. A round trip's time moves by a microsecond or two from run to run, more
//! than toolc adds to the floor, so the handlers are also timed alone, called as rmcp calls them
//! once it has read a request: everything else in a round trip is the same for every server. And
//! as the machine's speed drifts between benchmarks, the floor's handler, toolc's and
//! `Toolbox::call` are timed once more taking turns, call by call.

use criterion::{Criterion, criterion_group, criterion_main};
use rmcp::model::JsonObject;
use std::hint::black_box;
use toolc_mcp::McpServer;
use toolc::Toolbox;
use toolc_benchmarks::mcp_session::{FixedServer, McpSession};
use toolc_benchmarks::rmcp_peer::RmcpBench;
use toolc_benchmarks::{Bench, SEARCH, big_call, turns};

fn mcp(c: &mut Criterion) {
    // One thread runs client, server and the tasks between them, as for every contender.
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let floor = runtime.block_on(McpSession::connect(FixedServer::default()));
    let toolc = runtime.block_on(McpSession::connect(McpServer::new(Bench).unwrap()));
    let rmcp = runtime.block_on(McpSession::connect(RmcpBench::default()));

    let big = big_call();
    for (case, tool, text) in [("mcp/5-fields", "search", SEARCH), ("mcp/50-fields", "store", big.as_str())] {
        let arguments: JsonObject = serde_json::from_str(text).unwrap();
        // Both servers answer alike before they are timed.
        let (ours, theirs) =
            runtime.block_on(async { (toolc.call(tool, &arguments).await, rmcp.call(tool, &arguments).await) });
        assert_eq!(ours.structured_content, theirs.structured_content, "{tool}");

        let mut group = c.benchmark_group(case);
        group.bench_function("floor: fixed result, arguments unread", |b| {
            b.iter(|| black_box(runtime.block_on(floor.call(tool, black_box(&arguments)))))
        });
        group.bench_function("toolc: McpServer", |b| {
            b.iter(|| black_box(runtime.block_on(toolc.call(tool, black_box(&arguments)))))
        });
        group.bench_function("rmcp: #[tool_router] server", |b| {
            b.iter(|| black_box(runtime.block_on(rmcp.call(tool, black_box(&arguments)))))
        });
        group.bench_function("toolc: Toolbox::call, no session", |b| {
            b.iter(|| black_box(pollster::block_on(Bench.call(tool, black_box(text))).unwrap()))
        });
        group.finish();

        // The handlers alone, called as rmcp calls them once it has read a request.
        let mut group = c.benchmark_group(format!("{case}/handler"));
        group.bench_function("floor: fixed result", |b| {
            b.iter(|| black_box(runtime.block_on(floor.call_handler(tool, black_box(&arguments)))))
        });
        group.bench_function("toolc: McpServer::call_tool", |b| {
            b.iter(|| black_box(runtime.block_on(toolc.call_handler(tool, black_box(&arguments)))))
        });
        group.bench_function("rmcp: #[tool_handler] call_tool", |b| {
            b.iter(|| black_box(runtime.block_on(rmcp.call_handler(tool, black_box(&arguments)))))
        });
        group.finish();

        // This machine's speed drifts by more between two benchmarks than toolc adds to the floor:
        // timed call by call, taking turns, the three see the same machine.
        let mut group = c.benchmark_group(format!("{case}/handler, taking turns"));
        let contenders: [&dyn Fn(); 3] = [
            &|| drop(black_box(runtime.block_on(floor.call_handler(tool, black_box(&arguments))))),
            &|| drop(black_box(runtime.block_on(toolc.call_handler(tool, black_box(&arguments))))),
            &|| drop(black_box(pollster::block_on(Bench.call(tool, black_box(text))).unwrap())),
        ];
        for (index, name) in
            ["floor: fixed result", "toolc: McpServer::call_tool", "toolc: Toolbox::call"].iter().enumerate()
        {
            group.bench_function(*name, |b| b.iter_custom(|iters| turns(&contenders, iters)[index]));
        }
        group.finish();
    }
}

criterion_group!(benches, mcp);
criterion_main!(benches);
