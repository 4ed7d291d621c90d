/**
 * "Nothing lost" for the app (issue 7): opens the session journal, binds its recorder to the
 * connection layer, flushes it when the page may die, mirrors settings changes into it, offers
 * an unfinished session for recovery, and carries out what the History and Data pages ask.
 * Loaded after the first render (main.tsx imports it lazily), so IndexedDB code never weighs on
 * the Workout screen's start-up.
 *
 * Where the data lives: IndexedDB database `repline-journal` of this origin, on this device only
 * (the app talks to no server); the settings, and the unsaved end of a session while the page is
 * being closed (journalTail.ts), are in localStorage. "Delete all data" removes all of it.
 */
import { effect, signal } from '@preact/signals-react';
import { createEngine } from '../engine';
import type { Rep } from '../engine/types';
import { findUnfinished, listHistory, loadSession, removeAllSessions, removeSession } from './archive';
import { flushOnPageHide } from './pageLifecycle';
import { checkPlates, type HistoryEntry, type LoadedSession, type SessionSummary } from './records';
import { openJournalStore, type JournalStore } from './store';
import { storage, storageProblem } from '../platform/storage';
import { dismissError, messageOf, showError, showStatus } from '../stores/alerts';
import { bindRecorder, connection, resetSession } from '../link/connection';
import { dropTail, missingFrom, readTail, saveTail, type JournalTail } from './journalTail';
import { createRecorder, type Recorder } from './recorder';
import { formatDuration, offerOf, settingsFromRecord, workoutSnapshot } from './sessionRecovery';
import { recoveryOffer } from '../stores/recoveryOffer';
import { reviewing } from '../stores/workoutHints';
import { reprocessSegments } from '../workout/segmentedEngine';
import { exportLiveSession } from '../workout/sessionExport';
import { SessionTimeline } from '../workout/sessionTimeline';
import { liveSession, workoutView } from '../workout/workoutSession';
import { engineSettings, reloadSettings, settings, SETTINGS_KEY } from '../stores/settings';
import type { WorkoutSettings } from '../rules/settingsModel';

/** The journal database once open; null before, or for good where IndexedDB is unavailable. */
export const journalStore = signal<JournalStore | null>(null);
/** Whether sessions are kept: still opening, open, or not on this device (the reason). */
export const journalState = signal<{ kind: 'opening' } | { kind: 'open' } | { kind: 'unavailable'; reason: string }>({ kind: 'opening' });

let recorder: Recorder | null = null;
/** Undoes the last `startJournaling` (a second start replaces the first: tests, hot reload). */
let stopJournaling = (): void => {};

function requireStore(): JournalStore {
  const store = journalStore.peek();
  if (store === null) throw new Error('Sessions are not kept on this device (no storage is available)');
  return store;
}

/** The journal record's view of the settings now. */
function snapshot() {
  const s = settings.peek();
  return { settings: { engine: { ...engineSettings.peek() }, workout: workoutSnapshot(s) }, plates: checkPlates(s.plates) };
}

/** The history row's figures for the set on screen. */
function summary(): SessionSummary {
  const view = workoutView.peek();
  const s = settings.peek();
  return { reps: view.counted, best: view.best === null ? null : { value: view.best.value, metric: s.metric, phase: s.phase } };
}

/** Opens the journal and starts recording; where storage is unavailable, says so and records in memory. */
export async function startJournaling(open: () => Promise<JournalStore> = openJournalStore): Promise<void> {
  stopJournaling();
  let store: JournalStore;
  try {
    store = await open();
  } catch (error) {
    journalState.value = { kind: 'unavailable', reason: messageOf(error) };
    showError(`Sessions cannot be kept on this device (${messageOf(error)}): recording continues in memory only; export a session to keep it`);
    return;
  }
  let notice: number | null = null;
  recorder = createRecorder({
    store,
    session: liveSession,
    snapshot,
    summary,
    onStorageError: (message) => {
      notice = showError(message, EXPORT);
    },
    onJournalFull: (message) => void showError(message, EXPORT),
    onStorageRestored: () => {
      if (notice !== null) dismissError(notice);
      notice = null;
      showStatus('The session is being saved on this device again');
    },
    onError: showError,
  });
  const current = recorder;
  bindRecorder(current);
  journalStore.value = store;
  journalState.value = { kind: 'open' };
  const offPageHide = flushOnPageHide(() => {
    void current.flush();
    saveUnsaved(current);
  });
  const offSettings = effect(() => {
    void settings.value;
    current.settingsChanged();
  });
  stopJournaling = () => {
    offPageHide();
    offSettings();
    current.dispose();
    bindRecorder(null);
    recorder = null;
    journalStore.value = null;
    journalState.value = { kind: 'opening' };
  };
  await findRecovery(store);
}

/** Offered with every storage alert: the set on screen holds every sample, whatever the journal lost. */
const EXPORT = { label: 'Export CSV', run: exportLiveSession };

/** The alert about a page-hide copy that did not reach the disk (replaced, not repeated, at each hide). */
let tailNotice: number | null = null;

/**
 * The page may be going: what the journal has not stored yet goes to localStorage, synchronously.
 * Site storage that refuses it falls back to memory (platform/storage), which dies with the page.
 * While the journal writes fine, that is at most its last second, the loss the journal is built
 * to accept, and the settings notice already says storage is blocked. Once its writes fail, the
 * unsaved part grows: the user is told how much is at stake and offered the export.
 */
function saveUnsaved(current: Recorder): void {
  const tail = current.unsaved();
  if (tail === null) return;
  let problem: string | null;
  try {
    saveTail(storage(), tail);
    problem = storageProblem();
  } catch (error) {
    problem = messageOf(error);
  }
  if (problem === null || !current.storageFailing) return;
  if (tailNotice !== null) dismissError(tailNotice);
  tailNotice = showError(`${unsavedAmount(tail)} of the session could not be saved on this device (${problem}): export the session to keep it`, EXPORT);
}

/** "The last 2 min 13 s (26 600 samples)": how much a failed page-hide copy leaves unsaved. */
export function unsavedAmount(tail: JournalTail): string {
  const n = tail.timeUs.length;
  const spanS = n > 1 ? (tail.timeUs[n - 1]! - tail.timeUs[0]!) / 1e6 : 0;
  return `The last ${formatDuration(spanS)} (${n.toLocaleString('en')} sample${n === 1 ? '' : 's'})`;
}

function savedTail(): JournalTail | null {
  try {
    return readTail(storage());
  } catch (error) {
    dropTail(storage());
    showError(`${messageOf(error)}: it was dropped`);
    return null;
  }
}

/** Offers the newest unfinished session that holds samples (its saved tail included); removes empty ones. */
async function findRecovery(store: JournalStore): Promise<void> {
  const tail = savedTail();
  for (const record of await findUnfinished(store)) {
    const stored = await loadSession(store, record.id);
    const missing = tail?.sessionId === record.id ? missingFrom(stored, tail) : { timeUs: [], angleDeg: [], gaps: [] };
    if (stored.samples.timeUs.length + missing.timeUs.length > 0) {
      recoveryOffer.value = offerOf(stored, missing);
      if (tail !== null && tail.sessionId !== record.id) dropTail(storage());
      return;
    }
    await removeSession(store, record.id);
  }
  if (tail !== null) dropTail(storage());
}

/** Puts a journaled session on screen with its own settings. */
function showRecorded(loaded: LoadedSession): void {
  const recorded = settingsFromRecord(loaded.meta);
  settings.value = { ...recorded, view: settings.peek().view };
  liveSession.restore(loaded.samples, loaded.gaps);
}

/** Recover: the unfinished session comes back with the same reps, and journaling carries on into it. */
export function recoverSession(): void {
  const offer = recoveryOffer.peek();
  if (offer === null) throw new Error('There is no session to recover');
  if (connection.peek().status !== 'disconnected') throw new Error('Disconnect the unit before recovering a session');
  if (recorder === null) throw new Error('The journal is not open');
  void recorder.end();
  showRecorded(offer.loaded);
  reviewing.value = null;
  recorder.resume(offer.stored, offer.missing);
  dropTail(storage());
  recoveryOffer.value = null;
}

/** Discard: the unfinished session is deleted for good. */
export async function discardRecovery(): Promise<void> {
  const offer = recoveryOffer.peek();
  if (offer === null) return;
  await removeSession(requireStore(), offer.loaded.meta.id);
  dropTail(storage());
  recoveryOffer.value = null;
}

/** Not now: offered again at the next start. */
export function postponeRecovery(): void {
  recoveryOffer.value = null;
}

export function historyEntries(): Promise<HistoryEntry[]> {
  return listHistory(requireStore());
}

/**
 * Reopen (decided: for review): the finished session replaces the set on screen with its own
 * settings, read-only — it is not journaled again, and connecting or Reset starts a new session.
 * A recovered session still on screen is finished into the history first.
 */
export async function reopenSession(id: string): Promise<void> {
  if (connection.peek().status !== 'disconnected') throw new Error('Disconnect the unit before reopening a session: its set is being recorded');
  const loaded = await loadSession(requireStore(), id);
  await recorder?.end();
  showRecorded(loaded);
  const when = new Date(loaded.meta.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  reviewing.value = { startedAt: loaded.meta.startedAt, note: `Reviewing the session of ${when}. Connect or Reset to start a new one.` };
}

/** A journaled session, its settings and its reps, reprocessed like recovery does (the CSV export). */
export async function recordedSession(id: string): Promise<{ loaded: LoadedSession; settings: WorkoutSettings; reps: Rep[] }> {
  const loaded = await loadSession(requireStore(), id);
  const timeline = new SessionTimeline();
  timeline.restore(loaded.samples.timeUs, loaded.gaps);
  const reps = reprocessSegments(createEngine, loaded.samples, timeline.starts, loaded.meta.settings.engine);
  return { loaded, settings: settingsFromRecord(loaded.meta), reps };
}

export function deleteSession(id: string): Promise<void> {
  return removeSession(requireStore(), id);
}

/** Every kept session and the saved settings; the set on screen is cleared too. */
export async function deleteAllData(): Promise<void> {
  if (connection.peek().status !== 'disconnected') throw new Error('Disconnect the unit first: its session is being recorded');
  recorder?.abandon();
  await removeAllSessions(requireStore());
  recoveryOffer.value = null;
  storage().remove(SETTINGS_KEY);
  dropTail(storage());
  reloadSettings();
  resetSession();
}
