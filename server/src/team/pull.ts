/**
 * A pull: the records changed since the device's cursor, oldest change first (docs/sync.md
 * "Pull"). The cursor is a team version: the reply holds the rows numbered after it, up to
 * `limit`, and the cursor to ask from next. The team's version is read first, then the rows at or
 * below it: every row numbered at or below a committed version was committed before it (push.ts
 * hands versions out under the team's lock), so a row committed late is never skipped.
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

export async function pull(db: Sql, teamId: string, viewer: Viewer, after: number, limit: number): Promise<PullReply> {
  const [team] = await db.query<{ version: number }>('select version from teams where id = $1', [teamId]);
  const upTo = team!.version;
  const window = [teamId, after, upTo, limit + 1];
  const coach = viewer.role === 'coach';
  // A coach's device passes nulls: every row. An athlete's passes its athlete and device.
  const [athleteId, deviceId] = coach ? [null, null] : [viewer.athleteId, viewer.deviceId];
  type Row = { id: string; record: string; version: number };
  const athletes = await db.query<Row>('select id, record, version from athletes where team_id = $1 and version > $2 and version <= $3 and ($5::text is null or id = $5) order by version limit $4', [...window, athleteId]);
  const exercises = await db.query<Row>('select id, record, version from exercises where team_id = $1 and version > $2 and version <= $3 order by version limit $4', window);
  const orders = await db.query<Row>('select team_id as id, record, version from orders where team_id = $1 and version > $2 and version <= $3 and $5::boolean order by version limit $4', [...window, coach]);
  const sessions = await db.query<Row & { recorded_by: string | null }>(
    'select id, record, version, recorded_by from sessions where team_id = $1 and version > $2 and version <= $3 and ($5::text is null or recorded_by = $5 or $6 = any(athlete_ids)) order by version limit $4',
    [...window, deviceId, athleteId],
  );
  const all = [
    ...athletes.map((r) => ({ kind: 'athlete' as const, version: r.version, record: JSON.parse(r.record) as unknown })),
    ...exercises.map((r) => ({ kind: 'exercise' as const, version: r.version, record: JSON.parse(r.record) as unknown })),
    ...orders.map((r) => ({ kind: 'order' as const, version: r.version, record: JSON.parse(r.record) as unknown })),
    ...sessions.map((r) => ({ kind: 'session' as const, version: r.version, record: coach || r.recorded_by === viewer.deviceId ? (JSON.parse(r.record) as unknown) : redacted(r.record, viewer.athleteId!) })),
  ].sort((a, b) => a.version - b.version);
  const more = all.length > limit;
  const records = all.slice(0, limit);
  return { records, cursor: cursorOf(more ? records.at(-1)!.version : Math.max(upTo, after)), more };
}

function redacted(text: string, athleteId: string): unknown {
  const copy = recordOf<SessionCopy>(text);
  return encode(isTombstone(copy) ? copy : redactSession(copy, athleteId));
}
