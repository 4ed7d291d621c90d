//! Native throughput of the engine on a 1-hour session at 200 Hz (720 000 samples of flywheel
//! reps with sensor noise), best of 15 runs: the machine is shared, and the best run is the
//! one least disturbed.
//! Prints one JSON line for bench/engine.bench.ts:
//! `cargo run --release -p repline-engine --example throughput`.

use engine::{reprocess, Batch, Engine, Settings, Update};
use std::time::Instant;

mod sets;
use sets::Noise;

/// Runs per figure.
const RUNS: usize = 15;

fn main() {
    let (hz, seconds) = (200.0, 3600.0);
    let n = (hz * seconds) as usize;
    let (time_us, angle_deg) = sets::samples(hz, n, 0.3, 0.2, &mut Noise::default());
    let batch = Batch { time_us: &time_us, angle_deg: &angle_deg, ..Batch::default() };
    let settings = Settings { inertia_kg_m2: 0.05, ..Settings::default() };

    // Cold: `reprocess` as the batch command calls it, output memory fresh from the OS every
    // time (at 88 bytes per point, page faults are a large share). Warm: the same session
    // through an engine whose output buffers are already sized, as the wasm handle keeps
    // them between calls: the pipeline's own speed.
    let cold = best_of(RUNS, || reprocess(&batch, settings).expect("valid settings").reps.len());
    let mut out = Update::default();
    let warm = best_of(RUNS, || {
        out.clear();
        let mut engine = Engine::new(settings).expect("valid settings");
        engine.push(&batch, &mut out).expect("equal lengths");
        engine.finish(&mut out).expect("first finish");
        out.reps.len()
    });
    // Reps only, as the batch command asks: the pipeline without the 88 bytes a point written.
    let reps_only = best_of(RUNS, || {
        out.clear();
        let mut engine = Engine::without_points(settings).expect("valid settings");
        engine.push(&batch, &mut out).expect("equal lengths");
        engine.finish(&mut out).expect("first finish");
        out.reps.len()
    });
    assert_eq!(cold.1, warm.1, "both runs find the same reps");
    assert_eq!(reps_only.1, warm.1, "with points or without, the same reps");
    println!(
        "{{\"samplesPerSecond\": {:.0}, \"coldSamplesPerSecond\": {:.0}, \"repsOnlySamplesPerSecond\": {:.0}, \"samples\": {n}, \"reps\": {}}}",
        n as f64 / warm.0,
        n as f64 / cold.0,
        n as f64 / reps_only.0,
        warm.1
    );
}

/// Best wall time (s) of `runs` calls, and the last call's result.
fn best_of(runs: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let mut best = (f64::INFINITY, 0);
    for _ in 0..runs {
        let started = Instant::now();
        let result = f();
        best = (best.0.min(started.elapsed().as_secs_f64()), result);
    }
    best
}
