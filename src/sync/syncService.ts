/**
 * The sync service (docs/sync.md §10): this device's membership of a team, and the runs that keep
 * its log and the team server's the same. One run at a time, a run asked for meanwhile once after
 * it (runLoop.ts). After a failed run it tries again after a wait that doubles (backoff.ts,
 * reportedRun.ts); the browser going online, the app coming back to the foreground and Sync now
 * try at once; a set or session ending waits for the backoff, and a coach's periodic pull
 * (periodicPull.ts) runs only when nothing else does. A token the server refuses (401) stops
 * syncing until the device joins again; the log stays.
 *
 * Offline first: nothing here is on the way of recording (the recorder writes to the journal,
 * whatever the network does), and a run only reads the journal's change index and merges into it.
 * Every reply's `serverTime` sets the edit clock's offset (clockOffset.ts), kept with the
 * membership so that edits made offline after a reload are timed by the server's clock too.
 *
 * Each job has its own module: the membership and status (syncState.ts), the offset
 * (clockOffset.ts), one run at a time (runLoop.ts), one run and its report (reportedRun.ts),
 * joining and leaving (membershipActions.ts). The service's own rule is when a run asked for in
 * the background starts (`request`).
 *
 * Where it runs: loaded after the first render, and only on a device that has joined a team (or
 * when Settings → Sync is opened): compose/backgroundServices.ts.
 */
import type { ReadonlySignal } from '@preact/signals-react';
import type { NetworkPort } from '../platform/network/port';
import type { StoragePort } from '../platform/storage/port';
import { createTeamServerClient } from './client';
import { createClockOffset } from './clockOffset';
import type { SyncJournal } from './context';
import type { MembershipView } from './membership';
import { createMembershipActions } from './membershipActions';
import { findPriorSessions, priorOptionsOf, sharePriorSessions, type PriorSessions } from './priorSessions';
import { countWaiting, createReportedRun } from './reportedRun';
import { createRunLoop } from './runLoop';
import { fetchSamples } from './samplesDown';
import { createSyncState, OFFLINE, type SyncStatus } from './syncState';
import type { JoinCode, TeamDevice } from './wire';

export type { SyncStatus };

/** What asked for a run in the background ('periodic': a coach's device while the app is open, periodicPull.ts; 'shared': sessions newly shared from this phone, priorSessions.ts). */
export type RunTrigger = 'start' | 'set' | 'online' | 'foreground' | 'periodic' | 'shared';

export interface SyncService {
  readonly status: ReadonlySignal<SyncStatus>;
  /** Whether a Repline team server answers at `address` (GET /api/health); resolves with its base address and clock offset. */
  check(address: string): Promise<{ base: string; offsetMs: number }>;
  /** Joins the team with a code (the role and athlete come with the code), then syncs once. */
  join(address: string, code: string, deviceName: string): Promise<MembershipView>;
  /** Runs at once (after the run under way, if any); resolves when it ended, well or not (see `status`). */
  syncNow(): Promise<void>;
  /** A run asked for in the background (see the module comment for when it waits). */
  request(why: RunTrigger): void;
  /** Leaves the team (the server is told when it can be); the log stays. `told`: whether the server heard. */
  leave(): Promise<{ told: boolean }>;
  /** The team's devices (a coach's device only). */
  devices(): Promise<TeamDevice[]>;
  revoke(deviceId: string): Promise<void>;
  /** A join code for an athlete's phone (a coach's device only): syncs first, so that the server has the athlete. */
  inviteAthlete(athleteId: string): Promise<JoinCode>;
  /** Brings a pulled session's samples from the server before it is opened or reprocessed (samplesDown.ts). */
  fetchSamples(sessionId: string): Promise<void>;
  /** An athlete's phone: the sessions of its own athletes the team does not see (priorSessions.ts); null elsewhere, before its athlete has arrived, or with none. */
  priorSessions(): Promise<PriorSessions | null>;
  /**
   * Counts those sessions as the phone's athlete's and takes its own athletes off its roster
   * (refused while a unit records), brings its athlete up again, and asks for a run that shares
   * them. Resolves with how many sessions it changed, before the run.
   */
  sharePriorSessions(): Promise<number>;
  /** An athlete's device has brought its athlete up (done once after joining, and again when its own athletes gave way). */
  broughtUp(): void;
  /** Counts the changes waiting to be pushed again. */
  refreshWaiting(): Promise<void>;
  dispose(): void;
}

export interface SyncDeps {
  storage: () => StoragePort;
  network: NetworkPort;
  journal: SyncJournal;
  /** The device's clock, ms since the epoch. */
  now: () => number;
  /** Runs `run` after `ms`; returns the function that cancels it. */
  after: (ms: number, run: () => void) => () => void;
}

export function createSyncService(deps: SyncDeps): SyncService {
  const { network, journal, now } = deps;
  const state = createSyncState(deps.storage, network.online());
  const offset = createClockOffset(state.membership?.offsetMs ?? 0, (ms) => journal.clock.setOffset(ms));
  if (state.membership !== null) journal.clock.setOffset(offset.ms);
  const clientFor = (base: string, token: string | null) => createTeamServerClient({ network, base, token: () => token, now, onServerTime: offset.measure });
  const runs = createReportedRun({ state, journal, network, offset, clientFor, now });
  const loop = createRunLoop(runs.run, deps.after);
  const actions = createMembershipActions({ state, journal, network, offset, loop, forgetFailures: runs.forgetFailures, clientFor, now });

  function request(why: RunTrigger): void {
    const m = state.membership;
    if (m === null || m.refused) return;
    // The periodic pull only fills quiet time: never beside a run under way or queued, nor before
    // the backoff's next try, nor offline (where it would only say again that the device is).
    if (why === 'periodic' && (loop.running || loop.retryWaits || !network.online())) return;
    if (!network.online()) return state.update({ offline: true, problem: OFFLINE });
    // After failures, the backoff says when; the browser going online or the app coming back does not wait.
    if ((why === 'set' || why === 'start') && loop.retryWaits) return;
    void loop.kick();
  }

  const stopChances = network.onChance(request);

  return {
    status: state.status,
    ...actions,
    syncNow() {
      state.member();
      return loop.kick();
    },
    request,
    async fetchSamples(sessionId) {
      const m = state.membership;
      if (m === null || m.refused) return;
      await fetchSamples(await journal.opened(), clientFor(m.server, m.token), sessionId);
    },
    async priorSessions() {
      const options = priorOptionsOf(state.membership);
      return options === null ? null : findPriorSessions(await journal.opened(), options);
    },
    async sharePriorSessions() {
      const options = priorOptionsOf(state.membership);
      if (options === null) throw new Error('Only an athlete’s phone in a team shares the sessions of its own athletes.');
      const shared = await sharePriorSessions(journal, options, now());
      const m = state.membership;
      if (shared > 0 && m !== null) {
        // The athlete up may have been one of the phone's own, now gone: the team athlete comes up.
        state.save({ ...m, broughtUp: false });
        request('shared');
      }
      return shared;
    },
    broughtUp() {
      const m = state.membership;
      if (m !== null) state.save({ ...m, broughtUp: true });
    },
    async refreshWaiting() {
      if (state.membership === null) return state.update({ waiting: null });
      state.update({ waiting: await countWaiting(journal) });
    },
    dispose() {
      state.nextGeneration();
      stopChances();
      loop.cancelRetry();
    },
  };
}
