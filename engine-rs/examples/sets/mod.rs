//! The examples' training session: a rep every 4 s (1.5 s out, 1.5 s back to the other side,
//! 1 s still), sampled with timing jitter and angle noise from a seeded xorshift, so that every
//! run of an example sees the same samples.

/// Disc angle (degrees) at `t` seconds.
pub fn angle(t: f64) -> f64 {
    let cycle = (t / 4.0).floor();
    let u = t - 4.0 * cycle;
    let side = if cycle as i64 % 2 == 0 { 1.0 } else { -1.0 };
    let wound = 900.0 + 100.0 * (cycle * 0.7).sin();
    let phase = core::f64::consts::FRAC_PI_2 * (u / 1.5).min(2.0);
    side * wound * phase.cos()
}

/// Uniform noise in [−0.5, 0.5): xorshift64, the same sequence on every run.
pub struct Noise(u64);

impl Default for Noise {
    fn default() -> Noise {
        Noise(0x2545_F491_4F6C_DD1D)
    }
}

impl Noise {
    /// The next draw.
    pub fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64 - 0.5
    }
}

/// `n` samples at `hz`: times (µs) jittered by up to ±`jitter`/2 of a step, angles (degrees)
/// with noise of up to ±`sigma`/2.
pub fn samples(hz: f64, n: usize, jitter: f64, sigma: f64, noise: &mut Noise) -> (Vec<f64>, Vec<f64>) {
    let time_us: Vec<f64> = (0..n).map(|i| (i as f64 + jitter * noise.next()) * 1e6 / hz).collect();
    let angle_deg = time_us.iter().map(|&t| angle(t * 1e-6) + sigma * noise.next()).collect();
    (time_us, angle_deg)
}
