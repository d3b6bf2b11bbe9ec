//! The tool lists a server has had, newest last: a toolbox hands out references to its list
//! (`&[ToolDef]`, `&Value`) that must stay valid while the server announces a new one, so lists are
//! only ever added, each after the one before, never changed or dropped while the toolbox lives.

use std::sync::{Mutex, OnceLock, PoisonError};

use serde_json::Value;

use toolc::JsonTools;
use toolc::read::Message;

/// How many lists one toolbox keeps at most: a server that announces new lists without end would
/// otherwise grow it without end. Past it, the newest list stays and later ones are not taken.
pub(super) const MOST: usize = 64;

/// One list of a server's tools.
pub(super) struct Generation {
    pub(super) tools: JsonTools,
    /// The tools as the server listed them.
    pub(super) listed: Vec<Value>,
    /// What was said taking the list (tools left out as the lock file says), before what reading
    /// and rendering say.
    pub(super) said: Vec<Message>,
    next: OnceLock<Box<Generation>>,
}

impl Generation {
    pub(super) fn new(tools: JsonTools, listed: Vec<Value>, said: Vec<Message>) -> Self {
        Generation { tools, listed, said, next: OnceLock::new() }
    }
}

/// Every list so far, the first and those that followed it.
pub(super) struct Generations {
    first: Generation,
    /// Taken while a list is added, so that two are never added after the same one.
    adding: Mutex<usize>,
}

impl Generations {
    pub(super) fn new(first: Generation) -> Self {
        Generations { first, adding: Mutex::new(1) }
    }

    /// The newest list.
    pub(super) fn latest(&self) -> &Generation {
        let mut latest = &self.first;
        while let Some(next) = latest.next.get() {
            latest = next;
        }
        latest
    }

    /// Adds `generation` as the newest list; `false` when [`MOST`] are kept already.
    pub(super) fn push(&self, generation: Generation) -> bool {
        let mut count = self.adding.lock().unwrap_or_else(PoisonError::into_inner);
        if *count >= MOST {
            return false;
        }
        let added = self.latest().next.set(Box::new(generation)).is_ok();
        *count += usize::from(added);
        added
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn list(name: &str) -> Generation {
        let tools = json!([{"name": name, "description": "A tool.", "inputSchema": {"type": "object"}}]);
        Generation::new(JsonTools::read(&tools).unwrap(), Vec::new(), Vec::new())
    }

    #[test]
    fn the_newest_list_is_served_and_older_references_stay_valid() {
        let generations = Generations::new(list("first"));
        let old = generations.latest().tools.tools();
        assert!(generations.push(list("second")));
        assert_eq!(generations.latest().tools.tools()[0].name, "second");
        assert_eq!(old[0].name, "first", "a reference handed out before stays what it was");
    }

    #[test]
    fn lists_past_the_most_are_not_taken() {
        let generations = Generations::new(list("t0"));
        for index in 1..MOST {
            assert!(generations.push(list(&format!("t{index}"))));
        }
        assert!(!generations.push(list("one_too_many")));
        assert_eq!(generations.latest().tools.tools()[0].name, format!("t{}", MOST - 1));
    }
}
