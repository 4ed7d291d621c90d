/**
 * The sessions an athlete's phone holds of its own athletes (docs/sync.md §10 "Sessions of the
 * phone's own athletes"): she trained alone as "Athlete 1" (or an "Ana" she made here) and then
 * joined her coach's team as the team's Ana. An athlete's phone shares only sessions naming its
 * athlete, so those would never reach the coach. Settings → Sync offers to count them as the
 * team athlete's: their sets are given to her as this device's stamped edits (log/edits.ts
 * `reassignedSets`, so merges and the sync carry them), the phone's own athletes leave its roster
 * (forgotten, or archived while something still names them), and the next run pushes the
 * sessions with their samples. Declined, nothing changes: the sessions stay on the phone, unshared,
 * and the offer stays.
 *
 * "Its own athletes": athletes other than the bound one whose every stamp was made here (with
 * this device's id, before or after joining) or by no device (the first start's athlete, records
 * kept before stamps). An athlete an athlete's phone pulled from the team (or a file brought) has
 * stamps of other devices: its sessions are left alone.
 */
import { reassignedSets } from '../log/edits';
import { parseStamp } from '../log/stamp';
import type { SessionRecord } from '../log/records';
import type { JournalOp } from '../journal/records';
import type { JournalStore } from '../journal/store';
import type { SyncJournal } from './context';
import { ownIdsOf, type Membership } from './membership';

type Athlete = Awaited<ReturnType<JournalStore['athletes']>>[number];

/** Who the phone trains for, and the sessions of its own athletes it could count as theirs. */
export interface PriorSessions {
  /** The athlete this device is bound to. */
  athlete: { id: string; name: string };
  /** The phone's own athletes with sets in those sessions, each with how many of the sessions name them. */
  from: { id: string; name: string; sessions: number }[];
  /** Every one of the phone's own athletes (those above, and any without a session): they leave its roster. */
  leaving: string[];
  /** How many sessions would be shared. */
  sessions: number;
  /** Whether every one of them started before the device joined. */
  allBeforeJoining: boolean;
}

export interface PriorOptions {
  /** The athlete this phone is bound to. */
  athleteId: string;
  /** The ids this device stamps with (its server id, and its own before it joined). */
  ownIds: ReadonlySet<string>;
  /** When the device joined, ms since the epoch. */
  joinedAt: number;
}

/** Who an athlete's phone trains for and which ids are its own; null on a coach's device, outside a team or after the server refused the device. */
export function priorOptionsOf(m: Membership | null): PriorOptions | null {
  if (m === null || m.refused || m.role !== 'athlete' || m.athleteId === null) return null;
  return { athleteId: m.athleteId, ownIds: ownIdsOf(m), joinedAt: m.joinedAt };
}

/** Whether `athlete` was made and edited on this device only. */
function madeHere(athlete: Athlete, ownIds: ReadonlySet<string>): boolean {
  return Object.values(athlete.stamps ?? {}).every((stamp) => {
    const { node } = parseStamp(stamp);
    return node === '' || ownIds.has(node);
  });
}

/** What the log holds of the phone's own athletes: them, and each session as it would be with their sets given to the bound athlete. */
async function survey(store: JournalStore, options: PriorOptions): Promise<{ bound: Athlete; own: Athlete[]; sessions: SessionRecord[]; moved: { before: SessionRecord; after: SessionRecord }[] } | null> {
  const [athletes, sessions] = await Promise.all([store.athletes(), store.sessions()]);
  const bound = athletes.find((a) => a.id === options.athleteId);
  if (bound === undefined) return null;
  const own = athletes.filter((a) => a.id !== bound.id && madeHere(a, options.ownIds)).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const ids = new Set(own.map((a) => a.id));
  const moved = sessions.flatMap((before) => {
    const after = reassignedSets(before, ids, bound.id);
    return after === null ? [] : [{ before, after }];
  });
  return { bound, own, sessions, moved };
}

const names = (session: SessionRecord) => new Set((session.settings.tags ?? []).map((t) => t.athleteId));

/** The offer, or null when there is nothing to offer (no session of the phone's own athletes, or the bound athlete not here yet). */
export async function findPriorSessions(store: JournalStore, options: PriorOptions): Promise<PriorSessions | null> {
  const found = await survey(store, options);
  if (found === null || found.moved.length === 0) return null;
  const from = found.own
    .map((a) => ({ id: a.id, name: a.name, sessions: found.moved.filter(({ before, after }) => names(before).has(a.id) && !names(after).has(a.id)).length }))
    .filter((a) => a.sessions > 0);
  return {
    athlete: { id: found.bound.id, name: found.bound.name },
    from,
    leaving: found.own.map((a) => a.name),
    sessions: found.moved.length,
    allBeforeJoining: found.moved.every(({ before }) => before.startedAt < options.joinedAt),
  };
}

/**
 * Gives the sets of the phone's own athletes to the bound athlete, and takes those athletes off
 * the phone's roster, in one write through the journal's `merge` (refused while a unit records;
 * who shows athletes and sessions reads them again); nothing when no session is left to change
 * (the question asked is no longer the log's). Returns how many sessions it changed.
 */
export async function sharePriorSessions(journal: Pick<SyncJournal, 'merge'>, options: PriorOptions, now: number): Promise<number> {
  return journal.merge(async (store) => {
    const found = await survey(store, options);
    if (found === null || found.moved.length === 0) return 0;
    const moved = new Map(found.moved.map(({ after }) => [after.id, after]));
    const named = new Set(found.sessions.flatMap((s) => [...names(moved.get(s.id) ?? s)]));
    const ordered = new Set((await store.order())?.order?.athleteIds ?? []);
    const ops: JournalOp[] = found.moved.map(({ before }) => ({ kind: 'reassignSets', sessionId: before.id, from: found.own.map((a) => a.id), to: found.bound.id }));
    for (const athlete of found.own) {
      if (named.has(athlete.id) || ordered.has(athlete.id)) {
        if (!athlete.archived) ops.push({ kind: 'athlete', record: { ...athlete, archived: true, modifiedAt: now } });
      } else ops.push({ kind: 'forgetAthlete', athleteId: athlete.id });
    }
    await store.write(ops);
    return found.moved.length;
  });
}
