//! The repetition detector: a zig-zag with hysteresis on the rope position |angle|.
//!
//! On a flywheel ("yo-yo") unit the disc turns the same way through one rep (angle +A → 0 →
//! −B) and the other way through the next, so the rope position is |angle|: falling while the
//! rope goes out (concentric), rising while it winds back (eccentric). A rep is concentric
//! (start = the |angle| maximum where the rope was wound, turn = the next minimum) plus
//! eccentric (turn → the next maximum, which is also the next rep's start).
//!
//! Design notes:
//! - A direction change is believed only once |angle| has moved [`REP_TRAVEL_DEG`] back from
//!   the running extreme. That one threshold is both the hysteresis (noise and hesitations
//!   never switch direction, so never make a rep) and the minimum travel of each phase. The
//!   extreme itself, not the point where the switch is noticed, is the phase boundary.
//! - A rep closes when the next concentric is noticed, about 180° of rope later, or live once
//!   its eccentric has been at rest for [`REST_CLOSE_S`] ([`Stillness`]): the last rep of a set
//!   has no next pull, and the athlete must see it when they stop, not when the next set
//!   starts. Both close at the eccentric's running |angle| maximum, so a rep closed by rest
//!   is the rep the next pull would have closed. After a rest close the detector stays in
//!   the eccentric, without a concentric to close: the next pull starts a rep from that
//!   maximum as usual, and more rest or noise closes nothing. At end of data
//!   ([`RepDetector::finish`]) a trailing rep closes if the rope is not moving at all, since
//!   an eccentric cut off mid-movement has no known end.
//! - Memory is O(1): a phase is a fold ([`PhaseAcc`]) of its points so far, a copy of that
//!   fold as it stood at the running extreme, and a fold of the points after the extreme (the
//!   next phase's beginning, should the extreme turn out to be the boundary). The copy is
//!   taken lazily, on the first point after a new extreme, so a phase that moves steadily in
//!   one direction costs one fold per point. Points are never stored.
//! - Peak power ([`crate::window`]): each point brings each fit's smoothed power centred n
//!   points before it (n its half-width), which belongs to the phase its centre lies in. Beside
//!   its folds, a phase keeps per fit the largest value of its own direction centred up to its
//!   running extreme, and of both directions after it (its own, should it go past the extreme
//!   again, and the next phase's). When a phase ends, the values centred on its last
//!   n points are still to come: it waits until the fit it uses has passed the
//!   last point of its movement (0.2 s, or 0.45 s for a phase of 0.75 s or more). A rep waits
//!   before it is published, though one closed by the next pull usually waits for nothing (the
//!   pull's 180° take longer); a rep closed by rest or at the end of data is published at once
//!   with the values known, those still to come being centred on the rest after the stop. A
//!   turn is published as soon as it is certain, as before, with the concentric's peak power so
//!   far (what is still to come may raise it); the rep carries the final one. Should a phase end
//!   while the one before it still waits (two phase ends within a fit's half-width: no movement
//!   of a rope that travels 180° a phase does that), the earlier one is done with what it has.
//! - Data that starts mid-movement (rope already out, or winding back) begins in an unknown
//!   direction: a first eccentric without a concentric makes no rep, and neither does a first
//!   concentric before which the rope was never still (data, or a segment after a gap, that
//!   begins mid-pull: its onset was never seen, so its figures would be a fragment's). A gap in
//!   the samples ([`crate::input`], Clock) ends the segment before it as the end of data does
//!   ([`RepDetector::segment_break`]): no phase spans a gap.
//! - This module is the rule: [`RepDetector::push`] takes one point and decides everything a
//!   point can do. Most points do nothing but carry the phase on (steady movement, steady
//!   rest); the session hands those to [`RepDetector::steady`]
//!   (`engine-rs/src/reps/steady.rs`), loops that give the bits `push` would, held to it by a
//!   property test that runs sessions both ways.

use crate::derive::DEG_TO_RAD;
use crate::edges::Edges;
use crate::phase::{peak_power, At, Context, PhaseAcc, PhaseSummary, Split, SMOOTHED, VALUE_COUNT};
use crate::settings::{REP_TRAVEL_DEG, REST_CLOSE_S};
use crate::still::Stillness;
use crate::window::{peak, Run, STREAMS};

mod steady;
pub use steady::Block;

/// A grid point as the detector sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DetectorPoint {
    /// Its index and time.
    pub at: At,
    /// Filtered angle, degrees.
    pub angle_deg: f64,
    /// Its [`crate::phase::phase_values`] (ω first, the smoothed powers last).
    pub values: [f64; VALUE_COUNT],
    /// Moving by the phases' rule.
    pub moving: bool,
    /// The filtered angle's own rate, rad/s: which way the rope moves (`steady::toward_next`, the
    /// turn's crossing), whichever ω the figures take.
    pub rate: f64,
}

/// Whether the rope has been at rest for [`REST_CLOSE_S`] by `now_us`: since the flywheel
/// stopped (at `stop_us`) and since it last left the rest band (at `band_since_us`), whichever
/// is later.
#[inline(always)]
fn rested(now_us: f64, band_since_us: f64, stop_us: f64) -> bool {
    now_us - stop_us.max(band_since_us) >= REST_CLOSE_S * 1e6
}

/// Where, within the turn's grid step, the filtered angle crosses 0 (the rope fully out).
fn turn_split(point: &DetectorPoint, step_us: f64) -> Split {
    let t = point.at.time_us;
    let half = 0.5 * step_us;
    let shift = point.angle_deg * DEG_TO_RAD / point.rate;
    let cross_us = if shift.is_finite() { (t - shift * 1e6).max(t - half).min(t + half) } else { t };
    Split { index: point.at.index, values: point.values, after: (t + half - cross_us) / step_us, time_us: cross_us }
}

/// Whether a concentric could be a rope's, on a shaft of `radius` m: it has movement, and it is
/// neither shorter nor faster than the hardest pull can make it from rest
/// ([`crate::settings::MAX_ROPE_FORCE_N`] on [`crate::settings::MIN_INERTIA_KG_M2`]: at most α =
/// F·r / I). Over its travel θ = v̄·T / r (rad) a pull from rest takes at least √(2θ / α), and
/// reaches at most ω² = 2·α·θ; the rope never goes faster than
/// [`crate::settings::MAX_ROPE_SPEED_M_S`]. On the default shaft α is 14 000 rad/s², so the
/// shortest possible half-turn pull takes 21 ms, far below any real one (the fastest
/// physics-truth pulls take 0.4 s), while the glitches that used to make reps (a 0.007 s
/// concentric, one at 14 m/s) do not pass. The user's inertia is not used: plates counted wrong
/// must never make a real rep impossible.
pub fn plausible_concentric(c: &PhaseSummary, radius: f64) -> bool {
    let settings = crate::Settings { radius_m: radius, ..crate::Settings::default() };
    let alpha = settings.max_angular_acceleration();
    let travel_rad = c.velocity * c.duration_s / radius;
    let fastest = (crate::settings::MAX_ROPE_SPEED_M_S / radius).min((2.0 * alpha * travel_rad).sqrt());
    c.duration_s > 0.0
        && c.duration_s * c.duration_s >= 2.0 * travel_rad / alpha
        && c.peak_velocity <= radius * fastest
        && c.velocity <= radius * fastest
}

/// One repetition: indices are global indices of the session's grid points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rep {
    /// 0-based position of the rep in the session.
    pub index: u32,
    /// index − warmup + 1; ≤ 0 means warmup.
    pub count: i64,
    /// Concentric start: the |angle| maximum before the pull.
    pub start: u64,
    /// Turning point: the |angle| minimum (rope fully out).
    pub turn: u64,
    /// Eccentric end: the next |angle| maximum.
    pub end: u64,
    /// Points (start, turn].
    pub concentric: PhaseSummary,
    /// Points (turn, end].
    pub eccentric: PhaseSummary,
    /// Eccentric overload by peak power: eccentric peak braking power / concentric peak driving
    /// power (0 when the concentric has no power, e.g. inertia 0).
    pub peak_power_ratio: f64,
    /// Eccentric overload by mean power: eccentric |mean P| / concentric |mean P| (0 likewise).
    /// With work = mean power × duration this is also the ratio of work per unit time.
    pub mean_power_ratio: f64,
}

/// `eccentric / concentric`, or 0 when the concentric is 0 (a ratio to nothing is no overload).
#[inline]
pub fn overload_ratio(eccentric: f64, concentric: f64) -> f64 {
    if concentric > 0.0 { eccentric / concentric } else { 0.0 }
}

/// A rep's concentric phase, published as soon as the turn is certain (the rope has come back
/// [`REP_TRAVEL_DEG`] from fully out): the athlete sees the pull's figures about one eccentric
/// earlier than the whole rep. The rep that closes later carries the same concentric figures,
/// index and count, except that its peak power may be higher: the turn's is the peak so far,
/// the smoothed power centred on the pull's last 0.2–0.45 s being still to come (see the module
/// notes). A turn whose rep never closes (the data ends mid-return) stays a turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Turn {
    /// The index the rep will have.
    pub index: u32,
    /// The count the rep will have (≤ 0: warmup).
    pub count: i64,
    /// Concentric start, grid index.
    pub start: u64,
    /// Turning point, grid index.
    pub turn: u64,
    /// Points (start, turn].
    pub concentric: PhaseSummary,
}

/// An extreme of |angle|: its value (degrees) and grid index.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Extreme {
    p: f64,
    index: u64,
}

/// The largest smoothed power of each fit over the stretches of a phase in progress, signed so
/// that the phase's own direction is positive (0: none yet).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Peaks {
    /// Centred up to the running extreme: the phase's peaks, should it end there.
    at: [f64; STREAMS],
    /// Centred after the extreme, in the phase's direction: its own should it go past the
    /// extreme again.
    after_own: [f64; STREAMS],
    /// Centred after the extreme, in the other direction: the next phase's.
    after_next: [f64; STREAMS],
}

/// The peaks of a phase that has ended but whose last points' smoothed power is still to come.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Waiting {
    /// Values centred after this index (and up to the next phase's start) are the phase's.
    from: u64,
    /// The phase's direction (see [`Folds::own`]).
    own: f64,
    peaks: [f64; STREAMS],
}

impl Waiting {
    /// No phase waiting: every value centred before the current phase is dropped.
    const NONE: Waiting = Waiting { from: u64::MAX, own: 0.0, peaks: [0.0; STREAMS] };
}

/// A phase waiting for its peak power (see the module notes).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pending {
    waiting: Waiting,
    /// The index of the point whose smoothed power, in the fit the phase uses, is centred on the
    /// last point of the phase's movement (the extreme may lie further on, in the rest after it).
    due: u64,
    /// The closed rep whose eccentric this is; `None`: the concentric of the current
    /// [`Direction::Eccentric`], whose summary gets the final peak power.
    rep: Option<Rep>,
}

/// Adds the smoothed powers in a point's `values` (fit j's centred `delays[j]` points before
/// `index`) where they belong: at or before `from`, the start of the phase in progress, to the
/// phase waiting before it (`before`); then up to the phase's extreme `ext`, or after it (see
/// [`Peaks`]); `own` is the phase's direction.
#[inline(always)]
fn add_smoothed(values: &[f64; VALUE_COUNT], index: u64, delays: &[u64; STREAMS], (from, ext, own): (u64, u64, f64), peaks: &mut Peaks, before: &mut Waiting) {
    // Most points carry none: the fits give a value at the last point of each block, the short
    // one first (the long one's window fills later), and NaN changes no peak.
    if values[SMOOTHED].is_nan() {
        return;
    }
    for j in 0..STREAMS {
        add_one(index.saturating_sub(delays[j]), j, values[SMOOTHED + j], (from, ext, own), peaks, before);
    }
}

/// [`add_smoothed`] of one value: fit `j`'s `x`, centred on point `centre`.
#[inline(always)]
fn add_one(centre: u64, j: usize, x: f64, (from, ext, own): (u64, u64, f64), peaks: &mut Peaks, before: &mut Waiting) {
    if centre <= from {
        if centre > before.from {
            before.peaks[j] = peak(before.peaks[j], before.own * x);
        }
    } else if centre <= ext {
        peaks.at[j] = peak(peaks.at[j], own * x);
    } else {
        peaks.after_own[j] = peak(peaks.after_own[j], own * x);
        peaks.after_next[j] = peak(peaks.after_next[j], -own * x);
    }
}

/// [`add_one`] of each of a run's values `xs` (fit `run.stream`'s, centred `run.step` points
/// apart from `run.centre` on), in order: the run split where the bounds fall, each stretch
/// into its peaks in a loop of its own.
#[inline(always)]
fn add_run(run: &Run, xs: &[f64], (from, ext, own): (u64, u64, f64), peaks: &mut Peaks, before: &mut Waiting) {
    let (j, len) = (run.stream, xs.len());
    if len == 0 {
        return;
    }
    // How many of the values are centred at or before `t` (a division only where a bound falls
    // inside the run, a few times a phase).
    let last = run.centre + (len as u64 - 1) * run.step;
    let upto = |t: u64| {
        if t < run.centre {
            0
        } else if t >= last {
            len
        } else {
            ((t - run.centre) / run.step) as usize + 1
        }
    };
    let a = upto(from);
    let b = upto(ext).max(a);
    let first_before = upto(before.from).min(a);
    let mut p = before.peaks[j];
    for &x in &xs[first_before..a] {
        p = peak(p, before.own * x);
    }
    before.peaks[j] = p;
    let mut p = peaks.at[j];
    for &x in &xs[a..b] {
        p = peak(p, own * x);
    }
    peaks.at[j] = p;
    let (mut p, mut q) = (peaks.after_own[j], peaks.after_next[j]);
    for &x in &xs[b..] {
        p = peak(p, own * x);
        q = peak(q, -own * x);
    }
    (peaks.after_own[j], peaks.after_next[j]) = (p, q);
}

/// Folds of the phase in progress.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Folds {
    /// Running extreme of the phase.
    ext: Extreme,
    /// Every point of the phase so far.
    all: PhaseAcc,
    /// `all` as it stood at `ext`, or since then but for still points that changed none of its
    /// figures ([`PhaseAcc::rest_keeps_figures`]); `None` while `all` itself has those figures.
    at_ext: Option<PhaseAcc>,
    /// The points after `ext`; `None` while there are none.
    after_ext: Option<PhaseAcc>,
    /// The point at `ext` (kept up to date in a concentric only: see [`Folds::push`]).
    ext_point: DetectorPoint,
    /// Index of the extreme the phase starts from: smoothed power centred there or before is an
    /// earlier phase's.
    from: u64,
    /// The phase's direction: 1 where the athlete drives the flywheel (a pull), −1 where they
    /// brake it (a release); a phase's peak power is its largest smoothed power times this.
    own: f64,
    peaks: Peaks,
}

impl Folds {
    /// A phase starting after index `from` in direction `own`, whose points so far are `all`, the
    /// last of which, `point` at `here`, is its extreme; `peaks` its smoothed power so far.
    fn new(here: Extreme, all: PhaseAcc, point: DetectorPoint, from: u64, own: f64, at: [f64; STREAMS]) -> Folds {
        let peaks = Peaks { at, ..Peaks::default() };
        Folds { ext: here, all, at_ext: None, after_ext: None, ext_point: point, from, own, peaks }
    }

    /// Adds a point; `beyond` when it is the phase's new extreme. The `None`s keep a steady
    /// movement, a new extreme at every point, from copying folds. `KEEP`: whether the extreme's
    /// point is kept (a concentric's, whose extreme is the turn that two phases share). Smoothed
    /// power centred before the phase goes to `before`.
    #[inline]
    fn push<const KEEP: bool>(&mut self, here: Extreme, point: &DetectorPoint, beyond: bool, delays: &[u64; STREAMS], before: &mut Waiting) {
        let (m, moving, at) = (&point.values, point.moving, point.at);
        if beyond {
            self.all.push(m, moving, here.p, at);
            self.ext = here;
            if KEEP {
                self.ext_point = *point;
            }
            self.at_ext = None;
            self.after_ext = None;
            // What came after the old extreme is now the phase's own.
            let p = &mut self.peaks;
            for j in 0..STREAMS {
                p.at[j] = peak(p.at[j], p.after_own[j]);
            }
            (p.after_own, p.after_next) = ([0.0; STREAMS], [0.0; STREAMS]);
        } else {
            // The copy waits for a point that would change the figures: at rest, noise makes a
            // new extreme every few points, and each would cost a copy of the fold.
            if moving || !self.all.rest_keeps_figures() {
                self.at_ext.get_or_insert(self.all);
            }
            self.all.push(m, moving, here.p, at);
            let ext_p = self.ext.p;
            // The next phase moves the other way: a point still moving this phase's way is its
            // slow-down, not the next phase's start (see `toward_next`).
            let next_moving = moving && self.own * point.angle_deg * point.rate >= 0.0;
            self.after_ext.get_or_insert_with(|| PhaseAcc::new(ext_p)).push(m, next_moving, here.p, at);
        }
        add_smoothed(m, at.index, delays, (self.from, self.ext.index, self.own), &mut self.peaks, before);
    }

    /// Adds a run of smoothed powers `xs` (see [`add_run`]).
    fn smoothed(&mut self, run: &Run, xs: &[f64], before: &mut Waiting) {
        add_run(run, xs, (self.from, self.ext.index, self.own), &mut self.peaks, before);
    }

    /// The phase ended at its extreme.
    fn at_ext(&self) -> &PhaseAcc {
        self.at_ext.as_ref().unwrap_or(&self.all)
    }

    /// The next phase, starting at this one's extreme, up to `here` (`point`), its first extreme.
    fn next(&self, here: Extreme, point: &DetectorPoint) -> Folds {
        let all = self.after_ext.unwrap_or(PhaseAcc::new(self.ext.p));
        Folds::new(here, all, *point, self.ext.index, -self.own, self.peaks.after_next)
    }
}

/// Which way the rope is going, with what the current rep has gathered so far.
// One value per detector, never moved in a hot loop: the size difference between variants is
// irrelevant, and boxing would allocate on every direction change.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq)]
enum Direction {
    /// Before the first switch: a candidate phase from the highest and from the lowest point,
    /// and whether the rope has been still at all (else the data began mid-movement).
    Unknown { from_hi: Folds, from_lo: Folds, rested: bool },
    /// Rope going out since `start`; `seen` unless the rope never rested before (data began mid-pull).
    Concentric { start: Extreme, folds: Folds, seen: bool },
    /// Rope winding back after the concentric (start, turn, its split, summary) of the current
    /// rep, if the session saw it.
    Eccentric { concentric: Option<(Extreme, Extreme, Split, PhaseSummary)>, folds: Folds },
}

/// What a point did besides adding to the phase in progress.
enum Event {
    None,
    /// The concentric turned: the return is certain.
    Turned,
    /// The rep's eccentric ended: the next pull is certain.
    Pulled,
    /// The rep's eccentric came to rest.
    Rested,
}

/// Streams points in, closed reps out.
#[derive(Clone, Debug)]
pub struct RepDetector {
    context: Context,
    warmup: u32,
    /// How many points after its centre each fit's smoothed power comes ([`crate::window`]).
    delays: [u64; STREAMS],
    /// Points after a phase's last movement by which its smoothed powers have all come.
    settle: u64,
    still: Stillness,
    next_index: u32,
    /// `None` before the first point.
    dir: Option<Direction>,
    /// The phase before the current one while its peak power waits.
    pending: Option<Pending>,
    /// The concentric published by the last point, until taken.
    turned: Option<Turn>,
    /// Concentric candidates refused as no rope's ([`plausible_concentric`]), until taken.
    refused: u64,
    /// Every point through [`RepDetector::push`], none through the fast path
    /// ([`RepDetector::steady`] takes none): the rule the fast path is held to.
    #[cfg(test)]
    pub(crate) point_by_point: bool,
}

impl RepDetector {
    /// A detector with `warmup` warmup reps, summarising phases in `context`; each point's
    /// smoothed powers are centred `delays` points before it.
    pub fn new(warmup: u32, context: Context, delays: [usize; STREAMS], settle: usize) -> RepDetector {
        RepDetector {
            context,
            warmup,
            delays: delays.map(|d| d as u64),
            settle: settle as u64,
            still: Stillness::default(),
            next_index: 0,
            dir: None,
            pending: None,
            turned: None,
            refused: 0,
            #[cfg(test)]
            point_by_point: false,
        }
    }

    /// How many concentric candidates were refused since the last call ([`plausible_concentric`]).
    pub fn take_refused(&mut self) -> u64 {
        core::mem::take(&mut self.refused)
    }

    /// Feeds the next grid point; returns the rep it closes or whose peak power it completes, if
    /// any. `edges` has seen the point.
    #[inline]
    pub fn push(&mut self, point: &DetectorPoint, edges: &Edges) -> Option<Rep> {
        let index = point.at.index;
        let here = Extreme { p: point.angle_deg.abs(), index };
        self.still.push(point.at.time_us, here.p, point.moving);
        let band_since_us = self.still.since_us();
        let delays = self.delays;
        let Some(dir) = &mut self.dir else {
            // The highest point would start a pull (its phase before is a release), the lowest a release.
            let (hi, lo) = (Folds::new(here, PhaseAcc::new(here.p), *point, index, -1.0, [0.0; STREAMS]), Folds::new(here, PhaseAcc::new(here.p), *point, index, 1.0, [0.0; STREAMS]));
            self.dir = Some(Direction::Unknown { from_hi: hi, from_lo: lo, rested: !point.moving });
            return None;
        };
        let mut before = self.pending.as_ref().map_or(Waiting::NONE, |p| p.waiting);
        let event = match dir {
            Direction::Unknown { from_hi, from_lo, rested } => {
                // Only the points after each extreme matter: the phase would start there. No
                // phase waits before them.
                let mut none = Waiting::NONE;
                from_hi.push::<false>(here, point, here.p > from_hi.ext.p, &delays, &mut none);
                from_lo.push::<false>(here, point, here.p < from_lo.ext.p, &delays, &mut none);
                // Both cannot hold at once: the earlier extreme would have switched already.
                if here.p <= from_hi.ext.p - REP_TRAVEL_DEG {
                    *dir = Direction::Concentric { start: from_hi.ext, folds: from_hi.next(here, point), seen: *rested };
                } else if here.p >= from_lo.ext.p + REP_TRAVEL_DEG {
                    *dir = Direction::Eccentric { concentric: None, folds: from_lo.next(here, point) };
                } else {
                    *rested |= !point.moving;
                }
                Event::None
            }
            Direction::Concentric { folds, .. } => {
                folds.push::<true>(here, point, here.p < folds.ext.p, &delays, &mut before);
                if here.p >= folds.ext.p + REP_TRAVEL_DEG { Event::Turned } else { Event::None }
            }
            Direction::Eccentric { concentric, folds } => {
                folds.push::<false>(here, point, here.p > folds.ext.p, &delays, &mut before);
                if here.p <= folds.ext.p - REP_TRAVEL_DEG {
                    Event::Pulled
                } else if concentric.is_some() && edges.last_stop_us().is_some_and(|stop_us| rested(point.at.time_us, band_since_us, stop_us)) {
                    // Nothing left to close (already closed by rest, or no concentric seen) is the
                    // common case during a long rest: tested first, before the stop.
                    Event::Rested
                } else {
                    Event::None
                }
            }
        };
        if let Some(p) = &mut self.pending {
            p.waiting = before;
        }
        let mut rep = None;
        match event {
            Event::None => {}
            Event::Turned => {
                // The rep before, if it still waits, goes with what it has.
                rep = self.complete();
                if let Some(Direction::Concentric { start, folds, seen }) = self.dir {
                    let split = turn_split(&folds.ext_point, self.context.step_us);
                    let c = seen.then(|| folds.at_ext().summary(&self.context, edges, None, Some(&split), &folds.peaks.at));
                    // A candidate no rope can make is no rep: its return is one whose concentric the
                    // session did not see, and the next pull starts a rep as usual.
                    let plausible = c.filter(|c| plausible_concentric(c, self.context.radius));
                    self.refused += u64::from(c.is_some() && plausible.is_none());
                    let concentric = plausible.map(|c| {
                        let waiting = Waiting { from: folds.from, own: folds.own, peaks: folds.peaks.at };
                        let due = folds.at_ext().movement_end().unwrap_or(folds.ext.index) + self.settle;
                        self.pending = Some(Pending { waiting, due, rep: None });
                        let (index, turn) = (self.next_index, folds.ext);
                        let count = i64::from(index) - i64::from(self.warmup) + 1;
                        self.turned = Some(Turn { index, count, start: start.index, turn: turn.index, concentric: c });
                        (start, turn, split, c)
                    });
                    self.dir = Some(Direction::Eccentric { concentric, folds: folds.next(here, point) });
                }
            }
            Event::Pulled => {
                // The concentric, if it still waits, goes with what it has.
                rep = self.complete();
                if let Some(Direction::Eccentric { concentric, folds }) = self.dir {
                    self.dir = Some(Direction::Concentric { start: folds.ext, folds: folds.next(here, point), seen: true });
                    if let Some((start, turn, split, c)) = concentric {
                        let closed = self.close(start, turn, &split, c, &folds, edges);
                        let waiting = Waiting { from: folds.from, own: folds.own, peaks: folds.peaks.at };
                        let due = folds.at_ext().movement_end().unwrap_or(folds.ext.index) + self.settle;
                        self.pending = Some(Pending { waiting, due, rep: Some(closed) });
                    }
                }
            }
            Event::Rested => {
                // At rest: close now, with the smoothed power known (what is still to come is
                // centred on the rest), and stay in this eccentric with nothing left to close.
                rep = self.complete();
                if let Some(Direction::Eccentric { concentric, folds }) = &mut self.dir {
                    let (closing, end) = (concentric.take(), *folds);
                    if let Some((start, turn, split, c)) = closing {
                        rep = Some(self.close(start, turn, &split, c, &end, edges));
                    }
                }
            }
        }
        if self.pending.is_some_and(|p| p.due <= index) {
            rep = self.complete().or(rep);
        }
        rep
    }

    /// Adds smoothed powers that came off their regular place (`runs`, whose values are in
    /// `values`: [`crate::window::Run`]), in order, each to the phase its centre is in. Call
    /// between the points, once the point they came with has been pushed. A flush brings dozens
    /// at once: one call takes them all, the detector's state looked up once.
    pub fn smoothed(&mut self, runs: &[Run], values: &[f64]) {
        if runs.is_empty() {
            return;
        }
        let mut before = self.pending.as_ref().map_or(Waiting::NONE, |p| p.waiting);
        match &mut self.dir {
            None => {}
            Some(Direction::Unknown { from_hi, from_lo, .. }) => {
                let mut none = Waiting::NONE;
                for r in runs {
                    let xs = &values[r.at..r.at + r.len];
                    from_hi.smoothed(r, xs, &mut none);
                    from_lo.smoothed(r, xs, &mut none);
                }
            }
            Some(Direction::Concentric { folds, .. } | Direction::Eccentric { folds, .. }) => {
                let (bounds, peaks) = ((folds.from, folds.ext.index, folds.own), &mut folds.peaks);
                for r in runs {
                    add_run(r, &values[r.at..r.at + r.len], bounds, peaks, &mut before);
                }
            }
        }
        if let Some(p) = &mut self.pending {
            p.waiting = before;
        }
    }

    /// Ends the wait of the waiting phase, with the peaks it has: a rep is returned, a
    /// concentric's peak power written into the rep in progress.
    fn complete(&mut self) -> Option<Rep> {
        let p = self.pending.take()?;
        match p.rep {
            Some(mut rep) => {
                let e = &mut rep.eccentric;
                if e.duration_s > 0.0 {
                    e.peak_power = peak_power(e.duration_s, &p.waiting.peaks);
                }
                rep.peak_power_ratio = overload_ratio(rep.eccentric.peak_power, rep.concentric.peak_power);
                Some(rep)
            }
            None => {
                if let Some(Direction::Eccentric { concentric: Some((_, _, _, c)), .. }) = &mut self.dir {
                    if c.duration_s > 0.0 {
                        c.peak_power = peak_power(c.duration_s, &p.waiting.peaks);
                    }
                }
                None
            }
        }
    }

    /// The concentric the last [`RepDetector::push`] made certain, if any (taken: a second call
    /// is `None`).
    #[inline(always)]
    pub fn take_turn(&mut self) -> Option<Turn> {
        // Tested first: taking moves the whole (large) option, and there is rarely a turn.
        if self.turned.is_some() {
            self.turned.take()
        } else {
            None
        }
    }

    /// End of data: the rep still waiting for its peak power, with what it has, then the trailing
    /// rep if its eccentric phase has come to rest.
    pub fn finish(&mut self, edges: &Edges) -> [Option<Rep>; 2] {
        let waited = self.complete();
        let trailing = match self.dir {
            Some(Direction::Eccentric { concentric: Some((start, turn, split, c)), folds }) if !folds.all.is_moving() => {
                self.dir = None;
                Some(self.close(start, turn, &split, c, &folds, edges))
            }
            _ => None,
        };
        [waited, trailing]
    }

    /// A gap: the grid's next segment starts with the next point. What the segment before it
    /// holds ends as at the end of data ([`RepDetector::finish`]: the rep waiting for its peak
    /// power, and a trailing rep whose rope rests), and the detector starts again as on a
    /// session's first point, in an unknown direction: no phase spans a gap, and a segment that
    /// begins mid-movement makes no rep of its first phase (see the module notes).
    pub fn segment_break(&mut self, edges: &Edges) -> [Option<Rep>; 2] {
        let reps = self.finish(edges);
        (self.dir, self.pending, self.still) = (None, None, Stillness::default());
        reps
    }

    /// The rep with concentric (start, turn] summarised as `c` and the eccentric, which starts
    /// at `split`, in `ecc` (its peak power from the smoothed power it has).
    fn close(&mut self, start: Extreme, turn: Extreme, split: &Split, c: PhaseSummary, ecc: &Folds, edges: &Edges) -> Rep {
        let index = self.next_index;
        self.next_index = self.next_index.saturating_add(1);
        let eccentric = ecc.at_ext().summary(&self.context, edges, Some(split), None, &ecc.peaks.at);
        Rep {
            index,
            count: i64::from(index) - i64::from(self.warmup) + 1,
            start: start.index,
            turn: turn.index,
            end: ecc.ext.index,
            concentric: c,
            eccentric,
            peak_power_ratio: overload_ratio(eccentric.peak_power, c.peak_power),
            mean_power_ratio: overload_ratio(eccentric.power, c.power),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phase::OMEGA;

    /// Feeds the straight-line path through `corners` in steps of `step` degrees (every point
    /// moving), holding still for `corner.1` points at each corner; returns each rep with the
    /// index of the point that closed it (`None`: closed by `finish`), and each corner's index.
    fn walk(corners: &[(f64, usize)], step: f64, finish: bool) -> (Vec<(Option<u64>, Rep)>, Vec<u64>) {
        let mut path = vec![(corners[0].0, false)];
        let mut at = vec![0];
        for (k, w) in corners.windows(2).enumerate() {
            let (from, to) = (w[0].0, w[1].0);
            path.extend(std::iter::repeat_n((from, false), if k == 0 { w[0].1 } else { 0 }));
            let n = ((to - from).abs() / step).round() as usize;
            path.extend((1..=n).map(|k| (from + (to - from) * k as f64 / n as f64, true)));
            at.push(path.len() as u64 - 1);
            path.extend(std::iter::repeat_n((to, false), w[1].1));
        }
        let (mut d, mut edges) = detector();
        let mut last = path[0].0;
        let mut reps: Vec<(Option<u64>, Rep)> = (0u64..)
            .zip(&path)
            .filter_map(|(i, &(a, moving))| {
                let p = point(i, a, moving, a - std::mem::replace(&mut last, a));
                edges.push(i, p.at.time_us, a, a.abs(), moving);
                d.push(&p, &edges).map(|r| (Some(i), r))
            })
            .collect();
        if finish {
            reps.extend(d.finish(&edges).into_iter().flatten().map(|r| (None, r)));
        }
        (reps, at)
    }

    /// A detector at 100 Hz, and its edges (which never move a phase's edge: no slack); each
    /// point's smoothed powers are centred on it.
    fn detector() -> (RepDetector, Edges) {
        detector_with([0, 0])
    }

    /// [`detector`] with smoothed powers centred `delays` points before the point carrying them.
    fn detector_with(delays: [usize; STREAMS]) -> (RepDetector, Edges) {
        let context = Context { step_us: 10_000.0, weight: 0.0, ..Context::new(&crate::Settings::default()) };
        // Values come only at their regular place here: a phase waits for the later fit.
        let settle = delays.into_iter().max().unwrap_or(0);
        (RepDetector::new(1, context, delays, settle), Edges::new(100.0, 0, 0.0))
    }

    /// Point `i` at angle `a`, having moved by `step` degrees since the last: every value 1
    /// while moving (ω ±1, the way the angle goes), 0 at rest.
    fn point(i: u64, a: f64, moving: bool, step: f64) -> DetectorPoint {
        let mut values = [if moving { 1.0 } else { 0.0 }; VALUE_COUNT];
        values[OMEGA] = if moving { step.signum() } else { 0.0 };
        DetectorPoint { at: At { index: i, time_us: i as f64 * 1e4 }, angle_deg: a, values, moving, rate: values[OMEGA] }
    }

    /// [`walk`] still only at the end, for `rest` points; returns the reps alone.
    fn run(corners: &[f64], step: f64, rest: usize, finish: bool) -> (Vec<Rep>, Vec<u64>) {
        let last = corners.len() - 1;
        let corners: Vec<(f64, usize)> = corners.iter().enumerate().map(|(k, &c)| (c, if k == last { rest } else { 0 })).collect();
        let (reps, at) = walk(&corners, step, finish);
        (reps.into_iter().map(|(_, r)| r).collect(), at)
    }

    /// The detector runs at 100 Hz in these tests.
    const REST_CLOSE: u64 = (REST_CLOSE_S * 100.0) as u64;

    #[test]
    fn finds_a_yo_yo_rep_from_wound_to_out_to_wound_the_other_way() {
        // +900° (wound) → −900° (wound the other way) → +900°, then rest.
        let (reps, at) = run(&[900.0, -900.0, 900.0], 10.0, 5, true);
        assert_eq!(reps.len(), 2);
        let turn = at[0] + 90; // the 0° crossing
        assert_eq!((reps[0].start, reps[0].turn, reps[0].end), (at[0], turn, at[1]));
        assert_eq!((reps[1].start, reps[1].end), (at[1], at[2]));
        assert_eq!((reps[0].index, reps[0].count, reps[1].count), (0, 0, 1));
        // 90 steps each way; where the pull starts from rest is fitted, the turn is shared.
        let (c, e) = (reps[0].concentric.duration_s, reps[0].eccentric.duration_s);
        assert!((c - 0.9).abs() < 0.01 && (e - 0.9).abs() < 0.01, "{c} {e}");
    }

    #[test]
    fn closes_a_rep_only_once_the_next_concentric_has_travelled_the_threshold() {
        let (reps, _) = run(&[900.0, -900.0, -900.0 + REP_TRAVEL_DEG - 10.0], 10.0, 0, false);
        assert!(reps.is_empty());
        let (reps, _) = run(&[900.0, -900.0, -900.0 + REP_TRAVEL_DEG], 10.0, 0, false);
        assert_eq!(reps.len(), 1);
    }

    #[test]
    fn ignores_swings_smaller_than_the_threshold() {
        let wiggle = REP_TRAVEL_DEG - 1.0;
        let corners = [600.0, 600.0 - wiggle, 600.0, 600.0 - wiggle, 600.0, 600.0 - wiggle];
        let (reps, _) = run(&corners, 1.0, 3, true);
        assert!(reps.is_empty());
    }

    #[test]
    fn makes_no_rep_of_a_first_eccentric_without_its_concentric() {
        // Starts with the rope out and winds it back, then one full rep.
        let (reps, at) = run(&[0.0, 800.0, -800.0], 10.0, 5, true);
        assert_eq!(reps.len(), 1);
        assert_eq!((reps[0].index, reps[0].start, reps[0].end), (0, at[1], at[2]));
    }

    #[test]
    fn makes_no_rep_of_a_first_pull_already_under_way_when_the_data_begins() {
        // Mid-pull at 400° (moving from the first point), out at 0, back to 800, one full rep.
        let legs = [(400.0, 0.0), (0.0, -800.0), (-800.0, 0.0), (0.0, 800.0)];
        let path: Vec<f64> = legs.iter().flat_map(|&(from, to): &(f64, f64)| (1..=80).map(move |k| from + (to - from) * k as f64 / 80.0)).collect();
        let (mut d, mut edges) = detector();
        let mut reps = Vec::new();
        let moving = std::iter::once((400.0, true)).chain(path.iter().map(|&a| (a, true)));
        let resting = std::iter::repeat_n((800.0, false), 2 * REST_CLOSE as usize);
        let mut last = 400.0;
        for (i, (a, moves)) in (0u64..).zip(moving.chain(resting)) {
            // It was already pulling at the first point.
            let p = point(i, a, moves, if i == 0 { -1.0 } else { a - std::mem::replace(&mut last, a) });
            edges.push(i, p.at.time_us, a, a.abs(), moves);
            reps.extend(d.push(&p, &edges));
        }
        assert_eq!(reps.len(), 1, "only the rep whose pull began at rest: {reps:?}");
        assert_eq!((reps[0].start, reps[0].turn, reps[0].end), (160, 240, 320));
    }

    #[test]
    fn publishes_the_concentric_once_the_turn_is_certain_with_the_figures_the_rep_later_has() {
        // Wound 800°, out to 0 at point 80, back to 800 at point 160, then the next pull.
        let legs = [(800.0, 0.0), (0.0, -800.0), (-800.0, 0.0)];
        let path: Vec<f64> = legs.iter().flat_map(|&(from, to): &(f64, f64)| (1..=80).map(move |k| from + (to - from) * k as f64 / 80.0)).collect();
        let (mut d, mut edges) = detector();
        let (mut turns, mut reps) = (Vec::new(), Vec::new());
        let still = std::iter::repeat_n((800.0, false), 10);
        let mut last = 800.0;
        for (i, (a, moves)) in (0u64..).zip(still.chain(path.iter().map(|&a| (a, true)))) {
            let p = point(i, a, moves, a - std::mem::replace(&mut last, a));
            edges.push(i, p.at.time_us, a, a.abs(), moves);
            reps.extend(d.push(&p, &edges).map(|r| (i, r)));
            turns.extend(d.take_turn().map(|t| (i, t)));
        }
        assert_eq!(turns.len(), 1, "one turn: {turns:?}");
        let (at, turn) = turns[0];
        // 10° per point from the still start (0–9) to fully out at point 89: certain once the
        // return has travelled the threshold.
        let certain = 89 + (REP_TRAVEL_DEG / 10.0).ceil() as u64;
        assert_eq!((turn.start, turn.turn, at), (0, 89, certain));
        let (closed_at, rep) = reps[0];
        assert!(closed_at > at + 60, "the rep closes with the next pull, long after the turn");
        assert_eq!((turn.index, turn.count, turn.concentric), (rep.index, rep.count, rep.concentric));
        assert!(d.take_turn().is_none(), "taken once");
    }

    #[test]
    fn leaves_a_trailing_rep_open_while_the_rope_still_moves() {
        let (reps, _) = run(&[900.0, -900.0], 10.0, 0, true);
        assert!(reps.is_empty());
        let (reps, _) = run(&[900.0, -900.0], 10.0, 1, true);
        assert_eq!(reps.len(), 1);
    }

    #[test]
    fn keeps_a_hesitation_inside_a_phase() {
        // The pull pauses and backs up 100° (< threshold) before going on: still one concentric.
        let (reps, at) = run(&[900.0, 500.0, 600.0, -900.0, 900.0], 10.0, 3, true);
        assert_eq!(reps.len(), 2);
        assert_eq!((reps[0].start, reps[0].end), (at[0], at[3]));
    }

    // Steps of 20° (over REST_BAND_DEG) make every moving point restart the rest band, so rest
    // begins at a corner, give or take how the stop is fitted (a few steps: the walk stops dead,
    // where the fit expects a flywheel slowing down).
    const FIT: u64 = 8;

    #[test]
    fn closes_the_last_rep_once_the_rope_has_rested_without_waiting_for_finish() {
        let (reps, at) = walk(&[(900.0, 0), (-900.0, (REST_CLOSE + FIT) as usize)], 20.0, false);
        assert_eq!(reps.len(), 1);
        let (closed_at, rep) = reps[0];
        assert!(closed_at.is_some_and(|c| c >= at[1] + REST_CLOSE && c <= at[1] + REST_CLOSE + FIT), "{closed_at:?}");
        assert_eq!((rep.start, rep.end), (at[0], at[1]));
        let (reps, _) = walk(&[(900.0, 0), (-900.0, REST_CLOSE as usize - 1)], 20.0, false);
        assert!(reps.is_empty(), "one step short of the threshold");
    }

    #[test]
    fn a_momentary_stop_at_the_top_neither_closes_the_rep_early_nor_splits_it() {
        let (reps, at) = walk(&[(900.0, 0), (-900.0, REST_CLOSE as usize - 20), (900.0, 0)], 20.0, false);
        assert_eq!(reps.len(), 1);
        let (closed_at, rep) = reps[0];
        // Closed by the next pull, once it has travelled the threshold: 180° in 20° steps.
        let pull_starts = at[1] + REST_CLOSE - 20;
        assert_eq!(closed_at, Some(pull_starts + (REP_TRAVEL_DEG / 20.0) as u64));
        assert_eq!((rep.start, rep.end), (at[0], at[1]));
    }

    #[test]
    fn a_long_pause_between_reps_closes_each_rep_early_with_the_figures_the_next_pull_would_give() {
        let (long, short) = (2 * REST_CLOSE as usize, REST_CLOSE as usize - 20);
        let (paused, at) = walk(&[(900.0, 0), (-900.0, long), (800.0, long), (-700.0, long)], 20.0, false);
        let (pulled, _) = walk(&[(900.0, 0), (-900.0, short), (800.0, short), (-700.0, long)], 20.0, false);
        assert_eq!((paused.len(), pulled.len()), (3, 3));
        for (k, ((closed_at, rep), (_, want))) in paused.iter().zip(&pulled).enumerate() {
            let rest = at[k + 1] + REST_CLOSE;
            assert!(closed_at.is_some_and(|c| c >= rest && c <= rest + FIT), "rep {k} closes during the pause: {closed_at:?}");
            assert_eq!((rep.index, rep.start - at[k], rep.end - at[k + 1]), (want.index, 0, 0));
            for (got, want) in [(rep.concentric, want.concentric), (rep.eccentric, want.eccentric)] {
                // The same fits at other absolute times: equal but for rounding.
                assert!((got.duration_s - want.duration_s).abs() < 1e-9 && (got.velocity - want.velocity).abs() < 1e-9, "rep {k}: {got:?} {want:?}");
            }
        }
    }

    #[test]
    fn closes_nothing_more_however_long_the_rope_rests_or_when_finished() {
        let (mut d, mut edges) = detector();
        let path = (0..=90).map(|k| (900.0 - 20.0 * f64::from(k), k > 0)).chain(std::iter::repeat_n((-900.0, false), 1000));
        let reps = (0u64..)
            .zip(path)
            .filter(|&(i, (a, moving))| {
                edges.push(i, i as f64 * 1e4, a, a.abs(), moving);
                d.push(&point(i, a, moving, -20.0), &edges).is_some()
            })
            .count();
        assert_eq!((reps, d.finish(&edges)), (1, [None, None]));
    }

    #[test]
    fn takes_each_phases_peak_power_from_the_smoothed_power_centred_on_it_and_publishes_the_turn_once_it_has_come() {
        // 900° → 0 → −900° in 10° steps (0.9 s a phase at 100 Hz: the long fit), then rest.
        // Fit j's value at point k is centred at c = k − delays[j] and says where: +c up to the
        // turn (driving), −c after it (braking), so a phase's peak is its last centre seen.
        let delays = [3, 6];
        let mut path = vec![900.0];
        path.extend((1..=180).map(|k| 900.0 - 10.0 * f64::from(k)));
        path.extend(std::iter::repeat_n(-900.0, 2 * REST_CLOSE as usize));
        let turn = 90u64;
        let (mut d, mut edges) = detector_with(delays);
        let (mut turns, mut reps) = (Vec::new(), Vec::new());
        for (i, &a) in (0u64..).zip(&path) {
            let moving = i > 0 && i <= 180;
            let mut values = [if moving { 1.0 } else { 0.0 }; VALUE_COUNT];
            values[OMEGA] = -values[OMEGA];
            for (j, &n) in delays.iter().enumerate() {
                let c = i as f64 - n as f64;
                values[SMOOTHED + j] = if c <= turn as f64 { c } else { -c };
            }
            let p = DetectorPoint { at: At { index: i, time_us: i as f64 * 1e4 }, angle_deg: a, values, moving, rate: values[OMEGA] };
            edges.push(i, p.at.time_us, a, a.abs(), moving);
            reps.extend(d.push(&p, &edges).map(|r| (i, r)));
            turns.extend(d.take_turn().map(|t| (i, t)));
        }
        assert_eq!((turns.len(), reps.len()), (1, 1), "{turns:?} {reps:?}");
        let (published, t) = turns[0];
        // The return was certain 18 points after the turn, by when the long fit (a 0.9 s pull)
        // had passed the turn (6 points).
        assert_eq!((t.turn, published), (turn, turn + 18));
        assert_eq!(t.concentric.peak_power, turn as f64);
        let (_, rep) = reps[0];
        // Closed by rest, with the values centred up to its end.
        assert_eq!((rep.end, rep.concentric, rep.eccentric.peak_power), (180, t.concentric, 180.0));
        assert_eq!(rep.peak_power_ratio, 2.0);
        // With a delay longer than the switch takes, the turn has the peak so far, and the rep the
        // peak centred on the turn.
        let (mut d, mut edges) = detector_with([30, 30]);
        let (mut turns, mut reps) = (Vec::new(), Vec::new());
        for (i, &a) in (0u64..).zip(&path) {
            let moving = i > 0 && i <= 180;
            let mut values = [if moving { 1.0 } else { 0.0 }; VALUE_COUNT];
            values[OMEGA] = -values[OMEGA];
            let c = i as f64 - 30.0;
            values[SMOOTHED..].fill(if c <= turn as f64 { c } else { -c });
            let p = DetectorPoint { at: At { index: i, time_us: i as f64 * 1e4 }, angle_deg: a, values, moving, rate: values[OMEGA] };
            edges.push(i, p.at.time_us, a, a.abs(), moving);
            reps.extend(d.push(&p, &edges));
            turns.extend(d.take_turn().map(|t| (i, t.concentric.peak_power)));
        }
        assert_eq!(turns, vec![(turn + 18, (turn + 18 - 30) as f64)]);
        assert_eq!((reps.len(), reps[0].concentric.peak_power), (1, turn as f64));
    }
}
