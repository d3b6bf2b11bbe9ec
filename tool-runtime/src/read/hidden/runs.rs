//! A run of characters that hide, put in words for a warning: tag characters with the ASCII they
//! spell, variation selectors with the bytes they may carry, invisible characters by their Unicode
//! names; and any text quoted with what hides in it written as escapes.

use std::borrow::Cow;

use super::QUOTED;
use super::unicode::{Kind, hides, kind};

/// `text` with every character a reader does not see written as an escape (`\u{200b}`), and
/// control characters as Rust writes them (`\n`), on one line.
pub(crate) fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() || hides(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else if hides(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `count` of `one`, in words: `a Unicode tag character`, `12 Unicode tag characters`.
fn counted(count: usize, one: &str, many: &str) -> String {
    if count == 1 { format!("a {one}") } else { format!("{count} {many}") }
}

/// A run of tag characters at `start`, with the ASCII they carry.
pub(super) fn tags(run: &[char], start: usize) -> String {
    let spelled: String =
        run.iter().filter(|c| ('\u{E0020}'..='\u{E007E}').contains(*c)).map(|c| char::from(*c as u32 as u8)).collect();
    let what = counted(run.len(), "Unicode tag character", "Unicode tag characters");
    let at = start + 1;
    if spelled.is_empty() {
        return format!("{what} at character {at} (invisible)");
    }
    let verb = if run.len() == 1 { "it spells" } else { "they spell" };
    format!("{what} at character {at} (invisible; {verb} \"{}\")", quoted(&spelled))
}

/// A variation selector where none is ordinary, or a run of them, at `start`; a run that reads as
/// UTF-8 text when each selector stands for a byte (U+FE00 to U+FE0F for 0 to 15, U+E0100 on for
/// 16 on) is quoted so.
pub(super) fn selectors(run: &[char], start: usize) -> String {
    let at = start + 1;
    if let [one] = run {
        return format!("{} at character {at}, which a reader does not see", named(*one));
    }
    let bytes: Vec<u8> = run
        .iter()
        .map(|c| match c {
            '\u{FE00}'..='\u{FE0F}' => (*c as u32 - 0xFE00) as u8,
            _ => (*c as u32 - 0xE0100 + 16) as u8,
        })
        .collect();
    let spelled = String::from_utf8(bytes)
        .ok()
        .filter(|text| text.chars().all(|c| !c.is_control() && !hides(c)) && text.chars().any(|c| !c.is_whitespace()));
    let len = run.len();
    match spelled {
        Some(text) => format!(
            "{len} variation selectors in a row at character {at} (invisible; read as bytes they spell \"{}\")",
            quoted(&text)
        ),
        None => format!("{len} variation selectors in a row at character {at} (invisible; they can carry hidden data)"),
    }
}

/// A run of invisible or reordering characters at `start`.
pub(super) fn invisible(run: &[char], start: usize) -> String {
    let at = start + 1;
    let effect = if run.iter().any(|c| kind(*c) == Some(Kind::Reorders)) {
        "which reorders the text a reader sees"
    } else {
        "which a reader does not see"
    };
    if let [one] = run {
        return format!("{} at character {at}, {effect}", named(*one));
    }
    // Each character once, in the order first met, with how many times it stands in the run.
    let mut each: Vec<(char, usize)> = Vec::new();
    for c in run {
        match each.iter_mut().find(|(seen, _)| seen == c) {
            Some((_, count)) => *count += 1,
            None => each.push((*c, 1)),
        }
    }
    let mut listed: Vec<String> = each
        .iter()
        .take(3)
        .map(|(c, count)| if *count == 1 { named(*c) } else { format!("{} ×{count}", named(*c)) })
        .collect();
    if each.len() > 3 {
        listed.push("…".to_owned());
    }
    format!("{} invisible characters in a row at character {at} ({}), {effect}", run.len(), listed.join(", "))
}

/// `text` to quote in a message: what hides written as escapes, on one line, cut after [`QUOTED`]
/// characters.
pub(super) fn quoted(text: &str) -> String {
    let shown = visible(text);
    let mut chars = shown.chars();
    let mut out: String = chars.by_ref().take(QUOTED).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// `c` as Unicode names it: `U+202E RIGHT-TO-LEFT OVERRIDE`.
pub(super) fn named(c: char) -> String {
    let code = c as u32;
    let name: Cow<str> = match c {
        '\u{0000}' => "NULL".into(),
        '\u{0007}' => "BELL".into(),
        '\u{0008}' => "BACKSPACE".into(),
        '\u{000B}' => "LINE TABULATION".into(),
        '\u{000C}' => "FORM FEED".into(),
        '\u{001B}' => "ESCAPE".into(),
        '\u{007F}' => "DELETE".into(),
        '\u{0085}' => "NEXT LINE".into(),
        '\u{009B}' => "CONTROL SEQUENCE INTRODUCER".into(),
        _ if c.is_control() => "(a control character)".into(),
        '\u{00AD}' => "SOFT HYPHEN".into(),
        '\u{061C}' => "ARABIC LETTER MARK".into(),
        '\u{180E}' => "MONGOLIAN VOWEL SEPARATOR".into(),
        '\u{200B}' => "ZERO WIDTH SPACE".into(),
        '\u{200C}' => "ZERO WIDTH NON-JOINER".into(),
        '\u{200D}' => "ZERO WIDTH JOINER".into(),
        '\u{200E}' => "LEFT-TO-RIGHT MARK".into(),
        '\u{200F}' => "RIGHT-TO-LEFT MARK".into(),
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING".into(),
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING".into(),
        '\u{202C}' => "POP DIRECTIONAL FORMATTING".into(),
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE".into(),
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE".into(),
        '\u{2060}' => "WORD JOINER".into(),
        '\u{2061}' => "FUNCTION APPLICATION".into(),
        '\u{2062}' => "INVISIBLE TIMES".into(),
        '\u{2063}' => "INVISIBLE SEPARATOR".into(),
        '\u{2064}' => "INVISIBLE PLUS".into(),
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE".into(),
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE".into(),
        '\u{2068}' => "FIRST STRONG ISOLATE".into(),
        '\u{2069}' => "POP DIRECTIONAL ISOLATE".into(),
        '\u{206A}' => "INHIBIT SYMMETRIC SWAPPING".into(),
        '\u{206B}' => "ACTIVATE SYMMETRIC SWAPPING".into(),
        '\u{206C}' => "INHIBIT ARABIC FORM SHAPING".into(),
        '\u{206D}' => "ACTIVATE ARABIC FORM SHAPING".into(),
        '\u{206E}' => "NATIONAL DIGIT SHAPES".into(),
        '\u{206F}' => "NOMINAL DIGIT SHAPES".into(),
        '\u{FEFF}' => "ZERO WIDTH NO-BREAK SPACE".into(),
        '\u{FFF9}' => "INTERLINEAR ANNOTATION ANCHOR".into(),
        '\u{FFFA}' => "INTERLINEAR ANNOTATION SEPARATOR".into(),
        '\u{FFFB}' => "INTERLINEAR ANNOTATION TERMINATOR".into(),
        '\u{FE00}'..='\u{FE0F}' => format!("VARIATION SELECTOR-{}", code - 0xFE00 + 1).into(),
        '\u{E0100}'..='\u{E01EF}' => format!("VARIATION SELECTOR-{}", code - 0xE0100 + 17).into(),
        '\u{13430}'..='\u{1343F}' => "(an Egyptian hieroglyph format control)".into(),
        '\u{1BCA0}'..='\u{1BCA3}' => "(a shorthand format control)".into(),
        '\u{1D173}'..='\u{1D17A}' => "(a musical symbol format control)".into(),
        _ => "(a format character)".into(),
    };
    format!("U+{code:04X} {name}")
}
