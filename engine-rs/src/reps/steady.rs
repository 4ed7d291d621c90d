//! The rep detector's fast path: stretches of points that only carry the phase in progress on
//! (steady movement past the extreme or back from it short of the switch, steady rest), taken in
//! loops of their own instead of a [`RepDetector::push`] per point.
//!
//! What a point can do is decided in [`crate::reps`]: the state machine there is the rule, and
//! these loops are that rule unrolled for the points that change nothing but a phase's running
//! sums, its extreme, its peaks and the rest band. They must give the same bits as pushing the
//! same points one by one: the loops add in the same order as [`RepDetector::push`], and a
//! property test runs every session both ways and compares every output bit
//! (`tests::properties`, `the_fast_path_gives_the_bits_of_pushing_every_point`). A change of
//! rule in one is a change in the other.

use super::{add_smoothed, rested, DetectorPoint, Direction, Extreme, Folds, Peaks, RepDetector, Waiting};
use crate::edges::Edges;
use crate::phase::{At, PhaseAcc, Resting, Sums, VALUE_COUNT};
use crate::settings::{EDGE_TRAVEL_DEG, PHASE_MOVE_DEG, REP_TRAVEL_DEG};
use crate::still::Stillness;
use crate::window::{peak, STREAMS};

/// A block of points as the detector reads them, as columns of equal length: point `i` is grid
/// point `first_index + i`.
#[derive(Clone, Copy, Debug)]
pub struct Block<'a> {
    /// Global grid index of the first point.
    pub first_index: u64,
    /// µs
    pub time_us: &'a [f64],
    /// The resampled angle (what [`Edges`] fits), degrees.
    pub raw_deg: &'a [f64],
    /// The filtered angle, degrees.
    pub angle_deg: &'a [f64],
    /// [`crate::phase::phase_values`].
    pub values: &'a [[f64; VALUE_COUNT]],
    /// Moving by the phases' rule.
    pub moving: &'a [bool],
    /// [`DetectorPoint::rate`].
    pub rate: &'a [f64],
}

impl Block<'_> {
    /// Number of points.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.time_us.len().min(self.raw_deg.len()).min(self.angle_deg.len()).min(self.values.len()).min(self.moving.len()).min(self.rate.len())
    }

    /// True without points.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first `len` points (≤ [`Block::len`]), every column cut to that length: a loop up to
    /// it indexes them without bounds checks.
    #[inline(always)]
    pub fn head(&self, len: usize) -> Block<'_> {
        Block {
            first_index: self.first_index,
            time_us: &self.time_us[..len],
            raw_deg: &self.raw_deg[..len],
            angle_deg: &self.angle_deg[..len],
            values: &self.values[..len],
            moving: &self.moving[..len],
            rate: &self.rate[..len],
        }
    }

    /// [`Edges::kept`] of points `from..to` (not empty), the last at rope position `p`.
    #[inline(always)]
    fn kept(&self, from: usize, to: usize, edges: &mut Edges, p: f64) {
        edges.kept(self.first_index + from as u64, &self.time_us[from..to], &self.raw_deg[from..to], p);
    }

    /// Point `i` (< [`Block::len`]).
    #[inline(always)]
    pub fn point(&self, i: usize) -> DetectorPoint {
        DetectorPoint {
            at: At { index: self.first_index + i as u64, time_us: self.time_us[i] },
            angle_deg: self.angle_deg[i],
            values: self.values[i],
            moving: self.moving[i],
            rate: self.rate[i],
        }
    }
}

/// Rope position `p` past the position `x` in the phase's direction, towards 0 in a pull
/// (`PULLING`), away from it in a release: past the extreme, or short of the switch back from
/// it ([`switch_at`]). A NaN position is not.
#[inline(always)]
fn past<const PULLING: bool>(p: f64, x: f64) -> bool {
    if PULLING {
        p < x
    } else {
        p > x
    }
}

/// The rope position back from the extreme at `ext_p` at which the switch of direction is
/// certain ([`REP_TRAVEL_DEG`]).
#[inline(always)]
fn switch_at<const PULLING: bool>(ext_p: f64) -> f64 {
    if PULLING {
        ext_p + REP_TRAVEL_DEG
    } else {
        ext_p - REP_TRAVEL_DEG
    }
}

/// Rope position `p` back from the extreme at `ext_p` (or at it) and short of the switch at
/// `switch_p`: within [ext, ext + travel) of a pull, (ext − travel, ext] of a release.
#[inline(always)]
fn back_within<const PULLING: bool>(p: f64, ext_p: f64, switch_p: f64) -> bool {
    if PULLING {
        p >= ext_p && p < switch_p
    } else {
        p <= ext_p && p > switch_p
    }
}

/// Whether a point at `angle_deg` turning at `omega` moves the rope the way the phase after a
/// pull (`PULLING`) or a release goes: out of a release (|angle| falling), back into a pull. The
/// filter spreads a hard stop over its window: its smoothed angle overshoots where the rope
/// stopped and comes back while ω still says the disc turns on, and those points, back from the
/// extreme and moving, would otherwise start the next phase's movement a rest too early (a
/// return stopped dead at 9 000°/s, then 1 s of rest, made the next pull start a second early).
#[inline(always)]
fn toward_next<const PULLING: bool>(angle_deg: f64, omega: f64) -> bool {
    if PULLING {
        angle_deg * omega >= 0.0
    } else {
        angle_deg * omega <= 0.0
    }
}

impl RepDetector {
    /// Takes the points of `block` from `from` on, pushing each into `edges` first, for as long
    /// as each only carries the phase in progress on, and returns how many it took (the point
    /// after them goes to [`RepDetector::push`]). Such a point is either
    /// - moving, in a phase whose latest run is confirmed movement, while `edges` too sees a
    ///   confirmed movement go on ([`Edges::carries_on`]), and
    ///   - goes past the phase's running extreme (about half of a set's points): it becomes the
    ///     extreme and adds to the phase's run; or
    ///   - comes back from the extreme by less than [`REP_TRAVEL_DEG`] (the first half-turn of
    ///     the next phase, while the switch is not yet certain), once the points after the
    ///     extreme are confirmed movement too: it adds to both runs (the phase's, and the next
    ///     phase's beginning); or
    /// - still, within a rest that `edges` too sees go on ([`Edges::rests_on`]), with no run open
    ///   in the phase's folds, unless it would close the rep, and
    ///   - goes past the extreme (the creep of a stopping rope, a resting rope's noise): it
    ///     becomes the extreme and adds to the stretch of rest, or the slow-down, the phase's
    ///     fold is in (`PhaseAcc::resting`); or
    ///   - comes back from the extreme by less than [`REP_TRAVEL_DEG`]: it adds to that stretch
    ///     and to the fold after the extreme, which it starts if there is none yet, unless the
    ///     phase's slow-down goes on (the fold's copy at the extreme would be due, see
    ///     `Folds::push`);
    ///
    /// and it is not the point at which the phase before waits no more. Each adds its smoothed
    /// powers where they belong (centred in it, or in the phase before it while that waits).
    /// Such a point cannot switch direction, publish a turn or close a rep. So the loops keep
    /// the folds, the extreme and the rest band in locals (the peaks, which a point in a few
    /// changes, in memory), add in the same order as [`RepDetector::push`] and give
    /// bit-identical results, with no call in them (a WebAssembly engine stores a loop's values
    /// around any call, even one not taken); a point's count and place, and the edges' copy
    /// of the points, are set once after the loop.
    pub fn steady(&mut self, block: &Block, from: usize, edges: &mut Edges, limit: u64) -> usize {
        #[cfg(test)]
        if self.point_by_point {
            return 0;
        }
        // Each loop takes points only up to where `edges` stops seeing the point's kind go on
        // (`Edges::steady_until`): while an edge is due, or a movement is not yet confirmed there,
        // none, which is cheaper to know here (the points one by one of an onset's wait and of a
        // movement's first degrees).
        let first_moving = block.moving.get(from).copied().unwrap_or(true);
        let mut until = edges.steady_until(first_moving);
        if until <= block.first_index + from as u64 {
            // An onset waiting for its travel: the points before the first that leaves its rest
            // level (the onset's), found by a scan (a few dozen points one by one otherwise).
            let Some((level, wait_until)) = edges.onset_wait().filter(|_| first_moving) else { return 0 };
            let raw = &block.raw_deg[from..block.len().min(usize::try_from(wait_until.saturating_sub(block.first_index)).unwrap_or(usize::MAX))];
            // As `Edges::settle` tests it: a NaN leaves the level too.
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            let within = raw.iter().position(|&x| !((x - level).abs() < EDGE_TRAVEL_DEG)).unwrap_or(raw.len());
            if within == 0 {
                return 0;
            }
            until = block.first_index + (from + within) as u64;
        }
        let block = &block.head(block.len().min(usize::try_from(limit.saturating_sub(block.first_index)).unwrap_or(usize::MAX)));
        let Some(dir) = &mut self.dir else { return 0 };
        let (folds, pulling, closing) = match dir {
            Direction::Unknown { .. } => return 0,
            Direction::Concentric { folds, .. } => (folds, true, false),
            Direction::Eccentric { concentric, folds } => (folds, false, concentric.is_some()),
        };
        // Up to the point at which the phase before is due, exclusive. The peaks, its and the
        // phase's, stay in memory: a point in a few brings smoothed power, and the loops' state
        // in registers is what every point uses.
        let mut none = Waiting::NONE;
        let (before, len) = match &mut self.pending {
            Some(p) => (&mut p.waiting, block.len().min(usize::try_from(p.due.saturating_sub(block.first_index)).unwrap_or(usize::MAX))),
            None => (&mut none, block.len()),
        };
        let delays = self.delays;
        // A loop of its own for each direction: one test and one register fewer a point.
        let still = &mut self.still;
        match (from < len && !block.moving[from], pulling) {
            (true, true) => Self::rest::<true>(block, from, len, edges, folds, still, closing, &delays, before),
            (true, false) => Self::rest::<false>(block, from, len, edges, folds, still, closing, &delays, before),
            (false, true) => Self::moving::<true>(block, from, len, edges, folds, still, false, &delays, before, until),
            (false, false) => Self::moving::<false>(block, from, len, edges, folds, still, closing, &delays, before, until),
        }
    }

    /// [`RepDetector::steady`] over moving points up to `len`.
    #[allow(clippy::too_many_arguments)]
    // Out of line: inlined into `steady`, V8's code for it held more of the process's memory,
    // for no speed (engine-rs/PERF.md).
    #[inline(never)]
    fn moving<const PULLING: bool>(block: &Block, from: usize, len: usize, edges: &mut Edges, folds: &mut Folds, band: &mut Stillness, closing: bool, delays: &[u64; STREAMS], before: &mut Waiting, until: u64) -> usize {
        let confirmed = folds.all.moving_run().filter(|_| folds.after_ext.is_none_or(|after| after.moving_run().is_some()));
        let Some(mut run) = confirmed.filter(|_| until > 0) else {
            return Self::starting::<PULLING>(block, from, len, edges, folds, band, closing, delays, before, until);
        };
        // Where `edges` stops carrying a movement on (`until`: `Edges::carries_on`, or an onset's
        // wait), taken once.
        let len = len.min(usize::try_from(until.saturating_sub(block.first_index)).unwrap_or(usize::MAX));
        if from >= len {
            return 0;
        }
        let block = block.head(len);
        let (mut still, mut ext_p, peaks) = (*band, folds.ext.p, &mut folds.peaks);
        let (start, own, ext_index) = (folds.from, folds.own, folds.ext.index);
        let mut i = from;
        // The runs are confirmed movement, so have points: each point adds its values, and the
        // count and last place are set once after the loop.
        if let Some(after) = &mut folds.after_ext {
            // Coming back from the extreme: within (ext − travel, ext] of a release, [ext, ext +
            // travel) of a pull (a NaN position is neither, and stops the loop).
            let Some(mut next) = after.moving_run() else { return 0 };
            let switch_p = switch_at::<PULLING>(ext_p);
            while i < len {
                let (p, index) = (block.angle_deg[i].abs(), block.first_index + i as u64);
                if !(block.moving[i] && back_within::<PULLING>(p, ext_p, switch_p) && toward_next::<PULLING>(block.angle_deg[i], block.rate[i])) {
                    break;
                }
                still.push(block.time_us[i], p, true);
                run.add_values(&block.values[i]);
                next.add_values(&block.values[i]);
                add_smoothed(&block.values[i], index, delays, (start, ext_index, own), peaks, before);
                i += 1;
            }
            if i > from {
                let last_p = block.angle_deg[i - 1].abs();
                block.kept(from, i, edges, last_p);
                run.placed(from, i, |k| block.point(k).at);
                next.placed(from, i, |k| block.point(k).at);
                folds.all.moved(run, last_p);
                after.moved(next, last_p);
                *band = still;
            }
            return i - from;
        }
        // Past the extreme: every value centred in the phase is centred before the new extreme,
        // and none after the old one (no point has come back from it).
        while i < len {
            let (p, index) = (block.angle_deg[i].abs(), block.first_index + i as u64);
            if !(block.moving[i] && past::<PULLING>(p, ext_p)) {
                break;
            }
            still.push(block.time_us[i], p, true);
            run.add_values(&block.values[i]);
            add_smoothed(&block.values[i], index, delays, (start, index, own), peaks, before);
            ext_p = p;
            i += 1;
        }
        if i > from {
            Self::took_past::<PULLING>(&block, from..i, edges, folds, run, None, ext_p);
            *band = still;
        }
        i - from
    }

    /// [`RepDetector::moving`] while a movement is starting: the phase's run, or the run after
    /// its extreme, not yet movement (the sustained-motion rule,
    /// [`crate::settings::PHASE_MOVE_DEG`]), the edges' movement confirmed and no edge due
    /// ([`Edges::steady_until`]). The same points, each also adding its step to the path of each
    /// run that is not movement, up to and with the point after which every run is (the loops
    /// of [`RepDetector::moving`] take the points after it), and short of a point that closes
    /// the rep (`closing`: a moving point can, while the edges still know the last stop:
    /// [`RepDetector::push`], Rested). A run that no point has opened yet (the first moving point
    /// after still ones) is [`RepDetector::push`]'s to open, with the copy of the fold at the
    /// extreme it may need.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn starting<const PULLING: bool>(
        block: &Block,
        from: usize,
        len: usize,
        edges: &mut Edges,
        folds: &mut Folds,
        band: &mut Stillness,
        closing: bool,
        delays: &[u64; STREAMS],
        before: &mut Waiting,
        until: u64,
    ) -> usize {
        let Some((mut run, mut confirmed, mut path)) = folds.all.open_run() else { return 0 };
        let len = len.min(usize::try_from(until.saturating_sub(block.first_index)).unwrap_or(usize::MAX));
        if from >= len {
            return 0;
        }
        let close_from = edges.last_stop_us().filter(|_| closing);
        let block = block.head(len);
        // Whether the point at `p` leaves the rep open.
        let carries = |p: f64, time_us: f64, still: &Stillness| {
            let mut banded = *still;
            banded.push(time_us, p, true);
            !close_from.is_some_and(|stop_us| rested(time_us, banded.since_us(), stop_us))
        };
        let (mut still, mut ext_p, peaks) = (*band, folds.ext.p, &mut folds.peaks);
        let (start, own, ext_index) = (folds.from, folds.own, folds.ext.index);
        let (was_confirmed, mut last) = (confirmed, folds.all.last_p());
        let mut i = from;
        if let Some(after) = &mut folds.after_ext {
            // Coming back from the extreme (see `moving`). Both folds took every point since the
            // run after the extreme opened, so both have its last position.
            let Some((mut next, mut next_confirmed, mut next_path)) = after.open_run() else { return 0 };
            if after.last_p().to_bits() != last.to_bits() || folds.at_ext.is_none() {
                return 0;
            }
            let (next_was_confirmed, switch_p) = (next_confirmed, switch_at::<PULLING>(ext_p));
            while i < len {
                let (p, index) = (block.angle_deg[i].abs(), block.first_index + i as u64);
                if !(block.moving[i] && back_within::<PULLING>(p, ext_p, switch_p) && toward_next::<PULLING>(block.angle_deg[i], block.rate[i]) && carries(p, block.time_us[i], &still)) {
                    break;
                }
                still.push(block.time_us[i], p, true);
                run.add_values(&block.values[i]);
                next.add_values(&block.values[i]);
                add_smoothed(&block.values[i], index, delays, (start, ext_index, own), peaks, before);
                let step = (p - last).abs();
                if !confirmed {
                    path += step;
                    confirmed = path >= PHASE_MOVE_DEG;
                }
                if !next_confirmed {
                    next_path += step;
                    next_confirmed = next_path >= PHASE_MOVE_DEG;
                }
                last = p;
                i += 1;
                if confirmed && next_confirmed {
                    break;
                }
            }
            if i > from {
                block.kept(from, i, edges, last);
                run.placed(from, i, |k| block.point(k).at);
                next.placed(from, i, |k| block.point(k).at);
                if was_confirmed {
                    folds.all.moved(run, last);
                } else {
                    folds.all.travelled(run, path, last);
                }
                if next_was_confirmed {
                    after.moved(next, last);
                } else {
                    after.travelled(next, next_path, last);
                }
                *band = still;
            }
            return i - from;
        }
        // Past the extreme (see `moving`), the phase's run not yet movement.
        while i < len {
            let (p, index) = (block.angle_deg[i].abs(), block.first_index + i as u64);
            if !(block.moving[i] && past::<PULLING>(p, ext_p) && carries(p, block.time_us[i], &still)) {
                break;
            }
            still.push(block.time_us[i], p, true);
            run.add_values(&block.values[i]);
            add_smoothed(&block.values[i], index, delays, (start, index, own), peaks, before);
            if !confirmed {
                path += (p - last).abs();
                confirmed = path >= PHASE_MOVE_DEG;
            }
            (ext_p, last) = (p, p);
            i += 1;
            if confirmed {
                break;
            }
        }
        if i > from {
            Self::took_past::<PULLING>(&block, from..i, edges, folds, run, (!was_confirmed).then_some(path), ext_p);
            *band = still;
        }
        i - from
    }

    /// Hands the points `took` of a loop past the extreme to the edges and the phase's run, whose
    /// sums they are in `run` (with `path` travelled while the run is not yet movement): the last
    /// of them is the new extreme, and the folds kept at and after the old one go.
    #[inline(always)]
    fn took_past<const PULLING: bool>(block: &Block, took: core::ops::Range<usize>, edges: &mut Edges, folds: &mut Folds, mut run: Sums, path: Option<f64>, ext_p: f64) {
        let last = block.point(took.end - 1);
        block.kept(took.start, took.end, edges, ext_p);
        run.placed(took.start, took.end, |k| block.point(k).at);
        match path {
            None => folds.all.moved(run, ext_p),
            Some(path) => folds.all.travelled(run, path, ext_p),
        }
        folds.ext = Extreme { p: ext_p, index: last.at.index };
        if PULLING {
            folds.ext_point = last;
        }
        (folds.at_ext, folds.after_ext) = (None, None);
    }

    /// [`RepDetector::steady`] over still points up to `len`, in the phase folded in `folds` (a
    /// pull when `PULLING`, else a release whose rep is still to close when `closing`).
    ///
    /// A still point past the extreme (a resting rope's noise, or its last creep after the
    /// flywheel stopped) becomes the extreme, as in [`Folds::push`]; the first still point back
    /// from it starts the fold after the extreme afresh, unless the phase's figures still change
    /// with rest (its slow-down goes on), which needs a copy of the fold ([`Folds::at_ext`]): that
    /// point goes to [`RepDetector::push`]. Most still points go to [`RepDetector::plain_rest`].
    #[allow(clippy::too_many_arguments)]
    // Out of line: inlined into `steady`, V8's code for it held more of the process's memory,
    // for no speed (engine-rs/PERF.md).
    #[inline(never)]
    fn rest<const PULLING: bool>(
        block: &Block,
        from: usize,
        len: usize,
        edges: &mut Edges,
        folds: &mut Folds,
        still: &mut Stillness,
        closing: bool,
        delays: &[u64; STREAMS],
        before: &mut Waiting,
    ) -> usize {
        // The first still point back from the extreme while the phase's slow-down goes on needs
        // the copy of the fold at the extreme (`Folds::push`): made here, between two runs of the
        // loop, rather than by a return, a push of that point and a new call (the stop's push).
        let (mut i, mut copied) = (from, false);
        loop {
            let (to, copy) = Self::rest_run::<PULLING>(block, i, len, edges, folds, still, closing, delays, before, copied);
            if !copy {
                return to - from;
            }
            folds.at_ext.get_or_insert(folds.all);
            (i, copied) = (to, true);
        }
    }

    /// [`RepDetector::rest`] from `from` up to the first point it cannot take, and whether that
    /// point only waits for the copy of the fold at the extreme, which `copied` says was made at
    /// `from` (the point there then needs none).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn rest_run<const PULLING: bool>(
        block: &Block,
        from: usize,
        len: usize,
        edges: &mut Edges,
        folds: &mut Folds,
        still: &mut Stillness,
        closing: bool,
        delays: &[u64; STREAMS],
        before: &mut Waiting,
        copied: bool,
    ) -> (usize, bool) {
        let none = (from, false);
        let Some(mut all) = folds.all.resting(from) else { return none };
        // The fold after the extreme: `None` while no point has come back from it.
        let mut next = match &folds.after_ext {
            Some(after) => match after.resting(from) {
                Some(r) => Some(r),
                None => return none,
            },
            None => None,
        };
        // Unchanged while the rope rests and no edge is due: a rest close needs it.
        let stop_us = edges.last_stop_us();
        // Where `edges` stops seeing a rest go on (`Edges::rests_on`), taken once.
        let len = len.min(usize::try_from(edges.steady_until(false).saturating_sub(block.first_index)).unwrap_or(usize::MAX));
        if from >= len {
            return none;
        }
        let block = block.head(len);
        let (mut band, mut ext, peaks) = (*still, folds.ext, &mut folds.peaks);
        let (start, own) = (folds.from, folds.own);
        // The block slot of the latest extreme taken here, if any.
        let mut ext_slot = None;
        let close_from = stop_us.filter(|_| closing);
        // Whether the point at `i` is one back from the extreme that needs the copy (none is
        // needed at `from` when `copied`).
        let (mut i, mut copy) = (from, false);
        while i < len {
            if let Some(after) = next.as_mut().filter(|after| all.is_rest() && after.is_lead()) {
                let smoothed = (delays, (start, ext.index, own));
                i = Self::plain_rest::<PULLING>(&block, i, (&mut all, after), ext.p, (&mut band, close_from), smoothed, peaks, before);
                if i >= len {
                    break;
                }
            }
            let (p, index) = (block.angle_deg[i].abs(), block.first_index + i as u64);
            if block.moving[i] {
                break;
            }
            // Past the extreme, or back by less than the travel that switches direction (a NaN
            // position is neither, and stops the loop).
            let beyond = past::<PULLING>(p, ext.p);
            if !past::<PULLING>(p, switch_at::<PULLING>(ext.p)) {
                break;
            }
            let needs_no_copy = beyond || next.is_some() || all.keeps_figures() || (copied && i == from);
            if !needs_no_copy {
                copy = true;
                break;
            }
            let at = At { index, time_us: block.time_us[i] };
            let mut banded = band;
            banded.push(at.time_us, p, false);
            if close_from.is_some_and(|stop_us| rested(at.time_us, banded.since_us(), stop_us)) {
                break;
            }
            band = banded;
            all.add(&block.values[i], i);
            if beyond {
                (ext, ext_slot, next) = (Extreme { p, index }, Some(i), None);
                for j in 0..STREAMS {
                    peaks.at[j] = peak(peaks.at[j], peaks.after_own[j]);
                }
                (peaks.after_own, peaks.after_next) = ([0.0; STREAMS], [0.0; STREAMS]);
            } else {
                next.get_or_insert_with(|| Resting::empty(i)).add(&block.values[i], i);
            }
            add_smoothed(&block.values[i], index, delays, (start, ext.index, own), peaks, before);
            i += 1;
        }
        if i > from {
            let last_p = block.angle_deg[i - 1].abs();
            block.kept(from, i, edges, last_p);
            let at = |k: usize| block.point(k).at;
            folds.all.rested(all, i, at, last_p);
            if let Some(slot) = ext_slot {
                // A new extreme: the fold stands at it, and only the points since come after it.
                (folds.ext, folds.at_ext) = (ext, None);
                if PULLING {
                    folds.ext_point = block.point(slot);
                }
            }
            folds.after_ext = next.map(|r| {
                let mut after = folds.after_ext.filter(|_| ext_slot.is_none()).unwrap_or(PhaseAcc::new(ext.p));
                after.rested(r, i, at, last_p);
                after
            });
            *still = band;
        }
        (i, copy)
    }

    /// [`RepDetector::rest`] from slot `i` over what most still points are: back from the
    /// extreme at `ext_p` (not past it), the phase's fold `all` in the rest after its body (its
    /// slow-down over) and the fold after the extreme, `next`, in its lead; a loop of its own with
    /// a fraction of the general loop's state. The band goes on in `band`, and the rep closes
    /// once the rope has rested since the stop at `close_from`, if given. Returns the slot of the
    /// first point it did not take, which the general loop takes or refuses.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn plain_rest<const PULLING: bool>(
        block: &Block,
        mut i: usize,
        (all, next): (&mut Resting, &mut Resting),
        ext_p: f64,
        (band, close_from): (&mut Stillness, Option<f64>),
        (delays, centres): (&[u64; STREAMS], (u64, u64, f64)),
        peaks: &mut Peaks,
        before: &mut Waiting,
    ) -> usize {
        let mut banded = *band;
        // Where the switch is certain, taken once (WebAssembly engines leave it in the loop).
        let switch_p = switch_at::<PULLING>(ext_p);
        let (len, from) = (block.len(), i);
        while i < len {
            let (p, index) = (block.angle_deg[i].abs(), block.first_index + i as u64);
            if block.moving[i] || !back_within::<PULLING>(p, ext_p, switch_p) {
                break;
            }
            let time_us = block.time_us[i];
            let mut band = banded;
            band.push(time_us, p, false);
            if close_from.is_some_and(|stop_us| rested(time_us, band.since_us(), stop_us)) {
                break;
            }
            banded = band;
            add_smoothed(&block.values[i], index, delays, centres, peaks, before);
            i += 1;
        }
        // The folds add the points after the loop, each in the same order: with their sums live
        // in it, a WebAssembly engine stores them at the top of every iteration.
        all.add_rests(&block.values[from..i]);
        next.add_leads(&block.values[from..i], from);
        *band = banded;
        i
    }
}
