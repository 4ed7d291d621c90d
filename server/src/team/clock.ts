/**
 * How far ahead of the server's clock an edit's stamp may be (docs/sync.md "Clocks"). A device
 * stamps edits by its own clock corrected by the offset it learns from each response's
 * `serverTime`; a stamp further ahead than this would win over every edit made on correct clocks
 * until real time caught up with it, so the server refuses the record (`clock-ahead`) and the
 * device stamps its unsent edits again by the server's time.
 */
import { parseStamp } from '../../../src/log/stamp';

/** Five minutes: more than a phone's clock drifts between two syncs, far less than a wrong time zone. */
export const CLOCK_TOLERANCE_MS = 5 * 60_000;

/** The first of `stamps` more than the tolerance ahead of `serverTime`, or null. */
export function stampAhead(stamps: Iterable<string>, serverTime: number): string | null {
  for (const stamp of stamps) if (parseStamp(stamp).ms > serverTime + CLOCK_TOLERANCE_MS) return stamp;
  return null;
}
