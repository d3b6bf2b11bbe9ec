//! The tokens of JSON text that show its shape — brackets, and the colon after each key — found 64
//! bytes at a time without a branch per byte, for the unknown-field scan that reads every call to a
//! tool with open structs once more after serde has.
//!
//! Each block of 64 bytes becomes bit masks (one bit per byte, from vector compares); strings are
//! the bytes between an unescaped quote and the next one (a prefix XOR of the quote bits), and
//! brackets and colons inside them are not tokens. Values that are strings, numbers, `true`,
//! `false` or `null`, commas and white space are never visited: the scan finds a key from the
//! colon after it.

/// One token: its byte offset in the text and the byte there (`{`, `}`, `[`, `]` or `:`).
pub(super) type Token = (usize, u8);

const BLOCK: usize = 64;

/// The tokens of `text`, in order. `text` must be JSON serde_json has read: nothing is checked.
pub(super) fn tokens(text: &str) -> Tokens<'_> {
    Tokens { bytes: text.as_bytes(), block: 0, bits: 0, in_string: false, escape_next: false, escapes: false }
}

/// An iterator over the tokens of JSON text.
pub(super) struct Tokens<'a> {
    bytes: &'a [u8],
    /// The offset of the block after the one whose tokens are in `bits`.
    block: usize,
    /// The tokens of the current block not yet handed out.
    bits: u64,
    /// The previous block ended inside a string.
    in_string: bool,
    /// The previous block ended in a backslash that escapes the first byte of this one.
    escape_next: bool,
    /// A backslash has been seen.
    escapes: bool,
}

impl Tokens<'_> {
    /// Whether the text up to the last token handed out may have escapes (it has none when `false`).
    #[inline]
    pub(super) fn escapes(&self) -> bool {
        self.escapes
    }

    /// Masks the next block's tokens into `bits`; `false` at the end of the text.
    #[inline(never)]
    fn next_block(&mut self) -> bool {
        let Some(rest) = self.bytes.get(self.block..).filter(|rest| !rest.is_empty()) else { return false };
        let (quotes, backslashes, structure) = match rest.first_chunk::<BLOCK>() {
            Some(block) => classify(block),
            None => {
                let mut block = [b' '; BLOCK];
                block[..rest.len()].copy_from_slice(rest);
                classify(&block)
            }
        };
        self.escapes |= backslashes != 0;
        let quotes = quotes & !self.escaped(backslashes);
        // Bit i of `inside` is set when byte i is inside a string or is its opening quote.
        let inside = prefix_xor(quotes) ^ if self.in_string { !0 } else { 0 };
        self.in_string = inside >> (BLOCK - 1) == 1;
        self.bits = structure & !inside;
        self.block += BLOCK;
        true
    }

    /// The bytes escaped by a backslash (not themselves escaped), and whether the next block's first
    /// byte is. Backslashes are rare in arguments, so they are followed one by one.
    fn escaped(&mut self, mut backslashes: u64) -> u64 {
        let mut escaped = 0;
        if self.escape_next {
            escaped |= 1;
            backslashes &= !1;
        }
        self.escape_next = false;
        while backslashes != 0 {
            let at = backslashes.trailing_zeros();
            backslashes &= backslashes - 1;
            if at == BLOCK as u32 - 1 {
                self.escape_next = true;
                break;
            }
            // The escaped byte, if a backslash, escapes nothing.
            escaped |= 1 << (at + 1);
            backslashes &= !(1 << (at + 1));
        }
        escaped
    }
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    #[inline(always)]
    fn next(&mut self) -> Option<Token> {
        while self.bits == 0 {
            if !self.next_block() {
                return None;
            }
        }
        let at = self.block - BLOCK + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some((at, self.bytes[at]))
    }
}

/// The bits of a block's quotes, backslashes, and brackets and colons: sixteen bytes to a vector
/// compare on x86-64 (SSE2 is part of its baseline).
#[cfg(target_arch = "x86_64")]
#[inline]
fn classify(block: &[u8; BLOCK]) -> (u64, u64, u64) {
    use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8};
    let (mut quotes, mut backslashes, mut structure) = (0u64, 0u64, 0u64);
    for (i, chunk) in block.chunks_exact(16).enumerate() {
        // SAFETY: every x86-64 processor has SSE2, and `_mm_loadu_si128` reads the 16 bytes of
        // `chunk` at any alignment.
        let [quote, backslash, structural] = unsafe {
            let bytes = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
            let is = |byte: u8| _mm_cmpeq_epi8(bytes, _mm_set1_epi8(byte as i8));
            // `[` and `{`, `]` and `}` differ only in bit 5.
            let lower = _mm_or_si128(bytes, _mm_set1_epi8(0x20));
            let brackets = _mm_or_si128(
                _mm_cmpeq_epi8(lower, _mm_set1_epi8(b'{' as i8)),
                _mm_cmpeq_epi8(lower, _mm_set1_epi8(b'}' as i8)),
            );
            [is(b'"'), is(b'\\'), _mm_or_si128(brackets, is(b':'))].map(|mask| _mm_movemask_epi8(mask))
        };
        let bits = |mask: i32| u64::from(mask as u16) << (16 * i);
        quotes |= bits(quote);
        backslashes |= bits(backslash);
        structure |= bits(structural);
    }
    (quotes, backslashes, structure)
}

/// The bits of a block's quotes, backslashes, and brackets and colons.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn classify(block: &[u8; BLOCK]) -> (u64, u64, u64) {
    let (mut quotes, mut backslashes, mut structure) = (0u64, 0u64, 0u64);
    for (i, &b) in block.iter().enumerate() {
        quotes |= u64::from(b == b'"') << i;
        backslashes |= u64::from(b == b'\\') << i;
        structure |= u64::from(matches!(b, b'{' | b'}' | b'[' | b']' | b':')) << i;
    }
    (quotes, backslashes, structure)
}

/// Bit i of the answer is the XOR of bits 0 to i of `bits`.
#[inline]
fn prefix_xor(mut bits: u64) -> u64 {
    for shift in [1, 2, 4, 8, 16, 32] {
        bits ^= bits << shift;
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens found the slow way: byte by byte, following strings and escapes.
    fn byte_by_byte(text: &str) -> Vec<Token> {
        let (mut found, mut in_string, mut escaped) = (Vec::new(), false, false);
        for (at, b) in text.bytes().enumerate() {
            if in_string {
                match (escaped, b) {
                    (true, _) => escaped = false,
                    (false, b'\\') => escaped = true,
                    (false, b'"') => in_string = false,
                    _ => {}
                }
            } else if b == b'"' {
                in_string = true;
            } else if matches!(b, b'{' | b'}' | b'[' | b']' | b':') {
                found.push((at, b));
            }
        }
        found
    }

    #[test]
    fn tokens_are_those_outside_strings_across_block_edges_and_escapes() {
        let mut texts = vec![
            r#"{"a": "x:y{z}", "b": [1, 2.5e3, true, null], "c": {"d": "\\\"]:"}}"#.to_owned(),
            r#"["\\", "\\\\", "\"", "é, ü", {}]"#.to_owned(),
        ];
        // Strings, escapes and brackets falling on every position around the 64-byte edges.
        for pad in 0..70 {
            let filler = "x".repeat(pad);
            texts.push(format!(r#"{{"{filler}": "\\", "k": ["\"{filler}\"", "{{:}}"], "z": {{}}}}"#));
            texts.push(format!(r#"["{filler}\\\"\\", [], "{filler}"]"#));
        }
        for text in texts {
            serde_json::from_str::<serde_json::Value>(&text).expect("test texts are JSON");
            assert_eq!(tokens(&text).collect::<Vec<_>>(), byte_by_byte(&text), "{text}");
        }
    }

    #[test]
    fn empty_text_has_no_tokens() {
        assert_eq!(tokens("").next(), None);
        assert_eq!(tokens("  12  ").next(), None);
    }
}
