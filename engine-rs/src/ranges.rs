//! The plausible range of each setting a user can change (docs/behaviour.md §3 "Workout
//! settings"): what [`crate::settings::Settings::validate`] accepts and what its errors name, with
//! the reason for each bound. Apart from the settings so that an error can name a range without
//! the settings' module, which makes the errors, naming the errors' module back.

/// The plausible values of a physical setting: outside them the figures would mean nothing
/// (a 1e-320 m shaft makes every force infinite), so they are refused with the range named.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    /// Lowest accepted value.
    pub min: f64,
    /// Highest accepted value.
    pub max: f64,
    /// The unit, as shown to the user.
    pub unit: &'static str,
}

impl Range {
    /// Whether `x` is a finite number within the range.
    pub fn contains(&self, x: f64) -> bool {
        x.is_finite() && x >= self.min && x <= self.max
    }
}

/// Resampling rate. Every rate from 100 Hz up gives every figure within the physics-truth
/// tests' bounds (`tests/unit/engine.accuracy.test.ts`, every sensor, raw rate and seed); below
/// it they do not, so those rates are refused ([`HZ_REASON`]): first a clean peak-power ratio
/// leaves its bound, then clean peak power, and lower still mean power and peak velocity (at
/// 10 Hz a fast pull of 0.45 s is four points). The fastest source we know (Chronojump's encoder) samples at 1 kHz, so a
/// finer grid only interpolates straight lines and costs memory.
pub const HZ: Range = Range { min: 100.0, max: 1000.0, unit: "Hz" };

/// Why rates below [`HZ`] are refused, as the error message says it.
pub const HZ_REASON: &str = "below 100 Hz the grid is too coarse for a fast pull's figures to stay within the engine's accuracy bounds";

/// Radius the rope winds on: from a 4 mm spindle to a 40 cm cone pulley.
pub const RADIUS: Range = Range { min: 0.002, max: 0.2, unit: "m" };

/// Flywheel inertia: commercial flywheels range 0.01–0.3 kg·m²; 2 is a stack of twenty of the
/// largest plates. 0 means no plates (no torque, force or power).
pub const INERTIA: Range = Range { min: 0.0, max: 2.0, unit: "kg·m²" };

/// Body mass: 0 leaves the body out of linear and net force; 300 kg is above any athlete.
pub const MASS: Range = Range { min: 0.0, max: 300.0, unit: "kg" };

/// Warmup reps a set starts with, whole numbers: a flywheel is spun up in one to three pulls,
/// and a longer warmup would leave a short set nothing to judge.
pub const WARMUP: Range = Range { min: 1.0, max: 3.0, unit: "reps" };
