//! JSON Pointers (RFC 6901): the one writer of reference tokens, with `~` and `/` escaped, and the
//! one reader of them.

use std::borrow::Cow;

/// `name` as a reference token: `~` written `~0`, `/` written `~1`.
pub fn token(name: &str) -> Cow<'_, str> {
    if name.bytes().any(|b| b == b'~' || b == b'/') {
        Cow::Owned(name.replace('~', "~0").replace('/', "~1"))
    } else {
        Cow::Borrowed(name)
    }
}

/// A reference token read back: `~1` is `/`, `~0` is `~`.
pub fn unescape(token: &str) -> Cow<'_, str> {
    if token.contains('~') { Cow::Owned(token.replace("~1", "/").replace("~0", "~")) } else { Cow::Borrowed(token) }
}

/// `path` extended by one reference token.
pub(crate) fn child_path(path: &str, token: &str) -> String {
    let mut out = String::with_capacity(path.len() + token.len() + 1);
    out.push_str(path);
    push_token(&mut out, token);
    out
}

/// A buffer for the pointers of one walk from `path`: its room for the deeper paths made at the
/// start, so that the walk does not grow it step by step.
pub(crate) fn walk_buffer(path: &str) -> String {
    let mut buffer = String::with_capacity(path.len() + 120);
    buffer.push_str(path);
    buffer
}

/// Appends an array index to a pointer.
pub(crate) fn push_index(path: &mut String, index: usize) {
    use std::fmt::Write;
    let _ = write!(path, "/{index}");
}

/// Appends one reference token to a pointer.
pub(crate) fn push_token(path: &mut String, name: &str) {
    path.push('/');
    path.push_str(&token(name));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_escaped_and_read_back() {
        for name in ["plain", "a/b", "~", "~1", "a~/b", ""] {
            assert_eq!(unescape(&token(name)), name);
        }
        assert_eq!(token("a~/b"), "a~0~1b");
        assert_eq!(child_path("/properties", "x/y"), "/properties/x~1y");
    }
}
