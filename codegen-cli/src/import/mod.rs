//! `toolc import`: tool definitions (any provider's format) turned into Rust `#[tool]` config
//! structs with doc comments, so a project can move its hand-written tools into Rust and keep
//! rendering the same schemas. What a tool's Rust cannot say is named, per tool, in a warning.

mod carry;
mod describe;
mod generator;

use std::collections::HashMap;
use std::path::Path;

use proc_macro2::Ident;
use quote::quote;

use crate::{Failure, Outcome, files, output, rust_names};
use generator::Generator;
use toolc::read::{self, Definition};

pub fn run(file: &Path, out: Option<&Path>, toolbox: Option<&str>) -> Result<Outcome, Failure> {
    let toolbox = toolbox.map(toolbox_name).transpose()?;
    let (input, stem) = files::load_json(file)?;
    let imported = generate(&read::definitions(&input, &stem)?, toolbox.as_ref())?;
    for warning in imported.undescribed.iter().chain(&imported.left_out) {
        output::warning(warning);
    }
    for refusal in &imported.refusals {
        output::error(refusal);
    }
    // A tool that cannot be imported does not sink its file: the others are written.
    if let Some(code) = imported.code {
        match out {
            Some(path) => {
                files::write_atomically(path, &code)
                    .map_err(|err| Failure(format!("cannot write {}: {err}", path.display())))?;
                output::status("Imported", &format!("{} into {}", file.display(), path.display()));
            }
            None => print!("{code}"),
        }
    }
    if imported.refusals.is_empty() {
        return Ok(Outcome::Ok);
    }
    output::note(&format!("{} tool(s) not imported; the others were written", imported.refusals.len()));
    Ok(Outcome::Problems)
}

/// What [`generate`] makes of a file's tools.
pub struct Imported {
    /// The Rust source for the tools that can be imported, pretty-printed; `None` when every one is
    /// refused.
    pub code: Option<String>,
    /// Why the others cannot be, each naming the tool and where in the input.
    pub refusals: Vec<String>,
    /// Per imported tool without a description, that it has none.
    pub undescribed: Vec<String>,
    /// Per imported tool, what its Rust leaves out, where the schema says something Rust cannot.
    pub left_out: Vec<String>,
}

/// The identifier `--toolbox` asks for: a Rust type name as Rust writes one (UpperCamelCase), or
/// what to write instead.
fn toolbox_name(asked: &str) -> Result<Ident, Failure> {
    let ident = rust_names::type_name(asked);
    if ident == asked {
        return Ok(ident);
    }
    Err(Failure(format!(
        "`--toolbox {asked}`: the toolbox is a Rust enum, named in UpperCamelCase; for example `{ident}`"
    )))
}

/// The code of a file's tools, with `toolbox`, when given, an enum of them all: a `#[toolbox]`
/// whose `parse` and `parse_response` give the called tool's struct.
pub fn generate(tools: &[Definition], toolbox: Option<&Ident>) -> Result<Imported, Failure> {
    let mut generator = Generator::default();
    if let Some(name) = toolbox {
        generator.reserve(name);
    }
    let mut items = Vec::new();
    let mut idents = Vec::new();
    let mut refusals = Vec::new();
    let mut undescribed = Vec::new();
    let mut left_out = Vec::new();
    let mut taken: HashMap<&str, &str> = HashMap::new();
    for tool in tools {
        // The tool names of a crate are unique (`toolc export` refuses two alike).
        if let Some(first) = taken.get(tool.name.as_str()) {
            let at = |pointer: &str| if pointer.is_empty() { "/".to_owned() } else { pointer.to_owned() };
            refusals.push(format!(
                "tool `{}` cannot be imported: at {}, the name is taken by the tool at {}; rename one",
                tool.name,
                at(&tool.at),
                at(first)
            ));
            continue;
        }
        let support = generator.items.len();
        match generator.tool(tool) {
            Ok(imported) => {
                taken.insert(&tool.name, &tool.at);
                items.push(imported.code);
                idents.push(imported.ident);
                undescribed.extend(imported.undescribed);
                left_out.extend(imported.left_out);
            }
            Err(refusal) => {
                // What the refused tool's fields needed goes with it.
                generator.items.truncate(support);
                refusals.push(refusal.to_string());
            }
        }
    }
    if items.is_empty() && !refusals.is_empty() {
        return Ok(Imported { code: None, refusals, undescribed, left_out });
    }
    let support = &generator.items;
    let (uses, toolbox) = match toolbox {
        Some(name) => {
            let docs = format!(
                " Every tool of this file: `{name}::parse(name, arguments)` and `{name}::parse_response(target, \
                 response)` give the called tool's struct, and serde writes a value as the call's arguments."
            );
            let toolbox = quote! {
                #[doc = #docs]
                #[toolbox]
                #[derive(Debug, Clone, PartialEq, Serialize)]
                #[serde(untagged)]
                pub enum #name {
                    #(#idents(#idents)),*
                }
            };
            (
                quote!(
                    use toolc::{tool, toolbox};
                ),
                toolbox,
            )
        }
        None => (
            quote!(
                use toolc::tool;
            ),
            quote!(),
        ),
    };
    // The descriptions are written for a model, not for rustdoc: brackets, tags and addresses in
    // them are text (`[FILE]` is no link to an item).
    let tokens = quote! {
        //! Tools imported by `toolc import`.
        #![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags, rustdoc::bare_urls)]

        use schemars::JsonSchema;
        use serde::{Deserialize, Serialize};
        #uses

        #toolbox
        #(#items)*
        #(#support)*
    };
    let file: syn::File =
        syn::parse2(tokens).map_err(|err| Failure(format!("generated code does not parse: {err}")))?;
    let code = Some(attributes_for_refused_docs(prettyplease::unparse(&file)));
    Ok(Imported { code, refusals, undescribed, left_out })
}

/// What the compiler refuses in a comment: the characters that change the direction text is shown
/// in (a reader would see something other than what is there), and a carriage return alone.
fn refused_in_comments(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\r')
}

/// A doc comment line holding what the compiler refuses in a comment (a description can) written
/// as the `#[doc = "…"]` attribute it stands for, escaped: the same documentation, which compiles
/// and shows what it holds.
fn attributes_for_refused_docs(code: String) -> String {
    if !code.contains(refused_in_comments) {
        return code;
    }
    let mut out = String::with_capacity(code.len() + 64);
    for line in code.split_inclusive('\n') {
        let indent = &line[..line.len() - line.trim_start().len()];
        match line.trim_start().strip_prefix("///") {
            Some(text) if text.contains(refused_in_comments) => {
                out.push_str(&format!("{indent}#[doc = {:?}]\n", text.trim_end_matches('\n')));
            }
            _ => out.push_str(line),
        }
    }
    out
}
