//! Physics goldens: every expected value below comes from the motion's equation, by hand.

use super::{assert_rel, run, sample, Rng, YoYo};
use crate::savgol::half_width;
use crate::settings::GRAVITY;
use crate::{PhaseSummary, Settings};

const DEG: f64 = core::f64::consts::PI / 180.0;

fn settings(hz: f64) -> Settings {
    Settings { hz, radius_m: 0.02, inertia_kg_m2: 0.05, mass_kg: 80.0, ..Settings::default() }
}

macro_rules! constant_rotation {
    ($($name:ident: hz $hz:expr, input $input:expr, omega $w:expr;)*) => {$(
        #[test]
        fn $name() {
            let s = settings($hz);
            let (t, a) = sample(|t| $w * t / DEG, $input, 3.0, 0.0, 0.0, &mut Rng::new(1));
            let out = run(&t, &a, s);
            // Once the filter's window has passed the 4-point warm-up: ω exact, α = 0, so no
            // torque, no force, only weight.
            for i in half_width($hz) + 4..out.points.len() {
                let p = out.points.get(i).unwrap();
                assert_rel(p.angular_velocity, $w, 1e-9, "ω");
                assert!(p.angular_acceleration.abs() < 1e-6, "α = {}", p.angular_acceleration);
                assert_rel(p.velocity, $w * s.radius_m, 1e-9, "v = ω·r");
                assert_rel(p.net_force, s.mass_kg * GRAVITY, 1e-6, "net force = m·g");
            }
            assert!(out.reps.is_empty(), "a rope only winding up makes no rep");
        }
    )*};
}

constant_rotation! {
    constant_rotation_at_the_default_rate: hz 200.0, input 1000.0, omega 10.0;
    constant_rotation_backwards_at_100_hz: hz 100.0, input 200.0, omega -3.0;
    constant_rotation_at_1000_hz: hz 1000.0, input 1000.0, omega 25.0;
}

macro_rules! constant_acceleration {
    ($($name:ident: hz $hz:expr, alpha $al:expr;)*) => {$(
        #[test]
        fn $name() {
            let s = settings($hz);
            let dt = 1.0 / $hz;
            let (t, a) = sample(|t| 0.5 * $al * t * t / DEG, 5.0 * $hz, 4.0, 0.0, 0.0, &mut Rng::new(2));
            let out = run(&t, &a, s);
            let (r, i, m) = (s.radius_m, s.inertia_kg_m2, s.mass_kg);
            // Not the last m points: where the window cannot be centred, ω is the last centred
            // point's (crate::savgol), by design.
            for k in half_width($hz) + 5..out.points.len() - half_width($hz) {
                let p = out.points.get(k).unwrap();
                let time = p.time_us * 1e-6;
                // The 4-point average lags 1.5 steps; the filter's parabola is exact.
                assert_rel(p.angular_velocity, $al * (time - 1.5 * dt), 1e-6, "ω = α·(t − 1.5Δt)");
                assert_rel(p.angular_acceleration, $al, 1e-6, "α");
                assert_rel(p.acceleration, 2.0 * r * $al, 1e-6, "a = α·2r");
                assert_rel(p.torque, i * $al, 1e-6, "τ = I·α");
                assert_rel(p.force, i * $al / r, 1e-6, "F = τ/r");
                // ω paired with α is the one half a step earlier, the instant α is centred on.
                assert_rel(p.power, i * $al * $al * (time - 2.0 * dt), 1e-6, "P = τ·ω");
                // Angle > 0: the body moves at −v, so its acceleration is −a.
                assert_rel(p.linear_force, -m * 2.0 * r * $al, 1e-6, "linear force");
                assert_rel(p.net_force, m * (GRAVITY - 2.0 * r * $al) + (i * $al / r).abs(), 1e-6, "net force");
            }
        }
    )*};
}

constant_acceleration! {
    constant_acceleration_at_200_hz: hz 200.0, alpha 4.0;
    constant_acceleration_at_100_hz: hz 100.0, alpha 1.5;
}

/// Expected means of one phase of a [`YoYo`]: travel `wound` degrees in `t` s, peak ω `wp`.
/// Within a phase α keeps its sign, so Σ|α|·dt = ωp and Σ|α·ω|·dt = ωp²/2 exactly. The angle is
/// a quarter cosine, so with k = π/(2t): ω = ωp·sin(kt), α = ωp·k·cos(kt), and |P| = I·α·ω =
/// I·ωp²·k·sin(2kt)/2 peaks at I·ωp²·π/(4t). The work is the kinetic energy at ωp, I·ωp²/2.
fn expected(s: &Settings, wound: f64, t: f64, wp: f64) -> PhaseSummary {
    let (r, i, m) = (s.radius_m, s.inertia_kg_m2, s.mass_kg);
    let alpha = wp / t;
    PhaseSummary {
        duration_s: t,
        velocity: r * wound * DEG / t,
        acceleration: 2.0 * r * alpha,
        torque: i * alpha,
        force: i * alpha / r,
        linear_force: m * 2.0 * r * alpha,
        // The body decelerates into the turn and out of it: a_body > 0 throughout.
        net_force: m * (2.0 * r * alpha + GRAVITY) + i * alpha / r,
        power: i * wp * wp / 2.0 / t,
        peak_velocity: r * wp,
        peak_power: i * wp * wp * core::f64::consts::PI / (4.0 * t),
        work: i * wp * wp / 2.0,
        ..PhaseSummary::default()
    }
}

fn assert_phase(got: &PhaseSummary, want: &PhaseSummary, tol_velocity: f64, tol: f64, what: &str) {
    assert_rel(got.duration_s, want.duration_s, tol_velocity, &format!("{what} duration"));
    assert_rel(got.velocity, want.velocity, tol_velocity, &format!("{what} mean velocity = r·Δθ/T"));
    assert_rel(got.peak_velocity, want.peak_velocity, tol, &format!("{what} peak velocity"));
    let pairs = [
        (got.acceleration, want.acceleration, "acceleration"),
        (got.torque, want.torque, "torque"),
        (got.force, want.force, "force"),
        (got.linear_force, want.linear_force, "linear force"),
        (got.net_force, want.net_force, "net force"),
        (got.power, want.power, "power"),
        (got.peak_power, want.peak_power, "peak power"),
        (got.work, want.work, "work"),
    ];
    for (g, w, name) in pairs {
        assert_rel(g, w, tol, &format!("{what} {name}"));
    }
}

macro_rules! synthetic_rep {
    ($($name:ident: wound $a:expr => $b:expr, peak $peak:expr, hz $hz:expr;)*) => {$(
        #[test]
        fn $name() {
            let set = YoYo { wound_deg: vec![$a, $b], peak_deg_s: $peak, rest_s: 0.5 };
            let s = settings($hz);
            let (t, a) = sample(|t| set.angle(t), 1000.0, set.duration_s(), 0.0, 0.0, &mut Rng::new(3));
            let out = run(&t, &a, s);
            assert_eq!(out.reps.len(), 1);
            let rep = &out.reps[0];
            let wp = $peak * DEG;
            assert_phase(&rep.concentric, &expected(&s, $a, set.phase_s($a), wp), 0.01, 0.02, "concentric");
            assert_phase(&rep.eccentric, &expected(&s, $b, set.phase_s($b), wp), 0.01, 0.02, "eccentric");
            // Same peak ω and kinetic energy both ways: the overload is the ratio of the durations.
            let (tc, te) = (set.phase_s($a), set.phase_s($b));
            assert_rel(rep.peak_power_ratio, tc / te, 0.03, "eccentric/concentric peak power");
            assert_rel(rep.mean_power_ratio, tc / te, 0.03, "eccentric/concentric mean power");
            // The turn is where the rope is fully out: 0°, reached after the pull (+1.5 steps of lag).
            let turn_s = out.points.get(rep.turn as usize).unwrap().time_us * 1e-6;
            assert!((turn_s - (0.5 + set.phase_s($a) + 1.5 / $hz)).abs() <= 0.5 / $hz + 1e-9, "turn at {turn_s} s");
            // The movement starts after the first rest and ends after the return (the same lag).
            let (start_s, end_s) = (rep.concentric.start_us * 1e-6, rep.eccentric.end_us * 1e-6);
            assert!((start_s - (0.5 + 1.5 / $hz)).abs() <= 2.0 / $hz, "movement starts at {start_s} s");
            assert!((end_s - (0.5 + tc + te + 1.5 / $hz)).abs() <= 2.0 / $hz, "movement ends at {end_s} s");
        }
    )*};
}

// Each phase spans at least 150 grid steps: one step more or less at a still edge changes a
// mean by 1/n, and the goldens allow 1 %.
synthetic_rep! {
    synthetic_rep_of_900_degrees_at_200_hz: wound 900.0 => 900.0, peak 1800.0, hz 200.0;
    synthetic_rep_with_a_shorter_eccentric_at_100_hz: wound 1200.0 => 800.0, peak 800.0, hz 100.0;
    synthetic_rep_at_1000_hz: wound 700.0 => 1000.0, peak 2000.0, hz 1000.0;
    synthetic_slow_rep_at_the_lowest_rate: wound 1500.0 => 1500.0, peak 600.0, hz crate::settings::HZ_MIN;
}

#[test]
fn results_hardly_depend_on_the_sampling_rate() {
    let set = YoYo { wound_deg: vec![1100.0, 1300.0, 900.0, 1200.0, 1000.0], peak_deg_s: 1000.0, rest_s: 0.7 };
    let (t, a) = sample(|t| set.angle(t), 1000.0, set.duration_s(), 0.0, 0.0, &mut Rng::new(4));
    let reference = run(&t, &a, settings(1000.0));
    assert_eq!(reference.reps.len(), set.reps());
    for hz in [100.0, 200.0, 333.0, 500.0] {
        let out = run(&t, &a, settings(hz));
        assert_eq!(out.reps.len(), set.reps(), "{hz} Hz");
        for (got, want) in out.reps.iter().zip(&reference.reps) {
            let what = format!("{hz} Hz rep {}", got.index);
            assert_phase(&got.concentric, &want.concentric, 0.02, 0.02, &format!("{what} concentric"));
            assert_phase(&got.eccentric, &want.eccentric, 0.02, 0.02, &format!("{what} eccentric"));
        }
    }
}

#[test]
fn sensor_noise_on_a_still_rope_makes_no_rep() {
    let (t, a) = sample(|_| 500.0, 200.0, 60.0, 0.4, 3.0, &mut Rng::new(5));
    assert!(run(&t, &a, Settings::default()).reps.is_empty());
}

#[test]
fn swaying_by_less_than_the_threshold_makes_no_rep() {
    // ±80° of sway (160° peak to peak, under 180°) every 3 s, with noise and jitter.
    let sway = |t: f64| 500.0 + 80.0 * (core::f64::consts::TAU * t / 3.0).sin();
    let (t, a) = sample(sway, 200.0, 60.0, 0.4, 2.0, &mut Rng::new(6));
    assert!(run(&t, &a, Settings::default()).reps.is_empty());
}

#[test]
fn light_noise_and_timing_jitter_keep_every_rep_and_its_means() {
    let set = YoYo { wound_deg: vec![900.0, 1000.0, 950.0, 1100.0, 1000.0, 900.0], peak_deg_s: 1500.0, rest_s: 1.0 };
    let (t, a) = sample(|t| set.angle(t), 200.0, set.duration_s(), 0.4, 0.1, &mut Rng::new(7));
    let s = settings(200.0);
    let out = run(&t, &a, s);
    assert_eq!(out.reps.len(), set.reps());
    for (k, rep) in out.reps.iter().enumerate() {
        let (wound, next) = (set.wound_deg[k], set.wound_deg[k + 1]);
        assert_rel(rep.concentric.velocity, s.radius_m * wound * DEG / set.phase_s(wound), 0.02, "concentric velocity");
        assert_rel(rep.eccentric.velocity, s.radius_m * next * DEG / set.phase_s(next), 0.02, "eccentric velocity");
    }
}

#[test]
fn heavy_noise_never_adds_a_rep() {
    let set = YoYo { wound_deg: vec![900.0, 1000.0, 950.0, 1100.0, 1000.0, 900.0], peak_deg_s: 1500.0, rest_s: 1.0 };
    for seed in 0..5 {
        let (t, a) = sample(|t| set.angle(t), 200.0, set.duration_s(), 0.45, 4.0, &mut Rng::new(100 + seed));
        let found = run(&t, &a, Settings::default()).reps.len();
        // Noise this strong can hide the rest that closes the trailing rep, nothing more.
        assert!(found == set.reps() || found == set.reps() - 1, "seed {seed}: {found} reps");
    }
}
