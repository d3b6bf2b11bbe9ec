//! A private module that nothing in the crate uses: its tool must still be found by the registry.

use toolc::tool;

/// Report the time of day.
#[tool]
fn hidden_clock() -> String {
    "noon".to_owned()
}
