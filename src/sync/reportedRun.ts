/**
 * One run as the service makes it (run.ts does the run's work), and how its end is reported: the
 * membership saved with what the run learnt (the team, the clock offset, when it ended, so that
 * edits made offline after a reload are timed by the server's clock too), then the status changed
 * once, with what waits counted first, so that no one reads a run that ended well beside the count
 * of changes from before it.
 *
 * A failed run asks for the next try after a wait that doubles with the failures in a row
 * (backoff.ts), or the wait a rate-limited reply (429) asks for when it is longer. A token the
 * server refuses (401) asks for none: syncing stops until the device joins again, and the log
 * stays. A run that ends after a join or leave (syncState.ts `generation`) reports nothing.
 */
import type { NetworkPort } from '../platform/network/port';
import { messageOf } from '../shared/messageOf';
import { askedWaitMs, retryDelayMs } from './backoff';
import type { ClockOffset } from './clockOffset';
import type { TeamServerClient } from './client';
import { META, type SyncJournal } from './context';
import { ownIdsOf } from './membership';
import { syncRun } from './run';
import type { Run } from './runLoop';
import { OFFLINE, REFUSED, type SyncState, type SyncStatus } from './syncState';
import { ServerError, Unreachable } from './wire';
import { describeOffset } from './words';

export interface ReportedRunDeps {
  state: SyncState;
  journal: SyncJournal;
  network: Pick<NetworkPort, 'online'>;
  offset: Pick<ClockOffset, 'ms'>;
  /** A client of the server at `base` that sends `token`. */
  clientFor(base: string, token: string | null): TeamServerClient;
  now(): number;
}

export interface ReportedRun {
  run: Run;
  /** Starts the count of failures in a row again (a new membership). */
  forgetFailures(): void;
}

/** The change rows above the pushed mark: what waits to be sent. */
export async function countWaiting(journal: Pick<SyncJournal, 'opened'>): Promise<number> {
  const store = await journal.opened();
  return store.changesWaiting(Number((await store.meta(META.pushed)) ?? 0));
}

/** The notice after a run whose edits the server refused as stamped in the future were re-timed (retime.ts). */
function retimedNotice(retimed: number, offsetMs: number): string {
  return `This device’s clock was ${describeOffset(offsetMs)} the team server’s: ${retimed} edit${retimed === 1 ? '' : 's'} made here took the time ${retimed === 1 ? 'it was' : 'they were'} made by the server’s clock.`;
}

export function createReportedRun(deps: ReportedRunDeps): ReportedRun {
  const { state, journal, offset, now } = deps;
  let failures = 0;

  async function run(retryAfter: (ms: number) => void): Promise<void> {
    const m = state.membership;
    if (m === null || m.refused) return;
    const mine = state.generation;
    const problems: string[] = [];
    let ended: Partial<SyncStatus> = {};
    state.update({ running: true, retryAt: null });
    try {
      const store = await journal.opened();
      let team = m.team;
      const report = await syncRun({
        client: deps.clientFor(m.server, m.token),
        store,
        journal,
        role: m.role,
        athleteId: m.athleteId,
        ownIds: ownIdsOf(m),
        offsetMs: () => offset.ms,
        problem: (message) => problems.push(message),
        teamId: m.team.id,
        first: m.firstSync,
        onTeamChanged: (changed) => void (team = changed),
      });
      if (mine !== state.generation) return;
      failures = 0;
      state.save({ ...state.membership!, team, offsetMs: offset.ms, lastSyncAt: now(), firstSync: false });
      const notice = report.retimed === 0 ? state.status.peek().notice : retimedNotice(report.retimed, offset.ms);
      ended = { lastSyncAt: now(), problem: problems[0] ?? null, notice, offline: false };
    } catch (error) {
      if (mine !== state.generation) return;
      if (error instanceof ServerError && error.status === 401) {
        state.save({ ...state.membership!, refused: true, offsetMs: offset.ms });
        ended = { problem: REFUSED };
        return;
      }
      failures++;
      const wait = Math.max(retryDelayMs(failures), error instanceof ServerError && error.status === 429 ? askedWaitMs(error.message) : 0);
      const offline = error instanceof Unreachable && !deps.network.online();
      state.save({ ...state.membership!, offsetMs: offset.ms });
      ended = { problem: offline ? OFFLINE : (problems[0] ?? messageOf(error)), offline, retryAt: now() + wait };
      retryAfter(wait);
    } finally {
      if (mine === state.generation) {
        const waiting = await countWaiting(journal).catch(() => state.status.peek().waiting);
        if (mine === state.generation) state.update({ ...ended, running: false, waiting });
      }
    }
  }

  return {
    run,
    forgetFailures() {
      failures = 0;
    },
  };
}
