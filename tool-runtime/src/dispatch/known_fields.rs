//! Whether every field of a call's arguments is one its schema declares where it was sent.
//!
//! serde skips a field an open struct (one without `deny_unknown_fields`) does not declare, so a
//! misspelt optional field would silently take its default. Once serde has read a call, this scan
//! reads the same text again, guided by the schema, without building anything: when it finds a
//! field the schema does not declare at that place, or a place whose shape it cannot tell, the call
//! takes the checked road, which refuses unknown fields with a did-you-mean. Reading the text a
//! second time, outside serde's generated code, costs far less to compile than watching every
//! tool's own deserializer; it only finds its way through text serde has just read (no numbers
//! parsed, no strings copied), so it runs at a fraction of the cost of parsing.

use std::collections::HashMap;

use serde_json::Value;

use super::json_text::Cursor;
use crate::schema::refs::resolve;

/// The fields each object of a schema may have, worked out once per definition: the scan then
/// follows indices instead of looking keywords up in the schema at every object.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Shapes {
    nodes: Vec<Node>,
    top: usize,
}

/// A place in the schema, for an object or a list found there.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    /// The same place as another node (a `$ref`, or an `Option`'s one branch).
    Same(usize),
    /// An object here has these fields; a list here has items of node `items`.
    Own { object: Object, items: usize },
}

#[derive(Debug, Clone, PartialEq)]
enum Object {
    /// A struct: its fields (name, node), and the node of any others (`additionalProperties`).
    Fields(Vec<(Box<str>, usize)>, Option<usize>),
    /// A map: any key, each value of this node.
    Map(usize),
    /// The schema does not say clearly (several object branches, `allOf`).
    Unclear,
}

/// Anything goes below.
const ANY: usize = 0;
/// Nothing below is clear.
const UNCLEAR: usize = 1;

impl Shapes {
    pub(crate) fn of(schema: &Value) -> Self {
        let mut builder = Builder {
            nodes: vec![
                Node::Own { object: Object::Map(ANY), items: ANY },
                Node::Own { object: Object::Unclear, items: UNCLEAR },
            ],
            refs: HashMap::new(),
            root: schema,
        };
        let top = builder.build(schema);
        Shapes { nodes: builder.nodes, top }
    }

    /// What node `id` stands for, through its aliases (a cycle of aliases is unclear).
    fn own(&self, mut id: usize) -> (&Object, usize) {
        for _ in 0..=self.nodes.len() {
            match &self.nodes[id] {
                Node::Same(next) => id = *next,
                Node::Own { object, items } => return (object, *items),
            }
        }
        (&Object::Unclear, UNCLEAR)
    }

    /// Whether every object in `text` has only fields the schema declares at its place (or is a
    /// map); `false` also when a place's shape is not clear from the schema. `text` is JSON serde_json
    /// has just read, so the scan only finds its way through it and checks nothing else.
    pub(crate) fn all_known(&self, text: &str) -> bool {
        value(&mut Cursor::new(text), self, self.top).is_some()
    }
}

struct Builder<'a> {
    nodes: Vec<Node>,
    refs: HashMap<&'a str, usize>,
    root: &'a Value,
}

impl<'a> Builder<'a> {
    fn build(&mut self, schema: &'a Value) -> usize {
        let Some(node) = schema.as_object() else { return ANY };
        if let Some(reference) = node.get("$ref").and_then(Value::as_str) {
            if let Some(&id) = self.refs.get(reference) {
                return id;
            }
            let id = self.push(Node::Same(UNCLEAR));
            self.refs.insert(reference, id);
            let target = resolve(schema, self.root);
            let built = if std::ptr::eq(target, schema) { UNCLEAR } else { self.build(target) };
            self.nodes[id] = Node::Same(built);
            return id;
        }
        if node.contains_key("allOf") {
            return UNCLEAR;
        }
        if let Some(Value::Array(branches)) = node.get("anyOf").or_else(|| node.get("oneOf")) {
            // `Option<T>` and the like: one branch takes objects or lists. Several are a union serde
            // may settle in ways the schema cannot say; the checked road decides those.
            let mut structured = branches.iter().filter(|branch| self.takes_structure(branch));
            return match (structured.next(), structured.next()) {
                (None, _) => ANY,
                (Some(only), None) => self.build(only),
                _ => UNCLEAR,
            };
        }
        let items = match node.get("items") {
            Some(items @ Value::Object(_)) => self.build(items),
            _ => ANY,
        };
        let extra = match node.get("additionalProperties") {
            Some(extra @ Value::Object(_)) => Some(self.build(extra)),
            Some(Value::Bool(false)) => None,
            Some(_) => Some(ANY),
            None => None,
        };
        let object = match node.get("properties") {
            Some(Value::Object(properties)) => Object::Fields(
                properties.iter().map(|(name, property)| (name.as_str().into(), self.build(property))).collect(),
                extra,
            ),
            _ => Object::Map(extra.unwrap_or(ANY)),
        };
        self.push(Node::Own { object, items })
    }

    fn push(&mut self, node: Node) -> usize {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// Whether `schema` may take objects or lists (it says so, or says nothing of types).
    fn takes_structure(&self, schema: &Value) -> bool {
        let node = resolve(schema, self.root);
        let structured = |ty: &Value| ty == "object" || ty == "array";
        match node.get("type") {
            Some(Value::Array(types)) => types.iter().any(structured),
            Some(ty) => structured(ty),
            None => node.get("const").is_none() && node.get("enum").is_none(),
        }
    }
}

/// The node of the field named `key`, looking from `*next` on (and round): a call's fields mostly
/// come in the schema's order, so the first name tried is mostly the one. `*next` is left after it.
fn find_field(fields: &[(Box<str>, usize)], key: &str, next: &mut usize) -> Option<usize> {
    let start = (*next).min(fields.len());
    let (before, after) = fields.split_at(start);
    let index = match after.iter().position(|(name, _)| same_name(name, key)) {
        Some(at) => start + at,
        None => before.iter().position(|(name, _)| same_name(name, key))?,
    };
    *next = index + 1;
    Some(fields[index].1)
}

/// Whether two field names are equal, testing the cheap differences first: most names of one
/// object differ in length or in their first or last byte, and a call to `memcmp` costs more than
/// those tests.
fn same_name(name: &str, key: &str) -> bool {
    let (name, key) = (name.as_bytes(), key.as_bytes());
    name.len() == key.len() && name.first() == key.first() && name.last() == key.last() && name == key
}

/// The value at the cursor, at node `node`; `None` when it has a field not known there.
fn value(cursor: &mut Cursor<'_>, shapes: &Shapes, node: usize) -> Option<()> {
    cursor.skip_space();
    match cursor.peek()? {
        b'{' => object(cursor, shapes, node),
        b'[' => {
            let (_, items) = shapes.own(node);
            cursor.members(b']', |cursor| value(cursor, shapes, items))
        }
        b'"' => cursor.string().map(drop),
        _ => {
            cursor.skip_scalar();
            Some(())
        }
    }
}

fn object(cursor: &mut Cursor<'_>, shapes: &Shapes, node: usize) -> Option<()> {
    let (object, _) = shapes.own(node);
    // Where to start looking for the next field: models mostly send fields in the schema's order.
    let mut next = 0;
    cursor.members(b'}', |cursor| {
        let key = cursor.key()?;
        let field = match object {
            Object::Fields(fields, extra) => match find_field(fields, &key, &mut next) {
                Some(field) => field,
                None => (*extra)?,
            },
            Object::Map(values) => *values,
            Object::Unclear => return None,
        };
        value(cursor, shapes, field)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn all_known(text: &str, schema: &Value) -> bool {
        Shapes::of(schema).all_known(text)
    }

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": {"type": "string"},
                "window": {"anyOf": [{"$ref": "#/$defs/Window"}, {"type": "null"}]},
                "windows": {"type": "array", "items": {"$ref": "#/$defs/Window"}},
                "labels": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Window"}},
                "anything": true
            },
            "additionalProperties": false,
            "$defs": {"Window": {"type": "object", "properties": {"from": {"type": "string"}}}}
        })
    }

    #[test]
    fn declared_fields_and_map_keys_are_known() {
        let text = r#"{"query":"a\"b","window":{"from":"x"},"windows":[{"from":"y"},{}],
            "labels":{"any key":{"from":"z"}},"anything":{"what":[1,{"ever":null}]}}"#;
        assert!(all_known(text, &schema()));
        assert!(all_known(r#"{"window":null}"#, &schema()));
        assert!(all_known(r#" { "qu\u0065ry" : "escaped key" , "windows" : [ ] } "#, &schema()));
    }

    #[test]
    fn a_field_not_declared_at_its_place_is_found() {
        for text in [
            r#"{"window":{"from":"x","to":"y"}}"#,
            r#"{"windows":[{"from":"x"},{"form":"y"}]}"#,
            r#"{"labels":{"k":{"query":"misplaced"}}}"#,
            r#"{"qurey":"x"}"#,
        ] {
            assert!(!all_known(text, &schema()), "{text}");
        }
    }

    #[test]
    fn an_unclear_place_sends_the_call_the_checked_road() {
        let union = json!({"type": "object", "properties": {"either": {"anyOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}},
            {"type": "object", "properties": {"b": {"type": "string"}}}
        ]}}});
        assert!(!all_known(r#"{"either":{"a":"x"}}"#, &union));
        assert!(all_known(r#"{"either":null}"#, &union));
    }

    #[test]
    fn recursive_types_are_followed_and_alias_cycles_are_unclear() {
        let tree = json!({
            "type": "object",
            "properties": {"root": {"$ref": "#/$defs/Node"}, "loop": {"$ref": "#/$defs/Loop"}},
            "$defs": {
                "Node": {"type": "object", "properties": {
                    "name": {"type": "string"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}
                }},
                "Loop": {"$ref": "#/$defs/Loop"}
            }
        });
        assert!(all_known(r#"{"root":{"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]}}"#, &tree));
        assert!(!all_known(r#"{"root":{"children":[{"children":[{"nmae":"c"}]}]}}"#, &tree));
        assert!(!all_known(r#"{"loop":{"x":1}}"#, &tree));
        assert!(all_known(r#"{"loop":{}}"#, &tree), "an empty object has no unknown field");
    }
}
