use toolc::{CallContext, tool};

/// Index the files.
#[tool]
pub fn index(context: &mut CallContext, files: u32) -> u32 {
    let _ = context;
    files
}

fn main() {}
