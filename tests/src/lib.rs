//! A representative tool set, shaped like real ones, that the behaviour tests in `tests/` exercise:
//! primitives, `Option`, `Vec`, nested structs, enums, renames, defaults, doc comments, every return
//! form, config structs, a tagged enum, and both kinds of toolbox.

pub mod browser;
pub mod nodes;
pub mod probe;
pub mod search;
mod unreferenced;

use toolc::{ToolDef, registry};

/// The seed every property and fuzz test of the suite draws its cases from: the same cases on every
/// run, so a clean clone's `cargo test` passes or fails the same way each time.
pub const PROPTEST_SEED: u64 = 20261126;

/// Compares `actual` with the golden file at `path`, or, with `TOOLC_BLESS` set, writes it there.
/// Returns what differs, for the test to report with every other mismatch. A blessed file is read
/// and judged before it is committed.
pub fn golden(path: &std::path::Path, actual: &str) -> Option<String> {
    if std::env::var_os("TOOLC_BLESS").is_some() {
        std::fs::write(path, actual).unwrap();
        return None;
    }
    match std::fs::read_to_string(path) {
        Ok(expected) if expected == actual => None,
        Ok(expected) => Some(format!("{}:\n--- expected\n{expected}\n--- actual\n{actual}", path.display())),
        Err(err) => Some(format!("{}: {err}", path.display())),
    }
}

/// Gives way once: the calling task is woken and polled again, so other futures run meanwhile
/// (concurrent calls start; a panic comes from a later poll than the first).
pub async fn yield_once() {
    let mut yielded = false;
    std::future::poll_fn(|cx| {
        if yielded {
            std::task::Poll::Ready(())
        } else {
            yielded = true;
            cx.waker().wake_by_ref();
            std::task::Poll::Pending
        }
    })
    .await
}

/// The tools this crate defines, in the registry's order (other linked crates may add their own).
pub fn our_tools() -> Vec<&'static ToolDef> {
    registry::tools()
        .iter()
        .copied()
        .filter(|def| def.source.is_some_and(|source| source.package == env!("CARGO_PKG_NAME")))
        .collect()
}
