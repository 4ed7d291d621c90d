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
//!   the accuracy test's noisiest sensor began its first pull a second early.
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
//! difference is smoothed just like one computed here; first they are put on the buffered
//! angle's clock ([`smooth::rate`]), as the angle is buffered first.
//!
//! Cost. The fit needs three moments of the window (Σx, Σj·x, Σj²·x with j the offset from the
//! centre); sliding the window by one point updates them in a few operations. So rounding does
//! not build up over an hour, they are summed afresh every [`RESUM_WINDOWS`] windows' worth of
//! points (amortised under one operation per point; sliding in between lets a few dozen
//! roundings build up, a billionth of a degree).

use crate::block::{GridBlock, HISTORY, MASK, SLOTS, STRIDE};
use crate::settings::{FILTER_HALF_WINDOW_S, FILTER_MAX_HALF_WIDTH};
use crate::smooth;

/// The moments are summed afresh every this many times 2m + 1 points (see the module notes).
pub const RESUM_WINDOWS: usize = 4;

/// Half-width m of the window at `hz`: [`FILTER_HALF_WINDOW_S`] in grid steps, at least 1.
pub fn half_width(hz: f64) -> usize {
    // hz is validated (ranges::HZ, 100–1000), so the product is a small non-negative number.
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

/// The streaming filter: over a block's buffered angles, it writes each point's filtered angle
/// and rate into the block's columns, m points later, in order.
#[derive(Clone, Debug)]
pub struct SavGol {
    m: usize,
    n: usize,
    /// m, m + 1, m², (m + 1)² for sliding the moments.
    slide_k: [f64; 4],
    full: Fit,
    window: Window,
    /// Slot of the next point to emit.
    emit: usize,
    with_rates: bool,
}

/// The running part of a [`SavGol`]: a local copy of it stays in registers across a block (see
/// [`SavGol::filter`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Window {
    /// Points pushed in the current segment, and the same modulo [`RESUM_WINDOWS`]·n (the
    /// moments are summed afresh when it comes round to 0).
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
            window: Window::default(),
            emit: 0,
            with_rates: false,
        }
    }

    /// Also smooths the grid points' device ω and α (call before the first push).
    pub fn smooth_rates(&mut self) {
        self.with_rates = true;
    }

    /// Buffers ([`crate::smooth`]) and filters `block`'s points from slot `from` on (their
    /// resampled angles written), keeping each buffered angle in the block, and writes
    /// the points whose windows they complete: one per point in the steady state, a segment's
    /// first m + 1 with its first full window, and what a segment still holds when the next one
    /// starts. Returns the slots written, a range that continues the last call's.
    pub fn filter(&mut self, block: &mut GridBlock, from: usize) -> (usize, usize) {
        let (start, len, n) = (self.emit, block.len.min(SLOTS), self.n);
        let period = RESUM_WINDOWS * n;
        let mut k = from;
        while k < len {
            if block.first[k] {
                self.flush_segment(block);
                self.emit = k;
            }
            // Local copies stay in registers across the loop, which has no call in it (a
            // WebAssembly engine stores a loop's values around any call, even one not taken);
            // through `self` the moments would be stored and reloaded at every point.
            let (mut w, mut emit) = (self.window, self.emit);
            // The segment's points in this block: up to the next segment start.
            loop {
                w.pos += 1;
                let x = smooth::buffered(&block.raw_deg, k, w.pos);
                block.buffered[k] = x;
                if self.with_rates {
                    block.buffered_omega[k] = smooth::rate::<{ smooth::OMEGA_WIDTH }>(&block.omega, k, w.pos);
                    block.buffered_alpha[k] = smooth::rate::<{ smooth::ALPHA_WIDTH }>(&block.alpha, k, w.pos);
                }
                w.phase = if w.phase + 1 == period { 0 } else { w.phase + 1 };
                if w.pos >= n {
                    if w.pos == n || w.phase == 0 {
                        self.resum(&mut w, block, k);
                    } else {
                        let leaving = k.wrapping_sub(n) & MASK;
                        w.angle.slide(block.buffered[leaving], x, &self.slide_k);
                        if self.with_rates {
                            w.rates[0].slide(block.buffered_omega[leaving], block.buffered_omega[k], &self.slide_k);
                            w.rates[1].slide(block.buffered_alpha[leaving], block.buffered_alpha[k], &self.slide_k);
                        }
                    }
                    if w.pos == n {
                        // The segment's first full window: its first m points off centre, then
                        // its centre.
                        for i in 0..=self.m {
                            self.emit(block, &self.full, &w.angle, &w.rates, i as f64 - self.m as f64, emit);
                            emit += 1;
                        }
                    } else {
                        self.emit(block, &self.full, &w.angle, &w.rates, 0.0, emit);
                        emit += 1;
                    }
                }
                k += 1;
                if w.pos > n && !self.with_rates {
                    let stop = len.min(k + (period - 1 - w.phase));
                    let steady = Self::steady(block, (&mut w.angle, &mut emit), k, stop, (n, &self.full, &self.slide_k));
                    (w.pos, w.phase, k) = (w.pos + (steady - k), w.phase + (steady - k), steady);
                }
                if k >= len || block.first[k] {
                    break;
                }
            }
            (self.window, self.emit) = (w, emit);
        }
        (start, self.emit)
    }

    /// The steady state from slot `k` up to `stop`, the segment's end or the next fresh sum: a
    /// full buffer and a centred window sliding by one point, the same arithmetic as
    /// [`SavGol::filter`]'s in a loop with nothing else in it, the buffer's last three angles
    /// in registers. Returns the slot it stopped at.
    #[inline(always)]
    fn steady(
        block: &mut GridBlock,
        (angle, emit): (&mut Moments, &mut usize),
        mut k: usize,
        stop: usize,
        (n, fit, slide_k): (usize, &Fit, &[f64; 4]),
    ) -> usize {
        let raw = |back: usize| block.raw_deg[k.wrapping_sub(back) & MASK];
        let (mut b1, mut b2, mut b3) = (raw(3), raw(2), raw(1));
        while k < stop && !block.first[k] {
            let newest = block.raw_deg[k];
            let x = smooth::full(b1, b2, b3, newest);
            (b1, b2, b3) = (b2, b3, newest);
            block.buffered[k] = x;
            angle.slide(block.buffered[k.wrapping_sub(n) & MASK], x, slide_k);
            let slot = *emit & MASK;
            (block.angle_deg[slot], block.slope[slot]) = fit.at(angle.m0, angle.m1, angle.m2, 0.0);
            *emit += 1;
            k += 1;
        }
        k
    }

    /// End of data: writes what the current segment still holds; returns the slots written.
    pub fn flush(&mut self, block: &mut GridBlock) -> (usize, usize) {
        let start = self.emit;
        self.flush_segment(block);
        (start, self.emit)
    }

    /// The block's points moved `by` slots towards its front ([`GridBlock::make_room`]).
    pub fn moved(&mut self, by: usize) {
        self.emit -= by.min(self.emit);
    }

    /// Writes what the current segment still holds (its last m points, or all of a segment
    /// shorter than a window) and starts a new segment.
    #[inline(never)]
    fn flush_segment(&mut self, block: &mut GridBlock) {
        let (n, m, w) = (self.n, self.m, self.window);
        if w.pos >= n {
            // The last full window is centred on the last point written.
            for x in 1..=m {
                self.emit(block, &self.full, &w.angle, &w.rates, x as f64, self.emit);
                self.emit += 1;
            }
        } else if w.pos > 0 {
            // Nothing of the segment written yet: its points are the slots from `emit` on.
            let (count, first) = (w.pos, self.emit);
            let first_x = -(count as f64 - 1.0) / 2.0;
            let column = |c: &[f64; STRIDE]| Moments::of((0..count).map(|i| c[(first + i) & MASK]), first_x);
            let angle = column(&block.buffered);
            let rates = if self.with_rates { [column(&block.buffered_omega), column(&block.buffered_alpha)] } else { [Moments::default(); 2] };
            let fit = Fit::new(count);
            for i in 0..count {
                self.emit(block, &fit, &angle, &rates, i as f64 + first_x, first + i);
            }
            self.emit += count;
        }
        self.window = Window { pos: 0, phase: 0, ..w };
    }

    /// Writes the point in `slot`, at centred position `x` of the fit.
    #[inline(always)]
    fn emit(&self, block: &mut GridBlock, fit: &Fit, angle: &Moments, rates: &[Moments; 2], x: f64, slot: usize) {
        let slot = slot & MASK;
        (block.angle_deg[slot], block.slope[slot]) = fit.at(angle.m0, angle.m1, angle.m2, x);
        if self.with_rates {
            block.smooth_omega[slot] = fit.at(rates[0].m0, rates[0].m1, rates[0].m2, x).0;
            block.smooth_alpha[slot] = fit.at(rates[1].m0, rates[1].m1, rates[1].m2, x).0;
        }
    }

    /// Moments of the full window `w` ending at slot `k`, summed afresh (oldest first), so
    /// rounding never builds up.
    #[inline(always)]
    fn resum(&self, w: &mut Window, block: &GridBlock, k: usize) {
        let (n, first_x) = (self.n, -(self.m as f64));
        let first = k + 1 - n;
        let column = |c: &[f64; STRIDE]| Moments::of((0..n).map(|i| c[(first + i) & MASK]), first_x);
        w.angle = column(&block.buffered);
        if self.with_rates {
            w.rates = [column(&block.buffered_omega), column(&block.buffered_alpha)];
        }
    }
}

const _: () = assert!(2 * FILTER_MAX_HALF_WIDTH < HISTORY);

#[cfg(test)]
mod tests {
    use super::*;

    /// Resampled angles whose buffered angles are `xs` (exactly, for the small multiples of
    /// 0.5 used here), with a segment restart at each index in `starts`.
    fn unbuffer(xs: &[f64], starts: &[usize]) -> Vec<f64> {
        let mut raw: Vec<f64> = Vec::new();
        let mut count = 0;
        for (k, &x) in xs.iter().enumerate() {
            count = if k == 0 || starts.contains(&k) { 1 } else { count + 1 };
            let held = count.min(smooth::WINDOW);
            let before: f64 = raw[k + 1 - held..].iter().sum();
            raw.push(held as f64 * x - before);
        }
        raw
    }

    /// Filters `xs` (as buffered angles at times 0, 1, 2 …) with a segment restart at each
    /// index in `starts`, a point a block; returns (time, angle, slope, first) in the order
    /// written.
    fn filter_segments(m: usize, xs: &[f64], starts: &[usize]) -> Vec<(f64, f64, f64, bool)> {
        let raw = unbuffer(xs, starts);
        let mut f = SavGol::new(m);
        let mut block = GridBlock::default();
        let mut out = Vec::new();
        let mut take = |block: &GridBlock, (from, to): (usize, usize)| {
            out.extend((from..to).map(|s| (block.time_us[s], block.angle_deg[s], block.slope[s], block.first[s])));
        };
        for (k, &x) in raw.iter().enumerate() {
            let slot = block.len;
            (block.time_us[slot], block.raw_deg[slot], block.first[slot]) = (k as f64, x, k == 0 || starts.contains(&k));
            block.len += 1;
            let written = f.filter(&mut block, slot);
            take(&block, written);
            f.moved(block.make_room());
        }
        let written = f.flush(&mut block);
        take(&block, written);
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
