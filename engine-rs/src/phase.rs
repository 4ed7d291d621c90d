//! Per-phase accumulation: duration, means of magnitudes and peak velocity, with rest trimmed.
//!
//! A phase's edges are only known in hindsight (a turning point is the running extreme until
//! the rope has travelled back far enough), and rest at the edges must not count. Keeping the
//! points until then would make memory grow with the phase, so a phase is summarised by a
//! [`PhaseAcc`]: sums over its leading rest, its moving body and its trailing rest. Two
//! accumulators of consecutive stretches concatenate exactly ([`PhaseAcc::append`]), which
//! lets the detector split and join stretches at extremes in O(1).
//!
//! A point is "moving" when |ω| ≥ [`REST_OMEGA_RAD_S`]. The body runs from the first moving
//! point to the last one, rest inside it included. Each point stands for the grid step that
//! ends at it (its ω is a backward difference), so a phase of points (a, b] lasts (b − a)/hz
//! seconds and its points are counted once even though phases share their edge indices.
//! An empty phase (no moving point) has duration 0 and means 0, never NaN.

use crate::derive::Point;
use crate::settings::REST_OMEGA_RAD_S;

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

/// Accumulated stretch of consecutive points (see the module notes).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseAcc {
    lead: Sums,
    body: Sums,
    trail: Sums,
    moving: bool,
}

impl PhaseAcc {
    /// Adds the next point, given as [`magnitudes`].
    pub fn push(&mut self, m: &[f64; METRIC_COUNT], moving: bool) {
        if moving {
            if self.moving {
                self.body.add(&self.trail);
                self.trail = Sums::default();
            }
            self.moving = true;
            self.body.add_point(m);
        } else if self.moving {
            self.trail.add_point(m);
        } else {
            self.lead.add_point(m);
        }
    }

    /// Appends the stretch that directly follows this one.
    pub fn append(&mut self, next: &PhaseAcc) {
        if !next.moving {
            if self.moving {
                self.trail.add(&next.lead);
            } else {
                self.lead.add(&next.lead);
            }
        } else if !self.moving {
            self.lead.add(&next.lead);
            self.body = next.body;
            self.trail = next.trail;
            self.moving = true;
        } else {
            self.body.add(&self.trail);
            self.body.add(&next.lead);
            self.body.add(&next.body);
            self.trail = next.trail;
        }
    }

    /// The phase's summary on a grid of `hz`.
    pub fn summary(&self, hz: f64) -> PhaseSummary {
        let b = &self.body;
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

    /// A point with |v| = v and every other magnitude 1; moving when v > 0.
    fn pt(v: f64) -> ([f64; METRIC_COUNT], bool) {
        ([v, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], v > 0.0)
    }

    fn acc(vs: &[f64]) -> PhaseAcc {
        let mut a = PhaseAcc::default();
        for &v in vs {
            let (m, moving) = pt(v);
            a.push(&m, moving);
        }
        a
    }

    macro_rules! summarises {
        ($($name:ident: $vs:expr => ($n:expr, $mean:expr, $peak:expr);)*) => {$(
            #[test]
            fn $name() {
                let s = acc(&$vs).summary(10.0);
                assert_eq!((s.duration_s, s.velocity, s.peak_velocity), ($n as f64 / 10.0, $mean, $peak));
            }
        )*};
    }

    summarises! {
        trims_rest_at_both_edges: [0.0, 0.0, 2.0, 4.0, 0.0] => (2, 3.0, 4.0);
        keeps_rest_inside_the_phase: [0.0, 2.0, 0.0, 0.0, 4.0, 0.0] => (4, 1.5, 4.0);
        gives_zeros_for_an_empty_phase: [] => (0, 0.0, 0.0);
        gives_zeros_for_a_phase_at_rest: [0.0, 0.0] => (0, 0.0, 0.0);
    }

    #[test]
    fn appending_equals_pushing_every_split_of_a_sequence() {
        let vs = [0.0, 3.0, 0.0, 5.0, 0.0, 0.0, 1.0, 0.0];
        let whole = acc(&vs);
        for cut in 0..=vs.len() {
            let mut a = acc(&vs[..cut]);
            a.append(&acc(&vs[cut..]));
            assert_eq!(a.summary(10.0), whole.summary(10.0), "cut at {cut}");
        }
    }
}
