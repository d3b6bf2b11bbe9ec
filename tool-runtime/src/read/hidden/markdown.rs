//! HTML comments in a text rendered as markdown (a description, a title), which rendering hides;
//! one in a code span or a fenced block shows as written.

use super::runs::quoted;

/// Each HTML comment of `text` (a `rendered` markdown text, such as a description), which
/// rendering hides; an unclosed one hides the rest. One in code shows as written.
pub(super) fn comments(text: &str, rendered: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("<!--").map(|at| from + at) {
        let close = text[open + 4..].find("-->").map(|at| open + 4 + at + 3);
        if in_code(text, open, close.unwrap_or(open + 4)) {
            from = close.unwrap_or(open + 4);
            continue;
        }
        from = close.unwrap_or(text.len());
        let at = text[..open].chars().count() + 1;
        let what = match close {
            Some(_) => format!("an HTML comment at character {at}, which a rendered {rendered} hides"),
            None => {
                format!("an unclosed HTML comment at character {at}, which hides the rest of a rendered {rendered}")
            }
        };
        found.push((at - 1, format!("{what}: \"{}\"", quoted(&text[open..from]))));
    }
    found
}

/// Whether `text[start..end]` stands in markdown code, which shows as written: a code span on its
/// line (an odd number of backticks before it, one after), or a fenced block (an odd number of
/// fence lines before it, one after).
fn in_code(text: &str, start: usize, end: usize) -> bool {
    let line_start = text[..start].rfind('\n').map_or(0, |at| at + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |at| end + at);
    if text[line_start..start].matches('`').count() % 2 == 1 && text[end..line_end].contains('`') {
        return true;
    }
    let fence = |line: &str| {
        let line = line.trim_start_matches(' ');
        line.starts_with("```") || line.starts_with("~~~")
    };
    text[..line_start].lines().filter(|line| fence(line)).count() % 2 == 1 && text[line_end..].lines().any(fence)
}
