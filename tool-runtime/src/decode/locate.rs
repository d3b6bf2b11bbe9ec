//! Where serde's refusal of checked arguments falls: the JSON Pointer of the value at the byte it
//! stopped at, and its message without serde_json's line and column.

use super::json_text::Cursor;
use super::{Decoding, invalid};
use crate::pointer::{push_index, push_token};
use crate::{ArgumentProblem, ToolError};

/// What serde refused in checked arguments, at the JSON Pointer its position falls in.
pub(super) fn located(def: &Decoding<'_>, text: &str, err: serde_json::Error) -> ToolError {
    // The text is one line (serde_json escapes line breaks in strings); columns count bytes from 1.
    // serde_json's column is the 1-based column of the last byte it read, so as a 0-based offset
    // it is the byte after it.
    let pointer = if err.line() == 1 { pointer_at(text, culprit_at(text, &err)) } else { String::new() };
    invalid(def, vec![problem(pointer, err)])
}

/// The byte offset serde's refusal falls at. A value serde reads twice — an untagged or internally
/// tagged enum, a flattened struct, through serde's buffer — is refused after it was read whole, when
/// serde_json closes the array or object holding it: past the `,` after it, or past the bracket that
/// closes them both. The culprit is then the value before that `,`, or the container's last value.
/// (Refusals of the container itself — a missing or unknown field, a wrong length — stay on it.)
fn culprit_at(text: &str, err: &serde_json::Error) -> usize {
    let offset = err.column().min(text.len());
    let own = ["missing field", "invalid length", "unknown field", "duplicate field"];
    let message = err.to_string();
    if err.classify() != serde_json::error::Category::Data || own.iter().any(|own| message.starts_with(own)) {
        return offset;
    }
    let trimmed = |end: usize| text[..end].trim_end_matches([' ', '\t', '\n', '\r']);
    let before = trimmed(offset);
    let closed = before.len().saturating_sub(1);
    match before.as_bytes().last() {
        Some(b',' | b']') => closed,
        // A flattened struct is refused past its own `}` too, for a field of its own: the last
        // member is blamed only when it is itself read through the buffer, an object or array.
        Some(b'}') if matches!(trimmed(closed).as_bytes().last(), Some(b'}' | b']')) => closed,
        _ => offset,
    }
}

pub(super) fn problem(pointer: String, err: serde_json::Error) -> ArgumentProblem {
    // serde_json appends " at line L column C"; a pointer says where far better for an object.
    let text = err.to_string();
    let message = match text.rfind(" at line ") {
        Some(at) if !err.is_syntax() && !err.is_eof() => text[..at].to_owned(),
        _ => text,
    };
    ArgumentProblem::new(pointer, message)
}

/// The JSON Pointer of the deepest value of `text` (compact JSON, as serde_json writes it) that
/// starts at byte `offset`, spans it or ends just before it. serde_json stops at the start of a
/// value it refuses unread, just after one it refused once read, and just after an object that
/// misses a field.
fn pointer_at(text: &str, offset: usize) -> String {
    let mut path = String::new();
    spanning(&mut Cursor::new(text), offset, &mut path);
    path
}

/// Reads the value at the cursor. When the value reaches `offset`, `path` is left pointing at the
/// deepest value that does, and the answer is `true`.
fn spanning(cursor: &mut Cursor<'_>, offset: usize, path: &mut String) -> bool {
    cursor.skip_space();
    let start = cursor.at;
    let mut found = false;
    // Each member is read with its token on `path`; the one that reaches `offset` stops the walk.
    let mut member = |cursor: &mut Cursor<'_>, path: &mut String, mark: usize| {
        found = spanning(cursor, offset, path);
        if found {
            return None;
        }
        path.truncate(mark);
        Some(())
    };
    let read = match cursor.peek() {
        Some(b'{') => cursor.members(b'}', |cursor| {
            let key = cursor.key()?;
            let mark = path.len();
            push_token(path, &key);
            member(cursor, path, mark)
        }),
        Some(b'[') => {
            let mut index = 0;
            cursor.members(b']', |cursor| {
                let mark = path.len();
                push_index(path, index);
                index += 1;
                member(cursor, path, mark)
            })
        }
        Some(b'"') => cursor.string().map(drop),
        Some(_) => {
            cursor.skip_scalar();
            Some(())
        }
        None => None,
    };
    found || (read.is_some() && (start..=cursor.at).contains(&offset))
}
