/**
 * Opening the journal and recording into it: once the store is open, the recorder follows the
 * link, mirrors every settings change, and flushes when the page may die, with a synchronous copy
 * of what it has not stored yet in localStorage (journalTail.ts). Storage trouble goes to the alert
 * region with the set's CSV export offered, and recording carries on in memory.
 *
 * The other parts of journaling (recovery, history, athletes, the log file's merge) reach the
 * store through the {@link JournalAccess} this gives: `store()` while it is open, `opened()` for a
 * user's action that may come while it still opens after start-up.
 */
import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { StoragePort } from '../platform/storage';
import { messageOf } from '../shared/messageOf';
import type { Stores } from '../stores';
import type { LiveSession } from '../workout/liveSession';
import { saveTail, type JournalTail } from './journalTail';
import type { LiveRecord } from './liveRecord';
import { flushOnPageHide } from './pageLifecycle';
import { createRecorder, type Recorder } from './recorder';
import { formatDuration } from './sessionRecovery';
import type { JournalStore } from './store';

/**
 * Whether sessions are kept: 'open' once the journal is open and has looked for an unfinished
 * session (so a view that shows the open journal also means no offer is still to come).
 */
export type JournalState = { kind: 'opening' } | { kind: 'open' } | { kind: 'unavailable'; reason: string };

/** The journal's store as the parts of journaling reach it. */
export interface JournalAccess {
  /** Whether sessions are kept: still opening, open, or not on this device (the reason). */
  readonly state: ReadonlySignal<JournalState>;
  /** The open store; throws where sessions are not kept (or not yet). */
  store(): JournalStore;
  /**
   * The store once the journal has opened: an action the user takes on Settings → Data while the
   * journal still opens after start-up waits for it, instead of being told there is no storage.
   */
  opened(): Promise<JournalStore>;
}

export interface RecordingDeps {
  session: LiveSession;
  stores: Pick<Stores, 'alerts' | 'settings'>;
  /** What the record says of the session on screen. */
  live: LiveRecord;
  /** Has the recorder hear of every connection (the link's `follow`); returns the function that stops it. */
  followLink: (recorder: Recorder) => () => void;
  open: () => Promise<JournalStore>;
  storage: () => StoragePort;
  /** Tells why site storage fell back to memory, or null while it works. */
  storageProblem: () => string | null;
  /** The set on screen as the user's CSV: offered with every storage alert. */
  exportLive: () => Promise<void>;
  /** A finished session was stored. */
  onKept?: () => void;
}

export interface Recording extends JournalAccess {
  /**
   * Opens the journal and starts recording; where storage is unavailable, says so, records in
   * memory and resolves false. `beforeOpen` runs with the store before the journal counts as open
   * (recovery looks for an unfinished session).
   */
  start(beforeOpen: (store: JournalStore) => Promise<void>): Promise<boolean>;
  /** The recorder while the journal is open. */
  recorder(): Recorder | null;
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

export function createRecording(deps: RecordingDeps): Recording {
  const { session } = deps;
  const { showError, dismissError, showStatus } = deps.stores.alerts;
  const settings = deps.stores.settings.current;
  const store = signal<JournalStore | null>(null);
  const state = signal<JournalState>({ kind: 'opening' });
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

  async function opened(): Promise<JournalStore> {
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

  /** The recorder over `open`, its storage trouble told in the alert region. */
  function recorderFor(open: JournalStore): Recorder {
    let notice: number | null = null;
    return createRecorder({
      store: open,
      session,
      snapshot: deps.live.snapshot,
      summary: deps.live.summary,
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
      onKept: deps.onKept,
    });
  }

  return {
    state,
    store: requireStore,
    opened,
    async start(beforeOpen) {
      stop();
      let open: JournalStore;
      try {
        open = await deps.open();
      } catch (error) {
        state.value = { kind: 'unavailable', reason: messageOf(error) };
        showError(`Sessions cannot be kept on this device (${messageOf(error)}): recording continues in memory only; export a session to keep it`);
        return false;
      }
      const current = recorderFor(open);
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
        await beforeOpen(open);
      } finally {
        if (recorder === current) state.value = { kind: 'open' };
      }
      return true;
    },
    recorder: () => recorder,
    settled: async () => recorder?.settled(),
    dispose: () => stop(),
  };
}
