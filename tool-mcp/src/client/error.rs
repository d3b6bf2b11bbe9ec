//! The client's errors: [`McpError`], why a toolbox cannot be made of a server, for the program;
//! and [`LinkError`], why a connection could not be made or was lost, which a call's error and the
//! toolbox's messages put in words.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use rmcp::service::{ClientInitializeError, ServiceError};
use rmcp::transport::streamable_http_client::StreamableHttpError;
use toolc::read::ReadError;

/// Why a toolbox cannot be made of a server.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum McpError {
    /// The server could not be started, reached or initialized, or did not list its tools.
    Connect {
        /// The server (its command or URL when it had not named itself yet).
        server: String,
        /// Why, in words.
        why: String,
    },
    /// The server's `tools/list` is not a list of tool definitions toolc can read.
    Read {
        /// The server.
        server: String,
        /// Where in the listed tools, and what.
        error: ReadError,
    },
    /// A skill the server serves could not be listed or read, or was refused: a file that is not
    /// what the skill's entry describes (feature `skills`).
    Skill {
        /// The server.
        server: String,
        /// Which method or file, and why.
        why: String,
    },
    /// Tools the server lists are not the ones the lock file pins ([`OnDrift::Refuse`](super::OnDrift::Refuse)).
    Drift {
        /// The server.
        server: String,
        /// Each tool that differs, and how.
        tools: Vec<String>,
    },
}

impl McpError {
    /// [`McpError::Connect`] for `server`, which `why` kept from being reached.
    pub(super) fn connect(server: &str, why: &LinkError) -> Self {
        McpError::Connect { server: server.to_owned(), why: why.to_string() }
    }
}

impl fmt::Display for McpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            McpError::Connect { server, why } => write!(f, "MCP server `{server}`: {why}"),
            McpError::Read { server, error } => write!(f, "MCP server `{server}`: its tools/list result: {error}"),
            McpError::Skill { server, why } => write!(f, "MCP server `{server}`: skill file or listing {why}"),
            McpError::Drift { server, tools } => write!(
                f,
                "MCP server `{server}`: tools differ from the lock file, so the server is refused: {}; review the \
                 change and pin it again with `toolc pin`",
                tools.join("; ")
            ),
        }
    }
}

impl std::error::Error for McpError {}

/// Why a connection to a server could not be made, or was lost. Its `Display` is the clause the
/// messages put in parentheses: "cannot be reached (…)".
#[derive(Debug, Clone)]
pub(super) enum LinkError {
    /// The server's command could not be started.
    Spawn { program: String, error: Arc<std::io::Error> },
    /// The command started but did not initialize as an MCP server.
    NotAServer { program: String, error: Arc<ClientInitializeError> },
    /// No MCP session could be initialized at the URL (or over the transport given, `url` `None`).
    NoSession { url: Option<String>, error: Arc<ClientInitializeError> },
    /// The transport the program gave has closed; it cannot be opened again.
    GivenClosed,
    /// `tools/list` failed.
    List(Arc<ServiceError>),
    /// No answer within the time allowed.
    TimedOut(Duration),
    /// The session ended (the server exited, the connection closed).
    Ended,
    /// The connection broke during a call.
    Stopped(Arc<ServiceError>),
    /// The HTTP client could not be made (why, in words).
    Client(String),
    /// The server asked the client to sign in, and it could not (why, in words).
    SignIn(String),
    /// The server settled on a protocol version this client does not speak: the one it answered,
    /// and those the client speaks.
    Version { answered: String, spoken: String },
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Spawn { program, error } => write!(f, "cannot start `{program}`: {error}"),
            LinkError::NotAServer { program, error } => {
                write!(f, "`{program}` started but did not initialize as an MCP server: {error}")
            }
            LinkError::NoSession { url: Some(url), error } => {
                write!(f, "cannot initialize an MCP session at {url}: {}", Chain(&**error))
            }
            LinkError::NoSession { url: None, error } => {
                write!(f, "cannot initialize an MCP session: {}", Chain(&**error))
            }
            LinkError::GivenClosed => {
                f.write_str("the transport the program gave has closed and cannot be opened again")
            }
            LinkError::List(error) => write!(f, "`tools/list` failed: {}", Chain(&**error)),
            LinkError::TimedOut(timeout) => write!(f, "no answer within {} s", timeout.as_secs_f32()),
            LinkError::Ended => f.write_str("the session ended"),
            LinkError::Stopped(error) => write!(f, "{}", Chain(&**error)),
            LinkError::Client(why) => write!(f, "cannot make an HTTP client: {why}"),
            LinkError::SignIn(why) => write!(f, "the server asks for a sign-in, which failed: {why}"),
            LinkError::Version { answered, spoken } => write!(
                f,
                "the server answered with protocol version {answered}, which this client did not offer (it speaks {spoken})"
            ),
        }
    }
}

/// An error and what caused it, as far down as the causes go (a transport's error says "error
/// sending request"; the certificate it refused is a cause below), each said once.
struct Chain<'a>(&'a (dyn std::error::Error + 'static));

impl fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut said = self.0.to_string();
        f.write_str(&said)?;
        let mut cause = below(self.0);
        while let Some(error) = cause {
            let text = error.to_string();
            if !said.contains(&text) {
                write!(f, ": {text}")?;
                said = text;
            }
            cause = below(error);
        }
        Ok(())
    }
}

/// What caused `error`: its source, or what rmcp keeps beside it without naming it a source (the
/// transport's error of an initialization; the HTTP client's error of a transport).
fn below<'a>(error: &'a (dyn std::error::Error + 'static)) -> Option<&'a (dyn std::error::Error + 'static)> {
    if let Some(ClientInitializeError::TransportError { error, .. }) = error.downcast_ref() {
        return Some(error);
    }
    if let Some(StreamableHttpError::<reqwest::Error>::Client(error)) = error.downcast_ref() {
        return Some(error);
    }
    error.source()
}

/// Why a call finds no live connection: the server is down and its backoff has not passed, or
/// connecting again has just failed. Its `Display` is the error the model reads.
#[derive(Debug)]
pub(super) struct Unavailable {
    pub(super) server: String,
    pub(super) why: LinkError,
    /// How long until the next attempt.
    pub(super) retry_in: Duration,
    /// Whether this call tried to connect again, and failed.
    pub(super) just_tried: bool,
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Unavailable { server, why, retry_in, just_tried } = self;
        let state = if *just_tried { "cannot be reached" } else { "is unavailable" };
        write!(f, "the MCP server `{server}` {state} ({why}); it is tried again in {:.1} s", retry_in.as_secs_f32())
    }
}
