/**
 * Keeps the live session in the journal: which journal session the
 * samples go to, when one begins and ends, and what its record says. The live session stays the
 * truth on screen; this only mirrors it to IndexedDB, so storage trouble never stops a set.
 *
 * Lifecycle (the product rules are silent; decided like a training log should behave):
 * - A session begins when a unit connects and none is being recorded. Samples that arrive before
 *   the connect sequence has finished (notifications start before motor off and boost 0) are held
 *   until it has, because the record carries the unit's firmware and info.
 * - A recovered session is resumed; the next connection carries it on (see `connecting`).
 * - A link drop does not end the session; the live session reports the gap with the samples that
 *   close it, and it is journaled before them.
 * - A user disconnect or Reset finishes the session with its summary (reps after the warmup, best
 *   value of the chosen metric and phase). A session without a single sample is removed instead,
 *   so the history lists only sets that happened. Reset with a unit still there begins the next
 *   session at once.
 * - A settings, plates or boost change mid-session is stored, and so is a change of athlete or
 *   exercise and an RPE or note given; reprocessing uses the latest settings and the session's
 *   loads and tags over time (each rep at its own plates, athlete and exercise), like the screen
 *   does. A finished session keeps its sets' records (rules/setRecords.ts).
 * - Storage failures reach `onStorageError` once (the alert region) and `onStorageRestored` when a
 *   write succeeds again; recording continues in memory meanwhile.
 */
import type { ConnectedUnit, RawSamples, Unit } from '../device/unit';
import { removeSession } from './archive';
import type { SetRecord } from '../rules/setRecords';
import type { SetNote } from '../rules/setTags';
import type { JournalSettings, PlateCounts, SessionSummary } from '../log/records';
import type { LoadedSession } from './records';
import { SessionJournal, type FlushResult, type SessionJournalOptions } from './sessionJournal';
import type { JournalStore } from './store';
import type { JournalTail } from './journalTail';
import { formatDuration } from './sessionRecovery';
import type { LiveSession } from '../workout/liveSession';
import type { Gap } from '../workout/sessionTimeline';
import { messageOf } from '../shared/messageOf';

export interface RecorderDeps {
  store: JournalStore;
  session: LiveSession;
  /** What a record keeps of the current settings (and the notes given so far), taken when a session begins or changes. */
  snapshot: () => { settings: JournalSettings; plates: PlateCounts; notes?: SetNote[]; setStarts?: number[] };
  /** The figures of the session on screen and its sets' records (none when not known), taken when a session ends. */
  summary: () => { summary: SessionSummary; sets?: SetRecord[] };
  onStorageError: (message: string) => void;
  onStorageRestored: () => void;
  /** Storage failed for so long that the journal stopped taking this session (its memory bound). */
  onJournalFull: (message: string) => void;
  /** Anything else that failed (removing an empty session, a throwing listener). */
  onError: (message: string) => void;
  /** A finished session with samples is stored (persistent storage is asked for, a backup reminder looked at). */
  onKept?: () => void;
  /** Clock, timer and ids for the journals (tests). */
  journal?: Pick<SessionJournalOptions, 'now' | 'every' | 'newId' | 'flushIntervalMs' | 'maxUnsavedSamples'>;
}

export interface UnitAtHand {
  unit: Unit;
  device: ConnectedUnit;
}

export interface Recorder {
  /** A unit is about to stream; true when it carries on the recorded (recovered) session. */
  connecting(): boolean;
  /** The connect sequence finished: a waiting session begins. */
  connected(at: UnitAtHand): void;
  connectFailed(): void;
  /** The user ended the session. Resolves when it is stored (or removed); never rejects. */
  end(): Promise<void>;
  /** Reset: ends the session, and begins the next one when a unit is still at hand. */
  reset(next: UnitAtHand | null): Promise<void>;
  /**
   * Carries on journaling a recovered session: `stored` as the journal holds it, then `missing`
   * (samples and gaps from the saved tail, see journalTail.ts), which are journaled at once.
   */
  resume(stored: LoadedSession, missing?: Omit<JournalTail, 'sessionId'>): void;
  /** What the journal has not stored yet, to save synchronously when the page goes (null: nothing). */
  unsaved(): JournalTail | null;
  /** True while the journal's writes fail (what it holds unsaved then grows past its usual second). */
  readonly storageFailing: boolean;
  settingsChanged(): void;
  /** Writes what is buffered now (page hide). */
  flush(): Promise<FlushResult | null>;
  /**
   * Writes what is buffered now and resolves once everything handed to storage so far is done:
   * the session being recorded written (or failed, see `storageFailing`), the sessions it ended
   * stored or removed. Never rejects.
   */
  settled(): Promise<void>;
  /** Stops journaling the current session without finishing it (its data is being deleted). */
  abandon(): void;
  /** Id of the session being recorded, or null. */
  readonly recordingId: string | null;
  dispose(): void;
}

type Held = { gap: Gap } | { samples: RawSamples };

type State =
  | { kind: 'idle' }
  | { kind: 'waiting'; held: Held[] }
  | { kind: 'recording'; journal: SessionJournal; samples: number };

export function createRecorder(deps: RecorderDeps): Recorder {
  let state: State = { kind: 'idle' };

  const newJournal = () =>
    new SessionJournal({
      ...deps.journal,
      store: deps.store,
      onStorageError: (error) => deps.onStorageError(error.message),
      onStorageRestored: deps.onStorageRestored,
      onFull: (full) =>
        deps.onJournalFull(
          `Storage has failed for ${formatDuration((full.fromUs - full.unsavedFromUs) / 1e6)}, so this session is no longer being kept on this device: ` +
            `everything from now on is in memory only. Export the session to keep it`,
        ),
    });

  function record(item: Held): void {
    if (state.kind === 'waiting') state.held.push(item);
    if (state.kind !== 'recording') return; // idle: nothing is being journaled (no unit, or data deleted)
    if ('gap' in item) {
      void state.journal.markGap(item.gap.fromUs, item.gap.toUs).catch(report('Journaling a gap failed'));
    } else if (item.samples.timeUs.length > 0) {
      state.journal.append(item.samples.timeUs, item.samples.angleDeg);
      state.samples += item.samples.timeUs.length;
    }
  }

  const stopListening = deps.session.onRecorded({ gap: (gap) => record({ gap }), samples: (samples) => record({ samples }) });

  function report(context: string): (error: unknown) => void {
    return (error) => deps.onError(`${context}: ${messageOf(error)}`);
  }

  function begin(at: UnitAtHand, held: Held[]): void {
    const journal = newJournal();
    const { settings, plates } = deps.snapshot();
    journal.start({ settings, plates, unitKind: at.unit.kind, unit: at.device });
    state = { kind: 'recording', journal, samples: 0 };
    for (const item of held) record(item);
  }

  /** Finishes (or, when empty, removes) a journal session; the summary is taken now. */
  async function close(journal: SessionJournal, samples: number): Promise<void> {
    const id = journal.sessionId!;
    try {
      if (samples > 0) {
        const { summary, sets } = deps.summary();
        if ((await journal.finish(summary, sets)).kind === 'saved') deps.onKept?.();
        return;
      }
      await journal.flush();
      journal.dispose();
      await removeSession(deps.store, id);
    } catch (error) {
      report('Closing the journaled session failed')(error);
    }
  }

  /** Sessions being finished or removed, until they are. */
  const closing = new Set<Promise<void>>();

  function end(): Promise<void> {
    const current = state;
    state = { kind: 'idle' };
    if (current.kind !== 'recording') return Promise.resolve();
    const closed = close(current.journal, current.samples);
    closing.add(closed);
    void closed.then(() => closing.delete(closed));
    return closed;
  }

  return {
    connecting() {
      if (state.kind === 'recording') return true;
      state = { kind: 'waiting', held: [] };
      return false;
    },
    connected(at) {
      if (state.kind === 'waiting') begin(at, state.held);
    },
    connectFailed() {
      if (state.kind === 'waiting') state = { kind: 'idle' };
    },
    end,
    reset(next) {
      const ending = end();
      if (next !== null) begin(next, []);
      return ending;
    },
    resume(stored, missing = { timeUs: [], angleDeg: [], gaps: [] }) {
      if (state.kind !== 'idle') throw new Error('A session is already being recorded: finish it before recovering another');
      const journal = newJournal();
      journal.resume(stored);
      state = { kind: 'recording', journal, samples: stored.samples.timeUs.length };
      let at = 0;
      const appendUntil = (endUs: number) => {
        let to = at;
        while (to < missing.timeUs.length && missing.timeUs[to]! < endUs) to++;
        record({ samples: { timeUs: missing.timeUs.slice(at, to), angleDeg: missing.angleDeg.slice(at, to) } });
        at = to;
      };
      for (const gap of missing.gaps) {
        appendUntil(gap.toUs);
        record({ gap });
      }
      appendUntil(Number.POSITIVE_INFINITY);
    },
    unsaved() {
      if (state.kind !== 'recording') return null;
      const part = state.journal.unsaved();
      if (part.timeUs.length === 0 && part.gaps.length === 0) return null;
      return { sessionId: state.journal.sessionId!, ...part };
    },
    settingsChanged() {
      if (state.kind !== 'recording') return;
      const { settings, plates, notes, setStarts } = deps.snapshot();
      void state.journal.updateSettings(settings, plates, notes, setStarts).catch(report('Journaling the settings failed'));
    },
    flush() {
      return state.kind === 'recording' ? state.journal.flush() : Promise.resolve(null);
    },
    async settled() {
      const writing = state.kind === 'recording' ? state.journal.flush().catch(report('Writing the session failed')) : null;
      await Promise.all([...closing, writing]);
    },
    abandon() {
      if (state.kind === 'recording') state.journal.dispose();
      state = { kind: 'idle' };
    },
    get storageFailing() {
      return state.kind === 'recording' && state.journal.storageFailure !== null;
    },
    get recordingId() {
      return state.kind === 'recording' ? state.journal.sessionId : null;
    },
    dispose() {
      stopListening();
      if (state.kind === 'recording') state.journal.dispose();
      state = { kind: 'idle' };
    },
  };
}
