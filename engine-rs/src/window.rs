//! Smoothed power: what a phase's peak power is the peak of.
//!
//! Why smooth. A point's power P = τ·ω carries α, the difference of two consecutive filtered ω,
//! so the largest single P of a phase is mostly noise. Summed over a stretch, P·Δt telescopes
//! (it is the flywheel's change of kinetic energy, [`crate::derive`]): a plain mean of P over a
//! window W is ΔKE / W, whose noise comes from ω at the window's two ends only. That was the
//! estimator before this one (a trailing 100 ms mean): within 1 % on clean input, but the
//! maximum of a noisy curve sits above the curve, and on a slow heavy pull with 0.6° of angle
//! noise, 1.8° encoder ticks and ±1.5 ms of jitter it read 12 % high (median of a set; 22 % for
//! the worst rep, eleven draws of the noise).
//!
//! The estimator. Power is first averaged over blocks of consecutive grid points, about 50 a
//! second ([`PEAK_POWER_RATE_HZ`]: 4 points at 200 Hz, 1 below 75 Hz), which is exact (a block's
//! mean power is its ΔKE over its duration) and keeps everything below 2 Hz within 0.3 %. The
//! block powers are then low-passed by a centred Savitzky–Golay fit of degree 4: the value at the
//! window's centre of the least-squares quartic through the 2n + 1 blocks around it. In terms of
//! kinetic energy, it is the slope of a smoothed KE curve whose weights spread over the whole
//! window instead of piling on its two ends, so the noise of many points averages out. A
//! quartic fit has no bias on a curve up to degree 4 and flattens a peak only through its fifth
//! and higher terms: on a half-sine power curve (a flywheel phase that starts or ends at rest)
//! its peak stays within 1 % while the half-width is at most 0.7 of the phase, and falls off
//! fast beyond (3 % low at 0.9, 6 % at 1.0). Noise falls as the window grows; the phase's length
//! bounds it. So there are two fits ([`PEAK_POWER_HALF_WIDTHS_S`]), ±0.2 s and ±0.45 s, both
//! centred and run on every block, and a phase takes the peak of the long one when it lasts at
//! least [`PEAK_POWER_LONG_PHASE_S`] (0.75 s: the long half-width is then at most 0.6 of it), of
//! the short one otherwise ([`stream_for`]). The peak is taken over the block values, 20 ms
//! apart: within 0.3 % of the smoothed curve's top for a phase of 0.45 s, 0.55 % at 0.3 s. Mean
//! power and work do not use this: they stay ΔKE / T and ΔKE exactly.
//!
//! As low-pass filters, the fits are flat within 1 % up to 2.1 Hz and 0.97 Hz and 3 dB down at
//! 4.2 Hz and 1.9 Hz (±0.2 s and ±0.45 s): a half-sine power curve of a phase of T seconds is a
//! half period of 1/(2T) Hz, 0.6 Hz for a 0.8 s phase.
//!
//! Measured on the physics-truth sessions (`tests/unit/engine.accuracy.test.ts`: slow heavy and
//! fast light sets, eleven draws of every sensor up to 0.6° of noise, 1.8° ticks and ±1.5 ms of
//! jitter at once, 100–1000 Hz raw, on 100, 200 and 500 Hz grids), as the median over a set's
//! reps and the worst rep: peak power within 2.1 % and 3.4 %, the eccentric/concentric
//! peak-power ratio within 2.0 % and 2.8 %; on clean input within 1.2 % and 1.2 % (the fast set:
//! the angle filter flattens ω's peak a little, [`crate::savgol`], and the blocks' 20 ms), the
//! ratio 0.3 % and 0.7 %. A single ±0.275 s fit would have reached 4.9 % and 9.0 % on the slow
//! heavy set and 2.4 % on a clean fast one.
//!
//! Delay. A centred value is known n blocks after its centre (0.2 s or 0.45 s, and the rest of
//! its block), so the rep detector attributes each value to the phase its centre lies in (a
//! block's centre: its middle point, the earlier of two), and a phase's peak power is final once
//! the fit it uses has passed the last point of its movement ([`crate::reps`]).
//!
//! Cost. A fit needs five moments of the window; in the basis Σ C(u, p)·P_u (u = 0 at the
//! oldest block, C the binomial coefficient) Pascal's rule slides them by one block with one
//! multiplication and two additions each, the centre value is one dot product, and the moments
//! are summed afresh every [`RESUM_WINDOWS`] windows so rounding does not build up (what does
//! within that stretch is below 1e-10 of the values). Per grid point at 200 Hz, the two fits
//! cost a quarter of that and one addition (3.5 ns natively; fits on every point took 10 ns).
//!
//! Segments. A segment's first and last n blocks (the session's, or either side of a gap) have
//! no centred window: they get no smoothed value (NaN, which no peak takes), a segment shorter
//! than a window gets none at all, and a block does not reach across a segment start.

use crate::settings::{PEAK_POWER_HALF_WIDTHS_S, PEAK_POWER_LONG_PHASE_S, PEAK_POWER_RATE_HZ};

/// Number of fits, each a stream of smoothed power.
pub const STREAMS: usize = 2;

/// The moments are summed afresh every this many times 2n + 1 blocks.
pub const RESUM_WINDOWS: usize = 4;

/// Largest half-width of a fit, blocks: below 75 Hz a block is a point (at most 0.45 × 74.9),
/// above it a block is hz / [`PEAK_POWER_RATE_HZ`] points rounded, so there are at most 62.5
/// blocks a second.
const MAX_HALF_WIDTH: usize = 34;

/// Slots of the ring of block powers: a power of two above the long fit's window.
const RING: usize = 128;
const MASK: usize = RING - 1;
const _: () = assert!(2 * MAX_HALF_WIDTH + 1 < RING);

/// Grid points per block at `hz`: hz / [`PEAK_POWER_RATE_HZ`] rounded, at least 1.
pub fn block_points(hz: f64) -> usize {
    // hz is validated (10–1000), so the quotient is a small non-negative number.
    ((hz / PEAK_POWER_RATE_HZ).round() as usize).max(1)
}

/// Half-widths n of the fits at `hz`, blocks: [`PEAK_POWER_HALF_WIDTHS_S`], at least 2 (five
/// blocks fix a quartic).
pub fn half_widths(hz: f64) -> [usize; STREAMS] {
    let blocks_per_s = hz / block_points(hz) as f64;
    PEAK_POWER_HALF_WIDTHS_S.map(|h| ((h * blocks_per_s).round() as usize).clamp(2, MAX_HALF_WIDTH))
}

/// The fit whose peak a phase of `duration_s` reports: the long one from
/// [`PEAK_POWER_LONG_PHASE_S`] on.
#[inline]
pub fn stream_for(duration_s: f64) -> usize {
    usize::from(duration_s >= PEAK_POWER_LONG_PHASE_S)
}

/// The weights (g0, g2, g4) of the centre value of a least-squares quartic over x = −n..n, as
/// g0 + g2·t² + g4·t⁴ with t = x/n (scaled, so that the normal equations are well conditioned;
/// the odd terms do not reach the centre on a symmetric window).
fn centre_weights(n: usize) -> [f64; 3] {
    let nf = n as f64;
    let mut s = [0.0; 5];
    for i in 0..=2 * n {
        let t = (i as f64 - nf) / nf;
        let t2 = t * t;
        let t4 = t2 * t2;
        s[0] += 1.0;
        s[1] += t2;
        s[2] += t4;
        s[3] += t4 * t2;
        s[4] += t4 * t4;
    }
    let g = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]];
    let det = det3(&g);
    // Cramer's rule for G·w = e0.
    let column = |c: usize| {
        let mut m = g;
        for (r, row) in m.iter_mut().enumerate() {
            row[c] = if r == 0 { 1.0 } else { 0.0 };
        }
        det3(&m) / det
    };
    [column(0), column(1), column(2)]
}

fn det3(m: &[[f64; 3]; 3]) -> f64 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// C(a, b) for small b, exact in f64 for the sizes used here.
fn choose(a: f64, b: usize) -> f64 {
    (0..b).fold(1.0, |r, i| r * (a - i as f64) / (i as f64 + 1.0))
}

/// One fit: its window, constants and moments.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Fit {
    /// Points in the window, 2n + 1.
    len: usize,
    /// C(len, p) for p = 1..=4: what the entering point adds to moment p.
    grow: [f64; 4],
    /// The centre value's weights on the moments.
    coef: [f64; 5],
    /// Σ C(u, p)·P_u over the window, p = 0..=4; NaN until the segment fills the window.
    moments: [f64; 5],
    /// Blocks until the moments are next summed afresh: the window's first fill, then every
    /// [`RESUM_WINDOWS`]·len blocks. A countdown is one subtraction and one test a block.
    left: usize,
}

impl Fit {
    fn new(n: usize) -> Fit {
        let len = 2 * n + 1;
        let [g0, g2, g4] = centre_weights(n);
        // The weight of the point at u = x + n is w(u) = g0 + g2·(x/n)² + g4·(x/n)⁴, a quartic in
        // u, which Newton's forward differences write as Σ Δᵖw(0)·C(u, p): so the centre value
        // is Σ Δᵖw(0)·moment p. Each Δᵖ of x^k at x = −n is a sum of exact integers, taken
        // apart from the g so that no rounding cancels.
        let nf = n as f64;
        let (nn, nnnn) = (nf * nf, nf * nf * nf * nf);
        let diff = |p: usize, k: usize| -> f64 {
            let mut sum = 0.0;
            for i in 0..=p {
                let d = i as f64 - nf;
                let power = [1.0, d, d * d, d * d * d, d * d * d * d][k];
                sum += if (p - i) % 2 == 1 { -1.0 } else { 1.0 } * choose(p as f64, i) * power;
            }
            sum
        };
        let coef = [0, 1, 2, 3, 4].map(|p| g0 * diff(p, 0) + g2 * (diff(p, 2) / nn) + g4 * (diff(p, 4) / nnnn));
        let lf = len as f64;
        Fit { len, grow: [choose(lf, 1), choose(lf, 2), choose(lf, 3), choose(lf, 4)], coef, moments: [f64::NAN; 5], left: len }
    }

    /// Starts a segment: no value until its window fills (NaN moments slide to NaN, and the
    /// first fresh sum replaces them), so a block needs no test of the segment's length.
    fn restart(&mut self) {
        (self.moments, self.left) = ([f64::NAN; 5], self.len);
    }

    /// Adds the block in ring slot `head`, `x`, and returns the value at the window's centre.
    #[inline(always)]
    fn push(&mut self, ring: &[f64; RING], head: usize, x: f64) -> f64 {
        self.left -= 1;
        if self.left == 0 {
            self.left = RESUM_WINDOWS * self.len;
            self.resum(ring, head);
        } else {
            self.slide(ring[(head + RING - self.len) & MASK], x);
        }
        self.value()
    }

    /// The value at the window's centre.
    #[inline(always)]
    fn value(&self) -> f64 {
        let (c, m) = (&self.coef, &self.moments);
        c[0] * m[0] + c[1] * m[1] + c[2] * m[2] + c[3] * m[3] + c[4] * m[4]
    }

    /// Slides the window by one point: `out` leaves, `x` enters. By Pascal's rule
    /// C(u − 1, p) = C(u, p) − C(u − 1, p − 1), each moment takes the entering point's C(len, p)
    /// and gives up the next lower moment, already slid.
    #[inline(always)]
    fn slide(&mut self, out: f64, x: f64) {
        let (g, m) = (&self.grow, &mut self.moments);
        m[0] += x - out;
        m[1] += g[0] * x - m[0];
        m[2] += g[1] * x - m[1];
        m[3] += g[2] * x - m[2];
        m[4] += g[3] * x - m[3];
    }

    /// The moments of the window ending at slot `last`, summed afresh (oldest first).
    #[inline(always)]
    fn resum(&mut self, ring: &[f64; RING], last: usize) {
        let first = last + RING + 1 - self.len;
        let (mut c, mut m) = ([1.0, 0.0, 0.0, 0.0, 0.0], [0.0; 5]);
        for u in 0..self.len {
            let y = ring[(first + u) & MASK];
            for p in 0..5 {
                m[p] += c[p] * y;
            }
            for p in (1..5).rev() {
                c[p] += c[p - 1];
            }
        }
        self.moments = m;
    }
}

/// The latest powers, in a ring the size of the longest window: the newest in slot
/// [`PowerSmoother`]'s head − 1. Apart from the smoother, so that a caller can keep the
/// smoother's few numbers in locals across a block without copying 8 kB.
#[derive(Clone, Debug)]
pub struct PowerRing(Box<[f64; RING]>);

impl Default for PowerRing {
    fn default() -> PowerRing {
        PowerRing(Box::new([0.0; RING]))
    }
}

/// Power low-passed by the two fits, a point at a time, over a [`PowerRing`].
#[derive(Clone, Copy, Debug)]
pub struct PowerSmoother {
    /// Grid points per block, and its inverse.
    block: usize,
    inv_block: f64,
    /// Points the current block still needs, and the sum of its powers so far.
    block_left: usize,
    block_sum: f64,
    head: usize,
    fits: [Fit; STREAMS],
    delays: [usize; STREAMS],
}

impl PowerSmoother {
    /// A smoother of the fits at `hz` ([`block_points`], [`half_widths`]).
    pub fn new(hz: f64) -> PowerSmoother {
        let (block, n) = (block_points(hz), half_widths(hz));
        // A block's value is centred on its middle point (the earlier of two), and comes with
        // the last point of the block n blocks later.
        let delays = n.map(|n| n * block + (block - 1) - (block - 1) / 2);
        PowerSmoother { block, inv_block: 1.0 / block as f64, block_left: block, block_sum: 0.0, head: 0, fits: n.map(Fit::new), delays }
    }

    /// How many points after its centre each fit's value comes.
    pub fn delays(&self) -> [usize; STREAMS] {
        self.delays
    }

    /// Adds the next point's power (`first`: a segment starts there) and returns each fit's value
    /// centred [`PowerSmoother::delays`] points before it: at the last point of each block, where
    /// the segment has a centred window there; NaN otherwise. `ring` is always the same one.
    #[inline(always)]
    pub fn push(&mut self, ring: &mut PowerRing, power: f64, first: bool) -> [f64; STREAMS] {
        if first {
            (self.block_left, self.block_sum) = (self.block, 0.0);
            self.fits.iter_mut().for_each(Fit::restart);
        }
        self.block_sum += power;
        self.block_left -= 1;
        if self.block_left > 0 {
            return [f64::NAN; STREAMS];
        }
        let sum = self.block_sum;
        self.end_block(ring, sum)
    }

    /// The current block: the sum of its powers so far, and how many points it still needs.
    /// With [`PowerSmoother::hold`] and [`PowerSmoother::end_block`], a caller adds a block's
    /// points in a loop of its own, the same additions as [`PowerSmoother::push`] without a
    /// test at every point.
    #[inline(always)]
    pub fn open_block(&self) -> (f64, usize) {
        (self.block_sum, self.block_left)
    }

    /// Keeps the current block's sum so far, `sum`, with `left` points still to come.
    #[inline(always)]
    pub fn hold(&mut self, sum: f64, left: usize) {
        (self.block_sum, self.block_left) = (sum, left);
    }

    /// Ends the current block, whose powers sum to `sum`: the fits' values, as
    /// [`PowerSmoother::push`] returns them at a block's last point.
    #[inline(always)]
    pub fn end_block(&mut self, ring: &mut PowerRing, sum: f64) -> [f64; STREAMS] {
        let x = sum * self.inv_block;
        (self.block_left, self.block_sum) = (self.block, 0.0);
        let ring = &mut *ring.0;
        let head = self.head & MASK;
        ring[head] = x;
        self.head = head + 1;
        let [short, long] = &mut self.fits;
        [short.push(ring, head, x), long.push(ring, head, x)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fit's centre value of `ys` around `c`, weight by weight.
    fn direct(n: usize, ys: &[f64], c: usize) -> f64 {
        let [g0, g2, g4] = centre_weights(n);
        (0..=2 * n)
            .map(|i| {
                let t = (i as f64 - n as f64) / n as f64;
                (g0 + g2 * t * t + g4 * t * t * t * t) * ys[c + i - n]
            })
            .sum()
    }

    #[test]
    fn weights_sum_to_one_and_keep_a_quartic() {
        for n in [2, 5, 40, 450] {
            let [g0, g2, g4] = centre_weights(n);
            let (mut sum, mut quartic) = (0.0, 0.0);
            for i in 0..=2 * n {
                let x = i as f64 - n as f64;
                let t = x / n as f64;
                let w = g0 + g2 * t * t + g4 * t * t * t * t;
                sum += w;
                // 3 − 2x + x² − 0.5x³ + 0.01x⁴ is 3 at the centre.
                quartic += w * (3.0 - 2.0 * x + x * x - 0.5 * x * x * x + 0.01 * x * x * x * x);
            }
            assert!((sum - 1.0).abs() < 1e-12, "n {n}: Σw = {sum}");
            assert!((quartic - 3.0).abs() < 1e-6 * (n as f64).powi(4), "n {n}: {quartic}");
        }
    }

    #[test]
    fn gives_each_fits_centred_value_after_its_half_width_and_nothing_before() {
        // 50 Hz: a block is a point; half-widths 10 and 23 (22.5 rounded up).
        let (mut s, mut ring) = (PowerSmoother::new(50.0), PowerRing::default());
        assert_eq!(s.delays(), [10, 23]);
        let ys: Vec<f64> = (0..400).map(|k| 100.0 * (k as f64 / 30.0).sin() + (k % 7) as f64).collect();
        for (k, &y) in ys.iter().enumerate() {
            let out = s.push(&mut ring, y, k == 0);
            for (j, n) in [10, 23].into_iter().enumerate() {
                if k < 2 * n {
                    assert!(out[j].is_nan(), "fit {j} at {k}");
                } else {
                    let want = direct(n, &ys, k - n);
                    assert!((out[j] - want).abs() < 1e-9 * want.abs().max(1.0), "fit {j} at {k}: {} vs {want}", out[j]);
                }
            }
        }
        // A segment starts over: nothing until its window fills.
        assert!(s.push(&mut ring, 1.0, true).iter().all(|v| v.is_nan()));
    }

    #[test]
    fn fits_the_mean_power_of_blocks_and_says_where_each_value_is_centred() {
        // 200 Hz: blocks of 4 points (50 a second), half-widths 10 and 23 blocks.
        let (mut s, mut ring) = (PowerSmoother::new(200.0), PowerRing::default());
        let delays = s.delays();
        assert_eq!(delays, [10 * 4 + 2, 23 * 4 + 2]);
        let ys: Vec<f64> = (0..2000).map(|k| 100.0 * (k as f64 / 90.0).sin() + (k % 7) as f64).collect();
        let blocks: Vec<f64> = ys.chunks(4).map(|b| b.iter().sum::<f64>() * 0.25).collect();
        for (k, &y) in ys.iter().enumerate() {
            let out = s.push(&mut ring, y, k == 0);
            for (j, n) in [10, 23].into_iter().enumerate() {
                if k % 4 != 3 || k / 4 < 2 * n {
                    assert!(out[j].is_nan(), "fit {j} at {k}");
                    continue;
                }
                // The value is centred on the middle of block k / 4 − n: its point 1 of 0–3.
                let centre_block = k / 4 - n;
                assert_eq!(k - delays[j], 4 * centre_block + 1);
                let want = direct(n, &blocks, centre_block);
                assert!((out[j] - want).abs() < 1e-9 * want.abs().max(1.0), "fit {j} at {k}: {} vs {want}", out[j]);
            }
        }
    }

    #[test]
    fn a_day_does_not_drift() {
        // 4.3 million blocks: a day at 50 blocks a second.
        let (mut s, mut ring) = (PowerSmoother::new(50.0), PowerRing::default());
        let n = half_widths(50.0);
        let ys: Vec<f64> = (0..4_320_000u64).map(|k| 200.0 * (k as f64 / 35.0).sin() + ((k * 7919) % 101) as f64 - 50.0).collect();
        let mut worst: f64 = 0.0;
        for (k, &y) in ys.iter().enumerate() {
            let out = s.push(&mut ring, y, k == 0);
            if k % 9973 == 0 && k >= 2 * n[1] {
                for j in 0..STREAMS {
                    let want = direct(n[j], &ys, k - n[j]);
                    worst = worst.max((out[j] - want).abs() / 200.0);
                }
            }
        }
        assert!(worst < 1e-9, "worst {worst}");
    }

    #[test]
    fn picks_the_long_fit_for_long_phases() {
        assert_eq!((stream_for(0.3), stream_for(0.749), stream_for(0.75), stream_for(2.0)), (0, 0, 1, 1));
        assert_eq!((block_points(10.0), block_points(74.9), block_points(75.0), block_points(200.0), block_points(1000.0)), (1, 1, 2, 4, 20));
        assert_eq!((half_widths(10.0), half_widths(74.9), half_widths(200.0), half_widths(1000.0)), ([2, 5], [15, 34], [10, 23], [10, 23]));
    }
}
