//! The tokens of JSON text that show its shape — brackets, and the colon after each key — found 64
//! bytes at a time without a branch per byte, for the unknown-field scan that reads every call to a
//! tool with open structs once more after serde has.
//!
//! Each block of 64 bytes becomes bit masks (one bit per byte, from vector compares: 16 bytes at a
//! time, or 32 where the processor has AVX2); strings are the bytes between an unescaped quote and
//! the next one (a prefix XOR of the quote bits), and brackets and colons inside them are not
//! tokens. Values that are strings, numbers, `true`, `false` or `null`, commas and white space are
//! never visited: the scan finds a key from the colon after it.

const BLOCK: usize = 64;

/// The blocks of `text`, each with the bits of its tokens. `text` must be JSON serde_json has read.
pub(super) fn blocks(text: &str) -> Blocks<'_> {
    Blocks { bytes: text.as_bytes(), block: 0, in_string: false, escape_next: false, escapes: false, wide: wide() }
}

/// Whether the processor compares 32 bytes at once (AVX2).
#[cfg(target_arch = "x86_64")]
#[inline]
fn wide() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn wide() -> bool {
    false
}

/// The text 64 bytes at a time, for a scan that takes each block's tokens from its bits itself:
/// its loop over one block's tokens then keeps all it needs in registers.
pub(super) struct Blocks<'a> {
    bytes: &'a [u8],
    /// The offset of the next block.
    block: usize,
    /// The previous block ended inside a string.
    in_string: bool,
    /// The previous block ended in a backslash that escapes the first byte of this one.
    escape_next: bool,
    /// A backslash has been seen.
    escapes: bool,
    /// The processor has AVX2 ([`classify_wide`]).
    wide: bool,
}

impl Blocks<'_> {
    /// Whether the text up to the end of the last block handed out may have escapes (it has none
    /// when `false`).
    #[inline]
    pub(super) fn escapes(&self) -> bool {
        self.escapes
    }

    /// The offset of the last block handed out.
    #[inline]
    pub(super) fn offset(&self) -> usize {
        self.block - BLOCK
    }

    /// The tokens of the next block: bit i set when the byte at [`Blocks::offset`] + i is a bracket
    /// or a colon outside strings. `None` at the end of the text.
    #[inline(never)]
    pub(super) fn next(&mut self) -> Option<u64> {
        let rest = self.bytes.get(self.block..).filter(|rest| !rest.is_empty())?;
        let (quotes, backslashes, structure) = match rest.first_chunk::<BLOCK>() {
            Some(block) => self.classify(block),
            None => {
                let mut block = [b' '; BLOCK];
                block[..rest.len()].copy_from_slice(rest);
                self.classify(&block)
            }
        };
        self.escapes |= backslashes != 0;
        let quotes = quotes & !self.escaped(backslashes);
        // Bit i of `inside` is set when byte i is inside a string or is its opening quote.
        let inside = prefix_xor(quotes) ^ if self.in_string { !0 } else { 0 };
        self.in_string = inside >> (BLOCK - 1) == 1;
        self.block += BLOCK;
        Some(structure & !inside)
    }

    /// [`classify`] of `block`, 32 bytes at a time where the processor can.
    #[inline(always)]
    fn classify(&self, block: &[u8; BLOCK]) -> (u64, u64, u64) {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` is set only when the processor has AVX2.
            return unsafe { classify_wide(block) };
        }
        classify(block)
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

/// [`classify`] with AVX2: 32 bytes to a vector compare.
///
/// # Safety
///
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn classify_wide(block: &[u8; BLOCK]) -> (u64, u64, u64) {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    };
    // SAFETY: the caller makes sure of AVX2, and `_mm256_loadu_si256` reads the 32 bytes of each half
    // of `block` at any alignment.
    unsafe {
        let low = _mm256_loadu_si256(block.as_ptr().cast::<__m256i>());
        let high = _mm256_loadu_si256(block.as_ptr().add(32).cast::<__m256i>());
        let quote = _mm256_set1_epi8(b'"' as i8);
        let backslash = _mm256_set1_epi8(b'\\' as i8);
        let colon = _mm256_set1_epi8(b':' as i8);
        // `[` and `{`, `]` and `}` differ only in bit 5.
        let case = _mm256_set1_epi8(0x20);
        let (open, close) = (_mm256_set1_epi8(b'{' as i8), _mm256_set1_epi8(b'}' as i8));
        let bits = |low: __m256i, high: __m256i| {
            u64::from(_mm256_movemask_epi8(low) as u32) | u64::from(_mm256_movemask_epi8(high) as u32) << 32
        };
        let (low_lower, high_lower) = (_mm256_or_si256(low, case), _mm256_or_si256(high, case));
        let structural = |bytes: __m256i, lower: __m256i| {
            _mm256_or_si256(
                _mm256_or_si256(_mm256_cmpeq_epi8(lower, open), _mm256_cmpeq_epi8(lower, close)),
                _mm256_cmpeq_epi8(bytes, colon),
            )
        };
        (
            bits(_mm256_cmpeq_epi8(low, quote), _mm256_cmpeq_epi8(high, quote)),
            bits(_mm256_cmpeq_epi8(low, backslash), _mm256_cmpeq_epi8(high, backslash)),
            bits(structural(low, low_lower), structural(high, high_lower)),
        )
    }
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

    /// One token: its byte offset in the text and the byte there (`{`, `}`, `[`, `]` or `:`).
    type Token = (usize, u8);

    /// The tokens of `text`, in order, from its blocks.
    fn tokens(text: &str) -> impl Iterator<Item = Token> + '_ {
        let mut blocks = blocks(text);
        std::iter::from_fn(move || Some((blocks.next()?, blocks.offset()))).flat_map(move |(mut bits, offset)| {
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let at = offset + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    (at, text.as_bytes()[at])
                })
            })
        })
    }

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
    #[cfg(target_arch = "x86_64")]
    fn both_classifications_agree() {
        if !wide() {
            return;
        }
        let mut blocks: Vec<[u8; BLOCK]> = (0..=255).map(|byte| [byte; BLOCK]).collect();
        // Blocks of the bytes that matter, and others, at every position.
        let bytes = b"\"\\{}[]:,x \x1b\x3a\x5b\x5c\x5d\x7b\x7d\xfb\xfd\xff";
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..2000 {
            let mut block = [0; BLOCK];
            for byte in &mut block {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *byte = bytes[(state % bytes.len() as u64) as usize];
            }
            blocks.push(block);
        }
        for block in &blocks {
            // SAFETY: the processor has AVX2 (`wide`).
            assert_eq!(unsafe { classify_wide(block) }, classify(block), "{block:?}");
        }
    }

    #[test]
    fn empty_text_has_no_tokens() {
        assert_eq!(tokens("").next(), None);
        assert_eq!(tokens("  12  ").next(), None);
    }
}
