/**
 * Edit stamps: which of two edits of one field came later, when the edits were made on devices
 * whose clocks disagree (docs/behaviour.md §10).
 *
 * A stamp is a hybrid logical clock reading (Kulkarni, Demirbas, Madappa, Avva and Leone,
 * "Logical Physical Clocks", OPODIS 2014): the edit's wall-clock milliseconds, a counter for
 * edits that the wall clock cannot tell apart (within one millisecond, or while this device's
 * clock lags a stamp it has already seen), and the id of the device that made it, so that two
 * devices never make the same stamp. A clock never goes back: an edit made after this device
 * has seen another edit's stamp (a restore, a sync) gets a later stamp than it, whatever the
 * wall clock says. That is what keeps a device with a wrong clock from winning silently over
 * edits it has already seen; the wall-clock part is corrected by the offset the team server
 * measures (`offsetMs`), so edits made apart from each other are ordered by the server's clock.
 *
 * Written as fixed-width text, "<ms, 15 digits>-<counter, 6 digits>-<device id>", so that two
 * stamps compare as strings in the order they compare as clock readings (in JSON, in IndexedDB
 * and in SQL alike; the pattern is rules/stamps.ts's, so that rules' parsers can check stamps
 * too). Records kept before stamps existed take `legacyStamp(modifiedAt)`: their last change is
 * the only edit time they know, and device id "" sorts before every device.
 */
import { isStamp, STAMP_PATTERN } from '../rules/stamps';

/** A stamp; compare two with `<` (see the module comment). */
export type Stamp = string;

export { isStamp };

const MS_DIGITS = 15;
const COUNT_DIGITS = 6;
const MAX_COUNT = 10 ** COUNT_DIGITS - 1;
const MAX_MS = 10 ** MS_DIGITS - 1;

export interface ClockReading {
  /** Wall-clock milliseconds since the epoch (corrected by the server's offset where known). */
  ms: number;
  /** Edits within that millisecond before this one. */
  count: number;
}

/** The stamp of `reading` made on device `node`. */
export function makeStamp(reading: ClockReading, node: string): Stamp {
  const { ms, count } = reading;
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_MS) throw new Error(`a stamp's time must be whole milliseconds from 0 to ${MAX_MS}, got ${ms}`);
  if (!Number.isInteger(count) || count < 0 || count > MAX_COUNT) throw new Error(`a stamp's counter must be a whole number from 0 to ${MAX_COUNT}, got ${count}`);
  return `${String(ms).padStart(MS_DIGITS, '0')}-${String(count).padStart(COUNT_DIGITS, '0')}-${node}`;
}

/** The clock reading and device of a stamp; throws a clear Error for text that is not one. */
export function parseStamp(stamp: Stamp): ClockReading & { node: string } {
  const match = typeof stamp === 'string' ? STAMP_PATTERN.exec(stamp) : null;
  if (match === null) throw new Error(`${String(stamp)} is not an edit stamp`);
  return { ms: Number(match[1]), count: Number(match[2]), node: match[3]! };
}

/** The stamp a record kept before stamps existed gives every field: its last change, from no device. */
export function legacyStamp(modifiedAt: number): Stamp {
  return makeStamp({ ms: Math.max(0, Math.round(modifiedAt)), count: 0 }, '');
}

/** The later of two stamps (`a` when equal). */
export function laterStamp(a: Stamp, b: Stamp): Stamp {
  return b > a ? b : a;
}

export interface EditClock {
  /** A stamp later than every stamp this clock has made or seen. */
  next(): Stamp;
  /** Takes in a stamp made elsewhere, so that edits made here from now on come after it. */
  observe(stamp: Stamp): void;
  /** Where the clock stands: persist it, and hand it back to the next clock of this device. */
  reading(): ClockReading;
}

export interface EditClockOptions {
  /** This device's id (a UUID; never empty: "" is the legacy stamps' device). */
  node: string;
  /** The device's wall clock, ms since the epoch. */
  now: () => number;
  /** What to add to `now` to read the team server's clock (0 without a server). */
  offsetMs?: () => number;
  /** Where the clock stood when this device last stopped (its persisted `reading()`). */
  from?: ClockReading;
}

/** The device's edit clock (see the module comment). */
export function createEditClock(options: EditClockOptions): EditClock {
  if (options.node.length === 0) throw new Error('an edit clock needs the id of its device');
  const offset = options.offsetMs ?? (() => 0);
  let last: ClockReading = options.from ?? { ms: 0, count: 0 };

  /** `last` moved past `reading` (the later of the two, one count on when they are the same millisecond). */
  function after(reading: ClockReading): ClockReading {
    if (reading.ms > last.ms) return { ms: reading.ms, count: reading.count };
    if (reading.ms === last.ms && reading.count > last.count) return { ms: last.ms, count: reading.count };
    return last;
  }

  return {
    next() {
      const wall = Math.max(0, Math.round(options.now() + offset()));
      if (wall > last.ms) last = { ms: wall, count: 0 };
      else if (last.count < MAX_COUNT) last = { ms: last.ms, count: last.count + 1 };
      else last = { ms: last.ms + 1, count: 0 };
      return makeStamp(last, options.node);
    },
    observe(stamp) {
      last = after(parseStamp(stamp));
    },
    reading: () => ({ ...last }),
  };
}
