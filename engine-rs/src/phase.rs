//! Per-phase accumulation: duration, means of magnitudes and peak velocity, with rest trimmed.
//!
//! A phase's edges are only known in hindsight, and keeping its points until then would make
//! memory grow with the phase; so a phase is a fold ([`PhaseAcc`]) of its points in order, a
//! few sums wide, and the detector keeps a copy of the fold as it stood at the running extreme.
//!
//! Rest at the edges must not count, and sensor noise on a still rope must not pass for
//! movement. A point is "moving" when |ω| ≥ [`REST_OMEGA_RAD_S`]; consecutive moving points
//! form a run, and a run is movement only once its path (Σ|Δ|angle||) reaches
//! [`MOVE_CONFIRM_DEG`]. A noise blip is a run of a point or two that travels a fraction of a
//! degree, so it stays rest. The phase's body runs from the first point of its first movement
//! to the last point of its last movement, rest inside included; rest and blips before and
//! after are trimmed. Confirming a run never moves its start, so trimming only drops the
//! instants when the flywheel turns slower than the rest threshold.
//!
//! Each point stands for the grid step that ends at it (its ω is a backward difference), so
//! a body of n points lasts n/hz seconds, and phases that share an edge index count each
//! point once. An empty phase (no movement) has duration 0 and means 0, never NaN.

use crate::derive::Point;
use crate::settings::{MOVE_CONFIRM_DEG, REST_OMEGA_RAD_S};

/// Number of averaged metrics (the `METRICS` list of the TypeScript contract).
pub const METRIC_COUNT: usize = 7;

/// Sums over a stretch of points.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Sums {
    count: u64,
    /// Σ|v|, Σ|a|, Σ|τ|, Σ|F|, Σ|linearForce|, Σ|netForce|, Σ|P|
    total: [f64; METRIC_COUNT],
    /// max |v|
    peak_velocity: f64,
}

impl Sums {
    #[inline]
    fn add_point(&mut self, m: &[f64; METRIC_COUNT]) {
        self.count += 1;
        for (t, x) in self.total.iter_mut().zip(m) {
            *t += x;
        }
        self.peak_velocity = self.peak_velocity.max(m[0]);
    }

    fn add(&mut self, other: &Sums) {
        self.count += other.count;
        for (t, x) in self.total.iter_mut().zip(&other.total) {
            *t += x;
        }
        self.peak_velocity = self.peak_velocity.max(other.peak_velocity);
    }
}

/// The magnitudes a phase averages, in `METRICS` order, and whether the point is moving.
pub fn magnitudes(p: &Point) -> ([f64; METRIC_COUNT], bool) {
    (
        [
            p.velocity.abs(),
            p.acceleration.abs(),
            p.torque.abs(),
            p.force.abs(),
            p.linear_force.abs(),
            p.net_force.abs(),
            p.power.abs(),
        ],
        p.angular_velocity.abs() >= REST_OMEGA_RAD_S,
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// The last point was still.
    None,
    /// Moving points that have not yet travelled [`MOVE_CONFIRM_DEG`].
    Unconfirmed,
    /// Moving points that have: movement.
    Confirmed,
}

/// Fold of a phase's points, in order (see the module notes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhaseAcc {
    /// From the first movement to the end of the last movement closed so far.
    body: Sums,
    /// After the body: rest and blips, kept in case movement resumes.
    trail: Sums,
    /// The open run.
    run: Sums,
    run_state: Run,
    run_path_deg: f64,
    last_p: f64,
}

impl PhaseAcc {
    /// An empty fold of a phase that starts at rope position `p` (|angle|, degrees).
    pub fn new(p: f64) -> PhaseAcc {
        PhaseAcc {
            body: Sums::default(),
            trail: Sums::default(),
            run: Sums::default(),
            run_state: Run::None,
            run_path_deg: 0.0,
            last_p: p,
        }
    }

    /// Adds the next point: its [`magnitudes`] and rope position `p`.
    #[inline]
    pub fn push(&mut self, m: &[f64; METRIC_COUNT], moving: bool, p: f64) {
        if moving {
            if self.run_state == Run::None {
                self.run_state = Run::Unconfirmed;
                self.run = Sums::default();
                self.run_path_deg = 0.0;
            }
            self.run.add_point(m);
            if self.run_state == Run::Unconfirmed {
                self.run_path_deg += (p - self.last_p).abs();
                if self.run_path_deg >= MOVE_CONFIRM_DEG {
                    self.run_state = Run::Confirmed;
                }
            }
        } else {
            self.close_run();
            if self.body.count > 0 {
                self.trail.add_point(m);
            }
        }
        self.last_p = p;
    }

    /// True while the latest points are movement (not rest, not a blip).
    pub fn is_moving(&self) -> bool {
        self.run_state == Run::Confirmed
    }

    fn close_run(&mut self) {
        match self.run_state {
            Run::None => {}
            Run::Unconfirmed if self.body.count > 0 => self.trail.add(&self.run),
            Run::Unconfirmed => {}
            Run::Confirmed => {
                self.body.add(&self.trail);
                self.body.add(&self.run);
                self.trail = Sums::default();
            }
        }
        self.run_state = Run::None;
    }

    /// The phase's summary on a grid of `hz`, as if it ended at the last point pushed.
    pub fn summary(&self, hz: f64) -> PhaseSummary {
        let mut closed = *self;
        closed.close_run();
        let b = &closed.body;
        if b.count == 0 {
            return PhaseSummary::default();
        }
        let n = b.count as f64;
        let mean = |i: usize| b.total[i] / n;
        PhaseSummary {
            duration_s: n / hz,
            velocity: mean(0),
            acceleration: mean(1),
            torque: mean(2),
            force: mean(3),
            linear_force: mean(4),
            net_force: mean(5),
            power: mean(6),
            peak_velocity: b.peak_velocity,
        }
    }
}

/// Summary of one phase: duration and means of magnitudes over its moving points.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseSummary {
    /// s, rest at the edges excluded
    pub duration_s: f64,
    /// mean |v|, m/s
    pub velocity: f64,
    /// mean |a|, m/s²
    pub acceleration: f64,
    /// mean |τ|, N·m
    pub torque: f64,
    /// mean |F|, N
    pub force: f64,
    /// mean |linearForce|, N
    pub linear_force: f64,
    /// mean |netForce|, N
    pub net_force: f64,
    /// mean |P|, W
    pub power: f64,
    /// peak |v|, m/s
    pub peak_velocity: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Folds points given as (|v|, rope position °); a point moves when |v| > 0. Every other
    /// magnitude is 1.
    fn fold(points: &[(f64, f64)]) -> PhaseSummary {
        let mut a = PhaseAcc::new(points.first().map_or(0.0, |p| p.1));
        for &(v, p) in points {
            a.push(&[v, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], v > 0.0, p);
        }
        a.summary(10.0)
    }

    macro_rules! summarises {
        ($($name:ident: $points:expr => ($n:expr, $mean:expr, $peak:expr);)*) => {$(
            #[test]
            fn $name() {
                let s = fold(&$points);
                assert_eq!((s.duration_s, s.velocity, s.peak_velocity), ($n as f64 / 10.0, $mean, $peak));
            }
        )*};
    }

    summarises! {
        trims_rest_at_both_edges: [(0.0, 0.0), (0.0, 0.0), (2.0, 5.0), (4.0, 10.0), (0.0, 10.0)] => (2, 3.0, 4.0);
        keeps_rest_inside_the_phase: [(0.0, 0.0), (2.0, 5.0), (0.0, 5.0), (0.0, 5.0), (4.0, 10.0), (0.0, 10.0)] => (4, 1.5, 4.0);
        trims_a_blip_that_travels_under_the_confirmation_path: [(3.0, 0.0), (0.0, 0.0), (2.0, 5.0), (4.0, 10.0), (0.0, 10.0), (9.0, 10.5), (0.0, 10.0)] => (2, 3.0, 4.0);
        counts_a_run_from_its_first_point_once_it_travels_enough: [(0.0, 0.0), (1.0, 0.5), (1.0, 1.0), (1.0, 1.5), (1.0, 2.0), (0.0, 2.0)] => (4, 1.0, 1.0);
        gives_zeros_for_an_empty_phase: [] => (0, 0.0, 0.0);
        gives_zeros_for_a_phase_at_rest_or_blips: [(0.0, 0.0), (5.0, 1.0), (0.0, 1.0)] => (0, 0.0, 0.0);
    }

    #[test]
    fn tells_movement_from_rest_and_blips() {
        let mut a = PhaseAcc::new(0.0);
        a.push(&[1.0; METRIC_COUNT], true, 1.0);
        assert!(!a.is_moving(), "1° is a blip so far");
        a.push(&[1.0; METRIC_COUNT], true, 3.0);
        assert!(a.is_moving());
        a.push(&[0.0; METRIC_COUNT], false, 3.0);
        assert!(!a.is_moving());
    }
}
