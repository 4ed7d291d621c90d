//! One pass of the throughput session through the engine (points kept), for callgrind.
use repline_engine::{Batch, Engine, Settings, Update};

mod sets;
use sets::Noise;

fn main() {
    let (hz, n) = (200.0, 720_000usize);
    let (t, a) = sets::samples(hz, n, 0.3, 0.2, &mut Noise::default());
    let b = Batch { time_us: &t, angle_deg: &a, ..Batch::default() };
    let s = Settings { inertia_kg_m2: 0.05, ..Settings::default() };
    let mut out = Update::default();
    let mut e = Engine::new(s).unwrap();
    e.push(&b, &mut out).unwrap();
    e.finish(&mut out).unwrap();
    println!("{}", out.reps.len());
}
