import { describe, expect, it } from 'vitest';
import { fuzzDebugCsvs } from './csvFuzz';

// A fixed seed keeps the unit suite repeatable; `npm run soak` runs the long version.
describe('fuzzed debug CSVs through the import path', () => {
  it('are each imported as samples the engine accepts or refused with a message that says where', async () => {
    const report = await fuzzDebugCsvs(1_500, 14);
    expect(report.failures.slice(0, 5)).toEqual([]);
    expect(report.files).toBe(1_500);
    // Both outcomes were met: the mutations made bad files and left some good ones.
    expect(report.refused).toBeGreaterThan(300);
    expect(report.imported).toBeGreaterThan(50);
  });
});
