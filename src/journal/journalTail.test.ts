import { describe, expect, it } from 'vitest';
import type { LoadedSession } from './records';
import { createMemoryStorage } from '../platform/storage';
import { dropTail, missingFrom, readTail, saveTail, TAIL_KEY, withTail, type JournalTail } from './journalTail';

/** A stored session of samples at `times` (angles equal to the times / 1000) with `gaps`. */
function stored(times: number[], gaps: { fromUs: number; toUs: number }[] = []): LoadedSession {
  return {
    meta: {} as LoadedSession['meta'],
    samples: { timeUs: Float64Array.from(times), angleDeg: Float64Array.from(times, (t) => t / 1000) },
    gaps,
    chunks: 1,
  };
}

const tail = (times: number[], gaps: JournalTail['gaps'] = []): JournalTail => ({ sessionId: 's', timeUs: times, angleDeg: times.map((t) => t / 1000), gaps });

describe('the journal tail', () => {
  it('survives a round trip through storage and is gone once dropped', () => {
    const port = createMemoryStorage();
    saveTail(port, tail([1, 2], [{ fromUs: 0.5, toUs: 1 }]));
    expect(readTail(port)).toEqual(tail([1, 2], [{ fromUs: 0.5, toUs: 1 }]));
    dropTail(port);
    expect(readTail(port)).toBeNull();
  });

  it('refuses a stored value that is not a tail', () => {
    const port = createMemoryStorage();
    port.write(TAIL_KEY, JSON.stringify({ sessionId: 's', timeUs: [1, 2], angleDeg: [1] }));
    expect(() => readTail(port)).toThrow('the saved end of the last session (repline.journal.tail.v1) is not readable');
  });

  it('adds only the samples later than the last stored one, so a write that landed is not doubled', () => {
    const missing = missingFrom(stored([10, 20, 30]), tail([20, 30, 40, 50]));
    expect(missing.timeUs).toEqual([40, 50]);
    expect(Array.from(withTail(stored([10, 20, 30]), missing).samples.timeUs)).toEqual([10, 20, 30, 40, 50]);
  });

  it('adds nothing from a tail written at an earlier tab switch', () => {
    expect(missingFrom(stored([10, 20, 30, 40]), tail([20, 30]))).toEqual({ timeUs: [], angleDeg: [], gaps: [] });
  });

  it('adds the gaps among the missing samples that the store lacks', () => {
    const gap = { fromUs: 30, toUs: 3_000 };
    const missing = missingFrom(stored([10, 20, 30]), tail([30, 3_000], [gap]));
    expect(missing.gaps).toEqual([gap]);
    expect(missingFrom(stored([10, 30, 3_000], [gap]), tail([30, 3_000], [gap])).gaps).toEqual([]);
  });
});
