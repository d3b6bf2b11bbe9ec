//! One replica of a server served from many machines, for the shared-state tests: its sessions,
//! streams and tasks in the Redis at `$REPLICA_REDIS_URL` (from the environment: it holds the
//! password), `requestState` signed with `$REPLICA_STATE_KEY`, on `127.0.0.1:PORT` (0: one of the
//! system's choosing), which it prints (`http://127.0.0.1:<port>/mcp`) on a line of its own once it
//! serves.
//!
//! `replica RUNS_FILE LEASE_MS PORT`: every call appends its `tag` to `RUNS_FILE` as it starts, so
//! that a test sees a call that ran twice, whatever replica ran it. When its standard input closes,
//! it stops as a deploy stops a replica (`HttpServer::stop`), and exits.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use schemars::JsonSchema;
use serde::Deserialize;
use toolc::{AskError, CallContext, Elicited, Form, toolbox};
use toolc_mcp::{HttpOptions, McpServer, RedisState};

/// Whether to go on.
#[derive(Deserialize, JsonSchema, Form)]
pub struct Confirm {
    /// Go on.
    ok: bool,
}

/// Tools that take their time.
pub struct Counter {
    runs: PathBuf,
}

#[toolbox]
impl Counter {
    /// Count to `steps`, one step every `every_ms` milliseconds, reporting each.
    ///
    /// # Arguments
    /// * `tag` - Names this call in the runs file.
    /// * `steps` - How far to count.
    /// * `every_ms` - How long each step takes.
    #[tool]
    pub async fn count(&self, context: &CallContext, tag: String, steps: u32, every_ms: u64) -> String {
        self.ran(&tag);
        for step in 1..=steps {
            tokio::time::sleep(Duration::from_millis(every_ms)).await;
            context.report(f64::from(step), Some(f64::from(steps)), format!("step {step}"));
        }
        format!("counted to {steps}")
    }

    /// Tally to `steps` as a task, a step every `every_ms` milliseconds, first asking the user
    /// whether to go on when `ask` is set.
    ///
    /// # Arguments
    /// * `tag` - Names this call in the runs file.
    /// * `steps` - How far to tally.
    /// * `every_ms` - How long each step takes.
    /// * `ask` - Whether to ask the user first.
    #[tool(long_running)]
    pub async fn tally(
        &self,
        context: &CallContext,
        tag: String,
        steps: u32,
        every_ms: u64,
        ask: bool,
    ) -> Result<String, AskError> {
        self.ran(&tag);
        // Waiting on work first: the call goes on as a task.
        tokio::time::sleep(Duration::from_millis(every_ms)).await;
        if ask && !matches!(context.elicit::<Confirm>("Go on?").await?, Elicited::Accepted(Confirm { ok: true })) {
            return Ok("stopped".to_owned());
        }
        for step in 1..=steps {
            tokio::time::sleep(Duration::from_millis(every_ms)).await;
            context.report(f64::from(step), Some(f64::from(steps)), format!("step {step}"));
        }
        Ok(format!("tallied {steps}"))
    }

    /// Say the text back.
    ///
    /// # Arguments
    /// * `text` - What to say.
    #[tool]
    pub fn echo(&self, text: String) -> String {
        text
    }
}

impl Counter {
    /// Appends `tag` to the runs file.
    fn ran(&self, tag: &str) {
        let mut runs = std::fs::OpenOptions::new().create(true).append(true).open(&self.runs).expect("the runs file");
        // One write of the whole line: appends of several processes do not interleave.
        runs.write_all(format!("{tag}\n").as_bytes()).expect("the runs file is written");
    }
}

fn main() -> std::io::Result<()> {
    let usage = "usage: REPLICA_REDIS_URL=… REPLICA_STATE_KEY=… replica RUNS_FILE LEASE_MS PORT";
    let mut args = std::env::args().skip(1);
    let (runs, lease, port) = (args.next().expect(usage), args.next().expect(usage), args.next().expect(usage));
    let lease = Duration::from_millis(lease.parse().expect(usage));
    let port: u16 = port.parse().expect(usage);
    let url = std::env::var("REPLICA_REDIS_URL").expect(usage);
    let key = std::env::var("REPLICA_STATE_KEY").expect(usage);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let shared = RedisState::connect(&url).await?.replica_lease(lease);
        let server = McpServer::new(Counter { runs: PathBuf::from(runs) })
            .expect("the counter's tools render for MCP")
            .named("replica", "1.0.0")
            .request_state_key(key.into_bytes())?
            .with(HttpOptions::default().shared_state(shared))
            .serve_http(("127.0.0.1", port))
            .await?;
        println!("{}", server.url());
        std::io::stdout().flush()?;
        let (closed, stdin_closed) = tokio::sync::oneshot::channel();
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut std::io::stdin(), &mut std::io::sink());
            let _ = closed.send(());
        });
        let _ = stdin_closed.await;
        server.stop();
        // The lease is given up as the server stops: a moment for that to reach Redis.
        tokio::time::sleep(Duration::from_millis(200)).await;
        Ok(())
    })
}
