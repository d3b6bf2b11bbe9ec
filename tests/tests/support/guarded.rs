//! The tools the MCP server tests serve: one says its text back, one writes (only some callers may
//! see it), one says who is calling, one holds until its call is dropped, one spins until its
//! context says it is cancelled.

#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use toolc::{CallContext, toolbox};

/// What the tools saw: `<tag> started`, `<tag> dropped`.
#[derive(Clone, Default)]
pub struct Guarded {
    events: Arc<Mutex<Vec<String>>>,
}

/// Writes `<tag> dropped` when the call it belongs to is dropped.
struct OnDrop(Arc<Mutex<Vec<String>>>, String);

impl Drop for OnDrop {
    fn drop(&mut self) {
        self.0.lock().unwrap().push(format!("{} dropped", self.1));
    }
}

#[toolbox]
impl Guarded {
    /// Say the text back.
    ///
    /// # Arguments
    /// * `text` - What to say.
    #[tool]
    fn echo(&self, text: String) -> String {
        text
    }

    /// Write a file (it writes nothing: the test only asks who may call it).
    ///
    /// # Arguments
    /// * `path` - Where.
    #[tool]
    fn write_file(&self, path: String) -> String {
        format!("wrote {path}")
    }

    /// Who is calling, as the server's token check found it.
    #[tool]
    fn whoami(&self, context: &CallContext) -> String {
        let caller = context.caller().expect("a caller with a token");
        format!("{} with {}", caller.subject().unwrap_or("nobody"), caller.scopes().join(" "))
    }

    /// Spin until the call's context says it is cancelled, never awaiting.
    ///
    /// # Arguments
    /// * `tag` - Names this call in the events.
    #[tool]
    fn spin(&self, context: &CallContext, tag: String) -> String {
        self.events.lock().unwrap().push(format!("{tag} started"));
        while !context.is_cancelled() {
            std::thread::sleep(Duration::from_millis(10));
        }
        self.events.lock().unwrap().push(format!("{tag} noticed"));
        "stopped".to_owned()
    }

    /// Wait for an hour, unless the call is dropped first.
    ///
    /// # Arguments
    /// * `tag` - Names this call in the events.
    #[tool]
    async fn hold(&self, tag: String) -> String {
        let _dropped = OnDrop(Arc::clone(&self.events), tag.clone());
        self.events.lock().unwrap().push(format!("{tag} started"));
        tokio::time::sleep(Duration::from_secs(3600)).await;
        "finished".to_owned()
    }
}

impl Guarded {
    pub fn saw(&self, event: &str) -> bool {
        self.events.lock().unwrap().iter().any(|seen| seen == event)
    }

    pub async fn wait_for(&self, event: &str, within: Duration) {
        let start = Instant::now();
        while !self.saw(event) {
            assert!(start.elapsed() < within, "`{event}` within {within:?}; saw {:?}", self.events.lock().unwrap());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
