/**
 * What a fixture writer does once its release's journal code has recorded: dump the database
 * through the raw IndexedDB API (idbDump.ts), refuse a database of another schema version (the
 * writer ran on the wrong commit), and write the fixture with the commit it was written at and
 * what that release showed of each session. Copied beside the writer by writeFixture.sh and
 * built with that release's src/, so it names only modules every release since version 2 has;
 * how a release reprocessed a session is the writer's (`Reprocess`).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadSession } from '../../src/journal/archive';
import { JOURNAL_DB_NAME, openJournalStore } from '../../src/journal/store';
import { dumpDatabase } from '../../src/journal/testing/idbDump';
import { SessionTimeline } from '../../src/workout/sessionTimeline';

type Stored = Awaited<ReturnType<Awaited<ReturnType<typeof openJournalStore>>['sessions']>>[number];
type Loaded = Awaited<ReturnType<typeof loadSession>>;
interface ShownRep {
  startUs: number;
  endUs: number;
  concentric: { velocity: number; power: number; netForce: number };
}

/** How the release reprocessed a stored session from its samples and the starts of its segments. */
export type Reprocess = (meta: Stored, loaded: Loaded, starts: readonly number[]) => readonly ShownRep[];

/** What the release showed of each session: its samples and gaps, and the reps of its reprocessing. */
async function shownSessions(reprocess: Reprocess) {
  const store = await openJournalStore();
  const out = [];
  for (const meta of (await store.sessions()).sort((a, b) => a.startedAt - b.startedAt)) {
    const loaded = await loadSession(store, meta.id);
    const timeline = new SessionTimeline();
    timeline.restore(loaded.samples.timeUs, loaded.gaps);
    const reps = reprocess(meta, loaded, timeline.starts);
    out.push({
      id: meta.id,
      startedAt: meta.startedAt,
      finishedAt: meta.finishedAt,
      samples: loaded.samples.timeUs.length,
      chunks: loaded.chunks,
      gaps: loaded.gaps,
      reps: reps.map((rep) => ({ startUs: rep.startUs, endUs: rep.endUs, concentricVelocity: rep.concentric.velocity, concentricPower: rep.concentric.power, concentricNetForce: rep.concentric.netForce })),
    });
  }
  store.close();
  return out;
}

export async function writeFixtureFile(version: number, reprocess: Reprocess): Promise<void> {
  const commit = process.env.FIXTURE_COMMIT ?? execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const database = await dumpDatabase(indexedDB, JOURNAL_DB_NAME);
  if (database.version !== version) {
    throw new Error(`This code's journal writes schema version ${database.version}: the fixture is version ${version}, written by that release. Run it on the commit in journal-v${version}.json's "writtenAt".`);
  }
  const fixture = {
    about: `The journal database of schema version ${version}, recorded by that release's journal code (scripts/journal-fixture/writeV${version}Fixture.ts); never rewrite it.`,
    writtenAt: commit,
    database,
    expected: await shownSessions(reprocess),
  };
  const path = process.argv[2];
  if (path === undefined) throw new Error(`usage: node writeV${version}Fixture.js <out.json>`);
  writeFileSync(path, `${JSON.stringify(fixture, null, 1)}\n`);
}
