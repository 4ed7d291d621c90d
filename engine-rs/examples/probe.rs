//! One pass of the throughput session through the engine (points kept), for callgrind.
use engine::{Batch, Engine, Settings, Update};
fn angle(t: f64) -> f64 {
    let cycle = (t / 4.0).floor();
    let u = t - 4.0 * cycle;
    let side = if cycle as i64 % 2 == 0 { 1.0 } else { -1.0 };
    let wound = 900.0 + 100.0 * (cycle * 0.7).sin();
    side * wound * (core::f64::consts::FRAC_PI_2 * (u / 1.5).min(2.0)).cos()
}
fn main() {
    let (hz, n) = (200.0, 720_000usize);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut noise = || { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; (seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5 };
    let t: Vec<f64> = (0..n).map(|i| (i as f64 + 0.3 * noise()) * 1e6 / hz).collect();
    let a: Vec<f64> = t.iter().map(|&t| angle(t * 1e-6) + 0.2 * noise()).collect();
    let b = Batch { time_us: &t, angle_deg: &a, ..Batch::default() };
    let s = Settings { inertia_kg_m2: 0.05, ..Settings::default() };
    let mut out = Update::default();
    let mut e = Engine::new(s).unwrap();
    e.push(&b, &mut out).unwrap();
    e.finish(&mut out).unwrap();
    println!("{}", out.reps.len());
}
