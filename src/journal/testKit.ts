/**
 * Shared by the journal's tests and benchmark (never imported by the app): a fresh in-memory
 * IndexedDB per test, a timer the test fires by hand, synthetic recordings with known timing,
 * and a store that fails on demand like a full disk.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { UNSPECIFIED_EXERCISE_ID } from '../rules/exercises';
import { firstTags } from '../rules/setTags';
import type { SessionStart } from '../log/records';
import type { EditClock } from '../log/stamp';
import { openJournalStore, type JournalStore } from './store';

/** The id of the athlete a fresh store creates (the first start's, with the default settings). */
export const FIRST_ATHLETE_ID = 'first-athlete';

/** The tags the store gives a session written without any: the first athlete, Unspecified exercise. */
export const FIRST_ATHLETE_TAGS = firstTags({ athleteId: FIRST_ATHLETE_ID, exerciseId: UNSPECIFIED_EXERCISE_ID });

/** Replaces the global IndexedDB by an empty one and opens the journal in it (its edits stamped by `clock`, else a clock of its own). */
export async function freshStore(clock?: EditClock): Promise<JournalStore> {
  globalThis.indexedDB = new IDBFactory();
  return openJournalStore(undefined, { legacySettings: () => null, newId: () => FIRST_ATHLETE_ID, now: () => 0, ...(clock === undefined ? {} : { clock }) });
}

export interface ManualTimer {
  every: (ms: number, tick: () => void) => () => void;
  /** Runs every active timer once, as if `ms` had elapsed. */
  fire: () => void;
  readonly active: number;
}

export function manualTimer(): ManualTimer {
  let ticks: (() => void)[] = [];
  return {
    every: (_ms, tick) => {
      ticks.push(tick);
      return () => {
        ticks = ticks.filter((t) => t !== tick);
      };
    },
    fire: () => {
      for (const tick of [...ticks]) tick();
    },
    get active() {
      return ticks.length;
    },
  };
}

/** `n` samples at `hz` from `t0Us`: a 3 s pull-and-return (0–120°) so values are all distinct-ish. */
export function recording(n: number, hz = 200, t0Us = 1_000_000): { timeUs: Float64Array; angleDeg: Float64Array } {
  const stepUs = 1e6 / hz;
  const timeUs = new Float64Array(n);
  const angleDeg = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    timeUs[i] = t0Us + i * stepUs;
    angleDeg[i] = 60 * (1 - Math.cos((2 * Math.PI * i) / (3 * hz))) + i * 1e-6;
  }
  return { timeUs, angleDeg };
}

/** Feeds a recording in notification-sized batches, as the unit delivers it. */
export function appendInBatches(
  journal: { append: (t: ArrayLike<number>, a: ArrayLike<number>) => void },
  rec: { timeUs: Float64Array; angleDeg: Float64Array },
  batch = 10,
): void {
  for (let i = 0; i < rec.timeUs.length; i += batch) {
    journal.append(rec.timeUs.subarray(i, i + batch), rec.angleDeg.subarray(i, i + batch));
  }
}

export const START: SessionStart = {
  settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.0375 }, workout: { metric: 'velocity', phase: 'concentric', target: 'None' } },
  plates: [0, 0, 1, 1, 0],
  unitKind: 'demo',
  unit: { id: 'demo', deviceName: 'Repline demo', firmware: { major: 6, minor: 2, patch: 0 }, info: { type: 1, number: 7, name: 'Repline' } },
};

const STORE_METHODS = ['write', 'merge', 'sessions', 'session', 'tombstones', 'recordedHere', 'chunks', 'chunkCount', 'gaps', 'remove', 'removeAll', 'athletes', 'exercises', 'order', 'lastChange', 'changesAfter', 'meta', 'close'] as const;
/** Fails to compile when the store gains a method the list above lacks. */
const everyMethod: Exclude<keyof JournalStore, (typeof STORE_METHODS)[number]> extends never ? true : never = true;

/** `base` with some of its methods replaced (a store that counts, or fails). */
export function wrapStore(base: JournalStore, overrides: Partial<JournalStore>): JournalStore {
  void everyMethod;
  const delegated = Object.fromEntries(STORE_METHODS.map((m) => [m, (...args: unknown[]) => (base[m] as (...a: unknown[]) => unknown).apply(base, args)]));
  return { ...delegated, ...overrides } as JournalStore;
}

/** Wraps a store so `write` and `merge` reject like a full disk while `full` is true. */
export function fillableStore(store: JournalStore): JournalStore & { full: boolean; writes: number } {
  const quota = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
  const wrapper: JournalStore & { full: boolean; writes: number } = Object.assign(
    wrapStore(store, {
      write(ops) {
        wrapper.writes++;
        return wrapper.full ? quota() : store.write(ops);
      },
      merge(entries, options) {
        wrapper.writes++;
        return wrapper.full ? quota() : store.merge(entries, options);
      },
    }),
    { full: false, writes: 0 },
  );
  return wrapper;
}

/** Bitwise equality of two Float64Arrays (NaN-safe, -0-safe, fast on 720 000 values). */
export function sameFloats(a: Float64Array, b: Float64Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** A finished session of the simulated athlete at one inertia, for screens that read the history. */
export interface AthleteSession {
  id: string;
  startedAt: number;
  /** Plate counts (rules/plates); the engine runs with their total. */
  plates: [number, number, number, number, number];
  inertia: number;
  seed: number;
}

/** A set of the simulated athlete (the Demo unit's physics, `synthesizeSet`, which the caller passes: the journal does not know the simulation). */
export type SynthesizeSet = (options: { reps: number; seed: number; inertia: number; restAfterS: number }) => { timeUs: ArrayLike<number>; angleDeg: ArrayLike<number> };

/** A fresh store holding each session, five reps of `synthesizeSet` at its inertia. */
export async function storeWithAthleteSessions(sessions: readonly AthleteSession[], synthesizeSet: SynthesizeSet): Promise<JournalStore> {
  const { DEFAULT_SETTINGS } = await import('../rules/settingsModel');
  const { workoutSnapshot } = await import('./sessionRecovery');
  const { SessionJournal } = await import('./sessionJournal');
  const store = await freshStore();
  for (const s of sessions) {
    const set = synthesizeSet({ reps: 5, seed: s.seed, inertia: s.inertia, restAfterS: 1.5 });
    const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => s.id, now: () => s.startedAt });
    const workout = workoutSnapshot({ ...DEFAULT_SETTINGS, plates: [...s.plates] });
    journal.start({ settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: s.inertia }, workout }, plates: s.plates, unitKind: 'demo', unit: null });
    journal.append(set.timeUs, set.angleDeg);
    await journal.finish({ reps: 4, best: null });
  }
  return store;
}

/** Two sessions a day apart, at 0.025 and 0.1 kg·m². */
export const TWO_INERTIAS: readonly AthleteSession[] = [
  { id: 'light', startedAt: Date.UTC(2025, 2, 9, 8, 30), inertia: 0.025, plates: [0, 0, 1, 0, 0], seed: 3 },
  { id: 'heavy', startedAt: Date.UTC(2025, 2, 10, 8, 30), inertia: 0.1, plates: [1, 0, 0, 0, 0], seed: 4 },
];

/** The same athlete once more in between, at 0.05 kg·m²: enough sets for a profile. */
export const THREE_INERTIAS: readonly AthleteSession[] = [
  ...TWO_INERTIAS,
  { id: 'middle', startedAt: Date.UTC(2025, 2, 11, 8, 30), inertia: 0.05, plates: [0, 1, 0, 0, 0], seed: 5 },
];
