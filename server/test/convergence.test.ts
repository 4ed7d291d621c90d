/**
 * The protocol as a property: three coach devices edit their copies of the log, push and pull in
 * any interleaving, with requests lost on the way (the server never saw them) or replies lost on
 * the way back (the server committed, the device does not know and retries), and fetch samples;
 * once the link holds and each has pushed and pulled what it has, every device and the server
 * hold the same log. The devices here are the smallest honest sync client: a local copy merged
 * with src/log/merge.ts, a set of records waiting to go up, a cursor, an edit clock that observes
 * what it pulls.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/log/codec';
import { canonical, isTombstone, mergeAthletes, mergeSessionCopies, type SessionCopy } from '../../src/log/merge';
import type { ChunkRecord, SessionRecord } from '../../src/log/records';
import { createEditClock, type EditClock } from '../../src/log/stamp';
import type { Athlete } from '../../src/rules/athletes';
import type { Database } from '../src/db/database';
import { athlete, chunk, session } from './fixtures';
import { startTeam, testDatabase, type TestDevice, type TestTeam } from './harness';

let db: Database;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.close();
});

const ATHLETES = ['ana', 'ben'];
const SESSIONS = ['s1', 's2'];

type Drop = 'none' | 'request' | 'reply';
type Op =
  | { op: 'rename'; device: number; athlete: string; name: string }
  | { op: 'record'; device: number; session: string }
  | { op: 'note'; device: number; session: string; rpe: number }
  | { op: 'delete'; device: number; session: string }
  | { op: 'push'; device: number; drop: Drop }
  | { op: 'pull'; device: number; drop: Drop }
  | { op: 'samples'; device: number; session: string };

const device = fc.integer({ min: 0, max: 2 });
const drop = fc.constantFrom<Drop>('none', 'none', 'request', 'reply');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('rename' as const), device, athlete: fc.constantFrom(...ATHLETES), name: fc.constantFrom('Ana', 'Ben', 'Cleo', 'Dee') }),
  fc.record({ op: fc.constant('record' as const), device, session: fc.constantFrom(...SESSIONS) }),
  fc.record({ op: fc.constant('note' as const), device, session: fc.constantFrom(...SESSIONS), rpe: fc.integer({ min: 1, max: 10 }) }),
  fc.record({ op: fc.constant('delete' as const), device, session: fc.constantFrom(...SESSIONS) }),
  fc.record({ op: fc.constant('push' as const), device, drop }),
  fc.record({ op: fc.constant('pull' as const), device, drop }),
  fc.record({ op: fc.constant('samples' as const), device, session: fc.constantFrom(...SESSIONS) }),
);

/** One device: its copy of the log, what waits to go up, where it pulls from. */
class Replica {
  readonly athletes = new Map<string, Athlete>();
  readonly sessions = new Map<string, SessionCopy>();
  readonly chunks = new Map<string, Map<number, ChunkRecord>>();
  /** `kind:id` or `chunk:session:seq` of records changed here and not yet acknowledged. */
  readonly waiting = new Set<string>();
  cursor: string | undefined;
  readonly clock: EditClock;

  constructor(
    readonly api: TestDevice,
    now: () => number,
  ) {
    this.clock = createEditClock({ node: api.deviceId, now });
  }

  edit(op: Op, now: number): void {
    if (op.op === 'rename') {
      const have = this.athletes.get(op.athlete);
      const s = this.clock.next();
      const base = have ?? athlete(op.athlete, op.name, now, this.api.deviceId);
      this.keepAthlete({ ...base, name: op.name, modifiedAt: now, stamps: have === undefined ? { name: s, bodyMass: s, archived: s } : { ...have.stamps, name: s } });
      this.waiting.add(`athlete:${op.athlete}`);
    } else if (op.op === 'record') {
      if (this.sessions.has(op.session)) return;
      const s = this.clock.next();
      const made = session(op.session, [{ athleteId: 'ana', fromUs: 0, velocities: [0.8, 0.7] }], { at: now });
      this.keepSession({ ...made, stamps: { recording: s, tags: s, sets: s } });
      this.waiting.add(`session:${op.session}`);
      for (const seq of [0, 1]) {
        this.keepChunk(chunk(op.session, seq));
        this.waiting.add(`chunk:${op.session}:${seq}`);
      }
    } else if (op.op === 'note') {
      const have = this.sessions.get(op.session);
      if (have === undefined || isTombstone(have)) return;
      const s = this.clock.next();
      this.keepSession({ ...have, modifiedAt: now, notes: [{ atUs: 1_500_000, rpe: op.rpe, note: `rpe ${op.rpe}`, stamps: { rpe: s, note: s } }] });
      this.waiting.add(`session:${op.session}`);
    } else if (op.op === 'delete') {
      if (!this.sessions.has(op.session)) return;
      this.keepSession({ id: op.session, deleted: this.clock.next(), modifiedAt: now });
      this.waiting.add(`session:${op.session}`);
    }
  }

  keepAthlete(a: Athlete): void {
    const have = this.athletes.get(a.id);
    this.athletes.set(a.id, have === undefined ? mergeAthletes(a, a) : mergeAthletes(have, a));
  }

  keepSession(s: SessionCopy): void {
    const have = this.sessions.get(s.id);
    const merged = have === undefined ? mergeSessionCopies(s, s) : mergeSessionCopies(have, s);
    this.sessions.set(s.id, merged);
    // A deleted session keeps no samples, here as on the server.
    if (isTombstone(merged)) {
      this.chunks.delete(s.id);
      for (const key of [...this.waiting]) if (key.startsWith(`chunk:${s.id}:`)) this.waiting.delete(key);
    }
  }

  keepChunk(c: ChunkRecord): void {
    const held = this.sessions.get(c.sessionId);
    if (held === undefined || isTombstone(held)) return;
    if (!this.chunks.has(c.sessionId)) this.chunks.set(c.sessionId, new Map());
    if (!this.chunks.get(c.sessionId)!.has(c.seq)) this.chunks.get(c.sessionId)!.set(c.seq, c);
  }

  /** Every waiting record, sessions before their chunks. */
  outgoing(): { key: string; kind: string; record: unknown }[] {
    return [...this.waiting].sort().reverse().map((key) => {
      const [kind, id, seq] = key.split(':') as [string, string, string?];
      const record = kind === 'athlete' ? this.athletes.get(id) : kind === 'session' ? this.sessions.get(id) : this.chunks.get(id)?.get(Number(seq));
      return { key, kind, record };
    });
  }

  async push(drop: Drop, team: TestTeam): Promise<void> {
    const out = this.outgoing();
    if (out.length === 0 || drop === 'request') return;
    const res = await this.api.push(out);
    expect(res.status).toBe(200);
    team.clock.now = Math.max(team.clock.now, res.body.serverTime);
    // The only refusal a coach's device meets here: samples of a session another device deleted meanwhile (dropped; its tombstone comes by pull).
    for (const r of res.body.results) if (r.status === 'refused') expect(`${out[r.index]!.kind} ${r.reason}`, r.message).toBe('chunk deleted');
    if (drop === 'reply') return;
    for (const { key } of out) this.waiting.delete(key);
  }

  async pull(drop: Drop): Promise<void> {
    for (;;) {
      const res = await this.api.pull(this.cursor, 3);
      expect(res.status).toBe(200);
      if (drop !== 'none') return;
      for (const { kind, record } of res.body.records) {
        const value = decode(record) as Athlete & SessionRecord;
        if (kind === 'athlete') this.keepAthlete(value);
        else this.keepSession(value);
        for (const s of stampsIn(value)) this.clock.observe(s);
      }
      this.cursor = res.body.cursor;
      if (!res.body.more) return;
    }
  }

  async fetchSamples(sessionId: string): Promise<void> {
    const held = this.sessions.get(sessionId);
    if (held === undefined || isTombstone(held)) return;
    const res = await this.api.request('GET', `/api/sessions/${sessionId}/samples`);
    if (res.status === 404) return;
    expect(res.status).toBe(200);
    for (const c of res.body.chunks) this.keepChunk(decode(c) as ChunkRecord);
  }

  /** The log this device holds, in one text. */
  log(): string {
    const byId = <T extends { id: string }>(m: Map<string, T>) => [...m.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const chunks = [...this.chunks].filter(([, m]) => m.size > 0).sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, m]) => [id, [...m.values()].sort((a, b) => a.seq - b.seq)]);
    return canonical({ athletes: byId(this.athletes), sessions: byId(this.sessions), chunks });
  }
}

function stampsIn(value: { stamps?: Record<string, string>; deleted?: string; notes?: { stamps?: Record<string, string> }[] }): string[] {
  return [...Object.values(value.stamps ?? {}), ...(value.deleted === undefined ? [] : [value.deleted]), ...(value.notes ?? []).flatMap((n) => Object.values(n.stamps ?? {}))];
}

describe('three devices syncing through the server', () => {
  it('end with the same log, whatever the interleaving, the lost requests and the lost replies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), fc.array(fc.integer({ min: -120_000, max: 120_000 }), { minLength: 3, maxLength: 3 }), async (ops, skews) => {
        const team = await startTeam(db);
        const replicas = await Promise.all(skews.map(async (skew, i) => new Replica(await team.coach(`device ${i}`), () => team.clock.now + skew)));
        for (const op of ops) {
          team.clock.now += 1000;
          const r = replicas[op.device]!;
          if (op.op === 'push') await r.push(op.drop, team);
          else if (op.op === 'pull') await r.pull(op.drop);
          else if (op.op === 'samples') await r.fetchSamples(op.session);
          else r.edit(op, team.clock.now + skews[op.device]!);
        }
        // The link holds: each device sends what waits, then each takes in what the others sent.
        for (const r of replicas) await r.push('none', team);
        for (const r of replicas) {
          await r.pull('none');
          for (const s of SESSIONS) await r.fetchSamples(s);
        }
        const server = new Replica(await team.coach('observer'), () => team.clock.now);
        await server.pull('none');
        for (const s of SESSIONS) await server.fetchSamples(s);
        for (const r of replicas) expect(r.log()).toBe(server.log());
        for (const r of replicas) expect(r.waiting.size).toBe(0);
        await team.close();
      }),
      {
        numRuns: 25,
        // Found by this test: two devices record one session id, one deletes it, the other's chunks then arrive for a deleted session.
        examples: [
          [
            [
              { op: 'record', device: 1, session: 's1' },
              { op: 'record', device: 2, session: 's1' },
              { op: 'delete', device: 1, session: 's1' },
              { op: 'rename', device: 0, athlete: 'ana', name: 'Ana' },
            ],
            [0, 0, 0],
          ],
        ],
      },
    );
  });
});
