//! `toolc pin`: the tool definitions a project was tested with, pinned in a lock file
//! (`toolc::lock`), so that a definition that changes afterwards — a server that rewrites a
//! tool's description once it is trusted — fails CI (`--check`) instead of reaching a model unseen.
//!
//! Where the definitions come from is one step, [`from_files`] or [`servers::from_servers`]: each source gives a server's name and
//! its tools as listed, the JSON object of each. The rest (the lock read, pinned, compared, written)
//! does not know where they came from, so another kind of source is another such function.

mod servers;
mod sign_in;

use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde_json::Value;
use toolc::lock::Lock;

use crate::files::{load_json, write_atomically};
use crate::{Failure, Outcome, output};

/// `SERVER=FILE`: a server's name and a file of its tool definitions.
#[derive(Clone, Debug)]
pub struct FileSource {
    server: String,
    file: PathBuf,
}

impl FromStr for FileSource {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.split_once('=') {
            Some(("", _)) => Err("the server's name is empty: give `SERVER=FILE`".to_owned()),
            Some((_, "")) => Err("the file is empty: give `SERVER=FILE` (`-` for standard input)".to_owned()),
            Some((server, file)) => Ok(FileSource { server: server.to_owned(), file: PathBuf::from(file) }),
            None => Err(format!("`{text}` is not `SERVER=FILE` (as in `github=github-tools.json`)")),
        }
    }
}

/// One server's tools as it lists them now: its name, and the JSON object of each definition.
type Listed = (String, Vec<Value>);

/// Pins (or with `check`, checks) the tools of the files `sources` and of the live servers of the
/// configuration `servers`. A server that cannot be reached is named with why, and the others are
/// pinned or checked all the same: its entry in the lock stays as it was, and the outcome is
/// [`Outcome::Problems`], so that CI still fails.
pub fn run(sources: &[FileSource], servers: Option<&Path>, lock: &Path, check: bool) -> Result<Outcome, Failure> {
    let mut listed = from_files(sources)?;
    let mut unreached = Vec::new();
    if let Some(config) = servers {
        let reached = servers::from_servers(config)?;
        listed.extend(reached.listed);
        unreached = reached.unreached;
    }
    if !unreached.is_empty() && listed.is_empty() {
        let said: Vec<String> = unreached.into_iter().map(|(_, why)| why).collect();
        return Err(Failure(format!("{}; nothing to {}", said.join("\n"), if check { "check" } else { "pin" })));
    }
    let outcome = pin(&listed, lock, check)?;
    if unreached.is_empty() {
        return Ok(outcome);
    }
    for (_, why) in &unreached {
        output::error(why);
    }
    let names: Vec<String> = unreached.iter().map(|(name, _)| format!("`{name}`")).collect();
    let done = if check { "checked" } else { "pinned" };
    output::note(&format!(
        "{} not reached: the others are {done}, and the lock keeps what it had for {}; run `toolc pin` again \
         once {} can be reached",
        count(unreached.len(), "server"),
        names.join(", "),
        if unreached.len() == 1 { "it" } else { "they" }
    ));
    Ok(Outcome::Problems)
}

/// The tools of each `SERVER=FILE`: every definition in the file, in any format `read::definitions`
/// reads, as the JSON object the file holds (for OpenAI's chat format, the `function` object).
fn from_files(sources: &[FileSource]) -> Result<Vec<Listed>, Failure> {
    if sources.iter().filter(|source| source.file.as_os_str() == "-").count() > 1 {
        return Err(Failure("standard input (`-`) can be read for one server only".to_owned()));
    }
    let mut listed = Vec::new();
    for source in sources {
        let file = source.file.display();
        let (document, stem) = load_json(&source.file)?;
        let definitions =
            toolc::read::definitions(&document, &stem).map_err(|err| Failure(format!("{file}: {err}")))?;
        let mut tools = Vec::new();
        for definition in &definitions {
            let tool = document.pointer(&definition.at).expect("a definition's pointer points into its document");
            if tool.get("name").and_then(Value::as_str).is_none_or(str::is_empty) {
                let at = if definition.at.is_empty() { "/" } else { &definition.at };
                return Err(Failure(format!(
                    "{file}: the definition at {at} has no `name`: a lock pins tools by name (a bare JSON Schema is \
                     not a tool definition)"
                )));
            }
            tools.push(tool.clone());
        }
        listed.push((source.server.clone(), tools));
    }
    Ok(listed)
}

/// Pins the listed servers' tools in the lock at `path`, keeping the servers it lists that are not
/// listed here; or with `check`, compares them with it and writes nothing.
fn pin(listed: &[Listed], path: &Path, check: bool) -> Result<Outcome, Failure> {
    for (index, (server, _)) in listed.iter().enumerate() {
        if listed[..index].iter().any(|(earlier, _)| earlier == server) {
            return Err(Failure(format!("server `{server}` is named twice")));
        }
    }
    let shown = path.display();
    let pinned = match read_lock(path)? {
        Some(lock) => lock,
        None if check => {
            output::error(&format!("{shown} does not exist: nothing is pinned to check against"));
            output::note("run `toolc pin SERVER=FILE…` first, review the lock it writes and commit it");
            return Ok(Outcome::Problems);
        }
        None => Lock::new(),
    };
    let mut now = pinned.clone();
    for (server, tools) in listed {
        now.pin(server, tools)?;
    }
    let drift = pinned.drift(&now);
    let tools: usize = listed.iter().map(|(_, tools)| tools.len()).sum();
    let counted = format!("{}, {}", count(listed.len(), "server"), count(tools, "tool"));
    if check {
        if drift.is_empty() {
            output::status("Checked", &format!("{counted} match {shown}"));
            return Ok(Outcome::Ok);
        }
        for change in &drift {
            output::error(&change.to_string());
        }
        output::note(&format!(
            "{} since {shown} was pinned: review the definitions, then run `toolc pin` without `--check` and \
             commit the lock",
            count(drift.len(), "change")
        ));
        return Ok(Outcome::Problems);
    }
    let text = now.to_text();
    if std::fs::read_to_string(path).ok().as_deref() != Some(text.as_str()) {
        write_atomically(path, &text).map_err(|err| Failure(format!("cannot write {shown}: {err}")))?;
    }
    for change in &drift {
        output::text(&format!("{change}\n"));
    }
    let changes = if drift.is_empty() { "nothing changed".to_owned() } else { count(drift.len(), "change") };
    output::status("Pinned", &format!("{counted} in {shown}: {changes}"));
    Ok(Outcome::Ok)
}

/// The lock at `path`; `None` when there is no file.
fn read_lock(path: &Path) -> Result<Option<Lock>, Failure> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(Failure(format!("cannot read {}: {err}", path.display()))),
    };
    Lock::from_text(&text).map(Some).map_err(|err| Failure(format!("{}: {err}", path.display())))
}

/// "1 tool", "2 tools".
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
