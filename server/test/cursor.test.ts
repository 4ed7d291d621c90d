import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/log/codec';
import type { Database } from '../src/db/database';
import { athlete } from './fixtures';
import { startTeam, testDatabase } from './harness';

let db: Database;
beforeAll(async () => {
  db = await testDatabase(12);
});
afterAll(async () => {
  await db.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the pull cursor', () => {
  it('never skips a row, however pushes on several connections interleave and commit late', async () => {
    const PUSHERS = 6;
    const BATCHES = 12;
    // Each push transaction waits a random while before it commits, so that commits come late and in any order.
    const team = await startTeam(db, { beforeCommit: async () => void (await sleep(Math.random() * 12)) });
    const pushers = await Promise.all(Array.from({ length: PUSHERS }, (_, i) => team.coach(`pusher ${i}`)));
    const puller = await team.coach('puller');
    const seen = new Map<string, unknown>();
    const versions: number[] = [];
    let cursor: string | undefined;
    let pushing = true;
    const pullOnce = async () => {
      const res = await puller.pull(cursor, 7);
      expect(res.status).toBe(200);
      for (const r of res.body.records) {
        versions.push(r.version);
        seen.set((decode(r.record) as { id: string }).id, r.version);
      }
      cursor = res.body.cursor;
      return res.body.more as boolean;
    };
    const pulling = (async () => {
      let pulls = 0;
      while (pushing) {
        await pullOnce();
        pulls++;
        await sleep(Math.random() * 3);
      }
      return pulls;
    })();
    await Promise.all(
      pushers.map(async (device, p) => {
        for (let b = 0; b < BATCHES; b++) {
          const res = await device.push([0, 1, 2].map((k) => ({ kind: 'athlete', record: athlete(`p${p}-b${b}-${k}`, `Athlete ${p}.${b}.${k}`) })));
          expect(res.status).toBe(200);
        }
      }),
    );
    pushing = false;
    const pulls = await pulling;
    while (await pullOnce());

    const stored = await db.query<{ id: string; version: number }>('select id, version from athletes where team_id = $1 order by version', [team.teamId]);
    expect(stored).toHaveLength(PUSHERS * BATCHES * 3);
    expect(new Map(stored.map((r) => [r.id, r.version]))).toEqual(seen);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    expect(pulls).toBeGreaterThan(5);
  });
});
