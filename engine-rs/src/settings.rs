//! Engine settings (docs/behaviour.md §3 "Workout settings") and the fixed constants of the pipeline.
//!
//! The settings are what the user can change; the constants are decisions the product rules leave open
//! (rest threshold, rep hysteresis, longest interpolated gap). They live here, next to the
//! reason for each value, so a change is one line and one test run.

use crate::error::{Error, ErrorKind};
use crate::ranges::{HZ, INERTIA, MASS, RADIUS, WARMUP};

/// Standard gravity for the net force, m/s² (docs/behaviour.md §9: "Gravity 9.81").
pub const GRAVITY: f64 = 9.81;

/// Lowest accepted resampling rate, Hz ([`HZ`]).
pub const HZ_MIN: f64 = HZ.min;

/// Highest accepted resampling rate, Hz ([`HZ`]).
pub const HZ_MAX: f64 = HZ.max;

/// Below this |ω| (rad/s) a point counts as still, and stillness is trimmed off the edges of
/// a phase (rest is not part of the movement). 0.3 rad/s is 4 mm/s of rope on the default
/// 14 mm shaft, and about three times the filtered ω noise of a 0.6° sensor sampled at 100 Hz
/// (the noisiest case measured). Where a movement starts and stops is then timed by
/// [`crate::edges`], not by where |ω| crosses this line, so the threshold trades nothing in
/// accuracy for its robustness.
pub const REST_OMEGA_RAD_S: f64 = 0.3;

/// |ω| (rad/s) within which a still point goes neither way ([`crate::phase`]: the still points
/// that lead into a phase, and the slow-down after it, go in its direction). On a rope at rest
/// the filter's rounding leaves a few 1e-12 rad/s of either sign where the exact ω is 0 (angles
/// of thousands of degrees over steps of 1–10 ms), and the side of 0 it lands on moved a phase's
/// mean velocity by 8e-5. 1e-9 rad/s is one turn in two centuries.
pub const STILL_OMEGA_RAD_S: f64 = 1e-9;

/// Half-width of the Savitzky–Golay window, s ([`crate::savgol`]): about 10 Hz of bandwidth
/// for the angle and 5 Hz for ω, and 50 ms of live lag.
pub const FILTER_HALF_WINDOW_S: f64 = 0.05;

/// The window's half-width at [`HZ_MAX`], points.
pub const FILTER_MAX_HALF_WIDTH: usize = 50;

/// Half-widths of the two centred quartic Savitzky–Golay fits that peak power is the peak of,
/// s ([`crate::window`]): the short one for phases under [`PEAK_POWER_LONG_PHASE_S`], the long
/// one for longer phases. A quartic fit keeps the peak of a half-sine power curve within 1 %
/// while its half-width is at most 0.7 of the phase (so the short fit serves phases down to
/// 0.29 s); the longer the fit, the more of the noise of α it averages out (a slow heavy pull's
/// peak is far too high with a 100 ms mean: [`crate::window`]).
pub const PEAK_POWER_HALF_WIDTHS_S: [f64; 2] = [0.2, 0.45];

/// Phases that last at least this long (s) take their peak power from the long fit of
/// [`PEAK_POWER_HALF_WIDTHS_S`]: its half-width is then at most 0.6 of the phase.
pub const PEAK_POWER_LONG_PHASE_S: f64 = 0.75;

/// The fits of [`PEAK_POWER_HALF_WIDTHS_S`] run on the mean power of consecutive blocks of
/// grid points, about this many blocks a second (Hz): a 20 ms mean is flat to 0.3 % up to 2 Hz,
/// and the peak of a curve sampled every 20 ms is within 0.3 % of its top for a phase of 0.45 s
/// (0.55 % at 0.3 s), while the fits run on a quarter of the points at 200 Hz.
pub const PEAK_POWER_RATE_HZ: f64 = 50.0;

/// Rest before an onset (after a stop) fitted to time it, s ([`crate::edges`]): long enough to
/// average a noisy sensor's rest level, shorter than the shortest rest between reps we plan for.
pub const EDGE_REST_S: f64 = 0.15;

/// Movement after an onset (before a stop) fitted to time it, s: long enough to see the
/// acceleration above the noise, short enough that it is still close to constant.
pub const EDGE_MOVE_S: f64 = 0.1;

/// Travel that an edge's fit holds of the movement, degrees ([`crate::edges`]): an onset's fit
/// runs on past [`EDGE_MOVE_S`] until the rope has left its rest by this much, and a stop is
/// fitted, the second time, over the last this much before it ("Where a movement ends"). Far
/// enough from the rest to see the motion above the noise (ten ticks of a 1.8° encoder, thirty σ
/// of a 0.6° sensor), close enough that a speed and a constant acceleration follow any start or
/// approach.
pub const EDGE_TRAVEL_DEG: f64 = 20.0;

/// The fewest points of movement in that fit: its speed, deceleration and level, and the split.
pub const EDGE_STOP_MIN_POINTS: u64 = 8;

/// Movements whose edges are remembered for the phases that end later (a rep has two or three).
pub const EDGE_HISTORY: usize = 8;

/// A run of moving points is movement only once its path reaches this many degrees of
/// |angle|: a noise blip on a still rope is a point or two travelling a fraction of a degree,
/// while any real movement passes 2° within tens of milliseconds. Confirmation does not delay
/// where the movement starts (see `phase`).
pub const MOVE_CONFIRM_DEG: f64 = 2.0;

/// A phase's movement ([`crate::phase`]: what its body runs from and to) is a run of moving
/// points whose path reaches this many degrees: sustained motion, which no reading error fakes.
/// The sensor's noise and ticks, and every reading the glitch guard lets through, stay within
/// [`GLITCH_TOLERANCE_DEG`] of the rope; a still rope read by a 1.8° encoder wanders a couple of
/// degrees at times, enough for [`MOVE_CONFIRM_DEG`]. A shorter run is rest to a phase: it
/// neither starts nor ends one (a wander of ticks after a stop, taken as movement, moved an
/// eccentric's end 0.15 s late).
pub const PHASE_MOVE_DEG: f64 = GLITCH_TOLERANCE_DEG;

/// The rope must travel this far, in degrees of |angle| from the running extreme, before the
/// detector believes a direction change. It is both the hysteresis and the minimum rep travel:
/// half a turn is 4.4 cm of rope on the default shaft, ten times the jitter of a 1.8°/tick
/// encoder, yet well below the range of any exercise (a flywheel squat travels 500–1000°).
pub const REP_TRAVEL_DEG: f64 = 180.0;

/// A rep whose eccentric phase has come to rest closes live once the rope has stayed within
/// [`REST_BAND_DEG`] for this many seconds, instead of waiting for the next pull (which may
/// never come: the athlete has finished the set). A stopped flywheel has no energy left to
/// wind the rope further, so a real stop ends the eccentric. 0.5 s feels immediate after the
/// last rep, and is about twice the longest stop at the top between two reps of Chronojump's
/// heavy flywheel squat (0.14–0.28 s within the band, at 50, 200 and 1000 Hz alike). A longer
/// deliberate pause closes the rep early; the next pull still starts a rep, from the same
/// |angle| maximum, so the count and every figure of the rep stay the same.
pub const REST_CLOSE_S: f64 = 0.5;

/// The rope is "at rest" for closing a rep from when it stopped moving (filtered |ω| under
/// [`REST_OMEGA_RAD_S`]) while its |angle| stays within this many degrees of where it stopped
/// (2.4 mm of rope on the default shaft): a slow drift of a resting rope restarts the count,
/// sensor noise does not. 10° is five ticks of a 1.8° encoder and many times the filtered
/// noise of a still rope.
pub const REST_BAND_DEG: f64 = 10.0;

/// Largest magnitude of any value of a sample (time in µs, angle in degrees, rates in rad/s and
/// rad/s²) that is accepted; larger ones (and NaN, which compares false) are dropped and counted
/// like a non-finite value. 1e12 is 11 days of µs, 2.8 billion turns of the disc, rates no unit
/// reaches; squares and products of such values stay far from overflowing, so no figure can come
/// out infinite or NaN whatever the input.
pub const MAX_SAMPLE_VALUE: f64 = 1e12;

/// The largest session clock origin accepted, µs: times are taken relative to the session's
/// first sample ([`crate::input`]), whose own time may be anything a clock counts in µs (since
/// 1970: about 1.7·10¹⁵) up to 3 000 years' worth.
pub const MAX_CLOCK_US: f64 = 1e17;

/// The hardest an athlete pulls a rope, N. Elite flywheel squats reach 3–4 kN of ground force,
/// and the rope carries less than that; 5 kN is beyond anyone. With [`MIN_INERTIA_KG_M2`] it
/// bounds how fast the disc can speed up or slow down: α ≤ F·r / I, 14 000 rad/s² on the
/// default 14 mm shaft ([`Settings::max_angular_acceleration`]).
pub const MAX_ROPE_FORCE_N: f64 = 5000.0;

/// The lightest flywheel a unit turns, kg·m²: below the smallest plate (0.00625) and a bare disc.
/// The bounds use it whatever inertia the user chose, so a wrong plate count never makes a real
/// rep look impossible.
pub const MIN_INERTIA_KG_M2: f64 = 0.005;

/// The fastest a rope moves, m/s: about twice the fastest rope speeds of flywheel training (near
/// 3 m/s at the hand in fast light pulls; the physics-truth sets peak at 1.6 m/s, the hard-stop
/// set at 3.5 m/s). On the default shaft 430 rad/s (24 500°/s).
pub const MAX_ROPE_SPEED_M_S: f64 = 6.0;

/// The largest a device's α can be, rad/s²: the hardest pull ([`MAX_ROPE_FORCE_N`]) on the
/// lightest flywheel ([`MIN_INERTIA_KG_M2`]) and the largest shaft ([`RADIUS`]); well above what a
/// device's difference of an encoder's ω reaches (its ticks' jumps over a millisecond). A sample
/// whose α is beyond it, or whose ω is beyond the fastest the rope turns the disc
/// ([`Settings::max_angular_speed`]), is no rope's and is rejected ([`crate::input`]): one cell of
/// −1e12 rad/s in a debug file made an eccentric of 1.76e8 m/s.
pub const MAX_DEVICE_ALPHA_RAD_S2: f64 = MAX_ROPE_FORCE_N * RADIUS.max / MIN_INERTIA_KG_M2;

/// How far, in degrees of the disc, a sample may stray from the rope's path before the glitch
/// test looks at it ([`crate::input`]): sensor noise and quantisation never reach it (11 ticks of
/// a 1.8° encoder, 33 σ of 0.6° noise), and a stray this small cannot make a rep (a rep needs
/// [`REP_TRAVEL_DEG`]) nor move an edge by more than a step.
pub const GLITCH_TOLERANCE_DEG: f64 = 20.0;

/// The longest run of consecutive glitched samples the input stage rejects ([`crate::input`]):
/// a corrupted record or a short noisy burst, two to four readings. The test waits for the
/// sample after the run, so this many samples more are the longest it delays a sample.
pub const GLITCH_MAX_BURST: usize = 4;

/// A rope is at rest, for the glitch test, while its last step was at most this many degrees
/// ([`crate::input`], `Guard`): the steps of a still rope read by a 1.8° encoder with 0.6° of
/// noise (a tick and six σ of a difference), and a rope moving this slowly cannot be more than
/// the tolerance away one sample later at any accepted rate without an acceleration no pull gives.
pub const GLITCH_REST_STEP_DEG: f64 = 5.0;

/// A sensor pinned at a limit reads one value, exactly, while the rope goes on beyond it
/// ([`crate::input`], Saturation): a stretch of equal readings that the rope entered and left
/// faster than this, degrees a second (left measured over [`SATURATION_SPAN_US`]), is a pinned
/// sensor. A rope stops and starts from rest: a clean hard stop enters its rest at speed
/// but leaves it from rest (a pull from rest covers ½·α·t², a few degrees in the span), and a
/// still rope read by an encoder repeats its ticks slowly. 1 000°/s is 17 rad/s, a quarter of a
/// metre a second of rope on the default shaft.
pub const SATURATION_SPEED_DEG_S: f64 = 1000.0;

/// The shortest stretch of equal readings that can be a pinned sensor's, and the time over which
/// the speed it is left at is measured, µs: an encoder's tick read twice by a moving rope lasts a
/// few milliseconds, and a tick over this span is no speed.
pub const SATURATION_SPAN_US: f64 = 10_000.0;

/// Smallest step between two accepted sample times, µs (1 ns): unit clocks tick in µs, and a
/// step too small to invert would turn the interpolation into NaN.
pub const MIN_STEP_US: f64 = 1e-3;

/// Samples further apart than this (µs) are not interpolated across: the grid restarts at the
/// later sample. A gap that long is lost data (Bluetooth dropout or the unit idle), not a
/// straight-line movement, and the limit bounds the output of one sample to 1000 points.
pub const MAX_GAP_US: f64 = 1_000_000.0;

/// What the user chose; see docs/behaviour.md §3 for the defaults ([`Settings::default`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Resampling rate, Hz: the uniform grid step is 1e6 / hz µs.
    pub hz: f64,
    /// Radius of the shaft the rope winds on, m.
    pub radius_m: f64,
    /// Flywheel moment of inertia, kg·m² (the sum of the plates).
    pub inertia_kg_m2: f64,
    /// Body mass of the athlete, kg.
    pub mass_kg: f64,
    /// Compute ω from the resampled angle even when the input carries the device's ω.
    pub calc_angular_velocity: bool,
    /// Compute α from ω even when the input carries the device's α.
    pub calc_angular_acceleration: bool,
    /// Number of warmup repetitions, 1–3: a rep's count is index − warmup + 1.
    pub warmup: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hz: 200.0,
            radius_m: 0.014,
            inertia_kg_m2: 0.0,
            mass_kg: 85.0,
            calc_angular_velocity: false,
            calc_angular_acceleration: true,
            warmup: 1,
        }
    }
}

impl Settings {
    /// Checks every field; the first bad one is reported with its value.
    pub fn validate(&self) -> Result<(), Error> {
        let checks = [
            (HZ.contains(self.hz), ErrorKind::InvalidHz, self.hz),
            (RADIUS.contains(self.radius_m), ErrorKind::InvalidRadius, self.radius_m),
            (INERTIA.contains(self.inertia_kg_m2), ErrorKind::InvalidInertia, self.inertia_kg_m2),
            (MASS.contains(self.mass_kg), ErrorKind::InvalidMass, self.mass_kg),
            (WARMUP.contains(f64::from(self.warmup)), ErrorKind::InvalidWarmup, f64::from(self.warmup)),
        ];
        match checks.iter().find(|(ok, _, _)| !ok) {
            Some(&(_, kind, value)) => Err(Error::new(kind, value)),
            None => Ok(()),
        }
    }

    /// The grid step, µs.
    pub fn step_us(&self) -> f64 {
        1e6 / self.hz
    }

    /// The largest angular acceleration a disc on this shaft can have, rad/s²: the hardest pull
    /// ([`MAX_ROPE_FORCE_N`]) on the lightest flywheel ([`MIN_INERTIA_KG_M2`]), F·r / I.
    pub fn max_angular_acceleration(&self) -> f64 {
        MAX_ROPE_FORCE_N * self.radius_m / MIN_INERTIA_KG_M2
    }

    /// The largest angular speed of a disc on this shaft, rad/s: [`MAX_ROPE_SPEED_M_S`] / r.
    pub fn max_angular_speed(&self) -> f64 {
        MAX_ROPE_SPEED_M_S / self.radius_m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    macro_rules! rejects {
        ($($name:ident: $field:ident = $value:expr => $kind:ident;)*) => {$(
            #[test]
            fn $name() {
                let s = Settings { $field: $value, ..Settings::default() };
                assert_eq!(s.validate().map_err(|e| e.kind()), Err(ErrorKind::$kind));
            }
        )*};
    }

    rejects! {
        rejects_zero_hz: hz = 0.0 => InvalidHz;
        rejects_negative_hz: hz = -200.0 => InvalidHz;
        rejects_nan_hz: hz = f64::NAN => InvalidHz;
        rejects_hz_below_100: hz = 99.9 => InvalidHz;
        rejects_hz_above_1000: hz = 1000.5 => InvalidHz;
        rejects_zero_radius: radius_m = 0.0 => InvalidRadius;
        rejects_a_denormal_radius: radius_m = 1e-320 => InvalidRadius;
        rejects_a_radius_of_a_metre: radius_m = 1.0 => InvalidRadius;
        rejects_infinite_radius: radius_m = f64::INFINITY => InvalidRadius;
        rejects_negative_inertia: inertia_kg_m2 = -0.1 => InvalidInertia;
        rejects_absurd_inertia: inertia_kg_m2 = 1e6 => InvalidInertia;
        rejects_nan_mass: mass_kg = f64::NAN => InvalidMass;
        rejects_a_tonne_of_athlete: mass_kg = 1000.0 => InvalidMass;
        rejects_warmup_zero: warmup = 0 => InvalidWarmup;
        rejects_warmup_four: warmup = 4 => InvalidWarmup;
    }

    #[test]
    fn accepts_the_spec_defaults_and_the_range_edges() {
        assert_eq!(Settings::default().validate(), Ok(()));
        for hz in [HZ_MIN, 333.0, HZ_MAX] {
            assert_eq!(Settings { hz, ..Settings::default() }.validate(), Ok(()));
        }
        assert_eq!(Settings::default().step_us(), 5000.0);
    }
}
