//! placeholder
#[no_mangle]
pub extern "C" fn engine_version() -> u32 { 1 }
