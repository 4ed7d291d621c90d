import { describe, expect, it } from 'vitest';
import { fuzzNotifications } from './notificationFuzz';

// A fixed seed keeps the unit suite repeatable; `npm run soak` runs 100 000 per format.
describe.each(['records', 'legacy'] as const)('fuzzed %s notifications', (format) => {
  it('never throw, never hand out a bad sample, and never skip one without a message', () => {
    const report = fuzzNotifications(format, 4_000, 14);
    expect(report.failures.slice(0, 5)).toEqual([]);
    expect(report.notifications).toBeGreaterThanOrEqual(4_000);
    expect(report.mutated).toBeGreaterThan(800);
    // Every kind of trouble was met, so the rules were exercised, not just clean packets.
    for (const kind of ['bad-length', 'non-finite', 'time-not-increasing', 'time-jump', 'clock-break']) {
      expect(report.warnings[kind], kind).toBeGreaterThan(0);
    }
  });
});
