/**
 * Real recordings through the engine, read from ../shared/data/real next to the repository, or
 * REPLINE_REAL_DATA (skipped when absent; never copied into the repo): Chronojump's flywheel
 * encoder files, and Open Rowing Monitor's impulse timings (at the end). Chronojump's: 1 kHz,
 * 200 ticks per revolution (1.8° per tick), the cumulative sum is the angle. Expected rep counts
 * come from that folder's README (turning points of a zig-zag with h = 150 ticks), not from the
 * engine: each extreme-to-extreme run is one rep, except the first, which starts near 0° (rope
 * out) and winds the rope up — an eccentric with no concentric before it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine, reprocess, type EngineSettings, type SampleBatch } from '../../src/engine';
import { referenceReprocess } from '../../src/engine/reference';
import { MAX_GAP_US } from '../../src/engine/reference/constants';
import { expectAgree } from './engine.agreement';

const REAL = process.env.REPLINE_REAL_DATA ?? fileURLToPath(new URL('../../../shared/data/real', import.meta.url));
const ROOT = join(REAL, 'joeries__chronojump/encoder/tests');
const TICK_DEG = 1.8;

/** Comma-separated ticks per millisecond → cumulative ticks. */
function ticks(file: string): number[] {
  let sum = 0;
  return readFileSync(join(ROOT, file), 'utf8')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((tick) => (sum += Number(tick)));
}

/** Time (µs) and angle (°) of a recording. */
function load(file: string): SampleBatch {
  const cumulative = ticks(file);
  return {
    timeUs: Float64Array.from(cumulative, (_, i) => i * 1000),
    angleDeg: Float64Array.from(cumulative, (c) => c * TICK_DEG),
  };
}

/**
 * The recording as a debug CSV converted from it would carry it: with angular velocity and
 * acceleration columns filled by raw per-sample differences (a tick per millisecond is 31 rad/s).
 */
function asDebugCsv(batch: SampleBatch): SampleBatch {
  const { timeUs, angleDeg } = batch;
  const angularVelocity = angleDeg.map((a, i) => (i === 0 ? 0 : (((a - angleDeg[i - 1]!) * Math.PI) / 180) * 1000));
  const angularAcceleration = angularVelocity.map((w, i) => (i === 0 ? 0 : (w - angularVelocity[i - 1]!) * 1000));
  return { timeUs, angleDeg, angularVelocity, angularAcceleration };
}

// signal_inertial3's Roptions.txt: shaft diameter 4 cm, inertia 3740 kg·cm², body mass 90 kg.
const SQUAT: Partial<EngineSettings> = { radius: 0.02, inertia: 0.374, mass: 90 };

/**
 * A concentric's truth from the ticks alone: from the last millisecond the rope sat at its
 * wound extreme (near `nearMs`) to full extension (the count back at 0), the mean speed is the
 * rope's travel over that time and the mean power the flywheel's kinetic energy at full
 * extension (its speed over ±20 ms there) over that time.
 */
function concentricFromTicks(cumulative: number[], nearMs: number): { velocity: number; power: number } {
  let extreme = nearMs;
  for (let i = nearMs - 300; i < nearMs + 300; i++) if (Math.abs(cumulative[i]!) > Math.abs(cumulative[extreme]!)) extreme = i;
  const wound = Math.abs(cumulative[extreme]!);
  let onset = extreme;
  while (Math.abs(cumulative[onset + 1]!) >= wound) onset++;
  let out = onset;
  while (Math.sign(cumulative[out]!) === Math.sign(cumulative[extreme]!)) out++;
  const seconds = (out - onset) / 1000;
  const rad = (TICK_DEG * Math.PI) / 180;
  const omega = (Math.abs(cumulative[out + 20]! - cumulative[out - 20]!) * rad) / 0.04;
  const radius = SQUAT.radius!;
  return { velocity: (radius * wound * rad) / seconds, power: (0.5 * SQUAT.inertia! * omega * omega) / seconds };
}

describe.skipIf(!existsSync(ROOT))('real Chronojump flywheel recordings', () => {
  const squat = 'signal_inertial3/signal_inertial3.txt';
  const CASES: [string, () => SampleBatch, Partial<EngineSettings>][] = [
    ['the angle alone, default settings', () => load(squat), SQUAT],
    ['a debug CSV with raw rate columns, default settings', () => asDebugCsv(load(squat)), SQUAT],
    ['a debug CSV with raw rate columns, both calc flags on', () => asDebugCsv(load(squat)), { ...SQUAT, calcAngularVelocity: true, calcAngularAcceleration: true }],
  ];

  it.each(CASES)('measures the 9 reps of the flywheel squat from %s as the ticks say (velocity within 8 %%, power within 20 %%)', (_, batch, settings) => {
    const cumulative = ticks(squat);
    const out = reprocess(batch(), settings, { points: true });
    expect(out.skipped).toBe(0);
    expect(out.reps).toHaveLength(9);
    const off = out.reps.flatMap((rep) => {
      const truth = concentricFromTicks(cumulative, Math.round(out.points.timeUs[rep.start]! / 1000));
      const [v, p] = [rep.concentric.velocity / truth.velocity - 1, rep.concentric.power / truth.power - 1];
      return Math.abs(v) <= 0.08 && Math.abs(p) <= 0.2 ? [] : [`rep ${rep.index}: velocity ${(100 * v).toFixed(1)} %, power ${(100 * p).toFixed(1)} %`];
    });
    expect(off).toEqual([]);
  });

  it('takes every rep\'s concentric peak power, and every concentric figure, from its concentric samples alone', () => {
    // Each rep's pull as the recording has it, then from 100 ms after its turn (beyond the
    // filter's 50 ms and a block of the power fits) a return at the speed the disc had there,
    // nothing like the recorded one: the turn and the pull must come out exactly as before.
    const batch = load(squat);
    const whole = reprocess(batch, SQUAT, { points: true });
    expect(whole.turns).toHaveLength(9);
    const changed = whole.turns.map((turn) => {
      const from = batch.timeUs.findIndex((us) => us >= whole.points.timeUs[turn.turn]! + 100_000);
      const speed = (batch.angleDeg[from]! - batch.angleDeg[from - 20]!) / 20;
      const angleDeg = Float64Array.from(batch.angleDeg, (a, i) => (i < from ? a : batch.angleDeg[from]! + speed * Math.min(i - from, 600)));
      const variant = reprocess({ timeUs: batch.timeUs, angleDeg }, SQUAT);
      const same = variant.turns.find((t) => t.index === turn.index);
      return same !== undefined && JSON.stringify(same.concentric) === JSON.stringify(turn.concentric) ? [] : [`rep ${turn.index}: ${JSON.stringify(same?.concentric)} vs ${JSON.stringify(turn.concentric)}`];
    });
    expect(changed.flat()).toEqual([]);
  });

  it('treats a stretch of missed encoder counts as a glitch, not as braking: the rep it falls in reads as with those counts repaired', () => {
    // Two stretches of 60 ms where the tick rate halves and recovers, 30-90 ms and 130-190 ms
    // after the turn at 18.06 s: they would take about 6 kN of rope force. Repaired: each
    // stretch's ticks made uniform at the rate of the 100 ms before it.
    const ticksPerMs = readFileSync(join(ROOT, squat), 'utf8').split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
    const repaired = [...ticksPerMs];
    for (const [from, to] of [[18_090, 18_150], [18_190, 18_250]] as const) {
      const rate = ticksPerMs.slice(from - 100, from).reduce((a, b) => a + b, 0) / 100;
      for (let i = from; i < to; i++) repaired[i] = Math.floor((i + 1 - from) * rate) - Math.floor((i - from) * rate);
    }
    let sum = 0;
    const angles = (ticks: number[]) => Float64Array.from(ticks, (tick) => (sum += tick) * TICK_DEG);
    const timeUs = Float64Array.from(ticksPerMs, (_, i) => i * 1000);
    const [original, fixed] = [ticksPerMs, repaired].map((ticks) => {
      sum = 0;
      return reprocess({ timeUs, angleDeg: angles(ticks) }, SQUAT, { points: true });
    });
    const rep = (out: typeof original) => out.reps.find((r) => Math.abs(out.points.timeUs[r.turn]! / 1e6 - 18.06) < 0.05)!;
    const [a, b] = [rep(original!), rep(fixed!)];
    expect(Math.abs(a.concentric.peakPower / b.concentric.peakPower - 1)).toBeLessThan(0.1);
    expect(Math.abs(a.eccentric.peakPower / b.eccentric.peakPower - 1)).toBeLessThan(0.1);
    // It read 402 W against 235-357 W for the others when the power fits reached across the turn.
    const others = original!.reps.filter((r) => r !== a && r.index > 0).map((r) => r.concentric.peakPower);
    expect(a.concentric.peakPower).toBeLessThan(Math.max(...others));
  });

  it('puts the turning points where Chronojump cut its windows (peak speed, 7.610 s and 9.815 s)', () => {
    const out = reprocess(load('signal_inertial3/signal_inertial3.txt'), SQUAT, { points: true });
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
    // The push ends within 100 ms of the closing point, which the filter holds back 50 ms and
    // the 4-point buffer 7.5 ms; where a flywheel creeping tick by tick stopped is uncertain
    // by a few ticks (tens of ms).
    expect(arrivals[8]!).toBeGreaterThan(24.626 + 0.5);
    expect(arrivals[8]!).toBeLessThan(24.626 + 0.5 + 0.1 + 0.0575 + 0.03);
  });

  it.each([
    ['signal_inertial.txt', 7],
    ['smooth-by-change-pos/set.txt', 9],
  ])('counts the reps of %s as its turning points say (%i)', (file, reps) => {
    expect(reprocess(load(file)).reps).toHaveLength(reps);
  });

  it('agrees with the oracle on every recording', () => {
    for (const file of ['signal_inertial.txt', 'smooth-by-change-pos/set.txt', 'signal_inertial3/signal_inertial3.txt']) {
      const batch = load(file);
      expectAgree(reprocess(batch, SQUAT, { points: true }), referenceReprocess(batch, SQUAT, { points: true }), SQUAT);
    }
  });

  // A steady tick rate leaves blocks whose power is 0 but for rounding; window.rs `repair` once
  // decided by their sign, and rep 0's eccentric peak power read 128.626 W, then 128.584 W.
  it('gives the same peak powers when the angles move by 1e-12°, far below any encoder tick', () => {
    const batch = load('signal_inertial3/signal_inertial3.txt');
    const moved = { ...batch, angleDeg: batch.angleDeg.map((a, i) => a + 1e-12 * Math.sin(i)) };
    const peaks = (b: SampleBatch) => reprocess(b, SQUAT).reps.flatMap((r) => [r.concentric.peakPower, r.eccentric.peakPower]);
    const [before, after] = [peaks(batch), peaks(moved)];
    expect(after).toHaveLength(before.length);
    after.forEach((p, k) => expect(Math.abs(p - before[k]!)).toBeLessThanOrEqual(1e-9 * Math.abs(before[k]!)));
  });
});

/**
 * Open Rowing Monitor's recordings (that folder's README): rowing machines' flywheels, one
 * number a line, the seconds between two impulses of a magnet passing a sensor, k impulses a
 * revolution. Real, irregular timing (uneven magnet spacing, strokes, pauses of up to 75 s, a
 * leading idle of 116 s), and a flywheel that only ever turns one way, so no phase ever turns:
 * the whole session winds the rope, and no rep may be invented.
 */
const ROWING = join(REAL, 'laberning__openrowingmonitor/recordings');

describe.skipIf(!existsSync(ROWING))('real rowing-machine flywheel impulses', () => {
  const MACHINES: [string, number][] = [
    ['Concept2_RowErg_Session_2000meters.csv', 6],
    ['DKNR320.csv', 1],
    ['RX800.csv', 4],
    ['WRX700_2magnets.csv', 2],
    ['WRX700_2magnets_session.csv', 2],
  ];
  const MAX_GAP_S = MAX_GAP_US / 1e6; // a longer interval is a pause, left empty

  it.each(MACHINES)('follows the flywheel of %s (%i impulses a revolution) at 100, 200 and 500 Hz', (file, perRevolution) => {
    const intervals = readFileSync(join(ROWING, file), 'utf8').split('\n').filter((line) => line.trim() !== '').map(Number);
    let [t, angle] = [0, 0];
    const batch = {
      timeUs: Float64Array.from(intervals, (dt) => (t += dt * 1e6)),
      angleDeg: Float64Array.from(intervals, () => (angle += 360 / perRevolution)),
    };
    // Truth from the impulses alone: the turns made outside pauses, and the fastest revolution
    // (its angle over the sum of its intervals), the flywheel's peak speed as the sensor sees it.
    const moving = intervals.slice(1).filter((dt) => dt <= MAX_GAP_S).length * (360 / perRevolution);
    let fastest = 0;
    for (let i = perRevolution; i < intervals.length; i++) {
      const revolution = intervals.slice(i - perRevolution + 1, i + 1);
      if (Math.max(...revolution) <= MAX_GAP_S) fastest = Math.max(fastest, (2 * Math.PI) / revolution.reduce((a, b) => a + b));
    }
    for (const hz of [100, 200, 500]) {
      const out = reprocess(batch, { hz }, { points: true });
      expect(out.skipped).toBe(0);
      expect(out.reps).toHaveLength(0);
      let [peak, turned] = [0, 0];
      for (const omega of out.points.angularVelocity) {
        peak = Math.max(peak, Math.abs(omega));
        turned += (omega * 180) / Math.PI / hz;
      }
      expect(Math.abs(turned / moving - 1), `${hz} Hz: ${turned.toFixed(0)}° turned, ${moving.toFixed(0)}° counted`).toBeLessThan(0.002);
      expect(Math.abs(peak / fastest - 1), `${hz} Hz: peak ${peak.toFixed(2)} rad/s, fastest revolution ${fastest.toFixed(2)}`).toBeLessThan(0.02);
    }
  });
});
