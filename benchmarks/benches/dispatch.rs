//! Per-call dispatch cost, compared in one run: the floor (`serde_json::from_str` of the arguments
//! plus a direct call), `Toolbox::call`, rmcp's tool router and rig's tool dispatch. Every contender
//! is driven by the same executor (`pollster`), from the same argument text.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use toolc::Toolbox;
use toolc_benchmarks::rig_peer::RigTools;
use toolc_benchmarks::rmcp_peer::RmcpSession;
use toolc_benchmarks::{Bench, Big, SEARCH, SearchArgs, big_call, search_work};

#[derive(serde::Deserialize)]
struct BigArgs {
    record: Big,
}

fn dispatch(c: &mut Criterion) {
    // rmcp needs a live session for a request context; its tasks run on this runtime.
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let _entered = runtime.enter();
    let rmcp = runtime.block_on(RmcpSession::start());
    let rig = RigTools::default();

    let mut group = c.benchmark_group("dispatch/5-fields");
    group.bench_function("floor: serde_json::from_str + direct call", |b| {
        b.iter(|| {
            let args: SearchArgs = serde_json::from_str(black_box(SEARCH)).unwrap();
            black_box(search_work(&args.query, args.num_results, args.offset))
        })
    });
    group.bench_function("toolc: Toolbox::call", |b| {
        b.iter(|| black_box(pollster::block_on(Bench.call("search", black_box(SEARCH))).unwrap()))
    });
    group.bench_function("rmcp: ToolRouter::call", |b| {
        b.iter(|| black_box(pollster::block_on(rmcp.call("search", black_box(SEARCH)))))
    });
    group.bench_function("rig: ToolAdapter served inline", |b| {
        b.iter(|| black_box(pollster::block_on(rig.call("search", black_box(SEARCH)))))
    });
    group.finish();

    let big = big_call();
    let mut group = c.benchmark_group("dispatch/50-fields");
    group.bench_function("floor: serde_json::from_str + direct call", |b| {
        b.iter(|| {
            let args: BigArgs = serde_json::from_str(black_box(&big)).unwrap();
            black_box(args.record.one.i.len() + args.record.five.a.len())
        })
    });
    group.bench_function("toolc: Toolbox::call", |b| {
        b.iter(|| black_box(pollster::block_on(Bench.call("store", black_box(&big))).unwrap()))
    });
    group.bench_function("rmcp: ToolRouter::call", |b| {
        b.iter(|| black_box(pollster::block_on(rmcp.call("store", black_box(&big)))))
    });
    group.bench_function("rig: ToolAdapter served inline", |b| {
        b.iter(|| black_box(pollster::block_on(rig.call("store", black_box(&big)))))
    });
    group.finish();
}

criterion_group!(benches, dispatch);
criterion_main!(benches, parts_group);

fn parts(c: &mut Criterion) {
    let mut group = c.benchmark_group("dispatch/parts");
    group.bench_function("pollster::block_on of a ready future", |b| {
        b.iter(|| black_box(pollster::block_on(async { black_box(1) })))
    });
    // What the floor costs once it has the shape of `Toolbox::call`: run by an executor, and its
    // output made a JSON value.
    group.bench_function("floor, 5 fields, as an async call returning JSON", |b| {
        b.iter(|| {
            black_box(pollster::block_on(async {
                let args: SearchArgs = serde_json::from_str(black_box(SEARCH)).unwrap();
                serde_json::to_value(search_work(&args.query, args.num_results, args.offset)).unwrap()
            }))
        })
    });
    group.bench_function("serde_ignored + from_str", |b| {
        b.iter(|| {
            let mut de = serde_json::Deserializer::from_str(black_box(SEARCH));
            let args: SearchArgs = serde_ignored::deserialize(&mut de, |_| {}).unwrap();
            black_box(args.offset)
        })
    });
    group.finish();
}

criterion_group!(parts_group, parts);
