//! Angular velocity and acceleration, and the derived metrics of one grid point.
//!
//! ω is the filtered angle's rate from the Savitzky–Golay fit ([`crate::savgol`]), in rad/s; α is
//! its backward difference, α_k = (ω_k − ω_{k−1}) · hz. Backward so that α telescopes: summed
//! over a phase, α gives exactly ω at its end minus ω at its start, so a phase's mean α is
//! Δω / duration at any rate and any noise level, the noise of the points in between cancelling
//! instead of piling up. At a segment's first point α is 0 (no previous ω), never a spike
//! against a made-up value.
//!
//! ω comes from the angle when `calcAngularVelocity` is on or the input has no device ω (live
//! Bluetooth packets only carry angle and time); otherwise the device's ω is interpolated.
//! The same rule picks α, computed as the difference of whichever ω is in use.
//!
//! Physics (docs/behaviour.md §9 plus the choices it leaves open), with r the shaft radius, I the inertia,
//! m the body mass, g = 9.81 m/s²:
//! - velocity v = ω·r (m/s) and acceleration a = α·2r (m/s², docs/behaviour.md §9's factor), signed like
//!   the disc's rotation;
//! - torque τ = I·α (N·m), tangential force F = τ/r (N): the rope tension that accelerates or
//!   brakes the flywheel;
//! - the rope position is r·|θ|, so the body moves away from the unit at −sign(θ)·v and its
//!   acceleration is a_body = −sign(θ)·a (positive = away from the unit, up in a squat);
//! - linearForce = m·a_body (N), the force that accelerates the body;
//! - netForce = m·(a_body + g) + |F| (N): the ground reaction, as in Chronojump's inertial
//!   model — it carries the body's weight, accelerates it, and resists the rope, which can
//!   only pull, so its tension is |F| whatever the disc's direction. The impulse when the rope
//!   reverses at full extension is not modelled (it is not in the angle signal either);
//! - power P = τ·ω (W): positive while the athlete drives the flywheel, negative while braking.
//!   ω here is the mean of this and the previous point's ω, the instant α_k is centred on
//!   (half a step before ω_k). With that pairing Σ P·Δt = I·Δ(ω²/2) exactly: a phase's mean
//!   power times its duration is the flywheel's change of kinetic energy, at any rate.

use crate::settings::{Settings, GRAVITY};

/// Degrees to radians.
pub const DEG_TO_RAD: f64 = core::f64::consts::PI / 180.0;

/// One processed point: the grid time, smoothed angle, rates and every derived metric.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// µs
    pub time_us: f64,
    /// smoothed angle, degrees
    pub angle_deg: f64,
    /// rad/s
    pub angular_velocity: f64,
    /// rad/s²
    pub angular_acceleration: f64,
    /// m/s
    pub velocity: f64,
    /// m/s²
    pub acceleration: f64,
    /// N·m
    pub torque: f64,
    /// N
    pub force: f64,
    /// N
    pub linear_force: f64,
    /// N
    pub net_force: f64,
    /// W
    pub power: f64,
}

impl Point {
    /// The fields in declaration order (the order of [`crate::Points::FIELDS`]).
    #[inline(always)]
    pub fn fields(&self) -> [f64; 11] {
        [
            self.time_us,
            self.angle_deg,
            self.angular_velocity,
            self.angular_acceleration,
            self.velocity,
            self.acceleration,
            self.torque,
            self.force,
            self.linear_force,
            self.net_force,
            self.power,
        ]
    }
}

/// Differentiates the smoothed angle and derives the metrics, one grid point at a time.
#[derive(Clone, Copy, Debug)]
pub struct Deriver {
    hz: f64,
    omega_scale: f64,
    radius: f64,
    /// 1/r: F = τ·(1/r), a multiplication on the hot path instead of a division.
    inv_radius: f64,
    two_radius: f64,
    inertia: f64,
    mass: f64,
    omega_from_angle: bool,
    alpha_from_omega: bool,
    /// Whether the current segment has a previous point.
    seen: bool,
    prev_omega: f64,
}

impl Deriver {
    /// A deriver for `settings`, computing ω and α until [`Deriver::use_device`] says otherwise.
    pub fn new(settings: &Settings) -> Deriver {
        Deriver {
            hz: settings.hz,
            omega_scale: DEG_TO_RAD * settings.hz,
            radius: settings.radius_m,
            inv_radius: 1.0 / settings.radius_m,
            two_radius: 2.0 * settings.radius_m,
            inertia: settings.inertia_kg_m2,
            mass: settings.mass_kg,
            omega_from_angle: true,
            alpha_from_omega: true,
            seen: false,
            prev_omega: 0.0,
        }
    }

    /// Uses the device's interpolated ω and/or α instead of computing them.
    pub fn use_device(&mut self, omega: bool, alpha: bool) {
        self.omega_from_angle = !omega;
        self.alpha_from_omega = !alpha;
    }

    /// ω, α and the ω that α pairs with of the next filtered point: `slope` is the filtered
    /// angle's rate (degrees per grid step), `device` the device's smoothed ω and α, `first`
    /// true at a segment's first point.
    #[inline(always)]
    pub fn rates(&mut self, slope: f64, device: (f64, f64), first: bool) -> Rates {
        if first {
            self.seen = false;
        }
        let omega = if self.omega_from_angle { slope * self.omega_scale } else { device.0 };
        let alpha = if !self.alpha_from_omega {
            device.1
        } else if self.seen {
            (omega - self.prev_omega) * self.hz
        } else {
            0.0
        };
        // α_k is centred half a step before ω_k; power pairs it with ω at the same instant.
        let omega_mid = if self.seen { 0.5 * (omega + self.prev_omega) } else { omega };
        self.seen = true;
        self.prev_omega = omega;
        Rates { omega, alpha, omega_mid }
    }

    /// Whether ω and α both come from the filtered angle (no device rates in use).
    #[inline(always)]
    pub fn from_angle(&self) -> bool {
        self.omega_from_angle && self.alpha_from_omega
    }

    /// The filtered angle's own rate, rad/s, for a `slope` in degrees per grid step: what tells
    /// a point moving or still, and which way, whichever ω the figures use (the device's is a
    /// figure, never a boundary: [`crate::phase`]).
    #[inline(always)]
    pub fn angle_rate(&self, slope: f64) -> f64 {
        slope * self.omega_scale
    }

    /// [`Deriver::rates`] of a point after the first of its segment, ω and α from the angle
    /// ([`Deriver::from_angle`]): the same arithmetic, without the choices.
    #[inline(always)]
    pub fn rates_after_first(&mut self, slope: f64) -> Rates {
        let omega = slope * self.omega_scale;
        let alpha = (omega - self.prev_omega) * self.hz;
        let omega_mid = 0.5 * (omega + self.prev_omega);
        self.prev_omega = omega;
        Rates { omega, alpha, omega_mid }
    }

    /// Power P = τ·ω (W) of a point with rates `r`.
    #[inline(always)]
    pub fn power(&self, r: &Rates) -> f64 {
        self.inertia * r.alpha * r.omega_mid
    }

    /// Every metric of the point at `time_us` with filtered angle `angle_deg` and rates `r`.
    #[inline(always)]
    pub fn point(&self, time_us: f64, angle_deg: f64, r: &Rates) -> Point {
        let acceleration = r.alpha * self.two_radius;
        let torque = self.inertia * r.alpha;
        let force = torque * self.inv_radius;
        let body_acceleration = if angle_deg < 0.0 { acceleration } else { -acceleration };
        Point {
            time_us,
            angle_deg,
            angular_velocity: r.omega,
            angular_acceleration: r.alpha,
            velocity: r.omega * self.radius,
            acceleration,
            torque,
            force,
            linear_force: self.mass * body_acceleration,
            net_force: self.mass * (body_acceleration + GRAVITY) + force.abs(),
            power: torque * r.omega_mid,
        }
    }
}

/// A point's angular velocity ω and acceleration α (rad/s, rad/s²), and the ω that power pairs
/// α with (the mean of this and the previous point's ω: see the module notes).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rates {
    /// rad/s
    pub omega: f64,
    /// rad/s²
    pub alpha: f64,
    /// rad/s
    pub omega_mid: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The point of a filtered point at `time_us` with device rates `omega`, `alpha`, angle and slope.
    fn derive(d: &mut Deriver, time_us: f64, first: bool, omega: f64, alpha: f64, angle_deg: f64, slope: f64) -> Point {
        let r = d.rates(slope, (omega, alpha), first);
        d.point(time_us, angle_deg, &r)
    }

    fn settings() -> Settings {
        Settings { hz: 100.0, radius_m: 0.02, inertia_kg_m2: 0.5, mass_kg: 80.0, ..Settings::default() }
    }

    #[test]
    fn turns_the_filtered_slope_into_omega_and_differences_it_into_alpha() {
        let mut d = Deriver::new(&settings());
        // slopes of 1, 2, 2 degrees per step at 100 Hz: ω = 100, 200, 200 °/s; α starts at 0.
        let pts: Vec<Point> =
            [1.0, 2.0, 2.0].iter().enumerate().map(|(i, &s)| derive(&mut d, 0.0, i == 0, 9.0, 9.0, 0.0, s)).collect();
        let close = |x: f64, deg: f64| (x - deg * DEG_TO_RAD).abs() < 1e-9;
        assert!(close(pts[0].angular_velocity, 100.0) && close(pts[1].angular_velocity, 200.0));
        assert_eq!(pts[0].angular_acceleration, 0.0);
        assert!(close(pts[1].angular_acceleration, 100.0 * 100.0));
        assert_eq!(pts[2].angular_acceleration, 0.0);
    }

    #[test]
    fn uses_the_device_rates_when_told_to() {
        let mut d = Deriver::new(&settings());
        d.use_device(true, false);
        let p0 = derive(&mut d, 0.0, true, 2.0, 99.0, 10.0, 0.0);
        let p1 = derive(&mut d, 0.0, false, 3.0, 99.0, 20.0, 0.0);
        assert_eq!((p0.angular_velocity, p0.angular_acceleration), (2.0, 0.0));
        assert_eq!((p1.angular_velocity, p1.angular_acceleration), (3.0, 100.0));
        d.use_device(true, true);
        assert_eq!(derive(&mut d, 0.0, false, 3.0, 7.5, 30.0, 0.0).angular_acceleration, 7.5);
    }

    #[test]
    fn derives_the_metrics_by_hand() {
        let mut d = Deriver::new(&settings());
        d.use_device(true, true);
        // ω = 10 rad/s, α = −4 rad/s², angle > 0 (rope wound on the + side), r = 0.02 m.
        let p = derive(&mut d, 5.0, true, 10.0, -4.0, 90.0, 0.0);
        assert_eq!(p.velocity, 0.2); // 10 · 0.02
        assert_eq!(p.acceleration, -0.16); // −4 · 0.04
        assert_eq!(p.torque, -2.0); // 0.5 · −4
        assert_eq!(p.force, -100.0); // −2 / 0.02
        assert!((p.linear_force - 12.8).abs() < 1e-12); // 80 · 0.16
        assert!((p.net_force - (80.0 * (0.16 + 9.81) + 100.0)).abs() < 1e-9);
        assert_eq!(p.power, -20.0); // −2 · 10 (no previous ω yet)
        let q = derive(&mut d, 6.0, false, 10.0, -4.0, -90.0, 0.0);
        assert!((q.linear_force + 12.8).abs() < 1e-12); // the other side of the calibration point
        let r = derive(&mut d, 7.0, false, 20.0, -4.0, -90.0, 0.0);
        assert_eq!(r.power, -2.0 * 15.0); // τ · (10 + 20)/2
    }
}
