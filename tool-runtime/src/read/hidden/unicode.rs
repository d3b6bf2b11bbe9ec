//! Which characters hide: what each does where a reader does not see it, and when one is what
//! ordinary text holds (an emoji's selector, a joiner between letters of a script that needs it).

/// What one character does where a reader does not see it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Changes the order in which the text around it is shown.
    Reorders,
    /// Shows as nothing.
    Invisible,
}

/// The kind of a character that hides (tags and variation selectors aside), `None` for any other.
pub(super) fn kind(c: char) -> Option<Kind> {
    match c {
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => Some(Kind::Reorders),
        '\t' | '\n' | '\r' => None,
        _ if c.is_control() => Some(Kind::Invisible),
        '\u{00AD}'
        | '\u{061C}'
        | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{2060}'..='\u{2064}'
        | '\u{206A}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{13430}'..='\u{1343F}'
        | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}' => Some(Kind::Invisible),
        _ => None,
    }
}

/// Whether a reader does not see `c`, wherever it stands.
pub(super) fn hides(c: char) -> bool {
    kind(c).is_some() || is_tag(c) || is_selector(c)
}

pub(super) fn is_tag(c: char) -> bool {
    ('\u{E0000}'..='\u{E007F}').contains(&c)
}

pub(super) fn is_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
}

/// Whether one character that hides, `c` at `index` between `prev` and `next`, is what ordinary
/// text holds: a joiner between emoji, a joiner or non-joiner between letters of a script that
/// needs them, a soft hyphen inside a word, a byte order mark opening the text.
pub(super) fn ordinary_alone(prev: Option<char>, c: char, next: Option<char>, index: usize) -> bool {
    let Some(prev) = prev else { return c == '\u{FEFF}' && index == 0 };
    // A joiner or non-joiner may end a word (Malayalam's old chillu: a consonant, virama, joiner).
    let joins = joining(prev) && next.is_none_or(|next| joining(next) || !next.is_alphanumeric());
    match c {
        '\u{200D}' => (emoji(prev) || prev == '\u{FE0F}') && next.is_some_and(emoji) || joins,
        '\u{200C}' => joins,
        '\u{00AD}' => prev.is_alphabetic() && next.is_some_and(char::is_alphabetic),
        _ => false,
    }
}

/// Whether one variation selector after `prev` is what ordinary text holds: the text or emoji
/// presentation of a character, a standardized variant of a symbol, digit zero or a letter of the
/// scripts that have them, an ideographic variant of a CJK ideograph.
pub(super) fn ordinary_selector(prev: Option<char>, c: char) -> bool {
    let Some(prev) = prev.filter(|prev| !prev.is_whitespace() && !hides(*prev)) else { return false };
    let ideograph = matches!(prev, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{3FFFF}');
    match c {
        '\u{FE0E}' | '\u{FE0F}' => true,
        '\u{FE00}'..='\u{FE0D}' => {
            ideograph
                || matches!(prev,
                    '0' | '\u{1000}'..='\u{109F}' | '\u{2000}'..='\u{2BFF}' | '\u{A840}'..='\u{A87F}'
                    | '\u{A9E0}'..='\u{A9FF}' | '\u{AA60}'..='\u{AA7F}' | '\u{10AC0}'..='\u{10AFF}'
                    | '\u{13000}'..='\u{1345F}')
        }
        _ => ideograph,
    }
}

/// Whether `c` is an emoji (or a part of one: a skin tone, a regional indicator).
fn emoji(c: char) -> bool {
    matches!(c,
        '\u{00A9}' | '\u{00AE}' | '\u{203C}' | '\u{2049}' | '\u{2122}' | '\u{2139}' | '\u{24C2}'
        | '\u{2190}'..='\u{21FF}' | '\u{2300}'..='\u{23FF}' | '\u{25A0}'..='\u{27BF}' | '\u{2934}' | '\u{2935}'
        | '\u{2B00}'..='\u{2BFF}' | '\u{3030}' | '\u{303D}' | '\u{3297}' | '\u{3299}' | '\u{1F000}'..='\u{1FAFF}')
}

/// Whether `c` is a letter or mark of a script written with joiners and non-joiners: Arabic (and
/// Persian, Urdu), Syriac, Thaana, N'Ko, the Indic scripts, Tibetan, Myanmar, Khmer, Mongolian and
/// their kin.
fn joining(c: char) -> bool {
    matches!(c,
        '\u{0600}'..='\u{08FF}' | '\u{0900}'..='\u{0DFF}' | '\u{0F00}'..='\u{109F}' | '\u{1780}'..='\u{18AF}'
        | '\u{1A20}'..='\u{1AAF}' | '\u{1B00}'..='\u{1B7F}' | '\u{A8E0}'..='\u{A8FF}' | '\u{A9E0}'..='\u{A9FF}'
        | '\u{AA60}'..='\u{AA7F}' | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFE}' | '\u{11000}'..='\u{11FFF}')
        && kind(c).is_none()
}

/// Whether the tag characters `run` after `prev` spell a subdivision flag (England's: U+1F3F4
/// WAVING BLACK FLAG, `gbeng` in tags, U+E007F CANCEL TAG).
pub(super) fn subdivision_flag(prev: Option<char>, run: &[char]) -> bool {
    let Some((&'\u{E007F}', spec)) = run.split_last() else { return false };
    prev == Some('\u{1F3F4}')
        && (2..=7).contains(&spec.len())
        && spec.iter().all(|c| matches!(c, '\u{E0030}'..='\u{E0039}' | '\u{E0061}'..='\u{E007A}'))
}
