//! Sample acceptance and resampling onto a uniform time grid by linear interpolation.
//!
//! Units downstream (derivatives, durations, the hysteresis of the rep detector) assume one
//! fixed step, while Bluetooth delivers samples with jitter; so every sample is first checked,
//! then the grid `origin + k · 1e6/hz` µs is filled by interpolating between the two accepted
//! samples that bracket each grid time.
//!
//! Design notes:
//! - Streaming: [`Resampler::offer`] takes one sample, [`Resampler::next_point`] then yields the
//!   grid points up to that sample. The state is the last two samples and a counter, so a
//!   session split into any batches yields bit-identical points.
//! - Grid time is computed as `origin + k · step` (never by repeated addition), so there is no
//!   drift over an hour.
//! - Nothing is emitted before a segment has two samples (docs/behaviour.md §5: fewer than two points cannot
//!   be processed). A grid point at exactly the first sample's time takes its values exactly.
//! - A gap longer than [`MAX_GAP_US`] starts a new segment: the grid restarts at the later
//!   sample and its first point carries `first = true` so smoothing and derivatives restart.
//! - Fast path: [`Resampler::fill`] checks samples 32 at a time by sufficient conditions, without
//!   a branch (`Columns::clean`), and runs a clean run with no check or choice per sample; the
//!   rest, and any run with a bad sample or a gap, go through [`Resampler::offer`]'s checks one
//!   by one. A run clean by the near test alone (every step within the glitch tolerance)
//!   carries on over the runs after it that pass that test too (`Columns::near_beyond`), so
//!   that the grid and the stage's bookkeeping start once a stretch, not once a run. A clean
//!   run without the device's rates goes a grid point at a time
//!   (`Resampler::fill_grid`), with them a sample at a time (`Resampler::fill_run`: each
//!   sample adds to the rates' integrals). Native builds take the same paths as the
//!   WebAssembly that ships, so the native tests run its code. What was tried on the fast loop
//!   and left out is in engine-rs/PERF-HISTORY.md.
//! - A device's ω and α (imported debug files) are rates, not positions: a grid point gets
//!   their mean over the grid step that ends at it (the integral of the interpolated rate over
//!   the step, divided by the step), not their value at one instant. Sampling a 1 kHz rate
//!   that an encoder's ticks make jump between 0 and 31 rad/s every millisecond at 200 Hz
//!   would alias those jumps into the grid; the step's mean is what the angle moved.

use crate::block::{GridBlock, MASK, NEW, SLOTS};
use crate::input::{self, Input, Sample};
use crate::settings::{GLITCH_TOLERANCE_DEG, MAX_CLOCK_US, MAX_DEVICE_ALPHA_RAD_S2, MAX_GAP_US, MAX_SAMPLE_VALUE, MIN_STEP_US};

/// The interpolated input at one grid time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridPoint {
    /// Sample values interpolated at the grid time (`time_us` is the grid time itself).
    pub sample: Sample,
    /// First point of a segment: the session start, or the first point after a long gap.
    pub first: bool,
}

/// Input samples as columns (the rates only when used).
#[derive(Clone, Copy, Debug, Default)]
pub struct Columns<'a> {
    /// µs
    pub time_us: &'a [f64],
    /// degrees
    pub angle_deg: &'a [f64],
    /// device ω, rad/s
    pub omega: Option<&'a [f64]>,
    /// device α, rad/s²
    pub alpha: Option<&'a [f64]>,
}

/// 1.5 · 2^52: adding it to a double within ±2^51 gives one in [2^52, 2^53), where doubles are
/// the integers, so it rounds to an integer.
#[cfg(not(target_arch = "wasm32"))]
const ROUNDS: f64 = 6_755_399_441_055_744.0;

/// Samples [`Columns::clean`] checks at a time: a bad sample sends this many through the checks
/// one by one, and a longer run is hardly faster. Short enough for a run at 50 Hz to be within
/// [`MAX_GAP_US`].
const RUN: usize = 32;

/// Samples a run that is not clean from its first sample sends through the input stage one by
/// one before the fast path is tried again: a burst and the sample after it, which the stage
/// holds before it decides ([`crate::settings::GLITCH_MAX_BURST`]), and as many again.
const SLOW: usize = 2 * HELD;

/// A burst and the sample after it: the samples the input stage holds at most before it decides.
const HELD: usize = crate::settings::GLITCH_MAX_BURST + 1;

/// The bound on a clean run's sum of squared values: below [`MAX_SAMPLE_VALUE`]², so that the
/// rounding of a square cannot let a value just beyond the limit through.
const SQUARES: f64 = 1e22;

const _: () = assert!(SQUARES * 1.01 < MAX_SAMPLE_VALUE * MAX_SAMPLE_VALUE);

impl Columns<'_> {
    /// Sample `i` (< the columns' length) as read; ω and α only with `RATES`.
    #[inline(always)]
    fn raw<const RATES: bool>(&self, i: usize) -> Sample {
        let column = |c: Option<&[f64]>| if RATES { c.and_then(|c| c.get(i)).copied().unwrap_or(0.0) } else { 0.0 };
        Sample { time_us: self.time_us[i], angle_deg: self.angle_deg[i], omega: column(self.omega), alpha: column(self.alpha) }
    }

    /// Sample `i` on the session's clock and unwrapped: `(origin, offset)` as the input stage has
    /// them ([`Input::take`] computes the same).
    #[inline(always)]
    fn sample<const RATES: bool>(&self, i: usize, (origin_us, offset_deg): (f64, f64)) -> Sample {
        let s = self.raw::<RATES>(i);
        Sample { time_us: s.time_us - origin_us, angle_deg: s.angle_deg + offset_deg, ..s }
    }

    /// Whether samples `from..to` would each be taken by the input stage straight away, none of
    /// them after a gap, when it is [`Input::idle`]: sufficient conditions, checked without a
    /// branch and cheaper than [`Input::take`] one by one (a run that fails them goes through
    /// it). Times increasing by at least [`MIN_STEP_US`] make the first and the last the extremes,
    /// and no step longer than the whole span; values whose squares sum to at most [`SQUARES`]
    /// are each within [`MAX_SAMPLE_VALUE`] (a NaN makes the sum NaN, an overflow infinite); each
    /// step is one the stage takes at once ([`input::steady_step`], on the same values as it).
    /// Also returns whether the run passed by its near test alone (every step within the
    /// tolerance, no reading repeated, no angle being unwrapped): then the runs after it can be
    /// checked by [`Columns::near_beyond`].
    #[inline(always)]
    fn clean<const RATES: bool>(&self, (from, to): (usize, usize), stage: &Input) -> (bool, bool) {
        let (Some(time_us), Some(angle_deg)) = (self.time_us.get(from..to), self.angle_deg.get(from..to)) else {
            return (false, false);
        };
        let (Some(&first), Some(&last)) = (time_us.first(), time_us.last()) else {
            return (false, false);
        };
        let (origin, offset, newest_us) = (stage.origin_us().unwrap_or(f64::NAN), stage.offset_deg(), stage.newest_us());
        let [h0, h1] = stage.history();
        // Each step within the tolerance (and the step before the run too), and no reading
        // repeated but after two slow steps, is one the stage takes at once: near the last sample,
        // no stretch of equal readings that a pinned sensor could start, no wrap. Anything else,
        // and an angle being unwrapped, goes through the full test.
        let (mut ok, steps_near, repeated) = steps(time_us, angle_deg, (newest_us, h1.angle_deg));
        let mut near = (h1.angle_deg - h0.angle_deg).abs() <= GLITCH_TOLERANCE_DEG && offset == 0.0 && steps_near;
        // A repeated reading is near only after two slow steps (rare on a moving rope's noisy
        // angle, common on an encoder's ticks): looked at only when there is one.
        let plain = near & !repeated;
        if near && repeated {
            near = self.repeats_slow(time_us, angle_deg, stage);
        }
        if !near {
            ok &= self.steady(time_us, angle_deg, stage);
        }
        let mut sum = sum_of_squares(angle_deg);
        if RATES {
            for c in [self.omega, self.alpha] {
                sum += c.and_then(|c| c.get(from..to)).map_or(0.0, sum_of_squares);
            }
            // Each sample's rates a disc's (`input::possible_rates`).
            let rates = |c: Option<&[f64]>, limit: f64| c.and_then(|c| c.get(from..to)).is_none_or(|c| c.iter().all(|x| x.abs() <= limit));
            ok &= rates(self.omega, stage.limits().omega_rad_s) & rates(self.alpha, MAX_DEVICE_ALPHA_RAD_S2);
        }
        let clean = ok & (last - newest_us <= MAX_GAP_US) & in_range(first - origin) & in_range(last - origin) & (sum <= SQUARES);
        (clean, clean & plain)
    }

    /// Where the samples from `from` stop being clean by [`Columns::clean`]'s near test alone,
    /// a run of up to [`RUN`] at a time, after a run up to `from` that passed it (`plain`):
    /// the stage would then stand, each run taken, as it does after that one, and each run's
    /// test is the one [`Columns::clean`] would make from there (the step into a run and its
    /// steps within the tolerance, none repeating a reading, times increasing by at least
    /// [`MIN_STEP_US`] and its last within [`MAX_GAP_US`] of the run before, its values' squares
    /// within [`SQUARES`]; its last time within [`MAX_CLOCK_US`] of `origin_us` bounds the
    /// others, as the earlier runs' did). Stops at `to`, or once the samples taken reach
    /// `until_us` (as read): the samples up to there fill the block. Without the device's rates only.
    #[inline(never)]
    fn near_beyond(&self, (from, to): (usize, usize), until_us: f64, origin_us: f64) -> usize {
        let mut end = from;
        while end < to {
            let next = end + (to - end).min(RUN);
            let (Some(time_us), Some(angle_deg), Some(&prev_us), Some(&prev_deg)) =
                (self.time_us.get(end..next), self.angle_deg.get(end..next), self.time_us.get(end.wrapping_sub(1)), self.angle_deg.get(end.wrapping_sub(1)))
            else {
                break;
            };
            let Some(&last) = time_us.last().filter(|_| prev_us < until_us) else { break };
            let (ok, near, repeated) = steps(time_us, angle_deg, (prev_us, prev_deg));
            let sum = sum_of_squares(angle_deg);
            if !(ok & near & !repeated & (last - prev_us <= MAX_GAP_US) & in_range(last - origin_us) & (sum <= SQUARES)) {
                break;
            }
            end = next;
        }
        end
    }

    /// Whether no reading of `time_us` and `angle_deg` repeats the one before it after a step
    /// that may have been at speed ([`input::entered_at_speed`], over the stage's history first).
    #[inline(never)]
    fn repeats_slow(&self, time_us: &[f64], angle_deg: &[f64], stage: &Input) -> bool {
        let [h0, h1] = stage.history();
        let (mut prev_us, mut prev_deg) = (stage.newest_us(), h1.angle_deg);
        // The two angles before the last, and the last step's interval.
        let (mut x0, mut x1, mut h) = (stage.recent_deg()[0], h0.angle_deg, h1.time_us - h0.time_us);
        let mut ok = true;
        for (&t, &x) in time_us.iter().zip(angle_deg) {
            ok &= !((x == prev_deg) & input::entered_at_speed(x0, x1, prev_deg, h));
            (x0, x1, h) = (x1, prev_deg, t - prev_us);
            (prev_us, prev_deg) = (t, x);
        }
        ok
    }

    /// How many samples from `from` (up to `to`) [`Columns::clean`] would find clean as a run of
    /// their own, by its near test (no step beyond the tolerance, no repeat after a step at
    /// speed) and its bounds, a sample at a time; called when the run from `from` is not clean,
    /// so that the samples before the first that is not go on the fast path, and only a few
    /// from it through the stage.
    #[inline(never)]
    fn clean_prefix<const RATES: bool>(&self, (from, to): (usize, usize), stage: &Input) -> usize {
        let (Some(time_us), Some(angle_deg)) = (self.time_us.get(from..to), self.angle_deg.get(from..to)) else {
            return 0;
        };
        let (origin, newest_us) = (stage.origin_us().unwrap_or(f64::NAN), stage.newest_us());
        let [h0, h1] = stage.history();
        if !((h1.angle_deg - h0.angle_deg).abs() <= GLITCH_TOLERANCE_DEG && stage.offset_deg() == 0.0) {
            return 0;
        }
        let (mut prev_us, mut prev_deg) = (newest_us, h1.angle_deg);
        let (mut x0, mut x1, mut h) = (stage.recent_deg()[0], h0.angle_deg, h1.time_us - h0.time_us);
        let rate = |c: Option<&[f64]>, k: usize, limit: f64| !RATES || c.and_then(|c| c.get(from + k)).is_none_or(|x| x.abs() <= limit && x * x <= SQUARES);
        for (k, (&t, &x)) in time_us.iter().zip(angle_deg).enumerate() {
            let step = x - prev_deg;
            let taken = t - prev_us >= MIN_STEP_US
                && t - prev_us <= MAX_GAP_US
                && in_range(t - origin)
                && x * x <= SQUARES
                && step.abs() <= GLITCH_TOLERANCE_DEG
                && !(step == 0.0 && input::entered_at_speed(x0, x1, prev_deg, h))
                && rate(self.omega, k, stage.limits().omega_rad_s)
                && rate(self.alpha, k, MAX_DEVICE_ALPHA_RAD_S2);
            if !taken {
                return k;
            }
            (x0, x1, h) = (x1, prev_deg, t - prev_us);
            (prev_us, prev_deg) = (t, x);
        }
        time_us.len()
    }

    /// Whether every sample of `time_us` and `angle_deg` passes [`input::steady_step`] after the
    /// two before it (the first two after the stage's history), on the stage's clock and
    /// unwrapped; the wrap is checked on the angles as read, as the stage does.
    #[inline(never)]
    fn steady(&self, time_us: &[f64], angle_deg: &[f64], stage: &Input) -> bool {
        let (origin, offset, limits) = (stage.origin_us().unwrap_or(f64::NAN), stage.offset_deg(), *stage.limits());
        let [h0, h1] = stage.history();
        let (mut older, mut before, mut prev) = (stage.recent_deg()[0], (h0.time_us, h0.angle_deg), (h1.time_us, h1.angle_deg));
        let mut read = stage.read_deg();
        let mut ok = true;
        for (&t, &x) in time_us.iter().zip(angle_deg) {
            let here = (t - origin, x + offset);
            ok &= input::steady_step(&limits, older, before, prev, here) & ((x - read).abs() <= 180.0);
            (older, before, prev, read) = (before.1, prev, here, x);
        }
        ok
    }
}

/// The steps of `time_us` and `angle_deg` after a sample at `(prev_us, prev_deg)`, without a
/// branch: whether each is at least [`MIN_STEP_US`] in time, whether each is within
/// [`GLITCH_TOLERANCE_DEG`] in angle, and whether one repeats the reading before it.
#[inline(always)]
fn steps(time_us: &[f64], angle_deg: &[f64], (mut prev_us, mut prev_deg): (f64, f64)) -> (bool, bool, bool) {
    let (mut ok, mut near, mut repeated) = (true, true, false);
    for (&t, &x) in time_us.iter().zip(angle_deg) {
        let step = x - prev_deg;
        ok &= t - prev_us >= MIN_STEP_US;
        near &= step.abs() <= GLITCH_TOLERANCE_DEG;
        repeated |= step == 0.0;
        (prev_us, prev_deg) = (t, x);
    }
    (ok, near, repeated)
}

/// Σx², in four sums: with one, each addition would wait for the one before.
#[inline(always)]
fn sum_of_squares(x: &[f64]) -> f64 {
    let chunks = x.chunks_exact(4);
    let rest: f64 = chunks.remainder().iter().map(|v| v * v).sum();
    let mut sums = [0.0; 4];
    for c in chunks {
        for (sum, v) in sums.iter_mut().zip(c) {
            *sum += v * v;
        }
    }
    sums[0] + sums[1] + sums[2] + sums[3] + rest
}

/// A time [`Sample::is_plausible`] accepts, relative to the session's origin.
#[inline(always)]
fn in_range(x: f64) -> bool {
    x.abs() <= MAX_CLOCK_US
}

impl GridBlock {
    /// Writes `g` into slot `k` (masked: callers keep `k` below [`SLOTS`]).
    #[inline(always)]
    fn set<const RATES: bool>(&mut self, k: usize, g: &GridPoint) {
        let k = k & MASK;
        self.time_us[k] = g.sample.time_us;
        self.raw_deg[k] = g.sample.angle_deg;
        if RATES {
            self.omega[k] = g.sample.omega;
            self.alpha[k] = g.sample.alpha;
        }
        self.first[k] = g.first;
    }
}

/// Streaming resampler: accepted samples in, grid points out.
#[derive(Clone, Copy, Debug)]
pub struct Resampler {
    step_us: f64,
    /// Accepted samples in the current segment, saturating at 2.
    held: u8,
    /// Left end of the interpolation interval (valid when `held == 2`).
    left: Sample,
    /// Last accepted sample (valid when `held >= 1`).
    last: Sample,
    /// `last − left` per value, and 1 / (last − left) in µs⁻¹: computed once per sample, not
    /// once per grid point.
    delta: Sample,
    inv_span: f64,
    origin_us: f64,
    /// Next grid index in the segment, and the index after the last one due (whose time is at
    /// most the last sample's); exact integers while below 2^53.
    k: f64,
    end: f64,
    /// 1 / step, µs⁻¹.
    inv_step: f64,
    /// ∫ω dt and ∫α dt (rad, rad/s) from the segment start to `left`, to `last`, and to the
    /// last grid point emitted.
    integral_left: [f64; 2],
    integral_last: [f64; 2],
    integral_grid: [f64; 2],
}

impl Resampler {
    /// A resampler with a grid step of `step_us` µs (> 0).
    pub fn new(step_us: f64) -> Resampler {
        let zero = Sample { time_us: 0.0, angle_deg: 0.0, omega: 0.0, alpha: 0.0 };
        Resampler {
            step_us,
            held: 0,
            left: zero,
            last: zero,
            delta: zero,
            inv_span: 0.0,
            origin_us: 0.0,
            k: 0.0,
            end: 0.0,
            inv_step: 1.0 / step_us,
            integral_left: [0.0; 2],
            integral_last: [0.0; 2],
            integral_grid: [0.0; 2],
        }
    }

    /// Offers the next sample. Returns `false`, and changes nothing, when the sample has a
    /// non-finite value or its time does not strictly increase; the caller counts it.
    pub fn offer(&mut self, s: Sample) -> bool {
        self.offer_with::<true>(s)
    }

    /// [`Resampler::offer`]; `RATES`: whether the samples' ω and α are used (the integrals
    /// behind their step means are kept only then).
    // `!(step >= MIN)` rather than `step < MIN`: a NaN step must be refused too.
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    #[inline(always)]
    pub fn offer_with<const RATES: bool>(&mut self, s: Sample) -> bool {
        if !s.is_plausible() || (self.held > 0 && !(s.time_us - self.last.time_us >= MIN_STEP_US)) {
            return false;
        }
        if self.held > 0 && s.time_us - self.last.time_us <= MAX_GAP_US {
            self.extend::<RATES>(s);
        } else {
            self.held = 1;
            self.origin_us = s.time_us;
            (self.k, self.end) = (0.0, 0.0);
            self.integral_last = [0.0; 2];
            self.last = s;
        }
        true
    }

    /// Takes `s`, plausible and within ([`MIN_STEP_US`], [`MAX_GAP_US`]) of the last sample, as
    /// the segment's new right end.
    #[inline(always)]
    fn extend<const RATES: bool>(&mut self, s: Sample) {
        let a = self.last;
        self.left = a;
        // Without the device's rates they stay 0 (the compiler cannot know `last`'s are).
        let (omega, alpha) = if RATES { (s.omega - a.omega, s.alpha - a.alpha) } else { (0.0, 0.0) };
        self.delta = Sample { time_us: s.time_us - a.time_us, angle_deg: s.angle_deg - a.angle_deg, omega, alpha };
        self.inv_span = 1.0 / self.delta.time_us;
        self.held = 2;
        self.end = self.grid_end(s.time_us);
        if RATES {
            let half_span_s = 0.5e-6 * self.delta.time_us;
            self.integral_left = self.integral_last;
            self.integral_last = [
                self.integral_left[0] + half_span_s * (a.omega + s.omega),
                self.integral_left[1] + half_span_s * (a.alpha + s.alpha),
            ];
        }
        self.last = s;
    }

    /// The next grid point up to the last offered sample, or `None` when the grid has caught up.
    pub fn next_point(&mut self) -> Option<GridPoint> {
        self.next::<true>()
    }

    /// [`Resampler::next_point`]; `RATES` as in [`Resampler::next_two`].
    #[inline]
    fn next<const RATES: bool>(&mut self) -> Option<GridPoint> {
        if self.k >= self.end {
            return None;
        }
        let (point, integral) = self.at::<RATES>(self.grid_us(self.k), self.k == 0.0);
        let rates = self.step_means(&point, integral);
        self.integral_grid = integral;
        self.k += 1.0;
        Some(rates)
    }

    /// `point` with the device's rates averaged over its grid step (its own values at a
    /// segment's first point, which has no step before it).
    #[inline(always)]
    fn step_means(&self, point: &GridPoint, integral: [f64; 2]) -> GridPoint {
        if point.first {
            return *point;
        }
        let inv_step_s = 1e6 / self.step_us;
        let mut p = *point;
        p.sample.omega = (integral[0] - self.integral_grid[0]) * inv_step_s;
        p.sample.alpha = (integral[1] - self.integral_grid[1]) * inv_step_s;
        p
    }

    /// The next two grid points, of which the first `n` are due ([`Resampler::next_point`]
    /// twice, with `n` the number of `Some`s), and whether more are due after them.
    ///
    /// Why: with jittered sample times, whether a sample completes 0, 1 or 2 grid points is a
    /// coin toss, and a loop that branches on it mispredicts about every other sample. This
    /// computes both candidates and lets the caller keep `n` of them, without a branch.
    /// `RATES`: whether to interpolate ω and α; when false they are 0, as they are when the
    /// offered samples' ω and α are all 0.
    pub fn next_two<const RATES: bool>(&mut self) -> ([GridPoint; 2], usize, bool) {
        self.next_two_from::<RATES>(self.k == 0.0)
    }

    /// [`Resampler::next_two`], `first` telling whether the first candidate is the segment's first
    /// point (the second never is): a float comparison that a fast path knows the answer to.
    #[inline(always)]
    fn next_two_from<const RATES: bool>(&mut self, first: bool) -> ([GridPoint; 2], usize, bool) {
        let (k0, k1) = (self.k, self.k + 1.0);
        let ((p0, i0), (p1, i1)) = (self.at::<RATES>(self.grid_us(k0), first), self.at::<RATES>(self.grid_us(k1), false));
        // `end` comes from the sample's own time, so the next sample's count does not wait on
        // this one's (a chain through the grid times would cost a dozen cycles a sample).
        // Comparisons, not `min`: a float min is a chain of branches in WebAssembly engines.
        let due = self.end - k0;
        let n = usize::from(due >= 1.0) + usize::from(due >= 2.0);
        let points = if RATES {
            let before = self.integral_grid;
            let first = self.step_means(&p0, i0);
            self.integral_grid = i0;
            let second = self.step_means(&p1, i1);
            self.integral_grid = [before, i0, i1].get(n).copied().unwrap_or(i1);
            [first, second]
        } else {
            [p0, p1]
        };
        // Not `k + n`: then each sample's count would wait on the last one's (a conversion and
        // an addition). When at most two are due, the grid catches up with `end`, which comes
        // from the sample's own time; the branch that says so is almost always predicted.
        let more = due > 2.0;
        self.k = if more { k0 + 2.0 } else { self.end };
        (points, n, more)
    }

    /// Takes samples `from..` of the columns (`omega` and `alpha` only with `RATES`) through the
    /// input stage `stage` and appends the grid points they complete to `block`, up to [`NEW`]
    /// of them, until the samples run out; returns the index of the next sample to take. Points
    /// still due when the block is full (a sample after a long interval completes many) come
    /// first in the next block, and so do samples the stage has ready.
    /// Clean runs go through `fill_grid` without the device's rates, through `fill_run` with
    /// them; the rest through `fill_checked`, each sample through the input stage's checks.
    pub fn fill<const RATES: bool>(&mut self, stage: &mut Input, input: &Columns, from: usize, block: &mut GridBlock) -> usize {
        // A local copy stays in registers across the loop, where state reached through `self`
        // would be stored and reloaded at every sample; written back below.
        let mut r = *self;
        let limit = (block.len + NEW).min(SLOTS);
        let mut n = r.drain::<RATES>(block, block.len, limit);
        let (mut i, len) = (from, input.time_us.len().min(input.angle_deg.len()));
        // Two free slots for `next_two`, which writes both of its candidates.
        while n + 2 <= limit {
            // What the stage has decided on goes first.
            if let Some(s) = stage.pop() {
                n = r.take::<RATES>(s, block, (n, limit));
                continue;
            }
            if i >= len {
                break;
            }
            let run = (i, i + (len - i).min(RUN));
            // Past the segment's first point, which only the stage's samples one by one emit. A
            // run that is not clean goes on the fast path up to its first sample that is not,
            // and through the stage from there for SLOW samples (a burst and the samples after
            // it that the stage waits for): checked again from its next sample, each sample near
            // a bad one would be checked up to RUN times.
            // A run clean by the near test alone goes on as far as the runs after it pass that
            // test too, up to the samples this block has room for: one pass of the grid and
            // one hand-over to the stage for them all.
            let fast = if r.k >= 1.0 && stage.idle() {
                match input.clean::<RATES>(run, stage) {
                    (true, true) if !RATES && run.1 < len => {
                        let origin_us = stage.origin_us().unwrap_or(0.0);
                        let until_us = origin_us + r.grid_us(r.k + (limit - n) as f64);
                        input.near_beyond((run.1, len), until_us, origin_us)
                    }
                    (true, _) => run.1,
                    (false, _) => i + input.clean_prefix::<RATES>(run, stage),
                }
            } else {
                i
            };
            (i, n) = if fast > i {
                let run = (i, fast);
                let shift = (stage.origin_us().unwrap_or(0.0), stage.offset_deg());
                let (to, n) = if !RATES { r.fill_grid(input, run, block, (n, limit), shift) } else { r.fill_run::<RATES>(input, run, block, (n, limit), shift) };
                if to > i {
                    let before = (to >= i + 2).then(|| input.sample::<RATES>(to - 2, shift));
                    let older = if to >= i + 3 { input.sample::<RATES>(to - 3, shift).angle_deg } else { stage.history()[1].angle_deg };
                    stage.took(before, older, input.sample::<RATES>(to - 1, shift), (input.time_us[to - 1], input.angle_deg[to - 1]));
                }
                (to, n)
            } else {
                r.fill_checked::<RATES>(stage, input, (i, i + (len - i).min(SLOW)), block, (n, limit))
            };
        }
        *self = r;
        block.len = n;
        i
    }

    /// Offers `s`, which the input stage accepted, and writes the points it completes into
    /// `block` from slot `n` (two free) up to slot `limit`; returns the next slot.
    #[inline]
    fn take<const RATES: bool>(&mut self, s: Sample, block: &mut GridBlock, (n, limit): (usize, usize)) -> usize {
        if self.offer_with::<RATES>(s) {
            self.emit::<RATES>(block, (n, limit), self.k == 0.0)
        } else {
            n
        }
    }

    /// [`Resampler::fill`] over samples `from..to`, which [`Columns::clean`] has found all
    /// accepted (and none starting a segment), past the segment's first point: no check and no
    /// choice per sample. Returns the next sample and slot.
    #[inline(always)]
    fn fill_run<const RATES: bool>(&mut self, input: &Columns, (from, to): (usize, usize), block: &mut GridBlock, (mut n, limit): (usize, usize), shift: (f64, f64)) -> (usize, usize) {
        let mut i = from;
        while i < to && n + 2 <= limit {
            self.extend::<RATES>(input.sample::<RATES>(i, shift));
            i += 1;
            n = self.emit::<RATES>(block, (n, limit), false);
        }
        (i, n)
    }

    /// [`Resampler::fill_run`] without the device's rates, a grid point at a time: each takes the
    /// samples up to the first at or after its time, then interpolates between that one and the
    /// one before, as [`Resampler::next_point`] would right after that sample was offered (the
    /// same interval, the same arithmetic, so the same bits). Per grid point rather than per
    /// sample: no second candidate to compute and discard, and a sample a grid point passes
    /// over costs a comparison. Fills the block up to `limit`; the samples taken so far then
    /// stand as offered, and the points they made due come first in the next block.
    #[inline(always)]
    fn fill_grid(&mut self, input: &Columns, (from, to): (usize, usize), block: &mut GridBlock, (mut n, limit): (usize, usize), (origin_us, offset_deg): (f64, f64)) -> (usize, usize) {
        let (Some(times), Some(angles)) = (input.time_us.get(from..to), input.angle_deg.get(from..to)) else {
            return (from, n);
        };
        // (time, angle) of the interval's two ends, and the next sample to take.
        let (mut left, mut last) = ((self.left.time_us, self.left.angle_deg), (self.last.time_us, self.last.angle_deg));
        let mut inv_span = self.inv_span;
        let (mut k, mut j) = (self.k, 0);
        'points: while n < limit {
            let t = self.grid_us(k);
            if t > last.0 {
                loop {
                    let (Some(&time_us), Some(&angle_deg)) = (times.get(j), angles.get(j)) else { break 'points };
                    (left, last, j) = (last, (time_us - origin_us, angle_deg + offset_deg), j + 1);
                    if t <= last.0 {
                        break;
                    }
                }
                inv_span = 1.0 / (last.0 - left.0);
            }
            let frac = (t - left.0) * inv_span;
            block.set::<false>(n, &GridPoint { sample: Sample { time_us: t, angle_deg: left.1 + (last.1 - left.1) * frac, omega: 0.0, alpha: 0.0 }, first: false });
            (n, k) = (n + 1, k + 1.0);
        }
        if j > 0 {
            // The interval as `extend` leaves it after the last two samples taken.
            let sample = |(time_us, angle_deg): (f64, f64)| Sample { time_us, angle_deg, omega: 0.0, alpha: 0.0 };
            self.last = sample(left);
            self.extend::<false>(sample(last));
        }
        self.k = k;
        (from + j, n)
    }

    /// [`Resampler::fill`] over samples `from..to`, each through the input stage, the samples it
    /// accepts offered as it decides on them. Returns the next sample and slot.
    #[inline(always)]
    fn fill_checked<const RATES: bool>(&mut self, stage: &mut Input, input: &Columns, (from, to): (usize, usize), block: &mut GridBlock, (mut n, limit): (usize, usize)) -> (usize, usize) {
        let mut i = from;
        while i < to && n + 2 <= limit {
            stage.take(input.raw::<RATES>(i));
            i += 1;
            while n + 2 <= limit {
                let Some(s) = stage.pop() else { break };
                n = self.take::<RATES>(s, block, (n, limit));
            }
            // Past a burst's worth of samples, the fast path is tried again once the stage has
            // decided on every sample held and stands as after a clean run ([`Input::idle`]): a
            // rope's step the guard held (the first sample after a jump, then the ones that carry
            // it on, as at the onset after a rest whose position moved) goes on on the fast path.
            if i >= from + HELD && stage.idle() {
                break;
            }
        }
        (i, n)
    }

    /// Writes the points the last sample completed into `block` from slot `n` (two free) up to
    /// slot `limit`; returns the next slot. `first`: whether the next point is the segment's first.
    #[inline(always)]
    fn emit<const RATES: bool>(&mut self, block: &mut GridBlock, (mut n, limit): (usize, usize), first: bool) -> usize {
        let (two, due, more) = self.next_two_from::<RATES>(first);
        block.set::<RATES>(n, &two[0]);
        block.set::<RATES>(n + 1, &two[1]);
        n += due;
        if more {
            n = self.drain::<RATES>(block, n, limit);
        }
        n
    }

    /// Writes the points due into `block` from slot `n` up to slot `limit`; returns the next slot.
    #[inline]
    fn drain<const RATES: bool>(&mut self, block: &mut GridBlock, mut n: usize, limit: usize) -> usize {
        while n < limit {
            let Some(g) = self.next::<RATES>() else { break };
            block.set::<RATES>(n, &g);
            n += 1;
        }
        n
    }

    /// Time of grid index `k` of the segment: computed, never accumulated, so there is no drift.
    #[inline(always)]
    fn grid_us(&self, k: f64) -> f64 {
        self.origin_us + k * self.step_us
    }

    /// The first grid index of the segment whose time is after `t` (≥ the segment's origin): a
    /// guess from the quotient, checked against the grid times themselves ([`Resampler::grid_us`],
    /// as the points get them), so the count and the times never disagree by rounding. Sample
    /// times are within [`MAX_CLOCK_US`] of the session's origin (their rounding 16 µs at most),
    /// so the quotient is good to far better than a step and one correction is enough.
    #[inline(always)]
    fn grid_end(&self, t: f64) -> f64 {
        let quotient = (t - self.origin_us) * self.inv_step;
        // In WebAssembly `floor` is one instruction. Natively (baseline x86-64) it is a library
        // call, and a conversion to an integer and back eight instructions with the saturation;
        // adding and subtracting 1.5 · 2^52 rounds to an integer in two (quotient < 2^51), so the
        // quotient less a half rounds to its floor, or to one less when it is an exact integer,
        // which the check below corrects.
        #[cfg(target_arch = "wasm32")]
        let end = quotient.floor() + 1.0;
        #[cfg(not(target_arch = "wasm32"))]
        let end = ((quotient - 0.5) + ROUNDS) - (ROUNDS - 1.0);
        if self.grid_us(end - 1.0) > t {
            end - 1.0
        } else if self.grid_us(end) <= t {
            end + 1.0
        } else {
            end
        }
    }

    /// The interpolated point at grid time `t` (`first`: the segment's first), and the integrals of
    /// the device's rates from the segment start to `t` (0 without `RATES`).
    #[inline(always)]
    fn at<const RATES: bool>(&self, t: f64, first: bool) -> (GridPoint, [f64; 2]) {
        let (a, d) = (&self.left, &self.delta);
        // A due grid time lies in (left, last] (in [left, last] for a segment's first point), so
        // `frac` is within [0, 1] but for a last-bit rounding: no clamp, whose float min and max
        // would be branches in a WebAssembly engine, mispredicted on `next_two`'s second
        // candidate (often past 1, and then discarded).
        let frac = (t - a.time_us) * self.inv_span;
        let (omega, alpha) = if RATES { (a.omega + d.omega * frac, a.alpha + d.alpha * frac) } else { (0.0, 0.0) };
        let point = GridPoint { sample: Sample { time_us: t, angle_deg: a.angle_deg + d.angle_deg * frac, omega, alpha }, first };
        if !RATES {
            return (point, [0.0; 2]);
        }
        // The trapezoid from `left` to t under the interpolated rate.
        let half_s = 0.5e-6 * frac * d.time_us;
        let integral = [self.integral_left[0] + half_s * (a.omega + omega), self.integral_left[1] + half_s * (a.alpha + alpha)];
        (point, integral)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(time_us: f64, angle_deg: f64) -> Sample {
        Sample { time_us, angle_deg, omega: 0.0, alpha: 0.0 }
    }

    fn run(step_us: f64, samples: &[Sample]) -> (Vec<(f64, f64, bool)>, usize) {
        let mut r = Resampler::new(step_us);
        let (mut out, mut rejected) = (Vec::new(), 0);
        for &x in samples {
            if !r.offer(x) {
                rejected += 1;
            }
            while let Some(p) = r.next_point() {
                out.push((p.sample.time_us, p.sample.angle_deg, p.first));
            }
        }
        (out, rejected)
    }

    #[test]
    fn emits_nothing_for_a_single_sample() {
        assert_eq!(run(10.0, &[s(0.0, 5.0)]), (vec![], 0));
    }

    #[test]
    fn interpolates_linearly_on_the_grid_from_the_first_sample() {
        // 0 µs → 0°, 25 µs → 50°: 2°/µs, grid 0, 10, 20.
        let (pts, _) = run(10.0, &[s(0.0, 0.0), s(25.0, 50.0)]);
        assert_eq!(pts, vec![(0.0, 0.0, true), (10.0, 20.0, false), (20.0, 40.0, false)]);
    }

    #[test]
    fn rejects_time_that_does_not_increase_and_non_finite_values() {
        let nan = Sample { omega: f64::NAN, ..s(30.0, 0.0) };
        let (pts, rejected) =
            run(10.0, &[s(0.0, 0.0), s(0.0, 9.0), s(-5.0, 9.0), nan, s(f64::INFINITY, 0.0), s(20.0, 20.0)]);
        assert_eq!(rejected, 4);
        assert_eq!(pts, vec![(0.0, 0.0, true), (10.0, 10.0, false), (20.0, 20.0, false)]);
    }

    #[test]
    fn restarts_the_grid_after_a_gap_longer_than_the_limit() {
        let later = MAX_GAP_US + 105.0;
        let (pts, _) = run(10.0, &[s(0.0, 0.0), s(10.0, 1.0), s(later, 7.0), s(later + 10.0, 8.0)]);
        assert_eq!(pts, vec![(0.0, 0.0, true), (10.0, 1.0, false), (later, 7.0, true), (later + 10.0, 8.0, false)]);
    }

    #[test]
    fn next_two_yields_what_next_point_yields_one_at_a_time() {
        // Jittered times (0, 1, 2 or 3 grid points per sample) and a gap that restarts the grid.
        let times = [0.0, 14.0, 17.0, 33.0, 34.0, 58.0, 61.0, 61.5, 90.0, MAX_GAP_US + 90.0, MAX_GAP_US + 99.0];
        let samples: Vec<Sample> =
            times.iter().enumerate().map(|(i, &t)| Sample { time_us: t, angle_deg: i as f64, omega: 1.0, alpha: 2.0 }).collect();
        let (one, _) = run(10.0, &samples);
        let mut r = Resampler::new(10.0);
        let mut two = Vec::new();
        for &x in &samples {
            assert!(r.offer(x));
            let (points, n, more) = r.next_two::<true>();
            two.extend(points[..n].iter().map(|p| (p.sample.time_us, p.sample.angle_deg, p.first)));
            let rest: Vec<_> = std::iter::from_fn(|| r.next_point()).map(|p| (p.sample.time_us, p.sample.angle_deg, p.first)).collect();
            assert_eq!(more, !rest.is_empty(), "more is due exactly when next_point has one");
            two.extend(rest);
        }
        assert_eq!(two, one);
    }

    #[test]
    fn drops_a_sample_less_than_a_nanosecond_after_the_last() {
        // 1/5e-324 would be infinite and spoil the interpolation with NaN.
        let (pts, rejected) = run(10.0, &[s(0.0, 0.0), s(5e-324, 0.0), s(0.0005, 1.0), s(20.0, 2.0)]);
        assert_eq!(rejected, 2);
        assert_eq!(pts, vec![(0.0, 0.0, true), (10.0, 1.0, false), (20.0, 2.0, false)]);
    }

    #[test]
    fn computes_grid_times_without_drift() {
        let step = 1e6 / 3.0; // not representable: repeated addition would drift
        let samples: Vec<Sample> = (0..=3 * 3600).map(|i| s(f64::from(i) * step, 0.0)).collect();
        let (pts, _) = run(step, &samples);
        assert_eq!(pts.len(), 3 * 3600 + 1);
        assert_eq!(pts.last().map(|p| p.0), Some(3600.0 * 3.0 * step));
    }

    #[test]
    fn grid_end_is_the_first_index_after_a_time() {
        for step in [10.0, 1e6 / 3.0, 1e6 / 7.0, 1e6 / 200.0, 1e6 / 1000.0, 1e6 / 10.0] {
            let mut r = Resampler::new(step);
            for origin in [0.0, 0.3, -1234.5678, 3.6e9 + 0.1] {
                r.origin_us = origin;
                assert_eq!(r.grid_end(origin), 1.0);
                for k in (1..60).chain([999, 1_000_001, 3_000_001]) {
                    let on = r.grid_us(f64::from(k));
                    for t in [on, on.next_down(), on.next_up(), on + 0.5 * step, on + 0.999 * step] {
                        let after = (k - 1..).map(f64::from).find(|&j| r.grid_us(j) > t);
                        assert_eq!(Some(r.grid_end(t)), after, "step {step} origin {origin} t {t}");
                    }
                }
            }
        }
    }

    /// Xorshift, for samples without a dependency.
    fn random(seed: &mut u64) -> f64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Jittered samples `step_us` apart with, at a rate `bad`, one of each kind the checks drop
    /// or restart at, and each kind the input stage rejects, unwraps or watches for; ω and α as
    /// columns.
    fn samples(n: usize, step_us: f64, bad: f64, seed: u64) -> [Vec<f64>; 4] {
        let (mut seed, mut t) = (seed | 1, 1.7e15 + 1e5);
        let mut columns: [Vec<f64>; 4] = Default::default();
        let (mut burst, mut wrapped, mut stopped) = (0, false, None);
        for i in 0..n {
            t += step_us * (0.6 + 0.8 * random(&mut seed));
            let mut x = [t, 900.0 * (i as f64 * 0.01).sin(), random(&mut seed) * 30.0, random(&mut seed) - 0.5];
            if random(&mut seed) < bad {
                match (random(&mut seed) * 14.0) as u32 {
                    0 => x[1] = f64::NAN,
                    1 => x[0] = f64::INFINITY,
                    2 => x[0] = t - step_us,
                    3 => x[0] = t - step_us + 1e-4,
                    4 => (t, x[0]) = (t + MAX_GAP_US, t + MAX_GAP_US),
                    5 => x[1] = 2.0 * MAX_SAMPLE_VALUE,
                    6 => x[2] = f64::NEG_INFINITY,
                    7 => x[3] = 1.5 * MAX_SAMPLE_VALUE,
                    8 => x[1] = -x[1],
                    9 => x[1] = 0.0,
                    10 => burst = 3,
                    11 => wrapped = !wrapped,
                    12 => stopped = Some(x[1] + 100.0),
                    _ => x[1] += 180.0,
                }
            }
            if burst > 0 {
                (burst, x[1]) = (burst - 1, 5000.0 * (random(&mut seed) - 0.5));
            }
            if wrapped {
                x[1] = x[1].rem_euclid(360.0);
            }
            if let Some(at) = stopped {
                // Jumped 100° ahead and stopped dead there for a few samples.
                x[1] = at;
                stopped = (random(&mut seed) < 0.7).then_some(at);
            }
            for (c, v) in columns.iter_mut().zip(x) {
                c.push(v);
            }
        }
        columns
    }

    type Bits = (Vec<[u64; 5]>, [u64; 4]);

    fn point_bits(p: &GridPoint) -> [u64; 5] {
        let s = p.sample;
        [s.time_us.to_bits(), s.angle_deg.to_bits(), s.omega.to_bits(), s.alpha.to_bits(), u64::from(p.first)]
    }

    /// What the input stage counted.
    fn counts(stage: &mut Input) -> [u64; 4] {
        let c = stage.take_counts();
        [c.skipped, c.rejected, c.unwrapped, c.saturated]
    }

    /// The samples taken by the input stage one at a time, each it accepts offered and followed
    /// by the points it completes.
    fn one_by_one(step_us: f64, c: &[Vec<f64>; 4], rates: bool) -> Bits {
        let (mut r, mut stage, mut out) = (Resampler::new(step_us), Input::new(&crate::Settings::default()), Vec::new());
        let offer = |r: &mut Resampler, stage: &mut Input, out: &mut Vec<[u64; 5]>| {
            while let Some(s) = stage.pop() {
                assert!(r.offer(s), "the stage checked it");
                out.extend(std::iter::from_fn(|| r.next_point()).map(|p| point_bits(&p)));
            }
        };
        for (i, &time_us) in c[0].iter().enumerate() {
            let (omega, alpha) = if rates { (c[2][i], c[3][i]) } else { (0.0, 0.0) };
            stage.take(Sample { time_us, angle_deg: c[1][i], omega, alpha });
            offer(&mut r, &mut stage, &mut out);
        }
        stage.flush();
        offer(&mut r, &mut stage, &mut out);
        (out, counts(&mut stage))
    }

    /// The samples through [`Resampler::fill`] in batches cut at `cuts`, a block at a time.
    fn filled<const RATES: bool>(step_us: f64, c: &[Vec<f64>; 4], cuts: &[usize]) -> Bits {
        let (mut r, mut block, mut out) = (Resampler::new(step_us), Box::<GridBlock>::default(), Vec::new());
        let mut stage = Input::new(&crate::Settings::default());
        let mut bounds: Vec<usize> = cuts.iter().map(|&cut| cut.min(c[0].len())).chain([c[0].len(), usize::MAX]).collect();
        bounds.sort_unstable();
        let mut from = 0;
        for to in bounds {
            // The last "batch" is the end of data: what the stage holds, decided.
            let to = if to == usize::MAX {
                stage.flush();
                from
            } else {
                to
            };
            let input = Columns { time_us: &c[0][from..to], angle_deg: &c[1][from..to], omega: Some(&c[2][from..to]), alpha: Some(&c[3][from..to]) };
            let mut next = 0;
            loop {
                block.len = 0;
                next = r.fill::<RATES>(&mut stage, &input, next, &mut block);
                if block.len == 0 {
                    break;
                }
                let g = &block;
                out.extend((0..g.len).map(|k| {
                    let sample = Sample { time_us: g.time_us[k], angle_deg: g.raw_deg[k], omega: g.omega[k], alpha: g.alpha[k] };
                    point_bits(&GridPoint { sample, first: g.first[k] })
                }));
            }
            from = to;
        }
        (out, counts(&mut stage))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]

        /// `fill`'s clean runs (and its checks one by one between them) give what offering
        /// the samples one at a time gives, bit for bit, whatever the batches.
        #[test]
        fn fill_gives_what_the_checks_one_by_one_give(
            n in 2usize..1500,
            input_hz in proptest::prop_oneof![proptest::strategy::Just(50.0), proptest::strategy::Just(200.0), proptest::strategy::Just(1000.0), 20.0..1200.0f64],
            grid_hz in proptest::prop_oneof![proptest::strategy::Just(200.0), 10.0..1000.0f64],
            bad in proptest::prop_oneof![proptest::strategy::Just(0.0), 0.0..0.05f64],
            seed: u64,
            cuts in proptest::collection::vec(0usize..1500, 0..4),
        ) {
            let (input_step, grid_step) = (1e6 / input_hz, 1e6 / grid_hz);
            let c = samples(n, input_step, bad, seed);
            let (plain, rates) = (one_by_one(grid_step, &c, false), one_by_one(grid_step, &c, true));
            proptest::prop_assert_eq!(&filled::<false>(grid_step, &c, &cuts), &plain);
            proptest::prop_assert_eq!(&filled::<true>(grid_step, &c, &cuts), &rates);
        }
    }
}
