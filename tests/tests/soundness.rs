//! Soundness, with a generator nobody here wrote: every argument object a lowered schema admits is
//! run by dispatch, or refused only where that tool's lowering report names a change.
//!
//! For every tool of the example crates, the test crate, a toolbox of serde's shapes
//! (`support/shapes.rs`), third-party definitions joined with `allOf`
//! (`fixtures/third-party/github-all-of.json`, each call checked against the definition as
//! written) and, in a test of their own, the third-party definitions of the corpus as `toolc
//! import` writes them in Rust (`tests/imported-corpus`), lowered for every target and open-model server in every union form,
//! hypothesis-jsonschema (pinned in `tests/conformance/requirements.txt`) draws argument objects
//! from the *lowered* schema; those the `jsonschema` package admits are sent in the target's wire
//! format through `dispatch` (or `ToolSet::parse_response`, the same decoding) and must run, or be
//! refused at a pointer where the report names a change (a keyword moved into the description, a
//! union flattened, …). The converse: values of the Rust types (drawn from the tool's own schema,
//! kept when they parse, written back by serde) in the rendering's wire form (nested under
//! `request`, absent fields `null` in strict mode) must be admitted by the lowered schema, or the
//! report names where not.
//!
//! Deterministic: hypothesis runs derandomized, a fixed number of cases a schema
//! (`TOOLC_SOUNDNESS_CASES`, 20 here; CI draws 60; the imported corpus half as many). The figures of a run are printed, and
//! `tests/corpus/RESULTS.md` keeps the last ones with their command:
//! `TOOLC_SOUNDNESS_CASES=100 cargo test -p toolc-tests --test suite soundness:: -- --nocapture`

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::Command;

use pollster::block_on;
use serde_json::{Value, json};
use toolc::{
    Change, ChangeKind, DispatchOptions, RenderOptions, Server, Target, ToolDef, ToolError, ToolSet, Toolbox, UnionForm,
};

use crate::support::offline_web::Offline;
use crate::support::pinned::{installed, run};
use crate::support::wire::{one_call, openapi_nullable_to_json_schema, pad_nulls};

fn cases() -> u32 {
    std::env::var("TOOLC_SOUNDNESS_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(20)
}

/// One way a tool is lowered and sent.
struct Rendering {
    label: String,
    target: Target,
    options: RenderOptions,
}

/// Every target and open-model server, in every union form it takes.
fn renderings() -> Vec<Rendering> {
    let mut plain = vec![
        ("openai".to_owned(), Target::OpenAi, RenderOptions::default()),
        ("openai-responses".to_owned(), Target::OpenAiResponses, RenderOptions::default()),
        ("anthropic".to_owned(), Target::Anthropic, RenderOptions::default()),
        ("anthropic-strict".to_owned(), Target::Anthropic, RenderOptions::default().anthropic_strict(true)),
        ("gemini".to_owned(), Target::Gemini, RenderOptions::default()),
        ("gemini-json-schema".to_owned(), Target::Gemini, RenderOptions::default().gemini_json_schema(true)),
        ("bedrock".to_owned(), Target::Bedrock, RenderOptions::default()),
        ("bedrock-strict".to_owned(), Target::Bedrock, RenderOptions::default().bedrock_strict(true)),
        ("mcp".to_owned(), Target::Mcp, RenderOptions::default()),
        ("json-schema".to_owned(), Target::JsonSchema, RenderOptions::default()),
    ];
    for server in Server::ALL {
        plain.push((format!("openai --server {server}"), Target::OpenAi, RenderOptions::default().server(server)));
    }
    let mut all = Vec::new();
    for (name, target, options) in plain {
        let mut forms = vec![UnionForm::Flat, UnionForm::Nested];
        if options.takes_root_union(target) {
            forms.push(UnionForm::Variants);
        }
        for form in forms {
            all.push(Rendering { label: format!("{form} {name}"), target, options: options.union_form(form) });
        }
    }
    all
}

/// What became of one call.
#[derive(Debug)]
enum Outcome {
    /// Dispatch read the arguments and ran the tool (whatever the tool then did).
    Ran,
    /// Refused, each problem at its pointer.
    Refused(Vec<(String, String)>),
    /// Anything else: a panic, an unknown tool, a response dispatch could not read (said in the
    /// failure's `Debug`).
    Broke(#[allow(dead_code)] String),
}

impl Outcome {
    fn of_error(error: ToolError) -> Self {
        match error {
            ToolError::InvalidArguments { problems, .. } => {
                Outcome::Refused(problems.into_iter().map(|problem| (problem.pointer, problem.message)).collect())
            }
            // The tool ran: dispatch read the call (the test set's `add` overflows on the largest
            // `i64`s, a tool's own matter).
            ToolError::Failed { .. } | ToolError::Panicked { .. } => Outcome::Ran,
            other => Outcome::Broke(other.to_string()),
        }
    }

    /// A result's text as dispatch words it for the model.
    fn of_text(is_error: bool, text: &str) -> Self {
        let tool_said = text.starts_with("tool `") && (text.contains("` failed: ") || text.contains("` panicked: "));
        if !is_error || tool_said {
            return Outcome::Ran;
        }
        if !text.starts_with("invalid arguments for tool") {
            return Outcome::Broke(text.to_owned());
        }
        let problems = text.lines().filter_map(|line| line.strip_prefix("- at ")).map(|line| {
            let (at, message) = line.split_once(": ").unwrap_or((line, ""));
            (if at == "(root)" { String::new() } else { at.to_owned() }, message.to_owned())
        });
        Outcome::Refused(problems.collect())
    }
}

/// How a call of (target, tool, arguments) reaches a toolbox, and what became of it.
type Send<'a> = Box<dyn Fn(Target, &str, &Value) -> Outcome + 'a>;
/// The value a call of (tool, arguments) parses into, written back as serde writes it; `None` when
/// it does not parse.
type WrittenBack<'a> = Box<dyn Fn(&str, &Value) -> Option<Value> + 'a>;

/// A toolbox under test: its tools, how a call reaches it, and (for typed tool sets) what its
/// values write.
struct Subject<'a> {
    name: &'static str,
    tools: Vec<ToolDef>,
    send: Send<'a>,
    written_back: Option<WrittenBack<'a>>,
}

/// A typed tool set, called through `parse_response` (JSON Schema's tools, which have no wire
/// format, through `parse`).
fn tool_set<T: ToolSet + 'static>(name: &'static str) -> Subject<'static> {
    Subject {
        name,
        tools: T::tools().to_vec(),
        send: Box::new(|target, tool, arguments| {
            if target == Target::JsonSchema {
                return T::parse(tool, &arguments.to_string()).map_or_else(Outcome::of_error, |_| Outcome::Ran);
            }
            match T::parse_response(target, &one_call(target, tool, arguments)) {
                Ok(mut calls) if calls.len() == 1 => calls.remove(0).1.map_or_else(Outcome::of_error, |_| Outcome::Ran),
                Ok(calls) => Outcome::Broke(format!("{} calls read from one", calls.len())),
                Err(err) => Outcome::Broke(err.to_string()),
            }
        }),
        written_back: None,
    }
}

/// A toolbox, called through `dispatch_value` (JSON Schema's tools through `call`).
fn toolbox<'a, B: Toolbox>(name: &'static str, toolbox: &'a B) -> Subject<'a> {
    Subject {
        name,
        tools: toolbox.tools().to_vec(),
        send: Box::new(move |target, tool, arguments| {
            if target == Target::JsonSchema {
                return block_on(toolbox.call(tool, &arguments.to_string()))
                    .map_or_else(Outcome::of_error, |_| Outcome::Ran);
            }
            let response = one_call(target, tool, arguments);
            match block_on(toolbox.dispatch_value(target, &response, DispatchOptions::default())) {
                Ok(exchange) if exchange.results.len() == 1 => {
                    let result = &exchange.results[0];
                    Outcome::of_text(result.is_error, &result.text())
                }
                Ok(exchange) => Outcome::Broke(format!("{} results for one call", exchange.results.len())),
                Err(err) => Outcome::Broke(err.to_string()),
            }
        }),
        written_back: None,
    }
}

/// Where a rendered tool keeps its parameters' schema.
fn parameters_pointer(target: Target, tool: &Value) -> &'static str {
    match target {
        Target::OpenAi => "/function/parameters",
        Target::OpenAiResponses => "/parameters",
        Target::Anthropic | Target::JsonSchema => "/input_schema",
        Target::Gemini if tool.get("parametersJsonSchema").is_some() => "/parametersJsonSchema",
        Target::Gemini => "/parameters",
        Target::Bedrock => "/toolSpec/inputSchema/json",
        _ => "/inputSchema",
    }
}

/// Whether `change` (at a pointer into the rendered tool, below `prefix`) says why dispatch refused
/// the argument at `pointer` with `message`: the change is at that value or above it, of a kind
/// that lets through what dispatch refuses, and about the rule the message names.
fn explains(change: &Change, prefix: &str, pointer: &str, message: &str) -> bool {
    if !about(change, message) {
        return false;
    }
    if !matches!(
        change.kind,
        ChangeKind::MovedToDescription
            | ChangeKind::Dropped
            | ChangeKind::Flattened
            | ChangeKind::Stringified
            | ChangeKind::Rewritten
    ) {
        return false;
    }
    // A `format` naming a Rust number type says nothing its bounds do not.
    if change.kind == ChangeKind::Dropped && change.detail.contains("it names a Rust number type") {
        return false;
    }
    let Some(rest) = change.path.strip_prefix(prefix) else { return false };
    // A change of the whole schema (a root union flattened) speaks of the root's own fields alone.
    if rest.is_empty() {
        return pointer.matches('/').count() <= 1;
    }
    let schema: Vec<&str> = rest.split('/').skip(1).collect();
    let instance: Vec<String> =
        pointer.split('/').skip(1).map(|segment| segment.replace("~1", "/").replace("~0", "~")).collect();
    let (mut s, mut i) = (0, 0);
    while s < schema.len() {
        match schema[s] {
            "properties" | "prefixItems" if s + 1 < schema.len() => {
                let name = schema[s + 1].replace("~1", "/").replace("~0", "~");
                if instance.get(i) != Some(&name) {
                    return false;
                }
                (s, i) = (s + 2, i + 1);
            }
            "items" | "additionalProperties" => {
                if i >= instance.len() {
                    return false;
                }
                (s, i) = (s + 1, i + 1);
            }
            "anyOf" | "oneOf" | "allOf" => s += 2,
            // A shared definition: it may be used anywhere.
            "$defs" | "definitions" => return true,
            // A keyword of the schema at this value.
            _ => break,
        }
    }
    i <= instance.len()
}

/// Whether `change` is about the rule `message` says was broken: a bound, a pattern, uniqueness or a
/// format moved or dropped for such a message; the union's shape changed for a field that does not
/// apply, is missing or unknown, or has another type.
fn about(change: &Change, message: &str) -> bool {
    let structural = matches!(change.kind, ChangeKind::Flattened | ChangeKind::Rewritten);
    let says = |words: &[&str]| words.iter().any(|word| change.detail.contains(word));
    if message.contains("does not apply") || message.starts_with("missing") {
        structural
    } else if message.contains("'oneOf'") {
        // Valid under more than one branch of a `oneOf` (the `jsonschema` crate's words).
        says(&["oneOf"])
    } else if message.starts_with("unknown field") {
        structural || says(&["additionalProperties"])
    } else if message.contains("pattern") {
        says(&["pattern"])
    } else if message.contains("unique") {
        says(&["uniqueItems"])
    } else if message.contains("multiple of") {
        says(&["multipleOf"])
    } else if message.contains("at least") || message.contains("at most") || message.contains("than") {
        says(&["minimum", "maximum", "Minimum", "Maximum", "Length", "Items", "Properties"])
    } else if message.starts_with("expected a")
        && message.contains(" string, got")
        && !message.starts_with("expected a string")
    {
        says(&["format"])
    } else {
        true
    }
}

/// Figures of one rendering.
#[derive(Default)]
struct Figures {
    tools: usize,
    not_lowered: usize,
    not_drawn: usize,
    drawn: u64,
    admitted: usize,
    ran: usize,
    explained: usize,
    /// Why the refused calls were refused, and the report entry that named it.
    named: BTreeMap<String, usize>,
    unexplained: Vec<String>,
    back: usize,
    back_admitted: usize,
    back_named: usize,
    back_unexplained: Vec<String>,
}

/// The schemas to draw from, each once, by their text.
#[derive(Default)]
struct Schemas {
    ids: BTreeMap<String, usize>,
}

impl Schemas {
    fn id(&mut self, schema: &Value) -> usize {
        let next = self.ids.len();
        *self.ids.entry(schema.to_string()).or_insert(next)
    }
}

/// Draws values from every schema with generate.py, in one process.
fn draw(schemas: &Schemas, label: &str, cases: u32) -> BTreeMap<usize, Value> {
    let (here, work) = installed();
    let folder = work.join("soundness");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join(format!("schemas-{label}.json"));
    let document: serde_json::Map<String, Value> =
        schemas.ids.iter().map(|(text, id)| (id.to_string(), serde_json::from_str(text).unwrap())).collect();
    std::fs::write(&file, Value::Object(document).to_string()).unwrap();
    let output = run(
        Command::new(work.join("venv/bin/python")).arg(here.join("generate.py")).arg(&file).arg(cases.to_string()),
        "hypothesis-jsonschema",
    );
    let drawn: serde_json::Map<String, Value> = serde_json::from_str(&output).unwrap_or_else(|err| panic!("{err}"));
    drawn.into_iter().map(|(id, values)| (id.parse().unwrap(), values)).collect()
}

/// One tool lowered one way, and where its values come from.
struct Job {
    subject: usize,
    tool: usize,
    rendering: usize,
    prefix: &'static str,
    schema: Value,
    changes: Vec<Change>,
    id: usize,
}

fn lowered_jobs(
    subjects: &[Subject<'_>],
    renderings: &[Rendering],
    schemas: &mut Schemas,
    figures: &mut [Figures],
) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (subject_index, subject) in subjects.iter().enumerate() {
        for (tool_index, def) in subject.tools.iter().enumerate() {
            for (rendering_index, rendering) in renderings.iter().enumerate() {
                figures[rendering_index].tools += 1;
                let rendered = match def.render_with(rendering.target, &rendering.options) {
                    Ok(rendered) => rendered,
                    Err(err) => {
                        figures[rendering_index].not_lowered += 1;
                        println!("{}: {} {} is not lowered: {err}", rendering.label, subject.name, def.name);
                        continue;
                    }
                };
                let prefix = parameters_pointer(rendering.target, &rendered.value);
                let mut schema = rendered.value.pointer(prefix).cloned().unwrap_or_else(|| panic!("{prefix}"));
                if prefix == "/parameters" && rendering.target == Target::Gemini {
                    openapi_nullable_to_json_schema(&mut schema);
                }
                let id = schemas.id(&schema);
                jobs.push(Job {
                    subject: subject_index,
                    tool: tool_index,
                    rendering: rendering_index,
                    prefix,
                    schema,
                    changes: rendered.report.changes,
                    id,
                });
            }
        }
    }
    jobs
}

/// The first problem with `value` under `schema` (`jsonschema` crate), as (pointer, message).
fn refusal(schema: &Value, value: &Value) -> Option<(String, String)> {
    let validator = jsonschema::validator_for(schema).unwrap_or_else(|err| panic!("{err}: {schema}"));
    validator.iter_errors(value).next().map(|error| (error.instance_path().to_string(), error.to_string()))
}

#[test]
fn what_a_lowered_schema_admits_dispatch_runs_and_what_the_types_write_the_schema_admits() {
    let files = tempfile::tempdir().unwrap();
    let roo = roo_tools::all::roo_tools(
        roo_tools::files::FileTools::new(files.path()).unwrap(),
        roo_tools::web::WebTools::new(Offline),
        roo_tools::browser::BrowserTools::new(Default::default()),
    )
    .unwrap();
    // Third-party definitions whose arguments are joined with `allOf` (GitHub's REST API, as an
    // OpenAPI-to-MCP server lists it): a toolbox of them checks each call against the definition
    // as written, so what a lowering's merge lets through, the original must take.
    let github: Value = serde_json::from_str(include_str!("../fixtures/third-party/github-all-of.json")).unwrap();
    let github = toolc::DynamicToolbox::new(&github, |_name, _arguments, _context| async move {
        Ok::<String, toolc::ToolError>(String::new())
    })
    .unwrap();
    let browse = browse_agent::BrowserTools::new(Default::default());
    let browser = toolc_tests::browser::Browser::default();
    let shape_tools = crate::support::shapes::ShapeTools;
    let mut shapes = tool_set::<crate::support::shapes::ShapeOp>("shapes");
    shapes.written_back = Some(Box::new(|tool, arguments| {
        crate::support::shapes::ShapeOp::parse(tool, &arguments.to_string()).ok().map(|op| op.arguments())
    }));
    let mut director = tool_set::<director::DirectorOp>("director");
    director.written_back = Some(Box::new(director_written_back));
    let subjects = vec![
        shapes,
        toolbox("shape-tools", &shape_tools),
        director,
        tool_set::<structured_output::Answer>("structured-output"),
        tool_set::<toolc_tests::nodes::NodeOp>("test nodes"),
        toolbox("roo-tools", &roo),
        toolbox("browse-agent", &browse),
        toolbox("test browser", &browser),
        toolbox("github all-of", &github),
    ];
    check(&subjects, "own", cases());
}

/// The same for third-party definitions as `toolc import` writes them (`tests/imported-corpus`):
/// types nobody here chose, each call parsed into the tool's struct and, the other way, each value
/// of it written back by serde. Half the draws of the test above: the tools are more, and plainer.
#[test]
fn what_a_lowered_schema_admits_the_imported_corpus_runs_and_what_it_writes_the_schema_admits() {
    use toolc_imported_corpus as corpus;
    let subjects = vec![
        imported::<corpus::bfcl_gorilla_file_system::GorillaFileSystemTools>("bfcl gorilla_file_system"),
        imported::<corpus::bfcl_trading_bot::TradingBotTools>("bfcl trading_bot"),
        imported::<corpus::bfcl_travel_booking::TravelBookingTools>("bfcl travel_booking"),
        imported::<corpus::bfcl_vehicle_control::VehicleControlTools>("bfcl vehicle_control"),
        imported::<corpus::mcp_archived_server_github::GithubTools>("mcp server-github"),
        imported::<corpus::mcp_archived_server_gitlab::GitlabTools>("mcp server-gitlab"),
        imported::<corpus::mcp_server_everything::EverythingTools>("mcp server-everything"),
        imported::<corpus::mcp_server_filesystem::FilesystemTools>("mcp server-filesystem"),
        imported::<corpus::mcp_server_memory::MemoryTools>("mcp server-memory"),
        imported::<corpus::mcp_server_sequential_thinking::SequentialThinkingTools>("mcp server-sequential-thinking"),
        imported::<corpus::server_brave_search::BraveSearchTools>("brave-search server"),
    ];
    check(&subjects, "imported", cases().div_ceil(2));
}

/// An imported toolbox: its calls parsed into its structs, its values written back by serde.
fn imported<T: ToolSet + serde::Serialize + 'static>(name: &'static str) -> Subject<'static> {
    let mut subject = tool_set::<T>(name);
    subject.written_back = Some(Box::new(|tool, arguments| {
        let value = T::parse(tool, &arguments.to_string()).ok()?;
        Some(serde_json::to_value(value).expect("an imported value serializes"))
    }));
    subject
}

/// Lowers every subject's tools every way, draws `cases` calls a schema, sends them and writes
/// them back; fails on anything no report entry explains. `label` names the run's files.
fn check(subjects: &[Subject<'_>], label: &str, cases: u32) {
    let renderings = renderings();
    let mut figures: Vec<Figures> = renderings.iter().map(|_| Figures::default()).collect();
    let mut schemas = Schemas::default();
    let jobs = lowered_jobs(subjects, &renderings, &mut schemas, &mut figures);
    // The converse draws from each tool's own schema.
    let own: Vec<(usize, usize, usize)> = subjects
        .iter()
        .enumerate()
        .filter(|(_, subject)| subject.written_back.is_some())
        .flat_map(|(s, subject)| subject.tools.iter().enumerate().map(move |(t, def)| (s, t, def)))
        .map(|(s, t, def)| (s, t, schemas.id(&def.input_schema)))
        .collect();
    // Each tool's own schema, to tell a lowering that admits nothing from a definition that admits
    // nothing.
    let definition_ids: BTreeMap<(usize, usize), usize> = subjects
        .iter()
        .enumerate()
        .flat_map(|(s, subject)| subject.tools.iter().enumerate().map(move |(t, def)| ((s, t), def)))
        .map(|(key, def)| (key, schemas.id(&def.input_schema)))
        .collect();
    let drawn = draw(&schemas, label, cases);
    let unsatisfiable = |id: usize| drawn[&id]["error"].as_str().is_some_and(|why| why.starts_with("Unsatisfiable"));

    for job in &jobs {
        let (subject, def, rendering) =
            (&subjects[job.subject], &subjects[job.subject].tools[job.tool], &renderings[job.rendering]);
        let figures = &mut figures[job.rendering];
        let Some(values) = drawn[&job.id].get("values").and_then(Value::as_array) else {
            // A definition no value satisfies (a closed part forbidding a required field, as an
            // OpenAPI bridge may write it): its lowering admitting nothing either is sound.
            if unsatisfiable(job.id) && unsatisfiable(definition_ids[&(job.subject, job.tool)]) {
                figures.not_drawn += 1;
                continue;
            }
            let why = &drawn[&job.id]["error"];
            figures.unexplained.push(format!("{} {}: nothing could be drawn: {why}", subject.name, def.name));
            continue;
        };
        figures.drawn += drawn[&job.id]["drawn"].as_u64().unwrap();
        figures.admitted += values.len();
        for value in values {
            match (subject.send)(rendering.target, &def.name, value) {
                Outcome::Ran => figures.ran += 1,
                Outcome::Refused(problems)
                    if problems.iter().all(|(pointer, message)| {
                        job.changes.iter().any(|change| explains(change, job.prefix, pointer, message))
                    }) =>
                {
                    figures.explained += 1;
                    for (pointer, message) in &problems {
                        let change =
                            job.changes.iter().find(|change| explains(change, job.prefix, pointer, message)).unwrap();
                        let why = format!(
                            "{} {}: `{message}` at {pointer}, named by {} {}: {}",
                            subject.name, def.name, change.kind, change.path, change.detail
                        );
                        *figures.named.entry(why).or_default() += 1;
                    }
                }
                outcome => figures.unexplained.push(format!("{} {} {value}: {outcome:?}", subject.name, def.name)),
            }
        }
    }

    // The converse: what the types write, in each rendering's wire form.
    for (s, t, id) in own {
        let (subject, def) = (&subjects[s], &subjects[s].tools[t]);
        let written_back = subject.written_back.as_ref().unwrap();
        let values = drawn[&id]["values"].as_array().unwrap_or_else(|| panic!("{}: {}", def.name, drawn[&id]));
        let values: Vec<Value> = values.iter().filter_map(|value| written_back(&def.name, value)).collect();
        let root_union = def.input_schema.get("oneOf").or(def.input_schema.get("anyOf")).is_some();
        for job in jobs.iter().filter(|job| job.subject == s && job.tool == t) {
            let figures = &mut figures[job.rendering];
            for value in &values {
                figures.back += 1;
                let mut sent = if root_union && renderings[job.rendering].options.union_form == Some(UnionForm::Nested)
                {
                    json!({"request": value})
                } else {
                    value.clone()
                };
                pad_nulls(&mut sent, &job.schema);
                match refusal(&job.schema, &sent) {
                    None => figures.back_admitted += 1,
                    Some((pointer, message))
                        if job.changes.iter().any(|change| explains(change, job.prefix, &pointer, &message)) =>
                    {
                        figures.back_named += 1;
                        let why = format!(
                            "{} {}: the types write {sent}, refused at {pointer}: {message}",
                            subject.name, def.name
                        );
                        *figures.named.entry(why).or_default() += 1;
                    }
                    Some((pointer, message)) => figures
                        .back_unexplained
                        .push(format!("{} {} {sent}: refused at {pointer}: {message}", subject.name, def.name)),
                }
            }
        }
    }

    let mut table = String::from(
        "| rendering | tools | not lowered | admits nothing, as its definition | drawn | admitted | ran | refused, named in \
         the report | unexplained | values of the types | admitted | refused, named | unexplained \
         |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    // Failures grouped by what failed, digits blurred, each with its first example and count.
    let mut failures: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for (rendering, f) in renderings.iter().zip(&figures) {
        for failure in f.unexplained.iter().chain(&f.back_unexplained) {
            let class: String = failure.split_once(": ").map_or(failure.as_str(), |(_, class)| class).to_owned();
            let class: String = class.chars().filter(|c| !c.is_ascii_digit()).collect();
            let entry = failures.entry(class).or_insert((0, format!("{}: {failure}", rendering.label)));
            entry.0 += 1;
        }
    }
    for (rendering, f) in renderings.iter().zip(&figures) {
        writeln!(
            table,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            rendering.label,
            f.tools,
            f.not_lowered,
            f.not_drawn,
            f.drawn,
            f.admitted,
            f.ran,
            f.explained,
            f.unexplained.len(),
            f.back,
            f.back_admitted,
            f.back_named,
            f.back_unexplained.len()
        )
        .unwrap();
    }
    println!("{table}");
    if std::env::var_os("TOOLC_SOUNDNESS_NAMED").is_some() {
        for (rendering, f) in renderings.iter().zip(&figures) {
            for (why, count) in &f.named {
                println!("{}: {count} × {why}", rendering.label);
            }
        }
    }
    let listed: Vec<String> = failures.values().map(|(count, example)| format!("{count} like {example}")).collect();
    assert!(failures.is_empty(), "unexplained:\n{}", listed.join("\n"));
    assert!(figures.iter().all(|f| f.ran > 0 && f.back_admitted > 0), "every rendering runs calls:\n{table}");
}

/// A Director call's arguments as serde writes the value it parses into.
fn director_written_back(tool: &str, arguments: &Value) -> Option<Value> {
    use director::DirectorOp as Op;
    let value = match Op::parse(tool, &arguments.to_string()).ok()? {
        Op::BrowserAction(op) => serde_json::to_value(op),
        Op::BrowserQuery(op) => serde_json::to_value(op),
        Op::Iterate(op) => serde_json::to_value(op),
        Op::Route(op) => serde_json::to_value(op),
        Op::Context(op) => serde_json::to_value(op),
        Op::Group(op) => serde_json::to_value(op),
        Op::AddOrReplaceNodes(op) => serde_json::to_value(op),
        Op::DeleteNodes(op) => serde_json::to_value(op),
        Op::DebugBrowser(op) => serde_json::to_value(op),
        Op::ManageVariable(op) => serde_json::to_value(op),
    };
    Some(value.expect("the Director's values serialize"))
}
