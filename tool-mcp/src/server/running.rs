//! The calls running at once, counted against the server's limits.
//!
//! A call that finds no place is refused at once, never queued, so a plain count does: entering and
//! leaving are one atomic step each (a semaphore would take a lock to give a place back).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many calls run now, within one limit (the whole server's, or one session's).
#[derive(Default)]
pub(super) struct Running(AtomicUsize);

/// A call's place among those running: given back when dropped.
pub(super) struct Place(Arc<Running>);

impl Running {
    /// A place for one more call, when fewer than `most` run now.
    pub(super) fn enter(self: &Arc<Self>, most: usize) -> Option<Place> {
        self.0
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |now| (now < most).then_some(now + 1))
            .ok()
            .map(|_| Place(Arc::clone(self)))
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.0.0.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_at_most_the_limit_and_takes_places_back() {
        let running = Arc::new(Running::default());
        let first = running.enter(2).expect("a place");
        let second = running.enter(2).expect("a second place");
        assert!(running.enter(2).is_none(), "two run already");
        drop(first);
        let third = running.enter(2).expect("a place given back is free again");
        drop((second, third));
        assert_eq!(running.0.load(Ordering::Acquire), 0);
    }
}
