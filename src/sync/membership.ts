/**
 * This device's place in a team, kept in its own storage (localStorage `repline.sync.v1`, beside
 * the settings): the server's address, the token the server gave it when it joined, and what the
 * join said (device id, team, role, athlete). Not in the journal's IndexedDB: a backup of the log
 * carries no credential. The token is read only by the client that sends it (client.ts); the
 * views get the membership without it (`MembershipView`).
 *
 * Also kept: the server's clock minus this device's as last measured (so that edits made offline
 * after a reload are still timed by the server's clock), when the last sync ended, and whether the
 * server has refused the token (the device must join again).
 */
import type { StoragePort } from '../platform/storage/port';
import type { Role } from './wire';

export const SYNC_KEY = 'repline.sync.v1';

export interface Membership {
  /** The server's address (address.ts). */
  server: string;
  token: string;
  deviceId: string;
  deviceName: string;
  team: { id: string; name: string };
  role: Role;
  /** The athlete an athlete's device is bound to; null on a coach's. */
  athleteId: string | null;
  joinedAt: number;
  /** The ids this device stamped edits with before it joined (its own UUID): its edits, whichever id they carry. */
  formerIds: string[];
  /** The server's clock minus this device's, ms, as last measured. */
  offsetMs: number;
  lastSyncAt: number | null;
  /** Whether the first sync after joining is still to come (it pulls before it pushes). */
  firstSync: boolean;
  /** The server refused the token (revoked, or the device left from elsewhere): join again. */
  refused: boolean;
  /** An athlete's device has brought its athlete up once. */
  broughtUp: boolean;
}

/** The ids this device's edits carry: its id in the team, and those it stamped with before. */
export function ownIdsOf(membership: Pick<Membership, 'deviceId' | 'formerIds'>): ReadonlySet<string> {
  return new Set([membership.deviceId, ...membership.formerIds]);
}

/** The membership as views show it: everything but the token. */
export type MembershipView = Omit<Membership, 'token'>;

export function viewOf(membership: Membership): MembershipView {
  const { token: _token, ...view } = membership;
  return view;
}

/** The membership kept, or null when there is none (or it cannot be read: the device joins again). */
export function readMembership(storage: StoragePort): Membership | null {
  let kept: Partial<Membership> | null;
  try {
    kept = JSON.parse(storage.read(SYNC_KEY) ?? 'null') as Partial<Membership> | null;
  } catch {
    return null;
  }
  const text = (x: unknown): x is string => typeof x === 'string' && x !== '';
  if (kept === null || typeof kept !== 'object' || !text(kept.server) || !text(kept.token) || !text(kept.deviceId) || !text(kept.team?.id)) return null;
  if (kept.role !== 'coach' && kept.role !== 'athlete') return null;
  return {
    server: kept.server,
    token: kept.token,
    deviceId: kept.deviceId,
    deviceName: typeof kept.deviceName === 'string' ? kept.deviceName : '',
    team: { id: kept.team.id, name: typeof kept.team.name === 'string' ? kept.team.name : '' },
    role: kept.role,
    athleteId: typeof kept.athleteId === 'string' ? kept.athleteId : null,
    joinedAt: Number.isFinite(kept.joinedAt) ? kept.joinedAt! : 0,
    formerIds: Array.isArray(kept.formerIds) ? kept.formerIds.filter(text) : [],
    offsetMs: Number.isFinite(kept.offsetMs) ? kept.offsetMs! : 0,
    lastSyncAt: Number.isFinite(kept.lastSyncAt) ? kept.lastSyncAt! : null,
    firstSync: kept.firstSync === true,
    refused: kept.refused === true,
    broughtUp: kept.broughtUp === true,
  };
}

export function writeMembership(storage: StoragePort, membership: Membership): void {
  storage.write(SYNC_KEY, JSON.stringify(membership));
}

export function forgetMembership(storage: StoragePort): void {
  storage.remove(SYNC_KEY);
}
