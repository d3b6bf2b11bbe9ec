//! Whether every field of a call's arguments is one its schema declares where it was sent.
//!
//! serde skips a field an open struct (one without `deny_unknown_fields`) does not declare, so a
//! misspelt optional field would silently take its default. Once serde has read a call, this scan
//! reads the same text again, guided by the schema, without building anything: when it finds a
//! field the schema does not declare at that place, or a place whose shape it cannot tell, the call
//! takes the checked road, which refuses unknown fields with a did-you-mean. Reading the text a
//! second time, outside serde's generated code, costs far less to compile than watching every
//! tool's own deserializer. It visits only the text's brackets and the colon after each key (found
//! 64 bytes at a time by [`json_tokens`](super::json_tokens)) and reads each key back from its
//! colon, so it runs at a fraction of the cost of parsing.

use std::collections::HashMap;

use serde_json::Value;

use super::json_tokens::{Blocks, blocks};
use crate::passes::refs::resolve;

/// The fields each object of a schema may have, worked out once per definition: the scan then
/// follows indices instead of looking keywords up in the schema at every object.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Shapes {
    nodes: Vec<Node>,
    /// For each node, the node with the shape it stands for (through its aliases).
    owners: Vec<usize>,
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
    Fields(Vec<(Name, usize)>, Option<usize>),
    /// A map: any key, each value of this node.
    Map(usize),
    /// The schema does not say clearly (several object branches, `allOf`).
    Unclear,
}

/// A field name, and its first eight bytes as one number: most names are told apart, and names of
/// up to eight bytes found equal, by one comparison.
#[derive(Debug, Clone, PartialEq)]
struct Name {
    head: u64,
    text: Box<str>,
    /// For a name of up to six bytes without quotes (text without escapes cannot hold a quote in a
    /// key): the eight bytes of text that end with it quoted, and the mask of those that matter — a
    /// key ending at a given quote is told to be this name by one comparison. For other names, a
    /// mask and bytes no text matches.
    quoted_tail: u64,
    mask: u64,
}

impl Name {
    fn new(text: &str) -> Self {
        let (quoted_tail, mask) = match text.len() <= 6 && !text.contains('"') {
            true => {
                let mut word = [0; 8];
                word[8 - text.len() - 2] = b'"';
                word[8 - text.len() - 1..7].copy_from_slice(text.as_bytes());
                word[7] = b'"';
                (u64::from_le_bytes(word), u64::MAX << (8 * (8 - text.len() - 2)))
            }
            false => (1, 0),
        };
        Name { head: head(text.as_bytes()), text: text.into(), quoted_tail, mask }
    }

    /// Whether the key whose closing quote is the last of `eight` bytes, in text without escapes,
    /// is this name.
    #[inline(always)]
    fn ends(&self, eight: &[u8]) -> bool {
        let eight: [u8; 8] = eight.try_into().expect("eight bytes");
        u64::from_le_bytes(eight) & self.mask == self.quoted_tail
    }

    /// Whether the key whose colon is at `colon`, in text without escapes, is this name sent with
    /// no white space before its colon: one comparison of the eight bytes before the colon.
    #[inline(always)]
    fn ends_before(&self, text: &[u8], colon: usize) -> bool {
        colon.checked_sub(8).and_then(|start| text.get(start..colon)).is_some_and(|eight| self.ends(eight))
    }

    #[inline(always)]
    fn is(&self, key: &[u8], key_head: u64) -> bool {
        self.head == key_head
            && self.text.len() == key.len()
            && (key.len() <= 8 || self.text.as_bytes()[8..] == key[8..])
    }
}

/// The first eight bytes of `bytes` as a number, zeros after its end.
fn head(bytes: &[u8]) -> u64 {
    let mut word = [0; 8];
    let length = bytes.len().min(8);
    word[..length].copy_from_slice(&bytes[..length]);
    u64::from_le_bytes(word)
}

/// [`head`] of `text[start..end]`: read as eight bytes at once where the text goes on that far.
#[inline]
fn head_at(text: &[u8], start: usize, end: usize) -> u64 {
    match text.get(start..start + 8) {
        Some(eight) => {
            let word = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
            match end - start {
                0 => 0,
                length @ 1..8 => word & (u64::MAX >> (64 - 8 * length)),
                _ => word,
            }
        }
        None => head(&text[start..end]),
    }
}

/// Anything goes below.
const ANY: usize = 0;
/// Nothing below is clear.
const UNCLEAR: usize = 1;
/// No node: a key no field of its object takes.
const NONE: usize = usize::MAX;

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
        let owners = (0..builder.nodes.len()).map(|id| owner(&builder.nodes, id)).collect();
        Shapes { nodes: builder.nodes, owners, top }
    }

    /// The shape of node `id`: its object, and the node of a list's items.
    #[inline]
    fn own(&self, id: usize) -> (&Object, usize) {
        match &self.nodes[self.owners[id]] {
            Node::Own { object, items } => (object, *items),
            Node::Same(_) => unreachable!("owners are `Own` nodes"),
        }
    }

    /// Whether every object in `text` has only fields the schema declares at its place (or is a
    /// map); `false` also when a place's shape is not clear from the schema. `text` is JSON serde_json
    /// has just read, so the scan only finds its way through it and checks nothing else.
    pub(crate) fn all_known(&self, text: &str) -> bool {
        scan(self, text.as_bytes(), blocks(text))
    }

    /// What a value at node `id` holds: as an object, its fields and the node of any other key
    /// ([`NONE`]: no other key is known); as a list, the node of its items. A map has no fields and
    /// takes any key; an unclear place has neither, so only an empty object passes there.
    #[inline]
    fn place(&self, id: usize) -> (&[(Name, usize)], usize, usize) {
        let (object, items) = self.own(id);
        match object {
            Object::Fields(fields, extra) => (fields, extra.unwrap_or(NONE), items),
            Object::Map(values) => (&[], *values, items),
            Object::Unclear => (&[], NONE, items),
        }
    }

    /// [`Shapes::all_known`] for a parsed object.
    pub(crate) fn all_known_in(&self, object: &serde_json::Map<String, Value>) -> bool {
        self.known_fields(self.top, object)
    }

    fn known_fields(&self, node: usize, object: &serde_json::Map<String, Value>) -> bool {
        let (shape, _) = self.own(node);
        let mut next = 0;
        object.iter().all(|(key, value)| {
            let field = match shape {
                Object::Fields(fields, extra) => {
                    let key = key.as_bytes();
                    find_field(fields, key, head(key), &mut next).or(*extra)
                }
                Object::Map(values) => Some(*values),
                Object::Unclear => None,
            };
            field.is_some_and(|field| self.known_value(field, value))
        })
    }

    fn known_value(&self, node: usize, value: &Value) -> bool {
        match value {
            Value::Object(object) => self.known_fields(node, object),
            Value::Array(items) => {
                let (_, item) = self.own(node);
                items.iter().all(|value| self.known_value(item, value))
            }
            _ => true,
        }
    }
}

/// The node that node `id` stands for, through its aliases (a cycle of aliases is unclear).
fn owner(nodes: &[Node], mut id: usize) -> usize {
    for _ in 0..=nodes.len() {
        match nodes[id] {
            Node::Same(next) => id = next,
            Node::Own { .. } => return id,
        }
    }
    UNCLEAR
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
                properties.iter().map(|(name, property)| (Name::new(name), self.build(property))).collect(),
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

/// The node of the field named `key` (whose [`head`] is `key_head`), trying `*next` first: a call's
/// fields mostly come in the schema's order. `*next` is left after the field found.
#[inline]
fn find_field(fields: &[(Name, usize)], key: &[u8], key_head: u64, next: &mut usize) -> Option<usize> {
    let index = match fields.get(*next) {
        Some((name, _)) if name.is(key, key_head) => *next,
        _ => fields.iter().position(|(name, _)| name.is(key, key_head))?,
    };
    *next = index + 1;
    Some(fields[index].1)
}

/// [`Shapes::all_known`]: one loop over each block's tokens, each handled where it stands, with
/// the places it is inside on a stack of its own — no call per object or list, and the fields of
/// the object being read and the field expected next stay in registers.
fn scan(shapes: &Shapes, text: &[u8], mut blocks: Blocks<'_>) -> bool {
    // The object being read: its fields and the node of other keys. The field expected next
    // (models mostly send fields in the schema's order), and the node of the value that opens
    // next: the last key's, or in a list its items'.
    let (mut fields, mut other): (&[(Name, usize)], usize) = (&[], NONE);
    let mut next = 0;
    let mut value = shapes.top;
    // The places the current one is inside, each as the four above.
    let mut stack = Stack::default();
    while let Some(mut bits) = blocks.next() {
        let (offset, escapes) = (blocks.offset(), blocks.escapes());
        while bits != 0 {
            let at = offset + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let byte = text[at];
            if byte == b':' {
                value = match fields.get(next) {
                    // Most keys: the field expected next, told by the eight bytes before the colon.
                    Some((name, field)) if !escapes && name.ends_before(text, at) => {
                        next += 1;
                        *field
                    }
                    _ => match other_key_field(escapes, text, at, fields, next) {
                        Some((field, after)) => {
                            next = after;
                            field
                        }
                        None if other != NONE => other,
                        None => return false,
                    },
                };
            } else if byte & 2 != 0 {
                // `{` or `[` (`}` and `]` have bit 1 clear): into the value, taking both what an
                // object's keys may be and a list's items — only the one it is will be asked.
                stack.push((fields, other, next, value));
                (fields, other, value) = shapes.place(value);
                next = 0;
            } else {
                // `}` or `]`: back in the place around, or at the end of the text.
                let Some(outer) = stack.pop() else { return false };
                if stack.is_empty() {
                    return true;
                }
                (fields, other, next, value) = outer;
            }
        }
    }
    // A string or a scalar has no fields.
    stack.is_empty()
}

/// A place [`scan`] is inside: the fields and other keys of its object, the field expected next,
/// and the node of the value that opens next.
type Place<'a> = (&'a [(Name, usize)], usize, usize, usize);

/// The stack of [`scan`]: eight places on the machine stack, more on the heap.
#[derive(Default)]
struct Stack<'a> {
    near: [Place<'a>; 8],
    far: Vec<Place<'a>>,
    len: usize,
}

impl<'a> Stack<'a> {
    #[inline(always)]
    fn push(&mut self, place: Place<'a>) {
        match self.near.get_mut(self.len) {
            Some(slot) => *slot = place,
            None => self.far.push(place),
        }
        self.len += 1;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Place<'a>> {
        self.len = self.len.checked_sub(1)?;
        match self.near.get(self.len) {
            Some(place) => Some(*place),
            None => self.far.pop(),
        }
    }

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The node of a key that is not the field expected next at `next` (or is, sent with white space
/// before its colon or after an escape), and the field to expect after it.
#[inline(never)]
fn other_key_field(
    escapes: bool,
    text: &[u8],
    colon: usize,
    fields: &[(Name, usize)],
    mut next: usize,
) -> Option<(usize, usize)> {
    if fields.is_empty() {
        return None;
    }
    let field = match escapes {
        false => plain_key_field(text, colon, fields, &mut next),
        true => escaped_key_field(text, colon, fields, &mut next),
    }?;
    Some((field, next))
}

/// The node of the field whose key ends before the colon at `colon`, in text without escapes.
#[inline]
fn plain_key_field(text: &[u8], colon: usize, fields: &[(Name, usize)], next: &mut usize) -> Option<usize> {
    // Only white space lies between a key's closing quote and its colon, mostly none.
    let end = match text[..colon].last() {
        Some(b'"') => colon - 1,
        _ => text[..colon].iter().rposition(|&b| b == b'"')?,
    };
    // A short name, told by the key's last bytes and the quote before them: the field expected
    // next first, then the others.
    if let Some(eight) = end.checked_sub(7).and_then(|start| text.get(start..=end))
        && let Some(index) = (*next..fields.len()).chain(0..*next).find(|&index| fields[index].0.ends(eight))
    {
        *next = index + 1;
        return Some(fields[index].1);
    }
    let start = text[..end].iter().rposition(|&b| b == b'"')? + 1;
    find_field(fields, &text[start..end], head_at(text, start, end), next)
}

/// [`plain_key_field`] in text with escapes: the key's opening quote is the first one back from its
/// colon that no backslash escapes, and the key is unescaped before it is looked up (slow, but rare).
fn escaped_key_field(text: &[u8], colon: usize, fields: &[(Name, usize)], next: &mut usize) -> Option<usize> {
    let end = text[..colon].iter().rposition(|&b| b == b'"')?;
    // The opening quote is the last quote before `end` that is not escaped: one after an even
    // run of backslashes.
    let mut start = end;
    loop {
        start = text[..start].iter().rposition(|&b| b == b'"')?;
        let backslashes = text[..start].iter().rev().take_while(|&&b| b == b'\\').count();
        if backslashes % 2 == 0 {
            break;
        }
    }
    let key = serde_json::from_slice::<String>(&text[start..=end]).ok()?;
    find_field(fields, key.as_bytes(), head(key.as_bytes()), next)
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

    /// The same question answered from the parsed value, with none of the scan's shortcuts.
    fn known_in_value(shapes: &Shapes, value: &Value, node: usize) -> bool {
        let (object, items) = shapes.own(node);
        match value {
            Value::Object(members) => members.iter().all(|(key, member)| {
                let field = match object {
                    Object::Fields(fields, extra) => {
                        fields.iter().find(|(name, _)| &*name.text == key).map(|(_, field)| *field).or(*extra)
                    }
                    Object::Map(values) => Some(*values),
                    Object::Unclear => None,
                };
                field.is_some_and(|field| known_in_value(shapes, member, field))
            }),
            Value::Array(values) => values.iter().all(|value| known_in_value(shapes, value, items)),
            _ => true,
        }
    }

    #[test]
    fn the_scan_agrees_with_the_parsed_value_wherever_keys_fall_in_the_text() {
        let schema = json!({
            "type": "object",
            "properties": {
                "query": {"type": "string"},
                "x": {"type": "string"},
                "q\",\"b": {"type": "integer"},
                "a long field name past eight bytes": {"type": "boolean"},
                "windows": {"type": "array", "items": {"$ref": "#/$defs/Window"}}
            },
            "$defs": {"Window": {"type": "object", "properties": {"from": {"type": "string"}, "to": {}}}}
        });
        let shapes = Shapes::of(&schema);
        let mut texts = vec![
            // A name with quotes, next in the schema's order, must not be matched across two strings.
            r#"{"a long field name past eight bytes":"q","b":1}"#.to_owned(),
            r#"{"x":"q","q\",\"b":1}"#.to_owned(),
            r#"{"a long field name past eight bytes":true,"a long field name past eight bytez":true}"#.to_owned(),
            r#"{"a long field name past eight bytes":true,"x":"a long field name past eight bytes"}"#.to_owned(),
            "{\"query\"\n\t :\"spaces before the colon\" , \"windows\" : [ {\"from\" : \"a\"} ] }".to_owned(),
            r#"{"query":"\"quoted\" \\","x":"\\"}"#.to_owned(),
            r#"{"query":"\\","qurey":"\\"}"#.to_owned(),
            r#"{"windows":[{"from":"a","to":{"deep":[1,{"x":2}]}},{"form":"b"}]}"#.to_owned(),
            // Keys that end with the name of the field expected next.
            r#"{"windows":[{"from":"a","xto":1}]}"#.to_owned(),
            r#"{"windows":[{"from":"a", "to":1}, {"from":"a","\"to":1}]}"#.to_owned(),
        ];
        // Keys, colons and escapes on every side of the 64-byte blocks the scan reads.
        for pad in 0..70 {
            let filler = "y".repeat(pad);
            texts.push(format!(r#"{{"query":"{filler}","x":"{filler}","windows":[{{"from":"{filler}"}}]}}"#));
            texts.push(format!(r#"{{"query":"{filler}","windows":[{{"from":"a","tо":"{filler}"}}]}}"#));
            texts.push(format!(r#"{{"query":"{filler}\\","qu\u0065ry":"x","windows":[{{"fro\u006d":"z"}}]}}"#));
            texts.push(format!(r#"{{"query":"{filler}\"","wind\u006fws":[{{"from":"a"}}],"y":1}}"#));
        }
        let (mut known, mut unknown) = (0, 0);
        for text in &texts {
            let value: Value = serde_json::from_str(text).expect("test texts are JSON");
            let expected = known_in_value(&shapes, &value, shapes.top);
            assert_eq!(shapes.all_known(text), expected, "{text}");
            if expected { known += 1 } else { unknown += 1 }
        }
        assert!(known > 100 && unknown > 100, "both answers are tested: {known} known, {unknown} not");
    }
}
