//! The live MCP servers of a configuration file, as a source of `toolc pin`: each started (or
//! reached over HTTP) and asked for its tools, as the program that uses them will.
//!
//! The file is the one MCP clients share: `{"mcpServers": {NAME: SERVER}}` (or `"servers"`), where a
//! SERVER is `{"command", "args", "env", "cwd"}` for a child process over stdio, or `{"url",
//! "headers"}` for streamable HTTP, whose `Authorization: Bearer …` header is sent (`${VARIABLE}`s in
//! it read from the environment); a server over HTTP without one is signed in to when it asks.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use serde::Deserialize;
use toolc_mcp::{McpOptions, McpToolbox};

use super::{Listed, sign_in};
use crate::Failure;
use crate::files::load_json;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    #[serde(alias = "servers", rename = "mcpServers")]
    servers: BTreeMap<String, Server>,
    /// Anything else a client keeps in the same file.
    #[serde(flatten)]
    _rest: BTreeMap<String, serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Server {
    command: Option<String>,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    cwd: Option<String>,
    url: Option<String>,
    #[serde(default)]
    headers: BTreeMap<String, String>,
    /// What some clients call the transport (`stdio`, `http`); read from the other keys here.
    #[serde(rename = "type")]
    _kind: Option<String>,
}

/// The servers of a configuration: the tools each one reached lists now, and each one that could
/// not be reached with why, both in the order of their names.
pub(super) struct Reached {
    pub(super) listed: Vec<Listed>,
    pub(super) unreached: Vec<(String, String)>,
}

/// The tools each server of the configuration `file` lists now, in the order of their names; a
/// server that cannot be reached does not keep the others from being listed. A file that is not
/// such a configuration is an error.
pub(super) fn from_servers(file: &Path) -> Result<Reached, Failure> {
    let shown = file.display();
    let (document, _) = load_json(file)?;
    let config: Config = serde_json::from_value(document).map_err(|err| {
        Failure(format!(
            "{shown}: {err}; expected {{\"mcpServers\": {{NAME: {{\"command\", \"args\", \"env\", \"cwd\"}} or \
             {{\"url\", \"headers\"}}}}}}"
        ))
    })?;
    let base = file.parent().unwrap_or(Path::new("."));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| Failure(format!("cannot start the client's runtime: {err}")))?;
    let mut reached = Reached { listed: Vec::with_capacity(config.servers.len()), unreached: Vec::new() };
    for (name, server) in config.servers {
        let options = McpOptions::default().named(name.clone());
        let connected = runtime.block_on(async {
            match (&server.command, &server.url) {
                (Some(command), None) => {
                    let mut child = Command::new(command);
                    child.args(&server.args).envs(&server.env);
                    if let Some(cwd) = &server.cwd {
                        child.current_dir(base.join(cwd));
                    }
                    McpToolbox::connect_stdio_with(child, options).await.map_err(|err| err.to_string())
                }
                (None, Some(url)) => {
                    let headers = sign_in::expand_headers(&server.headers, &name)?;
                    let bearer = headers.iter().find(|(key, _)| key.eq_ignore_ascii_case("authorization"));
                    let options = match bearer.and_then(|(_, value)| value.strip_prefix("Bearer ")) {
                        Some(token) => options.bearer(token),
                        None => options.sign_in(sign_in::sign_in(&name, url, &shown.to_string()).await?),
                    };
                    McpToolbox::connect_http_with(url.clone(), options).await.map_err(|err| err.to_string())
                }
                _ => Err(format!("server `{name}` needs either a `command` or a `url`")),
            }
        });
        match connected {
            Ok(toolbox) => reached.listed.push((name, toolbox.listed().to_vec())),
            Err(why) => reached.unreached.push((name, format!("{shown}: {why}"))),
        }
    }
    Ok(reached)
}
