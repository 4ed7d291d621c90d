/**
 * Edits the team server refused as stamped in the future (`clock-ahead`, docs/sync.md §8): this
 * device's clock was ahead when it made them, before it knew the server's offset (a first edit
 * offline, a clock changed since the last sync). Each such stamp of this device's is given the time
 * the edit was made by the server's clock, its stamp moved by the offset now measured, so that an
 * edit made before another device's still comes before it; where that would still be ahead of the
 * server (the clock moved meanwhile), the edit takes the next stamp of the restarted clock. Pure:
 * the caller writes the new stamps into the journal and restarts the edit clock.
 */
import { makeStamp, parseStamp, type Stamp } from '../log/stamp';

export interface RetimeInput {
  /** Every stamp the refused copies carry. */
  stamps: readonly Stamp[];
  /** The ids this device stamps with (its server id, and its own before it joined). */
  ownIds: ReadonlySet<string>;
  /** The server's clock minus this device's, ms, as measured at the refusal. */
  offsetMs: number;
  /** The server's clock at the refusal, ms since the epoch. */
  serverTime: number;
}

/**
 * The new stamp of each of this device's stamps ahead of the server's clock, in the order the
 * old ones had (`next` gives the restarted clock's stamps for those the offset cannot place).
 */
export function retimedStamps(input: RetimeInput, next: () => Stamp): Map<Stamp, Stamp> {
  const ahead = [...new Set(input.stamps)]
    .map((stamp) => ({ stamp, ...parseStamp(stamp) }))
    .filter((s) => input.ownIds.has(s.node) && s.ms > input.serverTime)
    .sort((a, b) => (a.stamp < b.stamp ? -1 : 1));
  const out = new Map<Stamp, Stamp>();
  for (const s of ahead) {
    const ms = Math.round(s.ms + input.offsetMs);
    out.set(s.stamp, ms >= 0 && ms <= input.serverTime ? makeStamp({ ms, count: s.count }, s.node) : next());
  }
  return out;
}
