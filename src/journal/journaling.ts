/**
 * The journaling service: opens the session journal, has its recorder follow the link, flushes when
 * the page may die, mirrors settings changes into it, offers an unfinished session for recovery,
 * and carries out what the History and Data pages ask. The composition root loads it after the
 * first render (`compose/backgroundServices.ts`), so IndexedDB code never weighs on the Workout
 * screen's start-up.
 *
 * Where the data lives: IndexedDB database `repline-journal` of this origin, on this device only
 * (the app talks to no server); the settings, and the unsaved end of a session while the page is
 * being closed (journalTail.ts), are in localStorage. "Delete all data" removes all of it.
 */
import { batch, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { StoragePort } from '../platform/storage';
import { messageOf } from '../shared/messageOf';
import { SETTINGS_KEY, type Stores } from '../stores';
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import { PROFILE_TEST_KEY } from '../stores/profileTest';
import { TEAM_KEY } from '../stores/team';
import type { LiveSession } from '../workout/liveSession';
import { figureKey, figuresOver, setRecords, type SetRecord } from '../rules/setRecords';
import { firstTags, withNote, type SetNote } from '../rules/setTags';
import { recordedSession, setRecordsOf } from './recorded';
import { findUnfinished, listHistory, loadSession, removeAllSessions, removeSession } from './archive';
import type { RestoreReport } from './backup';
import type { AthleteSession } from './logTransfer';
import { dropTail, missingFrom, readTail, saveTail, type JournalTail } from './journalTail';
import { flushOnPageHide } from './pageLifecycle';
import { createRecorder, type Recorder } from './recorder';
import { checkPlates, type SessionRecord, type SessionSummary } from '../log/records';
import { type HistoryEntry, type LoadedSession, type RecordedSession } from './records';

export type { RecordedSession } from './records';
import { formatDuration, loadsFromRecord, offerOf, settingsFromRecord, workoutSnapshot, type RecoveryOffer } from './sessionRecovery';
import type { JournalStore } from './store';

/**
 * Whether sessions are kept: 'open' once the journal is open and has looked for an unfinished
 * session (so a view that shows the open journal also means no offer is still to come).
 */
export type JournalState = { kind: 'opening' } | { kind: 'open' } | { kind: 'unavailable'; reason: string };

export interface JournalingDeps {
  session: LiveSession;
  /** The alerts it reports to, the settings it records and restores, and the connection it checks. */
  stores: Pick<Stores, 'alerts' | 'settings' | 'connection'>;
  /** Has the recorder hear of every connection (the link's `follow`); returns the function that stops it. */
  followLink: (recorder: Recorder) => () => void;
  open: () => Promise<JournalStore>;
  storage: () => StoragePort;
  /** Tells why site storage fell back to memory, or null while it works. */
  storageProblem: () => string | null;
  /** The set on screen as the user's CSV: offered with every storage alert. */
  exportLive: () => Promise<void>;
  /** Clears the set on screen (Delete all data). */
  resetSet: () => void;
}

/** The session being recorded, as the History shows it. */
export type SessionInProgress = Pick<HistoryEntry, 'id' | 'startedAt' | 'reps' | 'best' | 'unitKind'>;

export interface Journaling {
  /** Whether sessions are kept: still opening, open, or not on this device (the reason). */
  readonly state: ReadonlySignal<JournalState>;
  /** The unfinished session offered at start-up, while there is one. */
  readonly offer: ReadonlySignal<RecoveryOffer | null>;
  /** Counts the times the log changed wholesale (Delete all data, a restore): who shows athletes reads them again. */
  readonly revision: ReadonlySignal<number>;
  /** Opens the journal and starts recording; where storage is unavailable, says so and records in memory. */
  start(): Promise<void>;
  /** Recover: the unfinished session comes back with the same reps, and journaling carries on into it. */
  recover(): void;
  /**
   * Calls `listener` with the record of a session being recovered, before its settings are put on
   * screen and in the same batch (the team brings up its last athlete); returns the function that stops.
   */
  onRecover(listener: (record: SessionRecord) => void): () => void;
  /** Discard: the unfinished session is deleted for good. */
  discard(): Promise<void>;
  /** Not now: offered again at the next start. */
  postpone(): void;
  history(): Promise<HistoryEntry[]>;
  /**
   * The session being recorded, a recovered one included, with its figures so far; null while none
   * is. The History lists it apart: it is not finished, so `history()` leaves it out.
   */
  inProgress(): Promise<SessionInProgress | null>;
  /** A journaled session, its settings and its reps, reprocessed like recovery does (the session page, the CSV export). */
  recorded(id: string): Promise<RecordedSession>;
  remove(id: string): Promise<void>;
  /** Every kept session and the saved settings; the set on screen is cleared too. */
  deleteAll(): Promise<void>;
  /** The athletes and the custom exercises kept on this device. */
  athletes(): Promise<Athlete[]>;
  exercises(): Promise<Exercise[]>;
  /** Keeps a new or changed athlete, or custom exercise. */
  saveAthlete(athlete: Athlete): Promise<void>;
  saveExercise(exercise: Exercise): Promise<void>;
  /**
   * The finished sessions, newest first, each with its sets' records: those an older session
   * lacks are made from its samples first, once (SessionRecord.sets).
   */
  summaries(): Promise<(HistoryEntry & { sets: SetRecord[] })[]>;
  /** Keeps the RPE and note given for a set of a finished session (`setStarts`: its sets' first rep starts). */
  rateSet(sessionId: string, note: SetNote, setStarts: readonly number[]): Promise<void>;
  /** The whole log as one backup file (backup.ts). */
  backup(): Promise<{ fileName: string; text: string }>;
  /** Merges a backup file's text into the log; refused while a unit records, and for a bad file (one sentence). */
  restore(text: string): Promise<RestoreReport & { message: string }>;
  /** One athlete's part of every finished session they trained in, as session CSV input (logTransfer.ts). */
  athleteSessions(athleteId: string): Promise<AthleteSession[]>;
  /** Resolves once what the journal has been handed is written (or failed): see Recorder.settled. */
  settled(): Promise<void>;
  dispose(): void;
}

/** "The last 2 min 13 s (26,600 samples)": how much a failed page-hide copy leaves unsaved. */
export function unsavedAmount(tail: JournalTail): string {
  const n = tail.timeUs.length;
  const spanS = n > 1 ? (tail.timeUs[n - 1]! - tail.timeUs[0]!) / 1e6 : 0;
  return `The last ${formatDuration(spanS)} (${n.toLocaleString('en')} sample${n === 1 ? '' : 's'})`;
}

export function createJournaling(deps: JournalingDeps): Journaling {
  const { session } = deps;
  const { showError, dismissError, showStatus } = deps.stores.alerts;
  const { current: settings, engine: engineSettings } = deps.stores.settings;
  const connection = deps.stores.connection.state;
  const store = signal<JournalStore | null>(null);
  const state = signal<JournalState>({ kind: 'opening' });
  const offer = signal<RecoveryOffer | null>(null);
  const revision = signal(0);
  const recoverListeners = new Set<(record: SessionRecord) => void>();
  /** Offered with every storage alert: the set on screen holds every sample, whatever the journal lost. */
  const exportAction = { label: 'Export CSV', run: deps.exportLive };
  let stop = (): void => {};
  /** The recorder while the journal is open. */
  let recorder: Recorder | null = null;
  /** The alert about a page-hide copy that did not reach the disk (replaced, not repeated, at each hide). */
  let tailNotice: number | null = null;

  function requireStore(): JournalStore {
    const open = store.peek();
    if (open === null) throw new Error('Sessions are not kept on this device (no storage is available)');
    return open;
  }

  /**
   * The store once the journal has opened: an action the user takes on Settings → Data while the
   * journal still opens after start-up waits for it, instead of being told there is no storage.
   */
  async function openedStore(): Promise<JournalStore> {
    if (state.peek().kind === 'opening') {
      await new Promise<void>((resolve) => {
        const unsubscribe = state.subscribe((now) => {
          if (now.kind === 'opening') return;
          resolve();
          queueMicrotask(() => unsubscribe());
        });
      });
    }
    return requireStore();
  }

  /** The journal record's view of the settings now, with who trained what and the notes given. */
  function snapshot() {
    const s = settings.peek();
    const loads = session.loads.peek().map((span) => ({ ...span }));
    const tags = session.tags.peek().map((span) => ({ ...span }));
    const journal = { engine: { ...engineSettings.peek() }, workout: workoutSnapshot(s), loads, ...(tags.length > 0 ? { tags } : {}) };
    return { settings: journal, plates: checkPlates(s.plates), notes: session.notes.peek().map((n) => ({ ...n })) };
  }

  /** The session's sets as records, each counted after its own warmup; `named` false while nobody is (the store then names them). */
  function setsNow(): { sets: SetRecord[]; named: boolean } {
    const s = settings.peek();
    const tags = session.tags.peek();
    const named = tags.length > 0;
    const how = { restS: s.setRestS, loads: session.loads.peek(), tags: named ? tags : firstTags({ athleteId: '', exerciseId: '' }), notes: session.notes.peek(), warmup: s.warmup, radius: s.radius };
    return { sets: setRecords(session.reps.peek(), how), named };
  }

  /** The history row's figures for the whole session (reps after each set's warmup, the best of every set), and its sets' records. */
  function summary(): { summary: SessionSummary; sets?: SetRecord[] } {
    const s = settings.peek();
    const { sets, named } = setsNow();
    const figures = figuresOver(sets, figureKey(s.metric, s.phase));
    return {
      summary: { reps: figures.reps, best: figures.best === null ? null : { value: figures.best, metric: s.metric, phase: s.phase } },
      ...(named ? { sets } : {}),
    };
  }

  /**
   * The page may be going: what the journal has not stored yet goes to localStorage, synchronously.
   * Site storage that refuses it falls back to memory, which dies with the page. While the journal
   * writes fine, that is at most its last second, the loss the journal is built to accept, and the
   * settings notice already says storage is blocked. Once its writes fail, the unsaved part grows:
   * the user is told how much is at stake and offered the export.
   */
  function saveUnsaved(current: Recorder): void {
    const tail = current.unsaved();
    if (tail === null) return;
    let problem: string | null;
    try {
      saveTail(deps.storage(), tail);
      problem = deps.storageProblem();
    } catch (error) {
      problem = messageOf(error);
    }
    if (problem === null || !current.storageFailing) return;
    if (tailNotice !== null) dismissError(tailNotice);
    tailNotice = showError(`${unsavedAmount(tail)} of the session could not be saved on this device (${problem}): export the session to keep it`, exportAction);
  }

  function savedTail(): JournalTail | null {
    try {
      return readTail(deps.storage());
    } catch (error) {
      dropTail(deps.storage());
      showError(`${messageOf(error)}: it was dropped`);
      return null;
    }
  }

  /** Offers the newest unfinished session that holds samples (its saved tail included); removes empty ones. */
  async function findRecovery(open: JournalStore): Promise<void> {
    const tail = savedTail();
    for (const record of await findUnfinished(open)) {
      const stored = await loadSession(open, record.id);
      const missing = tail?.sessionId === record.id ? missingFrom(stored, tail) : { timeUs: [], angleDeg: [], gaps: [] };
      if (stored.samples.timeUs.length + missing.timeUs.length > 0) {
        offer.value = offerOf(stored, missing);
        if (tail !== null && tail.sessionId !== record.id) dropTail(deps.storage());
        return;
      }
      await removeSession(open, record.id);
    }
    if (tail !== null) dropTail(deps.storage());
  }

  /** Puts a recovered session on screen with its own settings. */
  function showRecorded(loaded: LoadedSession): void {
    const recorded = settingsFromRecord(loaded.meta);
    settings.value = { ...recorded, view: settings.peek().view };
    session.restore(loaded.samples, loaded.gaps, loadsFromRecord(loaded.meta), { tags: loaded.meta.settings.tags, notes: loaded.meta.notes });
  }

  function requireRecorder(): Recorder {
    if (recorder === null) throw new Error('The journal is not open');
    return recorder;
  }

  const history = () => listHistory(requireStore());

  const recorded = (id: string): Promise<RecordedSession> => recordedSession(requireStore(), id);

  /**
   * Gives every finished session that lacks them its sets' records, one at a time; once per
   * opening. A session that cannot be reprocessed keeps none (the History shows its own summary)
   * and is named once in the alert region.
   */
  let backfilled: Promise<void> | null = null;
  function backfill(): Promise<void> {
    backfilled ??= (async () => {
      const open = requireStore();
      const failed: string[] = [];
      for (const entry of await history()) {
        if (entry.sets !== null) continue;
        try {
          await open.write([{ kind: 'patchSession', sessionId: entry.id, patch: { sets: setRecordsOf(await recorded(entry.id)) } }]);
        } catch (error) {
          failed.push(messageOf(error));
        }
      }
      if (failed.length > 0) showError(`${failed.length} older session${failed.length === 1 ? '' : 's'} could not be summed up set by set (${failed[0]}); the History shows their totals only`);
    })().catch((error: unknown) => {
      backfilled = null;
      throw error;
    });
    return backfilled;
  }

  return {
    state,
    offer,
    revision,
    async start() {
      stop();
      let open: JournalStore;
      try {
        open = await deps.open();
      } catch (error) {
        state.value = { kind: 'unavailable', reason: messageOf(error) };
        showError(`Sessions cannot be kept on this device (${messageOf(error)}): recording continues in memory only; export a session to keep it`);
        return;
      }
      let notice: number | null = null;
      const current = createRecorder({
        store: open,
        session,
        snapshot,
        summary,
        onStorageError: (message) => {
          notice = showError(message, exportAction);
        },
        onStorageRestored: () => {
          if (notice !== null) dismissError(notice);
          notice = null;
          showStatus('The session is being saved on this device again');
        },
        onJournalFull: (message) => void showError(message, exportAction),
        onError: showError,
      });
      recorder = current;
      const unfollow = deps.followLink(current);
      store.value = open;
      const offPageHide = flushOnPageHide(() => {
        void current.flush();
        saveUnsaved(current);
      });
      const offSettings = effect(() => {
        void settings.value;
        void session.loads.value;
        void session.tags.value;
        void session.notes.value;
        current.settingsChanged();
      });
      stop = () => {
        offPageHide();
        offSettings();
        unfollow();
        current.dispose();
        recorder = null;
        store.value = null;
        state.value = { kind: 'opening' };
      };
      try {
        await findRecovery(open);
      } finally {
        if (recorder === current) state.value = { kind: 'open' };
      }
      backfill().catch((error: unknown) => showError(`The sets of older sessions could not be read: ${messageOf(error)}`));
    },
    recover() {
      const current = offer.peek();
      if (current === null) throw new Error('There is no session to recover');
      if (connection.peek().status !== 'disconnected') throw new Error('Disconnect the unit before recovering a session');
      const open = requireRecorder();
      void open.end();
      batch(() => {
        for (const listener of recoverListeners) listener(current.loaded.meta);
        showRecorded(current.loaded);
      });
      open.resume(current.stored, current.missing);
      dropTail(deps.storage());
      offer.value = null;
    },
    onRecover(listener) {
      recoverListeners.add(listener);
      return () => recoverListeners.delete(listener);
    },
    async discard() {
      const current = offer.peek();
      if (current === null) return;
      await removeSession(requireStore(), current.loaded.meta.id);
      dropTail(deps.storage());
      offer.value = null;
    },
    postpone() {
      offer.value = null;
    },
    history,
    async inProgress() {
      const id = recorder?.recordingId ?? null;
      const meta = id === null ? undefined : await requireStore().session(id);
      if (meta === undefined) return null;
      return { id: meta.id, startedAt: meta.startedAt, unitKind: meta.unitKind, ...summary().summary };
    },
    recorded,
    remove: (id) => removeSession(requireStore(), id),
    async deleteAll() {
      if (connection.peek().status !== 'disconnected') throw new Error('Disconnect the unit first: its session is being recorded');
      recorder?.abandon();
      backfilled = null;
      await removeAllSessions(await openedStore());
      offer.value = null;
      deps.storage().remove(SETTINGS_KEY);
      deps.storage().remove(PROFILE_TEST_KEY);
      deps.storage().remove(TEAM_KEY);
      dropTail(deps.storage());
      // First the log's new state, so that no one keeps the reset settings with an athlete deleted.
      revision.value++;
      deps.stores.settings.reset();
      deps.resetSet();
    },
    athletes: () => requireStore().athletes(),
    exercises: () => requireStore().exercises(),
    saveAthlete: (athlete) => requireStore().write([{ kind: 'athlete', record: athlete }]),
    saveExercise: (exercise) => requireStore().write([{ kind: 'exercise', record: exercise }]),
    async summaries() {
      await backfill();
      return (await history()).map((entry) => ({ ...entry, sets: entry.sets ?? [] }));
    },
    async rateSet(sessionId, note, setStarts) {
      const open = requireStore();
      const meta = await open.session(sessionId);
      if (meta === undefined) throw new Error('That session is no longer kept on this device');
      await open.write([{ kind: 'patchSession', sessionId, patch: { notes: withNote(meta.notes ?? [], note, setStarts), modifiedAt: Date.now() } }]);
    },
    async backup() {
      return (await import('./logTransfer')).backupFile(await openedStore(), new Date());
    },
    async restore(text) {
      if (connection.peek().status !== 'disconnected') throw new Error('Disconnect the unit first: its session is being recorded');
      const report = await (await import('./logTransfer')).restoreFile(await openedStore(), text);
      // Sessions restored from an older backup get their sets' records like older sessions do.
      backfilled = null;
      revision.value++;
      return report;
    },
    async athleteSessions(athleteId) {
      const open = await openedStore();
      const [athletes, exercises] = await Promise.all([open.athletes(), open.exercises()]);
      return (await import('./logTransfer')).athleteSessions({ history, recorded, athletes, exercises }, athleteId);
    },
    settled: async () => recorder?.settled(),
    dispose: () => stop(),
  };
}
