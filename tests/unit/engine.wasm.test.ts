/**
 * The wasm engine through its public API: shapes, errors with context, memory hygiene.
 * Physics goldens live in the Rust tests; agreement with the oracle in
 * engine.oracle.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { EngineSettings, wasmMemory } from '../../src/engine/glue';
import { createEngine, reprocess, type PhaseSummary, type SampleBatch } from '../../src/engine';
import { ENGINE_DEFAULTS } from '../../src/engine/ranges';
import { synthesizeSet } from '../../src/device/simulation/physics';

/** Rope wound 900° → out → 900° the other way in 2 s (cosine), with 0.5 s still at each end, 1 kHz. */
function oneRep(): SampleBatch {
  const n = 3000;
  const timeUs = new Float64Array(n);
  const angleDeg = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = Math.min(Math.max(i / 1000 - 0.5, 0), 2);
    timeUs[i] = i * 1000;
    angleDeg[i] = 900 * Math.cos((Math.PI / 2) * t);
  }
  return { timeUs, angleDeg };
}

describe('the wasm engine', () => {
  it('publishes each concentric at its turn, an eccentric before its rep closes, with the rep’s own figures (peak power: so far)', () => {
    const set = synthesizeSet({ reps: 5, seed: 4, inertia: 0.05, restAfterS: 1.5 });
    const engine = createEngine({ inertia: 0.05 });
    const seen: { kind: 'turn' | 'rep'; index: number; at: number; concentric: PhaseSummary }[] = [];
    for (let i = 0; i < set.timeUs.length; i += 5) {
      const update = engine.push({ timeUs: Float64Array.from(set.timeUs.slice(i, i + 5)), angleDeg: Float64Array.from(set.angleDeg.slice(i, i + 5)) });
      for (const t of update.turns) seen.push({ kind: 'turn', index: t.index, at: i, concentric: t.concentric });
      for (const r of update.reps) seen.push({ kind: 'rep', index: r.index, at: i, concentric: r.concentric });
    }
    engine.dispose();
    const turns = seen.filter((e) => e.kind === 'turn');
    const reps = seen.filter((e) => e.kind === 'rep');
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2, 3, 4]);
    expect(reps.map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
    for (const rep of reps) {
      const turn = turns[rep.index]!;
      // Peak power is the peak so far at the turn: the smoothed power centred on the pull's last
      // 0.2–0.45 s comes later (engine-rs/src/reps.rs), and the rep has it.
      expect({ ...turn.concentric, peakPower: 0 }).toEqual({ ...rep.concentric, peakPower: 0 });
      expect(turn.concentric.peakPower).toBeLessThanOrEqual(rep.concentric.peakPower);
      // The turn comes while the eccentric is still under way: at least 0.3 s of samples earlier.
      expect(rep.at - turn.at).toBeGreaterThan(0.3 * 200);
    }
  });

  it('starts from the defaults pkg/settings.json gives the app before the engine loads', () => {
    const wasm = new EngineSettings();
    const fromEngine = Object.fromEntries(Object.keys(ENGINE_DEFAULTS).map((key) => [key, wasm[key as keyof typeof ENGINE_DEFAULTS]]));
    wasm.free();
    expect(fromEngine).toEqual(ENGINE_DEFAULTS);
  });

  it('reprocesses a session into points on the grid and one rep', () => {
    const out = reprocess(oneRep(), {}, { points: true });
    expect(out.points.timeUs).toBeInstanceOf(Float64Array);
    expect(out.points.timeUs.length).toBe(600); // 3 s at 200 Hz
    expect(out.points.timeUs[1]).toBe(5000);
    expect(out.reps).toHaveLength(1);
    const rep = out.reps[0]!;
    expect(rep.count).toBe(0); // the first rep is the warmup
    // r·Δθ/T = 0.014 m × 900° in rad / 1 s
    expect(rep.concentric.velocity).toBeCloseTo(0.014 * (900 * Math.PI) / 180, 2);
    expect(rep.start).toBeLessThan(rep.turn);
    expect(rep.turn).toBeLessThan(rep.end);
  });

  it('gives the same points and reps pushed in batches as reprocessed at once', () => {
    const batch = oneRep();
    const whole = reprocess(batch, {}, { points: true });
    const engine = createEngine({}, { points: true });
    const times: number[] = [];
    const reps = [];
    for (let i = 0; i < batch.timeUs.length; i += 137) {
      const u = engine.push({ timeUs: batch.timeUs.subarray(i, i + 137), angleDeg: batch.angleDeg.subarray(i, i + 137) });
      times.push(...u.points.timeUs);
      reps.push(...u.reps);
    }
    const finished = engine.finish();
    times.push(...finished.points.timeUs);
    reps.push(...finished.reps);
    engine.dispose();
    expect(times).toEqual([...whole.points.timeUs]);
    expect(reps).toEqual(whole.reps);
  });

  it('counts dropped samples whose time goes backwards or that are not finite', () => {
    const out = reprocess({ timeUs: Float64Array.of(0, 5000, 4000, 10000, NaN), angleDeg: Float64Array.of(0, 1, 1, Infinity, 1) }, {}, { points: true });
    expect(out.skipped).toBe(3);
    expect([...out.points.timeUs]).toEqual([0, 5000]);
  });

  it('gives an empty result for fewer than two samples', () => {
    const out = reprocess({ timeUs: Float64Array.of(7), angleDeg: Float64Array.of(1) }, {}, { points: true });
    expect(out.points.velocity.length).toBe(0);
    expect(out.reps).toEqual([]);
  });

  it('rejects bad settings with the engine message and the settings', () => {
    expect(() => createEngine({ hz: 0 })).toThrow(/hz must be a number from 100 to 1000 Hz: .*\(got 0\).*hz=0/);
    expect(() => reprocess(oneRep(), { warmup: 2.5 })).toThrow(/warmup must be 1, 2 or 3/);
    expect(() => createEngine({ radius: -1 })).toThrow(/radius must be/);
    expect(() => createEngine({ hz: '200' as unknown as number })).toThrow(/hz must be a number/);
  });

  it('rejects arrays of different lengths naming them, and stays usable', () => {
    const engine = createEngine();
    expect(() => engine.push({ timeUs: Float64Array.of(0, 1), angleDeg: Float64Array.of(0) })).toThrow(
      /as many entries as timeUs \(got 1\) \(timeUs 2, angleDeg 1\)/,
    );
    engine.push({ timeUs: Float64Array.of(0, 5000), angleDeg: Float64Array.of(0, 1) });
    // The filter holds the points back for want of later ones, until finish.
    expect(engine.finish().pointCount).toBe(2);
    engine.dispose();
  });

  it('refuses device data in a later batch when the first had none', () => {
    const engine = createEngine();
    engine.push({ timeUs: Float64Array.of(0), angleDeg: Float64Array.of(0) });
    const later = { timeUs: Float64Array.of(5000), angleDeg: Float64Array.of(1), angularVelocity: Float64Array.of(1) };
    expect(() => engine.push(later)).toThrow(/in every batch of a session or in none/);
    engine.dispose();
  });

  it('refuses to be used after finish or dispose', () => {
    const engine = createEngine();
    engine.finish();
    expect(() => engine.finish()).toThrow(/has finished/);
    engine.dispose();
    expect(() => engine.push(oneRep())).toThrow(/disposed/);
  });

  it('uses the device angular velocity when asked to, and computes it from the angle otherwise', () => {
    // The angle rises 0.5° per 5 ms (100°/s) while the device says 7 rad/s.
    const timeUs = Float64Array.from({ length: 200 }, (_, i) => i * 5000);
    const angleDeg = Float64Array.from({ length: 200 }, (_, i) => i * 0.5);
    const angularVelocity = new Float64Array(200).fill(7);
    const device = reprocess({ timeUs, angleDeg, angularVelocity }, { calcAngularVelocity: false }, { points: true });
    for (const w of device.points.angularVelocity) expect(w).toBeCloseTo(7, 9);
    const computed = reprocess({ timeUs, angleDeg, angularVelocity }, { calcAngularVelocity: true }, { points: true });
    expect(computed.points.angularVelocity[100]).toBeCloseTo((100 * Math.PI) / 180, 9);
  });

  it('reprocesses a long session in pieces: the reps of one push, without growing wasm memory by the session', async () => {
    // The memory of the build the facade loaded (src/engine/glue.ts).
    const memory = wasmMemory() as WebAssembly.Memory;
    // 1 000 s at 1 kHz (16 MB of samples): a rep every 4 s, as in the benchmark.
    const n = 1_000_000;
    const batch: SampleBatch = { timeUs: new Float64Array(n), angleDeg: new Float64Array(n) };
    for (let i = 0; i < n; i++) {
      const t = i / 1000;
      const cycle = Math.floor(t / 4);
      batch.timeUs[i] = i * 1000;
      batch.angleDeg[i] = (cycle % 2 === 0 ? 1 : -1) * 900 * Math.cos((Math.PI / 2) * Math.min((t - 4 * cycle) / 1.5, 2));
    }
    const before = memory.buffer.byteLength;
    const pieces = reprocess(batch, { inertia: 0.05 });
    expect(memory.buffer.byteLength - before).toBeLessThan(2 ** 21);
    expect(pieces.reps.length).toBeGreaterThan(240);
    const engine = createEngine({ inertia: 0.05 });
    const once = engine.push(batch);
    const last = engine.finish();
    engine.dispose();
    expect(pieces.reps).toEqual([...once.reps, ...last.reps]);
    expect(pieces.turns).toEqual([...once.turns, ...last.turns]);
    expect(pieces.pointCount).toBe(once.pointCount + last.pointCount);
  });

  it('does not grow memory over many reprocess calls, including failing ones', async () => {
    // The memory of the build the facade loaded (src/engine/glue.ts).
    const memory = wasmMemory() as WebAssembly.Memory;
    const batch = oneRep();
    for (let i = 0; i < 20; i++) reprocess(batch, {}, { points: true });
    const before = memory.buffer.byteLength;
    for (let i = 0; i < 200; i++) {
      reprocess(batch, {}, { points: true });
      expect(() => reprocess({ ...batch, angleDeg: batch.angleDeg.subarray(1) })).toThrow();
    }
    expect(memory.buffer.byteLength).toBe(before);
  });
});
