/**
 * The journal's last second, saved synchronously when the page goes. IndexedDB writes begun in
 * `pagehide` or `visibilitychange` are not guaranteed to land: Chromium dropped them on a reload
 * (the recovery browser test lost the newest ~200 samples). localStorage writes are synchronous,
 * so the samples the journal has not stored yet — with the gaps among them — are written there
 * too, and merged back when the session is recovered.
 *
 * Merging is by device time: samples strictly increase, so a tail sample is taken only when it is
 * later than the last stored one. A write that did land after all, or a tail written at an
 * earlier tab switch, therefore never duplicates a sample. A tail whose session is not the one
 * being recovered is stale and is dropped.
 */
import type { LoadedSession } from './records';
import type { StoragePort } from '../platform/storage';
import type { Gap } from '../workout/sessionTimeline';

export const TAIL_KEY = 'repline.journal.tail.v1';

export interface JournalTail {
  sessionId: string;
  timeUs: number[];
  angleDeg: number[];
  gaps: Gap[];
}

export function saveTail(port: StoragePort, tail: JournalTail): void {
  port.write(TAIL_KEY, JSON.stringify(tail));
}

export function dropTail(port: StoragePort): void {
  port.remove(TAIL_KEY);
}

/** The saved tail, or null; throws a clear Error for one that is not a tail (it is then dropped by the caller). */
export function readTail(port: StoragePort): JournalTail | null {
  const text = port.read(TAIL_KEY);
  if (text === null) return null;
  const tail = JSON.parse(text) as Partial<JournalTail>;
  const numbers = (a: unknown): a is number[] => Array.isArray(a) && a.every((x) => typeof x === 'number' && Number.isFinite(x));
  const gapsOk = Array.isArray(tail.gaps) && tail.gaps.every((g) => numbers([g?.fromUs, g?.toUs]));
  if (typeof tail.sessionId !== 'string' || !numbers(tail.timeUs) || !numbers(tail.angleDeg) || tail.timeUs.length !== tail.angleDeg.length || !gapsOk) {
    throw new Error(`the saved end of the last session (${TAIL_KEY}) is not readable`);
  }
  return tail as JournalTail;
}

/** What of `tail` the stored session lacks: samples after its last one, and gaps it does not have. */
export function missingFrom(loaded: LoadedSession, tail: JournalTail): Omit<JournalTail, 'sessionId'> {
  const t = loaded.samples.timeUs;
  const lastUs = t.length > 0 ? t[t.length - 1]! : Number.NEGATIVE_INFINITY;
  const from = tail.timeUs.findIndex((time) => time > lastUs);
  const known = new Set(loaded.gaps.map((g) => `${g.fromUs}/${g.toUs}`));
  return {
    timeUs: from < 0 ? [] : tail.timeUs.slice(from),
    angleDeg: from < 0 ? [] : tail.angleDeg.slice(from),
    gaps: tail.gaps.filter((g) => g.toUs > lastUs && !known.has(`${g.fromUs}/${g.toUs}`)),
  };
}

/** The session with the missing part of the tail appended (what recovery shows and resumes). */
export function withTail(loaded: LoadedSession, missing: Omit<JournalTail, 'sessionId'>): LoadedSession {
  if (missing.timeUs.length === 0 && missing.gaps.length === 0) return loaded;
  const join = (stored: Float64Array, extra: number[]) => {
    const out = new Float64Array(stored.length + extra.length);
    out.set(stored);
    out.set(extra, stored.length);
    return out;
  };
  return {
    ...loaded,
    samples: { timeUs: join(loaded.samples.timeUs, missing.timeUs), angleDeg: join(loaded.samples.angleDeg, missing.angleDeg) },
    gaps: [...loaded.gaps, ...missing.gaps],
  };
}
