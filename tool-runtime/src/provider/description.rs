//! The description a target shows the model: the tool's own, with its examples appended where the
//! target has no field for them, and a warning when it is long.

use crate::passes::report::{ChangeKind, Lowering};
use serde_json::Value;

use crate::decode::validate::validate;
use crate::passes::union::example_as;
use crate::{ToolDef, UnionForm};

/// OpenAI once refused longer tool descriptions; newer reports say the limit is gone.
const LONG_DESCRIPTION: usize = 1024;

/// The description, with the examples appended in a compact form for targets without an examples
/// field, written as a call in `form` sends its arguments.
pub(crate) fn description(def: &ToolDef, with_examples: bool, form: UnionForm) -> String {
    let mut text = def.description.to_string();
    if with_examples && !def.examples.is_empty() {
        text.push_str("\n\nExamples:");
        for example in &def.examples {
            text.push_str(&format!("\n- {}", example_as(&example.arguments, &def.input_schema, form)));
            if let Some(what) = &example.description {
                text.push_str(&format!(" ({what})"));
            }
        }
    }
    text
}

/// The examples of `def` as a call in `form` sends them, for a target's field of examples (at
/// `path`); an example dispatch would refuse — one writing a field its object does not name, which
/// the definition, open, let through — is left out, and the report says why.
pub(crate) fn examples(def: &ToolDef, form: UnionForm, path: &str, lowering: &mut Lowering) -> Vec<Value> {
    let mut kept = Vec::new();
    for (index, example) in def.examples.iter().enumerate() {
        let problems = validate(&example.arguments, &def.input_schema, &def.input_schema);
        match problems.first() {
            None => kept.push(example_as(&example.arguments, &def.input_schema, form)),
            Some(problem) => {
                let at = if problem.pointer.is_empty() { "(root)" } else { &problem.pointer };
                let why = format!("example {index}, which dispatch would refuse: at {at}, {}", problem.message);
                lowering.note(&format!("{path}/{index}"), ChangeKind::Dropped, why);
            }
        }
    }
    kept
}

/// Warns of a long description.
pub(crate) fn check_description(text: &str, lowering: &mut Lowering) {
    let length = text.chars().count();
    if length > LONG_DESCRIPTION {
        lowering.note(
            "/description",
            ChangeKind::Warning,
            format!(
                "the description has {length} characters; OpenAI has refused tool descriptions over {LONG_DESCRIPTION}"
            ),
        );
    }
}
