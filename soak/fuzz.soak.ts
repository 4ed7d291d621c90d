/**
 * `npm run soak`, part 2: the long fuzz — 100 000 random and mutated notifications
 * per firmware format through the sample stream and on through the engine (every rep and turn held
 * to the rope's physical limits, tests/unit/fuzzReps.ts), and 20 000 random and mutated debug CSVs
 * through the import path — recorded in bench/results.json under "fuzz". The unit suite runs the
 * same fuzzers with a fixed seed and fewer inputs.
 */
import { expect, it } from 'vitest';
import { fuzzNotifications } from '../src/device/testing/notificationFuzz';
import { fuzzDebugCsvs } from '../src/csv/testing/csvFuzz';
import { record } from '../bench/record';
import { fuzzReps } from '../tests/unit/fuzzReps';

it('100 000 notifications per format and 20 000 debug CSVs: nothing escapes, every bad input has its message', async () => {
  const seed = Date.now() % 1_000_000;
  const engine = fuzzReps();
  const records = fuzzNotifications('records', 100_000, seed, engine.sinks);
  const legacy = fuzzNotifications('legacy', 100_000, seed, engine.sinks);
  const reps = engine.report;
  const csv = await fuzzDebugCsvs(20_000, seed);
  const failures = [...records.failures, ...legacy.failures, ...csv.failures];
  record('fuzz', {
    recordsNotifications: { value: records.notifications, unit: 'notifications', target: '≥ 100000', met: records.notifications >= 100_000, note: `${records.mutated} mutated; warnings ${JSON.stringify(records.warnings)}` },
    legacyNotifications: { value: legacy.notifications, unit: 'notifications', target: '≥ 100000', met: legacy.notifications >= 100_000, note: `${legacy.mutated} mutated; warnings ${JSON.stringify(legacy.warnings)}` },
    debugCsvs: { value: csv.files, unit: 'files', note: `${csv.imported} imported, ${csv.refused} refused with their message` },
    beyondRopeLimits: {
      value: reps.beyond.length,
      unit: 'reps and turns',
      target: '= 0',
      met: reps.beyond.length === 0,
      note: `of ${reps.reps} reps and ${reps.turns} turns the engine published from both formats (fastest concentric ${reps.fastest.toFixed(2)} m/s, shortest ${Number.isFinite(reps.shortest) ? reps.shortest.toFixed(3) : '-'} s); ${reps.rejected} samples rejected as glitches, ${reps.refused} rep candidates refused${reps.beyond.length > 0 ? `; first: ${reps.beyond[0]}` : ''}`,
    },
    failures: { value: failures.length, unit: 'failures', target: '= 0', met: failures.length === 0, note: `seed ${seed}${failures.length > 0 ? `; first: ${failures[0]}` : ''}` },
  });
  expect(failures.slice(0, 5)).toEqual([]);
  expect(reps.beyond.slice(0, 5)).toEqual([]);
});
