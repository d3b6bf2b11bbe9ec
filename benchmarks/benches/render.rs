//! Rendering every target against schemars generating the same schemas, in one run: for the
//! example crates' tools and for 1,000 generated ones, with the floor of copying the seven finished
//! renderings and each target alone. Then what `tools()` and `render()` cost once their first call
//! has worked them out, against reading a cached value.

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::Value;
use std::hint::black_box;
use std::sync::OnceLock;
use toolc::{Target, ToolDef, Toolbox, registry};
use toolc_benchmarks::Bench;

const EXAMPLES: [&str; 4] = ["browse-agent", "director", "roo-tools", "structured-output"];
const GENERATED: &str = "toolc_benchmarks::generated";

/// The registered tools `pick` selects, and a way to generate their input schemas afresh.
struct Tools {
    defs: Vec<&'static ToolDef>,
    generate: Box<dyn Fn() -> Vec<Value>>,
}

fn tools(pick: fn(package: &str, module: &str) -> bool) -> Tools {
    let picked = |def: &ToolDef| def.source.is_some_and(|source| pick(source.package, source.module_path));
    let defs: Vec<&'static ToolDef> = registry::tools().iter().copied().filter(|def| picked(def)).collect();
    let entries: Vec<_> = registry::entries().filter(|entry| picked(entry.definition())).collect();
    let toolboxes: Vec<_> = registry::toolboxes()
        .iter()
        .filter(|toolbox| toolbox.owns_tools() && pick(toolbox.source().package, toolbox.source().module_path))
        .collect();
    let generate = move || {
        let mut schemas: Vec<Value> = entries.iter().map(|entry| entry.generate_input_schema()).collect();
        schemas.extend(toolboxes.iter().flat_map(|toolbox| toolbox.generate_input_schemas()));
        schemas
    };
    assert_eq!(generate().len(), defs.len(), "a schema for every tool");
    Tools { defs, generate: Box::new(generate) }
}

fn render_all(defs: &[&ToolDef]) -> usize {
    let mut size = 0;
    for target in Target::ALL {
        for def in defs {
            size += def.render(target).unwrap().value.as_object().map_or(0, |tool| tool.len());
        }
    }
    size
}

fn render(c: &mut Criterion) {
    for (group, tools) in [
        ("render/example crates", tools(|package, _| EXAMPLES.contains(&package))),
        ("render/1,000 generated tools", tools(|_, module| module == GENERATED)),
    ] {
        let mut group = c.benchmark_group(format!("{group} ({} tools)", tools.defs.len()));
        group.bench_function("schemars: generate the input schemas", |b| b.iter(|| black_box((tools.generate)())));
        group.bench_function("toolc: render all seven targets", |b| b.iter(|| black_box(render_all(&tools.defs))));
        // The least any rendering can cost: the values `render` hands out are owned trees, so making
        // the seven of them costs at least copying them.
        let rendered: Vec<Value> = Target::ALL
            .iter()
            .flat_map(|target| tools.defs.iter().map(|def| def.render(*target).unwrap().value))
            .collect();
        group.bench_function("floor: copy the seven renderings", |b| {
            b.iter(|| {
                black_box(rendered.iter().map(|value| value.clone().as_object().map_or(0, |o| o.len())).sum::<usize>())
            })
        });
        for target in Target::ALL {
            group.bench_function(format!("toolc: render {target}"), |b| {
                b.iter(|| tools.defs.iter().for_each(|def| drop(black_box(def.render(target).unwrap()))))
            });
        }
        group.finish();
    }

    let mut group = c.benchmark_group("render/after the first call");
    static CACHED: OnceLock<Value> = OnceLock::new();
    CACHED.get_or_init(|| Value::Null);
    let _ = Bench.render(Target::Anthropic).unwrap();
    group.bench_function("reading a cached value (OnceLock::get)", |b| b.iter(|| black_box(CACHED.get())));
    group.bench_function("toolc: Toolbox::tools", |b| b.iter(|| black_box(Bench.tools())));
    group
        .bench_function("toolc: Toolbox::render", |b| b.iter(|| black_box(Bench.render(black_box(Target::Anthropic)))));
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
