//! The low-pass stage: a centred quadratic Savitzky–Golay fit that gives each grid point its
//! smoothed angle and the angle's rate.
//!
//! Why this filter. Differentiating a sensor's angle amplifies its noise in proportion to the
//! grid rate: σ = 0.6° of angle noise is ±7 rad/s of raw per-step ω at 500 Hz, and α is worse
//! again. A biomechanist low-passes kinematics at 6–10 Hz before differentiating; Savitzky–Golay
//! does that with a least-squares parabola through 2m + 1 points around each point, which keeps
//! the peaks a moving average would flatten (it is exact for any cubic angle) and gives the
//! derivative from the same fit. The window is [`FILTER_HALF_WINDOW_S`] = 50 ms on each side,
//! fixed in seconds so the cut-off does not move with the grid rate: the smoothed angle's −3 dB
//! point is about 10 Hz and the rate's about 5 Hz (measured on the grid, for hz 100–1000), above
//! the 0.3–2 Hz of a repetition and below where sensor noise lives.
//!
//! Why centred. A centred window has no phase lag (a symmetric fit shifts nothing), so the same
//! filter serves the whole-session reprocessing and the live session: live, a point is final
//! m grid steps (50 ms) after it, which is the only lag this stage adds, and the live session
//! gives exactly the whole-session figures.
//!
//! Where the window cannot be centred. A segment's first and last m points (session start and
//! end, and either side of a gap) have no centred window; they take the fit of the segment's
//! first or last full window (a segment shorter than a window: one fit of all its points). From
//! that fit each such point gets the parabola's value at its own position, but its rate is the
//! slope of the least-squares line through the window, not the parabola's slope there:
//! - A parabola's slope off centre, b + 2c·x, carries the noise of the curvature c: at the
//!   window's edge its variance is about 15 times the centre's (13.8 for m = 5, 14.7 for
//!   m = 10, 15.7 for m = 50), so 4 times the noise in ω. The rest threshold is about three
//!   times the centred ω noise of a noisy sensor ([`crate::settings::REST_OMEGA_RAD_S`]), so a
//!   still rope at a session's first points read as moving often enough to matter: one draw of
//!   the accuracy test's noisiest sensor began the first pull at 0 s instead of 1 s, 68 % off.
//! - A line's slope Σx·v / Σx² has the same variance wherever it is used in its window, and on
//!   a symmetric window it is exactly the centred parabola's slope (x² is orthogonal to x). So
//!   the first m points take the rate of point m and the last m that of the last centred point:
//!   ω is continuous into the centred points, no noisier than they are, and its only bias, in a
//!   segment that starts or ends mid-movement, is that it is the rate up to 50 ms away (α, its
//!   difference, is then 0 over those points, and still telescopes).
//! - The value keeps the parabola: it is exact for any quadratic motion, continuous with the
//!   centred points, and its noise at the window's edge (about 1.8 times the centre's standard
//!   deviation) is a fraction of a degree that nothing downstream differentiates.
//!
//! A segment of two points gets the line through them, of one point its value and rate 0.
//!
//! A device's own ω and α (imported debug files, when the calc flags are off) go through the
//! same fit (its value at each point), so a rate the device computed as a raw per-sample
//! difference is smoothed just like one computed here.
//!
//! Cost. The fit needs three moments of the window (Σx, Σj·x, Σj²·x with j the offset from the
//! centre); sliding the window by one point updates them in a few operations. So rounding does
//! not build up over an hour, they are summed afresh each time the ring wraps, every 2m + 1
//! points (amortised three operations per point).

use crate::resample::{GridBlock, GRID_BLOCK};
use crate::smooth::Smoother;
use crate::settings::{FILTER_HALF_WINDOW_S, FILTER_MAX_HALF_WIDTH};

/// Slots of the ring: a power of two above the largest window (2·50 + 1 points), so a slot is a
/// position masked, with neither a division nor a bounds check.
const RING: usize = 128;
const MASK: usize = RING - 1;
const _: () = assert!(2 * FILTER_MAX_HALF_WIDTH + 1 < RING);

/// Half-width m of the window at `hz`: [`FILTER_HALF_WINDOW_S`] in grid steps, at least 1.
pub fn half_width(hz: f64) -> usize {
    // hz is validated (1–1000), so the product is a small non-negative number.
    ((FILTER_HALF_WINDOW_S * hz).round() as usize).clamp(1, FILTER_MAX_HALF_WIDTH)
}

/// The normal-equation constants of a quadratic fit over `n` equally spaced points.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Fit {
    k0: f64,
    k2: f64,
    c0: f64,
    c2: f64,
    inv_s2: f64,
}

impl Fit {
    fn new(n: usize) -> Fit {
        let half = (n as f64 - 1.0) / 2.0;
        let (mut s2, mut s4) = (0.0, 0.0);
        for i in 0..n {
            let x = i as f64 - half;
            s2 += x * x;
            s4 += x * x * x * x;
        }
        let nf = n as f64;
        let det = nf * s4 - s2 * s2;
        // Fewer than three points cannot fix a parabola: a line through two, a constant for one.
        if n >= 3 {
            Fit { k0: s4 / det, k2: s2 / det, c0: s2 / det, c2: nf / det, inv_s2: 1.0 / s2 }
        } else {
            Fit { k0: 1.0 / nf, k2: 0.0, c0: 0.0, c2: 0.0, inv_s2: if n == 2 { 1.0 / s2 } else { 0.0 } }
        }
    }

    /// (value, slope per point) at centred position `x`, from the centred moments: the
    /// parabola's value there, and the slope of the least-squares line through the window, which
    /// is the parabola's slope at the centre (see the module notes for why not at `x`).
    #[inline(always)]
    fn at(&self, m0: f64, m1: f64, m2: f64, x: f64) -> (f64, f64) {
        let a = self.k0 * m0 - self.k2 * m2;
        let b = m1 * self.inv_s2;
        // At the centre the parabola's value is a (the common case, and exact).
        if x == 0.0 {
            return (a, b);
        }
        let c = self.c2 * m2 - self.c0 * m0;
        (a + (b + c * x) * x, b)
    }
}

/// The three centred moments of a window of one channel.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Moments {
    m0: f64,
    m1: f64,
    m2: f64,
}

impl Moments {
    /// Moments of `values` at centred positions first_x, first_x + 1, …
    #[inline(always)]
    fn of(values: impl Iterator<Item = f64>, first_x: f64) -> Moments {
        let mut s = Moments::default();
        for (i, v) in values.enumerate() {
            let x = i as f64 + first_x;
            s.m0 += v;
            s.m1 += x * v;
            s.m2 += x * x * v;
        }
        s
    }

    /// Slides a window of half-width m by one point: `out` leaves, `x` enters. `k` holds m,
    /// m + 1, m² and (m + 1)², exact integers.
    #[inline(always)]
    fn slide(&mut self, out: f64, x: f64, k: &[f64; 4]) {
        let [m, m_1, mm, m_1m_1] = *k;
        let s = m * out + m_1 * x;
        let m0 = self.m0 + (x - out);
        let shifted = self.m1 + s;
        // Each moment takes one addition of a term computed beside it: the three recurrences
        // advance by one addition a point, where chains of two to four would set the pace.
        self.m2 += m_1m_1 * x - mm * out - 2.0 * shifted + m0;
        self.m1 += s - m0;
        self.m0 = m0;
    }
}

/// Filtered points as columns, a block at a time: the filter writes them, the stages after it
/// read them in order.
#[derive(Clone, Debug)]
pub struct FilteredBlock {
    /// Points in the block.
    pub len: usize,
    /// Grid time, µs.
    pub time_us: [f64; OUT_BLOCK],
    /// The resampled angle before any smoothing (what the edge fits read), degrees.
    pub raw_deg: [f64; OUT_BLOCK],
    /// Smoothed angle, degrees.
    pub angle_deg: [f64; OUT_BLOCK],
    /// The smoothed angle's rate, degrees per grid step.
    pub slope: [f64; OUT_BLOCK],
    /// The device's ω (rad/s) and α (rad/s²), smoothed (written only when
    /// [`SavGol::smooth_rates`] is on).
    pub omega: [f64; OUT_BLOCK],
    /// See `omega`.
    pub alpha: [f64; OUT_BLOCK],
    /// First point of a segment.
    pub first: [bool; OUT_BLOCK],
}

/// Slots of a [`FilteredBlock`]: a block of grid points yields those points and at most the
/// 2m held before it ([`GRID_BLOCK`] + 100), and a power of two makes a slot a masked index.
pub const OUT_BLOCK: usize = 512;
const _: () = assert!(GRID_BLOCK + 2 * FILTER_MAX_HALF_WIDTH <= OUT_BLOCK && OUT_BLOCK.is_power_of_two());

impl Default for FilteredBlock {
    fn default() -> FilteredBlock {
        let zeros = [0.0; OUT_BLOCK];
        FilteredBlock {
            len: 0,
            time_us: zeros,
            raw_deg: zeros,
            angle_deg: zeros,
            slope: zeros,
            omega: zeros,
            alpha: zeros,
            first: [false; OUT_BLOCK],
        }
    }
}

/// The streaming filter: grid points and their buffered angles in, filtered points out, m
/// points later, appended to a [`FilteredBlock`].
#[derive(Clone, Debug)]
pub struct SavGol {
    m: usize,
    n: usize,
    /// m, m + 1, m², (m + 1)² for sliding the moments.
    slide_k: [f64; 4],
    full: Fit,
    /// The window's buffered angles, and what each of its points carries through to the output.
    values: [f64; RING],
    times: [f64; RING],
    raws: [f64; RING],
    omegas: [f64; RING],
    alphas: [f64; RING],
    window: Window,
    with_rates: bool,
}

/// The running part of a [`SavGol`]: a local copy of it stays in registers across a block (see
/// [`SavGol::filter`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Window {
    /// Points pushed in the current segment (the next one goes to slot `pos & MASK`), and the
    /// same modulo n (the moments are summed afresh when it comes round to 0).
    pos: usize,
    phase: usize,
    angle: Moments,
    /// The device's ω and α, when [`SavGol::smooth_rates`] is on.
    rates: [Moments; 2],
}

impl SavGol {
    /// A filter of half-width `m` points (1 ≤ m ≤ [`FILTER_MAX_HALF_WIDTH`]).
    pub fn new(m: usize) -> SavGol {
        let m = m.clamp(1, FILTER_MAX_HALF_WIDTH);
        let n = 2 * m + 1;
        SavGol {
            m,
            n,
            slide_k: [m as f64, m as f64 + 1.0, (m * m) as f64, ((m + 1) * (m + 1)) as f64],
            full: Fit::new(n),
            values: [0.0; RING],
            times: [0.0; RING],
            raws: [0.0; RING],
            omegas: [0.0; RING],
            alphas: [0.0; RING],
            window: Window::default(),
            with_rates: false,
        }
    }

    /// Also smooths the grid points' device ω and α (call before the first push).
    pub fn smooth_rates(&mut self) {
        self.with_rates = true;
    }

    /// Filters the points of `grid`, with `smoother` (the buffer before this filter) giving each
    /// its buffered angle, and appends to `out` the points whose windows they complete: one per
    /// point in the steady state, a segment's first m + 1 with its first full window, and what a
    /// segment still holds when the next one starts.
    pub fn filter(&mut self, smoother: &mut Smoother, grid: &GridBlock, out: &mut FilteredBlock) {
        let len = grid.len.min(GRID_BLOCK);
        let mut k = 0;
        while k < len {
            if grid.first[k] {
                self.window = self.flushed(self.window, out);
            }
            // Local copies stay in registers across the loop, which has no call in it (a
            // WebAssembly engine stores a loop's values around any call, even one not taken);
            // through `self` the moments would be stored and reloaded at every point.
            let (mut w, mut smooth) = (self.window, *smoother);
            loop {
                let x = smooth.push(grid.angle_deg[k], grid.first[k]);
                self.push(&mut w, grid, k, x, out);
                k += 1;
                if k >= len || grid.first[k] {
                    break;
                }
            }
            (self.window, *smoother) = (w, smooth);
        }
    }

    /// End of data: appends what the current segment still holds to `out`.
    pub fn flush(&mut self, out: &mut FilteredBlock) {
        self.window = self.flushed(self.window, out);
    }

    /// Adds grid point `k` of `grid` with its buffered angle `x` to the window `w` and appends
    /// to `out` the points that completes (see [`SavGol::filter`]).
    #[inline(always)]
    fn push(&mut self, w: &mut Window, grid: &GridBlock, k: usize, x: f64, out: &mut FilteredBlock) {
        let (n, k) = (self.n, k & (GRID_BLOCK - 1));
        let (slot, leaving) = (w.pos & MASK, w.pos.wrapping_sub(n) & MASK);
        // The point leaving the window (meaningful once the window is full).
        let out_x = self.values[leaving];
        self.values[slot] = x;
        self.times[slot] = grid.time_us[k];
        self.raws[slot] = grid.angle_deg[k];
        let (omega, alpha) = (grid.omega[k], grid.alpha[k]);
        let out_rates = [self.omegas[leaving], self.alphas[leaving]];
        if self.with_rates {
            self.omegas[slot] = omega;
            self.alphas[slot] = alpha;
        }
        w.pos += 1;
        w.phase = if w.phase + 1 == n { 0 } else { w.phase + 1 };
        if w.pos < n {
            return;
        }
        if w.pos == n || w.phase == 0 {
            self.resum(w);
        } else {
            w.angle.slide(out_x, x, &self.slide_k);
            if self.with_rates {
                w.rates[0].slide(out_rates[0], omega, &self.slide_k);
                w.rates[1].slide(out_rates[1], alpha, &self.slide_k);
            }
        }
        if w.pos == n {
            // The segment's first full window: its first m points off centre, then its centre.
            for i in 0..=self.m {
                self.emit(&self.full, &w.angle, &w.rates, i as f64 - self.m as f64, i, i == 0, out);
            }
        } else {
            self.emit(&self.full, &w.angle, &w.rates, 0.0, w.pos - 1 - self.m, false, out);
        }
    }

    /// Appends to `out` what the segment of window `w` still holds (end of data, or a segment
    /// start next); returns the window of a new segment. By value, not through a reference, so
    /// that [`SavGol::filter`]'s copy of the window can stay in registers.
    #[inline(never)]
    fn flushed(&self, w: Window, out: &mut FilteredBlock) -> Window {
        let (n, m) = (self.n, self.m);
        if w.pos >= n {
            let centre = w.pos - 1 - m;
            for x in 1..=m {
                self.emit(&self.full, &w.angle, &w.rates, x as f64, centre + x, false, out);
            }
        } else if w.pos > 0 {
            let count = w.pos;
            let first_x = -(count as f64 - 1.0) / 2.0;
            let angle = Moments::of(self.values.iter().take(count).copied(), first_x);
            let rates = if self.with_rates {
                [Moments::of(self.omegas.iter().take(count).copied(), first_x), Moments::of(self.alphas.iter().take(count).copied(), first_x)]
            } else {
                [Moments::default(); 2]
            };
            let fit = Fit::new(count);
            for k in 0..count {
                self.emit(&fit, &angle, &rates, k as f64 + first_x, k, k == 0, out);
            }
        }
        Window { pos: 0, phase: 0, ..w }
    }

    /// Appends the point in `slot`, at centred position `x` of the fit, to `out`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn emit(&self, fit: &Fit, angle: &Moments, rates: &[Moments; 2], x: f64, slot: usize, first: bool, out: &mut FilteredBlock) {
        let (slot, i) = (slot & MASK, out.len & (OUT_BLOCK - 1));
        let (angle_deg, slope) = fit.at(angle.m0, angle.m1, angle.m2, x);
        out.time_us[i] = self.times[slot];
        out.raw_deg[i] = self.raws[slot];
        out.angle_deg[i] = angle_deg;
        out.slope[i] = slope;
        out.first[i] = first;
        if self.with_rates {
            out.omega[i] = fit.at(rates[0].m0, rates[0].m1, rates[0].m2, x).0;
            out.alpha[i] = fit.at(rates[1].m0, rates[1].m1, rates[1].m2, x).0;
        }
        out.len += 1;
    }

    /// Moments of the full window `w`, summed afresh (oldest first), so rounding never builds up.
    #[inline(always)]
    fn resum(&self, w: &mut Window) {
        let (first, first_x) = (w.pos - self.n, -(self.m as f64));
        let order = move |i: usize| (first + i) & MASK;
        let n = self.n;
        w.angle = Moments::of((0..n).map(|i| self.values[order(i)]), first_x);
        if self.with_rates {
            w.rates = [
                Moments::of((0..n).map(|i| self.omegas[order(i)]), first_x),
                Moments::of((0..n).map(|i| self.alphas[order(i)]), first_x),
            ];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Filters `xs` (at times 0, 1, 2 …) with a segment restart before each index in
    /// `starts`; returns (time, angle, slope, first) in order.
    fn filter_segments(m: usize, xs: &[f64], starts: &[usize]) -> Vec<(f64, f64, f64, bool)> {
        let mut f = SavGol::new(m);
        let mut out = Vec::new();
        let mut grid = GridBlock::default();
        let mut block = FilteredBlock::default();
        let mut take = |block: &mut FilteredBlock| {
            out.extend((0..block.len).map(|i| (block.time_us[i], block.angle_deg[i], block.slope[i], block.first[i])));
            block.len = 0;
        };
        // The values as the grid's angles, each through a smoothing buffer of its own (so it
        // passes unchanged), one grid point a block.
        for (k, &x) in xs.iter().enumerate() {
            (grid.len, grid.time_us[0], grid.angle_deg[0], grid.first[0]) = (1, k as f64, x, k == 0 || starts.contains(&k));
            f.filter(&mut Smoother::default(), &grid, &mut block);
            take(&mut block);
        }
        f.flush(&mut block);
        take(&mut block);
        out
    }

    /// Filters `xs` as one segment; returns (time, angle, slope) in order.
    fn filter(m: usize, xs: &[f64]) -> Vec<(f64, f64, f64)> {
        filter_segments(m, xs, &[]).into_iter().map(|(t, a, s, _)| (t, a, s)).collect()
    }

    #[test]
    fn emits_every_point_once_in_order_whatever_the_segment_length() {
        for len in [0, 1, 2, 5, 7, 8, 30] {
            let xs: Vec<f64> = (0..len).map(|k| k as f64).collect();
            let times: Vec<f64> = filter(3, &xs).iter().map(|p| p.0).collect();
            assert_eq!(times, xs, "segment of {len}");
        }
    }

    #[test]
    fn reproduces_a_parabola_exactly_and_its_slope_where_the_window_is_centred() {
        // x = 3 + 2k − 0.5k²: slope 2 − k per point. Where the window cannot be centred (the
        // first and last 5 points), the slope is the nearest centred point's (points 5 and 34).
        let xs: Vec<f64> = (0..40).map(|k| 3.0 + 2.0 * k as f64 - 0.5 * (k * k) as f64).collect();
        for (k, (_, angle, slope)) in filter(5, &xs).into_iter().enumerate() {
            assert!((angle - xs[k]).abs() < 1e-9, "angle at {k}: {angle}");
            let centred = k.clamp(5, 34) as f64;
            assert!((slope - (2.0 - centred)).abs() < 1e-9, "slope at {k}: {slope}");
        }
    }

    #[test]
    fn fits_a_line_through_two_points_and_a_constant_through_one() {
        assert_eq!(filter(3, &[1.0, 4.0]), vec![(0.0, 1.0, 3.0), (1.0, 4.0, 3.0)]);
        assert_eq!(filter(3, &[7.0]), vec![(0.0, 7.0, 0.0)]);
    }

    #[test]
    fn averages_noise_down_by_the_window() {
        // Alternating ±1 around 10: a centred 2m + 1 fit leaves at most ~1/m of it.
        let xs: Vec<f64> = (0..200).map(|k| 10.0 + if k % 2 == 0 { 1.0 } else { -1.0 }).collect();
        for (_, angle, slope) in filter(10, &xs).into_iter().skip(10).take(180) {
            assert!((angle - 10.0).abs() < 0.2 && slope.abs() < 0.05, "{angle} {slope}");
        }
    }

    #[test]
    fn keeps_a_long_session_free_of_rounding_drift() {
        // An hour at 200 Hz of a large still angle: sliding moments alone would drift.
        let xs = vec![123_456.789; 720_000];
        let last = filter(10, &xs).pop().unwrap_or_default();
        assert!((last.1 - 123_456.789).abs() < 1e-6 && last.2.abs() < 1e-9, "{last:?}");
    }

    #[test]
    fn restarts_at_a_segment_start() {
        let xs: Vec<f64> = (0..12).map(|k| if k < 6 { 0.0 } else { 100.0 }).collect();
        let out = filter_segments(2, &xs, &[6]);
        assert_eq!(out.iter().map(|p| p.1).collect::<Vec<_>>(), [vec![0.0; 6], vec![100.0; 6]].concat());
        let firsts: Vec<bool> = out.iter().map(|p| p.3).collect();
        assert_eq!(firsts, (0..12).map(|k| k == 0 || k == 6).collect::<Vec<_>>(), "each segment's first point is marked");
    }

    #[test]
    fn sizes_the_window_in_seconds() {
        assert_eq!((half_width(1.0), half_width(100.0), half_width(200.0), half_width(1000.0)), (1, 5, 10, 50));
    }
}
