/**
 * The composition root: the one place that builds the app's services and hands each its
 * dependencies. `main.tsx` calls `composeApp(webPorts())` and gives the result to the views
 * through `AppProvider`; tests call it with test doubles. Nothing else wires services together,
 * and no module starts anything when it is imported.
 *
 * What it builds, in order:
 * - the stores (`createStores`: alerts, settings, connection, workout hints), the settings loaded
 *   from storage and written back on every change;
 * - the live session (unit samples → engine → reps), whose code loads after start-up with the
 *   engine (`loadEngine` below waits for both);
 * - the workout view and the stream note the Workout screen reads, and voice feedback (its code
 *   loads just after start-up: it has nothing to say before the first rep);
 * - the link (connect, calibrate, disconnect, reconnect), which hands the session to each unit;
 * - after the first render (`startBackground`, a lazy chunk): the wake lock and the session
 *   journal, whose recorder follows the link once the journal is open, then the team (the
 *   athletes and who trains now, whose `who` the live session follows).
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { EngineApi } from '../workout/liveSession';
import type { LiveSession } from '../workout/liveSession';
import { deferredSession } from '../workout/deferredSession';
import type { Journaling } from '../journal/journaling';
import type { LogFile } from '../logFile/logFile';
import type { JournalStore } from '../journal/store';
import type { EditClock } from '../journal/deviceClock';
import type { PersistencePort } from '../platform/storage/persistence';
import { createLink, type Link } from '../link/link';
import type { ReconnectorDeps } from '../link/reconnectAttempts';
import type { SharePort } from '../platform/share/port';
import type { SpeechPort } from '../platform/speech/port';
import type { StoragePort } from '../platform/storage/port';
import type { UnitFactory } from '../platform/units/port';
import type { WakeLockPort } from '../platform/wakeLock/port';
import type { WorkoutView } from '../rules/workoutView';
import { messageOf } from '../shared/messageOf';
import { createStores, type Stores } from '../stores';
import { createResetFlow, type ResetFlow } from '../workout/resetFlow';
import { createCodeCache, type CodeCache } from './codeCache';
import type { ProfileTestStore } from '../stores/profileTest';
import type { Team } from '../team/team';

/**
 * The view of a session without reps, until the rules' code is in: what they give for no rep in
 * every figure shown without a rep (rows, latest, best, count, goal, completion). The target
 * and band are left out: nothing draws them without a rep.
 */
export function emptyView(repGoal: number | null): WorkoutView {
  return { rows: [], judged: 'None', target: null, drop: null, best: null, bestChange: 0, latest: null, latestRow: null, counted: 0, goal: repGoal, setComplete: false, setDone: false };
}

/** The log as the views reach it: the journal's operations and the log file's (backup, restore, an athlete's sessions). */
export type AppJournal = Journaling & LogFile;

/** The outside world as the app uses it: web implementations in the browser, doubles in tests. */
export interface AppPorts {
  /** The engine for live sessions, and the load it waits for (it is not in the start-up bundle). */
  engine: EngineApi;
  loadEngine: () => Promise<void>;
  storage: () => StoragePort;
  /** Why storage fell back to memory, or null while it works. */
  storageProblem: () => string | null;
  speech: () => SpeechPort;
  wakeLock: () => Promise<WakeLockPort>;
  share: () => SharePort;
  /** Makes the unit the user connects (Bluetooth or the Demo unit). */
  units: UnitFactory;
  /** Opens the journal's store, whose edits `clock` stamps (the app's edit clock, made after the first render). */
  openJournal: (clock: EditClock) => Promise<JournalStore>;
  /** Whether the browser keeps the site's storage (the web's Storage API when absent: compose/backgroundServices.ts). */
  persistence?: () => PersistencePort;
  /** Timers of the reconnect attempts (tests drive them by hand). */
  reconnectTiming?: Pick<ReconnectorDeps, 'after' | 'schedule'>;
  /** Schedules a screen update (requestAnimationFrame in the browser). */
  requestFrame?: (callback: () => void) => void;
}

export interface App {
  readonly ports: AppPorts;
  /** The signals the views read and the services write (alerts, settings, connection, workout hints). */
  readonly stores: Stores;
  readonly session: LiveSession;
  /** Everything the Workout screen shows about the set in progress (rows, target, band, best, completion). */
  readonly view: ReadonlySignal<WorkoutView>;
  /** What the Workout screen says about the unit's samples this set (null while all were taken). */
  readonly streamNote: ReadonlySignal<string | null>;
  readonly link: Link;
  /** Reset with its windup countdown. */
  readonly resetFlow: ResetFlow;
  /** View code loaded on demand, kept once loaded (components/onDemand.ts). */
  readonly code: CodeCache;
  /** The guided profile test's plan and progress, kept across pages and reloads; its code loads with the first call. */
  profileTest(): Promise<ProfileTestStore>;
  /** The journal once it has loaded (after the first render); null before, and in tests that do not start it. */
  readonly journal: ReadonlySignal<AppJournal | null>;
  /** Who trains now and the athletes (team/team.ts), once the journal has opened; null before. */
  readonly team: ReadonlySignal<Team | null>;
  /** Settles once voice feedback listens and the view's code is in (both load just after start-up). */
  readonly voiceReady: Promise<void>;
  /** The set on screen as the session CSV, shared or downloaded; failures go to the alert region. */
  exportLiveSession(): Promise<void>;
  /** Starts what waits for the first render: the wake lock and the session journal. */
  startBackground(): Promise<void>;
  dispose(): void;
}

export function composeApp(ports: AppPorts): App {
  const stores = createStores();
  const { alerts, settings, connection } = stores;
  const { showError, showStatus } = alerts;
  settings.load(ports.storage());
  const stopKeeping = settings.keep(ports.storage, ports.storageProblem);
  const team = signal<Team | null>(null);
  const session = deferredSession(() =>
    import('../workout/liveSession').then(({ createLiveSession }) =>
      createLiveSession({ engine: ports.engine, settings: settings.engine, boost: connection.boostPercent, who: computed(() => team.value?.who.value ?? null), requestFrame: ports.requestFrame, onError: showError }),
    ),
  );
  // Nothing streams before the engine runs, so the session's code comes with it.
  const loadEngine = () => Promise.all([ports.loadEngine(), session.load()]).then(() => {});
  void loadEngine().catch((error: unknown) => showError(`The metrics engine could not load: ${messageOf(error)}`));

  // The view's code and the stream note's words load with the engine, after start-up: there is no
  // rep or sample to speak of before the engine runs, so until then the view is the empty one.
  const viewCode = signal<{ currentSetView: typeof import('../rules/currentSetView').currentSetView; streamNote: typeof import('../rules/sampleProblems').streamNote } | null>(null);
  const viewReady = Promise.all([import('../rules/currentSetView'), import('../rules/sampleProblems')]).then(([view, problems]) => void (viewCode.value = { currentSetView: view.currentSetView, streamNote: problems.streamNote }));
  const view = computed(
    () => viewCode.value?.currentSetView(session.reps.value, session.turn.value, session.loads.value, settings.current.value, session.tags.value) ?? emptyView(settings.current.value.repGoal),
  );
  const streamNote = computed(() => viewCode.value?.streamNote(session.stats.value) ?? null);
  // Voice has nothing to say before the first rep, so its code loads after start-up.
  let stopVoice = (): void => {};
  let disposed = false;
  const voiceReady = import('../workout/voiceFeedback')
    .then(({ startVoiceFeedback }) => {
      if (!disposed) stopVoice = startVoiceFeedback({ session, settings: settings.current, view, speech: ports.speech, onError: showError });
    })
    .catch((error: unknown) => void showError(`Voice feedback could not load: ${messageOf(error)}`));

  const link = createLink({
    session,
    connection,
    loadEngine,
    inertia: settings.inertia,
    reconnectorFor: async (unit, live) =>
      (await import('../link/resumeLink')).reconnectorFor(unit, live, { connection, timing: ports.reconnectTiming, onStatus: showStatus, onError: showError }),
    onError: showError,
  });
  // The CSV code loads with the first export, not with the Workout screen.
  const exportLive = async () => {
    await alerts.attempt(async () =>
      (await import('../workout/sessionExport')).exportLiveSession(session, ports.share, { settings: settings.current, firmware: connection.firmware, alerts, team }),
    );
  };

  const journal = signal<AppJournal | null>(null);
  let stopBackground = (): void => {};
  // The profile test's store (and its rules) load with the profile test page, not at start-up.
  let profileTest: Promise<ProfileTestStore> | null = null;
  const loadProfileTest = () => (profileTest ??= import('../stores/profileTest').then((m) => m.createProfileTestStore(ports.storage, showError)));

  return {
    ports,
    stores,
    session,
    view,
    streamNote,
    link,
    resetFlow: createResetFlow(),
    code: createCodeCache(),
    profileTest: loadProfileTest,
    journal,
    team,
    voiceReady: Promise.all([voiceReady, viewReady]).then(() => {}),
    exportLiveSession: exportLive,
    async startBackground() {
      stopBackground();
      const [{ startBackgroundServices }, wakeLock] = await Promise.all([import('./backgroundServices'), ports.wakeLock()]);
      const background = startBackgroundServices({
        wakeLock,
        reconnector: link.reconnector,
        stores,
        journaling: {
          session,
          followLink: link.follow,
          stores,
          open: ports.openJournal,
          persistence: ports.persistence,
          storage: ports.storage,
          storageProblem: ports.storageProblem,
          exportLive,
          resetSet: () => link.reset(),
        },
      });
      journal.value = background.journaling;
      stopBackground = background.stop;
      await loadEngine();
      await background.journaling.start();
      team.value = background.startTeam(view);
      await team.value.ready;
    },
    dispose() {
      disposed = true;
      stopBackground();
      journal.value = null;
      team.value = null;
      link.dispose();
      stopVoice();
      stopKeeping();
    },
  };
}
