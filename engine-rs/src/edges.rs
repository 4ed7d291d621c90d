//! When the rope starts moving from rest and when it comes to rest, to a fraction of a step.
//!
//! Why. A phase's duration is the denominator of every mean it reports, and the grid cannot
//! place its rest edges well: the low-pass filter ([`crate::savgol`]) spreads a start over its
//! ±50 ms window, so |ω| crosses any threshold tens of milliseconds early on a quick pull and
//! late on a slow one; at 100 Hz one step is already 2 % of a fast 0.45 s pull. Only the rest
//! edges need this: the turn, rope fully out, is timed where the filtered angle crosses 0
//! ([`crate::reps`]).
//!
//! How. Movements are found on the grid by the phases' own rule ([`crate::phase`]: |ω| at
//! least [`crate::settings::REST_OMEGA_RAD_S`], confirmed once the run has travelled [`MOVE_CONFIRM_DEG`]). An
//! onset is then timed by fitting the resampled angle over [`EDGE_REST_S`] before the run's
//! first point and [`EDGE_MOVE_S`] after it with "rest, then motion from rest at constant
//! acceleration" (θ = θ0 before t0, θ0 + c·(t − t0)² after) by least squares: the t0 with the
//! least squared error, between grid points by a parabola through the errors. The fit uses every
//! point of the window, so it averages a noisy rest and an encoder's ticks instead of waiting for
//! one sample to stand out, and it reads the angle before the smoothing that spreads the edge.
//! The rest side of a fit ends at the neighbouring movement. The resampled angle is fitted on the
//! grid's clock and reported on the filtered angle's, which lags it by the 4-point smoothing
//! buffer's 1.5 steps.
//!
//! Where a movement ends (the end of every eccentric). The rope stops where the rest after it
//! begins: the instant the angle reaches the level it rests at, whatever speed it arrived with.
//! A rope starts from rest at 0 speed, but it does not always stop at 0 speed: an athlete who
//! brakes harder towards the end of the eccentric (the braking power of a flywheel squat peaks
//! late), or catches the rope while it still moves, stops it with the deceleration rising to
//! the end or with speed left, and a rope stopped hard (a clamp, the end of its travel) stops
//! at full speed. So a stop is fitted as "motion into rest with speed b ≥ 0 and constant
//! deceleration": θ0 + b·k + c·k² before the stop (k steps back from it), θ0 after, which holds
//! the constant braking of a smooth stop (b = 0) and every harder one. Fitted as constant
//! deceleration into rest alone, a stop that arrives harder is bent into a parabola that ends
//! late, and every such eccentric read slow at every grid rate. The speed term is taken only
//! with the sign of the motion (a negative speed would have the rope reverse into its rest) and
//! where the data show it above the noise (`SPEED_FIT_SIGNIFICANCE`).
//! The fit is made twice: first as constant deceleration alone (it only places the second
//! pass's window), over the movement as the filtered ω ends it (which lags a hard
//! stop by the filter's half-width, so that window reaches [`EDGE_MOVE_S`] and the filter's
//! spread back), then over the last [`EDGE_TRAVEL_DEG`] of motion before the first pass's
//! stop (at least [`EDGE_STOP_MIN_POINTS`], and a third of the first's motion side more, by
//! which the quadratic may end a stop at speed late) and the rest after it: the closer to the stop, the
//! better a speed and a constant deceleration follow any approach to it, and a stretch of travel
//! rather than of time holds as much of a slow heavy stop (which moves a few degrees in the last
//! tenths of a second) above the sensor's noise as of a fast one. How exact that is, at each grid
//! rate on clean and noisy sensors, is what `engine-rs/src/tests/accuracy.rs` holds it to
//! (`an_eccentric_braked_harder_towards_its_end_ends_where_the_rope_stops`, against the
//! motions of `engine-rs/src/tests/truth.rs`) and `tests/unit/engine.accuracy.test.ts` through the oracle.
//!
//! The fit waits for its window: an onset is timed [`EDGE_MOVE_S`] after it, a stop
//! [`EDGE_REST_S`] after it (or when the next movement starts, if sooner), long before the
//! phases that need them close. Memory is bounded: a ring of the last window's points and the
//! last [`EDGE_HISTORY`] movements.

use crate::settings::{EDGE_HISTORY, EDGE_MOVE_S, EDGE_REST_S, EDGE_STOP_MIN_POINTS, EDGE_TRAVEL_DEG, FILTER_MAX_HALF_WIDTH, HZ_MAX, MOVE_CONFIRM_DEG};

/// Largest window of a fit, points (at [`HZ_MAX`]): the rest side, and a stop's motion side
/// with the spread of the filter and the buffer (see [`Edges::new`]).
const MAX_WINDOW: usize = (EDGE_REST_S * HZ_MAX) as usize + (EDGE_MOVE_S * HZ_MAX) as usize + FILTER_MAX_HALF_WIDTH + 5;

/// Slots of the ring: a power of two at least [`MAX_WINDOW`], so a slot is an index masked.
const RING: usize = 512;
const MASK: usize = RING - 1;
const _: () = assert!(MAX_WINDOW <= RING);

/// The instant within the points' times that best splits them into rest and motion: motion
/// from rest after it for an onset (`sign` 1), motion into rest before it for a stop (`sign`
/// −1). The points are on the grid (equally spaced). For each grid point j as the split, the
/// least-squares fit of θ0 + c·k² (k steps of motion past j, 0 at rest), and for a stop also
/// θ0 + b·k + c·k² (see the module notes), is solved from suffix sums, so all splits cost one
/// pass; the split with the least squared error is refined between its neighbours by a parabola
/// through their errors. NaN when there is no motion to fit.
pub fn change_point(t: &[f64], x: &[f64], sign: f64) -> f64 {
    fit(t.len().min(x.len()), |k| t[k], |k| x[k], sign, sign < 0.0, None, &mut Scratch::new()).0
}

/// The sums of powers of u = 1..=m, and their products that a fit's splits use, for a split with
/// m points of motion (a column each, row m): they depend on m alone, so every fit reads them from
/// one table instead of computing them at every split (the same operations on the same integers:
/// the same bits). Columns, so that a split's errors are computed two at a time where the build
/// has SIMD.
#[derive(Clone, Debug)]
struct Moments {
    s2: [f64; MAX_WINDOW],
    s3: [f64; MAX_WINDOW],
    s4: [f64; MAX_WINDOW],
    s2s2: [f64; MAX_WINDOW],
    s1s2: [f64; MAX_WINDOW],
    s1s1: [f64; MAX_WINDOW],
    /// The adjugate's entries of the at-speed fit that do not involve the window's length n,
    /// and the two products of its determinant that do not either.
    c00: [f64; MAX_WINDOW],
    c01: [f64; MAX_WINDOW],
    c02: [f64; MAX_WINDOW],
    s1c01: [f64; MAX_WINDOW],
    s2c02: [f64; MAX_WINDOW],
}

/// A fit's splits, by their points of motion (row m for the split with m): the sums of the motion
/// side that the fits read ([`splits`]), and each fit's squared error.
#[derive(Clone, Debug)]
struct Work {
    r1: [f64; MAX_WINDOW],
    r2: [f64; MAX_WINDOW],
    plain: [f64; MAX_WINDOW],
    speed: [f64; MAX_WINDOW],
}

/// What a fit works in: a copy of its window and its Σv and Σv², the [`Moments`] of every split,
/// and its splits' [`Work`].
#[derive(Clone, Debug)]
struct Scratch {
    points: [f64; MAX_WINDOW],
    sums: (f64, f64),
    moments: Moments,
    work: Work,
}

impl Scratch {
    fn new() -> Box<Scratch> {
        let column = [0.0; MAX_WINDOW];
        let mut m = Moments { s2: column, s3: column, s4: column, s2s2: column, s1s2: column, s1s1: column, c00: column, c01: column, c02: column, s1c01: column, s2c02: column };
        let (mut s1, mut s2, mut s3, mut s4) = (0.0, 0.0, 0.0, 0.0);
        for row in 0..MAX_WINDOW {
            let moving = row as f64;
            let mm = moving * moving;
            s1 += moving;
            s2 += mm;
            s3 += mm * moving;
            s4 += mm * mm;
            let (c00, c01, c02) = (s2 * s4 - s3 * s3, s2 * s3 - s1 * s4, s1 * s3 - s2 * s2);
            (m.s2[row], m.s3[row], m.s4[row], m.s2s2[row], m.s1s2[row], m.s1s1[row]) = (s2, s3, s4, s2 * s2, s1 * s2, s1 * s1);
            (m.c00[row], m.c01[row], m.c02[row], m.s1c01[row], m.s2c02[row]) = (c00, c01, c02, s1 * c01, s2 * c02);
        }
        Box::new(Scratch { points: column, sums: (0.0, 0.0), moments: m, work: Work { r1: column, r2: column, plain: column, speed: column } })
    }
}

/// [`change_point`] of `len` points read through `t` and `x` (by position), in `scratch`, and the
/// quadratic's best split of them. A stop `with_speed` takes the fit with speed where its speed is
/// in the motion's direction and it explains the motion better by more than the noise would
/// ([`SPEED_FIT_SIGNIFICANCE`]); `quadratic`, the quadratic's best split of the same points found
/// by the fit just before in `scratch` (the same sums over the same moments: the same bits),
/// spares its pass the quadratic's half, and the copy of the points and their sums, which that fit
/// left in `scratch`.
fn fit(len: usize, t: impl Fn(usize) -> f64, x: impl Fn(usize) -> f64, sign: f64, with_speed: bool, quadratic: Option<Best>, scratch: &mut Scratch) -> (f64, Best) {
    let len = len.min(MAX_WINDOW);
    if len == 0 {
        return (f64::NAN, Best::default());
    }
    // Index k counts along the motion: for a stop, the points reversed. The passes below read
    // each point several times: from a copy, in order, rather than through the ring.
    let at = |k: usize| if sign > 0.0 { k } else { len - 1 - k };
    let (r0, xx) = match quadratic {
        Some(_) => scratch.sums,
        None => {
            let origin = x(at(0));
            let (mut r0, mut xx) = (0.0, 0.0);
            for (k, slot) in scratch.points.iter_mut().enumerate().take(len) {
                let vk = x(at(k)) - origin;
                *slot = vk;
                r0 += vk;
                xx += vk * vk;
            }
            scratch.sums = (r0, xx);
            (r0, xx)
        }
    };
    let copy = &scratch.points[..len];
    let v = |k: usize| copy[k];
    let (moments, work) = (&scratch.moments, &mut scratch.work);
    let n = len as f64;
    let (best, plain) = if with_speed && sign < 0.0 && len > 4 {
        let (plain, speed) = match quadratic {
            Some(plain) => (plain, splits::<false, true>(copy, moments, work, (xx, r0), false).1),
            None => splits::<true, true>(copy, moments, work, (xx, r0), true),
        };
        // The noise a point carries, and how many points it spans ([`residual_span`], at least
        // one: found only where a point's own would pass). And by more than 1e-6 of Σv²: less
        // than that, on a clean stop the quadratic nearly fits, is the error of the fits'
        // arithmetic, and it would decide which fit is taken.
        let noise = speed.sse / (n - 4.0);
        let passes = |noise: f64| plain.sse - speed.sse > SPEED_FIT_SIGNIFICANCE * noise + SPEED_FIT_FLOOR * xx;
        (if speed.rate * v(len - 1) > 0.0 && passes(noise) && passes(noise * residual_span(len, &v, &speed)) { speed } else { plain }, plain)
    } else {
        let plain = splits::<true, false>(copy, moments, work, (xx, r0), true).0;
        (plain, plain)
    };
    let Some(j) = best.split() else { return (f64::NAN, plain) };
    let tb = t(at(j));
    if j == 0 || j + 1 >= len {
        return (tb, plain);
    }
    let curvature = best.before - 2.0 * best.sse + best.after;
    let shift = if curvature > 0.0 && curvature < f64::INFINITY { 0.5 * (best.before - best.after) / curvature } else { 0.0 };
    (tb + shift * (t(at(j + 1)) - tb), plain)
}

/// How much better than the quadratic, in squared error, the fit of a stop with speed must be
/// to be taken: this many times the variance per point it leaves (its squared error over the
/// points less its four unknowns). The speed at the stop and where the stop is trade off against
/// each other (a parabola ending a few steps later looks much like one ending at speed), so on a
/// smooth stop the speed term follows noise and moves the stop by milliseconds; a speed that a
/// stop really has removes many times the noise. Six is about the square of 2.4 standard errors
/// of the speed.
const SPEED_FIT_SIGNIFICANCE: f64 = 6.0;

/// ... and by more than this share of the squares of the angle's excursion over the window (see
/// [`fit`]).
const SPEED_FIT_FLOOR: f64 = 1e-6;

/// How many points the noise of one spans, from the residuals of the fit with speed `fit`: with
/// ρ their correlation from one point to the next, (1 + ρ)/(1 − ρ) (1 for independent noise, at
/// most 100). A sensor's samples interpolated onto a finer grid (100 Hz read on a 500 Hz grid)
/// give points whose noise is not their own: counted as independent, a speed term that follows
/// it looked significant, and stops of slow eccentrics were timed early.
fn residual_span(len: usize, v: &impl Fn(usize) -> f64, fit: &Best) -> f64 {
    let Some(j) = fit.split() else { return 1.0 };
    let residual = |k: usize| {
        let d = k.saturating_sub(j) as f64;
        v(k) - (fit.level + fit.rate * d + fit.curve * d * d)
    };
    let (mut squares, mut lagged, mut last) = (0.0, 0.0, residual(0));
    squares += last * last;
    for k in 1..len {
        let r = residual(k);
        (squares, lagged, last) = (squares + r * r, lagged + r * last, r);
    }
    let rho = if squares > 0.0 { (lagged / squares).clamp(0.0, 0.99) } else { 0.0 };
    ((1.0 + rho) / (1.0 - rho)).min(100.0)
}

/// [`fit`]'s splits over the points `v` (their Σv² and Σv given), in `work`: with `PLAIN` the
/// best split of the quadratic θ0 + c·k², and with `SPEED` of the stop at speed,
/// `θ0 + b·k + c·k²` with k counted from the stop along the motion, with the speed b there (they
/// share the sums).
///
/// Σv, Σv·i, Σv·i² over the points after j, summed as j goes back, and Σu … Σu⁴ over
/// u = 1..=moving from [`Moments`]. The quadratic's squared error at each split is Σv² less Rᵀ·M⁻¹·R
/// with b0 = (r0·s4 − s2·r2) / det and b2 = (n·r2 − s2·r0) / det (one division together); also
/// infinite for NaN (no motion left to fit). Three passes: the sums (a chain from split to
/// split; without `sum`, those `work` has of the same points from the pass before), every
/// split's errors (independent: two at a time where the build has SIMD), then the best split, in
/// the same order as one pass would offer them.
#[inline(always)]
fn splits<const PLAIN: bool, const SPEED: bool>(v: &[f64], m: &Moments, work: &mut Work, (xx, r0): (f64, f64), sum: bool) -> (Best, Best) {
    let len = v.len().min(MAX_WINDOW);
    let n = len as f64;
    let Work { r1, r2, plain: plain_sse, speed: speed_sse } = work;
    let (r1, r2, plain_sse, speed_sse) = (&mut r1[..len], &mut r2[..len], &mut plain_sse[..len], &mut speed_sse[..len]);
    let (mut a0, mut a1, mut a2) = (0.0, 0.0, 0.0);
    // r1 too without the speed term: a stop's pass with it may take them.
    if sum {
        for moving in 0..len {
            let j = len - 1 - moving;
            let jf = j as f64;
            r2[moving] = a2 - 2.0 * jf * a1 + jf * jf * a0;
            r1[moving] = a1 - jf * a0;
            let vj = v[j];
            a0 += vj;
            a1 += vj * jf;
            a2 += vj * jf * jf;
        }
    }
    if PLAIN {
        errors::plain(m, r2, plain_sse, (n, xx, r0));
    }
    if SPEED {
        errors::speed(m, (r1, r2), speed_sse, (n, xx, r0));
        // The speed needs two points of motion.
        for e in speed_sse.iter_mut().take(2) {
            *e = f64::INFINITY;
        }
    }
    let (mut plain, mut speed) = (Best::default(), Best::default());
    for moving in 0..len {
        let j = len - 1 - moving;
        if PLAIN {
            plain.offer(j, plain_sse[moving]);
        }
        if SPEED {
            speed.offer(j, speed_sse[moving]);
        }
    }
    if SPEED {
        // The fit with speed at its best split, divided out there alone.
        if let Some(i) = speed.split().map(|j| len - 1 - j) {
            let (c00, c01, c02) = (m.c00[i], m.c01[i], m.c02[i]);
            let (c11, c12, c22) = (n * m.s4[i] - m.s2s2[i], m.s1s2[i] - n * m.s3[i], n * m.s2[i] - m.s1s1[i]);
            let det = n * c00 + m.s1c01[i] + m.s2c02[i];
            let (r1, r2) = (r1[i], r2[i]);
            speed.rate = (c01 * r0 + c11 * r1 + c12 * r2) / det;
            speed.level = (c00 * r0 + c01 * r1 + c02 * r2) / det;
            speed.curve = (c02 * r0 + c12 * r1 + c22 * r2) / det;
        }
    }
    (plain, speed)
}

/// Each split's squared error from its sums (see [`splits`]), the splits independent of each
/// other: two at a time in a build with SIMD, lane by lane the same IEEE operations as one at a
/// time (the same bits).
mod errors {
    use super::{Moments, MAX_WINDOW};
    #[cfg(target_feature = "simd128")]
    use core::arch::wasm32::{f64x2, f64x2_add, f64x2_div, f64x2_extract_lane, f64x2_gt, f64x2_mul, f64x2_splat, f64x2_sub, v128, v128_bitselect};

    /// A window's length n, its Σv² and its Σv.
    type Window = (f64, f64, f64);

    /// The quadratic's error at the split with `m` points of motion and motion side sum `r2`.
    #[inline(always)]
    fn plain_at(m: &Moments, i: usize, r2: f64, (n, xx, r0): Window) -> f64 {
        let (s2, s4) = (m.s2[i], m.s4[i]);
        let det = n * s4 - m.s2s2[i];
        let explained = (r0 * (r0 * s4 - s2 * r2) + r2 * (n * r2 - s2 * r0)) / det;
        if det > 0.0 { xx - explained } else { f64::INFINITY }
    }

    /// The fit with speed's error at the split with `m` points of motion and motion side sums
    /// `r1`, `r2`: M = [[n, s1, s2], [s1, s2, s3], [s2, s3, s4]] and R = (r0, r1, r2), M⁻¹ by its
    /// adjugate.
    #[inline(always)]
    fn speed_at(m: &Moments, i: usize, (r1, r2): (f64, f64), (n, xx, r0): Window) -> f64 {
        let (c00, c01, c02) = (m.c00[i], m.c01[i], m.c02[i]);
        let (c11, c12, c22) = (n * m.s4[i] - m.s2s2[i], m.s1s2[i] - n * m.s3[i], n * m.s2[i] - m.s1s1[i]);
        let det = n * c00 + m.s1c01[i] + m.s2c02[i];
        let explained = c00 * r0 * r0 + c11 * r1 * r1 + c22 * r2 * r2 + 2.0 * (c01 * r0 * r1 + c02 * r0 * r2 + c12 * r1 * r2);
        if det > 0.0 { xx - explained / det } else { f64::INFINITY }
    }

    /// Lanes `i` and `i + 1` of a column.
    #[cfg(target_feature = "simd128")]
    #[inline(always)]
    fn pair(column: &[f64], i: usize) -> v128 {
        f64x2(column[i], column[i + 1])
    }

    /// `x` where `det` > 0, else infinite (and for NaN).
    #[cfg(target_feature = "simd128")]
    #[inline(always)]
    fn where_positive(x: v128, det: v128) -> v128 {
        v128_bitselect(x, f64x2_splat(f64::INFINITY), f64x2_gt(det, f64x2_splat(0.0)))
    }

    /// The quadratic's error at each split, `r2` its sums.
    #[inline(always)]
    pub(super) fn plain(m: &Moments, r2: &[f64], sse: &mut [f64], window: Window) {
        let len = sse.len().min(r2.len()).min(MAX_WINDOW);
        let mut i = 0;
        #[cfg(target_feature = "simd128")]
        {
            let (n, xx, r0) = (f64x2_splat(window.0), f64x2_splat(window.1), f64x2_splat(window.2));
            while i + 1 < len {
                let (s2, s4, r2) = (pair(&m.s2, i), pair(&m.s4, i), pair(r2, i));
                let det = f64x2_sub(f64x2_mul(n, s4), pair(&m.s2s2, i));
                let b0 = f64x2_mul(r0, f64x2_sub(f64x2_mul(r0, s4), f64x2_mul(s2, r2)));
                let b2 = f64x2_mul(r2, f64x2_sub(f64x2_mul(n, r2), f64x2_mul(s2, r0)));
                let e = where_positive(f64x2_sub(xx, f64x2_div(f64x2_add(b0, b2), det)), det);
                (sse[i], sse[i + 1]) = (f64x2_extract_lane::<0>(e), f64x2_extract_lane::<1>(e));
                i += 2;
            }
        }
        while i < len {
            sse[i] = plain_at(m, i, r2[i], window);
            i += 1;
        }
    }

    /// The fit with speed's error at each split, `r1` and `r2` its sums.
    #[inline(always)]
    pub(super) fn speed(m: &Moments, (r1, r2): (&[f64], &[f64]), sse: &mut [f64], window: Window) {
        let len = sse.len().min(r1.len()).min(r2.len()).min(MAX_WINDOW);
        let mut i = 0;
        #[cfg(target_feature = "simd128")]
        {
            let (n, xx, r0) = (f64x2_splat(window.0), f64x2_splat(window.1), f64x2_splat(window.2));
            let (mul, add, sub) = (f64x2_mul, f64x2_add, f64x2_sub);
            while i + 1 < len {
                let (c00, c01, c02) = (pair(&m.c00, i), pair(&m.c01, i), pair(&m.c02, i));
                let c11 = sub(mul(n, pair(&m.s4, i)), pair(&m.s2s2, i));
                let c12 = sub(pair(&m.s1s2, i), mul(n, pair(&m.s3, i)));
                let c22 = sub(mul(n, pair(&m.s2, i)), pair(&m.s1s1, i));
                let det = add(add(mul(n, c00), pair(&m.s1c01, i)), pair(&m.s2c02, i));
                let (r1, r2) = (pair(r1, i), pair(r2, i));
                let squares = add(add(mul(mul(c00, r0), r0), mul(mul(c11, r1), r1)), mul(mul(c22, r2), r2));
                let cross = add(add(mul(mul(c01, r0), r1), mul(mul(c02, r0), r2)), mul(mul(c12, r1), r2));
                let explained = add(squares, mul(f64x2_splat(2.0), cross));
                let e = where_positive(sub(xx, f64x2_div(explained, det)), det);
                (sse[i], sse[i + 1]) = (f64x2_extract_lane::<0>(e), f64x2_extract_lane::<1>(e));
                i += 2;
            }
        }
        while i < len {
            sse[i] = speed_at(m, i, (r1[i], r2[i]), window);
            i += 1;
        }
    }
}

/// The best split of a pass over the splits from the last back to the first: the split (the first
/// of equals), its squared error and its neighbours'.
#[derive(Clone, Copy, Debug)]
struct Best {
    /// [`NONE`] while no split has been offered a finite error (an index, not an `Option`: one
    /// compare a split in V8's code, not two).
    at: usize,
    sse: f64,
    /// The errors of the split before and after the best one.
    before: f64,
    after: f64,
    /// The error of the split offered last (the one after the next).
    later: f64,
    /// The fit with speed's level, speed at the stop (degrees a step) and curvature at the best split.
    level: f64,
    rate: f64,
    curve: f64,
}

impl Default for Best {
    fn default() -> Best {
        Best { at: NONE, sse: f64::INFINITY, before: f64::INFINITY, after: f64::INFINITY, later: f64::INFINITY, level: 0.0, rate: 0.0, curve: 0.0 }
    }
}

/// [`Best::at`] of no split.
const NONE: usize = usize::MAX;

impl Best {
    /// The best split, if any.
    #[inline(always)]
    fn split(&self) -> Option<usize> {
        (self.at != NONE).then_some(self.at)
    }

    /// The error `e` of split `j`, offered after split j + 1.
    #[inline(always)]
    fn offer(&mut self, j: usize, e: f64) {
        if self.at == j + 1 {
            self.before = e;
        }
        if e <= self.sse && e < f64::INFINITY {
            (self.at, self.sse, self.after) = (j, e, self.later);
            self.before = f64::INFINITY;
        }
        self.later = e;
    }
}

/// A confirmed movement: grid indices of its first and last points, its timed edges (µs).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Run {
    start: u64,
    /// `u64::MAX` while the rope still moves.
    end: u64,
    onset_us: f64,
    stop_us: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Onset,
    Stop,
}

/// Follows rest and movement of the rope with the phases' rule and times each onset and stop.
#[derive(Clone, Debug)]
pub struct Edges {
    times: [f64; RING],
    angles: [f64; RING],
    /// Points a fit may reach back (the ring holds more).
    size: u64,
    /// Points of rest and of motion in a fit.
    rest: u64,
    moving_side: u64,
    /// Points of motion in a stop's first fit: `moving_side` and the spread of the edge.
    stop_side: u64,
    /// How far into a movement a phase may start (or before its stop end), points.
    slack: u64,
    /// Clock of the filtered angle minus clock of the resampled one, µs.
    lag_us: f64,
    next: u64,
    run_start: u64,
    run_confirmed: bool,
    run_path: f64,
    last_p: f64,
    last_moving: bool,
    /// The last [`EDGE_HISTORY`] movements, oldest first, `runs_len` of them.
    runs: [Run; EDGE_HISTORY],
    runs_len: usize,
    /// Edges waiting for their window: kind, the run's first index, and the index at which the
    /// window is complete.
    pending: [(Kind, u64, u64); 8],
    pending_len: usize,
    /// The earliest index at which a queued edge is due (`u64::MAX` with none queued).
    next_due: u64,
    /// The first point of the grid's current segment: no fit reaches back before it.
    segment_start: u64,
    /// An onset waiting for its travel: its window's first point and its movement's, the rest
    /// level between them, and the first point not yet seen within [`EDGE_TRAVEL_DEG`] of it
    /// (each call of [`Edges::settle`] goes on from there instead of starting over).
    waiting: (u64, u64, f64, u64),
    /// What a fit works in ([`fit`]).
    scratch: Box<Scratch>,
}

impl Edges {
    /// Edges on a grid of `hz`; phases may start or stop `slack` points inside a movement;
    /// `lag_us` as in the module notes.
    pub fn new(hz: f64, slack: u64, lag_us: f64) -> Edges {
        // hz is validated (ranges::HZ, 100–1000): small non-negative products.
        let rest = ((EDGE_REST_S * hz).round() as u64).max(2);
        let slack = slack.min(FILTER_MAX_HALF_WIDTH as u64 + 2);
        let moving_side = ((EDGE_MOVE_S * hz).round() as u64).max(2);
        // The filtered ω that ends a run lags the stop by up to the buffer's 3 steps and the
        // filter's m (slack + 1): the fit reaches that much further back, so that it always holds
        // EDGE_MOVE_S of the motion before the stop (at 20 Hz, with 2 points of motion, it held
        // none, and put every stop at its window's end, 0.27 s late).
        let stop_side = moving_side + slack + 1;
        let none = Run { start: 0, end: 0, onset_us: f64::NAN, stop_us: f64::NAN };
        Edges {
            times: [0.0; RING],
            angles: [0.0; RING],
            size: (rest + moving_side.max(stop_side) + 2).min(MAX_WINDOW as u64),
            rest,
            moving_side,
            stop_side,
            slack,
            lag_us,
            next: 0,
            run_start: 0,
            run_confirmed: false,
            run_path: 0.0,
            last_p: f64::NAN,
            last_moving: false,
            runs: [none; EDGE_HISTORY],
            runs_len: 0,
            pending: [(Kind::Onset, 0, 0); 8],
            pending_len: 0,
            next_due: u64::MAX,
            segment_start: 0,
            waiting: (u64::MAX, u64::MAX, f64::NAN, 0),
            scratch: Scratch::new(),
        }
    }

    /// A gap: the grid's next segment starts at point `index`. The movements of the one before
    /// are forgotten, with the edges still waiting for their window (as at the end of data), and
    /// nothing after it is fitted with points before it.
    pub fn segment_break(&mut self, index: u64) {
        (self.pending_len, self.next_due, self.runs_len) = (0, u64::MAX, 0);
        (self.last_moving, self.run_confirmed, self.run_path, self.last_p) = (false, false, 0.0, f64::NAN);
        self.segment_start = index;
    }

    /// Adds point `index` (the next one) at `time_us`: resampled angle `x`, rope position `p`
    /// (filtered |angle|), moving or not by the phases' rule.
    #[inline(always)]
    pub fn push(&mut self, index: u64, time_us: f64, x: f64, p: f64, moving: bool) {
        self.next = index + 1;
        let slot = index as usize & MASK;
        (self.times[slot], self.angles[slot]) = (time_us, x);
        // Most points continue a confirmed movement or a rest: the rest is out of line, so that
        // callers' loops keep their state in registers across this call.
        if moving != self.last_moving || (moving && !self.run_confirmed) {
            self.change(index, p, moving);
        }
        self.last_moving = moving;
        self.last_p = p;
        if index >= self.next_due {
            self.settle_due(index, None);
        }
    }

    /// [`Edges::push`] of a point that starts, confirms or ends a movement (or might).
    #[inline(never)]
    fn change(&mut self, index: u64, p: f64, moving: bool) {
        if moving {
            if !self.last_moving {
                self.run_start = index;
                self.run_confirmed = false;
                self.run_path = 0.0;
            }
            if !self.run_confirmed {
                self.run_path += if self.last_p.is_nan() { 0.0 } else { (p - self.last_p).abs() };
                if self.run_path >= MOVE_CONFIRM_DEG {
                    self.confirm(index);
                }
            }
        } else if self.last_moving && self.run_confirmed {
            if let Some(run) = self.runs_len.checked_sub(1).and_then(|i| self.runs.get_mut(i)) {
                run.end = index - 1;
                let start = run.start;
                self.wait(Kind::Stop, start, index - 1 + self.rest);
            }
        }
    }

    fn confirm(&mut self, index: u64) {
        self.run_confirmed = true;
        // Rest after a stop ends where this movement starts: time the stop now.
        self.settle_due(index, Some(self.run_start));
        let run = Run { start: self.run_start, end: u64::MAX, onset_us: f64::NAN, stop_us: f64::NAN };
        if self.runs_len == EDGE_HISTORY {
            self.runs.copy_within(1.., 0);
            self.runs_len -= 1;
        }
        if let Some(slot) = self.runs.get_mut(self.runs_len) {
            *slot = run;
            self.runs_len += 1;
        }
        // A movement from a segment's first point has no rest before it to time its onset by.
        if self.run_start > self.segment_start {
            self.wait(Kind::Onset, self.run_start, self.run_start + self.moving_side);
        }
    }

    /// Queues the edge of the run starting at `start`, whose window is complete at index `due`.
    fn wait(&mut self, kind: Kind, start: u64, due: u64) {
        if let Some(slot) = self.pending.get_mut(self.pending_len) {
            *slot = (kind, start, due);
            self.pending_len += 1;
            self.next_due = self.next_due.min(due);
        }
    }

    /// Times every queued edge whose window is complete at `index`; with `rest_end`, every
    /// queued stop, its rest ending there.
    #[inline(never)]
    fn settle_due(&mut self, index: u64, rest_end: Option<u64>) {
        let mut kept = 0;
        for i in 0..self.pending_len {
            let Some(&(kind, start, due)) = self.pending.get(i) else { continue };
            // When a movement starts, only stops are due early; onsets wait for their window.
            let done = match rest_end {
                Some(_) if kind == Kind::Onset => false,
                Some(_) => self.settle(kind, start, index, rest_end),
                None => index >= due && self.settle(kind, start, index, rest_end),
            };
            if !done {
                if let Some(slot) = self.pending.get_mut(kept) {
                    *slot = (kind, start, due);
                }
                kept += 1;
            }
        }
        self.pending_len = kept;
        self.next_due = self.pending.iter().take(kept).map(|&(_, _, due)| due).min().unwrap_or(u64::MAX);
    }

    /// Times the edge of the run starting at `start` if its window is complete; true when done
    /// (or when the run has left the history).
    fn settle(&mut self, kind: Kind, start: u64, index: u64, rest_end: Option<u64>) -> bool {
        let Some(r) = self.runs.iter().take(self.runs_len).position(|r| r.start == start) else { return true };
        let run = self.runs[r];
        let onset = kind == Kind::Onset;
        let at = if onset { run.start } else { run.end };
        let natural = at + if onset { self.moving_side } else { self.rest } + 1;
        let mut to = rest_end.map_or(natural, |e| natural.min(e));
        if rest_end.is_none() && index + 1 < to {
            return false;
        }
        let oldest = self.next.saturating_sub(self.size).max(self.segment_start);
        let mut from = at.saturating_sub(if onset { self.rest } else { self.stop_side }).max(oldest);
        // An onset's rest begins after the previous movement (not after the last stop timed,
        // which is this movement's own when the next one was confirmed within its window).
        if let Some(previous_end) = r.checked_sub(1).map(|p| self.runs[p].end).filter(|&end| onset && end < at) {
            from = from.max(previous_end + 1);
        }
        let (times, angles, scratch) = (&self.times, &self.angles, &mut self.scratch);
        let angle = |k: u64| angles[k as usize & MASK];
        if onset {
            // The motion side runs on until the rope has left its rest by EDGE_TRAVEL_DEG (or the
            // movement ended, or the window is full): see the module notes.
            // The points already passed stay passed: the ring keeps them, the cap is the
            // window's, and the run can only end after them.
            let (level, mut k) = match self.waiting {
                (f, a, level, k) if (f, a) == (from, at) => (level, k),
                _ => (if from < at { (from..at).map(angle).sum::<f64>() / (at - from) as f64 } else { angle(at) }, natural - 1),
            };
            let cap = at + self.stop_side;
            while k <= index && k < cap && k <= run.end && (angle(k) - level).abs() < EDGE_TRAVEL_DEG {
                k += 1;
            }
            if k > index {
                self.waiting = (from, at, level, k);
                return false;
            }
            to = k + 1;
        }
        let size = self.size;
        let mut fitted = |from: u64, to: u64, with_speed: bool, quadratic: Option<Best>| {
            let len = to.saturating_sub(from).min(size) as usize;
            let slot = |k: usize| (from as usize + k) & MASK;
            fit(len, |k| times[slot(k)], |k| angles[slot(k)], if onset { 1.0 } else { -1.0 }, with_speed, quadratic, scratch)
        };
        // A stop's first pass only places the second's window, which the quadratic alone does
        // to within a few points: the speed term, the dearest part of a fit, is left to the second.
        let (mut time_us, quadratic) = fitted(from, to, false, None);
        if !onset && to > from + 1 {
            // Again, over the last EDGE_TRAVEL_DEG of motion before the stop found (at least
            // EDGE_STOP_MIN_POINTS) and the rest after it.
            let step_us = times[(from as usize + 1) & MASK] - times[from as usize & MASK];
            let ahead = (time_us - times[from as usize & MASK]) / step_us;
            if ahead.is_finite() && ahead >= 0.0 {
                let stop = from + ahead.round() as u64;
                let end = to.min(stop + self.rest + 1).max(stop + 1);
                let level = (stop..end).map(angle).sum::<f64>() / (end - stop) as f64;
                let mut start = stop;
                while start > from && (angle(start) - level).abs() < EDGE_TRAVEL_DEG {
                    start -= 1;
                }
                // The quadratic alone ends a stop that arrives at speed late, by up to about a
                // third of its motion side (a dead stop): the window reaches back past that too.
                let late = self.stop_side / 3;
                let (from, to, first) = (from.max(start.min(stop.saturating_sub(EDGE_STOP_MIN_POINTS + late))), end.min(to), (from, to));
                // Over the first pass's own points (a stop slow enough that its last
                // EDGE_TRAVEL_DEG reach back past the window), the quadratic is the first's.
                let (closer, _) = fitted(from, to, true, ((from, to) == first).then_some(quadratic));
                if closer.is_finite() {
                    time_us = closer;
                }
            }
        }
        let time_us = time_us + self.lag_us;
        if let Some(run) = self.runs.get_mut(r) {
            if onset {
                run.onset_us = time_us;
            } else {
                run.stop_us = time_us;
            }
        }
        true
    }

    /// Whether moving point `index` (the next one) would change nothing here but the point
    /// buffer: the latest point continued a confirmed movement (which then has no stop, and more
    /// moving points keep it so) and no queued edge is due.
    #[inline(always)]
    pub fn carries_on(&self, index: u64) -> bool {
        self.last_moving && self.run_confirmed && index < self.next_due
    }

    /// Whether a still point `index` (the next one) would change nothing here but the point
    /// buffer: the latest point was still too, and no queued edge is due.
    #[inline(always)]
    pub fn rests_on(&self, index: u64) -> bool {
        !self.last_moving && index < self.next_due
    }

    /// The index below which [`Edges::carries_on`] (`moving`) or [`Edges::rests_on`] holds for
    /// every point, as long as only [`Edges::kept`] is called (0: for none): a bound a caller's
    /// loop can take once.
    #[inline(always)]
    pub fn steady_until(&self, moving: bool) -> u64 {
        let steady = if moving { self.last_moving && self.run_confirmed } else { !self.last_moving };
        if steady { self.next_due } else { 0 }
    }

    /// While a confirmed movement goes on and an onset waits for its travel (its window complete,
    /// every point up to the latest seen within [`EDGE_TRAVEL_DEG`] of its rest level), the rest
    /// level, and the index below which the next moving points change nothing here but the point
    /// buffer as long as each lies within [`EDGE_TRAVEL_DEG`] of that level: the onset's cap, the
    /// first point at which its window's first point would move on, and any other edge due. A
    /// caller's loop can take those points as it takes those before [`Edges::steady_until`];
    /// the point that leaves the level is the onset's, timed by [`Edges::push`] as it would have
    /// been (the wait scans its points again from the ring).
    pub fn onset_wait(&self) -> Option<(f64, u64)> {
        if !(self.last_moving && self.run_confirmed) {
            return None;
        }
        let (from, at, level, k) = self.waiting;
        if k != self.next {
            return None;
        }
        let run = self.runs.get(self.runs_len.checked_sub(1)?)?;
        if run.start != at || run.end != u64::MAX {
            return None;
        }
        let mut until = (at + self.stop_side).min(from.saturating_add(self.size));
        let mut found = false;
        for &(kind, start, due) in self.pending.iter().take(self.pending_len) {
            if kind == Kind::Onset && start == at && !found {
                found = true;
            } else {
                until = until.min(due);
            }
        }
        found.then_some((level, until))
    }

    /// After a caller's loop over points for each of which [`Edges::carries_on`] (a moving one)
    /// or [`Edges::rests_on`] (a still one) holds, numbered from `first`, at times `time_us` and
    /// resampled angles `raw_deg` (of equal length, not empty), the last at rope position `p`:
    /// the edges as [`Edges::push`] of each would have left them. Such points change only the
    /// point buffer, which takes their last `RING` at once here rather than a store each in
    /// the caller's loop.
    #[inline(always)]
    pub fn kept(&mut self, first: u64, time_us: &[f64], raw_deg: &[f64], p: f64) {
        let n = time_us.len().min(raw_deg.len());
        let skip = n.saturating_sub(RING);
        let (time_us, raw_deg) = (&time_us[skip..n], &raw_deg[skip..n]);
        // From the slot of the first point kept to the ring's end, then from its start.
        let slot = (first as usize + skip) & MASK;
        let split = time_us.len().min(RING - slot);
        let wrapped = time_us.len() - split;
        self.times[slot..slot + split].copy_from_slice(&time_us[..split]);
        self.angles[slot..slot + split].copy_from_slice(&raw_deg[..split]);
        self.times[..wrapped].copy_from_slice(&time_us[split..]);
        self.angles[..wrapped].copy_from_slice(&raw_deg[split..]);
        self.next = first + n as u64;
        self.last_p = p;
    }

    /// When the rope came to rest, if it has: the timed stop of the latest movement once that
    /// has ended and been timed.
    #[inline]
    pub fn last_stop_us(&self) -> Option<f64> {
        let run = self.runs.get(self.runs_len.checked_sub(1)?)?;
        if run.end == u64::MAX || !run.stop_us.is_finite() {
            return None;
        }
        Some(run.stop_us)
    }

    /// The timed onset of the movement that point `index` is early in, if it started from rest.
    pub fn onset_near(&self, index: u64) -> Option<f64> {
        self.runs
            .iter()
            .take(self.runs_len)
            .find(|r| r.start <= index && index <= r.end && index - r.start <= self.slack)
            .map(|r| r.onset_us)
            .filter(|t| t.is_finite())
    }

    /// The timed stop of the movement that point `index` is late in, if it came to rest.
    pub fn stop_near(&self, index: u64) -> Option<f64> {
        self.runs
            .iter()
            .take(self.runs_len)
            .find(|r| r.start <= index && index <= r.end && r.end - index <= self.slack)
            .map(|r| r.stop_us)
            .filter(|t| t.is_finite())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rest at 10 until `t0`, then 10 + c·(t − t0)², sampled every `dt`.
    fn onset(t0: f64, c: f64, dt: f64, n: usize) -> (Vec<f64>, Vec<f64>) {
        let t: Vec<f64> = (0..n).map(|i| i as f64 * dt).collect();
        let x = t.iter().map(|&ti| 10.0 + c * (ti - t0).max(0.0).powi(2)).collect();
        (t, x)
    }

    #[test]
    fn times_an_onset_between_grid_points() {
        for t0 in [4.3, 4.5, 4.9, 5.0] {
            let (t, x) = onset(t0, 2.0, 1.0, 10);
            let found = change_point(&t, &x, 1.0);
            assert!((found - t0).abs() < 0.3, "onset {t0}: {found}");
        }
    }

    #[test]
    fn times_a_stop_as_an_onset_in_reverse() {
        let (t, mut x) = onset(4.4, 2.0, 1.0, 10);
        x.reverse();
        let found = change_point(&t, &x, -1.0);
        assert!((found - (9.0 - 4.4)).abs() < 0.3, "{found}");
    }

    #[test]
    fn gives_nan_when_there_is_no_motion_to_fit() {
        assert!(change_point(&[], &[], 1.0).is_nan());
        assert!(change_point(&[3.0], &[1.0], 1.0).is_nan());
    }

    #[test]
    fn times_a_pull_from_rest_once_its_window_has_passed_and_finds_it_from_inside_the_movement() {
        // 100 Hz: rest at 500° until 1.003 s, then pulled at 400 rad/s² (22 918 °/s²).
        let hz = 100.0;
        let mut e = Edges::new(hz, 7, 0.0);
        let c = 400.0_f64.to_degrees() / 2.0;
        let mut timed_at = None;
        for k in 0..200u64 {
            let t = k as f64 / hz;
            let x = 500.0 - c * (t - 1.003).max(0.0).powi(2);
            let omega = 2.0 * c * (t - 1.003).max(0.0) * crate::derive::DEG_TO_RAD;
            e.push(k, t * 1e6, x, x.abs(), omega >= crate::settings::REST_OMEGA_RAD_S);
            if timed_at.is_none() && e.onset_near(101).is_some() {
                timed_at = Some(k);
            }
        }
        let found = e.onset_near(101).unwrap_or(f64::NAN);
        assert!((found - 1.003e6).abs() < 1000.0, "{found}");
        // The run starts at 101 (the first grid point moving); 10 points of motion later.
        assert_eq!(timed_at, Some(111));
        assert_eq!(e.onset_near(101 + 7), Some(found));
        assert_eq!(e.onset_near(101 + 8), None, "beyond the slack, the point is well inside the movement");
        assert_eq!(e.stop_near(150), None, "the rope never stops");
    }

    #[test]
    fn times_the_onset_of_a_short_movement_from_the_rest_before_it_when_the_next_follows_at_once() {
        // 1000 Hz: rest at 500° until 1 s, a 30 ms jerk at 400 rad/s², 10 ms still, then the pull,
        // all within the onset's window (EDGE_MOVE_S): the jerk's stop is timed first, and its
        // onset was fitted over the rest after it, timed after the jerk had ended.
        let hz = 1000.0;
        let mut e = Edges::new(hz, 7, 0.0);
        let c = 400.0_f64.to_degrees() / 2.0;
        let jerk = |t: f64| 500.0 - c * (t - 1.0).clamp(0.0, 0.03).powi(2);
        for k in 0..1300u64 {
            let t = k as f64 / hz;
            let (x, moving) = match k {
                0..1000 => (500.0, false),
                1000..1030 => (jerk(t), true),
                1030..1040 => (jerk(t), false),
                _ => (jerk(t) - c * (t - 1.04).powi(2), true),
            };
            e.push(k, t * 1e6, x, x.abs(), moving);
        }
        // Within a third of the jerk: one curve of rest, then constant acceleration, fits the
        // jerk, the stillness and the pull only roughly.
        let onset = e.onset_near(1000).unwrap_or(f64::NAN);
        assert!((onset - 1.0e6).abs() < 10_000.0, "the jerk's onset at {onset} µs, truth 1 000 000, its stop 1 030 000");
    }
}
