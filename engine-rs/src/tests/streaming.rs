//! Streaming properties: any batching gives the whole-session result bit for bit, and no
//! input, however wild, makes the engine panic.

use super::{sample, Rng, YoYo};
use crate::derive::DEG_TO_RAD;
use crate::settings::MAX_GAP_US;
use crate::{reprocess, Batch, Engine, ErrorKind, Settings, Update};

/// Pushes `batch` in random slices (empty ones included), then finishes.
fn in_slices(batch: &Batch, settings: Settings, rng: &mut Rng) -> Update {
    let mut engine = Engine::new(settings).expect("valid settings");
    let mut out = Update::default();
    let n = batch.time_us.len();
    let mut i = 0;
    while i < n {
        let j = (i + rng.below(300)).min(n);
        let part = Batch {
            time_us: &batch.time_us[i..j],
            angle_deg: &batch.angle_deg[i..j],
            angular_velocity: batch.angular_velocity.map(|c| &c[i..j]),
            angular_acceleration: batch.angular_acceleration.map(|c| &c[i..j]),
        };
        engine.push(&part, &mut out).expect("same shape as the whole batch");
        i = j;
    }
    engine.finish(&mut out).expect("first finish");
    out
}

/// Bitwise equality (so NaN == NaN and 0.0 != −0.0 would show).
fn bits(u: &Update) -> (Vec<Vec<u64>>, String, u64) {
    let columns = u.points.columns.iter().map(|c| c.iter().map(|x| x.to_bits()).collect()).collect();
    (columns, format!("{:?} {:?}", u.reps, u.turns), u.skipped)
}

/// A session of `reps` flywheel reps with noise, jitter, dropped-out stretches, a long gap and
/// some bad samples; device ω/α columns when `device`.
fn messy_session(rng: &mut Rng, device: bool) -> (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>) {
    let set = YoYo { wound_deg: vec![800.0, 1000.0, 900.0, 1100.0], peak_deg_s: 1400.0, rest_s: 0.8 };
    let (mut t, mut a) = sample(|t| set.angle(t), 400.0, set.duration_s(), 0.45, 0.5, rng);
    for i in (0..t.len()).step_by(97) {
        a[i] = f64::NAN;
    }
    for i in (0..t.len()).step_by(131) {
        t[i] -= 10_000.0; // goes backwards
    }
    let gap_at = t.len() / 2;
    for x in &mut t[gap_at..] {
        *x += 1.5 * MAX_GAP_US;
    }
    let (w, al) = if device {
        // The unit's own rates: central differences of what it measured (still where it rests).
        let rate = |v: &[f64]| -> Vec<f64> {
            let last = v.len() - 1;
            (0..v.len()).map(|i| (v[(i + 1).min(last)] - v[i.saturating_sub(1)]) / (t[(i + 1).min(last)] - t[i.saturating_sub(1)]) * 1e6).collect()
        };
        let w: Vec<f64> = rate(&a).iter().map(|x| x * DEG_TO_RAD).collect();
        let al = rate(&w);
        (w, al)
    } else {
        (Vec::new(), Vec::new())
    };
    (t, a, w, al)
}

#[test]
fn incremental_batches_equal_the_whole_session_bit_for_bit() {
    let flag_sets = [(false, true), (true, true), (false, false), (true, false)];
    for seed in 0..12u64 {
        let mut rng = Rng::new(seed);
        let device = seed % 2 == 1;
        let (t, a, w, al) = messy_session(&mut rng, device);
        let (calc_w, calc_a) = flag_sets[(seed / 2 % 4) as usize];
        let batch = Batch {
            time_us: &t,
            angle_deg: &a,
            angular_velocity: device.then_some(w.as_slice()),
            angular_acceleration: device.then_some(al.as_slice()),
        };
        let settings = Settings {
            hz: [100.0, 200.0, 333.0, 1000.0][(seed % 4) as usize],
            inertia_kg_m2: 0.025,
            calc_angular_velocity: calc_w,
            calc_angular_acceleration: calc_a,
            warmup: 2,
            ..Settings::default()
        };
        let whole = reprocess(&batch, settings).expect("valid");
        assert!(whole.reps.len() >= 2, "seed {seed}: the session has reps to compare");
        assert!(whole.skipped > 0, "seed {seed}: the session has bad samples to skip");
        for _ in 0..3 {
            assert_eq!(bits(&in_slices(&batch, settings, &mut rng)), bits(&whole), "seed {seed}");
        }
    }
}

#[test]
fn uses_the_device_rates_only_when_the_calc_flags_are_off() {
    let t = [0.0, 5000.0, 10_000.0, 15_000.0];
    let a = [0.0, 10.0, 20.0, 30.0];
    let w = [7.0; 4];
    let batch = Batch { time_us: &t, angle_deg: &a, angular_velocity: Some(&w), angular_acceleration: None };
    let device = reprocess(&batch, Settings { calc_angular_velocity: false, ..Settings::default() }).unwrap();
    assert!(device.points.columns[2].iter().all(|&w| (w - 7.0).abs() < 1e-12), "{:?}", device.points.columns[2]);
    let computed = reprocess(&batch, Settings { calc_angular_velocity: true, ..Settings::default() }).unwrap();
    assert!(computed.points.columns[2].iter().all(|&w| w > 0.0 && w != 7.0), "{:?}", computed.points.columns[2]);
}

/// A number from everywhere: ordinary, huge, tiny, signed zero, NaN and infinities.
fn wild(rng: &mut Rng) -> f64 {
    match rng.below(12) {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => f64::NEG_INFINITY,
        3 => -0.0,
        4 => rng.range(-1e300, 1e300),
        5 => f64::MIN_POSITIVE * rng.unit(),
        6 => rng.range(-1e18, 1e18),
        _ => rng.range(-2000.0, 2000.0),
    }
}

/// Mostly increasing times with steps from none to beyond the gap limit, and some wild ones.
fn times(rng: &mut Rng, n: usize) -> Vec<f64> {
    let mut t = rng.range(-1e9, 1e9);
    (0..n)
        .map(|_| {
            t += match rng.below(10) {
                0 => -rng.range(0.0, 1e4),
                1 => 0.0,
                2 => rng.range(0.0, 3.0 * MAX_GAP_US),
                _ => rng.range(0.0, 2e4),
            };
            if rng.below(50) == 0 {
                wild(rng)
            } else {
                t
            }
        })
        .collect()
}

#[test]
fn never_panics_on_arbitrary_input() {
    let mut rng = Rng::new(42);
    for round in 0..400 {
        let settings = Settings {
            hz: if rng.below(5) == 0 { wild(&mut rng) } else { rng.range(1.0, 1000.0) },
            radius_m: if rng.below(8) == 0 { wild(&mut rng) } else { rng.range(1e-4, 0.1) },
            inertia_kg_m2: if rng.below(8) == 0 { wild(&mut rng) } else { rng.range(0.0, 1.0) },
            mass_kg: if rng.below(8) == 0 { wild(&mut rng) } else { rng.range(0.0, 200.0) },
            calc_angular_velocity: rng.below(2) == 0,
            calc_angular_acceleration: rng.below(2) == 0,
            warmup: rng.below(5) as u32,
        };
        let Ok(mut engine) = Engine::new(settings) else {
            assert!(settings.validate().is_err());
            continue;
        };
        let mut out = Update::default();
        let device = (rng.below(2) == 0, rng.below(2) == 0);
        for _ in 0..rng.below(6) {
            let n = rng.below(600);
            let t = times(&mut rng, n);
            let column = |rng: &mut Rng| {
                let len = if rng.below(20) == 0 { rng.below(600) } else { n };
                (0..len).map(|_| if rng.below(4) == 0 { wild(rng) } else { rng.range(-3000.0, 3000.0) }).collect::<Vec<f64>>()
            };
            let (a, w, al) = (column(&mut rng), column(&mut rng), column(&mut rng));
            let batch = Batch {
                time_us: &t,
                angle_deg: &a,
                angular_velocity: device.0.then_some(w.as_slice()),
                angular_acceleration: device.1.then_some(al.as_slice()),
            };
            out.clear();
            if let Err(e) = engine.push(&batch, &mut out) {
                assert!(matches!(e.kind(), ErrorKind::LengthMismatch), "round {round}: {e}");
            }
            assert!(out.points.columns.iter().all(|c| c.len() == out.points.len()));
        }
        assert!(engine.finish(&mut out).is_ok());
        assert_eq!(engine.finish(&mut out).map_err(|e| e.kind()), Err(ErrorKind::Finished));
    }
}

#[test]
fn gives_an_explicit_empty_result_for_fewer_than_two_samples() {
    for (t, a) in [(vec![], vec![]), (vec![5.0], vec![1.0]), (vec![5.0, 5.0], vec![1.0, 2.0]), (vec![f64::NAN, 1.0], vec![0.0, 0.0])] {
        let out = reprocess(&Batch { time_us: &t, angle_deg: &a, ..Batch::default() }, Settings::default()).unwrap();
        assert!(out.points.is_empty() && out.reps.is_empty(), "{t:?}");
    }
}
