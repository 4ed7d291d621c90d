/**
 * The server's clock minus this device's (docs/sync.md §2, §8), measured from each reply's
 * `serverTime` against the middle of its round trip: the edit clock stamps by it, so that an edit
 * made on a phone whose clock is off still takes its place among the team's.
 *
 * A reply's estimate errs by at most half its round trip, so the offset comes from the reply with
 * the shortest round trip lately. A later reply with a longer one gives way to it, unless the two
 * disagree by more than both errors together: then the device's clock was changed, and the later
 * one stands. After `OFFSET_KEPT_MS` any later reply stands: the clock may have been changed
 * meanwhile by less than the errors show.
 */

/** How long a measurement stands against later ones with longer round trips. */
export const OFFSET_KEPT_MS = 10 * 60_000;

/** What one reply says the offset is: the server's time minus the middle of the round trip, ms. */
export function offsetEstimate(serverTime: number, sentAt: number, receivedAt: number): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

export interface ClockOffset {
  /** The server's clock minus this device's, ms. */
  readonly ms: number;
  /** One reply's `serverTime`, with when its request was sent and its reply received by this device's clock. */
  measure(serverTime: number, sentAt: number, receivedAt: number): void;
  /** Keeps the offset, but the next reply sets it whatever its round trip (another server's clock is coming). */
  remeasure(): void;
  /** No offset and nothing measured (outside a team). */
  clear(): void;
}

/** Starts from `startMs` (the offset kept from an earlier visit); `onChange` hears every offset set. */
export function createClockOffset(startMs: number, onChange: (ms: number) => void): ClockOffset {
  let offset = startMs;
  let best: { roundTrip: number; at: number } | null = null;
  return {
    get ms() {
      return offset;
    },
    measure(serverTime, sentAt, receivedAt) {
      const roundTrip = Math.max(0, receivedAt - sentAt);
      const estimate = offsetEstimate(serverTime, sentAt, receivedAt);
      if (best !== null && roundTrip > best.roundTrip && receivedAt - best.at < OFFSET_KEPT_MS && Math.abs(estimate - offset) <= (roundTrip + best.roundTrip) / 2 + 1) return;
      best = { roundTrip, at: receivedAt };
      offset = estimate;
      onChange(offset);
    },
    remeasure() {
      best = null;
    },
    clear() {
      offset = 0;
      best = null;
      onChange(0);
    },
  };
}
