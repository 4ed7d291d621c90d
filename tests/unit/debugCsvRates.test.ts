/**
 * The debug CSV carries the rates the engine used: exported from a session whose ω and α were
 * computed from the angle, and imported with the calc flags off (so the engine uses the file's
 * columns), it gives back the same reps with the same figures.
 */
import { expect, it } from 'vitest';
import { reprocess } from '../../src/engine';
import { buildDebugCsv, parseDebugCsv } from '../../src/csv';
import { ratesAtSamples } from '../../src/csv/ratesAtSamples';
import { HEAVY_SLOW, LIGHT_FAST, truthSession } from './flywheelTruth';

it.each([HEAVY_SLOW, LIGHT_FAST])('fills the rate columns so that an import with the calc flags off reproduces the $name', async (set) => {
  const session = truthSession(set, { rawHz: 500, noiseDeg: 0.6, tickDeg: 1.8, jitterMs: 1 });
  const original = reprocess(session.batch, session.settings, { points: true });
  const csv = buildDebugCsv({ ...session.batch, ...ratesAtSamples(session.batch.timeUs, original.points) });
  const imported = (await parseDebugCsv(csv)).samples;
  expect(imported.angularVelocity).toBeDefined();
  const again = reprocess(imported, { ...session.settings, calcAngularVelocity: false, calcAngularAcceleration: false });
  expect(again.reps).toHaveLength(original.reps.length);
  const apart = again.reps.flatMap((rep, k) =>
    (['concentric', 'eccentric'] as const).flatMap((phase) =>
      (['duration', 'velocity', 'peakVelocity', 'acceleration', 'torque', 'power'] as const)
        .filter((f) => Math.abs(rep[phase][f] / original.reps[k]![phase][f] - 1) > 0.02)
        .map((f) => `rep ${k} ${phase} ${f}: ${rep[phase][f]} vs ${original.reps[k]![phase][f]}`),
    ),
  );
  expect(apart).toEqual([]);
});

it('takes the grid points’ value at each sample’s time plus the engine’s lag (ω 1.5 steps, α 2), interpolated inside the grid and held outside it', () => {
  const points = { timeUs: Float64Array.of(10, 20, 30, 40), angularVelocity: Float64Array.of(1, 3, 5, 7), angularAcceleration: Float64Array.of(0, 2, 4, 6) };
  const rates = ratesAtSamples(Float64Array.of(0, 10, 15, 40), points);
  expect([...rates.angularVelocity]).toEqual([2, 4, 5, 7]);
  expect([...rates.angularAcceleration]).toEqual([2, 4, 5, 6]);
});
