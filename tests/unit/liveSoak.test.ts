/**
 * The soak harness at a small scale: nine minutes with a fault every minute, so every
 * kind of fault is met and the harness's own bookkeeping is checked in CI. `npm run soak` runs the
 * three hours and records the figures in bench/results.json.
 */
import { expect, it } from 'vitest';
import { FAULT_KINDS, runSoak } from '../../soak/liveSoak';

it('keeps every rep and sample through drops, time jumps, clock restarts, storage errors and bad packets', async () => {
  const report = await runSoak({ hours: 0.15, faultEveryS: 60 });
  for (const kind of FAULT_KINDS) expect(report.faults[kind], kind).toBeGreaterThan(0);
  expect(report.repsCutByFaults).toBe(report.faults.drop + report.faults.restart);
  const expected = report.repsPerformed - report.repsCutByFaults;
  expect({ shown: report.repsShown, journaled: report.repsJournaled }).toEqual({ shown: expected, journaled: expected });
  expect(report.samplesLostOtherwise).toBe(0);
  expect(report.samplesJournaled).toBe(report.samplesOnScreen);
  expect(report.storageAlerts).toBe(report.faults.storage);
  expect(report.otherErrors).toEqual([]);
}, 120_000);
