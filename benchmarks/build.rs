//! Writes the 1,000 generated tools the `render` benchmark renders.

#[path = "generate/tools.rs"]
mod tools;

fn main() {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("generated_tools.rs");
    std::fs::write(out, tools::config_tools(1000)).unwrap();
    println!("cargo::rerun-if-changed=generate/tools.rs");
}
