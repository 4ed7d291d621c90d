//! Gaps in the samples: a unit's link dropped, a logger paused, a file's clock jumped. No phase
//! spans a gap, every gap is counted, and the samples after one are taken however long it is.

use super::accuracy::{MEDIAN, WORST};
use super::run;
use super::truth::{errors, median, session, Sensor, HEAVY_SLOW, LIGHT_FAST};
use crate::settings::MAX_GAP_US;
use crate::Settings;

#[test]
fn a_gap_inside_a_movement_splits_it_and_is_counted_however_long() {
    // A gap of 1e9 µs inside a movement made a phase 1 000 s long at 0.0004 m/s, counted as a
    // normal rep; from 1e12 µs the samples after it were skipped, without a reason.
    let mut report = Vec::new();
    for (set, name) in [(LIGHT_FAST, "fast light"), (HEAVY_SLOW, "slow heavy")] {
        for raw_hz in [100.0, 1000.0] {
            let s = session(set, Sensor::noisy(raw_hz), 1);
            for (cut, place) in [(0.5, "pull"), (1.5, "return")] {
                // Inside rep 2's pull (halfway to its turn) or its return.
                let r = &s.reps[2];
                let at_s = if cut < 1.0 { r.start_s + cut * (r.turn_s - r.start_s) } else { r.turn_s + (cut - 1.0) * (r.end_s - r.turn_s) };
                for gap_us in [1.5 * MAX_GAP_US, 1e9, 1e12, 5e13] {
                    let time_us: Vec<f64> = s.time_us.iter().map(|&t| if t > at_s * 1e6 { t + gap_us } else { t }).collect();
                    let out = run(&time_us, &s.angle_deg, Settings { hz: 200.0, inertia_kg_m2: set.inertia, ..Settings::default() });
                    let what = format!("{name}, {raw_hz} Hz, gap of {gap_us} µs in rep 2's {place}");
                    if (out.gaps, out.skipped) != (1, 0) {
                        report.push(format!("{what}: {} gaps, {} skipped", out.gaps, out.skipped));
                    }
                    // Every rep but the one the gap cut, with its figures.
                    let starts: Vec<f64> = out.reps.iter().map(|rep| rep.concentric.start_us / 1e6).collect();
                    let want: Vec<usize> = (0..s.reps.len()).filter(|&k| k != 2).collect();
                    if out.reps.len() != want.len() {
                        report.push(format!("{what}: {} reps, want {} (starts {starts:?})", out.reps.len(), want.len()));
                        continue;
                    }
                    let shifted = |t: f64| if t > at_s { t + gap_us / 1e6 } else { t };
                    for (rep, &k) in out.reps.iter().zip(&want) {
                        let truth = &s.reps[k];
                        let (start, end) = (rep.concentric.start_us / 1e6, rep.eccentric.end_us / 1e6);
                        if (start - shifted(truth.start_s)).abs() > 0.1 || (end - shifted(truth.end_s)).abs() > 0.1 {
                            report.push(format!("{what}: rep {} moves {start:.3}–{end:.3} s, truth {:.3}–{:.3} s", rep.index, shifted(truth.start_s), shifted(truth.end_s)));
                        }
                    }
                    for (phase, got, truth) in [
                        ("concentric", out.reps.iter().map(|r| r.concentric.velocity).collect::<Vec<_>>(), want.iter().map(|&k| s.reps[k].concentric.velocity).collect::<Vec<_>>()),
                        ("eccentric", out.reps.iter().map(|r| r.eccentric.velocity).collect(), want.iter().map(|&k| s.reps[k].eccentric.velocity).collect()),
                    ] {
                        let e = errors(got.into_iter(), truth.into_iter());
                        if median(&e) > MEDIAN || e.iter().any(|&x| x > WORST) {
                            report.push(format!("{what}: {phase} velocity median {:.2} %, worst {:.2} %", 100.0 * median(&e), 100.0 * e.iter().copied().fold(0.0, f64::max)));
                        }
                    }
                }
            }
        }
    }
    assert!(report.is_empty(), "{report:#?}");
}

#[test]
fn a_gap_in_a_rest_loses_no_rep() {
    let s = session(LIGHT_FAST, Sensor::noisy(200.0), 2);
    let (from, to) = s.rests[3];
    let at_s = 0.5 * (from + to);
    let time_us: Vec<f64> = s.time_us.iter().map(|&t| if t > at_s * 1e6 { t + 30e6 } else { t }).collect();
    let out = run(&time_us, &s.angle_deg, Settings { inertia_kg_m2: LIGHT_FAST.inertia, ..Settings::default() });
    assert_eq!((out.gaps, out.reps.len()), (1, s.reps.len()));
    let e = errors(out.reps.iter().map(|r| r.concentric.velocity), s.reps.iter().map(|r| r.concentric.velocity));
    assert!(median(&e) <= MEDIAN && e.iter().all(|&x| x <= WORST), "{e:?}");
}
