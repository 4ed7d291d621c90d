/**
 * The team and its devices: the first start makes the team; a device joins with a code and gets
 * its id and token; a request's token says which device (and so which team and role) it is; a
 * coach revokes a device, which then gets 401 at once. docs/sync.md "Joining".
 *
 * Codes: a coach's code lets any number of devices join as coaches until it expires (a coach
 * joins a tablet, a desktop and a phone); an athlete's code, made by a coach's device for one
 * athlete, joins one device once.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Sql } from '../db/database';
import type { DeviceRow, Role } from '../../../src/log/protocol';
import type { Viewer } from './access';
import { hashSecret, newJoinCode, newToken, normalizeJoinCode } from './secrets';

export const COACH_CODE_TTL_MS = 24 * 3_600_000;
export const ATHLETE_CODE_TTL_MS = 7 * 24 * 3_600_000;

export interface Team {
  id: string;
  name: string;
}

/** The device a request comes from: who it is (`Viewer`) and its team. */
export interface Device extends Viewer {
  teamId: string;
  name: string;
}

/** Why a join or a new code was refused, for a 4xx with `reason`. */
export class TeamError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export async function createTeam(db: Sql, name: string): Promise<Team> {
  const id = randomUUID();
  await db.query('insert into teams (id, name) values ($1, $2)', [id, name]);
  return { id, name };
}

/** The server's team: the one there is, made on the first start. */
export async function theTeam(db: Sql, name: string): Promise<{ team: Team; created: boolean }> {
  const rows = await db.query<{ id: string; name: string }>('select id, name from teams order by created_at limit 1');
  if (rows.length > 0) return { team: rows[0]!, created: false };
  return { team: await createTeam(db, name), created: true };
}

/** Whether the team has a coach's device that is not revoked. */
export async function hasCoach(db: Sql, teamId: string): Promise<boolean> {
  const rows = await db.query("select 1 from devices where team_id = $1 and role = 'coach' and revoked_at is null limit 1", [teamId]);
  return rows.length > 0;
}

/** A new join code (shown once; only its hash is kept). An athlete's must name an athlete the team has. */
export async function makeJoinCode(db: Sql, input: { teamId: string; role: Role; athleteId: string | null; createdBy: string | null; now: number }): Promise<{ code: string; expiresAt: number }> {
  if (input.role === 'athlete') {
    if (input.athleteId === null) throw new TeamError(400, 'invalid', 'An athlete’s join code names the athlete it joins as.');
    const known = await db.query('select 1 from athletes where team_id = $1 and id = $2', [input.teamId, input.athleteId]);
    if (known.length === 0) throw new TeamError(409, 'unknown-athlete', `The team has no athlete ${input.athleteId} yet: push the athlete first.`);
  }
  const code = newJoinCode();
  const expiresAt = input.now + (input.role === 'coach' ? COACH_CODE_TTL_MS : ATHLETE_CODE_TTL_MS);
  await db.query('insert into join_codes (code_hash, team_id, role, athlete_id, created_by, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)', [
    hashSecret(normalizeJoinCode(code)),
    input.teamId,
    input.role,
    input.role === 'athlete' ? input.athleteId : null,
    input.createdBy,
    new Date(input.now),
    new Date(expiresAt),
  ]);
  return { code, expiresAt };
}

/** A device joins with `code`: its id and token (the only time the token is seen). */
export async function joinTeam(db: Database, input: { code: string; deviceName: string; now: number }): Promise<{ device: Device; token: string }> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ team_id: string; role: Role; athlete_id: string | null; expires_at: Date; used_at: Date | null }>(
      'select team_id, role, athlete_id, expires_at, used_at from join_codes where code_hash = $1 for update',
      [hashSecret(normalizeJoinCode(input.code))],
    );
    const code = rows[0];
    const refused = 'This join code is not valid: it may be mistyped, expired or already used. Ask the coach for a new one.';
    if (code === undefined || code.expires_at.getTime() <= input.now || (code.role === 'athlete' && code.used_at !== null)) throw new TeamError(401, 'bad-code', refused);
    const token = newToken();
    const device: Device = { deviceId: randomUUID(), teamId: code.team_id, role: code.role, athleteId: code.athlete_id, name: input.deviceName };
    await tx.query('insert into devices (id, team_id, name, role, athlete_id, token_hash, created_at, last_seen_at) values ($1, $2, $3, $4, $5, $6, $7, $7)', [
      device.deviceId,
      device.teamId,
      device.name,
      device.role,
      device.athleteId,
      hashSecret(token),
      new Date(input.now),
    ]);
    await tx.query('update join_codes set used_at = coalesce(used_at, $2) where code_hash = $1', [hashSecret(normalizeJoinCode(input.code)), new Date(input.now)]);
    return { device, token };
  });
}

/** The device a bearer token belongs to; null for an unknown or revoked token. */
export async function deviceOfToken(db: Sql, token: string): Promise<Device | null> {
  const rows = await db.query<{ id: string; team_id: string; name: string; role: Role; athlete_id: string | null }>('select id, team_id, name, role, athlete_id from devices where token_hash = $1 and revoked_at is null', [hashSecret(token)]);
  const row = rows[0];
  return row === undefined ? null : { deviceId: row.id, teamId: row.team_id, name: row.name, role: row.role, athleteId: row.athlete_id };
}

/** Notes that the device was seen (at most once a minute, so reads stay reads). */
export async function touchDevice(db: Sql, deviceId: string, now: number): Promise<void> {
  await db.query("update devices set last_seen_at = $2 where id = $1 and (last_seen_at is null or last_seen_at < $2::timestamptz - interval '1 minute')", [deviceId, new Date(now)]);
}

export async function listDevices(db: Sql, teamId: string): Promise<DeviceRow[]> {
  const rows = await db.query<{ id: string; name: string; role: Role; athlete_id: string | null; created_at: Date; last_seen_at: Date | null; revoked_at: Date | null }>(
    'select id, name, role, athlete_id, created_at, last_seen_at, revoked_at from devices where team_id = $1 order by created_at, id',
    [teamId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, role: r.role, athleteId: r.athlete_id, createdAt: r.created_at.getTime(), lastSeenAt: r.last_seen_at?.getTime() ?? null, revokedAt: r.revoked_at?.getTime() ?? null }));
}

/** Revokes a device of the team (its token stops working at once); false when the team has no such device. */
export async function revokeDevice(db: Sql, teamId: string, deviceId: string, now: number): Promise<boolean> {
  const rows = await db.query('update devices set revoked_at = coalesce(revoked_at, $3) where team_id = $1 and id = $2 returning id', [teamId, deviceId, new Date(now)]);
  return rows.length > 0;
}
