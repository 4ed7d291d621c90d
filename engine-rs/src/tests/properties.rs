//! Property tests (proptest): on arbitrary samples the engine never panics, and on generated
//! flywheel sessions the live path (pushes, reps closing as they come, then finish) gives the
//! whole-session result whatever the batches, bit for bit, with or without point columns.

use super::{sample, Rng, YoYo};
use crate::{reprocess, reprocess_reps, Batch, Engine, Settings, Update};
use proptest::prelude::*;

/// Pushes the session cut at `cuts` (positions, any order, repeats and out-of-range ignored)
/// into a fresh engine, then finishes.
fn live(time_us: &[f64], angle_deg: &[f64], settings: Settings, cuts: &[usize]) -> Update {
    let mut bounds: Vec<usize> = cuts.iter().map(|&c| c.min(time_us.len())).collect();
    bounds.push(time_us.len());
    bounds.sort_unstable();
    let mut engine = Engine::new(settings).expect("valid settings");
    let (mut out, mut from) = (Update::default(), 0);
    for to in bounds {
        let batch = Batch { time_us: &time_us[from..to], angle_deg: &angle_deg[from..to], ..Batch::default() };
        engine.push(&batch, &mut out).expect("equal lengths");
        from = to;
    }
    engine.finish(&mut out).expect("first finish");
    out
}

/// A flywheel session: wound angles, speed, rests, sampling, noise, jitter.
fn session() -> impl Strategy<Value = (Vec<f64>, Vec<f64>)> {
    (
        prop::collection::vec(300.0..2000.0f64, 2..5),
        500.0..3000.0f64,
        0.0..1.2f64,
        prop_oneof![Just(100.0), Just(200.0), Just(333.0), Just(1000.0)],
        0.0..0.45f64,
        0.0..2.0f64,
        any::<u64>(),
    )
        .prop_map(|(wound_deg, peak_deg_s, rest_s, input_hz, jitter, noise, seed)| {
            let set = YoYo { wound_deg, peak_deg_s, rest_s };
            sample(|t| set.angle(t), input_hz, set.duration_s() + 1.0, jitter, noise, &mut Rng::new(seed))
        })
}

fn settings() -> impl Strategy<Value = Settings> {
    (prop_oneof![Just(crate::settings::HZ_MIN), Just(200.0), crate::settings::HZ_MIN..1000.0f64], 0.005..0.05f64, 0.0..0.5f64, 1u32..=3).prop_map(
        |(hz, radius_m, inertia_kg_m2, warmup)| Settings { hz, radius_m, inertia_kg_m2, warmup, ..Settings::default() },
    )
}

/// Bitwise image of an update, so NaN == NaN and 0.0 ≠ −0.0 would show.
fn bits(u: &Update) -> (Vec<Vec<u64>>, String, u64, u64) {
    let columns = u.points.columns.iter().map(|c| c.iter().map(|x| x.to_bits()).collect()).collect();
    (columns, format!("{:?} {:?}", u.reps, u.turns), u.skipped, u.point_count)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn live_pushes_in_any_batches_give_the_whole_session_bit_for_bit(
        (t, a) in session(),
        s in settings(),
        cuts in prop::collection::vec(0usize..20_000, 0..40),
    ) {
        let whole = reprocess(&Batch { time_us: &t, angle_deg: &a, ..Batch::default() }, s).expect("valid");
        prop_assert_eq!(bits(&live(&t, &a, s, &cuts)), bits(&whole));
    }

    /// The detector's fast path (engine-rs/src/reps/steady.rs) against its rule, every point
    /// pushed one by one (engine-rs/src/reps.rs): the same reps, turns, points and counts, bit
    /// for bit, on clean, noisy and corrupted input, with gaps and device rates.
    #[test]
    fn the_fast_path_gives_the_bits_of_pushing_every_point(
        (t, a, rates) in any_input(),
        s in settings(),
        cuts in prop::collection::vec(0usize..20_000, 0..8),
    ) {
        let batch = Batch {
            time_us: &t,
            angle_deg: &a,
            angular_velocity: rates.as_ref().map(|r| r.0.as_slice()),
            angular_acceleration: rates.as_ref().map(|r| r.1.as_slice()),
        };
        let whole = reprocess(&batch, s).expect("valid");
        let mut engine = Engine::new(s).expect("valid settings").point_by_point();
        let mut bounds: Vec<usize> = cuts.iter().map(|&c| c.min(t.len())).collect();
        bounds.push(t.len());
        bounds.sort_unstable();
        let (mut out, mut from) = (Update::default(), 0);
        for to in bounds {
            let part = Batch {
                time_us: &t[from..to],
                angle_deg: &a[from..to],
                angular_velocity: batch.angular_velocity.map(|w| &w[from..to]),
                angular_acceleration: batch.angular_acceleration.map(|x| &x[from..to]),
            };
            engine.push(&part, &mut out).expect("equal lengths");
            from = to;
        }
        engine.finish(&mut out).expect("first finish");
        prop_assert_eq!(bits(&out), bits(&whole));
        prop_assert_eq!(format!("{:?}", out), format!("{:?}", whole));
    }

    #[test]
    fn asking_for_reps_alone_changes_no_rep_and_no_count(
        (t, a) in session(),
        s in settings(),
    ) {
        let batch = Batch { time_us: &t, angle_deg: &a, ..Batch::default() };
        let (with, without) = (reprocess(&batch, s).expect("valid"), reprocess_reps(&batch, s).expect("valid"));
        prop_assert!(without.points.is_empty());
        prop_assert_eq!(format!("{:?} {:?}", with.reps, with.turns), format!("{:?} {:?}", without.reps, without.turns));
        prop_assert_eq!((with.point_count, with.skipped), (without.point_count, without.skipped));
        prop_assert_eq!(with.point_count, with.points.len() as u64);
    }
}

/// Device (ω, α) columns, rad/s and rad/s².
type Rates = (Vec<f64>, Vec<f64>);

/// A corrupted session ([`corrupted`]), sometimes with a gap (a jump of the clock between two
/// samples) and sometimes read with device rates (the angle's steps, noisy).
fn any_input() -> impl Strategy<Value = (Vec<f64>, Vec<f64>, Option<Rates>)> {
    (corrupted(), prop::option::of((0.0..1.0f64, 0.2e6..1e7f64)), any::<bool>()).prop_map(|((mut t, a), gap, device)| {
        if let Some((at, gap_us)) = gap {
            let from = (at * t.len() as f64) as usize;
            t[from..].iter_mut().for_each(|x| *x += gap_us);
        }
        let rates = device.then(|| {
            let omega: Vec<f64> = (0..t.len()).map(|k| if k == 0 { 0.0 } else { (a[k] - a[k - 1]).to_radians() / ((t[k] - t[k - 1]) * 1e-6) }).collect();
            let alpha = (0..t.len()).map(|k| if k == 0 { 0.0 } else { (omega[k] - omega[k - 1]) / ((t[k] - t[k - 1]) * 1e-6) }).collect();
            (omega.iter().map(|w| if w.is_finite() { *w } else { 0.0 }).collect(), alpha)
        });
        (t, a, rates)
    })
}

/// The concentric bounds of the crate docs, written out here from the constants (not through
/// the detector's own test): a pull from rest over its travel θ takes at least √(2θ/α) and
/// reaches at most √(2αθ), and never more than the fastest rope speed, with α the hardest pull
/// on the lightest flywheel.
fn within_physics(c: &crate::PhaseSummary, radius: f64) -> bool {
    use crate::settings::{MAX_ROPE_FORCE_N, MAX_ROPE_SPEED_M_S, MIN_INERTIA_KG_M2};
    let alpha = MAX_ROPE_FORCE_N * radius / MIN_INERTIA_KG_M2;
    let theta = c.velocity * c.duration_s / radius;
    let top = (radius * (2.0 * alpha * theta).sqrt()).min(MAX_ROPE_SPEED_M_S);
    c.duration_s > 0.0 && c.duration_s >= (2.0 * theta / alpha).sqrt() * (1.0 - 1e-12) && c.peak_velocity <= top * (1.0 + 1e-12) && c.velocity <= top * (1.0 + 1e-12)
}

/// A flywheel session, then corrupted: spikes, steps and bursts of 1–12 random readings.
#[allow(clippy::needless_range_loop)] // k is compared with the run's start
fn corrupted() -> impl Strategy<Value = (Vec<f64>, Vec<f64>)> {
    (session(), prop::collection::vec((0.0..1.0f64, 0usize..4, 1usize..12, -5000.0..5000.0f64), 0..40)).prop_map(|((t, mut a), hits)| {
        let n = a.len();
        for (at, kind, len, value) in hits {
            let i = (at * n as f64) as usize;
            for k in i..(i + len).min(n) {
                a[k] = match kind {
                    0 => value,
                    1 => -a[k],
                    2 => a[k] + value,
                    _ => a[k] * (1.0 + value / 1000.0),
                };
                if kind == 2 && k == i {
                    break;
                }
            }
        }
        (t, a)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_rep_has_a_concentric_shorter_or_faster_than_a_rope_can_make_whatever_the_input(
        (t, a) in corrupted(),
        s in settings(),
        arbitrary in prop::collection::vec((any::<f64>(), -1e4..1e4f64), 0..200),
    ) {
        let (mut t, mut a) = (t, a);
        // And, sometimes, a stretch of arbitrary times and readings.
        if !arbitrary.is_empty() {
            let at = arbitrary.len() * 7 % t.len().max(1);
            for (k, (time, angle)) in arbitrary.into_iter().enumerate() {
                if let (Some(tk), Some(ak)) = (t.get_mut(at + k), a.get_mut(at + k)) {
                    if k % 3 == 0 { *tk = time; }
                    *ak = angle;
                }
            }
        }
        let out = reprocess(&Batch { time_us: &t, angle_deg: &a, ..Batch::default() }, s).expect("valid");
        for rep in &out.reps {
            prop_assert!(within_physics(&rep.concentric, s.radius_m), "{:?}", rep.concentric);
        }
        for turn in &out.turns {
            prop_assert!(within_physics(&turn.concentric, s.radius_m), "{:?}", turn.concentric);
        }
    }

    #[test]
    fn reprocessing_arbitrary_samples_never_panics(
        samples in prop::collection::vec((any::<f64>(), any::<f64>()), 0..400),
        rates in prop::option::of(prop::collection::vec((any::<f64>(), any::<f64>()), 0..400)),
        s in settings(),
        calc in (any::<bool>(), any::<bool>()),
    ) {
        let (t, a): (Vec<f64>, Vec<f64>) = samples.into_iter().unzip();
        let (w, al): (Vec<f64>, Vec<f64>) = rates.unwrap_or_default().into_iter().unzip();
        let device = !w.is_empty();
        let settings = Settings { calc_angular_velocity: calc.0, calc_angular_acceleration: calc.1, ..s };
        let batch = Batch {
            time_us: &t,
            angle_deg: &a,
            angular_velocity: device.then_some(w.as_slice()),
            angular_acceleration: device.then_some(al.as_slice()),
        };
        match reprocess(&batch, settings) {
            Ok(out) => {
                prop_assert!(out.points.columns.iter().all(|c| c.len() as u64 == out.point_count));
                // No NaN or infinity reaches a table, a JSON document or a CSV.
                prop_assert!(out.points.columns.iter().flatten().all(|x| x.is_finite()));
                for rep in &out.reps {
                    let figures = |p: &crate::PhaseSummary| [p.duration_s, p.velocity, p.acceleration, p.torque, p.force, p.linear_force, p.net_force, p.power, p.peak_velocity];
                    prop_assert!(figures(&rep.concentric).iter().chain(&figures(&rep.eccentric)).all(|x| x.is_finite()), "{:?}", rep);
                }
            }
            Err(e) => prop_assert!(device && w.len() != t.len(), "{}", e),
        }
    }
}
