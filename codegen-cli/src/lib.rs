//! `toolc`: the JSON of every provider for projects in any language, from Rust tool definitions.
//!
//! The library holds the command ([`main`], which the `toolc` binary calls) and what `toolc lower`
//! does to one document of tool definitions, in memory ([`lower`]), for build scripts and other
//! tools that lower hand-written definitions without files.
//!
//! The guide to the command follows; its text is `docs/command.md`, its Rust example a doctest.
#![doc = include_str!("../docs/command.md")]

mod export;
mod files;
mod import;
mod lint;
mod lower;
mod output;
mod pin;
mod probe;
mod rust_names;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use toolc::{GrammarEngine, RenderOptions, Server, Target, UnionForm};

pub use toolc::read::{Lowered, Message, ReadError as LowerError, lower, lower_each};

/// Tool definitions for every LLM provider, compiled from Rust.
#[derive(Parser)]
#[command(name = "toolc", version, about, long_about = None, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXIT_CODES: &str = "Exit codes: 0 ok, 1 problems found, 2 usage or build error.";

#[derive(Subcommand)]
enum Command {
    /// Write each package's tools as every provider's JSON: DIR/<package>/<target>.json and report.json.
    Export(ExportArgs),
    /// Show the lowering report and warnings as compiler diagnostics pointing at the Rust source.
    Lint(LintArgs),
    /// Lower hand-written JSON Schema or tool definitions (any provider's format) to a target.
    Lower(LowerArgs),
    /// Turn tool definitions (any provider's format) into Rust `#[tool]` config structs.
    Import(ImportArgs),
    /// Pin servers' tool definitions in a lock file; with `--check`, fail with a diff when they changed.
    Pin(PinArgs),
}

/// Which crates to read.
#[derive(Args)]
struct Workspace {
    /// Path to Cargo.toml [default: the workspace of the current directory]
    #[arg(long, value_name = "PATH")]
    manifest_path: Option<PathBuf>,
    /// Only this package (repeatable)
    #[arg(short, long = "package", value_name = "PKG")]
    packages: Vec<String>,
}

#[derive(Args)]
struct ExportArgs {
    #[command(flatten)]
    workspace: Workspace,
    /// Targets, comma-separated, or `all`: openai, openai-responses, anthropic, gemini, bedrock, mcp,
    /// json-schema
    #[arg(long, value_name = "T,…", default_value = "all")]
    target: String,
    /// Open-model servers, comma-separated (vllm, sglang, llama-cpp, ollama, lm-studio, mistral-rs):
    /// each also gets `openai.<server>.json`, lowered for its grammar engine
    #[arg(long, value_name = "SERVER,…", value_delimiter = ',')]
    server: Vec<Server>,
    /// Every tool whose arguments are a tagged union: `flat` (one object), `nested` (the union under
    /// `request`) or `variants` (the union at the root where a target takes one, nested elsewhere)
    /// [default: the tool's `#[tool(union_form)]`, else `nested` for a server, `variants` for
    /// json-schema, `flat` elsewhere]
    #[arg(long, value_name = "FORM")]
    union_form: Option<UnionForm>,
    /// Where the files go
    #[arg(long, value_name = "DIR", default_value = "schemas")]
    out: PathBuf,
    /// Write nothing: compare with DIR and fail with a diff when anything is stale, missing or extra
    #[arg(long)]
    check: bool,
}

#[derive(Args)]
struct LintArgs {
    #[command(flatten)]
    workspace: Workspace,
    /// Fail (exit 1) when there are warnings
    #[arg(long, value_name = "warnings")]
    deny: Option<String>,
}

#[derive(Args)]
struct LowerArgs {
    /// The target to lower to
    #[arg(long, value_name = "T")]
    target: Target,
    /// Anthropic: lower for strict mode (`strict: true`)
    #[arg(long)]
    anthropic_strict: bool,
    /// Bedrock: lower for strict tool use (`strict: true`, Anthropic's strict subset)
    #[arg(long)]
    bedrock_strict: bool,
    /// MCP: inline every `$ref` (recursion kept), for clients that cannot follow references
    /// [default: `$defs` and `$ref` kept, as JSON Schema 2020-12 writes them]
    #[arg(long)]
    mcp_inline_refs: bool,
    /// Gemini: JSON Schema in `parametersJsonSchema` for every declaration [default: the OpenAPI
    /// subset in `parameters`, and `parametersJsonSchema` for a tool it cannot express, with a warning]
    #[arg(long)]
    gemini_json_schema: bool,
    /// Gemini: `parameters` only; refuse a tool they cannot express instead of giving it `parametersJsonSchema`
    #[arg(long, conflicts_with = "gemini_json_schema")]
    gemini_parameters_only: bool,
    /// OpenAI: for an open-model server (vllm, sglang, llama-cpp, ollama, lm-studio, mistral-rs):
    /// only what its grammar engine compiles and honours, the rest moved into the description
    #[arg(long, value_name = "SERVER")]
    server: Option<Server>,
    /// OpenAI: for this grammar engine (xgrammar, llguidance, llama-cpp) [default: the server's]
    #[arg(long, value_name = "ENGINE")]
    engine: Option<GrammarEngine>,
    /// A tool whose arguments are a tagged union: `flat` (one object), `nested` (the union under
    /// `request`) or `variants` (the union at the root: MCP, JSON Schema, a server or engine)
    /// [default: `nested` for a server or engine, `variants` for json-schema, `flat` elsewhere]
    #[arg(long, value_name = "FORM")]
    union_form: Option<UnionForm>,
    /// Write one output per input file into this folder [default: standard output, one input]
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// JSON Schema, or tool definitions in any provider's format, in files or folders of `.json`
    /// files; `-` for standard input
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

#[derive(Args)]
struct ImportArgs {
    /// Tool definitions in any provider's format; `-` for standard input
    file: PathBuf,
    /// Where to write the Rust code [default: standard output]
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Also write a `#[toolbox]` enum of this name with a variant per tool, whose `parse_response`
    /// reads a provider's calls into the tools' structs
    #[arg(long, value_name = "NAME")]
    toolbox: Option<String>,
}

#[derive(Args)]
struct PinArgs {
    /// The lock file
    #[arg(long, value_name = "PATH", default_value = "toolc.lock.json")]
    lock: PathBuf,
    /// Write nothing: compare with the lock and fail with a diff when any definition differs from it
    #[arg(long)]
    check: bool,
    /// A server's name and a file of its tool definitions, in any provider's format (an MCP
    /// `tools/list` result or response, a list of tools, OpenAI, Anthropic or Gemini definitions);
    /// `-` for standard input. The lock keeps the servers not named here.
    #[arg(required_unless_present = "servers", value_name = "SERVER=FILE")]
    sources: Vec<pin::FileSource>,
    /// MCP servers to start or reach and list, in the configuration file MCP clients share:
    /// `{"mcpServers": {NAME: {"command", "args", "env"} or {"url", "headers"}}}`. A header's
    /// `${VARIABLE}` is read from the environment; a server over HTTP without an `Authorization`
    /// header is signed in to in the browser when it asks (at a terminal; tokens kept under
    /// `~/.local/state/toolc/tokens`)
    #[arg(long, value_name = "FILE")]
    servers: Option<PathBuf>,
}

/// How a command ended.
enum Outcome {
    Ok,
    /// Problems were found and reported (exit 1).
    Problems,
}

/// A usage or build error (exit 2), already worded for the user.
struct Failure(String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(err: E) -> Self {
        Failure(err.to_string())
    }
}

fn targets(text: &str) -> Result<Vec<Target>, Failure> {
    if text == "all" {
        return Ok(Target::ALL.to_vec());
    }
    text.split(',').map(|part| part.trim().parse::<Target>().map_err(Failure::from)).collect()
}

/// The grammar engine `--server` and `--engine` name, for the targets that take one.
fn grammar_engine(
    target: Target,
    server: Option<Server>,
    engine: Option<GrammarEngine>,
) -> Result<Option<GrammarEngine>, Failure> {
    let chosen = engine.or(server.map(Server::engine));
    if chosen.is_some() && !matches!(target, Target::OpenAi | Target::OpenAiResponses) {
        let flag = if server.is_some() { "--server" } else { "--engine" };
        return Err(Failure(format!(
            "`{flag}` is for `--target openai` or `openai-responses`, the format open-model servers speak; `{target}` \
             takes none"
        )));
    }
    Ok(chosen)
}

/// The `toolc` command: reads its arguments from the process, runs, and gives the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Export(args) => targets(&args.target).and_then(|targets| {
            let packages = &args.workspace.packages;
            let form = args.union_form;
            export::run(&args.workspace.manifest_path, packages, &targets, &args.server, form, &args.out, args.check)
        }),
        Command::Lint(args) => match args.deny.as_deref() {
            None | Some("warnings") => {
                lint::run(&args.workspace.manifest_path, &args.workspace.packages, args.deny.is_some())
            }
            Some(other) => Err(Failure(format!("`--deny {other}`: only `--deny warnings` exists"))),
        },
        Command::Lower(args) => {
            let options = RenderOptions::default()
                .anthropic_strict(args.anthropic_strict)
                .bedrock_strict(args.bedrock_strict)
                .mcp_inline_refs(args.mcp_inline_refs)
                .gemini_json_schema(args.gemini_json_schema)
                .gemini_parameters_only(args.gemini_parameters_only);
            let options = match args.union_form {
                Some(form) => options.union_form(form),
                None => options,
            };
            grammar_engine(args.target, args.server, args.engine).and_then(|engine| {
                let options = match engine {
                    Some(engine) => options.grammar_engine(engine),
                    None => options,
                };
                lower::run(&args.files, &lower::Lowering { target: args.target, options, out: args.out.as_deref() })
            })
        }
        Command::Import(args) => import::run(&args.file, args.out.as_deref(), args.toolbox.as_deref()),
        Command::Pin(args) => pin::run(&args.sources, args.servers.as_deref(), &args.lock, args.check),
    };
    match outcome {
        Ok(Outcome::Ok) => ExitCode::SUCCESS,
        Ok(Outcome::Problems) => ExitCode::from(1),
        Err(Failure(message)) => {
            output::error(&message);
            ExitCode::from(2)
        }
    }
}
