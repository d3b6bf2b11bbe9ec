//! The connection's state machine: up, or down with why and when to try again. A call finds the
//! link up, or connects again once the backoff allows (each failed attempt waits longer); a link
//! lost in a call is marked down; a new listing is taken when it differs.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use toolc::read::Message;

use super::drift::generation;
use super::error::{LinkError, Unavailable};
use super::link::Link;
use super::{Inner, McpError, generations, open};

/// The connection, or why there is none and when to try again.
pub(super) enum State {
    Up(Arc<Link>),
    Down { retry_at: Instant, delay: Duration, why: LinkError },
}

impl Inner {
    /// The live link, connecting again if the last one failed and the backoff allows.
    pub(super) async fn link(self: &Arc<Self>) -> Result<Arc<Link>, Unavailable> {
        let mut state = self.state.lock().await;
        if let State::Up(link) = &*state {
            if !link.is_closed() {
                return Ok(Arc::clone(link));
            }
            *state = State::Down { retry_at: Instant::now(), delay: self.options.backoff.0, why: LinkError::Ended };
        }
        let State::Down { retry_at, delay, why } = &*state else { unreachable!("up was handled above") };
        let now = Instant::now();
        if now < *retry_at {
            let retry_in = retry_at.duration_since(now);
            return Err(Unavailable { server: self.name.clone(), why: why.clone(), retry_in, just_tried: false });
        }
        let delay = *delay;
        match self.reconnect().await {
            Ok(link) => {
                self.say(Message::Note(format!("server `{}`: connected again", self.name)));
                *state = State::Up(Arc::clone(&link));
                Ok(link)
            }
            Err(why) => {
                let unavailable =
                    Unavailable { server: self.name.clone(), why: why.clone(), retry_in: delay, just_tried: true };
                *state = State::Down {
                    retry_at: Instant::now() + delay,
                    delay: (delay * 2).min(self.options.backoff.1),
                    why,
                };
                Err(unavailable)
            }
        }
    }

    async fn reconnect(self: &Arc<Self>) -> Result<Arc<Link>, LinkError> {
        let hook = Arc::new(OnceLock::new());
        let _ = hook.set(Arc::downgrade(self));
        let link = Arc::new(open(&self.endpoint, &hook, &self.runtime, &self.options).await?);
        let listed = link.list_tools(self.options.connect_timeout).await?;
        self.take(&listed, link.left_out());
        self.fell_back(&link);
        Ok(link)
    }

    /// Marks `link` as failed (unless another has replaced it already): the next call connects again.
    pub(super) async fn lost(&self, link: &Arc<Link>, why: LinkError) {
        let mut state = self.state.lock().await;
        if matches!(&*state, State::Up(current) if Arc::ptr_eq(current, link)) {
            *state = State::Down { retry_at: Instant::now(), delay: self.options.backoff.0, why };
        }
    }

    /// The live link, as [`Inner::link`] gives it, or why there is none as a program's error.
    pub(super) async fn up(self: &Arc<Self>) -> Result<Arc<Link>, McpError> {
        self.link().await.map_err(|why| McpError::Connect { server: self.name.clone(), why: why.to_string() })
    }

    pub(super) async fn refresh(self: &Arc<Self>) -> Result<bool, McpError> {
        let connect = |why: LinkError| McpError::connect(&self.name, &why);
        let link = self.up().await?;
        let listed = link.list_tools(self.options.connect_timeout).await.map_err(connect)?;
        Ok(self.take(&listed, link.left_out()))
    }

    /// Serves `listed` from now on if it differs from the list served; whether it did.
    fn take(&self, listed: &[rmcp::model::Tool], left_out: Vec<String>) -> bool {
        let next = match generation(&self.name, listed, left_out, self.options.pinned.as_ref(), false) {
            Ok(next) => next,
            Err(err) => {
                self.say(Message::Error(format!("{err}; the tools listed before are kept")));
                return false;
            }
        };
        let latest = self.generations.latest();
        if next.listed == latest.listed {
            // The same list served; a tool the transport left out of it anew is still said.
            for warning in next.said {
                let said = self.said.lock().unwrap_or_else(std::sync::PoisonError::into_inner).contains(&warning);
                if !latest.said.contains(&warning) && !said {
                    self.say(warning);
                }
            }
            return false;
        }
        if !self.generations.push(next) {
            self.say(Message::Warning(format!(
                "server `{}`: announced more than {} tool lists; later ones are not taken",
                self.name,
                generations::MOST
            )));
            return false;
        }
        true
    }
}
