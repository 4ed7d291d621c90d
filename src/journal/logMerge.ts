/**
 * Copies of the log from outside (a backup file, the team server) merged into the journal inside
 * one write transaction (store.ts `merge`), by the log's rules (log/merge.ts, docs/behaviour.md
 * §10): each record with the copy kept, register by register and note field by note field; a
 * deletion wins and stays; sample chunks and gaps only added where the journal lacks them, never
 * replaced or removed (one holding other samples under a kept number is counted as a conflict,
 * and the kept one stays). Every stamp that comes in is observed by this device's edit clock, so
 * an edit made here afterwards is stamped after it.
 *
 * A session that arrives is not "recorded here": recovery never offers another device's
 * unfinished session as a crash of this one. Changes are marked for a sync as changeIndex.ts says.
 */
import { stampsIn } from '../log/edits';
import { canonical, isTombstone, mergeAthletes, mergeExercises, mergeOrders, mergeSessionCopies, stampedAthlete, stampedExercise, stampedSession, type SessionCopy } from '../log/merge';
import type { ChunkRecord, GapRecord } from '../log/records';
import type { WireEntry } from '../log/validate';
import type { EditClock } from '../log/stamp';
import { changeMarks } from './changeIndex';
import { clearSession, deletedSessions, type WriteTx } from './localEdits';
import { ORDER_KEY } from './schema';

/** A record of the log as a file or the team server carries it (docs/sync.md §4). */
export type LogEntry = WireEntry;

export interface MergeOptions {
  /** Where the copies come from: what the change index marks depends on it (changeIndex.ts). */
  from: 'file' | 'server';
  /** Values of this device's own kept with the merge, in its transaction (a sync's pull cursor). */
  meta?: Readonly<Record<string, unknown>>;
}

/** What a merge did, per kind of record. */
export interface MergeReport {
  /** Sessions new here, changed by the merge, already holding the copy, deleted by a copy's deletion, and deleted here already (the copy does not bring them back). */
  sessions: { added: number; updated: number; unchanged: number; deleted: number; stayDeleted: number };
  athletes: { added: number; updated: number; unchanged: number };
  exercises: { added: number; updated: number; unchanged: number };
  /** Chunks and gaps added, already kept, and kept but holding other samples than the copy (the kept one stays). */
  samples: { added: number; unchanged: number; conflicts: number };
  /** Chunks and gaps of a session deleted here: left out. */
  ofDeleted: number;
}

export function emptyReport(): MergeReport {
  return { sessions: { added: 0, updated: 0, unchanged: 0, deleted: 0, stayDeleted: 0 }, athletes: { added: 0, updated: 0, unchanged: 0 }, exercises: { added: 0, updated: 0, unchanged: 0 }, samples: { added: 0, unchanged: 0, conflicts: 0 }, ofDeleted: 0 };
}

/** Two reports added up. */
export function addReports(a: MergeReport, b: MergeReport): MergeReport {
  const sum = <T extends Record<string, number>>(x: T, y: T): T => Object.fromEntries(Object.keys(x).map((k) => [k, x[k]! + y[k]!])) as T;
  return { sessions: sum(a.sessions, b.sessions), athletes: sum(a.athletes, b.athletes), exercises: sum(a.exercises, b.exercises), samples: sum(a.samples, b.samples), ofDeleted: a.ofDeleted + b.ofDeleted };
}

/** Bitwise equality of two chunks' or gaps' contents. */
function sameSamples(a: ChunkRecord | GapRecord, b: ChunkRecord | GapRecord): boolean {
  if ('timeUs' in a && 'timeUs' in b) return sameBytes(a.timeUs, b.timeUs) && sameBytes(a.angleDeg, b.angleDeg);
  return canonical(a) === canonical(b);
}

function sameBytes(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

export async function applyMerge(tx: WriteTx, entries: readonly LogEntry[], options: MergeOptions & { clock: EditClock }): Promise<MergeReport> {
  const report = emptyReport();
  const marks = changeMarks(tx.objectStore('changes'));
  const deleted = deletedSessions(tx);
  /**
   * Marks a record to push: from a file, when the merge changed the kept copy; from the server,
   * when the merged copy is not the server's (this device holds edits the server lacks).
   */
  const mark = (kind: 'athlete' | 'exercise' | 'session' | 'order', id: string, changed: boolean, merged: unknown, incoming: unknown) =>
    (options.from === 'file' ? changed : canonical(merged) !== canonical(incoming)) ? marks.mark(kind, id) : Promise.resolve();

  for (const entry of entries) {
    if (entry.kind !== 'chunk' && entry.kind !== 'gap') for (const stamp of stampsIn(entry.record)) options.clock.observe(stamp);
    switch (entry.kind) {
      case 'athlete':
        await mergeKept(tx.objectStore('athletes'), stampedAthlete(entry.record), mergeAthletes, report.athletes, (changed, merged, incoming) => mark('athlete', merged.id, changed, merged, incoming));
        break;
      case 'exercise':
        await mergeKept(tx.objectStore('exercises'), stampedExercise(entry.record), mergeExercises, report.exercises, (changed, merged, incoming) => mark('exercise', merged.id, changed, merged, incoming));
        break;
      case 'session':
        await mergeSession(tx, entry.record, report, (changed, merged, incoming) => mark('session', entry.record.id, changed, merged, incoming));
        break;
      case 'order': {
        const store = tx.objectStore('order');
        const kept = await store.get(ORDER_KEY);
        const merged = kept === undefined ? entry.record : mergeOrders(kept, entry.record);
        const changed = kept === undefined || canonical(merged) !== canonical(kept);
        await Promise.all([changed ? store.put(merged, ORDER_KEY) : null, mark('order', ORDER_KEY, changed, merged, entry.record)]);
        break;
      }
      case 'chunk':
      case 'gap': {
        const { sessionId, seq } = entry.record;
        if (await deleted(sessionId)) {
          report.ofDeleted++;
          break;
        }
        const store = tx.objectStore(entry.kind === 'chunk' ? 'chunks' : 'gaps');
        const kept = await store.get([sessionId, seq]);
        if (kept === undefined) {
          report.samples.added++;
          await Promise.all([store.put(entry.record as never), options.from === 'file' ? marks.mark('samples', sessionId) : null]);
        } else {
          report.samples[sameSamples(kept, entry.record) ? 'unchanged' : 'conflicts']++;
        }
        break;
      }
    }
  }
  for (const [key, value] of Object.entries(options.meta ?? {})) await tx.objectStore('meta').put(value, key);
  return report;
}

/** An athlete's or exercise's copy merged with the kept one: counted, put when the merge changed it, marked as `mark` says. */
async function mergeKept<T extends { id: string }>(
  store: { get(id: string): Promise<T | undefined>; put(value: T): Promise<unknown> },
  incoming: T,
  merge: (kept: T, incoming: T) => T,
  counts: { added: number; updated: number; unchanged: number },
  mark: (changed: boolean, merged: T, incoming: T) => Promise<void>,
): Promise<void> {
  const kept = await store.get(incoming.id);
  const merged = kept === undefined ? incoming : merge(kept, incoming);
  const count = kept === undefined ? 'added' : canonical(merged) === canonical(kept) ? 'unchanged' : 'updated';
  counts[count]++;
  await Promise.all([count === 'unchanged' ? null : store.put(merged), mark(count !== 'unchanged', merged, incoming)]);
}

/** One session's copy merged with the kept one (or its tombstone). */
async function mergeSession(tx: WriteTx, copy: SessionCopy, report: MergeReport, mark: (changed: boolean, merged: unknown, incoming: unknown) => Promise<void>): Promise<void> {
  const sessions = tx.objectStore('sessions');
  const tombstones = tx.objectStore('tombstones');
  const incoming = isTombstone(copy) ? copy : stampedSession(copy);
  const kept: SessionCopy | undefined = (await tombstones.get(copy.id)) ?? (await sessions.get(copy.id));
  const merged = kept === undefined ? incoming : mergeSessionCopies(kept, incoming);
  if (kept !== undefined && canonical(merged) === canonical(kept)) {
    report.sessions[isTombstone(kept) && !isTombstone(incoming) ? 'stayDeleted' : 'unchanged']++;
    await mark(false, merged, incoming);
    return;
  }
  if (isTombstone(merged)) {
    if (kept !== undefined && !isTombstone(kept)) report.sessions.deleted++;
    await Promise.all([clearSession(tx, copy.id), tombstones.put(merged), mark(true, merged, incoming)]);
    return;
  }
  report.sessions[kept === undefined ? 'added' : 'updated']++;
  await Promise.all([sessions.put(merged), mark(true, merged, incoming)]);
}
