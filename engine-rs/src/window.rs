//! Smoothed power: what a phase's peak power is the peak of.
//!
//! Why smooth. A point's power P = τ·ω carries α, the difference of two consecutive filtered ω,
//! so the largest single P of a phase is mostly noise. Summed over a stretch, P·Δt telescopes
//! (it is the flywheel's change of kinetic energy, [`crate::derive`]): a plain mean of P over a
//! window W is ΔKE / W, whose noise comes from ω at the window's two ends only. That was the
//! estimator before this one (a trailing 100 ms mean): right on clean input, but the maximum of
//! a noisy curve sits above the curve, and on a slow heavy pull with a noisy, ticking, jittered
//! sensor it read peak power far beyond the accuracy test's bounds.
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
//! How close peak power and the eccentric/concentric peak-power ratio come to physics is held by
//! the physics-truth tests (`tests/unit/engine.accuracy.test.ts`: slow heavy and fast light
//! sets, every sensor from clean to noisy, ticking and jittered, 100–1000 Hz raw, on 100, 200
//! and 500 Hz grids; the median over a set's reps and the worst rep, each with its bound there).
//! What is left on clean input is the angle filter's flattening of ω's peak ([`crate::savgol`])
//! and the blocks' 20 ms. One fit of a single width in between would not hold those bounds on
//! both the slow heavy and the clean fast set: hence two.
//!
//! Phases. A phase's peak comes from that phase's samples only: the fits never reach across the
//! turn, a stop or a rest. Blocks are grouped in segments ([`segment_key`], taken at a block's
//! last point): still, or moving with the angle on one side of 0 and the disc turning one way,
//! which is one phase's movement (a pull, the rope going out, has the angle and ω of opposite
//! signs; a release the same signs). Still blocks get no smoothed power. Within a moving
//! segment, a block with a full window centred on it inside the segment gets the centred value
//! (its regular place, [`PowerSmoother::delays`] points after its centre); a block within n of
//! the segment's start or end gets the value, at that block, of the least-squares quartic over
//! the nearest full window inside the segment (its first or last), evaluated off the window's
//! centre, as Savitzky–Golay does at the ends of a record; a segment shorter than a window (and
//! at least `MIN_SEGMENT` (5) blocks) gets one quartic fitted to all its blocks. These come off
//! their regular place, in [`Run`]s of consecutive blocks carrying their centres, when the segment's first window
//! fills or when it ends; the rep detector adds them to the phase their centre lies in
//! ([`crate::reps::RepDetector::smoothed`]). Before, the centred fits ran over the whole
//! session, so a concentric's peak near its turn took in the eccentric's braking power (and the
//! other way round): on the Chronojump flywheel squat in `/work/shared/data/real` one rep's
//! concentric read 402 W where its own samples give 300 W.
//!
//! Missed encoder counts. A sensor that misses counts reads the disc slowing and speeding up
//! again within a few blocks, which no flywheel does within a phase: a rope only pulls, so in a
//! pull the disc can only speed up and in a release only slow down (friction aside). Such a dip
//! is a glitch, not braking: when a block's power returns to the phase's direction after blocks
//! against it, the stretch back to where the phase's direction holds in sum is given its mean
//! power throughout (`repair`): the energy it moved, spread evenly. The fits lag [`LAG`]
//! blocks (0.1 s) behind the newest block so that a repair within that reach comes before any fit
//! sees the blocks. The same squat's rep with a stretch of missed counts reads 300 W, 295 W with
//! those counts made uniform (its eccentric 521 W and 503 W).
//!
//! Power 0 but for rounding. Where the disc turns at a steady tick rate, a block's power is 0
//! but for rounding, and the repair must not decide by that rounding's sign. A block's power is
//! its ΔKE over its duration, I·(ω_b² − ω_a²)/2 over it, and ω is a filtered rate of angles of up
//! to thousands of degrees: it is known to a few ulps of the angle, not of itself, and a few ulps
//! of the angle (1e-12° at 2000°) move a steady block's power by up to 1e-10 of the real block
//! powers around it (7e-11 on the Chronojump squat, where the rounding itself left 3e-13). So a
//! block within `ROUNDING` (1e-9) of the largest |power| within the repair's reach counts as 0:
//! neither against the phase nor speeding the disc up; and a stretch's sum within that much per
//! block of 0 holds. A missed count moves a block by a good part of the power around it, far
//! above the bound. A stretch whose blocks are all rounding is spread among its own rounding at
//! most, which moves nothing.
//!
//! Delay. A centred value is known n + [`LAG`] blocks after its centre (0.2 s or 0.45 s, the
//! 0.1 s of the lag, and the rest of its block); the values near a segment's end come when the
//! segment ends, which is within a block of its phase's last moving point. So a phase's peak
//! power is final [`PowerSmoother::settle`] points (two blocks) after its movement's last point
//! ([`crate::reps`]), and a rep waits for it no longer than that.
//!
//! Cost. A fit needs five moments of the window; in the basis Σ C(u, p)·P_u (u = 0 at the
//! oldest block, C the binomial coefficient) Pascal's rule slides them by one block with one
//! multiplication and two additions each, the centre value is one dot product (an off-centre
//! value another, with that position's weights, `off_centre_weights`), and the moments are
//! summed afresh every [`RESUM_WINDOWS`] windows so rounding does not build up (what does within
//! that stretch is below 1e-10 of the values). Per grid point at 200 Hz, the two fits cost a
//! quarter of that and one addition.
//!
//! Segments of the grid. A segment of the grid (the session's, or either side of a gap) starts
//! every phase segment afresh: a block does not reach across it.

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
    // hz is validated (100–1000), so the quotient is a small non-negative number.
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

    /// Adds the block in ring slot `head`, `x`, and returns the value at the window's centre (NaN
    /// until the segment fills the window).
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

/// The fitted quartic's value at window position u (0 the oldest block), from the fit's moments
/// `m` and `weights`, u's row of `off_centre_weights`.
#[inline(always)]
fn value_at(m: &[f64; 5], weights: &[f64; 5]) -> f64 {
    weights[0] * m[0] + weights[1] * m[1] + weights[2] * m[2] + weights[3] * m[3] + weights[4] * m[4]
}

/// The smoothed powers of consecutive blocks of a segment, each centred before or after the
/// regular place of its value (see the module notes, Phases): emitted with the point `due`, for
/// fit `stream`, the first centred on point `centre` and each next `step` points (a block) later;
/// the values are `len` of [`PowerRing::values`] from `at` on. Runs rather than one record a
/// value: a segment's end brings dozens, made and taken in loops without a test or a call a
/// value ([`crate::reps::RepDetector::smoothed`] splits a run where the phases' bounds fall).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// Global index of the point after which they are known.
    pub due: u64,
    /// Global index of the point the first is centred on (its block's middle point).
    pub centre: u64,
    /// Points from one value's centre to the next's.
    pub step: u64,
    /// The fit, an index into [`PEAK_POWER_HALF_WIDTHS_S`].
    pub stream: usize,
    /// Where the values start in [`PowerRing::values`], and how many there are (at least one).
    pub at: usize,
    /// How many there are.
    pub len: usize,
}

/// The latest powers, in a ring the size of the longest window, each block's first point, the
/// fits' weights off their window's centre, and the values the smoother emitted off their
/// regular place. Apart from the smoother, so that a caller can keep the smoother's few numbers
/// in locals across a block without copying kilobytes.
#[derive(Clone, Debug)]
pub struct PowerRing {
    powers: Box<[f64; RING]>,
    starts: Box<[u64; RING]>,
    weights: [Vec<[f64; 5]>; STREAMS],
    /// Values emitted off their regular place since the caller last took them.
    pub extras: Extras,
}

/// Smoothed powers emitted off their regular place, in [`Run`]s by `due`.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// The runs, in the order they came.
    pub runs: Vec<Run>,
    /// The runs' values, W.
    pub values: Vec<f64>,
}

impl PowerRing {
    /// The ring for the fits of `smoother`.
    pub fn new(smoother: &PowerSmoother) -> PowerRing {
        PowerRing {
            powers: Box::new([0.0; RING]),
            starts: Box::new([0; RING]),
            weights: smoother.fits.map(|f| off_centre_weights(f.len / 2)),
            extras: Extras { runs: Vec::with_capacity(RING), values: Vec::with_capacity(4 * RING) },
        }
    }

    /// The centre of the block in ring slot `slot`, for blocks of `block` points: its middle
    /// point (the earlier of two).
    #[inline(always)]
    fn centre(&self, slot: usize, block: usize) -> u64 {
        self.starts[slot & MASK] + ((block - 1) / 2) as u64
    }
}

impl Extras {
    /// Forgets the runs, once taken.
    pub fn clear(&mut self) {
        self.runs.clear();
        self.values.clear();
    }

    /// Adds a run of fit `stream`'s `values`, the first centred on `centre`: the values come
    /// from an iterator of known length, so the vector grows (if at all) once, not at each.
    #[inline(always)]
    fn run(&mut self, due: u64, (centre, step): (u64, u64), stream: usize, values: impl ExactSizeIterator<Item = f64>) {
        let (at, len) = (self.values.len(), values.len());
        if len > 0 {
            self.values.extend(values);
            self.runs.push(Run { due, centre, step, stream, at, len });
        }
    }

    /// Adds fit `stream`'s run of the same values as the run last added (a short segment's one
    /// fit, which both fits take).
    fn again(&mut self, stream: usize) {
        if let Some(&last) = self.runs.last() {
            self.runs.push(Run { stream, ..last });
        }
    }
}

/// For each position u = 0..=2n of a window of 2n + 1 blocks, the weights on the fit's moments
/// (Σ C(v, p)·P_v, v the block in the window) that give the least-squares quartic's value at u.
/// The value is Σ_v w_u(v)·P_v with w_u(v) = a(u)ᵀ·G⁻¹·a(v), a quartic in v, so in Newton's
/// forward differences Σ_p Δᵖw_u(0)·C(v, p): the weights are Δᵖw_u(0).
fn off_centre_weights(n: usize) -> Vec<[f64; 5]> {
    let scale = |v: usize| (v as f64 - n as f64) / n as f64;
    let powers = |t: f64| [1.0, t, t * t, t * t * t, t * t * t * t];
    let mut g = [[0.0; 5]; 5];
    for v in 0..=2 * n {
        let a = powers(scale(v));
        for i in 0..5 {
            for j in 0..5 {
                g[i][j] += a[i] * a[j];
            }
        }
    }
    (0..=2 * n)
        .map(|u| {
            // G·c = a(u): w_u(v) = c·a(v).
            let c = solve(g, powers(scale(u)));
            let w: [f64; 5] = core::array::from_fn(|v| c.iter().zip(powers(scale(v))).map(|(c, a)| c * a).sum());
            core::array::from_fn(|p| (0..=p).map(|i| if (p - i) % 2 == 1 { -1.0 } else { 1.0 } * choose(p as f64, i) * w[i]).sum())
        })
        .collect()
}

/// x with G·x = b, G symmetric positive definite (Cholesky).
fn solve(g: [[f64; 5]; 5], b: [f64; 5]) -> [f64; 5] {
    let mut l = [[0.0; 5]; 5];
    for i in 0..5 {
        for j in 0..=i {
            let sum: f64 = (0..j).map(|k| l[i][k] * l[j][k]).sum();
            l[i][j] = if i == j { (g[i][i] - sum).max(0.0).sqrt() } else { (g[i][j] - sum) / l[j][j] };
        }
    }
    let mut y = [0.0; 5];
    for i in 0..5 {
        y[i] = (b[i] - (0..i).map(|k| l[i][k] * y[k]).sum::<f64>()) / l[i][i];
    }
    let mut x = [0.0; 5];
    for i in (0..5).rev() {
        x[i] = (y[i] - (i + 1..5).map(|k| l[k][i] * x[k]).sum::<f64>()) / l[i][i];
    }
    x
}

/// Fewest blocks a segment needs for a value at all: five fix a quartic.
const MIN_SEGMENT: usize = 5;

/// The kind of a block's segment ([`PowerSmoother::end_block`]): still, or moving with the angle
/// on one side of 0 and the disc turning one way (so the rope going out or winding back). Power
/// is smoothed within a segment only.
#[inline(always)]
pub fn segment_key(moving: bool, angle_deg: f64, omega: f64) -> u8 {
    if moving {
        1 + u8::from(angle_deg < 0.0) + 2 * u8::from(omega < 0.0)
    } else {
        STILL
    }
}

/// Whether a moving segment's key is a pull: |angle| falling, the angle and ω of opposite signs.
#[inline(always)]
fn pulls(key: u8) -> bool {
    key == 2 || key == 3
}

/// Blocks a block's power may still be repaired after it came, and so blocks the fits lag behind
/// the newest: a stretch of missed encoder counts the flywheel "recovers" from within this many
/// blocks (0.1 s at 50 blocks a second) is repaired before any fit sees it (`repair`).
pub const LAG: usize = 5;

/// The key of still blocks, which get no smoothed power.
const STILL: u8 = 0;

/// The key before the first block and after a gap: no segment.
const NONE: u8 = u8::MAX;

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
    /// The current segment: its key ([`segment_key`]), its blocks so far, and how many of them
    /// the fits have taken ([`LAG`] fewer while it goes on).
    key: u8,
    blocks: usize,
    fed: usize,
    /// How many of the segment's newest blocks go the phase's way, unchanged since they came:
    /// while they are all a repair can reach, there is nothing to repair, found without
    /// reading them again.
    agree: usize,
}

impl PowerSmoother {
    /// A smoother of the fits at `hz` ([`block_points`], [`half_widths`]).
    pub fn new(hz: f64) -> PowerSmoother {
        let (block, n) = (block_points(hz), half_widths(hz));
        // A block's value is centred on its middle point (the earlier of two), and comes with
        // the last point of the block n blocks later.
        let delays = n.map(|n| (n + LAG) * block + (block - 1) - (block - 1) / 2);
        PowerSmoother { block, inv_block: 1.0 / block as f64, block_left: block, block_sum: 0.0, head: 0, fits: n.map(Fit::new), delays, key: NONE, blocks: 0, fed: 0, agree: 0 }
    }

    /// Points after a phase's last moving point by which every smoothed power centred in it has
    /// come: its segment ends within a block of it, and the segment's last values come then
    /// ([`PowerSmoother::flush`]).
    pub fn settle(&self) -> usize {
        2 * self.block
    }

    /// How many points after its centre each fit's regular value comes.
    pub fn delays(&self) -> [usize; STREAMS] {
        self.delays
    }

    /// Adds point `index`'s power (`first`: a segment of the grid starts there; `key`: its
    /// [`segment_key`]) and returns each fit's value centred [`PowerSmoother::delays`] points
    /// before it: at the last point of each block, where the segment has a centred window there;
    /// NaN otherwise. Values off their regular place go to `ring.extras`. `ring` is always the
    /// same one.
    #[inline(always)]
    pub fn push(&mut self, ring: &mut PowerRing, power: f64, first: bool, key: u8, index: u64) -> [f64; STREAMS] {
        if first {
            self.flush(ring, index);
            (self.block_left, self.block_sum) = (self.block, 0.0);
        }
        self.block_sum += power;
        self.block_left -= 1;
        if self.block_left > 0 {
            return [f64::NAN; STREAMS];
        }
        let sum = self.block_sum;
        self.end_block(ring, sum, key, index)
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

    /// Ends the current block, whose powers sum to `sum`, whose last point is `index` and whose
    /// segment key that point's ([`segment_key`]): the fits' values, as [`PowerSmoother::push`]
    /// returns them at a block's last point.
    #[inline(always)]
    pub fn end_block(&mut self, ring: &mut PowerRing, sum: f64, key: u8, index: u64) -> [f64; STREAMS] {
        let x = sum * self.inv_block;
        (self.block_left, self.block_sum) = (self.block, 0.0);
        if key != self.key {
            self.flush(ring, index);
            self.key = key;
        }
        let head = self.head & MASK;
        ring.powers[head] = x;
        ring.starts[head] = index + 1 - self.block as u64;
        self.head = head + 1;
        self.blocks += 1;
        if key == STILL {
            return [f64::NAN; STREAMS];
        }
        let (reach, pull) = (self.blocks.min(LAG + 1), pulls(key));
        self.agree = if (if pull { x } else { -x }) >= 0.0 { self.agree + 1 } else { 0 };
        if self.agree < reach && repair(&mut ring.powers, head, reach, pull) {
            self.agree = 0;
        }
        if self.blocks <= LAG {
            return [f64::NAN; STREAMS];
        }
        self.feed(ring, (head + RING - LAG) & MASK, index)
    }

    /// The fits take the block in slot `slot`, the segment's next: their regular values, and
    /// when their window first fills, the values of its first n blocks off its centre.
    #[inline(always)]
    fn feed(&mut self, ring: &mut PowerRing, slot: usize, index: u64) -> [f64; STREAMS] {
        self.fed += 1;
        let (fed, x) = (self.fed, ring.powers[slot]);
        let [short, long] = &mut self.fits;
        let values = [short.push(&ring.powers, slot, x), long.push(&ring.powers, slot, x)];
        if fed == self.fits[0].len || fed == self.fits[1].len {
            self.first_window(ring, slot, index);
        }
        values
    }

    /// A fit's window first filled within the segment with the block in slot `slot`: the
    /// values of its first n blocks, off its centre. Once a segment a fit: out of the loops.
    #[cold]
    #[inline(never)]
    fn first_window(&self, ring: &mut PowerRing, slot: usize, index: u64) {
        for (j, fit) in self.fits.iter().enumerate() {
            if self.fed == fit.len {
                let n = fit.len / 2;
                let centre = ring.centre(slot + RING - 2 * n, self.block);
                // The moments copied, so that they stay in locals while the values are stored.
                let m = fit.moments;
                let values = ring.weights[j][..n].iter().map(|w| value_at(&m, w));
                ring.extras.run(index, (centre, self.block as u64), j, values);
            }
        }
    }

    /// Ends the segment in progress (at point `index`, the first not in it): the values of its
    /// blocks that have none yet, each from the fit within the segment nearest its block (the
    /// last full window, evaluated off its centre; or, for a segment shorter than a window, one
    /// fit of all its blocks), into `ring.extras`. Then no segment is open. A few times a
    /// rep: out of the loops.
    #[cold]
    #[inline(never)]
    pub fn flush(&mut self, ring: &mut PowerRing, index: u64) {
        let (blocks, last) = (self.blocks, (self.head + RING - 1) & MASK);
        if self.key != STILL && self.key != NONE && blocks >= MIN_SEGMENT {
            let step = self.block as u64;
            // The blocks the fits lagged behind, as they would have come (at most LAG). Each
            // fit's values before its window fills are NaN (its moments are), so the values of
            // each fit come in order: its first window's (`feed`), then these, then the last
            // window's below.
            let (mut lagged, mut slots, mut count) = ([[f64::NAN; LAG]; STREAMS], [0; LAG], 0);
            while self.fed < blocks && count < LAG {
                let slot = (last + RING + 1 + self.fed - blocks) & MASK;
                let values = self.feed(ring, slot, index);
                (slots[count], count) = (slot, count + 1);
                for j in 0..STREAMS {
                    lagged[j][count - 1] = values[j];
                }
            }
            for (j, fit) in self.fits.iter().enumerate() {
                let mut k = 0;
                while k < count {
                    // A stretch of values that are not NaN (NaN from non-finite powers too).
                    let start = k;
                    while k < count && !lagged[j][k].is_nan() {
                        k += 1;
                    }
                    if k > start {
                        let centre = ring.centre(slots[start] + RING - fit.len / 2, self.block);
                        ring.extras.run(index, (centre, step), j, lagged[j][start..k].iter().copied());
                    }
                    k += 1;
                }
            }
            let mut whole = false;
            for (j, fit) in self.fits.iter().enumerate() {
                let n = fit.len / 2;
                if blocks >= fit.len {
                    // The window ending at the last block: its centre had its value, its last n
                    // blocks did not.
                    let centre = ring.centre(last + RING + n + 2 - fit.len, self.block);
                    let m = fit.moments;
                    let values = ring.weights[j][n + 1..fit.len].iter().map(|w| value_at(&m, w));
                    ring.extras.run(index, (centre, step), j, values);
                } else if whole {
                    // Shorter than this fit's window too: the same fit of all its blocks.
                    ring.extras.again(j);
                } else {
                    let first = (last + RING + 1 - blocks) & MASK;
                    let centre = ring.centre(first, self.block);
                    let values = whole_fit(&ring.powers, first, blocks);
                    ring.extras.run(index, (centre, step), j, values[..blocks].iter().copied());
                    whole = true;
                }
            }
        }
        (self.key, self.blocks, self.fed, self.agree) = (NONE, 0, 0, 0);
        self.fits.iter_mut().for_each(Fit::restart);
    }
}

/// A block power within this of the largest |power| within the repair's reach is 0 to the repair
/// (see the module notes, Power 0 but for rounding).
const ROUNDING: f64 = 1e-9;

/// Missed encoder counts: the sensor reads the disc slowing down and speeding up again, which a
/// flywheel cannot do within a phase (a rope can only pull: in a pull the disc only speeds up,
/// in a release only slows down, friction aside). When the newest block (ring slot `head`, the
/// last `len` of the segment's blocks reachable) speeds the disc up after blocks that went
/// against the phase's direction (`pull`), or speeds it up in a release, the stretch back to the
/// first block from which the phase's direction holds again, in all, gets its mean power
/// throughout: the energy it moved, spread evenly, as a steady pull or braking would. (A
/// slow-down at the end of a pull that nothing puts back, the rope going slack before the turn,
/// stays as it is.) A block within `zero` of 0 is 0, and so is a sum of k blocks within k·`zero`
/// ([`ROUNDING`]). True when it changed blocks.
#[inline(always)]
fn repair(ring: &mut [f64; RING], head: usize, len: usize, pull: bool) -> bool {
    let sign = if pull { 1.0 } else { -1.0 };
    let at = |k: usize| (head + RING - k) & MASK;
    // Most blocks have every block in reach the phase's way, and nothing to repair: found
    // without the largest |power| (what follows would find no block against the phase).
    if (0..len).all(|k| sign * ring[at(k)] >= 0.0) {
        return false;
    }
    let zero = ROUNDING * (0..len).map(|k| ring[at(k)].abs()).fold(0.0, peak);
    if ring[at(0)] <= zero {
        return false;
    }
    // The latest block against the phase's direction, k blocks back.
    let Some(against) = (0..len).find(|&k| sign * ring[at(k)] < -zero) else { return false };
    let mut sum = 0.0;
    for k in 0..len {
        sum += sign * ring[at(k)];
        if k >= against && sum >= -zero * (k + 1) as f64 {
            let mean = sign * sum / (k + 1) as f64;
            for i in 0..=k {
                ring[at(i)] = mean;
            }
            return true;
        }
    }
    false
}

/// The least-squares quartic through the `len` block powers from ring slot `first` on (5 ≤ len <
/// the ring), evaluated at each of them: a segment shorter than a fit's window, smoothed as a
/// whole.
fn whole_fit(ring: &[f64; RING], first: usize, len: usize) -> [f64; 2 * MAX_HALF_WIDTH + 1] {
    let half = (len as f64 - 1.0) / 2.0;
    let powers = |k: usize| {
        let t = (k as f64 - half) / half;
        [1.0, t, t * t, t * t * t, t * t * t * t]
    };
    let (mut g, mut b) = ([[0.0; 5]; 5], [0.0; 5]);
    for k in 0..len {
        let (a, y) = (powers(k), ring[(first + k) & MASK]);
        for i in 0..5 {
            b[i] += a[i] * y;
            for j in 0..5 {
                g[i][j] += a[i] * a[j];
            }
        }
    }
    let c = solve(g, b);
    let mut out = [f64::NAN; 2 * MAX_HALF_WIDTH + 1];
    for (k, o) in out.iter_mut().enumerate().take(len) {
        *o = c.iter().zip(powers(k)).map(|(c, a)| c * a).sum();
    }
    out
}

/// The larger of a running peak (never NaN) and `x`: `f64::max` without its NaN handling, which
/// a WebAssembly engine compiles to a chain of branches (a NaN `x` leaves the peak, as there).
#[inline(always)]
pub(crate) fn peak(peak: f64, x: f64) -> f64 {
    if x > peak {
        x
    } else {
        peak
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

    /// The key of a pull ([`segment_key`]): positive power is its own, and nothing is repaired.
    const PULL: u8 = 3;

    #[test]
    fn gives_each_fits_centred_value_after_its_half_width_and_nothing_before() {
        // 50 Hz: a block is a point; half-widths 10 and 23 (22.5 rounded up), then the lag.
        let mut s = PowerSmoother::new(50.0);
        let mut ring = PowerRing::new(&s);
        assert_eq!(s.delays(), [10 + LAG, 23 + LAG]);
        let ys: Vec<f64> = (0..400).map(|k| 200.0 + 100.0 * (k as f64 / 30.0).sin() + (k % 7) as f64).collect();
        for (k, &y) in ys.iter().enumerate() {
            let out = s.push(&mut ring, y, k == 0, PULL, k as u64);
            for (j, n) in [10, 23].into_iter().enumerate() {
                if k < 2 * n + LAG {
                    assert!(out[j].is_nan(), "fit {j} at {k}");
                } else {
                    let want = direct(n, &ys, k - n - LAG);
                    assert!((out[j] - want).abs() < 1e-9 * want.abs().max(1.0), "fit {j} at {k}: {} vs {want}", out[j]);
                }
            }
        }
        // A segment starts over: nothing until its window fills.
        assert!(s.push(&mut ring, 1.0, true, PULL, 400).iter().all(|v| v.is_nan()));
    }

    #[test]
    fn fits_the_mean_power_of_blocks_and_says_where_each_value_is_centred() {
        // 200 Hz: blocks of 4 points (50 a second), half-widths 10 and 23 blocks, then the lag.
        let mut s = PowerSmoother::new(200.0);
        let mut ring = PowerRing::new(&s);
        let delays = s.delays();
        assert_eq!(delays, [(10 + LAG) * 4 + 2, (23 + LAG) * 4 + 2]);
        let ys: Vec<f64> = (0..2000).map(|k| 200.0 + 100.0 * (k as f64 / 90.0).sin() + (k % 7) as f64).collect();
        let blocks: Vec<f64> = ys.chunks(4).map(|b| b.iter().sum::<f64>() * 0.25).collect();
        for (k, &y) in ys.iter().enumerate() {
            let out = s.push(&mut ring, y, k == 0, PULL, k as u64);
            for (j, n) in [10, 23].into_iter().enumerate() {
                if k % 4 != 3 || k / 4 < 2 * n + LAG {
                    assert!(out[j].is_nan(), "fit {j} at {k}");
                    continue;
                }
                // The value is centred on the middle of block k / 4 − n − LAG: its point 1 of 0–3.
                let centre_block = k / 4 - n - LAG;
                assert_eq!(k - delays[j], 4 * centre_block + 1);
                let want = direct(n, &blocks, centre_block);
                assert!((out[j] - want).abs() < 1e-9 * want.abs().max(1.0), "fit {j} at {k}: {} vs {want}", out[j]);
            }
        }
    }

    #[test]
    fn a_day_does_not_drift() {
        // 4.3 million blocks: a day at 50 blocks a second.
        let mut s = PowerSmoother::new(50.0);
        let mut ring = PowerRing::new(&s);
        let n = half_widths(50.0);
        let ys: Vec<f64> = (0..4_320_000u64).map(|k| 300.0 + 200.0 * (k as f64 / 35.0).sin() + ((k * 7919) % 101) as f64 - 50.0).collect();
        let mut worst: f64 = 0.0;
        for (k, &y) in ys.iter().enumerate() {
            let out = s.push(&mut ring, y, k == 0, PULL, k as u64);
            if k % 9973 == 0 && k >= 2 * n[1] + LAG {
                for j in 0..STREAMS {
                    let want = direct(n[j], &ys, k - n[j] - LAG);
                    worst = worst.max((out[j] - want).abs() / 200.0);
                }
            }
        }
        assert!(worst < 1e-9, "worst {worst}");
    }

    /// The least-squares quartic through `ys[from..=to]`, evaluated at `at`: the off-centre value
    /// the smoother must give, from a fit of plain powers.
    #[allow(clippy::needless_range_loop)] // the normal equations read best by index
    fn fitted(ys: &[f64], (from, to): (usize, usize), at: usize) -> f64 {
        let powers = |x: f64| [1.0, x, x * x, x * x * x, x * x * x * x];
        let scale = |k: usize| (k as f64 - at as f64) / 10.0;
        let (mut g, mut b) = ([[0.0; 5]; 5], [0.0; 5]);
        for k in from..=to {
            let a = powers(scale(k));
            for i in 0..5 {
                b[i] += a[i] * ys[k];
                for j in 0..5 {
                    g[i][j] += a[i] * a[j];
                }
            }
        }
        solve(g, b)[0]
    }

    #[test]
    #[allow(clippy::needless_range_loop)] // c is a point index as much as got's
    fn smooths_within_a_segment_only_its_edges_off_the_centre_of_the_nearest_window_inside() {
        // 50 Hz: a block is a point; half-widths 10 and 23. A moving segment of 80 blocks, one of
        // 30 (shorter than the long window: one fit of it all), then still blocks; the powers of
        // one segment are huge, so that any reach across shows.
        let mut s = PowerSmoother::new(50.0);
        let mut ring = PowerRing::new(&s);
        let ys: Vec<f64> = (0..130).map(|k| if (80..110).contains(&k) { 1e6 + (k as f64).powi(2) } else { 200.0 + 100.0 * (k as f64 / 13.0).sin() }).collect();
        let key = |k: usize| if k < 80 { PULL } else if k < 110 { 2 } else { 0 };
        let mut got = vec![[f64::NAN; STREAMS]; ys.len()];
        for (k, &y) in ys.iter().enumerate() {
            let regular = s.push(&mut ring, y, k == 0, key(k), k as u64);
            for (j, n) in [10, 23].into_iter().enumerate() {
                if !regular[j].is_nan() {
                    got[k - n - LAG][j] = regular[j];
                }
            }
            for r in &ring.extras.runs {
                assert!(r.due <= k as u64, "known once its point has come");
                for (u, &x) in ring.extras.values[r.at..r.at + r.len].iter().enumerate() {
                    let centre = (r.centre + u as u64 * r.step) as usize;
                    assert!(got[centre][r.stream].is_nan(), "one value a block");
                    got[centre][r.stream] = x;
                }
            }
            ring.extras.clear();
        }
        for (j, n) in [10usize, 23].into_iter().enumerate() {
            for c in 0..130 {
                let want = match c {
                    // The first segment: centred, or its first or last full window off-centre.
                    0..80 => fitted(&ys, (c.clamp(n, 79 - n) - n, c.clamp(n, 79 - n) + n), c),
                    // The short one: a window of 21 fits in it, one of 47 does not.
                    80..110 if n == 10 => fitted(&ys, (c.clamp(80 + n, 109 - n) - n, c.clamp(80 + n, 109 - n) + n), c),
                    80..110 => fitted(&ys, (80, 109), c),
                    _ => f64::NAN,
                };
                let v = got[c][j];
                assert!(want.is_nan() && v.is_nan() || (v - want).abs() < 1e-6 * want.abs().max(1.0), "fit {j} block {c}: {v} vs {want}");
            }
        }
    }

    /// Feeds `powers` block by block to [`repair`] as a pull or a release does, and asserts the
    /// ring ends as `want`.
    fn check(pull: bool, powers: &[f64], want: &[f64]) {
        let mut ring = [0.0; RING];
        for (k, &p) in powers.iter().enumerate() {
            ring[k] = p;
            repair(&mut ring, k, (k + 1).min(LAG + 1), pull);
        }
        for (k, (&got, &want)) in ring.iter().zip(want).enumerate() {
            assert!((got - want).abs() < 1e-12, "pull {pull}: block {k}: {got} vs {want} ({:?})", &ring[..powers.len()]);
        }
    }

    #[test]
    fn spreads_a_slow_down_the_disc_recovers_from_over_the_blocks_it_took() {
        // Blocks a pull (power its own, positive) and a release (negative) could have, with a
        // dip of missed counts in each: the sensor reads the disc slowing (a pull's power
        // negative) or the braking deepening, then speeding up again.
        // A pull: +10, +10, then −30 and −10 (the dip), +30, +20 (back): spread over the dip and
        // what put it back, from the first block from which the pull holds in all.
        check(true, &[10.0, 10.0, -30.0, -10.0, 30.0, 20.0], &[10.0, 10.0, 2.5, 2.5, 2.5, 2.5]);
        // A pull that slows down at its end and never speeds up again: as it was.
        check(true, &[10.0, 10.0, -5.0, -5.0], &[10.0, 10.0, -5.0, -5.0]);
        // A release braking at −10, a dip to −40 then +30 back: the braking spread over them.
        check(false, &[-10.0, -10.0, -40.0, 30.0, -10.0], &[-10.0, -10.0, -5.0, -5.0, -10.0]);
    }

    #[test]
    fn leaves_blocks_whose_power_is_zero_but_for_rounding_and_still_spreads_a_real_dip() {
        // Steady ticks: blocks ±1e-12 W around 0 after real power. Against the phase by the
        // rounding's sign, they would take a share of the real blocks: the release's −40 spread
        // with the +1e-12 after it to −20 twice, the pull's +30 with the −1e-12 before it to 15.
        let release = [-50.0, -40.0, 1e-12, -1e-12, 2e-12, -1e-12, 1e-12, -30.0];
        check(false, &release, &release);
        let pull = [50.0, 40.0, 1e-12, -1e-12, 2e-12, -1e-12, 30.0];
        check(true, &pull, &pull);
        // A stretch that puts back what a dip took, to rounding (−5, then +5 less 1e-14): the
        // pull holds over those two, which share their ~0, and the 10 before stays as it is.
        check(true, &[10.0, -5.0, 5.0 - 1e-14], &[10.0, 0.0, 0.0]);
        // A real dip among rounding: −20 against the pull, then +30 back, spread over the three.
        check(true, &[40.0, 1e-12, -20.0, 1e-12, 30.0], &[40.0, 1e-12, 10.0 / 3.0, 10.0 / 3.0, 10.0 / 3.0]);
    }

    #[test]
    fn picks_the_long_fit_for_long_phases() {
        assert_eq!((stream_for(0.3), stream_for(0.749), stream_for(0.75), stream_for(2.0)), (0, 0, 1, 1));
        assert_eq!((block_points(10.0), block_points(74.9), block_points(75.0), block_points(200.0), block_points(1000.0)), (1, 1, 2, 4, 20));
        assert_eq!((half_widths(10.0), half_widths(74.9), half_widths(200.0), half_widths(1000.0)), ([2, 5], [15, 34], [10, 23], [10, 23]));
    }
}
