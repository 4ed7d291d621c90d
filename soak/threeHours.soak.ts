/**
 * `npm run soak`, part 1: three hours at 200 Hz with a fault every three minutes (see
 * liveSoak.ts), recorded in bench/results.json under "soak".
 */
import { expect, it } from 'vitest';
import { record } from '../bench/record';
import { runSoak } from './liveSoak';

it('three hours of live samples with faults: every rep and sample kept, memory and cost flat', async () => {
  let shown = 0;
  const r = await runSoak({
    hours: 3,
    faultEveryS: 180,
    onProgress: (fraction) => {
      if (fraction * 10 >= shown + 1) console.log(`soak: ${(shown = Math.floor(fraction * 10)) * 10} % of 3 h`);
    },
  });
  const expected = r.repsPerformed - r.repsCutByFaults;
  const growth = (values: number[]) => (values.length >= 3 ? (values[2]! - values[0]!) / 2 : Number.NaN);
  const dataMBPerHour = (r.samplesOnScreen / r.hours) * 16 * 2 / 2 ** 20;
  record('soak', {
    faults: { value: Object.values(r.faults).reduce((a, b) => a + b, 0), unit: 'faults', note: JSON.stringify(r.faults) },
    repsExpected: { value: expected, unit: 'reps', note: `${r.repsPerformed} performed − ${r.repsCutByFaults} cut by drops and clock restarts` },
    repsShown: { value: r.repsShown, unit: 'reps', target: `= ${expected}`, met: r.repsShown === expected },
    repsJournaled: { value: r.repsJournaled, unit: 'reps', target: `= ${expected}`, met: r.repsJournaled === expected },
    samplesLostOutsideFaults: { value: r.samplesLostOtherwise, unit: 'samples', target: '= 0', met: r.samplesLostOtherwise === 0, note: `${r.samplesSent} sent, ${r.samplesLostToFaults} lost in the faults' own gaps` },
    samplesJournaledVsShown: { value: r.samplesJournaled - r.samplesOnScreen, unit: 'samples', target: '= 0', met: r.samplesJournaled === r.samplesOnScreen },
    heapGrowthPerHour: { value: growth(r.heapMB), unit: 'MB/h', note: `heap used after GC at each hour: ${r.heapMB.map((m) => m.toFixed(1)).join(', ')} MB` },
    arrayBufferGrowthPerHour: {
      value: growth(r.arrayBuffersMB),
      unit: 'MB/h',
      note: `ArrayBuffers at each hour: ${r.arrayBuffersMB.map((m) => m.toFixed(1)).join(', ')} MB; the recording itself is ${dataMBPerHour.toFixed(1)} MB/h (16 B per sample on screen and again in fake-indexeddb, which a browser keeps on disk)`,
    },
    batchCostHour3VsMinute1: { value: r.batchUsLastMinute / r.batchUsFirstMinute, unit: 'ratio', note: `${r.batchUsFirstMinute.toFixed(1)} µs per notification in minute 1, ${r.batchUsLastMinute.toFixed(1)} µs in the last minute of hour 3` },
  });
  expect(r.repsShown).toBe(expected);
  expect(r.repsJournaled).toBe(expected);
  expect(r.samplesLostOtherwise).toBe(0);
  expect(r.samplesJournaled).toBe(r.samplesOnScreen);
  expect(r.otherErrors).toEqual([]);
});
