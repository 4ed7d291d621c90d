/**
 * Real recordings through the engine: Chronojump's flywheel encoder files (read from
 * /work/shared/data/real, or REPLINE_REAL_DATA; skipped when absent; never copied into the
 * repo). 1 kHz, 200 ticks per revolution (1.8° per tick), the cumulative sum is the angle.
 * Expected rep counts come from that folder's README (turning points of a zig-zag with
 * h = 150 ticks), not from the engine: each extreme-to-extreme run is one rep, except the
 * first, which starts near 0° (rope out) and winds the rope up — an eccentric with no
 * concentric before it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, reprocess, type EngineSettings, type SampleBatch } from '../../src/engine';
import { referenceReprocess } from '../../src/engine/reference';
import { expectAgree } from './engine.fixtures';

const ROOT = join(process.env.REPLINE_REAL_DATA ?? '/work/shared/data/real', 'joeries__chronojump/encoder/tests');

/** Comma-separated ticks per millisecond → time (µs) and angle (°). */
function load(file: string): SampleBatch {
  const ticks = readFileSync(join(ROOT, file), 'utf8')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
  const timeUs = new Float64Array(ticks.length);
  const angleDeg = new Float64Array(ticks.length);
  let sum = 0;
  ticks.forEach((tick, i) => {
    sum += tick;
    timeUs[i] = i * 1000;
    angleDeg[i] = sum * 1.8;
  });
  return { timeUs, angleDeg };
}

// signal_inertial3's Roptions.txt: shaft diameter 4 cm, inertia 3740 kg·cm², body mass 90 kg.
const SQUAT: Partial<EngineSettings> = { radius: 0.02, inertia: 0.374, mass: 90 };

describe.skipIf(!existsSync(ROOT))('real Chronojump flywheel recordings', () => {
  it('finds the 9 reps of the flywheel squat with plausible velocities', () => {
    const out = reprocess(load('signal_inertial3/signal_inertial3.txt'), SQUAT);
    expect(out.skipped).toBe(0);
    expect(out.reps).toHaveLength(9);
    for (const rep of out.reps) {
      // A heavy (0.374 kg·m²) flywheel squat: slow, well under sprint speeds.
      expect(rep.concentric.velocity).toBeGreaterThan(0.1);
      expect(rep.concentric.velocity).toBeLessThan(1.5);
      expect(rep.concentric.peakVelocity).toBeLessThan(3);
      expect(rep.concentric.duration).toBeGreaterThan(0.4);
      expect(rep.concentric.duration).toBeLessThan(2.5);
      expect(rep.eccentric.duration).toBeGreaterThan(0.4);
    }
  });

  it('puts the turning points where Chronojump cut its windows (peak speed, 7.610 s and 9.815 s)', () => {
    const out = reprocess(load('signal_inertial3/signal_inertial3.txt'), SQUAT);
    const turnS = out.reps.map((r) => out.points.timeUs[r.turn]! / 1e6);
    // 4-point smoothing lags 1.5 steps (7.5 ms at 200 Hz); allow two steps more.
    expect(Math.abs(turnS[0]! - 7.61)).toBeLessThan(0.02);
    expect(Math.abs(turnS[1]! - 9.815)).toBeLessThan(0.02);
  });

  it('delivers the last rep of the squat from push alone, half a second after the flywheel stops at 24.626 s', () => {
    // The README's last turning point: the flywheel stops at 24 626 ms, the athlete rests,
    // then lets the rope drift out. The rep closes during the rest, not 180° into the drift.
    const batch = load('signal_inertial3/signal_inertial3.txt');
    const engine = createEngine(SQUAT);
    const arrivals: number[] = [];
    for (let i = 0; i < batch.timeUs.length; i += 100) {
      const timeUs = batch.timeUs.subarray(i, i + 100);
      const update = engine.push({ timeUs, angleDeg: batch.angleDeg.subarray(i, i + 100) });
      arrivals.push(...update.reps.map(() => timeUs[timeUs.length - 1]! / 1e6));
    }
    engine.dispose();
    expect(arrivals).toHaveLength(9);
    // Rest may start up to 10° (5.6 ticks) before the stop; the push ends within 100 ms.
    expect(arrivals[8]!).toBeGreaterThan(24.626 + 0.5 - 0.15);
    expect(arrivals[8]!).toBeLessThan(24.626 + 0.5 + 0.1 + 0.02);
  });

  it.each([
    ['signal_inertial.txt', 7],
    ['smooth-by-change-pos/set.txt', 9],
  ])('counts the reps of %s as its turning points say (%i)', (file, reps) => {
    expect(reprocess(load(file)).reps).toHaveLength(reps);
  });

  it('agrees with the reference port on every recording', () => {
    for (const file of ['signal_inertial3/signal_inertial3.txt', 'signal_inertial.txt', 'smooth-by-change-pos/set.txt']) {
      const batch = load(file);
      expectAgree(reprocess(batch, SQUAT), referenceReprocess(batch, SQUAT));
    }
  });
});
