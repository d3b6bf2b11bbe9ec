//! `toolc lower`: hand-written JSON Schema or tool definitions, from a project in any language,
//! lowered to one target. One file goes to standard output; many files (or folders of them) with
//! `--out DIR` become one output each. The report, text a definition hides from a reader (a
//! warning, which refuses nothing), and what cannot be expressed (tool, JSON path and rule), go to
//! standard error. A tool that cannot be lowered does not sink its file: the others are written,
//! and the refused ones listed with their reasons (exit 1).

use std::path::{Path, PathBuf};

use toolc::read::{Message, lower_each_value};
use toolc::{RenderOptions, Target};

use crate::files::{load_json, pretty, write_atomically};
use crate::{Failure, Outcome, output};

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
    let (input, stem) = load_json(file)?;
    // The document is read here and nowhere else: its schemas are lowered where they lie.
    let renderings = [(lowering.target, lowering.options)];
    let lowered = lower_each_value(input, &stem, &renderings).map_err(|err| Failure(err.to_string()))?.remove(0);
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
    Ok(if !lowered.refused.is_empty() { Outcome::Problems } else { Outcome::Ok })
}

#[cfg(test)]
mod tests {
    use toolc::{RenderOptions, Target};

    #[test]
    fn lowering_to_each_target_at_once_is_lowering_to_each_alone() {
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let renderings: Vec<(Target, RenderOptions)> = Target::ALL
            .iter()
            .map(|target| (*target, RenderOptions::default()))
            .chain([
                (Target::Anthropic, RenderOptions::default().anthropic_strict(true)),
                (Target::Bedrock, RenderOptions::default().bedrock_strict(true)),
                (Target::Gemini, RenderOptions::default().gemini_json_schema(true)),
            ])
            .collect();
        for fixture in ["js-tools.json", "crm-tools.json", "untyped-array.json"] {
            let input: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(fixtures.join(fixture)).unwrap()).unwrap();
            let each = toolc::read::lower_each(&input, "tools", &renderings).unwrap();
            for ((target, options), at_once) in renderings.iter().zip(&each) {
                let alone = toolc::read::lower(&input, "tools", *target, options).unwrap();
                assert_eq!(at_once, &alone, "{fixture} for {target}");
            }
            assert!(each.iter().any(|lowered| !lowered.messages.is_empty()), "{fixture}: something to report");
        }
    }
}
