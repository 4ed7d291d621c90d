/**
 * What the team server and a device say to each other about the log (docs/sync.md §3–§7), as
 * types both sides import: the server builds these replies and the app reads them, so one
 * definition keeps the two from drifting. Types only; the server's schemas validate them on the
 * wire.
 */
import type { WireEntry } from './validate';

/** What a device is in its team: a coach's (the whole team) or an athlete's (one athlete's sets). */
export type Role = 'coach' | 'athlete';

/** Why a push refused an entry (docs/sync.md §5). */
export type Refusal = 'invalid' | 'clock-ahead' | 'forbidden' | 'unknown-session' | 'deleted' | 'conflict';

/** What became of one entry of a push. */
export interface PushResult {
  /** The entry's place in the batch. */
  index: number;
  kind: WireEntry['kind'];
  id: string | null;
  seq?: number;
  status: 'stored' | 'unchanged' | 'refused';
  reason?: Refusal;
  message?: string;
  /** Parts of an accepted record left out (an athlete's device writing another device's session). */
  ignored?: string;
}

export interface PushReply {
  results: PushResult[];
  /** The team's version after the push. */
  version: number;
  serverTime: number;
}

/** A device of the team as a coach's device lists them (times in ms since the epoch). */
export interface DeviceRow {
  id: string;
  name: string;
  role: Role;
  athleteId: string | null;
  createdAt: number;
  lastSeenAt: number | null;
  revokedAt: number | null;
}
