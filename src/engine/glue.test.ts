import { describe, expect, it } from 'vitest';
import { HARD_BRAKING, HEAVY_SLOW, LIGHT_FAST, truthSession, type SetSpec } from '../../tests/unit/flywheelTruth';
import { HEADER } from './generated/records';
import { loadGlue, type Glue } from './glue';
import { resolveSettings } from './settings';
import type { EngineSettings, SampleBatch } from './types';

/**
 * The engine's two builds (glue.ts) must be one engine: every number each gives back (each
 * call's header and records, every point column at the end) equal bit for bit, on sessions that
 * look like sensors (noise, ticks, jitter, hard stops, the device's own rates, glitches) at grid
 * rates from 100 to 1 000 Hz, pushed in odd-sized pieces as a live session is.
 */

const HEADER_LENGTH = Object.keys(HEADER).length;

/** Every number `glue`'s engine gives for `batch` pushed in pieces of `piece` samples, in order. */
function outputs(glue: Glue, batch: SampleBatch, settings: Partial<EngineSettings>, piece: number): Float64Array[] {
  const wasmSettings = Object.assign(new glue.EngineSettings(), resolveSettings(settings));
  const engine = new glue.LiveEngine(wasmSettings, true);
  wasmSettings.free();
  const got: Float64Array[] = [];
  const memory = () => new Float64Array((glue.wasmMemory() as WebAssembly.Memory).buffer);
  const read = () => {
    const n = memory();
    const h = engine.header / 8;
    // The counts, not where the records are: an address depends on what the module allocated before.
    got.push(n.slice(h, h + HEADER_LENGTH).map((x, k) => (k === HEADER.recordsAt ? 0 : x)));
    got.push(n.slice(n[h + HEADER.recordsAt]! / 8, n[h + HEADER.recordsAt]! / 8 + n[h + HEADER.recordsLength]!));
  };
  try {
    const columns = [batch.timeUs, batch.angleDeg, batch.angularVelocity, batch.angularAcceleration].filter((c) => c !== undefined);
    for (let from = 0; from < batch.timeUs.length; from += piece) {
      const to = Math.min(batch.timeUs.length, from + piece);
      let at = engine.input(columns.length * (to - from)) / 8;
      for (const column of columns) {
        memory().set(Float64Array.from(column.slice(from, to)), at);
        at += to - from;
      }
      const rates = (c: ArrayLike<number> | undefined) => (c === undefined ? undefined : to - from);
      expect(engine.push(to - from, to - from, rates(batch.angularVelocity), rates(batch.angularAcceleration)), engine.error()).toBe(true);
      read();
    }
    expect(engine.finish(), engine.error()).toBe(true);
    read();
    const points = engine.takePoints();
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(Object.getPrototypeOf(points)))) {
      if (typeof d.get === 'function' && name !== 'constructor') got.push(Float64Array.from(points[name as keyof typeof points] as ArrayLike<number>));
    }
    points.free();
    return got;
  } finally {
    engine.free();
  }
}

/** `batch` with the device's ω and α: the raw angle's differences, as a unit's firmware gives them. */
function withDeviceRates(batch: SampleBatch): SampleBatch {
  const n = batch.timeUs.length;
  const omega = new Float64Array(n);
  const alpha = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    const dt = (batch.timeUs[i]! - batch.timeUs[i - 1]!) / 1e6;
    omega[i] = ((batch.angleDeg[i]! - batch.angleDeg[i - 1]!) * Math.PI) / 180 / dt;
    alpha[i] = (omega[i]! - omega[i - 1]!) / dt;
  }
  return { ...batch, angularVelocity: omega, angularAcceleration: alpha };
}

/** `batch` with a burst of wild readings in every 997th sample's neighbourhood and a 2 s gap in the middle. */
function withGlitches(batch: SampleBatch): SampleBatch {
  const angleDeg = Float64Array.from(batch.angleDeg);
  for (let i = 500; i + 3 < angleDeg.length; i += 997) for (let k = 0; k < 3; k++) angleDeg[i + k] = angleDeg[i + k]! + (k % 2 === 0 ? 120 : -120);
  const timeUs = Float64Array.from(batch.timeUs, (t, i) => (i >= batch.timeUs.length / 2 ? t + 2e6 : t));
  return { timeUs, angleDeg };
}

const SETS: SetSpec[] = [HEAVY_SLOW, { ...LIGHT_FAST, braking: HARD_BRAKING }];
const SENSORS = [
  { rawHz: 100, noiseDeg: 0.6, tickDeg: 0, jitterMs: 2 },
  { rawHz: 200, noiseDeg: 0.2, tickDeg: 0, jitterMs: 1 },
  { rawHz: 1000, noiseDeg: 0, tickDeg: 1.8, jitterMs: 0.2 },
];

describe('the SIMD build and the plain build', () => {
  it('validate as two different modules of one engine', async () => {
    const [plain, simd] = await Promise.all([loadGlue(false), loadGlue(true)]);
    expect(plain).not.toBe(simd);
    expect(Object.keys(plain).sort()).toEqual(Object.keys(simd).sort());
  });

  for (const set of SETS) {
    for (const sensor of SENSORS) {
      for (const hz of [100, 200, 500, 1000]) {
        it(`give the same bits: ${set.name}${set.braking ? ', hard braking' : ''}, ${sensor.rawHz} Hz sensor, ${hz} Hz grid`, async () => {
          const [plain, simd] = await Promise.all([loadGlue(false), loadGlue(true)]);
          const session = truthSession(set, sensor, hz);
          const settings = { ...session.settings, hz };
          for (const [batch, piece] of [
            [session.batch, 4096],
            [withDeviceRates(session.batch), 97],
            [withGlitches(session.batch), 333],
          ] as const) {
            const [a, b] = [outputs(plain, batch, settings, piece), outputs(simd, batch, settings, piece)];
            expect(b.length).toBe(a.length);
            a.forEach((numbers, k) => {
              const same = numbers.length === b[k]!.length && numbers.every((x, i) => Object.is(x, b[k]![i]));
              if (!same) expect.fail(`output ${k} of ${a.length} differs (${numbers.length} and ${b[k]!.length} numbers)`);
            });
            expect(a.at(-1)!.length).toBeGreaterThan(0);
          }
        });
      }
    }
  }
});
