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
