//! A hash of every output bit of the engine (points, reps, turns, counts) on varied inputs: raw
//! rates 100–1000 Hz with jitter, noise and encoder ticks, grids of 100, 200 and 500 Hz, bad
//! samples and a long gap, device ω and α, whole and live batches. For speed work that must not
//! change a result: run it before and after a change and diff the two outputs
//! (`cargo run --release -p repline-engine --example fingerprint > before.txt`). It checks
//! sameness, not correctness: the accuracy tests do that.
use engine::{Batch, Engine, Settings, Update};

fn angle(t: f64) -> f64 {
    let cycle = (t / 4.0).floor();
    let u = t - 4.0 * cycle;
    let side = if cycle as i64 % 2 == 0 { 1.0 } else { -1.0 };
    let wound = 900.0 + 100.0 * (cycle * 0.7).sin();
    side * wound * (core::f64::consts::FRAC_PI_2 * (u / 1.5).min(2.0)).cos()
}

struct Fnv(u64);
impl Fnv {
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= x as u64;
            self.0 = self.0.wrapping_mul(0x100000001b3);
        }
    }
    fn f(&mut self, x: f64) {
        self.bytes(&x.to_bits().to_le_bytes());
    }
}

fn run(
    name: &str,
    t: &[f64],
    a: &[f64],
    w: Option<&[f64]>,
    al: Option<&[f64]>,
    s: Settings,
    batch: usize,
) {
    for points in [false, true] {
        let mut out = Update::default();
        let mut e = if points {
            Engine::new(s)
        } else {
            Engine::without_points(s)
        }
        .unwrap();
        let mut i = 0;
        while i < t.len() {
            let j = (i + batch).min(t.len());
            let b = Batch {
                time_us: &t[i..j],
                angle_deg: &a[i..j],
                angular_velocity: w.map(|w| &w[i..j]),
                angular_acceleration: al.map(|x| &x[i..j]),
            };
            e.push(&b, &mut out).unwrap();
            i = j;
        }
        e.finish(&mut out).unwrap();
        let mut h = Fnv(0xcbf29ce484222325);
        for c in &out.points.columns {
            for &x in c {
                h.f(x);
            }
        }
        h.bytes(
            format!(
                "{:?}{:?}{}{}",
                out.reps, out.turns, out.skipped, out.point_count
            )
            .as_bytes(),
        );
        println!("{name} points={points} batch={batch}: reps {} turns {} skipped {} points {} hash {:016x}", out.reps.len(), out.turns.len(), out.skipped, out.point_count, h.0);
    }
}

fn main() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut noise = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5
    };
    for (raw_hz, minutes, jitter, sigma) in [
        (200.0, 60.0, 0.3, 0.2),
        (1000.0, 10.0, 1.5, 0.6),
        (100.0, 20.0, 0.1, 0.0),
        (500.0, 10.0, 0.6, 1.0),
    ] {
        let n = (raw_hz * minutes * 60.0) as usize;
        let mut t: Vec<f64> = (0..n)
            .map(|i| (i as f64 + jitter * noise()) * 1e6 / raw_hz)
            .collect();
        let mut a: Vec<f64> = t
            .iter()
            .map(|&x| angle(x * 1e-6) + sigma * noise())
            .collect();
        // Quantise to 1.8° ticks at 1 kHz, like an optical encoder.
        if raw_hz == 1000.0 {
            for x in &mut a {
                *x = (*x / 1.8).round() * 1.8;
            }
        }
        let name = format!("raw{raw_hz}");
        for hz in [100.0, 200.0, 500.0] {
            for inertia in [0.0, 0.05] {
                let s = Settings {
                    hz,
                    inertia_kg_m2: inertia,
                    ..Settings::default()
                };
                run(
                    &format!("{name} hz{hz} I{inertia}"),
                    &t,
                    &a,
                    None,
                    None,
                    s,
                    usize::MAX,
                );
            }
        }
        run(
            &format!("{name} live"),
            &t,
            &a,
            None,
            None,
            Settings {
                inertia_kg_m2: 0.05,
                ..Settings::default()
            },
            (raw_hz / 2.0) as usize,
        );
        // Bad samples: NaN, repeated and backwards times, a long gap, huge values.
        for i in (0..n).step_by(997) {
            a[i] = f64::NAN;
        }
        for i in (5..n).step_by(1409) {
            t[i] = t[i - 1];
        }
        for i in (7..n).step_by(2221) {
            t[i] = t[i - 3];
        }
        for i in (11..n).step_by(3001) {
            a[i] = 1e300;
        }
        let gap = n / 2;
        for x in &mut t[gap..] {
            *x += 2.5e6;
        }
        run(
            &format!("{name} bad"),
            &t,
            &a,
            None,
            None,
            Settings {
                inertia_kg_m2: 0.05,
                ..Settings::default()
            },
            usize::MAX,
        );
        run(
            &format!("{name} bad live"),
            &t,
            &a,
            None,
            None,
            Settings {
                inertia_kg_m2: 0.05,
                ..Settings::default()
            },
            37,
        );
        // Device rates.
        let w: Vec<f64> = (0..n)
            .map(|i| {
                if i + 1 < n {
                    (a[i + 1] - a[i]).to_radians() * raw_hz
                } else {
                    0.0
                }
            })
            .collect();
        let al: Vec<f64> = (0..n)
            .map(|i| {
                if i + 1 < n {
                    (w[i + 1] - w[i]) * raw_hz
                } else {
                    0.0
                }
            })
            .collect();
        for (cv, ca) in [(false, false), (true, false), (false, true)] {
            let s = Settings {
                inertia_kg_m2: 0.05,
                calc_angular_velocity: cv,
                calc_angular_acceleration: ca,
                ..Settings::default()
            };
            run(
                &format!("{name} device cv{cv} ca{ca}"),
                &t,
                &a,
                Some(&w),
                Some(&al),
                s,
                usize::MAX,
            );
        }
    }
}
