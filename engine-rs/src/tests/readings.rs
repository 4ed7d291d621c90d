//! Clocks and angle conventions other than the Demo unit's: a clock counting µs since 1970, an
//! angle read modulo 360° (0–360° or ±180°), and a sensor that saturates at a limit.

use super::run;
use super::truth::{session, Sensor, Session, HEAVY_SLOW, LIGHT_FAST};
use crate::{Settings, Update};
use core::f64::consts::FRAC_PI_2;

/// About 2024 in µs since 1970.
const EPOCH_US: f64 = 1.7e15;

fn settings(inertia: f64) -> Settings {
    Settings { inertia_kg_m2: inertia, ..Settings::default() }
}

#[test]
fn a_clock_counting_microseconds_since_1970_gives_the_reps_a_clock_from_zero_gives() {
    for (set, sensor) in [(HEAVY_SLOW, Sensor::noisy(200.0)), (LIGHT_FAST, Sensor::noisy(1000.0))] {
        let s = session(set, sensor, 4);
        let epoch: Vec<f64> = s.time_us.iter().map(|t| t + EPOCH_US).collect();
        let (from_zero, from_epoch) = (run(&s.time_us, &s.angle_deg, settings(set.inertia)), run(&epoch, &s.angle_deg, settings(set.inertia)));
        assert_eq!(from_epoch.skipped, 0, "every sample was dropped as beyond 1e12 before");
        assert_eq!(from_epoch.reps.len(), s.reps.len());
        for (e, z) in from_epoch.reps.iter().zip(&from_zero.reps) {
            // The same figures, bit for bit: the engine works on the session's own clock.
            assert_eq!((e.concentric.velocity, e.eccentric.velocity, e.concentric.peak_power), (z.concentric.velocity, z.eccentric.velocity, z.concentric.peak_power));
            // Reported on the unit's clock.
            assert_eq!(e.concentric.start_us, z.concentric.start_us + EPOCH_US);
        }
        assert_eq!(from_epoch.points.columns[0][10], from_zero.points.columns[0][10] + EPOCH_US);
    }
}

/// `s` with a wind-up from the rope out (0°) to where it starts, 1 s then 1.5 s before it.
fn from_rope_out(s: &Session) -> (Vec<f64>, Vec<f64>) {
    let (first, step_us) = (s.angle_deg[0], s.time_us[1] - s.time_us[0]);
    let lead = (2.5e6 / step_us) as usize;
    let mut time_us: Vec<f64> = (0..lead).map(|k| k as f64 * step_us).collect();
    let mut angle_deg: Vec<f64> = time_us.iter().map(|&t| if t < 1e6 { 0.0 } else { first * (FRAC_PI_2 * (t - 1e6) / 1.5e6).sin() }).collect();
    time_us.extend(s.time_us.iter().map(|t| t + 2.5e6 + step_us));
    angle_deg.extend(&s.angle_deg);
    (time_us, angle_deg)
}

fn same_reps(a: &Update, b: &Update) -> bool {
    a.reps.len() == b.reps.len() && a.reps.iter().zip(&b.reps).all(|(x, y)| (x.concentric.velocity / y.concentric.velocity - 1.0).abs() < 1e-9 && (x.eccentric.velocity / y.eccentric.velocity - 1.0).abs() < 1e-9)
}

#[test]
fn an_angle_read_modulo_360_is_unwrapped_and_counted() {
    for (set, raw_hz) in [(HEAVY_SLOW, 100.0), (LIGHT_FAST, 200.0), (LIGHT_FAST, 500.0)] {
        let s = session(set, Sensor::noisy(raw_hz), 5);
        let (t, a) = from_rope_out(&s);
        let continuous = run(&t, &a, settings(set.inertia));
        assert_eq!(continuous.reps.len(), s.reps.len());
        let wraps: [fn(f64) -> f64; 2] = [|x| x.rem_euclid(360.0), |x| (x + 180.0).rem_euclid(360.0) - 180.0];
        for wrap in wraps {
            let wrapped: Vec<f64> = a.iter().map(|&x| wrap(x)).collect();
            let out = run(&t, &wrapped, settings(set.inertia));
            // The disc turns about 5 times a phase: each turn is a wrap.
            assert!(out.unwrapped > 10 * s.reps.len() as u64, "{raw_hz} Hz: {} wraps undone", out.unwrapped);
            assert!(same_reps(&out, &continuous), "{raw_hz} Hz: {} reps", out.reps.len());
        }
        assert_eq!(continuous.unwrapped, 0, "a continuous angle never wraps");
    }
}

#[test]
fn an_angle_pinned_at_a_limit_while_the_rope_moves_is_reported_as_saturated() {
    for (set, raw_hz) in [(LIGHT_FAST, 200.0), (LIGHT_FAST, 500.0), (HEAVY_SLOW, 200.0)] {
        let s = session(set, Sensor::clean(raw_hz), 6);
        let out = run(&s.time_us, &s.angle_deg, settings(set.inertia));
        assert_eq!((out.saturated, out.saturation_deg), (0, 0.0), "the rope reaches every top on its own");
        // The sensor's range ends at ±1 400°, before most tops.
        let limit = 1400.0;
        let pinned: Vec<f64> = s.angle_deg.iter().map(|x| x.clamp(-limit, limit)).collect();
        let out = run(&s.time_us, &pinned, settings(set.inertia));
        assert!(out.saturated > 0 && out.saturation_deg == limit, "{raw_hz} Hz: {} saturated at {}", out.saturated, out.saturation_deg);
    }
}

mod saturation {
    use super::super::run;
    use super::super::truth::{hard_stop_session, session, Sensor, SetSpec, LIGHT_FAST};
    use crate::Settings;

    /// A fast set wound past `limit` degrees, read by a sensor that clips its angle there.
    fn clipped(limit: f64, raw_hz: f64, seed: u64) -> (Vec<f64>, Vec<f64>, usize) {
        let set = SetSpec { travel_m: 0.7, ..LIGHT_FAST };
        let s = session(set, Sensor::noisy(raw_hz), seed);
        let pinned = s.angle_deg.iter().filter(|a| a.abs() > limit).count();
        (s.time_us, s.angle_deg.iter().map(|a| a.clamp(-limit, limit)).collect(), pinned)
    }

    #[test]
    fn a_sensor_pinned_at_any_limit_while_the_rope_moves_is_named_with_its_limit() {
        // Clipped at ±1 800°, a third of a fast set's samples pinned: saturated 0.
        for limit in [1800.0, 1234.5, 900.0] {
            for raw_hz in [100.0, 200.0, 1000.0] {
                for seed in 1..=3 {
                    let (t, a, pinned) = clipped(limit, raw_hz, seed);
                    assert!(pinned > 0);
                    let out = run(&t, &a, Settings { inertia_kg_m2: LIGHT_FAST.inertia, ..Settings::default() });
                    assert!(out.saturated >= 1 && out.saturation_deg == limit, "±{limit}° at {raw_hz} Hz, seed {seed}: saturated {} at {}", out.saturated, out.saturation_deg);
                }
            }
        }
    }

    #[test]
    fn a_clean_hard_stop_is_no_saturation() {
        // A rope stopped dead repeats its reading exactly through the rest after it, at a
        // different angle each rep: "stopped dead 6 times" at a limit, on six clean hard stops.
        for raw_hz in [200.0, 1000.0] {
            for seed in 1..=3 {
                let s = hard_stop_session(6, Sensor::clean(raw_hz), seed);
                let out = run(&s.time_us, &s.angle_deg, Settings { hz: 200.0, ..Settings::default() });
                assert_eq!(out.saturated, 0, "{raw_hz} Hz, seed {seed}");
            }
        }
        // Nor a still rope read by an encoder's ticks.
        let s = session(LIGHT_FAST, Sensor { raw_hz: 1000.0, noise_deg: 0.3, tick_deg: 1.8, jitter_ms: 0.0 }, 1);
        assert_eq!(run(&s.time_us, &s.angle_deg, Settings::default()).saturated, 0);
    }
}
