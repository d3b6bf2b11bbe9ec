//! The `compile` benchmark's crate of `n` tools, written three ways with the same tools, the same
//! argument types and docs, and the same bodies:
//!
//! - [`toolc`]: methods with `#[tool]` in a `#[toolbox]` impl;
//! - [`rmcp`]: an argument struct per tool and methods with rmcp's `#[tool]` in a `#[tool_router]`
//!   impl;
//! - [`by_hand`]: the same argument structs, definitions built with `schemars::schema_for!`, and a
//!   hand-written `match` that parses a call's arguments and runs it.
//!
//! Each crate lists its tools' definitions and runs a call by name, so the compiler has to build
//! both halves in every form.

use super::tools::{SHARED, fields};

/// A tool's arguments as the compile forms take them (the schemars bounds `fields` carries are left
/// out: a `#[toolbox]` method's parameters take no schemars attributes).
fn arguments(i: usize) -> Vec<(String, &'static str, String)> {
    fields(i).into_iter().map(|(name, ty, doc, _)| (name, ty, doc)).collect()
}

fn description(i: usize) -> String {
    format!("Tool number {i}: finds things of kind {i}.")
}

/// The body every form gives tool `i`, over its arguments as `access(name)` reads them.
fn body(i: usize, access: impl Fn(&str) -> String) -> String {
    let names: Vec<String> = arguments(i).iter().map(|(name, _, _)| access(name)).collect();
    format!("format!(\"tool {i}: {{:?}}\", ({},))", names.join(", "))
}

/// The argument struct rmcp and the hand-written form parse tool `i`'s arguments into.
fn args_struct(i: usize, out: &mut String) {
    out.push_str(&format!(
        "\n/// Tool {i}'s arguments.\n#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]\npub struct Args{i} {{\n"
    ));
    for (name, ty, doc) in arguments(i) {
        out.push_str(&format!("    /// {doc}\n    pub {name}: {ty},\n"));
    }
    out.push_str("}\n");
}

/// The shared types and the argument structs of `n` tools, which rmcp and the hand-written form
/// both start from.
fn shared_and_args_structs(n: usize) -> String {
    let mut out = String::from(SHARED);
    for i in 0..n {
        args_struct(i, &mut out);
    }
    out
}

/// `n` tools as `#[tool]` methods of a `#[toolbox]` impl.
pub fn toolc(n: usize) -> String {
    let mut out = String::from(SHARED);
    out.push_str("\n/// The tools.\npub struct Tools;\n\n#[toolc::toolbox]\nimpl Tools {\n");
    for i in 0..n {
        out.push_str(&format!("    /// {}\n    ///\n    /// # Arguments\n", description(i)));
        for (name, _, doc) in arguments(i) {
            out.push_str(&format!("    /// * `{name}` - {doc}\n"));
        }
        out.push_str(&format!("    #[tool]\n    pub fn tool_{i}(&self"));
        for (name, ty, _) in arguments(i) {
            out.push_str(&format!(", {name}: {ty}"));
        }
        out.push_str(&format!(") -> String {{\n        {}\n    }}\n\n", body(i, str::to_owned)));
    }
    out.push_str("}\n");
    out.push_str(
        r#"
/// The tools' definitions.
pub fn definitions() -> &'static [toolc::ToolDef] {
    toolc::Toolbox::tools(&Tools)
}

/// Runs the call of tool `name` with `arguments`.
pub async fn call(name: &str, arguments: &str) -> Result<serde_json::Value, toolc::ToolError> {
    toolc::Toolbox::call(&Tools, name, arguments).await
}
"#,
    );
    out
}

/// `n` tools as rmcp `#[tool]` methods of a `#[tool_router]` impl.
pub fn rmcp(n: usize) -> String {
    let mut out = shared_and_args_structs(n);
    out.push_str("\n/// The tools.\n#[derive(Clone)]\npub struct Tools;\n\n#[rmcp::tool_router]\nimpl Tools {\n");
    for i in 0..n {
        out.push_str(&format!(
            "    /// {}\n    #[rmcp::tool]\n    pub fn tool_{i}(&self, rmcp::handler::server::wrapper::Parameters(args): rmcp::handler::server::wrapper::Parameters<Args{i}>) -> String {{\n        {}\n    }}\n\n",
            description(i),
            body(i, |name| format!("args.{name}"))
        ));
    }
    out.push_str("}\n");
    out.push_str(
        r#"
/// The tools' definitions and their calls.
pub fn router() -> rmcp::handler::server::router::tool::ToolRouter<Tools> {
    Tools::tool_router()
}
"#,
    );
    out
}

/// `n` tools as argument structs, `schema_for!` definitions and a hand-written `match`.
pub fn by_hand(n: usize) -> String {
    let mut out = shared_and_args_structs(n);
    out.push_str("\n/// The tools' definitions.\npub fn definitions() -> Vec<serde_json::Value> {\n    vec![\n");
    for i in 0..n {
        out.push_str(&format!(
            "        serde_json::json!({{\"name\": \"tool_{i}\", \"description\": {:?}, \"inputSchema\": schemars::schema_for!(Args{i})}}),\n",
            description(i)
        ));
    }
    out.push_str("    ]\n}\n\n/// Runs the call of tool `name` with `arguments`.\npub fn call(name: &str, arguments: &str) -> Result<String, String> {\n    match name {\n");
    for i in 0..n {
        out.push_str(&format!(
            "        \"tool_{i}\" => {{\n            let args: Args{i} = serde_json::from_str(arguments).map_err(|err| err.to_string())?;\n            Ok({})\n        }}\n",
            body(i, |name| format!("args.{name}"))
        ));
    }
    out.push_str("        _ => Err(format!(\"no tool named {name}\")),\n    }\n}\n");
    out
}
