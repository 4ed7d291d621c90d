/**
 * What a fixture writer does once its release's journal code has recorded: dump the database
 * through the raw IndexedDB API (idbDump.ts), refuse a database of another schema version (the
 * writer ran on the wrong commit), and write the fixture with the commit it was written at and
 * what that release showed of each session. Copied beside the writer by writeFixture.sh and
 * built with that release's src/, so it names only modules every release since version 2 has.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { JOURNAL_DB_NAME } from '../../src/journal/store';
import { dumpDatabase } from '../../src/journal/testing/idbDump';

export async function writeFixtureFile(version: number, expected: () => Promise<unknown>): Promise<void> {
  const commit = process.env.FIXTURE_COMMIT ?? execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const database = await dumpDatabase(indexedDB, JOURNAL_DB_NAME);
  if (database.version !== version) {
    throw new Error(`This code's journal writes schema version ${database.version}: the fixture is version ${version}, written by that release. Run it on the commit in journal-v${version}.json's "writtenAt".`);
  }
  const fixture = {
    about: `The journal database of schema version ${version}, recorded by that release's journal code (scripts/journal-fixture/writeV${version}Fixture.ts); never rewrite it.`,
    writtenAt: commit,
    database,
    expected: await expected(),
  };
  const path = process.argv[2];
  if (path === undefined) throw new Error(`usage: node writeV${version}Fixture.js <out.json>`);
  writeFileSync(path, `${JSON.stringify(fixture, null, 1)}\n`);
}
