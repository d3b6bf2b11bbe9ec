//! `toolc lint`: what lowering changes and what may hurt, as compiler-style diagnostics pointing at
//! the Rust source of each tool.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::Value;

use crate::{Failure, Outcome, output, probe};

/// Report kinds worth a warning: the provider no longer enforces what the schema says.
const LOSSY: &[&str] = &["moved-to-description", "stringified", "dropped"];
/// How many changes one warning lists before pointing at report.json.
const SHOWN: usize = 8;

struct Warning {
    message: String,
    location: String,
    notes: Vec<String>,
}

pub fn run(manifest_path: &Option<PathBuf>, packages: &[String], deny: bool) -> Result<Outcome, Failure> {
    let (export, _) = probe::run(manifest_path, packages, "all", "", "")?;
    let mut count = 0;
    let mut errors = 0;
    for (package, document) in &export.packages {
        for error in &document.errors {
            output::error(&format!("{package}: {error}"));
            errors += 1;
        }
        let report = document.files.get("report.json").and_then(Value::as_array).cloned().unwrap_or_default();
        for definition in &document.definitions {
            for warning in warnings(definition, &report) {
                output::warning(&warning.message);
                output::location(&warning.location);
                for note in &warning.notes {
                    output::text(&format!("   = note: {note}\n"));
                }
                output::text("\n");
                count += 1;
            }
        }
    }
    let plural = |n: usize, word: &str| if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") };
    let verdict = format!("{}, {}", plural(count, "warning"), plural(errors, "error"));
    if errors > 0 || (deny && count > 0) {
        output::error(&format!("lint failed: {verdict}{}", if deny && count > 0 { " (warnings denied)" } else { "" }));
        return Ok(Outcome::Problems);
    }
    output::status("Finished", &format!("lint: {verdict}"));
    Ok(Outcome::Ok)
}

fn location(definition: &Value) -> String {
    let source = &definition["source"];
    match (source["file"].as_str(), source["line"].as_u64(), source["column"].as_u64()) {
        (Some(file), Some(line), Some(column)) => format!("{file}:{line}:{column}"),
        _ => "(no source)".to_owned(),
    }
}

fn warnings(definition: &Value, report: &[Value]) -> Vec<Warning> {
    let name = definition["name"].as_str().unwrap_or_default();
    let at = location(definition);
    let mut found = Vec::new();

    let schema = &definition["input_schema"];
    let properties = schema["properties"].as_object();
    let undocumented: Vec<&str> = properties
        .into_iter()
        .flatten()
        .filter(|(_, property)| property.get("description").is_none())
        .map(|(key, _)| key.as_str())
        .collect();
    for argument in undocumented {
        found.push(Warning {
            message: format!("argument `{argument}` of tool `{name}` has no description"),
            location: at.clone(),
            notes: vec!["describe it in the doc comment's `# Arguments` section (or the field's doc comment); the model sees only its name".into()],
        });
    }

    // What the lowerings warn of (a long description, a size near a provider's limit), once per
    // wording, with the targets that said it.
    let mut warned: Vec<(String, Vec<String>)> = Vec::new();
    for change in report.iter().filter(|change| change["tool"] == name && change["kind"] == "warning") {
        let detail = change["detail"].as_str().unwrap_or_default().to_owned();
        let target = change["target"].as_str().unwrap_or_default().to_owned();
        match warned.iter_mut().find(|(seen, _)| *seen == detail) {
            Some((_, targets)) => targets.push(target),
            None => warned.push((detail, vec![target])),
        }
    }
    for (detail, targets) in warned {
        found.push(Warning {
            message: format!("`{name}`: {detail}"),
            location: at.clone(),
            notes: vec![format!("lowering for {} said so", targets.join(", "))],
        });
    }

    let mut seen = BTreeSet::new();
    let lossy: Vec<String> = report
        .iter()
        .filter(|change| change["tool"] == name)
        .filter(|change| LOSSY.contains(&change["kind"].as_str().unwrap_or_default()))
        .filter(|change| !enforced_anyway(change["detail"].as_str().unwrap_or_default()))
        .map(|change| {
            format!(
                "{}: {} at {}: {}",
                change["target"].as_str().unwrap_or_default(),
                change["kind"].as_str().unwrap_or_default(),
                change["path"].as_str().unwrap_or_default(),
                change["detail"].as_str().unwrap_or_default()
            )
        })
        .filter(|line| seen.insert(line.clone()))
        .collect();
    if !lossy.is_empty() {
        let mut notes: Vec<String> = lossy.iter().take(SHOWN).cloned().collect();
        if lossy.len() > SHOWN {
            notes.push(format!("…and {} more in report.json", lossy.len() - SHOWN));
        }
        notes.push("dispatch still checks every call against the full schema; the provider only sees the hint".into());
        let changes = if lossy.len() == 1 { "1 change".to_owned() } else { format!("{} changes", lossy.len()) };
        found.push(Warning {
            message: format!("lowering `{name}` loses what some providers enforce ({changes})"),
            location: at.clone(),
            notes,
        });
    }

    found
}

/// Changes that lose nothing in practice: serde checks Rust number types, dispatch refuses unknown
/// fields, and a default the model leaves out is applied all the same.
fn enforced_anyway(detail: &str) -> bool {
    detail.contains("names a Rust number type")
        || detail.starts_with("`additionalProperties: false`")
        || (detail.starts_with("{default: ") && !detail.contains(", "))
}
