//! An MCP server over stdio whose tools misbehave on purpose, for the MCP clients' tests: one panics,
//! one runs until it is cancelled, one blocks until its context says it is cancelled, one reports
//! progress, one ends the process as a crash does, one adds. `lab-mcp MARKER_DIR`: the slow tools write `MARKER_DIR/<tag>.started` when
//! they start, and `<tag>.dropped` when the future is dropped or `<tag>.noticed` when the context
//! told of the cancellation.

use std::path::PathBuf;
use std::time::Duration;

use toolc::{CallContext, toolbox};
use toolc_mcp::McpServer;

/// Tools that misbehave.
pub struct Lab {
    markers: PathBuf,
}

/// Writes `<tag>.dropped` when the call it belongs to is dropped.
struct OnDrop(PathBuf);

impl Drop for OnDrop {
    fn drop(&mut self) {
        let _ = std::fs::write(&self.0, "");
    }
}

#[toolbox]
impl Lab {
    /// Panic, always.
    #[tool]
    pub fn explode(&self) -> String {
        panic!("the lab exploded")
    }

    /// Wait for an hour, unless cancelled.
    ///
    /// # Arguments
    /// * `tag` - Names the marker files of this call.
    #[tool]
    pub async fn slow(&self, tag: String) -> String {
        let _dropped = OnDrop(self.markers.join(format!("{tag}.dropped")));
        let _ = std::fs::write(self.markers.join(format!("{tag}.started")), "");
        tokio::time::sleep(Duration::from_secs(3600)).await;
        "finished".to_owned()
    }

    /// Block until the call is cancelled, watching the call's context.
    ///
    /// # Arguments
    /// * `tag` - Names the marker files of this call.
    #[tool]
    pub fn spin(&self, context: &CallContext, tag: String) -> String {
        let _ = std::fs::write(self.markers.join(format!("{tag}.started")), "");
        while !context.is_cancelled() {
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = std::fs::write(self.markers.join(format!("{tag}.noticed")), "");
        "stopped".to_owned()
    }

    /// Count to `to`, reporting every step as progress, a step every 50 ms.
    ///
    /// # Arguments
    /// * `to` - Where to stop.
    #[tool]
    pub async fn count(&self, to: u32, context: &CallContext) -> u32 {
        for step in 1..=to {
            context.report(f64::from(step), Some(f64::from(to)), format!("step {step}"));
            // Work between the reports and the result, as a real tool has: the TypeScript client
            // handles a notification a microtask later than a response read in the same chunk, so a
            // report written just before the result may reach it after the call has ended.
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        to
    }

    /// End the server's process at once, as a crash does.
    #[tool]
    pub fn crash(&self) -> String {
        std::process::exit(3)
    }

    /// Add two numbers.
    ///
    /// # Arguments
    /// * `a` - The first.
    /// * `b` - The second.
    #[tool]
    pub fn add(a: i64, b: i64) -> i64 {
        a + b
    }
}

fn main() -> std::io::Result<()> {
    let markers = PathBuf::from(std::env::args().nth(1).expect("usage: lab-mcp MARKER_DIR"));
    let server = McpServer::new(Lab { markers }).expect("the lab's tools render for MCP").named("lab", "1.0.0");
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(server.serve_stdio())
}
