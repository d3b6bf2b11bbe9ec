//! `toolc lower`: hand-written JSON Schema or tool definitions, from a project in any language,
//! lowered to one target. The result goes to standard output; the report, and what cannot be
//! expressed (with its JSON path), to standard error.

use std::path::Path;

use tool_runtime::{RenderOptions, Target, ToolDef, render_tools};

use crate::files::pretty;
use crate::{Failure, Outcome, definitions, output, schema_check};

pub fn run(file: &Path, target: Target) -> Result<Outcome, Failure> {
    let (input, stem) = definitions::load(file)?;
    let definitions = definitions::read(&input, &stem)?;
    let mut invalid = false;
    for def in &definitions {
        if let Some((path, rule)) = schema_check::problem(&def.schema, &def.schema_at) {
            let message = format!("tool `{}` cannot be rendered for {target} at {path}: {rule}", def.name);
            output::error(&tool_names::one_line(&message));
            invalid = true;
        }
    }
    if invalid {
        return Ok(Outcome::Problems);
    }
    let defs: Vec<ToolDef> = definitions
        .into_iter()
        .map(|def| ToolDef::new(def.name, def.description, def.schema).with_strict(def.strict))
        .collect();
    match render_tools(&defs, target, &RenderOptions::default()) {
        Ok(rendered) => {
            for change in &rendered.report.changes {
                output::note(&change.to_string());
            }
            print!("{}", pretty(&rendered.value));
            Ok(Outcome::Ok)
        }
        Err(err) => {
            output::error(&err.to_string());
            Ok(Outcome::Problems)
        }
    }
}
