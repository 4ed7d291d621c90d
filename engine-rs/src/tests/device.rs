//! Sessions with the device's own ω (a debug file's column, which the batch command takes by
//! default): the figures are the angle's, the device's ω moves no boundary, and a rate no disc
//! has never reaches a figure.

use super::accuracy::{off, SIGNED_MEDIAN};
use super::truth::{hard_stop_session, median, session, Sensor, Session, HEAVY_SLOW, LIGHT_FAST};
use crate::{reprocess, Batch, Settings, Update};

/// `s` through the engine with its ω column as the device's.
fn with_device(s: &Session, omega: &[f64], settings: Settings) -> Update {
    let batch = Batch { time_us: &s.time_us, angle_deg: &s.angle_deg, angular_velocity: Some(omega), angular_acceleration: None };
    reprocess(&batch, settings).expect("valid settings and equal lengths")
}

#[test]
fn the_devices_omega_gives_the_figures_the_angle_gives_at_every_rate() {
    // A step mean of the device's ω is centred half a step back, the buffered angle 1.5 steps
    // back: a device's ω led the angle by a step, and at 100 Hz a pull took 3 % of the return's
    // travel (concentric +3.2 %, eccentric -3.4 %, median).
    let mut report = Vec::new();
    for (noisy, name) in [(false, "clean"), (true, "noisy")] {
        for hz in [100.0, 200.0, 500.0] {
            let (mut concentric, mut eccentric) = (Vec::new(), Vec::new());
            for set in [HEAVY_SLOW, LIGHT_FAST] {
                for raw_hz in [200.0, 1000.0] {
                    for seed in 1..=3 {
                        let s = session(set, if noisy { Sensor::noisy(raw_hz) } else { Sensor::clean(raw_hz) }, seed);
                        let out = with_device(&s, &s.omega_rad_s, Settings { hz, inertia_kg_m2: set.inertia, ..Settings::default() });
                        report.extend(off(&out, &s, &format!("{name}, {raw_hz} Hz raw, seed {seed}, grid {hz} Hz")));
                        if out.reps.len() == s.reps.len() {
                            concentric.extend(out.reps.iter().zip(&s.reps).map(|(r, t)| r.concentric.velocity / t.concentric.velocity - 1.0));
                            eccentric.extend(out.reps.iter().zip(&s.reps).map(|(r, t)| r.eccentric.velocity / t.eccentric.velocity - 1.0));
                        }
                    }
                }
            }
            for (phase, e) in [("concentric", concentric), ("eccentric", eccentric)] {
                if median(&e).abs() > SIGNED_MEDIAN {
                    report.push(format!("{name} at {hz} Hz: {phase} mean velocity {:+.2} % (median)", 100.0 * median(&e)));
                }
            }
        }
    }
    assert!(report.is_empty(), "{report:#?}");
}

#[test]
fn a_hard_stop_with_the_devices_omega_leaves_the_rest_after_it_to_no_phase() {
    // The filter rings after a rope stopped dead: the device's smoothed ω turned back while the
    // filtered angle came back from its overshoot, and that was taken as the next pull's
    // movement, which then began in the rest (1.27 s long instead of 0.3 s, 75 % slow).
    let mut report = Vec::new();
    for sensor in [Sensor::clean(1000.0), Sensor::noisy(1000.0), Sensor::noisy(200.0)] {
        for seed in 1..=3 {
            let s = hard_stop_session(6, sensor, seed);
            for hz in [200.0, 1000.0] {
                let out = with_device(&s, &s.omega_rad_s, Settings { hz, inertia_kg_m2: 0.05, ..Settings::default() });
                report.extend(off(&out, &s, &format!("{sensor:?}, seed {seed} at {hz} Hz")));
                for (rep, truth) in out.reps.iter().zip(&s.reps) {
                    let start = rep.concentric.start_us / 1e6;
                    if (start - truth.start_s).abs() > 0.02 {
                        report.push(format!("{sensor:?}, seed {seed} at {hz} Hz: rep {} starts at {start:.3} s, truth {:.3} s", rep.index, truth.start_s));
                    }
                }
            }
        }
    }
    assert!(report.is_empty(), "{report:#?}");
}

mod absurd_cells {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        // One ω cell of −1e12 in a rep made an eccentric of 1.76e8 m/s; one of 1e6, 12.64 m/s;
        // and nothing was rejected.
        #[test]
        fn an_omega_no_disc_has_is_rejected_and_reaches_no_figure(
            light in any::<bool>(),
            raw_hz in prop_oneof![Just(200.0), Just(1000.0), 100.0..1000.0f64],
            hz in prop_oneof![Just(100.0), Just(200.0), Just(500.0)],
            seed in 1u64..500,
            cells in prop::collection::vec((0.0..1.0f64, prop_oneof![Just(-1e12), Just(1e6), 500.0..1e12f64, -1e12..-500.0f64]), 1..4),
        ) {
            let set = if light { LIGHT_FAST } else { HEAVY_SLOW };
            let s = session(set, Sensor::noisy(raw_hz), seed);
            let mut omega = s.omega_rad_s.clone();
            let n = omega.len();
            let cell = |at: f64| ((at * n as f64) as usize).min(n - 1);
            for &(at, value) in &cells {
                omega[cell(at)] = value;
            }
            let spoiled: std::collections::BTreeSet<usize> = cells.iter().map(|&(at, _)| cell(at)).collect();
            let out = with_device(&s, &omega, Settings { hz, inertia_kg_m2: set.inertia, ..Settings::default() });
            let report = off(&out, &s, &format!("{raw_hz} Hz raw, grid {hz} Hz, seed {seed}"));
            prop_assert!(report.is_empty(), "{report:#?}");
            prop_assert_eq!(out.rejected, spoiled.len() as u64);
            for r in &out.reps {
                for p in [r.concentric, r.eccentric] {
                    prop_assert!(p.peak_velocity <= crate::settings::MAX_ROPE_SPEED_M_S && p.velocity <= crate::settings::MAX_ROPE_SPEED_M_S, "{p:?}");
                }
            }
        }
    }
}
