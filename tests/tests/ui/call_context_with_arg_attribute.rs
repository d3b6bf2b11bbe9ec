use toolc::{CallContext, tool};

/// Index the files.
#[tool]
pub fn index(#[arg(description = "The context.")] context: &CallContext, files: u32) -> u32 {
    let _ = context;
    files
}

fn main() {}
