//! The self-description half of the wasm boundary: error messages, column and rep field
//! names, and the rep stride. The loader reads these at start-up and compares them with its
//! own layout, so codes and orders are defined here once and a stale `engine.wasm` is caught.

use crate::error::ErrorKind;
use crate::session::Points;

/// Names of the numbers of one rep in `engine_reps`, in order.
pub const REP_FIELDS: [&str; 23] = [
    "index",
    "count",
    "start",
    "turn",
    "end",
    "concentric.duration",
    "concentric.velocity",
    "concentric.acceleration",
    "concentric.torque",
    "concentric.force",
    "concentric.linearForce",
    "concentric.netForce",
    "concentric.power",
    "concentric.peakVelocity",
    "eccentric.duration",
    "eccentric.velocity",
    "eccentric.acceleration",
    "eccentric.torque",
    "eccentric.force",
    "eccentric.linearForce",
    "eccentric.netForce",
    "eccentric.power",
    "eccentric.peakVelocity",
];

/// Numbers per rep in `engine_reps`.
#[no_mangle]
pub extern "C" fn engine_rep_stride() -> u32 {
    REP_FIELDS.len() as u32
}

/// Number of point columns.
#[no_mangle]
pub extern "C" fn engine_point_field_count() -> u32 {
    Points::FIELD_COUNT as u32
}

fn error_text(code: u32) -> &'static str {
    ErrorKind::from_code(code).map_or("unknown engine error code", ErrorKind::message)
}

fn point_field(i: u32) -> &'static str {
    Points::FIELDS.get(i as usize).copied().unwrap_or("")
}

fn rep_field(i: u32) -> &'static str {
    REP_FIELDS.get(i as usize).copied().unwrap_or("")
}

/// Address of the UTF-8 message of error `code`.
#[no_mangle]
pub extern "C" fn engine_error_message_ptr(code: u32) -> *const u8 {
    error_text(code).as_ptr()
}

/// Byte length of the message of error `code`.
#[no_mangle]
pub extern "C" fn engine_error_message_len(code: u32) -> usize {
    error_text(code).len()
}

/// Address of the name of point column `i` (empty when out of range).
#[no_mangle]
pub extern "C" fn engine_point_field_name_ptr(i: u32) -> *const u8 {
    point_field(i).as_ptr()
}

/// Byte length of the name of point column `i`.
#[no_mangle]
pub extern "C" fn engine_point_field_name_len(i: u32) -> usize {
    point_field(i).len()
}

/// Address of the name of rep number `i` (empty when out of range).
#[no_mangle]
pub extern "C" fn engine_rep_field_name_ptr(i: u32) -> *const u8 {
    rep_field(i).as_ptr()
}

/// Byte length of the name of rep number `i`.
#[no_mangle]
pub extern "C" fn engine_rep_field_name_len(i: u32) -> usize {
    rep_field(i).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(ptr: *const u8, len: usize) -> String {
        // SAFETY: ptr/len come from a &'static str.
        String::from_utf8(unsafe { core::slice::from_raw_parts(ptr, len) }.to_vec()).unwrap_or_default()
    }

    #[test]
    fn exports_messages_and_layout_names() {
        let c = ErrorKind::InvalidHz.code();
        assert_eq!(text(engine_error_message_ptr(c), engine_error_message_len(c)), ErrorKind::InvalidHz.message());
        assert_eq!(text(engine_error_message_ptr(0), engine_error_message_len(0)), "unknown engine error code");
        assert_eq!(text(engine_point_field_name_ptr(10), engine_point_field_name_len(10)), "power");
        assert_eq!(text(engine_rep_field_name_ptr(22), engine_rep_field_name_len(22)), "eccentric.peakVelocity");
        assert_eq!(engine_rep_field_name_len(23), 0);
        assert_eq!((engine_rep_stride(), engine_point_field_count()), (23, 11));
    }
}
