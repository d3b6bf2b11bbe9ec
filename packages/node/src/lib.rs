//! The native half of the npm package `toolc`: what `toolc lower` does to a document of tool
//! definitions, and a model's call checked against a definition, for Node.js.
//!
//! Values cross as JSON text both ways: `index.js` hands over `JSON.stringify` of what the program
//! holds (so the addon reads exactly the file `toolc lower` would be given) and `JSON.parse`s the
//! answer, which V8 does faster than building objects one property at a time through N-API. A
//! failure is an answer too (`{"error": {"kind", "path", "rule"}}`), which `index.js` throws as an
//! `Error` subclass with the path.

use napi_derive::napi;
use serde_json::{Value, json};
use toolc::read::{Lowered, ReadError, lower_each_value};
use toolc::{Arguments, GrammarEngine, JsonTools, RenderOptions, Server, Target, UnionForm};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The options of a lowering, as `index.d.ts` declares `LowerOptions`; an unknown server or engine
/// is the failure's rule.
fn render_options(options: &Value) -> Result<RenderOptions, String> {
    let flag = |name: &str| options.get(name).and_then(Value::as_bool).unwrap_or(false);
    let render = RenderOptions::default()
        .anthropic_strict(flag("anthropicStrict"))
        .gemini_json_schema(flag("geminiJsonSchema"))
        .gemini_parameters_only(flag("geminiParametersOnly"))
        .bedrock_strict(flag("bedrockStrict"));
    let render = match options.get("unionForm").and_then(Value::as_str) {
        Some(form) => render.union_form(form.parse::<UnionForm>().map_err(|err| err.to_string())?),
        None => render,
    };
    // The engine named overrides the server's own.
    let render = match options.get("server").and_then(Value::as_str) {
        Some(server) => render.server(server.parse::<Server>().map_err(|err| err.to_string())?),
        None => render,
    };
    Ok(match options.get("engine").and_then(Value::as_str) {
        Some(engine) => render.grammar_engine(engine.parse::<GrammarEngine>().map_err(|err| err.to_string())?),
        None => render,
    })
}

fn failure(kind: &str, path: &str, rule: &str) -> String {
    json!({"error": {"kind": kind, "path": path, "rule": rule}}).to_string()
}

fn read_failure(err: &ReadError) -> String {
    failure("definition", &err.path, &err.rule)
}

fn lowered_json(lowered: &Lowered) -> Value {
    let messages: Vec<Value> =
        lowered.messages.iter().map(|message| json!({"kind": message.kind(), "text": message.text()})).collect();
    let refused: Vec<Value> = lowered
        .refused
        .iter()
        .map(|refusal| json!({"tool": refusal.tool, "path": refusal.path, "rule": refusal.rule}))
        .collect();
    json!({"tools": lowered.value, "messages": messages, "refused": refused})
}

/// Lowers the definitions (JSON text) for each target (a JSON array of names) with the options
/// (a JSON object): a JSON array of `{tools, messages, refused}`, one for each target in order, or
/// a failure naming the target or the part of the document that is not tool definitions.
#[napi(js_name = "lowerEach")]
pub fn lower_each_json(definitions: String, targets: String, options: String) -> String {
    let (Ok(definitions), Ok(targets), Ok(options)) = (
        serde_json::from_str::<Value>(&definitions),
        serde_json::from_str::<Vec<String>>(&targets),
        serde_json::from_str::<Value>(&options),
    ) else {
        return failure("argument", "", "the arguments are not the JSON `index.js` sends");
    };
    let name = options.get("name").and_then(Value::as_str).unwrap_or("tools");
    let render = match render_options(&options) {
        Ok(render) => render,
        Err(rule) => return failure("option", "", &rule),
    };
    let mut renderings = Vec::with_capacity(targets.len());
    for (index, target) in targets.iter().enumerate() {
        match target.parse::<Target>() {
            Ok(target) => renderings.push((target, render)),
            Err(err) => return failure("target", &format!("/{index}"), &err.to_string()),
        }
    }
    match lower_each_value(definitions, name, &renderings) {
        Ok(each) => Value::Array(each.iter().map(lowered_json).collect()).to_string(),
        Err(err) => read_failure(&err),
    }
}

/// Checks a model's call (its arguments as JSON text) against one tool definition (JSON text, in
/// any provider's format): `null` when the call is good, otherwise the text toolc gives the model
/// (every problem at once, each with its path, what was expected, what arrived and a did-you-mean)
/// as a JSON string; or a failure naming the part of the definition that cannot be read.
#[napi(js_name = "checkArguments")]
pub fn check_arguments_json(definition: String, arguments: String) -> String {
    let Ok(definition) = serde_json::from_str::<Value>(&definition) else {
        return failure("argument", "", "the definition is not the JSON `index.js` sends");
    };
    let tools = match JsonTools::read_one(&definition) {
        Ok(tools) => tools,
        Err(err) => return read_failure(&err),
    };
    let name = tools.tools()[0].name.to_string();
    match tools.check(&name, Arguments::Text(&arguments)) {
        Ok(_) => "null".to_owned(),
        Err(err) => Value::String(err.to_string()).to_string(),
    }
}
