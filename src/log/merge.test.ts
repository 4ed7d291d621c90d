import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ATHLETE_SETTINGS, type Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import { notesBySet, type SetNote } from '../rules/setTags';
import type { ChunkRecord, OrderRecord, SessionRecord } from './records';
import { canonical, isTombstone, mergeAthletes, mergeExercises, mergeOrders, mergeSessionCopies, mergeSessions, mergeWrittenOnce, stampedAthlete, stampedSession, type SessionCopy } from './merge';
import { legacyStamp, makeStamp, type Stamp } from './stamp';

/** Stamps from a few milliseconds and devices, so that ties and near ties are common. */
const stampArb: fc.Arbitrary<Stamp> = fc.record({ ms: fc.integer({ min: 0, max: 6 }), count: fc.integer({ min: 0, max: 2 }), node: fc.constantFrom('', 'a', 'b', 'c') }).map(({ ms, count, node }) => makeStamp({ ms, count }, node));

const maybeStamps = <K extends string>(keys: readonly K[]) => fc.option(fc.record(Object.fromEntries(keys.map((k) => [k, stampArb])) as Record<K, fc.Arbitrary<Stamp>>), { nil: undefined });

const athleteArb: fc.Arbitrary<Athlete> = fc
  .record({
    name: fc.constantFrom('Ana', 'Ben', 'Cleo'),
    bodyMass: fc.constantFrom(60, 70, 85),
    archived: fc.boolean(),
    warmup: fc.constantFrom(1, 2, 3),
    plates: fc.constantFrom<Record<string, number[]>>({}, { 'builtin:squat': [1, 0, 0, 0, 0] }),
    modifiedAt: fc.integer({ min: 0, max: 6 }),
    createdAt: fc.integer({ min: 0, max: 3 }),
    stamps: maybeStamps(['name', 'bodyMass', 'archived', 'settings.warmup', 'settings.plates']),
  })
  .map(({ name, bodyMass, archived, warmup, plates, modifiedAt, createdAt, stamps }) => ({
    id: 'athlete-1',
    name,
    bodyMass,
    archived,
    settings: { ...DEFAULT_ATHLETE_SETTINGS, warmup, plates },
    createdAt,
    modifiedAt,
    ...(stamps === undefined ? {} : { stamps }),
  }));

const exerciseArb: fc.Arbitrary<Exercise> = fc
  .record({ name: fc.constantFrom('Row', 'Press'), massShare: fc.constantFrom(0, 0.2, 1), radius: fc.constantFrom(null, 0.02), movingPulley: fc.boolean(), archived: fc.boolean(), modifiedAt: fc.integer({ min: 0, max: 6 }), stamps: maybeStamps(['name', 'massShare', 'radius', 'movingPulley', 'archived']) })
  .map(({ stamps, ...fields }) => ({ id: 'ex-1', builtIn: false, ...fields, ...(stamps === undefined ? {} : { stamps }) }));

const noteArb: fc.Arbitrary<SetNote> = fc
  .record({ atUs: fc.constantFrom(1_000, 1_500, 5_000, 9_000), rpe: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }), note: fc.constantFrom('', 'tired', 'good posture'), stamps: fc.option(fc.record({ rpe: fc.option(stampArb, { nil: undefined }), note: fc.option(stampArb, { nil: undefined }) }), { nil: undefined }) })
  .map(({ stamps, ...note }) => ({ ...note, ...(stamps === undefined ? {} : { stamps: Object.fromEntries(Object.entries(stamps).filter(([, v]) => v !== undefined)) }) }));

const sessionArb: fc.Arbitrary<SessionRecord> = fc
  .record({
    finishedAt: fc.option(fc.integer({ min: 10, max: 20 }), { nil: null }),
    reps: fc.integer({ min: 0, max: 9 }),
    athlete: fc.constantFrom('ana', 'ben'),
    notes: fc.option(fc.array(noteArb, { maxLength: 4 }), { nil: undefined }),
    removed: fc.option(fc.dictionary(fc.constantFrom('ana', 'ben'), stampArb), { nil: undefined }),
    modifiedAt: fc.integer({ min: 0, max: 6 }),
    stamps: maybeStamps(['recording', 'tags', 'sets']),
  })
  .map(({ finishedAt, reps, athlete, notes, removed, modifiedAt, stamps }) => ({
    id: 'session-1',
    startedAt: 1,
    finishedAt,
    summary: finishedAt === null ? null : { reps, best: null },
    settings: { engine: { hz: 200 } as unknown as SessionRecord['settings']['engine'], workout: {}, loads: [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }], tags: [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: athlete, exerciseId: 'builtin:squat' }] },
    plates: [0, 1, 0, 0, 0] as const,
    unitKind: 'demo' as const,
    unit: null,
    modifiedAt,
    ...(notes === undefined ? {} : { notes }),
    ...(removed === undefined ? {} : { removedAthletes: removed }),
    ...(stamps === undefined ? {} : { stamps }),
  }));

const tombstoneArb = fc.record({ deleted: stampArb, modifiedAt: fc.integer({ min: 0, max: 6 }) }).map((t) => ({ id: 'session-1', ...t }));
const sessionCopyArb: fc.Arbitrary<SessionCopy> = fc.oneof({ weight: 4, arbitrary: sessionArb }, { weight: 1, arbitrary: tombstoneArb });

/** The laws that make any order, grouping and repetition of merges give one log. */
function joinLaws<T>(name: string, arb: fc.Arbitrary<T>, merge: (a: T, b: T) => T): void {
  const same = (x: T, y: T) => expect(canonical(x)).toBe(canonical(y));
  describe(`${name}: merging`, () => {
    it('gives the same copy whichever is merged into which', () => {
      fc.assert(
        fc.property(arb, arb, (a, b) => {
          same(merge(a, b), merge(b, a));
        }),
      );
    });
    it('gives the same copy however three copies are grouped', () => {
      fc.assert(
        fc.property(arb, arb, arb, (a, b, c) => {
          same(merge(merge(a, b), c), merge(a, merge(b, c)));
        }),
      );
    });
    it('changes nothing when a copy already merged in comes again', () => {
      fc.assert(
        fc.property(arb, arb, (a, b) => {
          const m = merge(a, b);
          same(merge(m, m), m);
          same(merge(m, a), m);
          same(merge(m, b), m);
        }),
      );
    });
    it('gives one copy whatever the order of many, each merged any number of times', () => {
      fc.assert(
        fc.property(fc.array(arb, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (copies, picks) => {
          const all = copies.reduce(merge, merge(copies[0]!, copies[0]!));
          const shuffled = [...picks.map((p) => copies[p % copies.length]!), ...copies];
          same(shuffled.reduce(merge), all);
        }),
      );
    });
  });
}

joinLaws('athletes', athleteArb, mergeAthletes);
joinLaws('exercises', exerciseArb, mergeExercises);
joinLaws('sessions', sessionArb, mergeSessions);
joinLaws('sessions and their deletions', sessionCopyArb, mergeSessionCopies);

const orderArb: fc.Arbitrary<OrderRecord> = fc.record({
  order: fc.option(fc.constantFrom({ day: '2025-06-02', athleteIds: ['ana', 'ben'], current: 'ana' }, { day: '2025-06-02', athleteIds: ['ben'], current: 'ben' }), { nil: null }),
  stamp: stampArb,
  modifiedAt: fc.integer({ min: 0, max: 6 }),
});
joinLaws('today’s order', orderArb, mergeOrders);

describe('today’s order', () => {
  it('is the later edit’s, a cleared order included', () => {
    const planned: OrderRecord = { order: { day: '2025-06-02', athleteIds: ['ana', 'ben'], current: 'ana' }, stamp: makeStamp({ ms: 5, count: 0 }, 'tablet'), modifiedAt: 5 };
    const cleared: OrderRecord = { order: null, stamp: makeStamp({ ms: 6, count: 0 }, 'desktop'), modifiedAt: 4 };
    expect(mergeOrders(planned, cleared)).toEqual({ order: null, stamp: cleared.stamp, modifiedAt: 5 });
    expect(mergeOrders(cleared, planned)).toEqual({ order: null, stamp: cleared.stamp, modifiedAt: 5 });
  });
});

/** The stamp a copy's register has (its own, or its last change's for a copy kept before stamps). */
const stampIn = (copy: { stamps?: Record<string, string>; modifiedAt: number }, register: string) => copy.stamps?.[register] ?? legacyStamp(copy.modifiedAt);

describe('merging athletes', () => {
  it('keeps each field’s latest edit, whichever copy holds it', () => {
    fc.assert(
      fc.property(fc.array(athleteArb, { minLength: 1, maxLength: 4 }), (copies) => {
        const merged = copies.reduce(mergeAthletes, stampedAthlete(copies[0]!));
        const fields: [string, (a: Athlete) => unknown][] = [
          ['name', (a) => a.name],
          ['bodyMass', (a) => a.bodyMass],
          ['settings.warmup', (a) => a.settings.warmup],
        ];
        for (const [register, read] of fields) {
          const latest = copies.reduce((max, c) => (stampIn(c, register) > max ? stampIn(c, register) : max), '');
          const candidates = copies.filter((c) => stampIn(c, register) === latest).map(read);
          expect(candidates).toContainEqual(read(merged));
          expect(merged.stamps?.[register]).toBe(latest);
        }
      }),
    );
  });

  it('keeps a rename on one device and a new body mass on another', () => {
    const base = stampedAthlete({ id: 'a', name: 'Ana', bodyMass: 70, archived: false, settings: DEFAULT_ATHLETE_SETTINGS, createdAt: 1, modifiedAt: 1 });
    const tablet = { ...base, name: 'Ana B.', modifiedAt: 5, stamps: { ...base.stamps, name: makeStamp({ ms: 5, count: 0 }, 'tablet') } };
    const phone = { ...base, bodyMass: 72, modifiedAt: 4, stamps: { ...base.stamps, bodyMass: makeStamp({ ms: 4, count: 0 }, 'phone') } };
    const merged = mergeAthletes(tablet, phone);
    expect([merged.name, merged.bodyMass, merged.modifiedAt]).toEqual(['Ana B.', 72, 5]);
  });
});

describe('merging sessions', () => {
  it('never loses a note or an RPE: each set’s latest stamped edit of each survives', () => {
    fc.assert(
      fc.property(fc.array(sessionArb, { minLength: 1, maxLength: 4 }), (copies) => {
        const merged = copies.reduce(mergeSessions, stampedSession(copies[0]!));
        const starts = [0, 5_000];
        for (const field of ['rpe', 'note'] as const) {
          for (const set of [0, 1]) {
            const edits = copies.flatMap((c) =>
              (c.notes ?? [])
                .filter((n) => (set === 0 ? n.atUs < 5_000 : n.atUs >= 5_000))
                .map((n) => ({ stamp: n.stamps === undefined ? stampIn(c, 'notes') : n.stamps[field], value: n[field] }))
                .filter((e): e is { stamp: string; value: number | string | null } => e.stamp !== undefined),
            );
            const latest = edits.reduce((max, e) => (e.stamp > max ? e.stamp : max), '');
            const got = notesBySet(merged.notes ?? [], starts).get(set);
            if (edits.length === 0) continue;
            expect(edits.filter((e) => e.stamp === latest).map((e) => e.value)).toContainEqual(got?.[field]);
          }
        }
      }),
    );
  });

  it('keeps an RPE given on the tablet and a note written on the phone for the same set', () => {
    const base = fc.sample(sessionArb, { seed: 1, numRuns: 1 })[0]!;
    const tablet = { ...base, notes: [{ atUs: 1_000, rpe: 7, note: '', stamps: { rpe: makeStamp({ ms: 9, count: 0 }, 'tablet') } }] };
    const phone = { ...base, notes: [{ atUs: 1_200, rpe: null, note: 'good posture', stamps: { note: makeStamp({ ms: 8, count: 0 }, 'phone') } }] };
    const merged = mergeSessions(tablet, phone);
    expect(notesBySet(merged.notes!, [0]).get(0)).toEqual({ rpe: 7, note: 'good posture' });
  });

  it('keeps a finished recording over the unfinished copy of it, and every removal of an athlete', () => {
    const base = fc.sample(sessionArb, { seed: 2, numRuns: 1 })[0]!;
    const unfinished = { ...base, finishedAt: null, summary: null, stamps: { recording: makeStamp({ ms: 3, count: 0 }, 'tablet') }, removedAthletes: { ben: makeStamp({ ms: 4, count: 0 }, 'phone') } };
    const finished = { ...base, finishedAt: 20, summary: { reps: 7, best: null }, stamps: { recording: makeStamp({ ms: 5, count: 0 }, 'tablet') }, removedAthletes: {} };
    const merged = mergeSessions(unfinished, finished);
    expect([merged.finishedAt, merged.summary?.reps, merged.removedAthletes]).toEqual([20, 7, { ben: makeStamp({ ms: 4, count: 0 }, 'phone') }]);
  });

  it('keeps a deleted session deleted, whatever copy of it comes later', () => {
    fc.assert(
      fc.property(sessionArb, tombstoneArb, (copy, tombstone) => {
        expect(isTombstone(mergeSessionCopies(copy, tombstone))).toBe(true);
        expect(isTombstone(mergeSessionCopies(tombstone, copy))).toBe(true);
      }),
    );
  });
});

describe('merging chunks and gaps', () => {
  const chunk = (seq: number, first: number): ChunkRecord => ({ sessionId: 's', seq, timeUs: Float64Array.of(first, first + 5_000), angleDeg: Float64Array.of(seq, seq + 1) });

  it('adds what is missing and never removes or replaces a chunk', () => {
    fc.assert(
      fc.property(fc.subarray([0, 1, 2, 3, 4, 5]), fc.subarray([0, 1, 2, 3, 4, 5]), (mine, theirs) => {
        const kept = mine.map((s) => chunk(s, s * 10_000));
        const { added, conflicts } = mergeWrittenOnce(kept, theirs.map((s) => chunk(s, s * 10_000)));
        expect(conflicts).toEqual([]);
        expect([...kept, ...added].map((c) => c.seq).sort()).toEqual([...new Set([...mine, ...theirs])].sort());
        expect(added.every((c) => !mine.includes(c.seq))).toBe(true);
      }),
    );
  });

  it('keeps its own chunk and names the seq where another copy holds other samples', () => {
    const { added, conflicts } = mergeWrittenOnce([chunk(0, 0)], [chunk(0, 7), chunk(1, 10_000)]);
    expect(added.map((c) => c.seq)).toEqual([1]);
    expect(conflicts).toEqual([0]);
  });
});
