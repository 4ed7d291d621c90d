//! Live sessions without `finish`: a set's reps, the last one included, arrive from `push`
//! alone once the athlete stops, at the moment the definitions say, at any grid rate.

use super::{sample, Rng, YoYo};
use crate::settings::{FILTER_HALF_WINDOW_S, REST_BAND_DEG, REST_CLOSE_S};
use crate::{Batch, Engine, Settings, Update};
use core::f64::consts::FRAC_PI_2;

/// Pushes the samples in batches of `size` and never finishes; returns each rep's index with
/// the time (s) of the last sample of the push that returned it, and the engine.
fn live(time_us: &[f64], angle_deg: &[f64], settings: Settings, size: usize) -> (Vec<(u32, f64)>, Engine) {
    let mut engine = Engine::new(settings).expect("valid settings");
    let mut arrivals = Vec::new();
    let mut out = Update::default();
    for (t, a) in time_us.chunks(size).zip(angle_deg.chunks(size)) {
        out.clear();
        engine.push(&Batch { time_us: t, angle_deg: a, ..Batch::default() }, &mut out).expect("equal lengths");
        let now = t[t.len() - 1] * 1e-6;
        arrivals.extend(out.reps.iter().map(|r| (r.index, now)));
    }
    (arrivals, engine)
}

/// Short stops at the top between reps, then `tail_s` more of rest after the last.
fn set_with_tail(tail_s: f64) -> (YoYo, f64) {
    let set = YoYo { wound_deg: vec![900.0, 1000.0, 950.0, 1100.0], peak_deg_s: 1500.0, rest_s: 0.2 };
    let duration = set.duration_s() + tail_s;
    (set, duration)
}

macro_rules! last_rep_arrives_live {
    ($($name:ident: hz $hz:expr;)*) => {$(
        #[test]
        fn $name() {
            let (set, duration) = set_with_tail(1.0);
            let (t, a) = sample(|t| set.angle(t), 200.0, duration, 0.4, 0.1, &mut Rng::new(20));
            let batch_s = 0.05;
            let (arrivals, mut engine) = live(&t, &a, Settings { hz: $hz, ..Settings::default() }, 10);
            assert_eq!(arrivals.iter().map(|r| r.0).collect::<Vec<_>>(), vec![0, 1, 2], "every rep from push alone");
            let mut out = Update::default();
            engine.finish(&mut out).expect("first finish");
            assert!(out.reps.is_empty(), "finish has nothing left to close");

            // The last eccentric winds to w along w·sin(π/2·u/te) and stops at `stop`. Rest starts
            // at the latest where the rope stops, at the earliest where it comes within the band.
            let w = set.wound_deg[3];
            let stop = set.duration_s() - set.rest_s;
            let te = set.phase_s(w);
            let in_band = stop - te + te / FRAC_PI_2 * (1.0 - REST_BAND_DEG / w).asin();
            // Smoothing lags 1.5 grid steps, the grid one more, the filter holds points back by
            // its half window; the push ends within a batch.
            let lag = 2.5 / $hz + FILTER_HALF_WINDOW_S + batch_s;
            let arrived = arrivals[2].1;
            assert!(arrived >= in_band + REST_CLOSE_S && arrived <= stop + REST_CLOSE_S + lag, "last rep at {arrived} s, rope stopped at {stop} s");
            // The reps before closed at the next pull, not during their short stop at the top.
            for (k, &(_, arrived)) in arrivals[..2].iter().enumerate() {
                let next_pull = set.rest_s * (k + 2) as f64
                    + set.wound_deg[..=k + 1].windows(2).map(|p| set.phase_s(p[0]) + set.phase_s(p[1])).sum::<f64>();
                // The pull travels 180° in about 0.41 s; then the lag as above.
                assert!(arrived > next_pull && arrived < next_pull + 0.5 + lag, "rep {k} at {arrived} s, next pull at {next_pull} s");
            }
        }
    )*};
}

last_rep_arrives_live! {
    the_last_rep_arrives_half_a_second_after_the_rope_stops_at_the_default_rate: hz 200.0;
    the_last_rep_arrives_half_a_second_after_the_rope_stops_at_the_lowest_rate: hz crate::settings::HZ_MIN;
    the_last_rep_arrives_half_a_second_after_the_rope_stops_at_1000_hz: hz 1000.0;
}

#[test]
fn a_still_rope_that_stays_short_of_the_threshold_keeps_the_last_rep_for_finish() {
    let (set, duration) = set_with_tail(0.0);
    let (t, a) = sample(|t| set.angle(t), 200.0, duration, 0.4, 0.1, &mut Rng::new(21));
    let (arrivals, mut engine) = live(&t, &a, Settings::default(), 10);
    assert_eq!(arrivals.len(), 2, "0.2 s of rest after the last rep is not enough");
    let mut out = Update::default();
    engine.finish(&mut out).expect("first finish");
    assert_eq!(out.reps.len(), 1, "finish closes it, the rope being at rest");
}

#[test]
fn noise_on_a_long_rest_after_the_set_closes_the_last_rep_once_and_adds_none() {
    let (set, duration) = set_with_tail(30.0);
    for seed in 0..4 {
        let (t, a) = sample(|t| set.angle(t), 200.0, duration, 0.4, 1.0, &mut Rng::new(30 + seed));
        let (arrivals, _) = live(&t, &a, Settings::default(), 37);
        assert_eq!(arrivals.len(), set.reps(), "seed {seed}");
    }
}
