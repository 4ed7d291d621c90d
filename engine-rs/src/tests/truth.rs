//! Physics-truth flywheel sets, the Rust twin of `tests/unit/flywheelTruth.ts`: every figure a
//! phase reports is known on paper from the motion's formulas, never from an engine run.
//!
//! Rep k pulls the rope out from wound angle A_k to 0° in T_c (ω = ω_k·sin(π/2·u)), then the disc,
//! still turning the same way, winds it onto the other side to A_{k+1} in T_e (ω = ω_k·cos(π/2·u)),
//! and the rope rests 0.3–1.5 s. Travel A = (2/π)·ω_k·T, so a phase's mean rope speed is r·A/T.
//! The sensor samples at `raw_hz` with Gaussian angle noise, encoder ticks and timing jitter.

use super::Rng;
use core::f64::consts::FRAC_PI_2;

/// Shaft radius of the engine's defaults, m.
pub const RADIUS: f64 = 0.014;

/// A set: reps, rope travel per phase (m, each rep ±10 %), concentric duration (s, ±10 %), inertia.
#[derive(Clone, Copy, Debug)]
pub struct SetSpec {
    pub reps: usize,
    pub travel_m: f64,
    pub concentric_s: f64,
    pub inertia: f64,
}

/// How an eccentric ends when the athlete brakes harder towards its end than a constant force
/// would (a constant force is the cosine of [`motion`]'s eccentrics near their end): each rep
/// draws an exponent p and a final speed f (a share of the top speed ω_k) from these ranges, and
/// its eccentric runs at ω = ω_k·((1 − f)·(1 − u)^p + f), u = t/T_e, stopping dead at f·ω_k.
/// p < 1 is braking that rises to the end (with f = 0 and p = ½ the braking power is constant),
/// f > 0 a rope caught while it still moves. Travel A = ω_k·T_e·((1 − f)/(p + 1) + f).
#[derive(Clone, Copy, Debug)]
pub struct Braking {
    pub exponent: (f64, f64),
    pub final_speed: (f64, f64),
}

/// Braking that rises to the end or stops a slow rope dead: p ½–1, f 0–0.2.
pub const HARD_BRAKING: Braking = Braking { exponent: (0.5, 1.0), final_speed: (0.0, 0.2) };

pub const HEAVY_SLOW: SetSpec = SetSpec { reps: 6, travel_m: 0.55, concentric_s: 1.4, inertia: 0.1 };
pub const LIGHT_FAST: SetSpec = SetSpec { reps: 8, travel_m: 0.45, concentric_s: 0.45, inertia: 0.025 };

/// How the sensor samples: rate (Hz), angle noise σ (°), encoder tick (°, 0: none), jitter (ms).
#[derive(Clone, Copy, Debug)]
pub struct Sensor {
    pub raw_hz: f64,
    pub noise_deg: f64,
    pub tick_deg: f64,
    pub jitter_ms: f64,
}

impl Sensor {
    pub const fn clean(raw_hz: f64) -> Sensor {
        Sensor { raw_hz, noise_deg: 0.0, tick_deg: 0.0, jitter_ms: 0.0 }
    }

    pub const fn noisy(raw_hz: f64) -> Sensor {
        Sensor { raw_hz, noise_deg: 0.6, tick_deg: 1.8, jitter_ms: 1.5 }
    }
}

/// One phase's truth: its mean rope speed (m/s), and per kg·m² of flywheel its peak power
/// (W): |P| = I·|α|·ω peaks mid-phase at I·ω_k²·π/(4T).
#[derive(Clone, Copy, Debug)]
pub struct PhaseTruth {
    pub velocity: f64,
    pub peak_power_per_inertia: f64,
}

/// One rep's truth: where its movement starts, turns and ends (s), and its phases.
#[derive(Clone, Copy, Debug)]
pub struct RepTruth {
    pub start_s: f64,
    pub turn_s: f64,
    pub end_s: f64,
    pub concentric: PhaseTruth,
    pub eccentric: PhaseTruth,
}

/// A sampled set and its truth.
pub struct Session {
    pub time_us: Vec<f64>,
    pub angle_deg: Vec<f64>,
    /// The disc's ω at each sample time, rad/s, as a device measuring it would report it (with
    /// a noisy sensor, 1 rad/s of Gaussian noise): a debug file's ω column.
    pub omega_rad_s: Vec<f64>,
    pub reps: Vec<RepTruth>,
    /// Rests between reps (s): from one rep's end to the next one's start.
    pub rests: Vec<(f64, f64)>,
}

/// The angle of a set at `t` s: (start, duration, angle function of the time since start).
type Piece = (f64, f64, Box<dyn Fn(f64) -> f64>);

fn phase(travel_rad: f64, duration_s: f64, peak_rad_s: f64) -> PhaseTruth {
    PhaseTruth { velocity: RADIUS * travel_rad / duration_s, peak_power_per_inertia: peak_rad_s * peak_rad_s * core::f64::consts::PI / (4.0 * duration_s) }
}

/// A motion: its pieces, each rep's truth, the rests (start, end, s) and its end, s.
type Motion = (Vec<Piece>, Vec<RepTruth>, Vec<(f64, f64)>, f64);

/// The set's pieces and truth for `seed` (its rep-to-rep variations); its eccentrics end as
/// `braking` says, or like its concentrics start (a cosine) without.
fn motion(spec: SetSpec, braking: Option<Braking>, seed: u64) -> Motion {
    let mut rng = Rng::new(seed);
    let vary = |x: f64, rng: &mut Rng| x * (0.9 + 0.2 * rng.unit());
    let wound: Vec<f64> = (0..=spec.reps).map(|_| vary(spec.travel_m, &mut rng) / RADIUS).collect();
    let (mut pieces, mut reps, mut rests): (Vec<Piece>, Vec<RepTruth>, Vec<(f64, f64)>) = (Vec::new(), Vec::new(), Vec::new());
    let mut t = 1.0;
    let mut side = 1.0;
    let first = side * wound[0].to_degrees();
    pieces.push((0.0, t, Box::new(move |_| first)));
    for k in 0..spec.reps {
        let (a, b) = (wound[k], wound[k + 1]);
        let tc = vary(spec.concentric_s, &mut rng);
        let peak = a * FRAC_PI_2 / tc;
        let s = side;
        pieces.push((t, tc, Box::new(move |u| s * a.to_degrees() * (FRAC_PI_2 * u / tc).cos())));
        let te = match braking {
            None => {
                let te = b * FRAC_PI_2 / peak;
                pieces.push((t + tc, te, Box::new(move |u| -s * b.to_degrees() * (FRAC_PI_2 * u / te).sin())));
                te
            }
            Some(braking) => {
                let p = braking.exponent.0 + (braking.exponent.1 - braking.exponent.0) * rng.unit();
                let f = braking.final_speed.0 + (braking.final_speed.1 - braking.final_speed.0) * rng.unit();
                let te = b / (peak * ((1.0 - f) / (p + 1.0) + f));
                let travel = move |u: f64| peak * te * ((1.0 - f) * (1.0 - (1.0 - u / te).powf(p + 1.0)) / (p + 1.0) + f * u / te);
                pieces.push((t + tc, te, Box::new(move |u| -s * travel(u).to_degrees())));
                te
            }
        };
        reps.push(RepTruth { start_s: t, turn_s: t + tc, end_s: t + tc + te, concentric: phase(a, tc, peak), eccentric: phase(b, te, peak) });
        side = -side;
        let pause = if k + 1 < spec.reps { 0.3 + 1.2 * rng.unit() } else { 1.5 };
        let end = t + tc + te;
        let rest_at = -s * b.to_degrees();
        pieces.push((end, pause, Box::new(move |_| rest_at)));
        rests.push((end, end + pause));
        t = end + pause;
    }
    (pieces, reps, rests, t)
}

/// A set of `reps` reps whose eccentrics end in a hard stop: a cosine pull out from about
/// 1 800° (±10 %) that reaches the disc's top speed at the turn, then the return at that speed,
/// 0.2 s over about 1 800° (±10 %), stopping dead; 1 s of rest after each rep.
fn hard_stops(reps: usize, seed: u64) -> Motion {
    let mut rng = Rng::new(seed);
    let mut vary = |x: f64| x * (0.9 + 0.2 * rng.unit());
    let wound: Vec<f64> = (0..=reps).map(|_| vary(1800f64.to_radians())).collect();
    let (mut pieces, mut truth, mut rests): (Vec<Piece>, Vec<RepTruth>, Vec<(f64, f64)>) = (Vec::new(), Vec::new(), Vec::new());
    let (mut t, mut side) = (1.0, 1.0);
    let first = wound[0].to_degrees();
    pieces.push((0.0, t, Box::new(move |_| first)));
    for k in 0..reps {
        let (a, b) = (wound[k], wound[k + 1]);
        let te = 0.2;
        let peak = b / te;
        let tc = a * FRAC_PI_2 / peak;
        let s = side;
        pieces.push((t, tc, Box::new(move |u| s * a.to_degrees() * (FRAC_PI_2 * u / tc).cos())));
        pieces.push((t + tc, te, Box::new(move |u| -s * (peak * u).to_degrees())));
        let end = t + tc + te;
        truth.push(RepTruth { start_s: t, turn_s: t + tc, end_s: end, concentric: phase(a, tc, peak), eccentric: phase(b, te, peak) });
        let rest_at = -s * b.to_degrees();
        pieces.push((end, 1.0, Box::new(move |_| rest_at)));
        rests.push((end, end + 1.0));
        (t, side) = (end + 1.0, -side);
    }
    (pieces, truth, rests, t)
}

/// [`session`] of a set of `reps` reps whose eccentrics end in a hard stop ([`hard_stops`]).
pub fn hard_stop_session(reps: usize, sensor: Sensor, seed: u64) -> Session {
    sampled(hard_stops(reps, seed), sensor, seed)
}

/// Samples `spec` through `sensor`; `seed` picks the variations and the noise.
pub fn session(spec: SetSpec, sensor: Sensor, seed: u64) -> Session {
    sampled(motion(spec, None, seed), sensor, seed)
}

/// [`session`] of `spec` whose eccentrics end as `braking` says. Only the reps' mean velocities
/// are in its truth (the peak power of a rope stopped dead is the impact's).
pub fn braked_session(spec: SetSpec, braking: Braking, sensor: Sensor, seed: u64) -> Session {
    sampled(motion(spec, Some(braking), seed), sensor, seed)
}

/// Samples a motion through `sensor`, its noise drawn from `seed`.
fn sampled((pieces, reps, rests, end_s): Motion, sensor: Sensor, seed: u64) -> Session {
    let mut rng = Rng::new(seed.wrapping_mul(7919).wrapping_add(sensor.raw_hz as u64));
    let n = (end_s * sensor.raw_hz) as usize;
    let mut times: Vec<f64> = (0..n)
        .map(|i| ((i as f64 / sensor.raw_hz + sensor.jitter_ms / 1000.0 * (2.0 * rng.unit() - 1.0)) * 1e6).round())
        .filter(|&us| us >= 0.0 && us <= end_s * 1e6)
        .collect();
    times.sort_by(f64::total_cmp);
    times.dedup();
    let mut rate_noise = Rng::new(seed ^ 0x0E6A);
    let mut piece = 0;
    let (mut angle_deg, mut omega_rad_s) = (Vec::with_capacity(times.len()), Vec::with_capacity(times.len()));
    for &us in &times {
        let t = us / 1e6;
        while piece + 1 < pieces.len() && t > pieces[piece].0 + pieces[piece].1 {
            piece += 1;
        }
        let (from, duration, f) = &pieces[piece];
        let at = |t: f64| f((t - from).clamp(0.0, *duration));
        let exact = at(t);
        let noisy = exact + sensor.noise_deg * rng.normal();
        angle_deg.push(if sensor.tick_deg > 0.0 { (noisy / sensor.tick_deg).round() * sensor.tick_deg } else { noisy });
        // The piece's own rate, by a difference over a microsecond either side (the pieces' ends
        // are still or, at a hard stop, at full speed until the stop).
        let rate = (at(t + 1e-6) - at(t - 1e-6)).to_radians() / 2e-6;
        omega_rad_s.push(rate + if sensor.noise_deg > 0.0 { rate_noise.normal() } else { 0.0 });
    }
    Session { time_us: times, angle_deg, omega_rad_s, reps, rests }
}

/// Median of `xs` (the upper one of an even count, as the TypeScript tests take it).
pub fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Relative errors of `got` against `want`.
pub fn errors(got: impl Iterator<Item = f64>, want: impl Iterator<Item = f64>) -> Vec<f64> {
    got.zip(want).map(|(g, w)| (g / w - 1.0).abs()).collect()
}
