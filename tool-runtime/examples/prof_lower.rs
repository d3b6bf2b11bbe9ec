use tool_runtime::{RenderOptions, Target};
fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() { let p = e.unwrap().path(); if p.is_dir() { files(&p, out) } else { out.push(p) } }
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut found = Vec::new();
    files(std::path::Path::new(&args[1]), &mut found);
    found.sort();
    let docs: Vec<serde_json::Value> = found.iter().map(|p| serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()).collect();
    let target: Target = args[2].parse().unwrap();
    let options = RenderOptions::default().anthropic_strict(args.get(3).is_some());
    let passes: usize = std::env::var("PASSES").ok().map(|p| p.parse().unwrap()).unwrap_or(20);
    let mut best = f64::MAX;
    for _ in 0..passes {
        let t = std::time::Instant::now();
        for d in &docs { let _ = tool_runtime::read::lower_each_value(d.clone(), "x", &[(target, options)]); }
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    println!("{} docs best {best:.2} ms", docs.len());
}
