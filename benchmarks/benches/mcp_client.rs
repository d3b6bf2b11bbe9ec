//! `McpToolbox`, an MCP server's tools as a toolbox, against rmcp's client alone, in one run; every
//! session in memory (client and server joined by `tokio::io::duplex`, one current-thread runtime).
//!
//! - `connect_and_lower`: what a program pays at start-up for a 100-tool server. toolc connects
//!   (`McpToolbox::connect_transport`: initialize, `tools/list`, every definition read and checked)
//!   and renders the tools afresh for OpenAI, Anthropic, Gemini and MCP (`render_with`); the floor is
//!   rmcp's client connecting and listing the tools (`list_all_tools`), what any client pays to
//!   learn them. The pieces of toolc's time are timed too.
//! - `forwarded_call`: a `tools/call` of a 5-argument tool on toolc's `McpServer`, (a) by rmcp's
//!   client directly, the arguments parsed from the model's text into its object; (b)
//!   `McpToolbox::call` with that text, which checks the arguments against the tool's schema before
//!   forwarding them and reads the result back; (c) `McpToolbox::call_arguments` with the parsed
//!   object. Each on a session of its own to a server of its own. Target: b ≤ 1.10 × a. A round
//!   trip moves by more than that from one benchmark to the next on a shared machine, so the three
//!   are timed once more taking turns, call by call, and then in 400 blocks of 50 calls each
//!   taking turns, printed with the median of the blocks' ratios: the figure to read. Then the
//!   pieces of what `McpToolbox` does that rmcp's client does not, each alone.
//! - A refused call on a toolbox just made: the first, its tool's checks compiled in it, or the
//!   toolbox prepared ahead (`JsonTools::prepared`, as `McpToolbox` does as it takes a list), beside
//!   a later one; and what preparing costs, once. Target: the prepared first call within noise of a
//!   later one.
//!
//! Runs with `--features peers` (rig in the build turns on serde_json's `preserve_order`, so every
//! JSON object is an `IndexMap`) or `--features mcp-client` (no rig: the `BTreeMap` toolc's users
//! get).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rmcp::model::ProtocolVersion;
use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject, ListToolsResult, PaginatedRequestParams, Tool};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient, RoleServer, RunningService};
use rmcp::{ErrorData, ServerHandler, ServiceExt};
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};
use toolc_mcp::{McpOptions, McpServer, McpToolbox};
use toolc::{Arguments, CallContext, RenderOptions, Target, ToolDef, Toolbox, registry};
use toolc_benchmarks::{Bench, SEARCH, turns};

/// The targets a program lowers for at start-up.
const TARGETS: [Target; 4] = [Target::OpenAi, Target::Anthropic, Target::Gemini, Target::Mcp];

const EXAMPLES: [&str; 4] = ["browse-agent", "director", "roo-tools", "structured-output"];
const GENERATED: &str = "toolc_benchmarks::generated";

/// 100 tools as a server lists them: the example crates' 31 (a browser agent's, a film director's,
/// Roo Code's, structured output) and 69 of the generated config tools (bounded strings, ranged
/// numbers, flags, a shared enum, lists, a shared nested struct in `$defs`), each in its MCP
/// rendering.
fn hundred_tools() -> Arc<[Tool]> {
    let source = |def: &ToolDef| def.source.map(|source| (source.package, source.module_path));
    let mut examples: Vec<&ToolDef> = registry::tools()
        .iter()
        .copied()
        .filter(|def| source(def).is_some_and(|(package, _)| EXAMPLES.contains(&package)))
        .collect();
    let mut generated: Vec<&ToolDef> = registry::tools()
        .iter()
        .copied()
        .filter(|def| source(def).is_some_and(|(_, module)| module == GENERATED))
        .collect();
    examples.sort_by(|a, b| a.name.cmp(&b.name));
    generated.sort_by(|a, b| a.name.cmp(&b.name));
    let defs: Vec<&ToolDef> = examples.into_iter().chain(generated.into_iter().take(69)).collect();
    assert_eq!(defs.len(), 100, "31 example tools and 69 generated ones");
    defs.iter()
        .map(|def| serde_json::from_value(def.render(Target::Mcp).unwrap().value).expect("an MCP tool"))
        .collect()
}

/// A server that lists a fixed set of tools, as toolc's `McpServer` does (`with_all_items` of a
/// kept list); none is called.
#[derive(Clone)]
struct Listing {
    tools: Arc<[Tool]>,
}

impl ServerHandler for Listing {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        rmcp::model::ServerConfig::new(rmcp::model::ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.to_vec()))
    }
}

/// A served `server` and the client end of its pipe.
async fn serve<S: ServerHandler>(
    server: S,
) -> (tokio::task::JoinHandle<RunningService<RoleServer, S>>, tokio::io::DuplexStream) {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let served = tokio::spawn(async move { server.serve(server_io).await.expect("the server starts") });
    (served, client_io)
}

/// toolc's start-up: connected, listed, read, and rendered for the four targets.
async fn toolc_start(client_io: tokio::io::DuplexStream) -> (McpToolbox, usize) {
    let toolbox = McpToolbox::connect_transport(client_io, McpOptions::default()).await.expect("connects");
    let rendered = lower(&toolbox);
    (toolbox, rendered)
}

/// The four renderings, made afresh; how many tools they hold.
fn lower(toolbox: &McpToolbox) -> usize {
    let options = RenderOptions::default();
    TARGETS.iter().map(|target| count(&toolbox.render_with(*target, &options).unwrap().value)).sum()
}

/// The tools in a request's `tools` (Gemini's in one `functionDeclarations` list).
fn count(tools: &serde_json::Value) -> usize {
    let tools = tools.as_array().unwrap();
    match tools.first().and_then(|first| first.get("functionDeclarations")) {
        Some(declarations) => declarations.as_array().unwrap().len(),
        None => tools.len(),
    }
}

/// How `McpToolbox` begins a session, which rmcp's client is given too, so that both speak the same
/// version: 2026-07-28 (`server/discover`) when the server speaks it, 2025-11-25 otherwise.
fn lifecycle() -> ClientLifecycleMode {
    ClientLifecycleMode::Auto {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        legacy_version: Some(ProtocolVersion::V_2025_11_25),
    }
}

/// rmcp's client alone: connected (as `McpToolbox` connects) and listed; a client pinned to a
/// version of its own (`Pinned`) begins with `initialize`.
async fn rmcp_start<C: rmcp::ClientHandler>(
    client: C,
    client_io: tokio::io::DuplexStream,
) -> (RunningService<RoleClient, C>, Vec<Tool>) {
    let pinned = client.get_info().protocol_version == ProtocolVersion::V_2025_11_25;
    let lifecycle = if pinned { ClientLifecycleMode::Initialize } else { lifecycle() };
    let client = client.serve_with_lifecycle(client_io, lifecycle).await.expect("connects");
    let tools = client.peer().list_all_tools().await.expect("lists");
    (client, tools)
}

/// Ends a served session and lets the runtime finish its tasks, outside the timing.
async fn end<S: ServerHandler>(served: tokio::task::JoinHandle<RunningService<RoleServer, S>>) {
    let _ = served.await.unwrap().cancel().await;
    for _ in 0..4 {
        tokio::task::yield_now().await;
    }
}

/// The time `start` takes, `iters` times, each on a session of its own; making the session and
/// ending it are outside the time.
fn timed_starts<T, Started: Future<Output = T>>(
    runtime: &tokio::runtime::Runtime,
    server: &Listing,
    iters: u64,
    start: impl Fn(tokio::io::DuplexStream) -> Started,
) -> Duration {
    runtime.block_on(async {
        let mut time = Duration::ZERO;
        for _ in 0..iters {
            let (served, io) = serve(server.clone()).await;
            let begun = Instant::now();
            let started = black_box(start(io).await);
            time += begun.elapsed();
            drop(started);
            end(served).await;
        }
        time
    })
}

fn connect_and_lower(c: &mut Criterion, runtime: &tokio::runtime::Runtime) {
    let tools = hundred_tools();
    let server = Listing { tools: Arc::clone(&tools) };

    // Both read all 100, and toolc renders all 100 for every target.
    runtime.block_on(async {
        let (served, io) = serve(server.clone()).await;
        let (toolbox, rendered) = toolc_start(io).await;
        assert_eq!(toolbox.tools().len(), 100, "{:?}", toolbox.messages(Target::OpenAi));
        assert_eq!(rendered, 400, "every tool for every target");
        drop(toolbox);
        end(served).await;
        let (served, io) = serve(server.clone()).await;
        let (client, listed) = rmcp_start((), io).await;
        assert_eq!(listed.len(), 100);
        drop(client);
        end(served).await;
    });

    let mut group = c.benchmark_group("connect_and_lower (100 tools)");
    group.bench_function("floor: rmcp client, connect + list_all_tools", |b| {
        b.iter_custom(|iters| timed_starts(runtime, &server, iters, |io| rmcp_start((), io)))
    });
    group.bench_function("floor: rmcp client at protocol 2025-11-25, connect + list_all_tools", |b| {
        b.iter_custom(|iters| timed_starts(runtime, &server, iters, |io| rmcp_start(Pinned, io)))
    });
    group.bench_function("toolc: connect_transport + render_with ×4", |b| {
        b.iter_custom(|iters| timed_starts(runtime, &server, iters, toolc_start))
    });
    group.bench_function("toolc: connect_transport alone", |b| {
        b.iter_custom(|iters| {
            timed_starts(runtime, &server, iters, |io| async {
                McpToolbox::connect_transport(io, McpOptions::default()).await.expect("connects")
            })
        })
    });
    let (served, toolbox) = runtime.block_on(async {
        let (served, io) = serve(server.clone()).await;
        (served, McpToolbox::connect_transport(io, McpOptions::default()).await.expect("connects"))
    });
    group.bench_function("toolc: render_with ×4 alone", |b| b.iter(|| black_box(lower(&toolbox))));
    for target in TARGETS {
        group.bench_function(format!("toolc: render_with {target} alone"), |b| {
            b.iter(|| black_box(toolbox.render_with(target, &RenderOptions::default()).unwrap()))
        });
    }
    group.finish();
    drop(toolbox);
    runtime.block_on(end(served));
}

/// A client of toolc's `McpServer` serving the benchmark's toolbox, and what a call needs.
struct Direct {
    client: RunningService<RoleClient, ()>,
    _served: RunningService<RoleServer, McpServer<Bench>>,
}

impl Direct {
    /// rmcp's client calling the tool: the model's text parsed into its object, then `call_tool`.
    async fn call(&self, name: &'static str, text: &str) -> CallToolResult {
        let arguments: JsonObject = serde_json::from_str(text).expect("an object");
        let params = CallToolRequestParams::new(name).with_arguments(arguments);
        self.client.call_tool(params).await.expect("the call is answered")
    }
}

fn forwarded_call(c: &mut Criterion, runtime: &tokio::runtime::Runtime) {
    let (direct, toolbox, _toolbox_server) = runtime.block_on(async {
        // On 2026-07-28 the server's session is made by the first request after `server/discover`,
        // so the client asks for the tools before the served session is taken.
        let (served, io) = serve(McpServer::new(Bench).unwrap()).await;
        let client = ().serve_with_lifecycle(io, lifecycle()).await.expect("connects");
        client.peer().list_all_tools().await.expect("lists");
        let direct = Direct { client, _served: served.await.unwrap() };
        let (served, io) = serve(McpServer::new(Bench).unwrap()).await;
        let toolbox = McpToolbox::connect_transport(io, McpOptions::default()).await.expect("connects");
        (direct, toolbox, served.await.unwrap())
    });
    let object: JsonObject = serde_json::from_str(SEARCH).unwrap();
    let context = CallContext::detached();

    // The three answer alike.
    runtime.block_on(async {
        let theirs = direct.call("search", SEARCH).await;
        assert_ne!(theirs.is_error, Some(true), "{theirs:?}");
        let ours = toolbox.call("search", SEARCH).await.unwrap();
        assert_eq!(Some(&ours), theirs.structured_content.as_ref());
        let output = toolbox.call_arguments("search", Arguments::Object(&object), context).await.unwrap();
        assert_eq!(output.json, ours);
    });

    let a = || drop(black_box(runtime.block_on(direct.call("search", black_box(SEARCH)))));
    let b = || drop(black_box(runtime.block_on(toolbox.call("search", black_box(SEARCH))).unwrap()));
    let c_ = || {
        let call = toolbox.call_arguments("search", Arguments::Object(black_box(&object)), context);
        drop(black_box(runtime.block_on(call).unwrap()))
    };
    let names = [
        "(a) rmcp client: call_tool, arguments parsed from text",
        "(b) toolc: McpToolbox::call, text",
        "(c) toolc: McpToolbox::call_arguments, object",
    ];

    let mut group = c.benchmark_group("forwarded_call (5 arguments)");
    group.bench_function(names[0], |bench| bench.iter(a));
    group.bench_function(names[1], |bench| bench.iter(b));
    group.bench_function(names[2], |bench| bench.iter(c_));
    group.finish();

    let contenders: [&dyn Fn(); 3] = [&a, &b, &c_];
    let mut group = c.benchmark_group("forwarded_call (5 arguments), taking turns");
    for (index, name) in names.iter().enumerate() {
        group.bench_function(*name, |bench| bench.iter_custom(|iters| turns(&contenders, iters)[index]));
    }
    group.finish();
    paired(&contenders, &names);

    pieces(c, runtime, &direct, &toolbox);
}

/// A client declaring protocol 2025-11-25, as `McpToolbox` does (rmcp's own default is newer).
#[derive(Clone, Default)]
struct Pinned;

impl rmcp::ClientHandler for Pinned {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        rmcp::model::ClientConfig::new(
            rmcp::model::ClientCapabilities::default(),
            rmcp::model::Implementation::new("pinned", "0"),
        )
        .with_protocol_version(rmcp::model::ProtocolVersion::V_2025_11_25)
    }
}

/// What `McpToolbox` does around a call that rmcp's client does not, each alone.
fn pieces(c: &mut Criterion, runtime: &tokio::runtime::Runtime, direct: &Direct, toolbox: &McpToolbox) {
    // The tools as the toolbox read them.
    let tools = toolc::JsonTools::read(&serde_json::json!({ "tools": toolbox.listed() })).unwrap();
    let object: JsonObject = serde_json::from_str(SEARCH).unwrap();
    let result = runtime.block_on(direct.call("search", SEARCH));
    let pinned = runtime.block_on(async {
        let (server_io, client_io) = tokio::io::duplex(64 * 1024);
        let (served, client) = tokio::join!(McpServer::new(Bench).unwrap().serve(server_io), Pinned.serve(client_io));
        (served.unwrap(), client.unwrap())
    });
    let dispatcher = rmcp::handler::client::progress::ProgressDispatcher::new();
    let mut token = 0u64;

    // A toolbox's first refused call, with the checks compiled in it (as before `prepared`) or ahead
    // of it, beside a later one: the target is that the first costs what the later ones do.
    let listed = serde_json::json!({ "tools": toolbox.listed() });
    let refused = r#"{"qurey": 3}"#;
    let mut group = c.benchmark_group("a refused call on a toolbox just made (100 tools)");
    group.bench_function("first call, the tool's checks compiled in it", |b| {
        b.iter_batched(
            || toolc::JsonTools::read(&listed).unwrap(),
            // The toolbox is handed back, so that dropping it is not timed.
            |fresh| {
                let refusal = fresh.check("search", Arguments::Text(black_box(refused))).unwrap_err();
                (fresh, black_box(refusal))
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("first call, the toolbox prepared", |b| {
        b.iter_batched(
            || toolc::JsonTools::read(&listed).unwrap().prepared(),
            // The toolbox is handed back, so that dropping it is not timed.
            |fresh| {
                let refusal = fresh.check("search", Arguments::Text(black_box(refused))).unwrap_err();
                (fresh, black_box(refusal))
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("a later call", |b| {
        b.iter(|| black_box(tools.check("search", Arguments::Text(black_box(refused))).unwrap_err()))
    });
    group.bench_function("JsonTools::prepared, what it costs once", |b| {
        b.iter_batched(|| toolc::JsonTools::read(&listed).unwrap(), |fresh| black_box(fresh.prepared()), BatchSize::SmallInput)
    });
    group.finish();

    let mut group = c.benchmark_group("forwarded_call (5 arguments), pieces");
    group.bench_function("serde_json::from_str of the arguments (what (a) does)", |b| {
        b.iter(|| black_box(serde_json::from_str::<JsonObject>(black_box(SEARCH)).unwrap()))
    });
    group.bench_function("JsonTools::check, text", |b| {
        b.iter(|| black_box(tools.check("search", Arguments::Text(black_box(SEARCH))).unwrap()))
    });
    // Its second half: jsonschema's validator on the checked object.
    let schema = &toolbox.tools().iter().find(|tool| tool.name == "search").unwrap().input_schema;
    let validator = jsonschema::validator_for(schema).unwrap();
    let instance = serde_json::Value::Object(object.clone());
    group.bench_function("jsonschema: iter_errors, collected", |b| {
        b.iter(|| black_box(validator.iter_errors(black_box(&instance)).map(|err| err.to_string()).collect::<Vec<_>>()))
    });
    group.bench_function("jsonschema: is_valid", |b| b.iter(|| black_box(validator.is_valid(black_box(&instance)))));
    group.bench_function("serde_json::to_value of the CallToolResult", |b| {
        b.iter(|| black_box(serde_json::to_value(black_box(&result)).unwrap()))
    });
    group.bench_function("ProgressDispatcher::subscribe and drop", |b| {
        b.iter(|| {
            token += 1;
            let token = rmcp::model::ProgressToken(rmcp::model::NumberOrString::Number(token as i64));
            drop(black_box(runtime.block_on(dispatcher.subscribe(token))))
        })
    });
    // A call's wait, without and with the timeout `McpToolbox` sets (the timer is registered).
    group.bench_function("block_on of a future that yields once", |b| {
        // The answer is `()`: nothing for `black_box` to hold.
        b.iter(|| runtime.block_on(async { tokio::task::yield_now().await }))
    });
    group.bench_function("block_on of tokio::time::timeout of a future that yields once", |b| {
        b.iter(|| {
            let wait = async { tokio::time::timeout(Duration::from_secs(60), tokio::task::yield_now()).await };
            runtime.block_on(wait).unwrap()
        })
    });
    group.bench_function("rmcp client at protocol 2025-11-25: call_tool round trip", |b| {
        b.iter(|| {
            let arguments: JsonObject = serde_json::from_str(black_box(SEARCH)).unwrap();
            let params = CallToolRequestParams::new("search").with_arguments(arguments);
            black_box(runtime.block_on(pinned.1.call_tool(params)).unwrap())
        })
    });
    group.finish();
}

/// The three timed in the same blocks of calls, taking turns, and each block's ratios to (a): the
/// median of those ratios is the figure to read, as the machine's speed changes between blocks but
/// hardly within one.
fn paired(contenders: &[&dyn Fn(); 3], names: &[&str; 3]) {
    const BLOCKS: usize = 400;
    const CALLS: u64 = 50;
    let mut times: [Vec<f64>; 3] = Default::default();
    let mut ratios: [Vec<f64>; 2] = Default::default();
    for _ in 0..BLOCKS {
        let block = turns(contenders, CALLS).map(|time| time.as_secs_f64() / CALLS as f64);
        for index in 0..3 {
            times[index].push(block[index]);
        }
        ratios[0].push(block[1] / block[0]);
        ratios[1].push(block[2] / block[0]);
    }
    let quartiles = |values: &mut Vec<f64>| {
        values.sort_by(f64::total_cmp);
        let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
        (at(0.25), at(0.5), at(0.75))
    };
    println!("forwarded_call (5 arguments), paired: {BLOCKS} blocks of {CALLS} calls each, taking turns");
    for (index, name) in names.iter().enumerate() {
        let (low, median, high) = quartiles(&mut times[index]);
        println!("  {name}: median {:.2} µs (quartiles {:.2}–{:.2})", median * 1e6, low * 1e6, high * 1e6);
    }
    for (index, which) in ["b / a", "c / a"].iter().enumerate() {
        let (low, median, high) = quartiles(&mut ratios[index]);
        println!("  {which}: median {median:.3} (quartiles {low:.3}–{high:.3})");
    }
}

fn mcp_client(c: &mut Criterion) {
    // One thread runs client, server and the tasks between them, as for every contender.
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    connect_and_lower(c, &runtime);
    forwarded_call(c, &runtime);
}

criterion_group!(benches, mcp_client);
criterion_main!(benches);
