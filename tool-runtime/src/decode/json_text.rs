//! A cursor through JSON text that serde_json has already read: it only finds its way (where each
//! value, key and member starts and ends) and checks nothing, for the scans that follow a read.

use std::borrow::Cow;

/// A position in JSON text.
pub(super) struct Cursor<'a> {
    pub(super) text: &'a str,
    pub(super) at: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Cursor { text, at: 0 }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    pub(super) fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// Past a number, `true`, `false` or `null`.
    pub(super) fn skip_scalar(&mut self) {
        while self.peek().is_some_and(|b| !matches!(b, b',' | b']' | b'}' | b' ' | b'\t' | b'\r' | b'\n')) {
            self.at += 1;
        }
    }

    /// The string at the cursor, unescaped only if it has escapes.
    pub(super) fn string(&mut self) -> Option<Cow<'a, str>> {
        let start = self.at;
        let bytes = self.text.as_bytes();
        if bytes.get(start) != Some(&b'"') {
            return None;
        }
        let mut escaped = false;
        self.at += 1;
        loop {
            match *bytes.get(self.at)? {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    self.at += 2;
                }
                _ => self.at += 1,
            }
        }
        self.at += 1;
        let raw = &self.text[start..self.at];
        Some(match escaped {
            false => raw[1..raw.len() - 1].into(),
            true => serde_json::from_str::<String>(raw).ok()?.into(),
        })
    }

    /// An object member's key, and past the `:` after it.
    pub(super) fn key(&mut self) -> Option<Cow<'a, str>> {
        self.skip_space();
        let key = self.string()?;
        self.skip_space();
        (self.peek()? == b':').then_some(())?;
        self.at += 1;
        Some(key)
    }

    /// Past an object's or list's opening bracket, its members (each read by `member`) and its
    /// `close`; `None` as soon as `member` answers `None`.
    pub(super) fn members(&mut self, close: u8, mut member: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.at += 1;
        self.skip_space();
        if self.peek()? != close {
            loop {
                member(self)?;
                self.skip_space();
                match self.peek()? {
                    b',' => self.at += 1,
                    found if found == close => break,
                    _ => return None,
                }
            }
        }
        self.at += 1;
        Some(())
    }
}
