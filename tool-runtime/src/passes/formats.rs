//! String formats: kept where the target supports them, dropped where they only name a Rust number
//! type (which serde checks), moved into the description otherwise. The one list of the formats
//! schemars writes for Rust number types lives here.

use serde_json::{Map, Value};

use crate::passes::describe::move_to_description;
use crate::passes::report::{ChangeKind, Lowering};

/// Whether `format` names a Rust number type, as schemars writes them (`int32`, `uint8`, `double`, …).
pub(crate) fn is_rust_number(format: &str) -> bool {
    matches!(format, "float" | "double") || integer_range(format).is_some()
}

/// Whether `keyword: bound` only says the range of a 64-bit integer type, as [`written_range`]
/// writes it.
pub(crate) fn is_wide_limit(keyword: &str, bound: &Value) -> bool {
    let Some(bound) = bound.as_i64().map(i128::from).or(bound.as_u64().map(i128::from)) else {
        return false;
    };
    // Only the bounds past 2^53 (an unsigned type's `minimum: 0` is any schema's).
    let mut ranges = ["int64", "uint64"].into_iter().filter_map(written_range);
    bound.abs() > 1 << 53
        && ranges.any(|(min, max)| (keyword == "minimum" && bound == min) || (keyword == "maximum" && bound == max))
}

/// Drops `keyword` from `node`, a bound that only says the range of a 64-bit integer type
/// ([`is_wide_limit`]), for a target that cannot hold it (a strict subset, a grammar engine with a
/// smaller limit). In the description it would only cost the model tokens: no model writes a
/// 19-digit integer for a count, and serde still refuses one the type cannot hold when the call
/// arrives. Reported as dropped.
pub(crate) fn drop_wide_limit(node: &mut Map<String, Value>, keyword: &str, at: &str, lowering: &mut Lowering) {
    if let Some(bound) = node.remove(keyword) {
        let detail = format!(
            "`{keyword}: {bound}` (the range of a 64-bit integer type; a larger integer is refused when the call arrives)"
        );
        lowering.note(at, ChangeKind::Dropped, detail);
    }
}

/// The range of the Rust integer type `format` names, if it names one.
pub(crate) fn integer_range(format: &str) -> Option<(i128, i128)> {
    Some(match format {
        "uint8" => (0, u8::MAX.into()),
        "uint16" => (0, u16::MAX.into()),
        "uint32" => (0, u32::MAX.into()),
        "uint64" | "uint" => (0, u64::MAX.into()),
        "int8" => (i8::MIN.into(), i8::MAX.into()),
        "int16" => (i16::MIN.into(), i16::MAX.into()),
        "int32" => (i32::MIN.into(), i32::MAX.into()),
        "int64" | "int" => (i64::MIN.into(), i64::MAX.into()),
        _ => return None,
    })
}

/// The range toolc writes into the schema of the Rust integer type `format` names, if it names
/// one: the type's limits, or the largest number of no greater magnitude that a double holds
/// exactly. JSON Schema validators and grammar engines compare numbers as doubles, in which
/// `i64::MAX` is 2^63, a number the type cannot hold. So an `i64` is written as ±(2^63 − 1024) and a
/// `u64` up to 2^64 − 2048; the integers between those and the type's limits are the ones a model
/// cannot send. Past 2^53, where doubles stop holding every integer, the lower bound mirrors the
/// upper, so that engines which take bounds up to `i64::MAX` keep both.
pub(crate) fn written_range(format: &str) -> Option<(i128, i128)> {
    let (min, max) = integer_range(format)?;
    let min = if -min > 1 << 53 { -exact_magnitude(max) } else { min };
    Some((min, exact_magnitude(max)))
}

/// The largest integer no greater than `bound` (positive, at most `u64::MAX`) that a double holds
/// exactly.
fn exact_magnitude(bound: i128) -> i128 {
    let mut double = bound as f64;
    if double as i128 > bound {
        double = f64::from_bits(double.to_bits() - 1);
    }
    double as i128
}

/// Keeps `format` where the target supports it, drops the formats that name Rust number types (any
/// `minimum`/`maximum` stays), and moves any other format into the description.
pub(crate) fn formats(node: &mut Map<String, Value>, supported: &[&str], at: &str, lowering: &mut Lowering) {
    let Some(Value::String(format)) = node.get("format") else { return };
    if supported.contains(&format.as_str()) {
        return;
    }
    if is_rust_number(format) {
        let detail = format!("`format: {format}` (it names a Rust number type; bounds schemars wrote stay)");
        node.remove("format");
        lowering.note(at, ChangeKind::Dropped, detail);
    } else {
        move_to_description(node, &["format"], at, lowering);
    }
}
