import { describe, expect, it } from 'vitest';
import { RESTARTED_CLOCK_GAP_US, SessionTimeline } from './sessionTimeline';

describe('the session timeline', () => {
  it('keeps device times across a link break and marks the gap between the last and the first sample', () => {
    const timeline = new SessionTimeline();
    timeline.place([1_000, 6_000]);
    timeline.interrupt('link');
    expect(timeline.interrupted).toBe(true);
    expect(timeline.place([3_006_000, 3_011_000])).toEqual({ timeUs: [3_006_000, 3_011_000], gap: { fromUs: 6_000, toUs: 3_006_000 } });
    expect(timeline.starts).toEqual([2]);
    expect(timeline.interrupted).toBe(false);
  });

  it('shifts a new connection whose clock is behind to one second after the recording, for the rest of it', () => {
    const timeline = new SessionTimeline();
    timeline.place([80_000_000]);
    timeline.interrupt('connection');
    expect(timeline.place([5_000_000, 5_005_000]).timeUs).toEqual([81_000_000, 81_005_000]);
    timeline.interrupt('link');
    // The same connection's clock, 2 s later: still shifted by 76 s.
    expect(timeline.place([7_005_000])).toEqual({ timeUs: [83_005_000], gap: { fromUs: 81_005_000, toUs: 83_005_000 } });
    expect(timeline.gaps).toEqual([
      { fromUs: 80_000_000, toUs: 80_000_000 + RESTARTED_CLOCK_GAP_US },
      { fromUs: 81_005_000, toUs: 83_005_000 },
    ]);
  });

  it('keeps a new connection whose clock is ahead as it is, and forgets an earlier shift', () => {
    const timeline = new SessionTimeline();
    timeline.place([80_000_000]);
    timeline.interrupt('connection');
    timeline.place([1_000]);
    timeline.interrupt('connection');
    expect(timeline.place([900_000_000]).timeUs).toEqual([900_000_000]);
  });

  it('has nothing to break before the first sample', () => {
    const timeline = new SessionTimeline();
    timeline.interrupt('link');
    expect(timeline.place([1_000])).toEqual({ timeUs: [1_000], gap: null });
    expect(timeline.starts).toEqual([]);
  });

  it('restores the segment starts of a recording from its gaps', () => {
    const timeline = new SessionTimeline();
    timeline.restore(Float64Array.of(1, 2, 3, 10, 11, 20), [
      { fromUs: 3, toUs: 10 },
      { fromUs: 11, toUs: 20 },
    ]);
    expect(timeline.starts).toEqual([3, 5]);
    timeline.interrupt('connection');
    expect(timeline.place([21]).gap).toEqual({ fromUs: 20, toUs: 21 });
    expect(timeline.starts).toEqual([3, 5, 6]);
  });

  it('refuses a recorded gap that ends before it starts', () => {
    expect(() => new SessionTimeline().restore(Float64Array.of(1, 2), [{ fromUs: 2, toUs: 1 }])).toThrow('a gap must end after it starts, got 2 … 1 µs');
  });
});
