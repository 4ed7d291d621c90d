/**
 * A batch of local edits applied inside one write transaction (store.ts `write`): each edit made
 * on this device is stamped at its source (log/edits.ts: the registers it changed get the stamp of
 * the edit, the others keep theirs; rules/setTags.ts `withNote` for notes), marked in the change
 * index (changeIndex.ts), and never brings back a deleted session: an edit of a session whose
 * tombstone is kept is dropped.
 */
import type { IDBPTransaction } from 'idb';
import { deletion, editAthlete, editExercise, editSession, mapStamps, orderEdit, reassignedSets, removeAthleteFrom } from '../log/edits';
import { canonical } from '../log/merge';
import type { SessionRecord } from '../log/records';
import type { Stamp } from '../log/stamp';
import { UNSPECIFIED_EXERCISE_ID } from '../rules/exercises';
import { firstTags, withNote } from '../rules/setTags';
import { changeMarks, type ChangeMarks } from './changeIndex';
import type { JournalOp } from './records';
import { ORDER_KEY, STORES, type JournalSchema } from './schema';

export type WriteTx = IDBPTransaction<JournalSchema, typeof STORES, 'readwrite'>;

/** Every `[sessionId, seq]` key of one session (seq is a non-negative integer), from `fromSeq` on. */
export function sessionRange(sessionId: string, fromSeq = 0): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, fromSeq], [sessionId, Number.MAX_SAFE_INTEGER]);
}

/** What edits need besides the transaction: the edit clock, the wall clock, the owner of untagged sessions. */
export interface EditContext {
  stamp: () => Stamp;
  now: () => number;
  /** The athlete a session written without tags belongs to (schema.ts `defaultAthlete`). */
  owner: () => Promise<string | undefined>;
}

/** Deletes a session's record, chunks, gaps and mark within `tx` (its tombstone is the caller's). */
export function clearSession(tx: WriteTx, sessionId: string): Promise<unknown> {
  return Promise.all([
    tx.objectStore('sessions').delete(sessionId),
    tx.objectStore('chunks').delete(sessionRange(sessionId)),
    tx.objectStore('gaps').delete(sessionRange(sessionId)),
    tx.objectStore('recordedHere').delete(sessionId),
  ]);
}

/** Whether a session is deleted, asked once per session and transaction. */
export function deletedSessions(tx: WriteTx): (sessionId: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  return (id) => {
    let answer = known.get(id);
    if (answer === undefined) {
      answer = tx.objectStore('tombstones').getKey(id).then((key) => key !== undefined);
      known.set(id, answer);
    }
    return answer;
  };
}

/** Applies `ops` in order within `tx`. */
export async function applyEdits(tx: WriteTx, ops: readonly JournalOp[], ctx: EditContext): Promise<void> {
  const marks = changeMarks(tx.objectStore('changes'));
  const deleted = deletedSessions(tx);
  const sessions = tx.objectStore('sessions');
  /** Writes `next` over the session kept, if it is kept and `next` differs; whether it did. */
  const update = async (id: string, change: (kept: SessionRecord) => SessionRecord) => {
    const kept = await sessions.get(id);
    if (kept === undefined) return false;
    const next = change(kept);
    if (next === kept || canonical(next) === canonical(kept)) return false;
    await Promise.all([sessions.put(next), marks.mark('session', id)]);
    return true;
  };
  for (const op of ops) {
    switch (op.kind) {
      case 'session': {
        if (await deleted(op.record.id)) break;
        const kept = await sessions.get(op.record.id);
        const record = op.record.settings.tags === undefined ? await tagged(op.record, ctx) : op.record;
        const writes: Promise<unknown>[] = [sessions.put(editSession(kept, record, ctx.stamp())), marks.mark('session', record.id)];
        if (kept === undefined) writes.push(tx.objectStore('recordedHere').put({ id: record.id }));
        await Promise.all(writes);
        break;
      }
      case 'chunk':
      case 'gap':
        if (await deleted(op.record.sessionId)) break;
        await Promise.all([tx.objectStore(op.kind === 'chunk' ? 'chunks' : 'gaps').put(op.record as never), marks.mark('samples', op.record.sessionId)]);
        break;
      case 'athlete': {
        const kept = await tx.objectStore('athletes').get(op.record.id);
        const edited = editAthlete(kept, op.record, ctx.stamp());
        // Saved again as it was (the team keeps the athlete up at every settings change): no edit, nothing to push.
        if (kept !== undefined && canonical(edited) === canonical(kept)) break;
        await Promise.all([tx.objectStore('athletes').put(edited), marks.mark('athlete', op.record.id)]);
        break;
      }
      case 'exercise': {
        const kept = await tx.objectStore('exercises').get(op.record.id);
        const edited = editExercise(kept, op.record, ctx.stamp());
        if (kept !== undefined && canonical(edited) === canonical(kept)) break;
        await Promise.all([tx.objectStore('exercises').put(edited), marks.mark('exercise', op.record.id)]);
        break;
      }
      case 'order':
        await Promise.all([tx.objectStore('order').put(orderEdit(op.order, ctx.stamp(), ctx.now()), ORDER_KEY), marks.mark('order', ORDER_KEY)]);
        break;
      case 'rate':
        if (await deleted(op.sessionId)) break;
        await update(op.sessionId, (kept) => {
          const notes = withNote(kept.notes ?? [], op.note, op.setStarts, ctx.stamp());
          return canonical(notes) === canonical(kept.notes ?? []) ? kept : { ...kept, notes, modifiedAt: Math.max(kept.modifiedAt, ctx.now()) };
        });
        break;
      case 'removeAthlete':
        if (await deleted(op.sessionId)) break;
        await update(op.sessionId, (kept) => removeAthleteFrom(kept, op.athleteId, ctx.stamp(), ctx.now()));
        break;
      case 'patchSession':
        if (await deleted(op.sessionId)) break;
        await update(op.sessionId, (kept) => editSession(kept, { ...kept, ...op.patch, modifiedAt: Math.max(kept.modifiedAt, ctx.now()) }, ctx.stamp()));
        break;
      case 'reassignSets': {
        if (await deleted(op.sessionId)) break;
        const from = new Set(op.from);
        const changed = await update(op.sessionId, (kept) => {
          const next = reassignedSets(kept, from, op.to);
          return next === null ? kept : editSession(kept, { ...next, modifiedAt: Math.max(kept.modifiedAt, ctx.now()) }, ctx.stamp());
        });
        // A session no one shared before: a sync pushed past its samples without sending them.
        if (changed) await marks.mark('samples', op.sessionId);
        break;
      }
      case 'deleteSession':
        await deleteSession(tx, op.sessionId, ctx, marks);
        break;
      case 'forgetAthlete':
        await Promise.all([tx.objectStore('athletes').delete(op.athleteId), tx.objectStore('changes').delete(['athlete', op.athleteId])]);
        break;
      case 'meta':
        await tx.objectStore('meta').put(op.value, op.key);
        break;
      case 'retime':
        for (const target of op.records) await retime(tx, target, (stamp) => op.stamps[stamp] ?? stamp, marks);
        break;
    }
  }
}

/** Deletes a session here: its tombstone replaces the record, its samples go. */
async function deleteSession(tx: WriteTx, sessionId: string, ctx: EditContext, marks: ChangeMarks): Promise<void> {
  const tombstones = tx.objectStore('tombstones');
  if ((await tombstones.getKey(sessionId)) !== undefined) return;
  await Promise.all([clearSession(tx, sessionId), tombstones.put(deletion(sessionId, ctx.stamp(), ctx.now())), marks.mark('session', sessionId), marks.mark('samples', sessionId)]);
}

/**
 * A record kept here with its stamps replaced (`JournalOp` `retime`), marked to push: a stamp an
 * edit made since has replaced is no longer there to replace, so that edit keeps its own.
 */
async function retime(tx: WriteTx, target: { kind: 'athlete' | 'exercise' | 'session' | 'order'; id: string }, map: (stamp: string) => string, marks: ChangeMarks): Promise<void> {
  const put = async <S extends 'athletes' | 'exercises' | 'sessions' | 'tombstones' | 'order'>(store: S, key: string) => {
    const kept = (await tx.objectStore(store).get(key)) as Parameters<typeof mapStamps>[0] | undefined;
    if (kept === undefined) return false;
    const again = mapStamps(kept, map);
    if (canonical(again) !== canonical(kept)) await Promise.all([store === 'order' ? tx.objectStore('order').put(again as never, key) : tx.objectStore(store).put(again as never), marks.mark(target.kind, target.id)]);
    return true;
  };
  switch (target.kind) {
    case 'athlete':
      await put('athletes', target.id);
      return;
    case 'exercise':
      await put('exercises', target.id);
      return;
    case 'session':
      if (!(await put('tombstones', target.id))) await put('sessions', target.id);
      return;
    case 'order':
      await put('order', ORDER_KEY);
      return;
  }
}

/** The record with tags: the owner doing the Unspecified exercise from the start (the recorder does not tag sessions while nobody is named). */
async function tagged(record: SessionRecord, ctx: EditContext): Promise<SessionRecord> {
  const owner = await ctx.owner();
  if (owner === undefined) throw new Error('The journal has no athlete to give a session to');
  return { ...record, settings: { ...record.settings, tags: firstTags({ athleteId: owner, exerciseId: UNSPECIFIED_EXERCISE_ID }) } };
}
