/**
 * Pushing what changed here since the last push (docs/sync.md §5, §7, §10): the journal's change
 * index read page by page above the mark kept in the journal (`sync.pushed`); each page's records
 * sent first (athletes, exercises, today's order, sessions), then the samples of each session
 * whose samples grew, from where the server's `samples/state` says it stopped; the mark moved past
 * the page once every entry of it was answered. A run cut anywhere (a dropped link, the app
 * closed) starts again from the mark: whatever was sent twice the server answers `unchanged`.
 *
 * Refusals are handled by their reason: `clock-ahead` re-times the device's refused edits by the
 * server's clock (retime.ts) and sends them again, once; `invalid` and `conflict` are kept as the
 * run's problems (the record stays here, and is not sent again until it changes); `forbidden` is
 * a coach's problem and, for an athlete's device, what it expected (see `shares`); `deleted`
 * stops the samples of a session deleted elsewhere.
 */
import { stampsIn } from '../log/edits';
import { isTombstone } from '../log/merge';
import type { ChunkRecord, GapRecord } from '../log/records';
import type { Stamp } from '../log/stamp';
import type { ChangedEntry } from '../journal/store';
import { encode } from '../log/codec';
import { META, type RunContext } from './context';
import { retimedStamps } from './retime';
import { firstMissing, inRuns, ServerError, type PushResult, type RecordKind, type WireEntry } from './wire';

/** Change rows read at a time. */
const CHANGES_PER_PAGE = 200;
/** Records per request at most, and their JSON at most (well under the server's 8 MiB, decompressed). */
const RECORDS_PER_PUSH = 500;
const BYTES_PER_PUSH = 2 * 1024 * 1024;
/** Sample chunks per request: about a second of samples each, some 4.4 kB of JSON. */
export const CHUNKS_PER_PUSH = 250;

const ORDER: Record<RecordKind, number> = { athlete: 0, exercise: 1, order: 2, session: 3 };

type RecordEntry = Exclude<ChangedEntry, { kind: 'samples' }>;

/** What a push did. */
export interface PushReport {
  /** Records and sample chunks or gaps the server took (stored or already held). */
  sent: number;
  /** Edits re-timed by the server's clock. */
  retimed: number;
}

/** Whether this device shares `entry` with the team: an athlete's device only its athlete's sessions (docs/sync.md §9). */
function shares(ctx: RunContext, entry: RecordEntry): boolean {
  if (ctx.role === 'coach') return true;
  if (entry.kind !== 'session') return false;
  return isTombstone(entry.record) || (entry.record.settings.tags ?? []).some((t) => t.athleteId === ctx.athleteId);
}

/** A record, named for a sentence. */
function named(entry: { kind: string; record: unknown }): string {
  const r = entry.record as { id?: string; name?: string; sessionId?: string; seq?: number };
  if (entry.kind === 'athlete' || entry.kind === 'exercise') return `The ${entry.kind} ${r.name ?? r.id}`;
  if (entry.kind === 'order') return 'Today’s order';
  if (entry.kind === 'session') return `Session ${r.id}`;
  return `Samples ${r.seq} of session ${r.sessionId}`;
}

/** `entries` in requests of at most RECORDS_PER_PUSH records and BYTES_PER_PUSH of JSON. */
function requests(entries: readonly WireEntry[]): WireEntry[][] {
  const out: WireEntry[][] = [];
  let current: WireEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = JSON.stringify(encode(entry.record)).length;
    if (current.length > 0 && (current.length >= RECORDS_PER_PUSH || bytes + size > BYTES_PER_PUSH)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Sends `entries` in one request, halved while the server finds it too large; the results in their order, with the reply's clock. */
async function send(ctx: RunContext, entries: readonly WireEntry[]): Promise<{ results: PushResult[]; serverTime: number }> {
  try {
    const reply = await ctx.client.push(entries);
    return { results: reply.results, serverTime: reply.serverTime };
  } catch (error) {
    if (!(error instanceof ServerError && error.reason === 'too-large' && entries.length > 1)) throw error;
    const half = Math.ceil(entries.length / 2);
    const first = await send(ctx, entries.slice(0, half));
    const second = await send(ctx, entries.slice(half));
    return { results: [...first.results, ...second.results.map((r) => ({ ...r, index: r.index + half }))], serverTime: second.serverTime };
  }
}

/**
 * Pushes records; returns those refused as stamped in the future, and the server's clock then.
 * Other refusals become the run's problems.
 */
async function pushRecords(ctx: RunContext, entries: readonly RecordEntry[]): Promise<{ sent: number; ahead: RecordEntry[]; serverTime: number }> {
  let sent = 0;
  const ahead: RecordEntry[] = [];
  let serverTime = 0;
  const sorted = [...entries].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  for (const batch of requests(sorted)) {
    const reply = await send(ctx, batch);
    serverTime = reply.serverTime;
    for (const result of reply.results) {
      const entry = batch[result.index] as RecordEntry;
      if (result.status !== 'refused') sent++;
      else if (result.reason === 'clock-ahead') ahead.push(entry);
      else if (result.reason !== 'forbidden' || ctx.role === 'coach') ctx.problem(`${named(entry)} was refused by the team server: ${result.message ?? result.reason}`);
    }
  }
  return { sent, ahead, serverTime };
}

/**
 * Gives this device's future stamps in `refused` their time by the server's clock, in the journal
 * (changes numbered after the page, so the loop sends them again), and restarts the edit clock
 * from the latest stamp received from the server and the new stamps.
 */
async function retime(ctx: RunContext, refused: readonly RecordEntry[], serverTime: number): Promise<number> {
  const seen = (await ctx.store.meta(META.seen)) as Stamp | undefined;
  ctx.journal.clock.restart(seen === undefined ? [] : [seen]);
  const stamps = retimedStamps({ stamps: refused.flatMap((e) => stampsIn(e.record)), ownIds: ctx.ownIds, offsetMs: ctx.offsetMs(), serverTime }, () => ctx.journal.clock.next());
  for (const stamp of stamps.values()) ctx.journal.clock.observe(stamp);
  if (stamps.size === 0) return 0;
  const records = refused.map((e) => ({ kind: e.kind, id: e.kind === 'order' ? 'team' : e.record.id }));
  await ctx.store.write([{ kind: 'retime', records, stamps: Object.fromEntries(stamps) }]);
  return stamps.size;
}

/** Pushes chunks or gaps of one session; false when the server will take no more of them (deleted there, not this device's). */
async function pushSampleBatch(ctx: RunContext, entries: readonly WireEntry[]): Promise<{ sent: number; more: boolean }> {
  const { results } = await send(ctx, entries);
  let sent = 0;
  for (const result of results) {
    if (result.status !== 'refused') sent++;
    else if (result.reason === 'deleted' || result.reason === 'forbidden') return { sent, more: false };
    else ctx.problem(`${named(entries[result.index]!)} was refused by the team server: ${result.message ?? result.reason}`);
  }
  return { sent, more: true };
}

/**
 * Pushes the samples of `sessionId` the server lacks: `samples/state` says which numbers it holds.
 * A session the server does not know yet gets its record pushed first.
 */
async function pushSamples(ctx: RunContext, sessionId: string): Promise<number> {
  let state;
  try {
    state = await ctx.client.samplesState(sessionId);
  } catch (error) {
    if (!(error instanceof ServerError) || (error.status !== 404 && error.status !== 403)) throw error;
    if (error.status === 403) return 0;
    const record = await ctx.store.session(sessionId);
    if (record === undefined || !shares(ctx, { kind: 'session', record })) return 0;
    await pushRecords(ctx, [{ kind: 'session', record }]);
    try {
      state = await ctx.client.samplesState(sessionId);
    } catch (again) {
      if (again instanceof ServerError && (again.status === 404 || again.status === 403)) return 0;
      throw again;
    }
  }
  let sent = 0;
  for (let from = firstMissing(state.chunks); ; ) {
    const chunks: ChunkRecord[] = await ctx.store.chunks(sessionId, from, CHUNKS_PER_PUSH);
    if (chunks.length === 0) break;
    const missing = chunks.filter((c) => !inRuns(c.seq, state.chunks));
    if (missing.length > 0) {
      const pushed = await pushSampleBatch(ctx, missing.map((record) => ({ kind: 'chunk', record })));
      sent += pushed.sent;
      if (!pushed.more) return sent;
    }
    from = chunks.at(-1)!.seq + 1;
  }
  const gaps: GapRecord[] = (await ctx.store.gaps(sessionId)).filter((g) => !inRuns(g.seq, state.gaps));
  if (gaps.length > 0) sent += (await pushSampleBatch(ctx, gaps.map((record) => ({ kind: 'gap', record })))).sent;
  return sent;
}

/** Pushes every change above the mark kept in the journal, and moves the mark past what was answered. */
export async function pushChanges(ctx: RunContext): Promise<PushReport> {
  const report: PushReport = { sent: 0, retimed: 0 };
  /** Records re-timed in this run: one refused again is left (and said), not re-timed for ever. */
  const retimedOnce = new Set<string>();
  let mark = Number((await ctx.store.meta(META.pushed)) ?? 0);
  // What changes while the run pushes (a unit recording adds a chunk a second) waits for the next
  // run, or the run would chase the recording for as long as it lasts.
  let end = await ctx.store.lastChange();
  for (;;) {
    const rows = (await ctx.store.changesAfter(mark, CHANGES_PER_PAGE)).filter((r) => r.change <= end);
    if (rows.length === 0) return report;
    const records = rows.map((r) => r.entry).filter((e): e is RecordEntry => e.kind !== 'samples' && shares(ctx, e));
    if (records.length > 0) {
      const { sent, ahead, serverTime } = await pushRecords(ctx, records);
      report.sent += sent;
      const key = (e: RecordEntry) => `${e.kind}:${e.kind === 'order' ? '' : e.record.id}`;
      const again = ahead.filter((e) => retimedOnce.has(key(e)));
      for (const entry of again) ctx.problem(`${named(entry)} was refused again as stamped ahead of the team server’s clock; it stays on this device until it is changed again.`);
      const fresh = ahead.filter((e) => !retimedOnce.has(key(e)));
      for (const entry of fresh) retimedOnce.add(key(entry));
      if (fresh.length > 0) {
        report.retimed += await retime(ctx, fresh, serverTime);
        end = await ctx.store.lastChange();
      }
    }
    const samples = [...new Set(rows.flatMap((r) => (r.entry.kind === 'samples' ? [r.entry.sessionId] : [])))];
    for (const sessionId of samples) {
      if (ctx.role === 'athlete' && !(await ctx.store.recordedHere(sessionId))) continue;
      report.sent += await pushSamples(ctx, sessionId);
    }
    mark = rows.at(-1)!.change;
    await ctx.store.write([{ kind: 'meta', key: META.pushed, value: mark }]);
  }
}
