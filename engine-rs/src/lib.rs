//! Repline's metrics engine: raw angle samples from a flywheel training unit in, resampled
//! points, repetitions and per-phase metrics out. Pure computation: no I/O, no allocation
//! beyond the outputs and an engine's block buffers (made with it). Compiled natively for tests, and to WebAssembly with wasm-bindgen
//! (`pkg/`, built by wasm-pack; the boundary is `engine-rs/src/bindings.rs`) for the app and the batch
//! command.
//!
//! ```
//! use repline_engine::{reprocess, Batch, Settings};
//!
//! // One rep on the default 14 mm shaft, sampled at 1 kHz: 0.5 s still with the rope wound
//! // 900° on one side, pulled out through 0° in 1 s, wound 900° on the other side in 1 s
//! // (a flywheel keeps turning the same way), then 0.5 s still.
//! let (mut time_us, mut angle_deg) = (Vec::new(), Vec::new());
//! for ms in 0..3000 {
//!     let t = (f64::from(ms) / 1000.0 - 0.5).clamp(0.0, 2.0);
//!     time_us.push(f64::from(ms) * 1000.0);
//!     angle_deg.push(900.0 * (std::f64::consts::FRAC_PI_2 * t).cos());
//! }
//! let batch = Batch { time_us: &time_us, angle_deg: &angle_deg, ..Batch::default() };
//! let out = reprocess(&batch, Settings::default())?;
//!
//! assert_eq!(out.points.len(), 600); // 3 s on the 200 Hz grid
//! assert_eq!(out.reps.len(), 1);
//! let c = &out.reps[0].concentric;
//! // Mean rope speed = r·Δθ/T = 0.014 m · 900° · π/180 / 1 s ≈ 0.2199 m/s.
//! assert!((c.velocity - 0.014 * 900f64.to_radians()).abs() < 0.01 * c.velocity);
//! assert!((c.duration_s - 1.0).abs() < 0.01);
//! # Ok::<(), repline_engine::Error>(())
//! ```
//!
//! # Definitions and units
//!
//! - **Input sample**: time in µs (strictly increasing, on any clock: times are taken relative
//!   to the session's first sample, so a clock counting µs since 1970 works like one from 0),
//!   disc angle in degrees (0 at the calibration point, the rope pulled straight out; an angle
//!   read modulo 360° is unwrapped), and optionally the device's angular velocity (rad/s) and
//!   angular acceleration (rad/s²), as in imported debug files.
//! - **Settings** ([`Settings`]): `hz` (default 200, 100–1000: below 100 Hz a fast pull's
//!   figures leave the accuracy bounds, [`ranges::HZ_REASON`]), shaft radius r = 0.014 m, inertia I
//!   kg·m² (default 0), body mass m = 85 kg, `calcAngularVelocity` (false),
//!   `calcAngularAcceleration` (true), warmup reps 1–3 (default 1).
//! - **Pipeline**, per sample and per point: the input stage ([`input`]) drops samples whose
//!   time does not strictly increase or whose used values are not finite or beyond any unit's
//!   (skipped), puts times on the session's clock, counts every gap longer than
//!   [`settings::MAX_GAP_US`] (no phase spans one: the segment before it ends as at the end of
//!   data), unwraps an angle read modulo 360°, names a sensor pinned at a limit while the rope
//!   moves (saturated), and rejects glitches: a sample, or a burst of up to 4, that leaves both
//!   neighbours further than a rope can turn the disc back (the hardest pull on the lightest
//!   flywheel, [`settings::MAX_ROPE_FORCE_N`], [`settings::MIN_INERTIA_KG_M2`]), a run after which
//!   a resting rope is back where it was, and a device ω or α no disc reaches, each counted as
//!   rejected ([`Update`]); then resample
//!   on the grid t0 + k·1e6/hz µs by linear interpolation (a device's rates as their mean over
//!   each step); the docs/behaviour.md §9 4-point buffer ([`smooth`]); a centred Savitzky–Golay fit over
//!   ±50 ms ([`savgol`]: about 10 Hz of bandwidth, 50 ms of live lag) for the angle and its rate
//!   ω (within 50 ms of a segment's start or end, the rate of the nearest centred window); α as
//!   the backward difference of ω; derived velocity ω·r (m/s), acceleration α·2r
//!   (m/s²), torque I·α (N·m), tangential force τ/r (N), linear force and net force (N), power
//!   τ·ω (W) ([`mod@derive`] documents the physics).
//! - **Repetitions** ([`reps`]): the rope position is |angle|; falling = concentric (rope
//!   going out), rising = eccentric (rope winding back). A rep runs from an |angle| maximum
//!   (start) through the next minimum (turn) to the next maximum (end). A candidate whose
//!   concentric no rope can make (shorter than the hardest pull takes over its travel, or faster
//!   than it reaches, or than [`settings::MAX_ROPE_SPEED_M_S`]) is refused and counted: it makes
//!   no turn and no rep, and the phases around it go on as if it had not been
//!   ([`reps`], `plausible_concentric`).
//! - **Phase figures** ([`phase`]): over the movement from where it starts to where it ends —
//!   a start from rest and a stop timed to a fraction of a step by a change-point fit
//!   ([`edges`]: a stop as motion into rest with a speed and a constant deceleration, fitted
//!   over the movement and again over its last 20° and the rest after it), the turn where the
//!   filtered angle crosses 0; a movement is sustained motion (20° of travel,
//!   [`settings::PHASE_MOVE_DEG`]), the rest after a stop belongs to no phase, and a point still
//!   moving the way a phase went is not the next phase's movement (which way a point moves comes
//!   from the filtered angle's own rate, whichever ω the figures take) — each phase reports its duration,
//!   the magnitude of the mean of every signed metric (so mean angular acceleration is Δω / T and
//!   mean power ΔKE / T; the eccentric's figures are the braking ones), net force from those means,
//!   work ΔKE, peak velocity, and peak power: the peak, in the phase's direction (driving in the
//!   concentric, braking in the eccentric), of the power curve low-passed by a quartic
//!   Savitzky–Golay fit of ±0.2 s, or ±0.45 s for a phase of 0.75 s or more, within the phase's
//!   own movement (near its ends, the nearest full window inside it evaluated off its centre;
//!   missed encoder counts repaired first) ([`window`]).
//! - **When a rep is reported**: at the switch back to concentric (the next pull has travelled
//!   180°), or, live, once the flywheel has stopped and the rope stayed within 10° for 0.5 s
//!   ([`still`], [`settings::REST_CLOSE_S`]) — so the last rep of a set appears about 0.56 s after
//!   the athlete stops the flywheel (0.5 s, the filter's 50 ms and the buffer's 1.5 steps), from
//!   [`Engine::push`] alone. A rep closed by the next pull waits, should that pull come within
//!   two 20 ms power blocks of the end of the eccentric's movement, for the smoothed power of
//!   its last blocks ([`window`], Delay). A rep's concentric is published as a [`Turn`] as soon
//!   as the turn is certain, with the peak power so far. The glitch test adds no delay to a
//!   sample that carries on the motion (every sample of real movement and of rest); only a
//!   sample that leaves it waits for up to [`settings::GLITCH_MAX_BURST`] more (8 ms at 500 Hz
//!   raw, 20 ms at 200 Hz, 40 ms at 100 Hz; [`input`]). [`Engine::finish`]
//!   returns the points the filter still holds and closes a trailing rep whose rope is not moving
//!   at the end of data.
//!
//! # Accuracy
//!
//! Every figure is held to physics, and the bounds live in the tests alone:
//! `tests/unit/engine.accuracy.test.ts` runs physics-truth flywheel sessions (slow heavy and fast
//! light sets, eleven draws of each, from a clean sensor to one with noise, encoder ticks and
//! timing jitter at once, sampled at 100–1000 Hz) through the engine on 100, 200 and 500 Hz
//! grids, and bounds the median over a set's reps and the worst rep of every figure;
//! `engine-rs/src/tests/accuracy.rs` holds the Rust engine to the same sessions
//! (`engine-rs/src/tests/truth.rs`), and the tests beside it to them with harder braking, the
//! device's rates, glitches and bursts, gaps and pinned sensors. What is left, and why: the filter
//! flattens a sharp peak of ω by about W²·ω''/10 (W its half-width), and a change-point fit that
//! assumes constant acceleration from rest times a jerk-limited start a little early.
//!
//! # Design notes
//!
//! - Everything streams: each stage holds bounded state (the filter a 2m + 1 point window, the
//!   input stage the last two accepted samples and at most four held, the edges a ring of a
//!   stop's window, the power fits a ring of the last 2.5 s of 20 ms mean powers)
//!   and sees one sample or point at a time, so an incremental session
//!   ([`Engine::push`]) costs in proportion to its batch, and any split of the same samples into
//!   batches gives bit-identical results to [`reprocess`].
//! - Speed: `engine-rs/PERF.md` says what makes the engine fast and slow and what to keep when
//!   changing it (hot loops without calls, the clean path through the input stage and the
//!   resampler, the detector's steady loops that give the bits of its point-by-point rule, no
//!   SIMD); the figures are in `bench/results.json`, their history in
//!   `engine-rs/PERF-HISTORY.md`. A change for speed leaves every output bit as it was
//!   (`engine-rs/examples/fingerprint.rs`).
//! - The numbers a call leaves for TypeScript in wasm memory (its header, the reps, turns and
//!   phases) are listed once, in [`records`]; the TypeScript readers are generated from that list.
//! - Bad settings and malformed batches are [`Error`]s; bad samples are dropped and counted
//!   (skipped apart from rejected glitches, [`Update`]), and so are gaps, wraps undone, stretches
//!   pinned at a sensor's limit and refused rep candidates, so that a session with no rep has a reason the
//!   caller can show; fewer than two samples give an empty result. Nothing panics on any input (a property
//!   test feeds arbitrary numbers).
//! - The constants the product rules leave open (rest threshold, filter window, edge fits, rep hysteresis,
//!   rest before a live close, longest interpolated gap) are in [`settings`] with their reasons.

#![deny(missing_docs)]

#[cfg(target_arch = "wasm32")]
pub mod bindings;
pub mod block;
pub mod debug_csv;
pub mod derive;
pub mod edges;
pub mod error;
pub mod input;
pub mod phase;
pub mod ranges;
pub mod records;
pub mod reps;
pub mod resample;
pub mod savgol;
pub mod session;
pub mod settings;
pub mod smooth;
pub mod still;
pub mod window;
#[cfg(test)]
mod tests;

pub use derive::Point;
pub use error::{Error, ErrorKind};
pub use phase::PhaseSummary;
pub use reps::{Rep, Turn};
pub use session::{reprocess, reprocess_reps, Batch, Engine, Points, Update};
pub use settings::Settings;
