import { describe, expect, it } from 'vitest';
import { buildSessionCsv, csvFileName, tagsLabel } from '../csv';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { createAthlete } from '../rules/athletes';
import { createExercise } from '../rules/exercises';
import { makeRep } from '../rules/fixtures';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import { athleteSessions } from './logTransfer';
import type { SessionRecord } from '../log/records';
import type { HistoryEntry, RecordedSession } from '../journal/records';

const ana = createAthlete({ name: 'Ana', bodyMass: 60 }, { id: 'ana', now: 1 });
const bea = createAthlete({ name: 'Bea', bodyMass: 72 }, { id: 'bea', now: 1 });
const STARTED = Date.UTC(2025, 5, 2, 7);

/** A coach's session: Ana squats (reps from 0, 3, 6 s), Bea from 8 s rows (9, 12 s); samples every 0.5 s for 15 s. */
function coachSession(): RecordedSession {
  const timeUs = Float64Array.from({ length: 30 }, (_, i) => i * 5e5);
  const meta = {
    id: 's1',
    startedAt: STARTED,
    finishedAt: STARTED + 60_000,
    modifiedAt: STARTED + 60_000,
    summary: null,
    plates: [0, 1, 0, 0, 0],
    unitKind: 'demo',
    unit: null,
    settings: {
      engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.05 },
      workout: {},
      tags: [{ fromUs: Number.NEGATIVE_INFINITY, athleteId: 'ana', exerciseId: 'builtin:squat' }, { fromUs: 8e6, athleteId: 'bea', exerciseId: 'builtin:bent-over-row' }],
    },
    notes: [{ atUs: 14e6, rpe: 6, note: 'easy' }],
  } as SessionRecord;
  const reps = [0, 3, 6, 9, 12].map((t, i) => ({ ...makeRep(i, 1 - i / 10, 0.5), startUs: t * 1e6, endUs: (t + 2) * 1e6 }));
  return { loaded: { meta, samples: { timeUs, angleDeg: timeUs.map((t) => t / 1e5) }, gaps: [], chunks: 1 }, settings: { ...DEFAULT_SETTINGS, plates: [0, 1, 0, 0, 0] }, reps, loads: [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }], tags: meta.settings.tags!, notes: meta.notes!, removedAthletes: {} };
}

const entry = (id: string, athleteIds: string[]): HistoryEntry => ({ id, startedAt: STARTED, finishedAt: STARTED + 1, reps: 0, best: null, unitKind: 'demo', athleteIds, exerciseIds: [], inertias: [0.05], sets: null, notes: [], removedAthletes: {} });
const deps = (entries: HistoryEntry[]) => ({ history: async () => entries, recorded: async () => coachSession(), athletes: [ana, bea], exercises: [] });

describe("one athlete's sessions for export", () => {
  it('cut a coach’s session down to the athlete: their reps, the samples of their stretch, their sets named in the athletes block', async () => {
    const [bea] = await athleteSessions(deps([entry('s1', ['ana', 'bea'])]), 'bea');
    expect(bea!.input.reps.map((r) => r.startUs)).toEqual([9e6, 12e6]);
    const raw = bea!.input.raw;
    if (!('timeUs' in raw)) throw new Error('one athlete’s samples come as one batch');
    expect(raw.timeUs[0]).toBe(8e6);
    expect(raw.timeUs.length).toBe(14);
    const block = buildSessionCsv(bea!.input).trimEnd().split('\r\n\r\n').at(-1)!.split('\r\n');
    expect(block.slice(1)).toEqual(['9000000,14000000,Bea,72,Bent-over row,0,0.05,0,6,easy']);
  });

  it('carry only the athlete’s own RPE and notes, resolved over the whole session’s sets (issue 31, point 1)', async () => {
    // Ana squats (0, 3 s), Bea rows (9, 12 s), Ana again (16, 19 s); each set rated after it.
    const session = coachSession();
    const tags = [...session.tags, { fromUs: 15e6, athleteId: 'ana', exerciseId: 'builtin:squat' }];
    const reps = [0, 3, 9, 12, 16, 19].map((t, i) => ({ ...makeRep(i, 1 - i / 10, 0.5), startUs: t * 1e6, endUs: (t + 2) * 1e6 }));
    const notes = [
      { atUs: 0, rpe: 5, note: 'Ana: first' },
      { atUs: 9e6, rpe: 7, note: 'Bea: good posture' },
      { atUs: 16e6, rpe: 9, note: 'Ana set 2: tired' },
    ];
    const recorded = { ...session, reps, tags, notes, loaded: { ...session.loaded, meta: { ...session.loaded.meta, notes, settings: { ...session.loaded.meta.settings, tags } } } };
    const [anas] = await athleteSessions({ ...deps([entry('s1', ['ana', 'bea'])]), recorded: async () => recorded }, 'ana');
    const block = buildSessionCsv(anas!.input).trimEnd().split('\r\n\r\n').at(-1)!.split('\r\n');
    expect(block.slice(1)).toEqual(['0,5000000,Ana,60,Squat,0.878,0.05,0,5,Ana: first', '16000000,21000000,Ana,60,Squat,0.878,0.05,0,9,Ana set 2: tired']);
  });

  it('say who and what is in each file, for its name: the athlete and their own exercises only, in file-name characters', async () => {
    const row = createExercise({ name: 'Split-stance row (20 %) / Zoë’s', massShare: 0.2, radius: null, movingPulley: false }, { id: 'row', now: 1 });
    const session = coachSession();
    const tags = [session.tags[0]!, { ...session.tags[1]!, exerciseId: 'row' }];
    const recorded = { ...session, tags };
    const sessionsOf = (id: string) => athleteSessions({ ...deps([entry('s1', ['ana', 'bea'])]), recorded: async () => recorded, exercises: [row] }, id);
    const [beas] = await sessionsOf('bea');
    const [anas] = await sessionsOf('ana');
    const label = (s: typeof beas) => tagsLabel(s!.input.reps, s!.input.sets, s!.input.tags);
    expect([label(anas), label(beas)]).toEqual(['Ana · Squat', 'Bea · Split-stance row (20 %) / Zoë’s']);
    const rates = { hz: DEFAULT_SETTINGS.hz, calcAngularVelocity: DEFAULT_SETTINGS.calcAngularVelocity, calcAngularAcceleration: DEFAULT_SETTINGS.calcAngularAcceleration };
    expect(csvFileName('session', new Date(2025, 5, 2, 9, 30), rates, label(beas))).toBe('Repline-2025-06-02-0930-bea-split-stance-row-20-zoe-s.csv');
  });

  it('leave out sessions the athlete did not train in', async () => {
    expect(await athleteSessions(deps([entry('s1', ['ana'])]), 'bea')).toEqual([]);
  });
});
