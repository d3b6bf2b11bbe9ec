//! How an [`McpToolbox`](super::McpToolbox) connects and behaves: [`McpOptions`], and the command
//! line of a server started as a child process ([`StdioCommand`]).

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tool_runtime::lock::Lock;

/// Options of an [`McpToolbox`](super::McpToolbox), all with defaults.
///
/// ```
/// use std::time::Duration;
/// use tool_mcp::McpOptions;
///
/// let options = McpOptions::default().named("github").timeout(Duration::from_secs(20));
/// # drop(options);
/// ```
#[derive(Clone, Debug)]
pub struct McpOptions {
    pub(super) name: Option<String>,
    pub(super) bearer: Option<String>,
    pub(super) timeout: Duration,
    pub(super) connect_timeout: Duration,
    pub(super) backoff: (Duration, Duration),
    pub(super) pinned: Option<(Arc<Lock>, OnDrift)>,
}

impl Default for McpOptions {
    fn default() -> Self {
        McpOptions {
            name: None,
            bearer: None,
            timeout: Duration::from_secs(60),
            connect_timeout: Duration::from_secs(60),
            backoff: (Duration::from_millis(250), Duration::from_secs(30)),
            pinned: None,
        }
    }
}

/// What an [`McpToolbox`](super::McpToolbox) does with a tool whose definition is not the one a lock
/// file pins for its server: changed since it was pinned, or new.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OnDrift {
    /// Connecting fails, naming every tool that differs. A tool that changes later (the server
    /// announces a new list) is left out.
    Refuse,
    /// The tool is left out, with a warning in
    /// [`McpToolbox::messages`](super::McpToolbox::messages); the others are served.
    LeaveOut,
}

impl McpOptions {
    /// The server's name in messages, errors and the lock file. Default: the name the server gives
    /// itself when it is initialized.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Sends `Authorization: Bearer <token>` with every HTTP request (streamable HTTP only).
    pub fn bearer(mut self, token: impl Into<String>) -> Self {
        self.bearer = Some(token.into());
        self
    }

    /// How long a call may take before it is cancelled and answered with an error saying so.
    /// Default: 60 seconds.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// How long connecting may take: starting the server (a package runner may fetch it first),
    /// `initialize`, and each `tools/list`. Default: 60 seconds.
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// After the server fails, how long to wait before connecting again: `first`, doubled after
    /// each failed attempt up to `most`. Calls made meanwhile are answered with an error at once.
    /// Default: 250 ms up to 30 s.
    pub fn backoff(mut self, first: Duration, most: Duration) -> Self {
        self.backoff = (first, most.max(first));
        self
    }

    /// Checks every tool the server lists against the definitions `lock` pins for this server (named
    /// as [`McpOptions::named`] says, or as the server names itself); a tool that differs from its
    /// pinned definition, or that the lock does not list, is refused or left out as `on_drift` says.
    /// A server that changes a tool's description after it was reviewed is a known attack on agents.
    ///
    /// ```
    /// use tool_runtime::lock::Lock;
    /// use tool_mcp::{McpOptions, OnDrift};
    ///
    /// let lock = Lock::from_text(r#"{"version": 1, "servers": {}}"#).unwrap();
    /// let options = McpOptions::default().named("github").pinned(lock, OnDrift::LeaveOut);
    /// # drop(options);
    /// ```
    pub fn pinned(mut self, lock: impl Into<Arc<Lock>>, on_drift: OnDrift) -> Self {
        self.pinned = Some((lock.into(), on_drift));
        self
    }
}

/// The command line of an MCP server started as a child process, kept so that the server can be
/// started again after it fails. Made from a `std::process::Command` or a `tokio::process::Command`
/// (or a `&mut` of either, as `Command::new(..).args(..)` gives): its program, arguments,
/// environment and working directory are kept.
#[derive(Clone, Debug)]
pub struct StdioCommand {
    pub(super) program: OsString,
    pub(super) args: Vec<OsString>,
    /// Each variable set (`Some`) or removed (`None`).
    pub(super) env: Vec<(OsString, Option<OsString>)>,
    pub(super) current_dir: Option<PathBuf>,
}

impl StdioCommand {
    /// The command `program` with `args`.
    pub fn new(program: impl Into<OsString>, args: impl IntoIterator<Item = impl Into<OsString>>) -> Self {
        StdioCommand {
            program: program.into(),
            args: args.into_iter().map(Into::into).collect(),
            env: Vec::new(),
            current_dir: None,
        }
    }

    /// A tokio command that starts the server, in a process group of its own, so that what it
    /// starts in turn (a `npx` starts `node`) ends with it.
    pub(super) fn command(&self) -> tokio::process::Command {
        let mut command = tokio::process::Command::new(&self.program);
        command.args(&self.args);
        for (key, value) in &self.env {
            match value {
                Some(value) => command.env(key, value),
                None => command.env_remove(key),
            };
        }
        if let Some(dir) = &self.current_dir {
            command.current_dir(dir);
        }
        command
    }
}

impl From<&std::process::Command> for StdioCommand {
    fn from(command: &std::process::Command) -> Self {
        StdioCommand {
            program: command.get_program().to_owned(),
            args: command.get_args().map(ToOwned::to_owned).collect(),
            env: command.get_envs().map(|(key, value)| (key.to_owned(), value.map(ToOwned::to_owned))).collect(),
            current_dir: command.get_current_dir().map(ToOwned::to_owned),
        }
    }
}

impl From<&mut std::process::Command> for StdioCommand {
    fn from(command: &mut std::process::Command) -> Self {
        StdioCommand::from(&*command)
    }
}

impl From<std::process::Command> for StdioCommand {
    fn from(command: std::process::Command) -> Self {
        StdioCommand::from(&command)
    }
}

impl From<&mut tokio::process::Command> for StdioCommand {
    fn from(command: &mut tokio::process::Command) -> Self {
        StdioCommand::from(command.as_std())
    }
}

impl From<tokio::process::Command> for StdioCommand {
    fn from(command: tokio::process::Command) -> Self {
        StdioCommand::from(command.as_std())
    }
}
