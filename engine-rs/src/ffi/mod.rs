//! The `extern "C"` boundary for WebAssembly: pointers and lengths over linear memory, no
//! wasm-bindgen. `src/engine/wasm.ts` is its only caller.
//!
//! # Protocol
//!
//! 1. **Create**: `engine_settings_error(settings…)` returns 0 or an error code; with 0,
//!    `engine_new(settings…)` returns a handle (null only for invalid settings). Booleans are
//!    `u32` (0 = false), warmup is an `f64` so a fractional value is rejected, not truncated.
//! 2. **Allocate**: `engine_input(h, channel, len)` sizes the engine's own input buffer for
//!    `channel` (0 time µs, 1 angle °, 2 device ω, 3 device α) and returns its address. Size
//!    every channel first: a later call may grow memory and detach earlier `Float64Array`
//!    views, though not move the buffers already sized.
//! 3. **Fill** the buffers through fresh `Float64Array` views on `memory.buffer`.
//! 4. **Call** `engine_push(h, channels)` (`channels` = bit 2 set when channel 2 is filled,
//!    bit 3 for channel 3) or `engine_finish(h)`. Both return 0 or an error code, and on
//!    error process nothing.
//! 5. **Read** the result of that call: `engine_points_len(h)` points in 11 columns at
//!    `engine_points_column(h, field)`, `engine_reps_len(h)` reps of `engine_rep_stride()`
//!    numbers each at `engine_reps(h)`, and `engine_skipped(h)`. Copy them out before the next
//!    call, which reuses the buffers.
//! 6. **Free**: `engine_free(h)` releases everything the handle owns.
//!
//! Error codes are [`ErrorKind`] discriminants; `engine_error_message_ptr/len(code)` give their
//! UTF-8 message, and `engine_point_field_name_*`/`engine_rep_field_name_*` the column names,
//! so the loader checks its layout against this file instead of trusting a copy.

use crate::error::ErrorKind;
use crate::phase::PhaseSummary;
use crate::session::{Batch, Engine, Update};
use crate::settings::Settings;

mod names;
pub use names::*;

/// Bit of `engine_push`'s `channels` telling that device ω (channel 2) is filled.
pub const CHANNEL_OMEGA: u32 = 1 << 2;
/// Bit of `engine_push`'s `channels` telling that device α (channel 3) is filled.
pub const CHANNEL_ALPHA: u32 = 1 << 3;

/// What a handle points to.
pub struct Handle {
    engine: Engine,
    input: [Vec<f64>; 4],
    update: Update,
    reps: Vec<f64>,
}

impl Handle {
    fn flatten_reps(&mut self) {
        self.reps.clear();
        for r in &self.update.reps {
            self.reps.extend([r.index as f64, r.count as f64, r.start as f64, r.turn as f64, r.end as f64]);
            for p in [&r.concentric, &r.eccentric] {
                self.reps.extend(phase_numbers(p));
            }
        }
    }
}

fn phase_numbers(p: &PhaseSummary) -> [f64; 9] {
    [p.duration_s, p.velocity, p.acceleration, p.torque, p.force, p.linear_force, p.net_force, p.power, p.peak_velocity]
}

fn settings(hz: f64, radius: f64, inertia: f64, mass: f64, calc_omega: u32, calc_alpha: u32, warmup: f64) -> Settings {
    let whole = warmup.is_finite() && warmup.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&warmup);
    Settings {
        hz,
        radius_m: radius,
        inertia_kg_m2: inertia,
        mass_kg: mass,
        calc_angular_velocity: calc_omega != 0,
        calc_angular_acceleration: calc_alpha != 0,
        // 0 is never valid, so a fractional or out-of-range warmup is rejected by validation.
        warmup: if whole { warmup as u32 } else { 0 },
    }
}

fn code(result: Result<(), crate::Error>) -> u32 {
    result.map_or_else(|e| e.kind().code(), |()| 0)
}

/// Step 1: 0 when the settings are valid, else the code of the first invalid one.
#[no_mangle]
pub extern "C" fn engine_settings_error(
    hz: f64,
    radius: f64,
    inertia: f64,
    mass: f64,
    calc_omega: u32,
    calc_alpha: u32,
    warmup: f64,
) -> u32 {
    code(settings(hz, radius, inertia, mass, calc_omega, calc_alpha, warmup).validate())
}

/// Step 1: a new engine, or null when the settings are invalid.
#[no_mangle]
pub extern "C" fn engine_new(
    hz: f64,
    radius: f64,
    inertia: f64,
    mass: f64,
    calc_omega: u32,
    calc_alpha: u32,
    warmup: f64,
) -> *mut Handle {
    match Engine::new(settings(hz, radius, inertia, mass, calc_omega, calc_alpha, warmup)) {
        Ok(engine) => Box::into_raw(Box::new(Handle {
            engine,
            input: Default::default(),
            update: Update::default(),
            reps: Vec::new(),
        })),
        Err(_) => core::ptr::null_mut(),
    }
}

/// # Safety
/// `h` is null or a handle from [`engine_new`] not yet freed.
unsafe fn handle<'a>(h: *mut Handle) -> Option<&'a mut Handle> {
    // SAFETY: the caller guarantees `h` is null or live and not aliased during the call.
    unsafe { h.as_mut() }
}

/// Step 6: frees the engine. Null is ignored.
///
/// # Safety
/// `h` is null or a handle from [`engine_new`] not yet freed; it is invalid afterwards.
#[no_mangle]
pub unsafe extern "C" fn engine_free(h: *mut Handle) {
    if !h.is_null() {
        // SAFETY: `h` came from `Box::into_raw` in `engine_new` and is freed once.
        drop(unsafe { Box::from_raw(h) });
    }
}

/// Step 2: sizes input `channel` (0–3) to `len` numbers and returns its address; null for a
/// bad channel or handle.
///
/// # Safety
/// `h` is null or a live handle from [`engine_new`].
#[no_mangle]
pub unsafe extern "C" fn engine_input(h: *mut Handle, channel: u32, len: usize) -> *mut f64 {
    let Some(buf) = (unsafe { handle(h) }).and_then(|h| h.input.get_mut(channel as usize)) else {
        return core::ptr::null_mut();
    };
    buf.clear();
    buf.resize(len, 0.0);
    buf.as_mut_ptr()
}

/// Step 4: processes the filled input; 0 or an error code.
///
/// # Safety
/// `h` is null or a live handle from [`engine_new`].
#[no_mangle]
pub unsafe extern "C" fn engine_push(h: *mut Handle, channels: u32) -> u32 {
    let Some(h) = (unsafe { handle(h) }) else { return ErrorKind::InvalidHandle.code() };
    h.update.clear();
    let [time_us, angle_deg, omega, alpha] = &h.input;
    let batch = Batch {
        time_us,
        angle_deg,
        angular_velocity: (channels & CHANNEL_OMEGA != 0).then_some(omega.as_slice()),
        angular_acceleration: (channels & CHANNEL_ALPHA != 0).then_some(alpha.as_slice()),
    };
    let result = h.engine.push(&batch, &mut h.update);
    h.flatten_reps();
    code(result)
}

/// Step 4: end of data; 0 or an error code.
///
/// # Safety
/// `h` is null or a live handle from [`engine_new`].
#[no_mangle]
pub unsafe extern "C" fn engine_finish(h: *mut Handle) -> u32 {
    let Some(h) = (unsafe { handle(h) }) else { return ErrorKind::InvalidHandle.code() };
    h.update.clear();
    let result = h.engine.finish(&mut h.update);
    h.flatten_reps();
    code(result)
}

/// Step 5: number of points of the last call.
///
/// # Safety
/// `h` is null or a live handle from [`engine_new`].
#[no_mangle]
pub unsafe extern "C" fn engine_points_len(h: *mut Handle) -> usize {
    unsafe { handle(h) }.map_or(0, |h| h.update.points.len())
}

/// Step 5: address of column `field` (see `engine_point_field_name_*`); null if out of range.
///
/// # Safety
/// `h` is null or a live handle from [`engine_new`].
#[no_mangle]
pub unsafe extern "C" fn engine_points_column(h: *mut Handle, field: u32) -> *const f64 {
    unsafe { handle(h) }
        .and_then(|h| h.update.points.columns.get(field as usize))
        .map_or(core::ptr::null(), |c| c.as_ptr())
}

/// Step 5: number of reps closed by the last call.
///
/// # Safety
/// `h` is null or a live handle from [`engine_new`].
#[no_mangle]
pub unsafe extern "C" fn engine_reps_len(h: *mut Handle) -> usize {
    unsafe { handle(h) }.map_or(0, |h| h.update.reps.len())
}

/// Step 5: address of the reps, `engine_rep_stride()` numbers each.
///
/// # Safety
/// `h` is null or a live handle from [`engine_new`].
#[no_mangle]
pub unsafe extern "C" fn engine_reps(h: *mut Handle) -> *const f64 {
    unsafe { handle(h) }.map_or(core::ptr::null(), |h| h.reps.as_ptr())
}

/// Step 5: samples dropped by the last call.
///
/// # Safety
/// `h` is null or a live handle from [`engine_new`].
#[no_mangle]
pub unsafe extern "C" fn engine_skipped(h: *mut Handle) -> f64 {
    unsafe { handle(h) }.map_or(0.0, |h| h.update.skipped as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(h: *mut Handle, channel: u32, values: &[f64]) {
        // SAFETY: h is live; the buffer has values.len() numbers.
        unsafe {
            let p = engine_input(h, channel, values.len());
            core::slice::from_raw_parts_mut(p, values.len()).copy_from_slice(values);
        }
    }

    #[test]
    fn runs_the_protocol_end_to_end_and_frees() {
        let h = engine_new(100.0, 0.014, 0.0, 85.0, 0, 1, 1.0);
        assert!(!h.is_null());
        fill(h, 0, &[0.0, 10_000.0, 20_000.0]);
        fill(h, 1, &[0.0, 1.0, 2.0]);
        // SAFETY: h is live until engine_free.
        unsafe {
            assert_eq!(engine_push(h, 0), 0);
            // The filter holds points back until it has their window, or the end of data.
            assert_eq!(engine_points_len(h), 0);
            assert!(engine_points_column(h, 11).is_null());
            assert_eq!(engine_push(h, CHANNEL_OMEGA), ErrorKind::LengthMismatch.code());
            assert_eq!(engine_finish(h), 0);
            assert_eq!(engine_points_len(h), 3);
            let t = core::slice::from_raw_parts(engine_points_column(h, 0), 3);
            assert_eq!(t, &[0.0, 10_000.0, 20_000.0]);
            assert_eq!(engine_finish(h), ErrorKind::Finished.code());
            engine_free(h);
            assert_eq!(engine_push(core::ptr::null_mut(), 0), ErrorKind::InvalidHandle.code());
        }
    }

    #[test]
    fn rejects_invalid_settings_with_their_code() {
        assert_eq!(engine_settings_error(0.0, 0.014, 0.0, 85.0, 0, 1, 1.0), ErrorKind::InvalidHz.code());
        assert_eq!(engine_settings_error(200.0, 0.014, 0.0, 85.0, 0, 1, 1.5), ErrorKind::InvalidWarmup.code());
        assert_eq!(engine_settings_error(200.0, 0.014, 0.0, 85.0, 0, 1, 3.0), 0);
        assert!(engine_new(200.0, -1.0, 0.0, 85.0, 0, 1, 1.0).is_null());
    }

}
