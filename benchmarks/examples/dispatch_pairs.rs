//! The floor and `Toolbox::call` pairs of the `dispatch` benchmark, without the peers (rmcp and rig
//! bring serde_json's `preserve_order` and a long build), for timing and profiling toolc's own path:
//!
//! ```sh
//! cd benchmarks && cargo run --release --example dispatch_pairs -- --bench
//! ```
//!
//! `turns [ROUNDS]` times each floor and toolc taking turns, a batch of calls each (the machine's
//! speed drifts within a run, and between two benchmarks run one after the other): per call, the
//! fastest batch of each and the median of the ratios of batches run side by side.
//!
//! `count CASE N` instead of criterion's arguments runs one contender N times after one call of each,
//! for `valgrind --tool=callgrind --toggle-collect='dispatch_pairs::CASE'` (instructions per call: the
//! difference between two counts over the difference of their N); CASE is `floor5`, `toolc5`,
//! `floor50` or `toolc50`.

use criterion::Criterion;
use std::hint::black_box;
use std::time::Instant;
use toolc::Toolbox;
use toolc_benchmarks::{Bench, Big, SEARCH, SearchArgs, big_call, search_work};

#[derive(serde::Deserialize)]
struct BigArgs {
    record: Big,
}

#[inline(never)]
fn floor5() {
    let args: SearchArgs = serde_json::from_str(black_box(SEARCH)).unwrap();
    black_box(search_work(&args.query, args.num_results, args.offset));
}

#[inline(never)]
fn toolc5() {
    black_box(pollster::block_on(Bench.call("search", black_box(SEARCH))).unwrap());
}

#[inline(never)]
fn floor50(big: &str) {
    let args: BigArgs = serde_json::from_str(black_box(big)).unwrap();
    black_box(args.record.one.i.len() + args.record.five.a.len());
}

#[inline(never)]
fn toolc50(big: &str) {
    black_box(pollster::block_on(Bench.call("store", black_box(big))).unwrap());
}

/// Nanoseconds per call of `call`, over `batch` calls.
fn per_call(batch: u32, call: &dyn Fn()) -> f64 {
    let start = Instant::now();
    (0..batch).for_each(|_| call());
    start.elapsed().as_nanos() as f64 / f64::from(batch)
}

/// `turns`: the floor and toolc of each case taking turns, batch by batch.
fn turns(rounds: usize, big: &str) {
    let pairs: [(&str, u32, &dyn Fn(), &dyn Fn()); 2] =
        [("5 fields", 2000, &floor5, &toolc5), ("50 fields", 200, &|| floor50(big), &|| toolc50(big))];
    for (name, batch, floor, toolc) in pairs {
        per_call(batch * 20, floor);
        per_call(batch * 20, toolc);
        let (mut fastest, mut ratios) = ((f64::MAX, f64::MAX), Vec::with_capacity(rounds));
        for round in 0..rounds {
            let (a, b) = match round % 2 {
                0 => (per_call(batch, floor), per_call(batch, toolc)),
                _ => {
                    let b = per_call(batch, toolc);
                    (per_call(batch, floor), b)
                }
            };
            fastest = (fastest.0.min(a), fastest.1.min(b));
            ratios.push(b / a);
        }
        ratios.sort_by(f64::total_cmp);
        println!(
            "{name}: floor {:.1} ns, toolc {:.1} ns (fastest batches: {:.3} x); median of the paired ratios {:.3} x",
            fastest.0,
            fastest.1,
            fastest.1 / fastest.0,
            ratios[rounds / 2]
        );
    }
}

fn main() {
    let big = big_call();
    let mut args = std::env::args().skip(1);
    let first = args.next();
    if first.as_deref() == Some("turns") {
        turns(args.next().map_or(400, |rounds| rounds.parse().expect("a number of rounds")), &big);
        return;
    }
    if first.as_deref() == Some("count") {
        let case = args.next().expect("a case");
        let times = args.next().map_or(1000, |times| times.parse().expect("a count"));
        // The first call works out the definitions and plans: not part of a call's cost.
        let cases: [(&str, &dyn Fn()); 4] =
            [("floor5", &floor5), ("toolc5", &toolc5), ("floor50", &|| floor50(&big)), ("toolc50", &|| toolc50(&big))];
        cases.iter().for_each(|(_, call)| call());
        let (_, call) =
            cases.iter().find(|(name, _)| *name == case).expect("a case: floor5, toolc5, floor50 or toolc50");
        (0..times).for_each(|_| call());
        return;
    }
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("dispatch/5-fields");
    group.bench_function("floor: serde_json::from_str + direct call", |b| b.iter(floor5));
    group.bench_function("toolc: Toolbox::call", |b| b.iter(toolc5));
    group.finish();
    let mut group = criterion.benchmark_group("dispatch/50-fields");
    group.bench_function("floor: serde_json::from_str + direct call", |b| b.iter(|| floor50(&big)));
    group.bench_function("toolc: Toolbox::call", |b| b.iter(|| toolc50(&big)));
    group.finish();
    criterion.final_summary();
}
