use toolc::{CallContext, tool};

/// Index the files.
#[tool]
pub fn index(context: &CallContext, again: &CallContext, files: u32) -> u32 {
    let _ = (context, again);
    files
}

fn main() {}
