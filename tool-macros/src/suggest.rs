//! Did-you-mean, worded for diagnostics.

/// "; did you mean `x`?" or nothing.
pub fn hint<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    toolc_names::did_you_mean(given, candidates).map_or_else(String::new, |close| format!("; did you mean `{close}`?"))
}
