//! What a model is told when its call breaks a rule inside a union, or serde refuses a value it
//! read through its buffer (untagged and internally tagged enums, flattened structs): the branch the
//! value most nearly matches and its broken rule, at the value itself; an integral float taken for
//! an integer; pointers escaped as RFC 6901 says; one line a problem; and an MCP `tools/call`
//! request parsed into a `ToolSet`.

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use toolc::{ArgumentProblem, ConfigTool, Target, ToolError, ToolSet, tool, toolbox};

/// `"all"`, or some names, each once.
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Which {
    All(AllWord),
    Some(BTreeSet<String>),
}

#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum AllWord {
    All,
}

/// A count, or a named count.
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Count {
    N(u8),
    Named { name: String, n: u8 },
}

/// Text of an even length: a rule the schema does not state, which serde's `try_from` checks.
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
#[serde(try_from = "String")]
pub struct Even(String);

impl TryFrom<String> for Even {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        if text.len().is_multiple_of(2) { Ok(Even(text)) } else { Err(format!("`{text}` has an odd length")) }
    }
}

#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum EvenOrN {
    Even(Even),
    N(u8),
}

#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
#[serde(tag = "kind")]
pub enum Shape {
    Circle { r: u8 },
    Label { text: Even, size: u8 },
}

#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
pub struct Depth {
    pub depth: u8,
}

/// Every shape serde reads through its buffer, and a field whose name needs escaping.
#[tool]
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
pub struct Shapes {
    #[serde(default)]
    pub which: Option<Which>,
    #[serde(default)]
    pub counts: Vec<Count>,
    #[serde(default)]
    pub evens: Vec<EvenOrN>,
    #[serde(default)]
    pub shape: Option<Shape>,
    #[serde(default)]
    pub shapes: Vec<Shape>,
    #[serde(flatten)]
    pub depth: Option<Depth>,
    #[serde(default)]
    pub size: Option<u32>,
}

/// A root tagged union with field names that need escaping in a JSON Pointer.
#[tool]
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
#[serde(tag = "op")]
pub enum Paths {
    Move {
        #[serde(rename = "from/to")]
        from_to: String,
    },
    Keep {
        #[serde(rename = "tilde~name")]
        tilde: u8,
    },
}

#[toolbox]
#[derive(Debug, PartialEq)]
pub enum Ops {
    Shapes(Shapes),
    Paths(Paths),
}

/// The problems of a refused call.
fn refused<T: ConfigTool + std::fmt::Debug>(arguments: Value) -> Vec<ArgumentProblem> {
    match T::parse(&arguments.to_string()) {
        Err(ToolError::InvalidArguments { problems, .. }) => problems,
        other => panic!("expected invalid arguments for {arguments}, got {other:?}"),
    }
}

fn at(problems: &[ArgumentProblem]) -> Vec<(&str, &str)> {
    problems.iter().map(|problem| (problem.pointer.as_str(), problem.message.as_str())).collect()
}

#[test]
fn items_that_repeat_inside_a_union_are_told_they_repeat_not_that_an_array_was_expected() {
    let problems = refused::<Shapes>(json!({"which": ["a", "b", "a"]}));
    assert_eq!(at(&problems), [("/which/2", "items must be unique; this repeats item 0")]);
}

#[test]
fn the_branch_a_value_most_nearly_matches_names_its_broken_rule_at_the_value() {
    let problems = refused::<Shapes>(json!({"counts": [1, {"name": "x", "n": 300}]}));
    assert_eq!(at(&problems), [("/counts/1/n", "expected at most 255, got 300")]);
    // A value of a kind no branch takes is told every kind that would do.
    let problems = refused::<Shapes>(json!({"counts": [true]}));
    assert_eq!(at(&problems), [("/counts/0", "expected an integer or an object, got true")]);
}

#[test]
fn an_integral_float_is_taken_for_an_integer_wherever_serde_reads_one() {
    let parsed = Shapes::parse(
        &json!({
            "size": 7.0, "counts": [3.0, {"name": "x", "n": 4.0}], "evens": [2.0],
            "shape": {"kind": "Circle", "r": 5.0}, "depth": 6.0,
        })
        .to_string(),
    )
    .unwrap();
    assert_eq!(parsed.size, Some(7));
    assert_eq!(parsed.counts, [Count::N(3), Count::Named { name: "x".to_owned(), n: 4 }]);
    assert_eq!(parsed.evens, [EvenOrN::N(2)]);
    assert_eq!(parsed.shape, Some(Shape::Circle { r: 5 }));
    assert_eq!(parsed.depth, Some(Depth { depth: 6 }), "a flattened struct's field is kept, not dropped");
    let problems = refused::<Shapes>(json!({"size": 2.5}));
    assert_eq!(at(&problems), [("/size", "expected an integer or null, got the number 2.5")]);
    let problems = refused::<Shapes>(json!({"size": 1e30}));
    assert_eq!(problems[0].pointer, "/size", "{problems:?}");
}

#[test]
fn a_value_serde_refuses_after_reading_it_through_its_buffer_is_blamed_where_it_is() {
    let untagged = "data did not match any variant of untagged enum EvenOrN";
    assert_eq!(at(&refused::<Shapes>(json!({"evens": ["abc", 1, "ab"]}))), [("/evens/0", untagged)]);
    assert_eq!(at(&refused::<Shapes>(json!({"evens": [1, "abc"]}))), [("/evens/1", untagged)]);
    let odd = "`abc` has an odd length";
    let label = json!({"kind": "Label", "text": "abc", "size": 1});
    assert_eq!(at(&refused::<Shapes>(json!({"shape": label, "size": 1}))), [("/shape", odd)]);
    assert_eq!(at(&refused::<Shapes>(json!({"size": 1, "shape": label}))), [("/shape", odd)]);
    let shapes = json!([{"kind": "Circle", "r": 1}, label, {"kind": "Circle", "r": 2}]);
    assert_eq!(at(&refused::<Shapes>(json!({"shapes": shapes}))), [("/shapes/1", odd)]);
}

#[test]
fn pointers_through_a_tagged_union_are_escaped_as_rfc_6901_says() {
    let problems = refused::<Paths>(json!({"op": "Keep", "tilde~name": 300}));
    assert_eq!(at(&problems), [("/tilde~0name", "expected at most 255, got 300")]);
    let problems = refused::<Paths>(json!({"op": "Keep", "tilde~name": 1, "from/to": "x"}));
    assert_eq!(problems[0].pointer, "/from~1to", "{problems:?}");
    assert!(problems[0].message.starts_with("`from/to` does not apply when `op` is `Keep`"), "{problems:?}");
}

#[test]
fn a_field_name_holding_a_line_break_keeps_each_problem_on_its_line() {
    let err = Shapes::parse(&json!({"si\nze": 1, "size": "x"}).to_string()).unwrap_err();
    let text = err.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "a heading, two problems, the request to fix them: {text}");
    assert!(lines.iter().any(|line| line.starts_with("- at /si\\nze: unknown field `si\\nze`")), "{text}");
}

#[test]
fn an_mcp_tools_call_request_is_parsed_into_the_tool_set() {
    let request = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": "paths", "arguments": {"op": "Move", "from/to": "a"}}});
    let parsed = Ops::parse_response(Target::Mcp, &request).unwrap();
    assert_eq!(parsed.len(), 1);
    assert_eq!(parsed[0].1.as_ref().unwrap(), &Ops::Paths(Paths::Move { from_to: "a".to_owned() }));
    let unknown = json!({"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "pahts"}});
    let err = Ops::parse_response(Target::Mcp, &unknown).unwrap().remove(0).1.unwrap_err();
    assert!(err.to_string().contains("did you mean `paths`"), "{err}");
    let listing = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/list"});
    let err = Ops::parse_response(Target::Mcp, &listing).unwrap_err();
    assert!(err.to_string().contains("tools/list"), "{err}");
}

#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
#[serde(tag = "kind")]
pub enum Act {
    Go { to: String },
    Stop { now: bool },
}

/// A struct with a flattened tagged enum beside fields of its own.
#[tool]
#[derive(Debug, PartialEq, Deserialize, JsonSchema)]
pub struct Flat {
    pub name: String,
    #[serde(flatten)]
    pub act: Act,
    #[serde(default)]
    pub size: Option<u32>,
}

#[test]
fn a_struct_with_a_flattened_tagged_enum_keeps_its_own_fields_in_the_schema_and_in_dispatch() {
    let def = <Flat as toolc::Tool>::definition();
    let openai = def.render(Target::OpenAi).unwrap().value;
    let parameters = &openai["function"]["parameters"];
    let names: Vec<&String> = parameters["properties"].as_object().unwrap().keys().collect();
    assert_eq!(names, ["kind", "name", "now", "size", "to"]);
    assert!(parameters["required"].as_array().unwrap().contains(&json!("name")), "{parameters}");
    // As strict mode sends it: every field, the other variant's and the absent ones null.
    let strict = json!({"kind": "Go", "name": "a", "now": null, "size": null, "to": "x"});
    let go = Flat { name: "a".to_owned(), act: Act::Go { to: "x".to_owned() }, size: None };
    assert_eq!(Flat::parse(&strict.to_string()).unwrap(), go);
    let plain = json!({"kind": "Stop", "name": "b", "now": true, "size": 2});
    let stop = Flat { name: "b".to_owned(), act: Act::Stop { now: true }, size: Some(2) };
    assert_eq!(Flat::parse(&plain.to_string()).unwrap(), stop);
    let problems = refused::<Flat>(json!({"kind": "Go", "name": "a", "to": "x", "nmae": "b"}));
    assert_eq!(problems[0].pointer, "/nmae", "{problems:?}");
}
