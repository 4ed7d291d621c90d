/**
 * A session's samples, apart from pulls (docs/sync.md "Samples"): which chunk and gap numbers the
 * server holds (a device resumes an upload from there), and the chunks themselves, a page at a
 * time, when a device opens or reprocesses the session. An athlete's device gets the samples of a
 * session another device recorded only within its athlete's stretches of it.
 */
import type { Sql } from '../db/database';
import { encode } from '../../../src/log/codec';
import { isTombstone, type SessionCopy } from '../../../src/log/merge';
import type { SessionRecord } from '../../../src/log/records';
import { gapVisible, redactChunk, type Viewer } from './access';
import { unpackSamples } from './samplePack';
import { recordOf } from './store';

/** Why a device cannot have a session's samples, for a 4xx. */
export class SamplesError extends Error {
  constructor(
    readonly status: 403 | 404,
    readonly reason: 'forbidden' | 'not-found',
    message: string,
  ) {
    super(message);
  }
}

interface Access {
  record: SessionRecord;
  /** The athlete the samples are cut down to; null for the whole session. */
  cutTo: string | null;
}

/** The session and how much of it the device may see; `upload`: only a device that may add to it (a coach's, or the one that recorded it). */
async function access(db: Sql, teamId: string, viewer: Viewer, sessionId: string, upload: boolean): Promise<Access> {
  const [row] = await db.query<{ record: string; recorded_by: string | null; athlete_ids: string[] }>('select record, recorded_by, athlete_ids from sessions where team_id = $1 and id = $2', [teamId, sessionId]);
  const notFound = new SamplesError(404, 'not-found', `The server has no session ${sessionId}.`);
  if (row === undefined) throw notFound;
  const own = viewer.role === 'coach' || row.recorded_by === viewer.deviceId;
  if (!own && (upload || !row.athlete_ids.includes(viewer.athleteId!))) {
    throw new SamplesError(403, 'forbidden', upload ? 'An athlete’s device sends samples only of sessions it recorded.' : 'This session holds none of your athlete’s sets.');
  }
  const copy = recordOf<SessionCopy>(row.record);
  if (isTombstone(copy)) throw new SamplesError(404, 'not-found', `Session ${sessionId} was deleted.`);
  return { record: copy, cutTo: own ? null : viewer.athleteId };
}

/** Runs of consecutive numbers, [first, last] each. */
function runs(seqs: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const seq of seqs) {
    const last = out.at(-1);
    if (last !== undefined && last[1] === seq - 1) last[1] = seq;
    else out.push([seq, seq]);
  }
  return out;
}

export interface SamplesState {
  chunks: [number, number][];
  gaps: [number, number][];
  samples: number;
}

export async function samplesState(db: Sql, teamId: string, viewer: Viewer, sessionId: string): Promise<SamplesState> {
  await access(db, teamId, viewer, sessionId, true);
  const chunks = await db.query<{ seq: number; sample_count: number }>('select seq, sample_count from chunks where team_id = $1 and session_id = $2 order by seq', [teamId, sessionId]);
  const gaps = await db.query<{ seq: number }>('select seq from gaps where team_id = $1 and session_id = $2 order by seq', [teamId, sessionId]);
  return { chunks: runs(chunks.map((c) => c.seq)), gaps: runs(gaps.map((g) => g.seq)), samples: chunks.reduce((n, c) => n + c.sample_count, 0) };
}

export interface SamplesPage {
  chunks: unknown[];
  gaps: unknown[];
  /** The chunk number to ask from next; null after the last. */
  next: number | null;
}

/** Chunks from number `from` on, up to `limit` of them, and every gap (few), in the wire's JSON. */
export async function samplesPage(db: Sql, teamId: string, viewer: Viewer, sessionId: string, from: number, limit: number): Promise<SamplesPage> {
  const { record, cutTo } = await access(db, teamId, viewer, sessionId, false);
  const rows = await db.query<{ seq: number; samples: Uint8Array }>('select seq, samples from chunks where team_id = $1 and session_id = $2 and seq >= $3 order by seq limit $4', [teamId, sessionId, from, limit + 1]);
  const more = rows.length > limit;
  const chunks = rows.slice(0, limit).flatMap((r) => {
    const chunk = { sessionId, seq: r.seq, ...unpackSamples(r.samples) };
    const seen = cutTo === null ? chunk : redactChunk(chunk, record, cutTo);
    return seen === null ? [] : [encode(seen)];
  });
  const gapRows = await db.query<{ seq: number; from_us: number; to_us: number }>('select seq, from_us, to_us from gaps where team_id = $1 and session_id = $2 order by seq', [teamId, sessionId]);
  const gaps = gapRows.map((g) => ({ sessionId, seq: g.seq, fromUs: g.from_us, toUs: g.to_us })).filter((g) => cutTo === null || gapVisible(g, record, cutTo));
  return { chunks, gaps: gaps.map((g) => encode(g)), next: more ? rows[limit]!.seq : null };
}
