//! A hash of every output bit of the engine (points, reps, turns, counts) on varied inputs: raw
//! rates 100–1000 Hz with jitter, noise and encoder ticks, grids of 100, 200 and 500 Hz, bad
//! samples and a long gap, device ω and α, whole and live batches. For speed work that must not
//! change a result: run it before and after a change and diff the two outputs
//! (`cargo run --release -p repline-engine --example fingerprint > before.txt`). It checks
//! sameness, not correctness: the accuracy tests do that.
use repline_engine::{Batch, Engine, Settings, Update};

mod sets;
use sets::Noise;

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= u64::from(x);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Samples as columns: times, angles, and the device's ω and α when it gives them.
struct Input<'a> {
    time_us: &'a [f64],
    angle_deg: &'a [f64],
    rates: Option<(&'a [f64], &'a [f64])>,
}

impl<'a> Input<'a> {
    /// Times and angles alone.
    fn plain(time_us: &'a [f64], angle_deg: &'a [f64]) -> Input<'a> {
        Input { time_us, angle_deg, rates: None }
    }
}

/// Prints the hash of what `input` gives with settings `s`, pushed `batch` samples at a time,
/// with and without point columns.
fn run(name: &str, input: &Input, s: Settings, batch: usize) {
    for points in [false, true] {
        let mut out = Update::default();
        let mut e = if points { Engine::new(s) } else { Engine::without_points(s) }.expect("valid settings");
        let n = input.time_us.len();
        for i in (0..n).step_by(batch) {
            let j = (i + batch).min(n);
            let (omega, alpha) = input.rates.map_or((None, None), |(w, a)| (Some(&w[i..j]), Some(&a[i..j])));
            let b = Batch { time_us: &input.time_us[i..j], angle_deg: &input.angle_deg[i..j], angular_velocity: omega, angular_acceleration: alpha };
            e.push(&b, &mut out).expect("columns of equal length");
        }
        e.finish(&mut out).expect("first finish");
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        for x in out.points.columns.iter().flatten() {
            h.bytes(&x.to_bits().to_le_bytes());
        }
        h.bytes(format!("{:?}{:?}{}{}", out.reps, out.turns, out.skipped, out.point_count).as_bytes());
        let whole = if batch == usize::MAX { "whole".to_string() } else { batch.to_string() };
        println!("{name} points={points} batch={whole}: reps {} turns {} skipped {} points {} hash {:016x}", out.reps.len(), out.turns.len(), out.skipped, out.point_count, h.0);
    }
}

/// Spoils `t` and `a` in place: NaN angles, repeated and backward times, huge values, and a
/// gap longer than the engine interpolates across halfway.
fn spoil(t: &mut [f64], a: &mut [f64]) {
    let n = t.len();
    (0..n).step_by(997).for_each(|i| a[i] = f64::NAN);
    (5..n).step_by(1409).for_each(|i| t[i] = t[i - 1]);
    (7..n).step_by(2221).for_each(|i| t[i] = t[i - 3]);
    (11..n).step_by(3001).for_each(|i| a[i] = 1e300);
    t[n / 2..].iter_mut().for_each(|x| *x += 2.5e6);
}

fn main() {
    let mut noise = Noise::default();
    let flywheel = Settings { inertia_kg_m2: 0.05, ..Settings::default() };
    for (raw_hz, minutes, jitter, sigma) in [(200.0, 60.0, 0.3, 0.2), (1000.0, 10.0, 1.5, 0.6), (100.0, 20.0, 0.1, 0.0), (500.0, 10.0, 0.6, 1.0)] {
        let n = (raw_hz * minutes * 60.0) as usize;
        let (mut t, mut a) = sets::samples(raw_hz, n, jitter, sigma, &mut noise);
        // 1.8° ticks at 1 kHz, like an optical encoder.
        if raw_hz == 1000.0 {
            a.iter_mut().for_each(|x| *x = (*x / 1.8).round() * 1.8);
        }
        let name = format!("raw{raw_hz}");
        for hz in [100.0, 200.0, 500.0] {
            for inertia_kg_m2 in [0.0, 0.05] {
                run(&format!("{name} hz{hz} I{inertia_kg_m2}"), &Input::plain(&t, &a), Settings { hz, inertia_kg_m2, ..Settings::default() }, usize::MAX);
            }
        }
        run(&format!("{name} live"), &Input::plain(&t, &a), flywheel, (raw_hz / 2.0) as usize);
        spoil(&mut t, &mut a);
        run(&format!("{name} bad"), &Input::plain(&t, &a), flywheel, usize::MAX);
        run(&format!("{name} bad live"), &Input::plain(&t, &a), flywheel, 37);
        // The device's rates as the next sample's differences.
        let w: Vec<f64> = (0..n).map(|i| if i + 1 < n { (a[i + 1] - a[i]).to_radians() * raw_hz } else { 0.0 }).collect();
        let al: Vec<f64> = (0..n).map(|i| if i + 1 < n { (w[i + 1] - w[i]) * raw_hz } else { 0.0 }).collect();
        let device = Input { time_us: &t, angle_deg: &a, rates: Some((&w, &al)) };
        for (calc_angular_velocity, calc_angular_acceleration) in [(false, false), (true, false), (false, true)] {
            let s = Settings { calc_angular_velocity, calc_angular_acceleration, ..flywheel };
            run(&format!("{name} device cv{calc_angular_velocity} ca{calc_angular_acceleration}"), &device, s, usize::MAX);
        }
    }
}
