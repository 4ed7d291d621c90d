//! Native throughput of the engine on a 1-hour session at 200 Hz (720 000 samples of flywheel
//! reps with sensor noise): the best of rounds taken for [`WINDOW`]. The machine is shared with
//! work that comes in bursts of 10–60 s (bench/engine.bench.ts, `WINDOW_MS`); the best run is the
//! one least disturbed, and rounds spread over the window find a quiet spell.
//! Prints one JSON line for bench/engine.bench.ts:
//! `cargo run --release -p repline-engine --example throughput`.

use repline_engine::{reprocess, Batch, Engine, Settings, Update};
use std::time::{Duration, Instant};

mod sets;
use sets::Noise;

/// How long the rounds go on, at the least.
const WINDOW: Duration = Duration::from_secs(10);

/// Rounds at the least, however fast.
const ROUNDS: usize = 15;

fn main() {
    let (hz, seconds) = (200.0, 3600.0);
    let n = (hz * seconds) as usize;
    let (time_us, angle_deg) = sets::samples(hz, n, 0.3, 0.2, &mut Noise::default());
    let batch = Batch { time_us: &time_us, angle_deg: &angle_deg, ..Batch::default() };
    let settings = Settings { inertia_kg_m2: 0.05, ..Settings::default() };

    // Cold: `reprocess` as the batch command calls it, output memory fresh from the OS every
    // time (at 88 bytes per point, page faults are a large share). Warm: the same session
    // through an engine whose output buffers are already sized, as the wasm handle keeps
    // them between calls: the pipeline's own speed. Reps only, as the batch command asks: the
    // pipeline without the 88 bytes a point written.
    let mut out = Update::default();
    let mut through = |engine: Engine| {
        out.clear();
        let mut engine = engine;
        engine.push(&batch, &mut out).expect("equal lengths");
        engine.finish(&mut out).expect("first finish");
        out.reps.len()
    };
    let (mut cold, mut warm, mut reps_only) = (Best::default(), Best::default(), Best::default());
    let started = Instant::now();
    let mut round = 0;
    while round < ROUNDS || started.elapsed() < WINDOW {
        // Every fourth round: fresh memory costs page faults, and the figure is the least of it.
        if round % 4 == 0 {
            cold.time(|| reprocess(&batch, settings).expect("valid settings").reps.len());
        }
        warm.time(|| through(Engine::new(settings).expect("valid settings")));
        reps_only.time(|| through(Engine::without_points(settings).expect("valid settings")));
        round += 1;
    }
    assert_eq!(cold.reps, warm.reps, "both runs find the same reps");
    assert_eq!(reps_only.reps, warm.reps, "with points or without, the same reps");
    println!(
        "{{\"samplesPerSecond\": {:.0}, \"coldSamplesPerSecond\": {:.0}, \"repsOnlySamplesPerSecond\": {:.0}, \"samples\": {n}, \"reps\": {}, \"rounds\": {round}}}",
        n as f64 / warm.seconds,
        n as f64 / cold.seconds,
        n as f64 / reps_only.seconds,
        warm.reps
    );
}

/// The best wall time (s) of the calls timed so far, and the last call's reps.
struct Best {
    seconds: f64,
    reps: usize,
}

impl Default for Best {
    fn default() -> Best {
        Best { seconds: f64::INFINITY, reps: 0 }
    }
}

impl Best {
    fn time(&mut self, f: impl FnOnce() -> usize) {
        let started = Instant::now();
        self.reps = f();
        self.seconds = self.seconds.min(started.elapsed().as_secs_f64());
    }
}
