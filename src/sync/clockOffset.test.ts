/**
 * The offset meter (clockOffset.ts) on replies whose offsets and round trips are worked out by
 * hand: a reply says the server's time minus the middle of its round trip, and errs by at most
 * half that trip.
 */
import { describe, expect, it } from 'vitest';
import { createClockOffset, OFFSET_KEPT_MS, offsetEstimate } from './clockOffset';

/** A meter from `startMs`, with every offset it set. */
function meter(startMs = 0) {
  const set: number[] = [];
  return { offset: createClockOffset(startMs, (ms) => set.push(ms)), set };
}

describe('the server clock’s offset', () => {
  it('is the server’s time minus the middle of the round trip, rounded to the ms', () => {
    // Sent at 1 000, received at 1 301: the middle is 1 150.5.
    expect(offsetEstimate(10_000, 1_000, 1_301)).toBe(8_850);
    expect(offsetEstimate(500, 1_000, 1_200)).toBe(-600);
  });

  it('starts from the offset kept, and the first reply sets it', () => {
    const { offset, set } = meter(-3_600_000);
    expect(offset.ms).toBe(-3_600_000);
    expect(set).toEqual([]);
    // 200 ms round trip, middle 1 100.
    offset.measure(10_500, 1_000, 1_200);
    expect(offset.ms).toBe(9_400);
    expect(set).toEqual([9_400]);
  });

  it('keeps the reply with the shortest round trip against later ones that agree with it', () => {
    const { offset, set } = meter();
    offset.measure(10_500, 1_000, 1_200); // 9 400 ± 100
    // 600 ms round trip, middle 2 300: 9 700, 300 off, within 100 + 300 + 1.
    offset.measure(12_000, 2_000, 2_600);
    expect(offset.ms).toBe(9_400);
    // 100 ms round trip, middle 3 050: 9 450. Shorter, so it stands.
    offset.measure(12_500, 3_000, 3_100);
    expect(offset.ms).toBe(9_450);
    // As short again (100 ms), middle 4 050: 9 430 stands too.
    offset.measure(13_480, 4_000, 4_100);
    expect(offset.ms).toBe(9_430);
    expect(set).toEqual([9_400, 9_450, 9_430]);
  });

  it('takes a later reply with a longer round trip that disagrees by more than both errors: the device’s clock was changed', () => {
    const { offset } = meter();
    offset.measure(12_500, 3_000, 3_100); // 9 450 ± 50
    // 600 ms round trip, middle 4 300: errors 50 + 300, so 351 off is still the same clock …
    offset.measure(4_300 + 9_450 + 351, 4_000, 4_600);
    expect(offset.ms).toBe(9_450);
    // … and 352 off is not.
    offset.measure(5_300 + 9_450 + 352, 5_000, 5_600);
    expect(offset.ms).toBe(9_802);
  });

  it('takes any later reply once the shortest is ten minutes old', () => {
    const { offset } = meter();
    offset.measure(12_500, 3_000, 3_100); // 9 450, received at 3 100
    const sent = 3_100 + OFFSET_KEPT_MS - 600;
    // 600 ms round trip, 100 ms off: received 1 ms before ten minutes have passed, it gives way …
    offset.measure(sent + 300 + 9_550, sent, sent + 600 - 1);
    expect(offset.ms).toBe(9_450);
    // … received ten minutes after, it stands.
    offset.measure(sent + 300 + 9_550, sent, sent + 600);
    expect(offset.ms).toBe(9_550);
    expect(OFFSET_KEPT_MS).toBe(600_000);
  });

  it('counts a reply received before it was sent (the device’s clock went back) as a round trip of 0', () => {
    const { offset } = meter();
    offset.measure(12_500, 3_000, 3_100);
    // Middle 4 995: 9 005, 445 off; its round trip counts as 0, so it stands whatever it says.
    offset.measure(14_000, 5_000, 4_990);
    expect(offset.ms).toBe(9_005);
    // Its error counts as 0 against later ones: 600 ms round trip, 301 off is within 0 + 300 + 1.
    offset.measure(6_300 + 9_005 + 301, 6_000, 6_600);
    expect(offset.ms).toBe(9_005);
  });

  it('on remeasure keeps the offset until the next reply, which stands whatever its round trip', () => {
    const { offset, set } = meter();
    offset.measure(12_500, 3_000, 3_100); // 9 450
    offset.remeasure();
    expect(offset.ms).toBe(9_450);
    expect(set).toEqual([9_450]);
    // 600 ms round trip, 9 500: it would have given way before.
    offset.measure(4_300 + 9_500, 4_000, 4_600);
    expect(offset.ms).toBe(9_500);
  });

  it('on clear sets no offset, and the next reply stands whatever its round trip', () => {
    const { offset, set } = meter();
    offset.measure(12_500, 3_000, 3_100);
    offset.clear();
    expect(offset.ms).toBe(0);
    expect(set).toEqual([9_450, 0]);
    offset.measure(4_300 + 9_500, 4_000, 4_600);
    expect(offset.ms).toBe(9_500);
  });
});
