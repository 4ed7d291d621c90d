/**
 * The sync service (docs/sync.md §10): this device's membership of a team, and the runs that keep
 * its log and the team server's the same. One run at a time: a run asked for while one is under
 * way runs once after it. After a failed run it tries again after a wait that doubles (backoff.ts);
 * the browser going online, the app coming back to the foreground and Sync now try at once; a set
 * or session ending waits for the backoff, and a coach's periodic pull (periodicPull.ts) runs only
 * when nothing else does. A token the server refuses (401) stops syncing until
 * the device joins again; the log stays.
 *
 * Offline first: nothing here is on the way of recording (the recorder writes to the journal,
 * whatever the network does), and a run only reads the journal's change index and merges into it.
 * Every reply's `serverTime` sets the edit clock's offset (docs/sync.md §2, §8), kept with the
 * membership so that edits made offline after a reload are timed by the server's clock too.
 *
 * Where it runs: loaded after the first render, and only on a device that has joined a team (or
 * when Settings → Sync is opened): compose/backgroundServices.ts.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { NetworkPort } from '../platform/network/port';
import type { StoragePort } from '../platform/storage/port';
import { messageOf } from '../shared/messageOf';
import { parseServerAddress } from './address';
import { describeOffset } from './words';
import { askedWaitMs, retryDelayMs } from './backoff';
import { createTeamServerClient, type TeamServerClient } from './client';
import { META, type SyncJournal } from './context';
import { forgetMembership, readMembership, viewOf, writeMembership, type Membership, type MembershipView } from './membership';
import { forgetTeamMarks, syncRun } from './run';
import { findPriorSessions, sharePriorSessions, type PriorOptions, type PriorSessions } from './priorSessions';
import { fetchSamples } from './samplesDown';
import { ServerError, Unreachable, type JoinCode, type TeamDevice } from './wire';

export interface SyncStatus {
  /** This device's place in a team (without its token); null before it joins or after it leaves. */
  membership: MembershipView | null;
  running: boolean;
  /** When the last run ended well, ms since the epoch. */
  lastSyncAt: number | null;
  /** Records changed here and not yet pushed (a session's new samples count once); null while unknown. */
  waiting: number | null;
  /** The last problem, one sentence (the server's own where it gave one); null after a run without any. */
  problem: string | null;
  /** Something the last runs did that the user should know and that is no problem (edits re-timed). */
  notice: string | null;
  /** The device knows it is offline: runs wait for it to be online. */
  offline: boolean;
  /** When the next try after failed runs is due; null while none waits. */
  retryAt: number | null;
}

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

/** How long a measurement of the offset stands against later ones with longer round trips (a clock may be changed meanwhile). */
const OFFSET_KEPT_MS = 10 * 60_000;

const REFUSED = 'The team server no longer accepts this device (it was removed from the team, or left it elsewhere): join again. Its log stays here.';
const OFFLINE = 'Offline: changes wait on this device until it is back online.';

export function createSyncService(deps: SyncDeps): SyncService {
  const { network, journal, now } = deps;
  let membership = readMembership(deps.storage());
  let offset = membership?.offsetMs ?? 0;
  if (membership !== null) journal.clock.setOffset(offset);
  const status = signal<SyncStatus>({
    membership: membership === null ? null : viewOf(membership),
    running: false,
    lastSyncAt: membership?.lastSyncAt ?? null,
    waiting: null,
    problem: membership?.refused === true ? REFUSED : null,
    notice: null,
    offline: !network.online(),
    retryAt: null,
  });
  const update = (patch: Partial<SyncStatus>) => void (status.value = { ...status.peek(), ...patch });
  /** Counts joins and leaves: a run that ends after one of them leaves the new membership alone. */
  let generation = 0;
  let failures = 0;
  let cancelRetry: (() => void) | null = null;
  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function save(next: Membership | null): void {
    membership = next;
    if (next === null) forgetMembership(deps.storage());
    else writeMembership(deps.storage(), next);
    update({ membership: next === null ? null : viewOf(next) });
  }

  /**
   * The measurement the offset comes from: the reply with the shortest round trip lately (the
   * offset's error is at most half of it), unless a later one disagrees with it by more than both
   * errors together: then the device's clock was changed, and the later one stands.
   */
  let best: { roundTrip: number; at: number } | null = null;
  function measure(serverTime: number, sentAt: number, receivedAt: number): void {
    const roundTrip = Math.max(0, receivedAt - sentAt);
    const estimate = Math.round(serverTime - (sentAt + receivedAt) / 2);
    if (best !== null && roundTrip > best.roundTrip && receivedAt - best.at < OFFSET_KEPT_MS && Math.abs(estimate - offset) <= (roundTrip + best.roundTrip) / 2 + 1) return;
    best = { roundTrip, at: receivedAt };
    offset = estimate;
    journal.clock.setOffset(offset);
  }

  const clientFor = (base: string, token: string | null): TeamServerClient => createTeamServerClient({ network, base, token: () => token, now, onServerTime: measure });

  function requireMember(): Membership {
    if (membership === null) throw new Error('This device is in no team: join one first.');
    if (membership.refused) throw new Error(REFUSED);
    return membership;
  }

  /** The change rows above the pushed mark: what waits to be sent. */
  async function countWaiting(): Promise<number> {
    const store = await journal.opened();
    return store.changesWaiting(Number((await store.meta(META.pushed)) ?? 0));
  }

  async function refreshWaiting(): Promise<void> {
    if (membership === null) return update({ waiting: null });
    update({ waiting: await countWaiting() });
  }

  /**
   * One run. Its end is told in one change of the status (what waits counted first), so that no
   * one reads a run that ended well beside the count of changes from before it.
   */
  async function runOnce(): Promise<void> {
    const m = membership;
    if (m === null || m.refused) return;
    const mine = generation;
    const problems: string[] = [];
    let ended: Partial<SyncStatus> = {};
    update({ running: true, retryAt: null });
    try {
      const store = await journal.opened();
      let team = m.team;
      const report = await syncRun({
        client: clientFor(m.server, m.token),
        store,
        journal,
        role: m.role,
        athleteId: m.athleteId,
        ownIds: new Set([m.deviceId, ...m.formerIds]),
        offsetMs: () => offset,
        problem: (message) => problems.push(message),
        teamId: m.team.id,
        first: m.firstSync,
        onTeamChanged: (changed) => void (team = changed),
      });
      if (mine !== generation) return;
      failures = 0;
      save({ ...membership!, team, offsetMs: offset, lastSyncAt: now(), firstSync: false });
      const retimed = report.retimed === 0 ? null : `This device’s clock was ${describeOffset(offset)} the team server’s: ${report.retimed} edit${report.retimed === 1 ? '' : 's'} made here took the time ${report.retimed === 1 ? 'it was' : 'they were'} made by the server’s clock.`;
      ended = { lastSyncAt: now(), problem: problems[0] ?? null, notice: retimed ?? status.peek().notice, offline: false };
    } catch (error) {
      if (mine !== generation) return;
      if (error instanceof ServerError && error.status === 401) {
        save({ ...membership!, refused: true, offsetMs: offset });
        ended = { problem: REFUSED };
        return;
      }
      failures++;
      const wait = Math.max(retryDelayMs(failures), error instanceof ServerError && error.status === 429 ? askedWaitMs(error.message) : 0);
      const offline = error instanceof Unreachable && !network.online();
      save({ ...membership!, offsetMs: offset });
      ended = { problem: offline ? OFFLINE : (problems[0] ?? messageOf(error)), offline, retryAt: now() + wait };
      cancelRetry = deps.after(wait, () => {
        cancelRetry = null;
        void kick();
      });
    } finally {
      if (mine === generation) {
        const waiting = await countWaiting().catch(() => status.peek().waiting);
        if (mine === generation) update({ ...ended, running: false, waiting });
      }
    }
  }

  /** Starts a run now, or once after the run under way; resolves when that run ended. */
  function kick(): Promise<void> {
    cancelRetry?.();
    cancelRetry = null;
    if (current === null) {
      current = runOnce().finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current.then(() => {
      queued = null;
      return kick();
    });
    return queued;
  }

  function request(why: RunTrigger): void {
    if (membership === null || membership.refused) return;
    // The periodic pull only fills quiet time: never beside a run under way or queued, nor before
    // the backoff's next try, nor offline (where it would only say again that the device is).
    if (why === 'periodic' && (current !== null || cancelRetry !== null || !network.online())) return;
    if (!network.online()) return update({ offline: true, problem: OFFLINE });
    // After failures, the backoff says when; the browser going online or the app coming back does not wait.
    if ((why === 'set' || why === 'start') && cancelRetry !== null) return;
    void kick();
  }

  const stopChances = network.onChance(request);

  /** Who an athlete's phone trains for and which ids are its own; null on a coach's device or outside a team. */
  function priorOptions(): PriorOptions | null {
    const m = membership;
    if (m === null || m.refused || m.role !== 'athlete' || m.athleteId === null) return null;
    return { athleteId: m.athleteId, ownIds: new Set([m.deviceId, ...m.formerIds]), joinedAt: m.joinedAt };
  }

  return {
    status,
    async check(address) {
      const parsed = parseServerAddress(address);
      if (!parsed.ok) throw new Error(parsed.reason);
      const sentAt = now();
      const { serverTime } = await createTeamServerClient({ network, base: parsed.base, token: () => null, now }).health();
      return { base: parsed.base, offsetMs: Math.round(serverTime - (sentAt + now()) / 2) };
    },
    async join(address, code, deviceName) {
      const parsed = parseServerAddress(address);
      if (!parsed.ok) throw new Error(parsed.reason);
      // The journal first: a device that joined and could not keep a log would leave its key behind.
      const store = await journal.opened();
      best = null;
      const joined = await clientFor(parsed.base, null).join(code, deviceName.trim());
      const former = journal.clock.deviceId;
      journal.clock.useDeviceId(joined.deviceId);
      await forgetTeamMarks({ store });
      generation++;
      failures = 0;
      cancelRetry?.();
      cancelRetry = null;
      const formerIds = [...new Set([...(membership?.formerIds ?? []), former])].filter((id) => id !== joined.deviceId);
      save({ server: parsed.base, token: joined.token, deviceId: joined.deviceId, deviceName: deviceName.trim(), team: joined.team, role: joined.role, athleteId: joined.athleteId, joinedAt: now(), formerIds, offsetMs: offset, lastSyncAt: null, firstSync: true, refused: false, broughtUp: false });
      update({ problem: null, notice: null, lastSyncAt: null, retryAt: null });
      await kick();
      return viewOf(membership!);
    },
    syncNow() {
      requireMember();
      return kick();
    },
    request,
    async leave() {
      const m = membership;
      if (m === null) return { told: true };
      let told = true;
      if (!m.refused) {
        try {
          await clientFor(m.server, m.token).leave();
        } catch (error) {
          told = error instanceof ServerError && error.status === 401;
        }
      }
      generation++;
      cancelRetry?.();
      cancelRetry = null;
      save(null);
      offset = 0;
      best = null;
      journal.clock.setOffset(0);
      await forgetTeamMarks({ store: await journal.opened() });
      update({ running: false, lastSyncAt: null, waiting: null, problem: null, notice: null, retryAt: null });
      return { told };
    },
    async devices() {
      const m = requireMember();
      return clientFor(m.server, m.token).devices();
    },
    async revoke(deviceId) {
      const m = requireMember();
      await clientFor(m.server, m.token).revoke(deviceId);
    },
    async inviteAthlete(athleteId) {
      await kick();
      const m = requireMember();
      return clientFor(m.server, m.token).joinCode('athlete', athleteId);
    },
    async fetchSamples(sessionId) {
      const m = membership;
      if (m === null || m.refused) return;
      await fetchSamples(await journal.opened(), clientFor(m.server, m.token), sessionId);
    },
    async priorSessions() {
      const options = priorOptions();
      return options === null ? null : findPriorSessions(await journal.opened(), options);
    },
    async sharePriorSessions() {
      const options = priorOptions();
      if (options === null) throw new Error('Only an athlete’s phone in a team shares the sessions of its own athletes.');
      const shared = await sharePriorSessions(journal, options, now());
      if (shared > 0 && membership !== null) {
        // The athlete up may have been one of the phone's own, now gone: the team athlete comes up.
        save({ ...membership, broughtUp: false });
        request('shared');
      }
      return shared;
    },
    broughtUp() {
      if (membership !== null) save({ ...membership, broughtUp: true });
    },
    refreshWaiting,
    dispose() {
      generation++;
      stopChances();
      cancelRetry?.();
      cancelRetry = null;
    },
  };
}
