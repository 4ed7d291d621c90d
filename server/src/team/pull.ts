/**
 * A pull: the records changed since the device's cursor, oldest change first (docs/sync.md
 * "Pull"). The cursor is a team version: the reply holds the rows numbered after it, up to
 * `limit`, and the cursor to ask from next. The team's version and the rows at or below it are
 * read in one snapshot: every row numbered at or below a committed version was committed before
 * it (push.ts hands versions out under the team's lock), so a row committed late is never skipped.
 *
 * Samples are not in a pull: a device fetches a session's chunks and gaps when it needs them
 * (samples.ts).
 */
import type { Sql } from '../db/database';
import { isTombstone, type SessionCopy } from '../../../src/log/merge';
import { encode } from '../../../src/log/codec';
import { redactSession, type Viewer } from './access';
import { recordOf } from './store';

export type PulledKind = 'athlete' | 'exercise' | 'session' | 'order';

export interface PullReply {
  records: { kind: PulledKind; version: number; record: unknown }[];
  /** Where the next pull starts (opaque to the device: send it back as it came). */
  cursor: string;
  /** Whether more records wait beyond `limit`: pull again at once. */
  more: boolean;
}

/** The cursor text for a version, and back; throws for text the server did not make. */
export function cursorOf(version: number): string {
  return String(version);
}

export function versionOf(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  if (!/^\d{1,15}$/.test(cursor)) throw new Error(`${cursor} is not a cursor this server gave`);
  return Number(cursor);
}

/**
 * One statement, so one snapshot: the team's version and the rows at or below it are read
 * together (every row numbered at or below a committed version was committed before it), and a
 * pull costs one round trip. The team's version comes back as a last row of kind `head`.
 */
const PULL = `
  with head as (select version from teams where id = $1),
  changes as (
    select 'athlete' as kind, record, version, null::text as recorded_by from athletes
      where team_id = $1 and version > $2 and version <= (select version from head) and ($4::text is null or id = $4)
    union all
    select 'exercise', record, version, null from exercises
      where team_id = $1 and version > $2 and version <= (select version from head)
    union all
    select 'order', record, version, null from orders
      where team_id = $1 and version > $2 and version <= (select version from head) and $4::text is null
    union all
    select 'session', record, version, recorded_by from sessions
      where team_id = $1 and version > $2 and version <= (select version from head) and ($4::text is null or recorded_by = $5 or $4 = any(athlete_ids))
  )
  (select kind, record, version, recorded_by from changes order by version limit $3)
  union all
  (select 'head', null, version, null from head)`;

export async function pull(db: Sql, teamId: string, viewer: Viewer, after: number, limit: number): Promise<PullReply> {
  const coach = viewer.role === 'coach';
  // A coach's device passes nulls: every row (today's order included). An athlete's passes its athlete and device.
  const [athleteId, deviceId] = coach ? [null, null] : [viewer.athleteId, viewer.deviceId];
  const rows = await db.query<{ kind: PulledKind | 'head'; record: string | null; version: number; recorded_by: string | null }>(PULL, [teamId, after, limit + 1, athleteId, deviceId]);
  const head = rows.find((r) => r.kind === 'head');
  if (head === undefined) throw new Error(`no team ${teamId}`);
  const all = rows
    .filter((r) => r.kind !== 'head')
    .map((r) => ({
      kind: r.kind as PulledKind,
      version: r.version,
      record: r.kind === 'session' && !coach && r.recorded_by !== viewer.deviceId ? redacted(r.record!, viewer.athleteId!) : (JSON.parse(r.record!) as unknown),
    }));
  const more = all.length > limit;
  const records = all.slice(0, limit);
  return { records, cursor: cursorOf(more ? records.at(-1)!.version : Math.max(head.version, after)), more };
}

function redacted(text: string, athleteId: string): unknown {
  const copy = recordOf<SessionCopy>(text);
  return encode(isTombstone(copy) ? copy : redactSession(copy, athleteId));
}
