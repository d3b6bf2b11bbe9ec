//! How an [`McpToolbox`](super::McpToolbox) connects and behaves: [`McpOptions`], and the command
//! line of a server started as a child process ([`StdioCommand`]).

// Sampling and roots are marked deprecated in rmcp (SEP-2577 will remove them); 2025-11-25 and
// 2026-07-28 both have them.
#![allow(deprecated)]

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, ProtocolVersion, Root,
};
use std::future::Future;
use toolc::lock::Lock;

use super::answers::Answers;

/// Options of an [`McpToolbox`](super::McpToolbox), all with defaults.
///
/// ```
/// use std::time::Duration;
/// use toolc_mcp::McpOptions;
///
/// let options = McpOptions::default().named("github").timeout(Duration::from_secs(20));
/// # drop(options);
/// ```
/// Its `Debug` says whether a bearer token is set, never the token.
#[derive(Clone)]
pub struct McpOptions {
    pub(super) name: Option<String>,
    pub(super) bearer: Option<String>,
    pub(super) timeout: Duration,
    pub(super) connect_timeout: Duration,
    pub(super) backoff: (Duration, Duration),
    pub(super) pinned: Option<(Arc<Lock>, OnDrift)>,
    pub(super) client: Option<(String, String)>,
    pub(super) answers: Answers,
    pub(super) protocol: Option<ProtocolVersion>,
    #[cfg(feature = "oauth")]
    pub(super) sign_in: Option<super::SignIn>,
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
            client: None,
            answers: Answers::default(),
            protocol: None,
            #[cfg(feature = "oauth")]
            sign_in: None,
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

    /// Signs in to the server when it asks (OAuth 2.1, streamable HTTP only), as `sign_in` says;
    /// instead of [`McpOptions::bearer`], a token the program already has. See [`SignIn`](super::SignIn).
    #[cfg(feature = "oauth")]
    pub fn sign_in(mut self, sign_in: super::SignIn) -> Self {
        self.sign_in = Some(sign_in);
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
    /// use toolc::lock::Lock;
    /// use toolc_mcp::{McpOptions, OnDrift};
    ///
    /// let lock = Lock::from_text(r#"{"version": 1, "servers": {}}"#).unwrap();
    /// let options = McpOptions::default().named("github").pinned(lock, OnDrift::LeaveOut);
    /// # drop(options);
    /// ```
    pub fn pinned(mut self, lock: impl Into<Arc<Lock>>, on_drift: OnDrift) -> Self {
        self.pinned = Some((lock.into(), on_drift));
        self
    }

    /// The name and version this client gives itself to servers (`clientInfo`). Default: this
    /// crate's, `toolc-mcp` and its version.
    pub fn client_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.client = Some((name.into(), version.into()));
        self
    }

    /// Speaks `version` of MCP alone, instead of 2026-07-28 when the server speaks it and
    /// 2025-11-25 otherwise: a server known to speak one version, or a test of one. 2025-11-25,
    /// 2025-06-18, 2025-03-26 and 2024-11-05 begin with `initialize`; 2026-07-28 with
    /// `server/discover`, and a server that does not speak it is refused.
    ///
    /// ```
    /// use toolc_mcp::McpOptions;
    /// use toolc_mcp::rmcp::model::ProtocolVersion;
    ///
    /// let options = McpOptions::default().protocol_version(ProtocolVersion::V_2025_11_25);
    /// # drop(options);
    /// ```
    pub fn protocol_version(mut self, version: ProtocolVersion) -> Self {
        self.protocol = Some(version);
        self
    }

    /// Answers a server that asks the user something in the middle of a call (an elicitation
    /// form): `answer` shows the form to the user and gives back what they chose, accept (with the
    /// fields), decline or cancel. A field the user left out gets the default the form gives it.
    /// Declares the `elicitation` capability (forms); without it no server asks.
    ///
    /// ```
    /// use toolc_mcp::McpOptions;
    /// use toolc_mcp::rmcp::model::{ElicitResult, ElicitationAction};
    ///
    /// // A program without a user at hand declines every form.
    /// let options = McpOptions::default().on_elicitation(|_form| async { Ok(ElicitResult::new(ElicitationAction::Decline)) });
    /// # drop(options);
    /// ```
    pub fn on_elicitation<F, Fut>(mut self, answer: F) -> Self
    where
        F: Fn(ElicitRequestParams) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<ElicitResult, String>> + Send + 'static,
    {
        self.answers.elicit(answer);
        self
    }

    /// Answers a server that asks the user to open a URL in the middle of a call (URL elicitation:
    /// a sign-in or a payment elsewhere, which the server must not see): `answer` shows the URL
    /// with the server's message and gives back whether the user went (accept), would not
    /// (decline) or dismissed it (cancel); a server that refuses a call until a URL is opened
    /// (error -32042) gets its call again once the user went. Declares the `elicitation`
    /// capability's URL mode; without it no server asks.
    pub fn on_url_elicitation<F, Fut>(mut self, answer: F) -> Self
    where
        F: Fn(ElicitRequestParams) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<ElicitResult, String>> + Send + 'static,
    {
        self.answers.elicit_url(answer);
        self
    }

    /// Answers a server that asks the program's model for a message (sampling): `answer` sends the
    /// messages to a model of the program's choosing and gives back its reply; an error is told to
    /// the server. Declares the `sampling` capability; without it no server asks.
    ///
    /// `CreateMessageRequestParams` and `CreateMessageResult` are rmcp's, which marks sampling
    /// deprecated (SEP-2577 is to remove it from a later version of MCP; 2025-11-25 and 2026-07-28
    /// both have it): a program that names them allows the lint where it does,
    /// `#[allow(deprecated)]` on the function that sets up its options.
    pub fn on_sampling<F, Fut>(mut self, answer: F) -> Self
    where
        F: Fn(CreateMessageRequestParams) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<CreateMessageResult, String>> + Send + 'static,
    {
        self.answers.sample(answer);
        self
    }

    /// The folders or URIs the program works in, given to a server that asks (`roots/list`).
    /// Declares the `roots` capability; without it no server asks.
    ///
    /// `Root` is rmcp's, which marks roots deprecated as it does sampling (SEP-2577): a program
    /// that names it allows the lint there, `#[allow(deprecated)]`.
    pub fn roots(mut self, roots: impl IntoIterator<Item = Root>) -> Self {
        self.answers.roots(roots.into_iter().collect());
        self
    }
}

/// The command line of an MCP server started as a child process, kept so that the server can be
/// started again after it fails. Made from a `std::process::Command` or a `tokio::process::Command`
/// (or a `&mut` of either, as `Command::new(..).args(..)` gives): its program, arguments,
/// environment and working directory are kept, `env_clear()` and `env_remove(..)` included, so a
/// server someone else wrote can be started with nothing of this program's environment but what it
/// is given. Its `Debug` names the environment's variables without their values, which often hold
/// tokens.
///
/// ```
/// use toolc_mcp::StdioCommand;
///
/// let mut command = std::process::Command::new("npx");
/// command.arg("@modelcontextprotocol/server-github").env_clear().env("PATH", "/usr/bin");
/// let kept = StdioCommand::from(&mut command);
/// assert!(format!("{kept:?}").contains("env_clear: true"));
/// ```
#[derive(Clone)]
pub struct StdioCommand {
    pub(super) program: OsString,
    pub(super) args: Vec<OsString>,
    /// Whether the server starts with no variable of this program's environment (`env_clear`).
    pub(super) env_clear: bool,
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
            env_clear: false,
            env: Vec::new(),
            current_dir: None,
        }
    }

    /// Starts the server with none of this program's environment variables, only those given
    /// after (as `Command::env_clear`).
    pub fn env_clear(mut self) -> Self {
        self.env_clear = true;
        self.env.clear();
        self
    }

    /// Sets the variable `key` to `value` for the server.
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.env.push((key.into(), Some(value.into())));
        self
    }

    /// Starts the server without the variable `key`, whether this program has it or not.
    pub fn env_remove(mut self, key: impl Into<OsString>) -> Self {
        self.env.push((key.into(), None));
        self
    }

    /// A tokio command that starts the server, in a process group of its own, so that what it
    /// starts in turn (a `npx` starts `node`) ends with it.
    pub(super) fn command(&self) -> tokio::process::Command {
        let mut command = tokio::process::Command::new(&self.program);
        command.args(&self.args);
        if self.env_clear {
            command.env_clear();
        }
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
            env_clear: clears_env(command),
            env: command.get_envs().map(|(key, value)| (key.to_owned(), value.map(ToOwned::to_owned))).collect(),
            current_dir: command.get_current_dir().map(ToOwned::to_owned),
        }
    }
}

/// Whether `env_clear()` was called on `command`. The standard library keeps it to itself
/// (`Command::get_env_clear` is not stable), but its alternate `Debug` shows it as the line
/// `clear: true,` of the environment; every string there is quoted, so no argument or variable can
/// make such a line. A unit test fails if that form ever changes.
fn clears_env(command: &std::process::Command) -> bool {
    format!("{command:#?}").lines().any(|line| line.trim() == "clear: true,")
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

impl fmt::Debug for McpOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut shown = f.debug_struct("McpOptions");
        shown
            .field("name", &self.name)
            .field("bearer", &self.bearer.as_ref().map(|_| "<set>"))
            .field("timeout", &self.timeout)
            .field("connect_timeout", &self.connect_timeout)
            .field("backoff", &self.backoff)
            .field("pinned", &self.pinned.as_ref().map(|(_, on_drift)| on_drift))
            .field("client", &self.client)
            .field("answers", &self.answers)
            .field("protocol", &self.protocol);
        #[cfg(feature = "oauth")]
        shown.field("sign_in", &self.sign_in);
        shown.finish()
    }
}

impl fmt::Debug for StdioCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let env: Vec<(&OsString, Option<&str>)> =
            self.env.iter().map(|(name, value)| (name, value.as_ref().map(|_| "<set>"))).collect();
        f.debug_struct("StdioCommand")
            .field("program", &self.program)
            .field("args", &self.args)
            .field("env_clear", &self.env_clear)
            .field("env", &env)
            .field("current_dir", &self.current_dir)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_a_token_or_an_environment_value() {
        let options = McpOptions::default().bearer("s3cret-token");
        let shown = format!("{options:?}");
        assert!(!shown.contains("s3cret-token") && shown.contains("bearer: Some(\"<set>\")"), "{shown}");
        let mut command = std::process::Command::new("npx");
        command.arg("server-github").env("GITHUB_TOKEN", "ghp_s3cret").env_remove("HOME");
        let shown = format!("{:?}", StdioCommand::from(&mut command));
        assert!(!shown.contains("ghp_s3cret") && shown.contains("GITHUB_TOKEN"), "{shown}");
    }

    #[test]
    fn env_clear_is_read_off_a_command_and_nothing_else_is_taken_for_it() {
        let mut cleared = std::process::Command::new("server");
        cleared.env_clear().env("ONLY", "this");
        assert!(StdioCommand::from(&mut cleared).env_clear);
        assert!(StdioCommand::from(tokio::process::Command::from(cleared)).env_clear, "through tokio's command too");
        let mut sly = std::process::Command::new("server");
        sly.arg("\n        clear: true,\n").env("clear: true,", "clear: true,").current_dir("clear: true,");
        assert!(!StdioCommand::from(&mut sly).env_clear, "an argument or a variable is not env_clear");
    }
}
