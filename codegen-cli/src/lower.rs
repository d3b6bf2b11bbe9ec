//! `toolc lower`: hand-written JSON Schema or tool definitions, from a project in any language,
//! lowered to one target. One file goes to standard output; many files (or folders of them) with
//! `--out DIR` become one output each. The report, and what cannot be expressed (tool, JSON path
//! and rule), go to standard error. A tool that cannot be lowered does not sink its file: the others
//! are written, and the refused ones listed with their reasons (exit 1).

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use tool_runtime::{RenderOptions, Rendered, Target, ToolDef, render_tools};

use crate::files::{pretty, write_atomically};
use crate::{Failure, Outcome, definitions, output, schema_check};

/// Where the lowered definitions go: standard output for one input, or a folder.
pub struct Lowering<'a> {
    pub target: Target,
    pub options: RenderOptions,
    pub out: Option<&'a Path>,
}

pub fn run(inputs: &[PathBuf], lowering: &Lowering) -> Result<Outcome, Failure> {
    let files = input_files(inputs)?;
    if files.len() > 1 && lowering.out.is_none() {
        return Err(Failure(format!(
            "{} input files: give `--out DIR` to write one output for each (standard output takes one)",
            files.len()
        )));
    }
    let mut outcome = Outcome::Ok;
    let mut unread = 0;
    for (file, name) in &files {
        match lower_file(file, name, lowering) {
            Ok(Outcome::Ok) => {}
            Ok(Outcome::Problems) => outcome = Outcome::Problems,
            // One file that is not definitions does not stop the others.
            Err(Failure(why)) if files.len() > 1 => {
                let why =
                    if why.contains(&file.display().to_string()) { why } else { format!("{}: {why}", file.display()) };
                output::error(&why);
                unread += 1;
            }
            Err(failure) => return Err(failure),
        }
    }
    if unread > 0 {
        return Err(Failure(format!(
            "{unread} of {} input files are not tool definitions; the others were lowered",
            files.len()
        )));
    }
    Ok(outcome)
}

/// Every input file with the name of its output: a folder stands for the `.json` files in it (and
/// its folders, sorted), each output named for its path under the folder.
fn input_files(inputs: &[PathBuf]) -> Result<Vec<(PathBuf, PathBuf)>, Failure> {
    let mut files = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut found = Vec::new();
            json_files(input, &mut found).map_err(|err| Failure(format!("cannot read {}: {err}", input.display())))?;
            found.sort();
            if found.is_empty() {
                return Err(Failure(format!("{} holds no `.json` file", input.display())));
            }
            files.extend(found.into_iter().map(|file| {
                let name = file.strip_prefix(input).unwrap_or(&file).to_path_buf();
                (file, name)
            }));
        } else {
            let name = PathBuf::from(input.file_name().unwrap_or(input.as_os_str()));
            files.push((input.clone(), name));
        }
    }
    Ok(files)
}

fn json_files(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            json_files(&path, found)?;
        } else if path.extension().is_some_and(|ext| ext == "json") {
            found.push(path);
        }
    }
    Ok(())
}

fn lower_file(file: &Path, name: &Path, lowering: &Lowering) -> Result<Outcome, Failure> {
    // With many files, each message says which one it is about.
    let from = if lowering.out.is_some() { format!("{}: ", file.display()) } else { String::new() };
    let (input, stem) = definitions::load(file)?;
    let lowered = lower(&input, &stem, lowering.target, &lowering.options).map_err(|err| Failure(err.0))?;
    for message in &lowered.messages {
        match message {
            Message::Note(text) => output::note(&format!("{from}{text}")),
            Message::Warning(text) => output::warning(&format!("{from}{text}")),
            Message::Error(text) => output::error(&format!("{from}{text}")),
        }
    }
    let Some(value) = &lowered.value else { return Ok(Outcome::Problems) };
    match lowering.out {
        Some(dir) => {
            let path = dir.join(name);
            write_atomically(&path, &pretty(value))
                .map_err(|err| Failure(format!("cannot write {}: {err}", path.display())))?;
        }
        None => print!("{}", pretty(value)),
    }
    Ok(if lowered.refused > 0 { Outcome::Problems } else { Outcome::Ok })
}

/// What [`lower`] made of a document.
#[derive(Debug, PartialEq)]
pub struct Lowered {
    /// The tools that could be lowered, as the target takes them (what `toolc lower` writes);
    /// `None` when the tools together break a rule of the target (one request's size or names).
    pub value: Option<serde_json::Value>,
    /// What `toolc lower` says on standard error, in order: the dialect quirks read, the report of
    /// the lowering, warnings, and each refused tool with its JSON path and rule.
    pub messages: Vec<Message>,
    /// How many tools were refused (each named in an [`Message::Error`]).
    pub refused: usize,
}

/// One line of what [`lower`] has to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    Note(String),
    Warning(String),
    Error(String),
}

/// The document is not tool definitions in any format `toolc` reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowerError(String);

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LowerError {}

/// Lowers one document of tool definitions (JSON Schema, or any provider's format) to `target`, as
/// `toolc lower` does to a file, in memory. `file_stem` names a bare schema's tool.
///
/// A tool that cannot be lowered does not sink the others: it is left out and named in an error
/// message, with its JSON path and rule.
///
/// ```
/// use serde_json::json;
/// use tool_runtime::{RenderOptions, Target};
///
/// let tools = json!([{
///     "name": "get_weather",
///     "description": "The weather in a city.",
///     "parameters": {"type": "dict", "properties": {"city": {"type": "string"}}, "required": ["city"]}
/// }]);
/// let lowered = codegen_cli::lower(&tools, "tools", Target::Anthropic, &RenderOptions::default()).unwrap();
/// assert_eq!(lowered.refused, 0);
/// assert_eq!(lowered.value.unwrap()[0]["input_schema"]["type"], "object");
/// // BFCL's `dict` is read as `object`, and said so.
/// assert!(matches!(&lowered.messages[0], codegen_cli::Message::Note(note) if note.contains("`dict`")));
/// ```
pub fn lower(
    input: &serde_json::Value,
    file_stem: &str,
    target: Target,
    options: &RenderOptions,
) -> Result<Lowered, LowerError> {
    Ok(Checked::read(input, file_stem)?.lower(target, options))
}

/// Lowers one document to each of several targets (or options), as [`lower`] does to one, reading
/// and checking the definitions once: the checks do not depend on the target.
///
/// ```
/// use serde_json::json;
/// use tool_runtime::{RenderOptions, Target};
///
/// let tools = json!([{"name": "ping", "description": "Ping.", "input_schema": {"type": "object"}}]);
/// let renderings = [
///     (Target::OpenAi, RenderOptions::default()),
///     (Target::Anthropic, RenderOptions::default().anthropic_strict(true)),
/// ];
/// let [openai, anthropic] = <[_; 2]>::try_from(codegen_cli::lower_each(&tools, "tools", &renderings).unwrap()).unwrap();
/// assert_eq!(openai.value.unwrap()[0]["function"]["name"], "ping");
/// assert_eq!(anthropic.value.unwrap()[0]["strict"], true);
/// ```
pub fn lower_each(
    input: &serde_json::Value,
    file_stem: &str,
    renderings: &[(Target, RenderOptions)],
) -> Result<Vec<Lowered>, LowerError> {
    let checked = Checked::read(input, file_stem)?;
    Ok(renderings.iter().map(|(target, options)| checked.lower(*target, options)).collect())
}

/// What reading a document found, before any target: per definition in order, its dialect notes
/// and whether it is kept or why not.
struct Checked {
    steps: Vec<Step>,
}

enum Step {
    Note(String),
    /// Another tool of the document, the `first`-th kept, has this name.
    Duplicate {
        name: String,
        at: String,
        first: usize,
    },
    NotASchema {
        name: String,
        path: String,
        rule: String,
    },
    /// A tool to lower, with the strict mode its input asks for.
    Kept(Box<ToolDef>, Option<bool>),
}

impl Checked {
    fn read(input: &serde_json::Value, file_stem: &str) -> Result<Checked, LowerError> {
        let definitions = definitions::read(input, file_stem).map_err(|Failure(why)| LowerError(why))?;
        let mut steps = Vec::with_capacity(definitions.len());
        let mut kept: Vec<String> = Vec::with_capacity(definitions.len());
        for def in definitions {
            for note in &def.notes {
                let at = format!("{}{}", def.schema_at, note.path);
                let note = format!("tool `{}` at {at}: {}", def.name, note.what);
                steps.push(Step::Note(tool_names::one_line(&note).into_owned()));
            }
            if let Some(first) = kept.iter().position(|name| *name == def.name) {
                steps.push(Step::Duplicate { name: def.name, at: def.at, first });
                continue;
            }
            if let Some((path, rule)) = schema_check::problem(&def.schema, &def.schema_at) {
                steps.push(Step::NotASchema { name: def.name, path, rule });
                continue;
            }
            kept.push(def.name.clone());
            let tool = ToolDef::new(def.name, def.description, def.schema).with_strict(def.strict.unwrap_or(true));
            steps.push(Step::Kept(Box::new(tool), def.strict));
        }
        Ok(Checked { steps })
    }

    fn kept(&self) -> impl Iterator<Item = (&ToolDef, Option<bool>)> {
        self.steps.iter().filter_map(|step| match step {
            Step::Kept(tool, asked) => Some((&**tool, *asked)),
            _ => None,
        })
    }

    fn lower(&self, target: Target, options: &RenderOptions) -> Lowered {
        let mut messages = Vec::new();
        let mut refused = 0;
        for step in &self.steps {
            let message = match step {
                Step::Note(note) => Message::Note(note.clone()),
                Step::Duplicate { name, at, first } => Message::Error(
                    tool_names::one_line(&format!(
                        "tool `{name}` cannot be rendered for {target} at {at}/name: tool {first} of the file has the \
                         same name, and the names of one request must be unique"
                    ))
                    .into_owned(),
                ),
                Step::NotASchema { name, path, rule } => Message::Error(
                    tool_names::one_line(&format!("tool `{name}` cannot be rendered for {target} at {path}: {rule}"))
                        .into_owned(),
                ),
                Step::Kept(..) => continue,
            };
            refused += usize::from(matches!(message, Message::Error(_)));
            messages.push(message);
        }
        // All together first: when every tool can be lowered, as most can, that is the one rendering.
        if let Ok(rendered) = render_tools(self.kept().map(|(tool, _)| tool), target, options) {
            return finish(rendered, messages, refused, self.kept().count(), target);
        }
        // Otherwise each alone, so one that cannot be expressed is refused by itself.
        let mut defs: Vec<Cow<ToolDef>> = Vec::new();
        for (tool, asked) in self.kept() {
            match render_tools([tool], target, options) {
                Ok(_) => defs.push(Cow::Borrowed(tool)),
                Err(strict_err) => {
                    // Strict mode the input did not ask for is tried, not demanded.
                    let loose = asked.is_none().then(|| tool.clone().with_strict(false));
                    match loose.filter(|loose| render_tools([loose], target, options).is_ok()) {
                        Some(loose) => {
                            let why = for_json_authors(&strict_err.to_string());
                            messages.push(Message::Warning(format!(
                                "{why}; lowered without strict mode, which the input does not ask for"
                            )));
                            defs.push(Cow::Owned(loose));
                        }
                        None => {
                            messages.push(Message::Error(for_json_authors(&strict_err.to_string())));
                            refused += 1;
                        }
                    }
                }
            }
        }
        // Then together: what holds for a request as a whole (unique names, per-request limits).
        match render_tools(defs.iter().map(AsRef::as_ref), target, options) {
            Ok(rendered) => finish(rendered, messages, refused, defs.len(), target),
            Err(err) => {
                messages.push(Message::Error(for_json_authors(&err.to_string())));
                Lowered { value: None, messages, refused }
            }
        }
    }
}

/// The lowering's report, and the count of refused tools, after the messages so far.
fn finish(rendered: Rendered, mut messages: Vec<Message>, refused: usize, kept: usize, target: Target) -> Lowered {
    messages.extend(rendered.report.changes.iter().map(|change| Message::Note(change.to_string())));
    if refused > 0 {
        messages.push(Message::Error(format!("{refused} tool(s) refused; the other {kept} lowered for {target}")));
    }
    Lowered { value: Some(rendered.value), messages, refused }
}

/// The advice the lowering rules give a Rust user, and the same advice for someone who wrote JSON.
const RUST_TO_JSON: [(&str, &str); 6] = [
    ("opt out with `#[tool(strict = false)]`", "set `\"strict\": false` on the tool"),
    ("opt the tool out with `#[tool(strict = false)]`", "set `\"strict\": false` on the tool"),
    ("(a struct or an enum)", "(an object with properties, or an enum)"),
    ("use a `Vec` of key/value structs or a struct", "use an array of key/value objects or an object with properties"),
    ("rename it (`#[arg(rename = \"...\")]` or `#[serde(rename = \"...\")]`)", "rename the property"),
    (
        "use an enum with `#[serde(tag = \"...\")]` or a struct",
        "give every branch a property that tells them apart, or make it one object",
    ),
];

/// A rendering error worded for someone who wrote JSON.
fn for_json_authors(message: &str) -> String {
    RUST_TO_JSON.iter().fold(message.to_owned(), |message, (rust, json)| message.replace(rust, json))
}

#[cfg(test)]
mod tests {
    use tool_runtime::{RenderOptions, Target};

    #[test]
    fn lowering_to_each_target_at_once_is_lowering_to_each_alone() {
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let renderings: Vec<(Target, RenderOptions)> = Target::ALL
            .iter()
            .map(|target| (*target, RenderOptions::default()))
            .chain([
                (Target::Anthropic, RenderOptions::default().anthropic_strict(true)),
                (Target::Gemini, RenderOptions::default().gemini_json_schema(true)),
            ])
            .collect();
        for fixture in ["js-tools.json", "crm-tools.json", "untyped-array.json"] {
            let input: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(fixtures.join(fixture)).unwrap()).unwrap();
            let each = super::lower_each(&input, "tools", &renderings).unwrap();
            for ((target, options), at_once) in renderings.iter().zip(&each) {
                let alone = super::lower(&input, "tools", *target, options).unwrap();
                assert_eq!(at_once, &alone, "{fixture} for {target}");
            }
            assert!(each.iter().any(|lowered| !lowered.messages.is_empty()), "{fixture}: something to report");
        }
    }

    #[test]
    fn rust_advice_is_reworded_for_json() {
        let message = "tool `t` cannot be rendered for openai at /x: free-form JSON (any value) cannot be expressed in \
                       strict mode; give it a type (a struct or an enum), or opt the tool out with `#[tool(strict = false)]`";
        let reworded = super::for_json_authors(message);
        assert!(
            reworded.ends_with(
                "give it a type (an object with properties, or an enum), or set `\"strict\": false` on the tool"
            ),
            "{reworded}"
        );
    }
}
