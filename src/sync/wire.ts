/**
 * The team server's wire as the app reads and writes it (docs/sync.md §2, §4–§7): request bodies
 * in the JSON of log/codec.ts, records read back checked by the app's own parsers, and the
 * server's error shape. Pure: no network (client.ts sends), no storage.
 */
import { decode, encode } from '../log/codec';
import type { DeviceRow, Role } from '../log/protocol';
import { checkWireEntry, type WireEntry } from '../log/validate';

export type { WireEntry } from '../log/validate';
export type { PushReply, PushResult, Refusal, Role } from '../log/protocol';

/** The kinds of record a push carries besides samples. */
export type RecordKind = 'athlete' | 'exercise' | 'session' | 'order';

/** One record of a pull, as sent (decode it with `pulledEntry`). */
export interface PulledRecord {
  kind: string;
  version: number;
  record: unknown;
}

export interface PullReply {
  records: PulledRecord[];
  cursor: string;
  more: boolean;
  serverTime: number;
}

export interface SamplesState {
  /** Runs of chunk numbers the server holds, [first, last] each. */
  chunks: [number, number][];
  gaps: [number, number][];
  samples: number;
  serverTime: number;
}

export interface SamplesPage {
  chunks: unknown[];
  gaps: unknown[];
  next: number | null;
  serverTime: number;
}

export interface Joined {
  deviceId: string;
  token: string;
  role: Role;
  athleteId: string | null;
  team: { id: string; name: string };
  serverTime: number;
}

export interface Me {
  deviceId: string;
  role: Role;
  athleteId: string | null;
  team: { id: string; name: string };
  serverTime: number;
}

/** A device of the team, as a coach's device lists them, and whether it is this one. */
export interface TeamDevice extends DeviceRow {
  thisDevice: boolean;
}

export interface JoinCode {
  code: string;
  role: Role;
  athleteId: string | null;
  expiresAt: number;
  serverTime: number;
}

/** A reply of the team server other than 2xx: `reason` for code, `message` one sentence for a person (docs/sync.md §2). */
export class ServerError extends Error {
  override readonly name = 'ServerError';
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** No answer came from the server (offline, refused, cut, timed out). */
export class Unreachable extends Error {
  override readonly name = 'Unreachable';
}

/** The error an unsuccessful reply's body describes, in the server's shape or not. */
export function serverError(status: number, body: unknown): ServerError {
  const b = body as { reason?: unknown; message?: unknown } | null;
  const reason = typeof b?.reason === 'string' ? b.reason : `http-${status}`;
  const message = typeof b?.message === 'string' && b.message !== '' ? b.message : `The team server answered ${status}${status >= 500 ? ' (a fault on the server)' : ''}.`;
  return new ServerError(status, reason, message);
}

/** A push's body: each entry's record in the wire's JSON. */
export function pushBody(entries: readonly WireEntry[]): string {
  return JSON.stringify({ records: entries.map((e) => ({ kind: e.kind, record: encode(e.record) })) });
}

/** A pulled record decoded and checked; throws a clear Error naming what is wrong. */
export function pulledEntry(raw: { kind: unknown; record: unknown }): WireEntry {
  return checkWireEntry(raw.kind, decode(raw.record));
}

/** A samples page's chunks and gaps, decoded and checked, for the journal's merge. */
export function sampleEntries(page: Pick<SamplesPage, 'chunks' | 'gaps'>): WireEntry[] {
  return [...page.chunks.map((c) => checkWireEntry('chunk', decode(c))), ...page.gaps.map((g) => checkWireEntry('gap', decode(g)))];
}

/** Whether `seq` lies in one of `runs`. */
export function inRuns(seq: number, runs: readonly (readonly [number, number])[]): boolean {
  return runs.some(([first, last]) => seq >= first && seq <= last);
}

/** The first number from 0 on that no run holds. */
export function firstMissing(runs: readonly (readonly [number, number])[]): number {
  let seq = 0;
  for (const [first, last] of [...runs].sort((a, b) => a[0] - b[0])) {
    if (first > seq) break;
    seq = Math.max(seq, last + 1);
  }
  return seq;
}
