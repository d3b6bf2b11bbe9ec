use toolc::tool;

/// Index the repository.
#[tool(long_running = "sometimes")]
pub async fn index() -> u32 {
    3
}

fn main() {}
