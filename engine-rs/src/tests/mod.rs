//! Whole-pipeline tests: physics goldens ([`physics`]), accuracy on hard input ([`accuracy`]),
//! live sessions ([`live`]), streaming properties ([`streaming`], [`properties`]). The helpers here build synthetic sessions whose truth is known on paper.

mod accuracy;
mod device;
mod gaps;
mod glitches;
mod live;
mod physics;
mod properties;
mod readings;
mod records;
mod streaming;
pub mod truth;

use crate::{reprocess, Batch, Settings, Update};
use core::f64::consts::FRAC_PI_2;

/// Tiny deterministic generator (xorshift64*): no crates, same numbers everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform integer in [0, n).
    pub fn below(&mut self, n: usize) -> usize {
        (self.unit() * n as f64) as usize
    }

    /// Standard normal (Box–Muller).
    pub fn normal(&mut self) -> f64 {
        let u = 1.0 - self.unit();
        (-2.0 * u.ln()).sqrt() * (core::f64::consts::TAU * self.unit()).cos()
    }
}

/// A flywheel set: still with the rope wound `wound_deg[0]`, then per rep a cosine pull out to
/// 0° and a sine wind-up to `wound_deg[k + 1]` on the other side, each still for `rest_s`.
/// Both phases meet 0° at `peak_deg_s`, so the flywheel speed is continuous at the turn.
pub struct YoYo {
    pub wound_deg: Vec<f64>,
    pub peak_deg_s: f64,
    pub rest_s: f64,
}

impl YoYo {
    /// Duration of the pull out from `wound` degrees (or of the wind-up to it), s.
    pub fn phase_s(&self, wound: f64) -> f64 {
        wound * FRAC_PI_2 / self.peak_deg_s
    }

    pub fn reps(&self) -> usize {
        self.wound_deg.len() - 1
    }

    pub fn duration_s(&self) -> f64 {
        let moving: f64 = self.wound_deg.windows(2).map(|w| self.phase_s(w[0]) + self.phase_s(w[1])).sum();
        moving + self.rest_s * (self.reps() + 1) as f64
    }

    /// Angle (degrees) at `t` seconds.
    pub fn angle(&self, t: f64) -> f64 {
        let mut t = t - self.rest_s;
        let mut sign = 1.0;
        for w in self.wound_deg.windows(2) {
            if t < 0.0 {
                return sign * w[0];
            }
            let (tc, te) = (self.phase_s(w[0]), self.phase_s(w[1]));
            if t < tc {
                return sign * w[0] * (FRAC_PI_2 * t / tc).cos();
            }
            if t < tc + te {
                return -sign * w[1] * (FRAC_PI_2 * (t - tc) / te).sin();
            }
            t -= tc + te + self.rest_s;
            sign = -sign;
        }
        sign * self.wound_deg[self.wound_deg.len() - 1]
    }
}

/// Samples `f` at `input_hz` for `duration_s`: each time jittered by up to ±`jitter` of the
/// period, each angle with Gaussian noise of `noise_deg`.
pub fn sample(
    f: impl Fn(f64) -> f64,
    input_hz: f64,
    duration_s: f64,
    jitter: f64,
    noise_deg: f64,
    rng: &mut Rng,
) -> (Vec<f64>, Vec<f64>) {
    let n = (duration_s * input_hz) as usize;
    let (mut time_us, mut angle_deg) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for i in 0..n {
        let t = (i as f64 + rng.range(-jitter, jitter)) / input_hz;
        time_us.push(t * 1e6);
        angle_deg.push(f(t.max(0.0)) + noise_deg * rng.normal());
    }
    (time_us, angle_deg)
}

/// Reprocesses angle/time columns with `settings`.
pub fn run(time_us: &[f64], angle_deg: &[f64], settings: Settings) -> Update {
    let batch = Batch { time_us, angle_deg, ..Batch::default() };
    reprocess(&batch, settings).expect("valid settings and equal lengths")
}

/// |actual − expected| ≤ tolerance · |expected|, with a readable failure.
pub fn assert_rel(actual: f64, expected: f64, tolerance: f64, what: &str) {
    let err = (actual - expected).abs() / expected.abs();
    assert!(err <= tolerance, "{what}: {actual} vs {expected} ({:.3} % off, allowed {} %)", err * 100.0, tolerance * 100.0);
}
