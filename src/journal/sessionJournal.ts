/**
 * Writes the live session to the journal as it is recorded, so a reload, a tab crash or a locked
 * phone loses at most the last second of samples.
 *
 * Design notes for the next hacker:
 * - `append` only buffers and never waits or throws for storage: the sample path must stay
 *   cheap and alive. A buffered second (device time) or a timer tick (wall clock, default 1 s)
 *   turns the buffer into a chunk; the page-hide hook (see `pageLifecycle.ts`) flushes on demand.
 * - Writes go through one queue, drained by one writer at a time, in order, in atomic batches:
 *   chunk n+1 is never stored without chunk n, so storage always holds a gap-free prefix.
 * - A failed write leaves its ops queued (samples stay in memory), is reported once through
 *   `onStorageError`, and is retried on every tick until it succeeds (`onStorageRestored`).
 *   After `finish`, the timer keeps retrying until the queue is empty or `dispose` is called.
 * - Memory is bounded: once `maxUnsavedSamples` wait unsaved while writes fail (a burst of
 *   appends while storage works is not a failure: it is written behind), the journal stops taking this
 *   session's samples and gaps (`onFull`, once). It never takes them up again, even when storage
 *   recovers, because a journal with a hole would be recovered as one continuous set. The caller
 *   (the live session) still holds every sample, so the user can export them.
 * - The class is DOM-free: clock, timer and id source are injected.
 */
import { checkPlates, type ChunkRecord, type JournalSettings, type SessionRecord, type SessionStart, type SessionSummary } from '../log/records';
import { type JournalOp, type LoadedSession } from './records';
import type { SetRecord } from '../rules/setRecords';
import type { SetNote } from '../rules/setTags';
import { JournalStorageError } from './storageError';
import type { JournalStore } from './store';

export interface SessionJournalOptions {
  store: JournalStore;
  /** Wall clock, ms since the epoch (start and finish times). */
  now?: () => number;
  /** Starts a repeating timer and returns its cancel function. */
  every?: (ms: number, tick: () => void) => () => void;
  newId?: () => string;
  /** Longest time a sample waits in memory, both in wall-clock ms and device-time ms. */
  flushIntervalMs?: number;
  /** Most ops per transaction, so catching up after a long failure is done in bounded steps. */
  maxOpsPerWrite?: number;
  /**
   * Most samples held unsaved (buffered or queued) before the journal stops taking this session's
   * samples. The default keeps a page-hide copy (journalTail.ts) well inside localStorage's
   * quota: 24 000 samples are 2 minutes at 200 Hz and about 0.7 MB as JSON.
   */
  maxUnsavedSamples?: number;
  /** The journal stopped taking samples from `fromUs` on (memory bound reached during a failure). */
  onFull?: (info: JournalFull) => void;
  /** First failed write after a success: tell the user (the error's message is for them). */
  onStorageError?: (error: JournalStorageError) => void;
  /** A write succeeded again after a failure: everything queued so far is stored. */
  onStorageRestored?: () => void;
}

export interface JournalFull {
  /** Device time of the first sample the journal did not take. */
  fromUs: number;
  /** Samples held unsaved when it stopped, and the device time of the oldest of them. */
  unsavedSamples: number;
  unsavedFromUs: number;
}

/** What the journal holds but has not stored, in order: for a synchronous copy when the page goes. */
export interface UnsavedPart {
  timeUs: number[];
  angleDeg: number[];
  gaps: { fromUs: number; toUs: number }[];
}

export const DEFAULT_MAX_UNSAVED_SAMPLES = 24_000;

export type FlushResult =
  | { kind: 'saved' }
  | { kind: 'memory-only'; error: JournalStorageError; unsavedSamples: number };

type Phase = 'idle' | 'recording' | 'finished' | 'disposed';

const defaultEvery = (ms: number, tick: () => void): (() => void) => {
  const handle = setInterval(tick, ms);
  return () => clearInterval(handle);
};

export class SessionJournal {
  private readonly store: JournalStore;
  private readonly now: () => number;
  private readonly every: (ms: number, tick: () => void) => () => void;
  private readonly newId: () => string;
  private readonly flushIntervalMs: number;
  private readonly maxOpsPerWrite: number;
  private readonly maxUnsavedSamples: number;
  private readonly onFull: (info: JournalFull) => void;
  private readonly onStorageError: (error: JournalStorageError) => void;
  private readonly onStorageRestored: () => void;

  private phase: Phase = 'idle';
  private record: SessionRecord | null = null;
  private nextChunkSeq = 0;
  private nextGapSeq = 0;
  private pendingTime: number[] = [];
  private pendingAngle: number[] = [];
  private readonly queue: JournalOp[] = [];
  /** Samples in the queue's chunks (kept, so `append` need not walk the queue). */
  private queuedSamples = 0;
  private full: JournalFull | null = null;
  /** Each set's RPE and note as last handed to the store (by the note's time), so a rating is written once. */
  private readonly ratings = new Map<number, { rpe: number | null; note: string }>();
  private writer: Promise<FlushResult> = Promise.resolve({ kind: 'saved' });
  private failure: JournalStorageError | null = null;
  private stopTimer: (() => void) | null = null;

  constructor(options: SessionJournalOptions) {
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.every = options.every ?? defaultEvery;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.maxOpsPerWrite = options.maxOpsPerWrite ?? 64;
    this.maxUnsavedSamples = options.maxUnsavedSamples ?? DEFAULT_MAX_UNSAVED_SAMPLES;
    const positiveInteger = (n: number) => Number.isInteger(n) && n >= 1;
    if (!(this.flushIntervalMs > 0) || !positiveInteger(this.maxOpsPerWrite) || !positiveInteger(this.maxUnsavedSamples)) {
      throw new Error(`SessionJournal: flushIntervalMs must be > 0, maxOpsPerWrite and maxUnsavedSamples positive integers`);
    }
    this.onFull = options.onFull ?? (() => {});
    this.onStorageError = options.onStorageError ?? (() => {});
    this.onStorageRestored = options.onStorageRestored ?? (() => {});
  }

  /** Id of the session being recorded (null before `start`/`resume`). */
  get sessionId(): string | null {
    return this.record?.id ?? null;
  }

  /** The error of the last failed write while it is not yet retried successfully, else null. */
  get storageFailure(): JournalStorageError | null {
    return this.failure;
  }

  /** Samples held in memory only: buffered plus queued but not yet stored. */
  get unsavedSamples(): number {
    return this.pendingTime.length + this.queuedSamples;
  }

  /** Where the journal stopped taking this session's samples, or null while it takes them all. */
  get stoppedAt(): JournalFull | null {
    return this.full;
  }

  /** Copies of the samples and gaps not stored yet, oldest first (they continue the stored part). */
  unsaved(): UnsavedPart {
    const part: UnsavedPart = { timeUs: [], angleDeg: [], gaps: [] };
    for (const op of this.queue) {
      if (op.kind === 'gap') part.gaps.push({ fromUs: op.record.fromUs, toUs: op.record.toUs });
      if (op.kind !== 'chunk') continue;
      for (let i = 0; i < op.record.timeUs.length; i++) {
        part.timeUs.push(op.record.timeUs[i]!);
        part.angleDeg.push(op.record.angleDeg[i]!);
      }
    }
    part.timeUs.push(...this.pendingTime);
    part.angleDeg.push(...this.pendingAngle);
    return part;
  }

  /** Begins a new session and returns its id; its record is written at once, like every write, in the background. */
  start(meta: SessionStart): string {
    this.expectPhase('idle', 'start');
    checkPlates(meta.plates);
    const startedAt = this.now();
    this.record = { ...meta, id: this.newId(), startedAt, finishedAt: null, summary: null, modifiedAt: startedAt };
    this.queue.push({ kind: 'session', record: { ...this.record } });
    this.begin();
    return this.record.id;
  }

  /** Continues recording into a recovered, unfinished session (chunks and gaps carry on numbering). */
  resume(loaded: LoadedSession): void {
    this.expectPhase('idle', 'resume');
    if (loaded.meta.finishedAt !== null) {
      throw new Error(`session ${loaded.meta.id} is finished and cannot be resumed`);
    }
    this.record = { ...loaded.meta };
    for (const n of loaded.meta.notes ?? []) this.ratings.set(n.atUs, { rpe: n.rpe, note: n.note });
    this.nextChunkSeq = loaded.chunks;
    this.nextGapSeq = loaded.gaps.length;
    this.begin();
  }

  /** Buffers raw samples (µs, degrees) as received; storage problems never reach the caller. */
  append(timeUs: ArrayLike<number>, angleDeg: ArrayLike<number>): void {
    this.expectPhase('recording', 'append');
    if (timeUs.length !== angleDeg.length) {
      throw new Error(`append: ${timeUs.length} times but ${angleDeg.length} angles`);
    }
    if (this.full !== null) return;
    const spanUs = this.flushIntervalMs * 1000;
    let cut = false;
    for (let i = 0; i < timeUs.length; i++) {
      const t = timeUs[i]!;
      if (this.failure !== null && this.unsavedSamples >= this.maxUnsavedSamples) {
        this.full = { fromUs: t, unsavedSamples: this.unsavedSamples, unsavedFromUs: this.oldestUnsavedUs() ?? t };
        this.onFull(this.full);
        break;
      }
      // A chunk covers less than one interval of device time: cut before the sample that would
      // stretch it to a full interval, wherever that falls within the batch.
      if (this.pendingTime.length > 0 && t - this.pendingTime[0]! >= spanUs) {
        this.cutChunk();
        cut = true;
      }
      this.pendingTime.push(t);
      this.pendingAngle.push(angleDeg[i]!);
    }
    if (cut) void this.drain();
  }

  /** Records that the link was down between the last sample at `fromUs` and the next at `toUs`. */
  markGap(fromUs: number, toUs: number): Promise<FlushResult> {
    this.expectPhase('recording', 'markGap');
    if (!Number.isFinite(fromUs) || !Number.isFinite(toUs) || toUs <= fromUs) {
      throw new Error(`markGap: expected finite fromUs < toUs, got ${fromUs} … ${toUs}`);
    }
    this.cutChunk();
    if (this.full === null) this.queue.push({ kind: 'gap', record: { sessionId: this.record!.id, seq: this.nextGapSeq++, fromUs, toUs } });
    return this.drain();
  }

  /**
   * Stores changed inertia plates or settings mid-session (later reprocessing uses the last ones),
   * and the ratings given so far (`notes`, the screen's list, one entry per set rated;
   * `setStarts`: the session's sets' first rep starts): each new or changed rating is handed to
   * the store as a rating of its set, which stamps the fields it changed (rules/setTags.ts `withNote`).
   */
  updateSettings(settings: JournalSettings, plates: readonly number[], notes?: readonly SetNote[], setStarts?: readonly number[]): Promise<FlushResult> {
    this.expectPhase('recording', 'updateSettings');
    this.record = { ...this.record!, settings, plates: checkPlates(plates), modifiedAt: this.now() };
    this.queue.push({ kind: 'session', record: { ...this.record } });
    for (const n of notes ?? []) {
      const sent = this.ratings.get(n.atUs);
      if (sent !== undefined && sent.rpe === n.rpe && sent.note === n.note) continue;
      this.ratings.set(n.atUs, { rpe: n.rpe, note: n.note });
      this.queue.push({ kind: 'rate', sessionId: this.record.id, note: { atUs: n.atUs, rpe: n.rpe, note: n.note }, setStarts: setStarts ?? notes!.map((x) => x.atUs) });
    }
    return this.drain();
  }

  /**
   * Writes everything buffered now (page hide, end of set). Storage failures come back in the
   * result, never as a rejection; it rejects only if a storage listener threw.
   */
  flush(): Promise<FlushResult> {
    if (this.phase === 'recording') this.cutChunk();
    return this.drain();
  }

  /** Ends the session with its summary and its sets' records; it then shows in the history instead of recovery. */
  finish(summary: SessionSummary, sets?: readonly SetRecord[]): Promise<FlushResult> {
    this.expectPhase('recording', 'finish');
    this.cutChunk();
    const finishedAt = this.now();
    this.record = { ...this.record!, finishedAt, summary, ...(sets === undefined ? {} : { sets: [...sets] }), modifiedAt: finishedAt };
    this.queue.push({ kind: 'session', record: { ...this.record } });
    this.phase = 'finished';
    return this.drain();
  }

  /**
   * Stops the timer and drops whatever is still unsaved from the journal (the caller keeps its
   * own copy): for a session the user discards, or once a finished session is fully stored.
   */
  dispose(): void {
    this.stopTimer?.();
    this.stopTimer = null;
    this.phase = 'disposed';
    this.queue.length = 0;
    this.queuedSamples = 0;
    this.pendingTime = [];
    this.pendingAngle = [];
  }

  private begin(): void {
    this.phase = 'recording';
    this.stopTimer = this.every(this.flushIntervalMs, () => void this.tick());
    void this.drain();
  }

  private async tick(): Promise<void> {
    if (this.phase === 'recording') {
      await this.flush();
    } else if (this.phase === 'finished') {
      const result = await this.drain();
      if (result.kind === 'saved' && this.queue.length === 0 && this.phase === 'finished') this.dispose();
    }
  }

  private oldestUnsavedUs(): number | undefined {
    for (const op of this.queue) if (op.kind === 'chunk') return op.record.timeUs[0];
    return this.pendingTime[0];
  }

  /** Moves the buffered samples into a queued chunk. */
  private cutChunk(): void {
    if (this.pendingTime.length === 0) return;
    const chunk: ChunkRecord = {
      sessionId: this.record!.id,
      seq: this.nextChunkSeq++,
      timeUs: Float64Array.from(this.pendingTime),
      angleDeg: Float64Array.from(this.pendingAngle),
    };
    this.pendingTime = [];
    this.pendingAngle = [];
    this.queue.push({ kind: 'chunk', record: chunk });
    this.queuedSamples += chunk.timeUs.length;
  }

  /**
   * Chains one more write pass behind the running one, so writes never overlap or reorder. A
   * pass runs even when the previous one rejected (only a throwing listener can make it reject):
   * that caller gets the rejection, and the journal keeps working.
   */
  private drain(): Promise<FlushResult> {
    const pass = (): Promise<FlushResult> => this.writeQueued();
    this.writer = this.writer.then(pass, pass);
    return this.writer;
  }

  private async writeQueued(): Promise<FlushResult> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.maxOpsPerWrite);
      try {
        await this.store.write(batch);
      } catch (cause) {
        const error = new JournalStorageError(cause);
        const first = this.failure === null;
        this.failure = error;
        if (first) this.onStorageError(error);
        return { kind: 'memory-only', error, unsavedSamples: this.unsavedSamples };
      }
      if (this.phase === 'disposed') return { kind: 'saved' };
      // Only this writer removes from the front, and nobody else touches the front, so the
      // first `batch.length` ops are exactly the ones just stored.
      this.queue.splice(0, batch.length);
      for (const op of batch) if (op.kind === 'chunk') this.queuedSamples -= op.record.timeUs.length;
      if (this.failure !== null) {
        this.failure = null;
        this.onStorageRestored();
      }
    }
    return this.failure === null
      ? { kind: 'saved' }
      : { kind: 'memory-only', error: this.failure, unsavedSamples: this.unsavedSamples };
  }

  private expectPhase(expected: Phase, action: string): void {
    if (this.phase !== expected) {
      throw new Error(`SessionJournal.${action}: the journal is ${this.phase}, expected ${expected}`);
    }
  }
}
