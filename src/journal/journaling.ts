/**
 * The journaling service, put together from its parts, each with one job: recording (opening the
 * journal, the recorder following the link, the page-hide copy: recording.ts), recovery of an
 * unfinished session (recovery.ts), the history's operations (sessionHistory.ts), the athletes and
 * exercises kept (athleteRecords.ts); and what concerns the whole log: merging records from outside
 * into it (a restore, src/logFile/) and deleting everything. The composition root loads it after
 * the first render (`compose/backgroundServices.ts`), so IndexedDB code never weighs on the Workout
 * screen's start-up.
 *
 * Where the data lives: IndexedDB database `repline-journal` of this origin, on this device only
 * (the app talks to no server); the settings, and the unsaved end of a session while the page is
 * being closed (journalTail.ts), are in localStorage. "Delete all data" removes all of it (the
 * device's id and edit clock stay: they are no data of the user's, deviceClock.ts).
 *
 * Every edit is stamped by this device's edit clock (`clock`, deviceClock.ts) as the store writes
 * it, and copies from outside are merged by the log's rules (store.ts); the browser is asked to
 * keep the storage, and the coach reminded of backups, as logSafety.ts says.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { StoragePort } from '../platform/storage';
import type { PersistencePort } from '../platform/storage/persistence';
import type { EditClock } from '../log/stamp';
import { messageOf } from '../shared/messageOf';
import { SETTINGS_KEY, type Stores } from '../stores';
import { PROFILE_TEST_KEY } from '../stores/profileTest';
import { TEAM_KEY } from '../stores/team';
import type { LiveSession } from '../workout/liveSession';
import { removeAllSessions } from './archive';
import { athleteRecords, type AthleteRecords } from './athleteRecords';
import { dropTail } from './journalTail';
import { liveRecord } from './liveRecord';
import type { Recorder } from './recorder';
import { createRecording, type JournalAccess } from './recording';
import { createRecovery, type Recovery } from './recovery';
import type { DeviceClock } from './deviceClock';
import { createLogSafety, type SafetyState } from './logSafety';
import { createSessionHistory, type SessionHistory } from './sessionHistory';
import type { JournalStore, LogEntry, MergeOptions, MergeReport } from './store';

export type { RecordedSession } from './records';
export type { JournalState } from './recording';
export type { SessionInProgress } from './sessionHistory';

export interface JournalingDeps {
  session: LiveSession;
  /** The alerts it reports to, the settings it records and restores, and the connection it checks. */
  stores: Pick<Stores, 'alerts' | 'settings' | 'connection'>;
  /** Has the recorder hear of every connection (the link's `follow`); returns the function that stops it. */
  followLink: (recorder: Recorder) => () => void;
  /** Opens the journal's store, whose edits `clock` stamps. */
  open: (clock: EditClock) => Promise<JournalStore>;
  /** This device's edit clock (the composition root makes one per app). */
  clock: DeviceClock;
  /** Whether the browser keeps the site's storage, and asking it to. */
  persistence: PersistencePort;
  storage: () => StoragePort;
  /** Tells why site storage fell back to memory, or null while it works. */
  storageProblem: () => string | null;
  /** The set on screen as the user's CSV: offered with every storage alert. */
  exportLive: () => Promise<void>;
  /** Clears the set on screen (Delete all data). */
  resetSet: () => void;
}

export interface Journaling extends Pick<JournalAccess, 'state' | 'opened'>, Omit<Recovery, 'find'>, SessionHistory, AthleteRecords {
  /** Counts the times the log changed wholesale (Delete all data, a restore, a merge): who shows athletes reads them again. */
  readonly revision: ReadonlySignal<number>;
  /** This device's edit clock: what stamps every edit here (the sync client sets its device id and offset, deviceClock.ts). */
  readonly clock: DeviceClock;
  /** Whether the browser keeps the storage, and when the log was last backed up (Settings → Data). */
  readonly safety: ReadonlySignal<SafetyState>;
  /** The backup file holding the log up to `at` (ms since the epoch) was handed over. */
  backedUp(at: number): Promise<void>;
  /**
   * Merges copies of records from outside into the log (a sync's pull: `from: 'server'`), by the
   * log's rules, in one transaction; unlike `merge`, allowed while a unit records (a session being
   * recorded is this device's: no copy from elsewhere replaces what it records). Who shows athletes
   * and sessions reads them again when anything changed.
   */
  mergeEntries(entries: readonly LogEntry[], options: MergeOptions): Promise<MergeReport>;
  /** Opens the journal and starts recording; where storage is unavailable, says so and records in memory. */
  start(): Promise<void>;
  /**
   * Writes records from outside into the log with `write` (a restore) once the journal is open;
   * refused while a unit records. Afterwards the sessions it brought get their sets' records like
   * older sessions do, and who shows athletes reads them again (`revision`).
   */
  merge<T>(write: (store: JournalStore) => Promise<T>): Promise<T>;
  /** Every kept session and the saved settings; the set on screen is cleared too. */
  deleteAll(): Promise<void>;
  /** Resolves once what the journal has been handed is written (or failed): see Recorder.settled. */
  settled(): Promise<void>;
  dispose(): void;
}

export function createJournaling(deps: JournalingDeps): Journaling {
  const { showError, showStatus } = deps.stores.alerts;
  const connection = deps.stores.connection.state;
  const live = liveRecord(deps.session, deps.stores.settings);
  const safety = createLogSafety({ persistence: deps.persistence, storage: deps.storage, now: Date.now, remind: showStatus });
  /** The start times of the finished sessions, for the backup reminder. */
  const finished = async () => (await recording.opened().then((store) => store.sessions())).filter((s) => s.finishedAt !== null).map((s) => s.startedAt);
  const recording = createRecording({
    ...deps,
    open: () => deps.open(deps.clock),
    live,
    onKept: () => void finished().then((starts) => safety.sessionKept(starts)).catch((error: unknown) => showError(`Storage could not be asked to keep the log: ${messageOf(error)}`)),
  });
  const recovery = createRecovery({ ...deps, journal: recording, recorder: recording.recorder });
  const history = createSessionHistory({
    journal: recording,
    recordingId: () => recording.recorder()?.recordingId ?? null,
    summaryNow: () => live.summary().summary,
    onError: showError,
  });
  const revision = signal(0);

  function refuseWhileRecording(): void {
    if (connection.peek().status !== 'disconnected') throw new Error('Disconnect the unit first: its session is being recorded');
  }

  return {
    state: recording.state,
    opened: recording.opened,
    offer: recovery.offer,
    revision,
    clock: deps.clock,
    safety: safety.state,
    async backedUp(at) {
      safety.backedUp(at, await finished());
    },
    async mergeEntries(entries, options) {
      const report = await (await recording.opened()).merge(entries, options);
      history.forget();
      revision.value++;
      return report;
    },
    async start() {
      if (!(await recording.start(recovery.find))) return;
      history.backfill().catch((error: unknown) => showError(`The sets of older sessions could not be read: ${messageOf(error)}`));
      await safety.check(await finished()).catch((error: unknown) => showError(`Whether the log is kept could not be read: ${messageOf(error)}`));
    },
    recover: recovery.recover,
    onRecover: recovery.onRecover,
    discard: recovery.discard,
    postpone: recovery.postpone,
    history: history.history,
    inProgress: history.inProgress,
    recorded: history.recorded,
    remove: history.remove,
    removeAthlete: history.removeAthlete,
    summaries: history.summaries,
    rateSet: history.rateSet,
    ...athleteRecords(recording),
    async merge(write) {
      refuseWhileRecording();
      const merged = await write(await recording.opened());
      history.forget();
      revision.value++;
      return merged;
    },
    async deleteAll() {
      refuseWhileRecording();
      recording.recorder()?.abandon();
      history.forget();
      await removeAllSessions(await recording.opened());
      // The session it offered for recovery is gone with the rest.
      recovery.postpone();
      deps.storage().remove(SETTINGS_KEY);
      deps.storage().remove(PROFILE_TEST_KEY);
      deps.storage().remove(TEAM_KEY);
      dropTail(deps.storage());
      // First the log's new state, so that no one keeps the reset settings with an athlete deleted.
      revision.value++;
      deps.stores.settings.reset();
      deps.resetSet();
    },
    settled: recording.settled,
    dispose: recording.dispose,
  };
}
