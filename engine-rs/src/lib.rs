//! Repline's metrics engine: raw angle samples from a flywheel training unit in, resampled
//! points, repetitions and per-phase metrics out. Pure computation: no I/O, no allocation
//! beyond the outputs and an engine's block buffers (made with it). Compiled natively for tests, and to WebAssembly with wasm-bindgen
//! (`pkg/`, built by wasm-pack; the boundary is `src/bindings.rs`) for the app and the batch
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
//!   figures leave the accuracy bounds, [`settings::HZ_REASON`]), shaft radius r = 0.014 m, inertia I
//!   kg·m² (default 0), body mass m = 85 kg, `calcAngularVelocity` (false),
//!   `calcAngularAcceleration` (true), warmup reps 1–3 (default 1).
//! - **Pipeline**, per sample and per point: the input stage ([`input`]) drops samples whose
//!   time does not strictly increase or whose used values are not finite, counting them as
//!   skipped, puts times on the session's clock, unwraps an angle read modulo 360°, counts a
//!   sensor pinned at a limit (saturated), and rejects glitches: a sample, or a burst of up to 4,
//!   that leaves both neighbours further than a rope can turn the disc back (the hardest pull on
//!   the lightest flywheel, [`settings::MAX_ROPE_FORCE_N`], [`settings::MIN_INERTIA_KG_M2`]),
//!   counted as rejected ([`Update`]); then resample
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
//!   ([`edges`]; a stop at speed, the rope stopped dead, by a fit with speed), the turn where the
//!   filtered angle crosses 0; the rest after a stop belongs to no phase, and a point still
//!   moving the way a phase went is not the next phase's movement — each phase reports its duration,
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
//! `tests/unit/engine.accuracy.test.ts` checks every figure against a physics-truth flywheel
//! session (slow heavy and fast light sets, eleven draws of each) sampled at 100–1000 Hz with
//! 0.6° of Gaussian noise, 1.8° encoder ticks and ±1.5 ms of timing jitter, on 100 (the lowest
//! accepted rate), 200 and 500 Hz grids: mean velocity within 0.9 % (median over reps; worst
//! rep 3.8 %, the slow heavy set's concentric with every noise source), mean torque, force and
//! power within about 2.5 %, peak velocity within 1 %. `src/tests/truth.rs` holds the Rust
//! engine to the same sessions, and `tests/unit/engine.glitches.test.ts` and
//! [`input`]'s tests to them with sign flips, zeros, 180° spikes and bursts of three in rests
//! and movements (every rep found, concentric mean velocity within 2 % median, 5 % worst of the
//! untouched session's truth). What is left is known: the filter flattens a sharp peak of ω by
//! W²·ω''/10 (0.5 % for a 0.45 s pull), and a change-point fit that assumes constant
//! acceleration from rest times a jerk-limited start a little early.
//!
//! Peak power and the eccentric overload by peak power (the peak-power ratio), over the eleven
//! draws of every sensor, raw rate and grid, as the median over a set's reps and the worst rep:
//! peak power within 2.1 % and 3.3 % (slow heavy set with noise, ticks and jitter at once; the
//! fast light set 1.6 % and 2.2 %; clean input 1.1 % and 1.2 %), the ratio within 2.0 % and
//! 3.4 % (clean 0.3 % and 1.04 %). The largest 100 ms mean of power used before was 12.4 % and
//! 21.8 % off, the ratio 5.8 % and 10.9 %: the maximum of a noisy curve sits above the curve,
//! and a 100 ms mean takes its noise from ω at the window's two ends ([`window`] has the
//! reasons for the fits and their widths).
//!
//! # Design notes
//!
//! - Everything streams: each stage holds bounded state (the filter a 2m + 1 point window, the
//!   input stage the last two accepted samples and at most four held, the edges a ring of a
//!   stop's window, the power fits a ring of the last 2.5 s of 20 ms mean powers)
//!   and sees one sample or point at a time, so an incremental session
//!   ([`Engine::push`]) costs in proportion to its batch, and any split of the same samples into
//!   batches gives bit-identical results to [`reprocess`].
//! - Speed: the figures are in `bench/results.json` (`npm run bench`), and the account of what
//!   was measured, kept and left out, with dates and commits, in `engine-rs/PERF.md`. What
//!   stays true of the structure, and why:
//!   - WebAssembly engines keep a loop's values in registers only while the loop has no call
//!     in it, even one not taken: hot loops have none, rare work (a segment start, a due edge,
//!     a rep closing) leaves the loop and comes back ([`savgol::SavGol::filter`],
//!     [`reps::RepDetector::steady`], [`edges::Edges::push`]). So the stages run over blocks
//!     of columns ([`block`]), a point keeping one slot from resampling to rep detection, each
//!     stage's state copied into locals for the block.
//!   - Steady movement and steady rest change nothing but a phase's running sums, its extreme
//!     and the rest band: [`reps::RepDetector::steady`] takes them in loops of their own (one
//!     per direction, columns cut to their length so nothing is bounds-checked, a fold's count
//!     and places set once after the loop), adding in the same order as the point-by-point
//!     path, so that both give the same bits. The common rest has a loop with little state
//!     that only finds where the rest ends; the folds add its points in a pass after it.
//!   - The resampler checks runs of samples at once in a branch-free pre-pass and takes a clean
//!     run with no check or choice per sample, a grid point at a time ([`resample`]).
//!   - The smoothing buffer runs inside the filter's loops (no pass of its own); the derivation
//!     goes a 20 ms power block at a time, out of line, writing each point's metrics as it
//!     derives them (`session::Rows`: a session's point columns are more than the caches hold).
//!   - A phase sums ω, α, the body's α and P, not every metric ([`phase::phase_values`]); the
//!     fits of peak power run on 20 ms block means beside a ring of their own, and the detector
//!     looks at smoothed power only where a block ends.
//!   - Chains from one point to the next are one operation long where the arithmetic allows:
//!     the resampler's grid count comes from each sample's own time, the power window and the
//!     filter's moments take one addition a point; no float `min`/`max`, division per point or
//!     unsigned conversion in the hot loops. Columns are padded so that a point's columns do
//!     not share a cache set.
//!   - The JavaScript boundary is one call a push, allocating nothing when nothing closed, with
//!     one input buffer for every engine, zeroed only as it grows (`src/bindings.rs`).
//!   - No WebAssembly SIMD: a SIMD module does not compile at all in Safari before 16.4, which
//!     the iOS app (Capacitor 7, iOS 14 and later) would then refuse to run.
//!   - Every such change leaves every output bit as it was (`examples/fingerprint.rs`).
//! - The numbers a call leaves for TypeScript in wasm memory (its header, the reps, turns and
//!   phases) are listed once, in [`records`]; the TypeScript readers are generated from that list.
//! - Bad settings and malformed batches are [`Error`]s; bad samples are dropped and counted
//!   (skipped apart from rejected glitches, [`Update`]), and so are wraps undone, dead stops at a
//!   sensor's limit and refused rep candidates, so that a session with no rep has a reason the
//!   caller can show; fewer than two samples give an empty result. Nothing panics on any input (a property
//!   test feeds arbitrary numbers).
//! - The constants the product rules leave open (rest threshold, filter window, edge fits, rep hysteresis,
//!   rest before a live close, longest interpolated gap) are in [`settings`] with their reasons.

#![deny(missing_docs)]

#[cfg(target_arch = "wasm32")]
pub mod bindings;
pub mod block;
pub mod derive;
pub mod edges;
pub mod error;
pub mod input;
pub mod phase;
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
