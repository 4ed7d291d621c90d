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
//! - A rep closes when the next concentric is noticed, so it is reported about 180° of rope
//!   later; at end of data ([`RepDetector::finish`]) a trailing rep closes only if the rope is
//!   at rest, since an eccentric cut off mid-movement has no known end.
//! - Memory is O(1): each phase is two [`PhaseAcc`]s, up to the running extreme and after it;
//!   a new extreme folds the second into the first. Points are never stored.
//! - Data that starts mid-movement (rope already out, or winding back) begins in an unknown
//!   direction: a first eccentric without a concentric makes no rep.

use crate::phase::{PhaseAcc, PhaseSummary, METRIC_COUNT};
use crate::settings::REP_TRAVEL_DEG;

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
}

/// An extreme of |angle|: its value (degrees) and grid index.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Extreme {
    p: f64,
    index: u64,
}

/// Which way the rope is going, with what the current rep has gathered so far.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Direction {
    /// Before the first switch both extremes are tracked, each with the points after it.
    Unknown { hi: Extreme, lo: Extreme, since_hi: PhaseAcc, since_lo: PhaseAcc },
    /// Rope going out since `start`.
    Concentric { start: Extreme },
    /// Rope winding back after the concentric (start, turn, summary) of the current rep, if
    /// the session saw it.
    Eccentric { concentric: Option<(Extreme, Extreme, PhaseSummary)> },
}

/// Streams points in, closed reps out.
#[derive(Clone, Debug)]
pub struct RepDetector {
    hz: f64,
    warmup: u32,
    next_index: u32,
    dir: Direction,
    /// Running extreme of the current phase, with the phase's points up to it and after it.
    ext: Extreme,
    to_ext: PhaseAcc,
    since_ext: PhaseAcc,
    last_moving: bool,
}

impl RepDetector {
    /// A detector on a grid of `hz` with `warmup` warmup reps.
    pub fn new(hz: f64, warmup: u32) -> RepDetector {
        // Infinite sentinels: the first point becomes both extremes.
        let hi = Extreme { p: f64::NEG_INFINITY, index: 0 };
        let lo = Extreme { p: f64::INFINITY, index: 0 };
        RepDetector {
            hz,
            warmup,
            next_index: 0,
            dir: Direction::Unknown { hi, lo, since_hi: PhaseAcc::default(), since_lo: PhaseAcc::default() },
            ext: hi,
            to_ext: PhaseAcc::default(),
            since_ext: PhaseAcc::default(),
            last_moving: false,
        }
    }

    /// Feeds grid point `index` with smoothed angle `angle_deg` and its
    /// [`crate::phase::magnitudes`]; returns the rep this point closes, if any.
    pub fn push(&mut self, index: u64, angle_deg: f64, m: &[f64; METRIC_COUNT], moving: bool) -> Option<Rep> {
        let here = Extreme { p: angle_deg.abs(), index };
        self.last_moving = moving;
        match self.dir {
            Direction::Unknown { mut hi, mut lo, mut since_hi, mut since_lo } => {
                if here.p > hi.p {
                    (hi, since_hi) = (here, PhaseAcc::default());
                } else {
                    since_hi.push(m, moving);
                }
                if here.p < lo.p {
                    (lo, since_lo) = (here, PhaseAcc::default());
                } else {
                    since_lo.push(m, moving);
                }
                // Both cannot hold at once: the earlier extreme would have switched already.
                if here.p <= hi.p - REP_TRAVEL_DEG {
                    self.begin(Direction::Concentric { start: hi }, here, since_hi);
                } else if here.p >= lo.p + REP_TRAVEL_DEG {
                    self.begin(Direction::Eccentric { concentric: None }, here, since_lo);
                } else {
                    self.dir = Direction::Unknown { hi, lo, since_hi, since_lo };
                }
                None
            }
            Direction::Concentric { start } => {
                if here.p < self.ext.p {
                    self.extend(here, m, moving);
                } else {
                    self.since_ext.push(m, moving);
                    if here.p >= self.ext.p + REP_TRAVEL_DEG {
                        let concentric = Some((start, self.ext, self.to_ext.summary(self.hz)));
                        self.begin(Direction::Eccentric { concentric }, here, self.since_ext);
                    }
                }
                None
            }
            Direction::Eccentric { concentric } => {
                if here.p > self.ext.p {
                    self.extend(here, m, moving);
                    return None;
                }
                self.since_ext.push(m, moving);
                if here.p > self.ext.p - REP_TRAVEL_DEG {
                    return None;
                }
                let rep = concentric.map(|(start, turn, c)| self.close(start, turn, c));
                self.begin(Direction::Concentric { start: self.ext }, here, self.since_ext);
                rep
            }
        }
    }

    /// End of data: the trailing rep, if its eccentric phase has come to rest.
    pub fn finish(&mut self) -> Option<Rep> {
        match self.dir {
            Direction::Eccentric { concentric: Some((start, turn, c)) } if !self.last_moving => {
                self.dir = Direction::Eccentric { concentric: None };
                Some(self.close(start, turn, c))
            }
            _ => None,
        }
    }

    /// A new running extreme: the points since the old one now lie before it.
    fn extend(&mut self, here: Extreme, m: &[f64; METRIC_COUNT], moving: bool) {
        self.to_ext.append(&self.since_ext);
        self.to_ext.push(m, moving);
        self.since_ext = PhaseAcc::default();
        self.ext = here;
    }

    /// Switches to `dir` at `here`, which is the new phase's first running extreme; `acc`
    /// holds the new phase's points so far (after the old extreme, up to and with `here`).
    fn begin(&mut self, dir: Direction, here: Extreme, acc: PhaseAcc) {
        self.dir = dir;
        self.ext = here;
        self.to_ext = acc;
        self.since_ext = PhaseAcc::default();
    }

    /// The rep with concentric (start, turn] summarised as `c` and the eccentric up to `ext`.
    fn close(&mut self, start: Extreme, turn: Extreme, c: PhaseSummary) -> Rep {
        let index = self.next_index;
        self.next_index = self.next_index.saturating_add(1);
        Rep {
            index,
            count: i64::from(index) - i64::from(self.warmup) + 1,
            start: start.index,
            turn: turn.index,
            end: self.ext.index,
            concentric: c,
            eccentric: self.to_ext.summary(self.hz),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds the straight-line path through `corners` in steps of `step` degrees (every point
    /// moving), then `rest` still points; returns the reps and the index of each corner.
    fn run(corners: &[f64], step: f64, rest: usize, finish: bool) -> (Vec<Rep>, Vec<u64>) {
        let mut path = vec![(corners[0], false)];
        let mut at = vec![0];
        for w in corners.windows(2) {
            let n = ((w[1] - w[0]).abs() / step).round() as usize;
            path.extend((1..=n).map(|k| (w[0] + (w[1] - w[0]) * k as f64 / n as f64, true)));
            at.push(path.len() as u64 - 1);
        }
        path.extend(std::iter::repeat((corners[corners.len() - 1], false)).take(rest));
        let mut d = RepDetector::new(100.0, 1);
        let mut reps: Vec<Rep> =
            path.iter().enumerate().filter_map(|(i, &(a, moving))| d.push(i as u64, a, &[1.0; METRIC_COUNT], moving)).collect();
        if finish {
            reps.extend(d.finish());
        }
        (reps, at)
    }

    #[test]
    fn finds_a_yo_yo_rep_from_wound_to_out_to_wound_the_other_way() {
        // +900° (wound) → −900° (wound the other way) → +900°, then rest.
        let (reps, at) = run(&[900.0, -900.0, 900.0], 10.0, 5, true);
        assert_eq!(reps.len(), 2);
        let turn = at[0] + 90; // the 0° crossing
        assert_eq!((reps[0].start, reps[0].turn, reps[0].end), (at[0], turn, at[1]));
        assert_eq!((reps[1].start, reps[1].end), (at[1], at[2]));
        assert_eq!((reps[0].index, reps[0].count, reps[1].count), (0, 0, 1));
        assert_eq!((reps[0].concentric.duration_s, reps[0].eccentric.duration_s), (0.9, 0.9));
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
}
