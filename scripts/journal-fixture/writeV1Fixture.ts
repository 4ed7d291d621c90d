/**
 * Writes `journal-v1.json`: the journal database as the release of schema version 1 leaves it,
 * recorded by that release's own journal code (SessionJournal, the app's settings snapshot,
 * loads and gaps), then dumped through the raw IndexedDB API (idbDump.ts). The migration test
 * (`src/journal/migration.test.ts`) loads it into a version-1 database and opens it with the code of
 * today, so the fixture must never be rewritten by a newer release: it is what users' browsers
 * hold. It was written once, at the commit named in the file, before the schema changed.
 *
 * Beside the dump, `expected` holds what that release showed for each session: its samples,
 * gaps, and the reps its reprocessing found (the History's export and review), so the test can
 * check every session, rep and sample survives the upgrade.
 *
 *     bash scripts/journal-fixture/writeV1Fixture.sh
 */
import 'fake-indexeddb/auto';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createEngine } from '../../src/engine';
import { DEFAULT_ENGINE_SETTINGS } from '../../src/engine/settings';
import type { EngineSettings } from '../../src/engine/types';
import { synthesizeSet, type SynthesizedSet } from '../../src/device/simulation/physics';
import { plateTotal } from '../../src/rules/plates';
import { DEFAULT_SETTINGS, type WorkoutSettings } from '../../src/rules/settingsModel';
import type { LoadSpan } from '../../src/rules/loads';
import { SessionTimeline } from '../../src/workout/sessionTimeline';
import { reprocessLoads } from '../../src/workout/loadedEngine';
import { loadSession } from '../../src/journal/archive';
import type { ConnectedUnit } from '../../src/device/unit';
import type { JournalSettings, PlateCounts } from '../../src/log/records';
import { SessionJournal } from '../../src/journal/sessionJournal';
import { loadsFromRecord } from '../../src/journal/sessionRecovery';
import { JOURNAL_DB_NAME, openJournalStore } from '../../src/journal/store';
import { dumpDatabase } from '../../src/journal/testing/idbDump';

const UNIT: ConnectedUnit = { id: 'unit-7', deviceName: 'Repline 0007', firmware: { major: 6, minor: 2, patch: 0 }, info: { type: 4.1, number: 7, name: 'Garage rack' } };

/** What the app's journaling snapshot() writes for these settings and loads. */
/**
 * The settings as the release that wrote version 1 kept them: its targets under `bands`, every
 * part a number (rules/settingsModel.ts migrates them when they are read).
 */
type ReleasedSettings = Omit<WorkoutSettings, 'targets'> & { bands: Record<string, { targetValue: number; dropPercent: boolean; dropValue: number }> };
const { targets: _targets, ...current } = DEFAULT_SETTINGS;
const RELEASED_DEFAULTS: ReleasedSettings = { ...current, bands: {} };

function snapshot(s: ReleasedSettings, loads: LoadSpan[] | undefined): { settings: JournalSettings; plates: PlateCounts } {
  const engine: EngineSettings = {
    hz: s.hz,
    radius: s.radius,
    inertia: plateTotal(s.plates),
    mass: s.mass,
    calcAngularVelocity: s.calcAngularVelocity,
    calcAngularAcceleration: s.calcAngularAcceleration,
    warmup: s.warmup,
  };
  const { plates: _plates, ...workout } = s;
  const settings: JournalSettings = { engine, workout, ...(loads === undefined ? {} : { loads: loads.map((l) => ({ ...l })) }) };
  return { settings, plates: [...s.plates] as unknown as PlateCounts };
}

const ticks = { every: () => () => {} };

function append(journal: SessionJournal, set: SynthesizedSet): void {
  for (let i = 0; i < set.timeUs.length; i += 12) journal.append(set.timeUs.slice(i, i + 12), set.angleDeg.slice(i, i + 12));
}

async function record(): Promise<void> {
  const store = await openJournalStore();

  // A: three sets; plates and boost changed before the second (a new load span, written with
  // updateSettings as the recorder does), and a link drop across the rest before the third.
  {
    const s: ReleasedSettings = { ...RELEASED_DEFAULTS, plates: [0, 1, 0, 0, 0], mass: 78, bands: { 'velocity.concentric': { targetValue: 1.1, dropPercent: true, dropValue: 15 } }, target: 'Zone' };
    let loads: LoadSpan[] = [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }];
    const journal = new SessionJournal({ store, ...ticks, newId: () => 'a3f1c2d4-0001-4a00-8000-000000000001', now: () => Date.UTC(2025, 5, 2, 7, 0) });
    journal.start({ ...snapshot(s, loads), unitKind: 'bluetooth', unit: UNIT });
    const one = synthesizeSet({ reps: 3, seed: 11, inertia: 0.05, restAfterS: 1, startTimeUs: 5_000_000 });
    append(journal, one);
    const twoStart = one.timeUs.at(-1)! + 5000;
    const heavy = { ...s, plates: [1, 0, 0, 0, 0] };
    loads = [...loads, { fromUs: twoStart, inertia: 0.1, boost: 20 }];
    await journal.updateSettings(snapshot(heavy, loads).settings, heavy.plates);
    const two = synthesizeSet({ reps: 3, seed: 12, inertia: 0.1, boost: 20, restAfterS: 1, startTimeUs: twoStart, startAngleDeg: one.endAngleDeg });
    append(journal, two);
    const threeStart = two.timeUs.at(-1)! + 35_000_000;
    await journal.markGap(two.timeUs.at(-1)!, threeStart);
    append(journal, synthesizeSet({ reps: 3, seed: 13, inertia: 0.1, boost: 20, restAfterS: 1, startTimeUs: threeStart, startAngleDeg: two.endAngleDeg }));
    await journal.finish({ reps: 6, best: { value: 1.2, metric: 'velocity', phase: 'concentric' } });
  }

  // B: another day, one set, other settings (warmup 2, voice, a Threshold on power).
  {
    const s: ReleasedSettings = { ...RELEASED_DEFAULTS, plates: [0, 0, 1, 0, 0], warmup: 2, isVoiceFeedback: true, metric: 'power', target: 'Threshold', bands: { 'power.concentric': { targetValue: 250, dropPercent: false, dropValue: 20 } } };
    const journal = new SessionJournal({ store, ...ticks, newId: () => 'b7e2d9a0-0002-4b00-8000-000000000002', now: () => Date.UTC(2025, 5, 4, 18, 30) });
    journal.start({ ...snapshot(s, [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.025, boost: 0 }]), unitKind: 'demo', unit: { ...UNIT, id: 'demo', deviceName: 'Repline demo' } });
    append(journal, synthesizeSet({ reps: 4, seed: 21, inertia: 0.025, restAfterS: 1, startTimeUs: 5_000_000 }));
    await journal.finish({ reps: 2, best: { value: 310, metric: 'power', phase: 'concentric' } });
  }

  // C: a record from before loads were kept (an older release), still held by this one.
  {
    const s: ReleasedSettings = { ...RELEASED_DEFAULTS, plates: [0, 1, 1, 0, 0] };
    const journal = new SessionJournal({ store, ...ticks, newId: () => 'c0d4e6f8-0003-4c00-8000-000000000003', now: () => Date.UTC(2025, 4, 28, 9, 15) });
    journal.start({ ...snapshot(s, undefined), unitKind: 'bluetooth', unit: null });
    append(journal, synthesizeSet({ reps: 3, seed: 31, inertia: 0.075, restAfterS: 1, startTimeUs: 2_000_000 }));
    await journal.finish({ reps: 2, best: null });
  }

  // D: cut short by a crash: never finished, offered for recovery at the next start.
  {
    const s: ReleasedSettings = { ...RELEASED_DEFAULTS, plates: [0, 1, 0, 0, 0] };
    const journal = new SessionJournal({ store, ...ticks, newId: () => 'd1a2b3c4-0004-4d00-8000-000000000004', now: () => Date.UTC(2025, 5, 5, 6, 45) });
    journal.start({ ...snapshot(s, [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }]), unitKind: 'bluetooth', unit: UNIT });
    append(journal, synthesizeSet({ reps: 2, seed: 41, inertia: 0.05, restAfterS: 0.5, startTimeUs: 5_000_000 }));
    await journal.flush();
    journal.dispose();
  }
  store.close();
}

/** What the release showed of each session: its samples and gaps, and the reps of its reprocessing. */
async function expected() {
  const store = await openJournalStore();
  const out = [];
  for (const meta of (await store.sessions()).sort((a, b) => a.startedAt - b.startedAt)) {
    const loaded = await loadSession(store, meta.id);
    const timeline = new SessionTimeline();
    timeline.restore(loaded.samples.timeUs, loaded.gaps);
    const reps = reprocessLoads(createEngine, loaded.samples, timeline.starts, { ...DEFAULT_ENGINE_SETTINGS, ...meta.settings.engine }, loadsFromRecord(meta));
    out.push({
      id: meta.id,
      startedAt: meta.startedAt,
      finishedAt: meta.finishedAt,
      samples: loaded.samples.timeUs.length,
      chunks: loaded.chunks,
      gaps: loaded.gaps,
      reps: reps.map((rep) => ({ startUs: rep.startUs, endUs: rep.endUs, concentricVelocity: rep.concentric.velocity, concentricPower: rep.concentric.power })),
    });
  }
  store.close();
  return out;
}

async function main(): Promise<void> {
  await record();
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const database = await dumpDatabase(indexedDB, JOURNAL_DB_NAME);
  if (database.version !== 1) {
    throw new Error(`This checkout's journal writes schema version ${database.version}: the fixture is version 1, written by that release. Check out the commit in journal-v1.json's "writtenAt" to run this script.`);
  }
  const fixture = {
    about: 'The journal database of schema version 1, recorded by that release\'s journal code (src/journal/testing/writeV1Fixture.ts); never rewrite it.',
    writtenAt: commit,
    database,
    expected: await expected(),
  };
  const path = process.argv[2];
  if (path === undefined) throw new Error('usage: node writeV1Fixture.js <out.json>');
  writeFileSync(path, `${JSON.stringify(fixture, null, 1)}\n`);
}

await main();
