/**
 * A push: a batch of records merged into the team's stored copies in one transaction
 * (docs/sync.md "Push"). Each record is checked by the app's parsers, refused when a stamp is too
 * far ahead of the server's clock or the device may not write it, and otherwise merged with
 * src/log/merge.ts exactly as a device merges; a row is written, with the next team version, only
 * when the merge changed it (compared with `canonical`), so a retried batch changes nothing.
 * Chunks and gaps are only ever added. The reply says, record by record, what became of it.
 *
 * Ordering: the transaction first locks the team's row (`select … for update`), then reads,
 * merges and writes, then adds the number of rows it changed to the team's version and numbers
 * its rows from the old version on. Pushes of one team therefore run one after the other, and
 * versions are handed out in commit order: a pull that has seen version v has seen every row
 * numbered v or less (pull.ts).
 */
import type { Database, Row, Sql } from '../db/database';
import { canonical, isTombstone, mergeAthletes, mergeExercises, mergeOrders, mergeSessionCopies, mergeWrittenOnce, type SessionCopy } from '../../../src/log/merge';
import type { Athlete } from '../../../src/rules/athletes';
import type { Exercise } from '../../../src/rules/exercises';
import type { ChunkRecord, GapRecord, OrderRecord } from '../../../src/log/records';
import type { PushReply, PushResult, Refusal } from '../../../src/log/protocol';
import { parseStamp } from '../../../src/log/stamp';
import { athleteEdit, taggedAthletes, type Viewer } from './access';
import { CLOCK_TOLERANCE_MS, stampAhead } from './clock';
import { packSamples, unpackSamples } from './samplePack';
import { recordOf, recordText } from './store';
import { idOf, parseEntry, stampsOf, type Entry, type Kind } from './wire';

/** A push's reply but for the server's time, which the route adds. */
export type PushOutcome = Omit<PushReply, 'serverTime'>;

interface SessionRow {
  value: SessionCopy;
  recordedBy: string | null;
  athleteIds: string[];
}

/** What the transaction holds of one record: its stored copy, and whether the batch changed it. */
interface Slot<T> {
  value: T;
  changed: boolean;
}

export interface PushOptions {
  now: number;
  /** Runs inside the transaction just before it commits (tests hold transactions open with it). */
  beforeCommit?: () => Promise<void>;
}

export async function push(db: Database, teamId: string, viewer: Viewer, raw: readonly { kind: Kind; record: unknown }[], options: PushOptions): Promise<PushOutcome> {
  const results: PushResult[] = [];
  const accepted: { index: number; entry: Entry }[] = [];
  raw.forEach(({ kind, record }, index) => {
    const refuse = (reason: Refusal, message: string) => results.push({ index, kind, id: idOf(record), status: 'refused', reason, message });
    let entry: Entry;
    try {
      entry = parseEntry(kind, record);
    } catch (error) {
      refuse('invalid', (error as Error).message);
      return;
    }
    const ahead = stampAhead(stampsOf(entry), options.now);
    if (ahead !== null) {
      const ms = parseStamp(ahead).ms;
      refuse('clock-ahead', `An edit is stamped ${new Date(ms).toISOString()}, ${Math.round((ms - options.now) / 60_000)} min ahead of the server’s clock (${new Date(options.now).toISOString()}; ${CLOCK_TOLERANCE_MS / 60_000} min allowed): stamp the device’s unsent edits again by the server’s time and push them again.`);
      return;
    }
    if (viewer.role === 'athlete' && (kind === 'athlete' || kind === 'exercise' || kind === 'order')) {
      refuse('forbidden', `An athlete’s device does not change ${kind === 'order' ? 'today’s order' : `${kind}s`}; the coach’s devices do.`);
      return;
    }
    accepted.push({ index, entry });
  });

  const version = await db.transaction(async (tx) => {
    const [team] = await tx.query<{ version: number }>('select version from teams where id = $1 for update', [teamId]);
    if (team === undefined) throw new Error(`no team ${teamId}`);
    const batch = new Batch(tx, teamId, viewer);
    await batch.load(accepted.map((a) => a.entry));
    for (const { index, entry } of accepted) results.push({ index, kind: entry.kind, id: entry.id, ...('seq' in entry ? { seq: entry.seq } : {}), ...batch.apply(entry) });
    const changed = batch.changedRows();
    if (changed === 0) return team.version;
    const [bumped] = await tx.query<{ version: number }>('update teams set version = version + $2 where id = $1 returning version', [teamId, changed]);
    await batch.write(bumped!.version - changed);
    await options.beforeCommit?.();
    return bumped!.version;
  });
  return { results: results.sort((a, b) => a.index - b.index), version };
}

type Outcome = Pick<PushResult, 'status' | 'reason' | 'message' | 'ignored'>;

/** The stored copies a batch touches, merged in memory, then written once each. */
class Batch {
  private readonly athletes = new Map<string, Slot<Athlete>>();
  private readonly exercises = new Map<string, Slot<Exercise>>();
  private readonly sessions = new Map<string, Slot<SessionRow>>();
  private order: Slot<OrderRecord> | null = null;
  private orderLoaded = false;
  /** Per session: the seqs it holds (with their packed samples for chunks) and the ones this batch adds. */
  private readonly chunks = new Map<string, { held: Map<number, Uint8Array>; added: Map<number, { chunk: ChunkRecord; packed: Uint8Array }> }>();
  private readonly gaps = new Map<string, { held: Map<number, GapRecord>; added: Map<number, GapRecord> }>();

  constructor(
    private readonly tx: Sql,
    private readonly teamId: string,
    private readonly viewer: Viewer,
  ) {}

  async load(entries: readonly Entry[]): Promise<void> {
    const ids = (kind: Kind) => [...new Set(entries.filter((e) => e.kind === kind).map((e) => e.id))];
    const sessionIds = [...new Set([...ids('session'), ...ids('chunk'), ...ids('gap')])];
    // Each query only when the batch has records of its kind: every round trip is spent under the team's lock.
    const rows = <R extends Row>(text: string, wanted: string[]) => (wanted.length === 0 ? Promise.resolve([] as R[]) : this.tx.query<R>(text, [this.teamId, wanted]));
    for (const row of await rows<{ id: string; record: string }>('select id, record from athletes where team_id = $1 and id = any($2)', ids('athlete'))) {
      this.athletes.set(row.id, { value: recordOf(row.record), changed: false });
    }
    for (const row of await rows<{ id: string; record: string }>('select id, record from exercises where team_id = $1 and id = any($2)', ids('exercise'))) {
      this.exercises.set(row.id, { value: recordOf(row.record), changed: false });
    }
    const sessionRows = await rows<{ id: string; record: string; recorded_by: string | null; athlete_ids: string[] }>('select id, record, recorded_by, athlete_ids from sessions where team_id = $1 and id = any($2)', sessionIds);
    for (const row of sessionRows) this.sessions.set(row.id, { value: { value: recordOf(row.record), recordedBy: row.recorded_by, athleteIds: row.athlete_ids }, changed: false });
    if (entries.some((e) => e.kind === 'order')) {
      const [row] = await this.tx.query<{ record: string }>('select record from orders where team_id = $1', [this.teamId]);
      this.order = row === undefined ? null : { value: recordOf(row.record), changed: false };
      this.orderLoaded = true;
    }
    for (const sessionId of ids('chunk')) {
      const seqs = [...new Set(entries.flatMap((e) => (e.kind === 'chunk' && e.id === sessionId ? [e.seq] : [])))];
      const rows = await this.tx.query<{ seq: number; samples: Uint8Array }>('select seq, samples from chunks where team_id = $1 and session_id = $2 and seq = any($3)', [this.teamId, sessionId, seqs]);
      this.chunks.set(sessionId, { held: new Map(rows.map((r) => [r.seq, r.samples])), added: new Map() });
    }
    for (const sessionId of ids('gap')) {
      const rows = await this.tx.query<{ seq: number; from_us: number; to_us: number }>('select seq, from_us, to_us from gaps where team_id = $1 and session_id = $2', [this.teamId, sessionId]);
      this.gaps.set(sessionId, { held: new Map(rows.map((r) => [r.seq, { sessionId, seq: r.seq, fromUs: r.from_us, toUs: r.to_us }])), added: new Map() });
    }
  }

  apply(entry: Entry): Outcome {
    switch (entry.kind) {
      case 'athlete':
        return merge(this.athletes, entry.id, entry.value, mergeAthletes);
      case 'exercise':
        return merge(this.exercises, entry.id, entry.value, mergeExercises);
      case 'order': {
        if (!this.orderLoaded) throw new Error('the order was not loaded');
        const before = this.order;
        const merged = before === null ? entry.value : mergeOrders(before.value, entry.value);
        if (before !== null && canonical(merged) === canonical(before.value)) return { status: 'unchanged' };
        this.order = { value: merged, changed: true };
        return { status: 'stored' };
      }
      case 'session':
        return this.applySession(entry.id, entry.value);
      case 'chunk':
        return this.applyChunk(entry);
      case 'gap':
        return this.applyGap(entry);
    }
  }

  private applySession(id: string, pushed: SessionCopy): Outcome {
    const slot = this.sessions.get(id);
    if (slot === undefined) {
      const value = pushed;
      this.sessions.set(id, { value: { value, recordedBy: this.viewer.deviceId, athleteIds: isTombstone(value) ? [] : taggedAthletes(value) }, changed: true });
      return { status: 'stored' };
    }
    const row = slot.value;
    let incoming = pushed;
    let ignored: string | null = null;
    if (this.viewer.role === 'athlete' && row.recordedBy !== this.viewer.deviceId) {
      if (isTombstone(pushed)) return { status: 'refused', reason: 'forbidden', message: 'An athlete’s device deletes only sessions it recorded.' };
      if (isTombstone(row.value)) return { status: 'unchanged' };
      ({ patch: incoming, ignored } = athleteEdit(row.value, pushed, this.viewer.athleteId!));
    }
    const merged = mergeSessionCopies(row.value, incoming);
    const extra = ignored === null ? {} : { ignored };
    if (canonical(merged) === canonical(row.value)) return { status: 'unchanged', ...extra };
    const athleteIds = isTombstone(merged) ? row.athleteIds : [...new Set([...row.athleteIds, ...taggedAthletes(merged)])];
    this.sessions.set(id, { value: { ...row, value: merged, athleteIds }, changed: true });
    return { status: 'stored', ...extra };
  }

  /** The session a chunk or gap belongs to, or why the device may not add to it. */
  private sampleTarget(sessionId: string): Outcome | null {
    const row = this.sessions.get(sessionId)?.value;
    if (row === undefined) return { status: 'refused', reason: 'unknown-session', message: `The server has no session ${sessionId}: push its record first (the same batch will do).` };
    if (isTombstone(row.value)) return { status: 'refused', reason: 'deleted', message: `Session ${sessionId} was deleted: its samples are not kept.` };
    if (this.viewer.role === 'athlete' && row.recordedBy !== this.viewer.deviceId) return { status: 'refused', reason: 'forbidden', message: 'An athlete’s device adds samples only to sessions it recorded.' };
    return null;
  }

  private applyChunk(entry: Entry & { kind: 'chunk' }): Outcome {
    const refused = this.sampleTarget(entry.id);
    if (refused !== null) return refused;
    const slot = this.chunks.get(entry.id)!;
    const held = slot.held.get(entry.seq);
    const have = held === undefined ? slot.added.get(entry.seq)?.chunk : { sessionId: entry.id, seq: entry.seq, ...unpackSamples(held) };
    const { added, conflicts } = mergeWrittenOnce(have === undefined ? [] : [have], [entry.value]);
    if (conflicts.length > 0) return { status: 'refused', reason: 'conflict', message: `Session ${entry.id} already holds other samples as chunk ${entry.seq}; the kept chunk stays.` };
    if (added.length === 0) return { status: 'unchanged' };
    slot.added.set(entry.seq, { chunk: entry.value, packed: packSamples(entry.value.timeUs, entry.value.angleDeg) });
    return { status: 'stored' };
  }

  private applyGap(entry: Entry & { kind: 'gap' }): Outcome {
    const refused = this.sampleTarget(entry.id);
    if (refused !== null) return refused;
    const slot = this.gaps.get(entry.id)!;
    const have = slot.held.get(entry.seq) ?? slot.added.get(entry.seq);
    const { added, conflicts } = mergeWrittenOnce(have === undefined ? [] : [have], [entry.value]);
    if (conflicts.length > 0) return { status: 'refused', reason: 'conflict', message: `Session ${entry.id} already holds another gap ${entry.seq}; the kept one stays.` };
    if (added.length === 0) return { status: 'unchanged' };
    slot.added.set(entry.seq, entry.value);
    return { status: 'stored' };
  }

  changedRows(): number {
    const count = <T>(m: Map<string, Slot<T>>) => [...m.values()].filter((s) => s.changed).length;
    const samples = [...this.chunks.values(), ...this.gaps.values()].reduce((n, s) => n + s.added.size, 0);
    return count(this.athletes) + count(this.exercises) + count(this.sessions) + (this.order?.changed ? 1 : 0) + samples;
  }

  /** Writes every changed row, numbering them from `base` + 1 (sessions before their samples). */
  async write(base: number): Promise<void> {
    let version = base;
    const { tx, teamId } = this;
    for (const [id, slot] of this.athletes) if (slot.changed) await tx.query('insert into athletes (team_id, id, record, version) values ($1, $2, $3, $4) on conflict (team_id, id) do update set record = excluded.record, version = excluded.version', [teamId, id, recordText(slot.value), ++version]);
    for (const [id, slot] of this.exercises) if (slot.changed) await tx.query('insert into exercises (team_id, id, record, version) values ($1, $2, $3, $4) on conflict (team_id, id) do update set record = excluded.record, version = excluded.version', [teamId, id, recordText(slot.value), ++version]);
    if (this.order?.changed) await tx.query('insert into orders (team_id, record, version) values ($1, $2, $3) on conflict (team_id) do update set record = excluded.record, version = excluded.version', [teamId, recordText(this.order.value), ++version]);
    for (const [id, slot] of this.sessions) {
      if (!slot.changed) continue;
      const { value, recordedBy, athleteIds } = slot.value;
      await tx.query(
        'insert into sessions (team_id, id, record, deleted, recorded_by, athlete_ids, version) values ($1, $2, $3, $4, $5, $6, $7) on conflict (team_id, id) do update set record = excluded.record, deleted = excluded.deleted, athlete_ids = excluded.athlete_ids, version = excluded.version',
        [teamId, id, recordText(value), isTombstone(value), recordedBy, athleteIds, ++version],
      );
      // A deleted session keeps no samples (and takes no more: sampleTarget).
      if (isTombstone(value)) {
        await tx.query('delete from chunks where team_id = $1 and session_id = $2', [teamId, id]);
        await tx.query('delete from gaps where team_id = $1 and session_id = $2', [teamId, id]);
      }
    }
    for (const [sessionId, slot] of this.chunks) {
      if (slot.added.size === 0) continue;
      // One statement for a session's new chunks (a batch holds hundreds): arrays of their columns, unnested.
      const added = [...slot.added];
      const versions = added.map(() => ++version);
      await tx.query('insert into chunks (team_id, session_id, seq, samples, sample_count, version) select $1, $2, * from unnest($3::integer[], $4::bytea[], $5::integer[], $6::bigint[])', [
        teamId,
        sessionId,
        added.map(([seq]) => seq),
        added.map(([, a]) => a.packed),
        added.map(([, a]) => a.chunk.timeUs.length),
        versions,
      ]);
    }
    for (const [sessionId, slot] of this.gaps) {
      for (const [seq, gap] of slot.added) await tx.query('insert into gaps (team_id, session_id, seq, from_us, to_us, version) values ($1, $2, $3, $4, $5, $6)', [teamId, sessionId, seq, gap.fromUs, gap.toUs, ++version]);
    }
  }
}

/** `pushed` (stamped: parseEntry) merged into the kept copy of its record, if any. */
function merge<T>(slots: Map<string, Slot<T>>, id: string, pushed: T, join: (a: T, b: T) => T): Outcome {
  const slot = slots.get(id);
  const merged = slot === undefined ? pushed : join(slot.value, pushed);
  if (slot !== undefined && canonical(merged) === canonical(slot.value)) return { status: 'unchanged' };
  slots.set(id, { value: merged, changed: true });
  return { status: 'stored' };
}

