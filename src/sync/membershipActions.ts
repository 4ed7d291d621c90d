/**
 * What a device does about its place in a team (docs/sync.md §10): checks that a server answers,
 * joins with a code, leaves, and on a coach's device lists the team's devices, revokes one and
 * makes an athlete's phone's code. Joining and leaving start a new generation (syncState.ts), so a
 * run still under way changes nothing of the new membership, and cancel a retry that waits for
 * the old one.
 */
import type { NetworkPort } from '../platform/network/port';
import { parseServerAddress } from './address';
import { createTeamServerClient, type TeamServerClient } from './client';
import { offsetEstimate, type ClockOffset } from './clockOffset';
import type { SyncJournal } from './context';
import { viewOf, type Membership, type MembershipView } from './membership';
import { forgetTeamMarks } from './run';
import type { RunLoop } from './runLoop';
import type { SyncState } from './syncState';
import { ServerError, type JoinCode, type TeamDevice } from './wire';

export interface MembershipActionsDeps {
  state: SyncState;
  journal: SyncJournal;
  network: NetworkPort;
  offset: ClockOffset;
  loop: Pick<RunLoop, 'kick' | 'cancelRetry'>;
  /** Starts the count of failed runs in a row again. */
  forgetFailures(): void;
  clientFor(base: string, token: string | null): TeamServerClient;
  now(): number;
}

export interface MembershipActions {
  check(address: string): Promise<{ base: string; offsetMs: number }>;
  join(address: string, code: string, deviceName: string): Promise<MembershipView>;
  leave(): Promise<{ told: boolean }>;
  devices(): Promise<TeamDevice[]>;
  revoke(deviceId: string): Promise<void>;
  inviteAthlete(athleteId: string): Promise<JoinCode>;
}

export function createMembershipActions(deps: MembershipActionsDeps): MembershipActions {
  const { state, journal, offset, loop, clientFor, now } = deps;

  /** The base address `address` names; throws its reason when it names none. */
  function baseOf(address: string): string {
    const parsed = parseServerAddress(address);
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.base;
  }

  const memberClient = (m: Membership) => clientFor(m.server, m.token);

  return {
    async check(address) {
      const base = baseOf(address);
      const sentAt = now();
      const { serverTime } = await createTeamServerClient({ network: deps.network, base, token: () => null, now }).health();
      return { base, offsetMs: offsetEstimate(serverTime, sentAt, now()) };
    },
    async join(address, code, deviceName) {
      const base = baseOf(address);
      // The journal first: a device that joined and could not keep a log would leave its key behind.
      const store = await journal.opened();
      offset.remeasure();
      const joined = await clientFor(base, null).join(code, deviceName.trim());
      const former = journal.clock.deviceId;
      journal.clock.useDeviceId(joined.deviceId);
      await forgetTeamMarks({ store });
      state.nextGeneration();
      deps.forgetFailures();
      loop.cancelRetry();
      const formerIds = [...new Set([...(state.membership?.formerIds ?? []), former])].filter((id) => id !== joined.deviceId);
      state.save({ server: base, token: joined.token, deviceId: joined.deviceId, deviceName: deviceName.trim(), team: joined.team, role: joined.role, athleteId: joined.athleteId, joinedAt: now(), formerIds, offsetMs: offset.ms, lastSyncAt: null, firstSync: true, refused: false, broughtUp: false });
      state.update({ problem: null, notice: null, lastSyncAt: null, retryAt: null });
      await loop.kick();
      return viewOf(state.membership!);
    },
    async leave() {
      const m = state.membership;
      if (m === null) return { told: true };
      let told = true;
      if (!m.refused) {
        try {
          await memberClient(m).leave();
        } catch (error) {
          told = error instanceof ServerError && error.status === 401;
        }
      }
      state.nextGeneration();
      loop.cancelRetry();
      state.save(null);
      offset.clear();
      await forgetTeamMarks({ store: await journal.opened() });
      state.update({ running: false, lastSyncAt: null, waiting: null, problem: null, notice: null, retryAt: null });
      return { told };
    },
    async devices() {
      return memberClient(state.member()).devices();
    },
    async revoke(deviceId) {
      await memberClient(state.member()).revoke(deviceId);
    },
    async inviteAthlete(athleteId) {
      await loop.kick();
      return memberClient(state.member()).joinCode('athlete', athleteId);
    },
  };
}
