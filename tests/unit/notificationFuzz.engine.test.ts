/**
 * The notification fuzz through the engine (the soak runs 100 000 per format): whatever the radio
 * does to the packets, no rep or turn the engine publishes is shorter or faster than a rope can
 * pull (the oracle's plausibleConcentric: the rule of engine-rs/src/reps.rs, plausible_concentric).
 * The engine before the glitch test published 292 and 110 reps from 100 000 records and legacy
 * notifications (seed 1), all but one of each beyond these limits, some at 10⁸ m/s.
 */
import { expect, it } from 'vitest';
import { fuzzNotifications } from '../../src/device/testing/notificationFuzz';
import { fuzzReps } from './fuzzReps';

it.each(['records', 'legacy'] as const)('5 000 fuzzed %s notifications through the engine: no rep beyond the rope\'s limits', (format) => {
  const { sinks, report } = fuzzReps();
  const stream = fuzzNotifications(format, 5_000, 7, sinks);
  expect(stream.failures).toEqual([]);
  expect(report.beyond).toEqual([]);
  // The fuzzed packets carry glitches the engine must set aside, or the test proves nothing.
  expect(report.rejected + report.refused).toBeGreaterThan(0);
});
