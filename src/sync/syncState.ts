/**
 * This device's membership of a team and the sync's status, kept in step: every change of the
 * membership is written to the device's storage (membership.ts) and shown in the status at once,
 * so Settings → Sync never shows a team the next start would not find.
 *
 * It also counts joins and leaves (`generation`): a run reads the count when it starts, and one that
 * ends after a join or leave leaves the new membership and status alone.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { StoragePort } from '../platform/storage/port';
import { forgetMembership, readMembership, viewOf, writeMembership, type Membership, type MembershipView } from './membership';

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

export const REFUSED = 'The team server no longer accepts this device (it was removed from the team, or left it elsewhere): join again. Its log stays here.';
export const OFFLINE = 'Offline: changes wait on this device until it is back online.';

export interface SyncState {
  readonly status: ReadonlySignal<SyncStatus>;
  /** The membership kept; null outside a team. */
  readonly membership: Membership | null;
  /** How many joins and leaves (and the service's end) there have been. */
  readonly generation: number;
  /** Keeps `next` (null: none) in storage and shows it. */
  save(next: Membership | null): void;
  update(patch: Partial<SyncStatus>): void;
  /** The membership to act on; throws, saying why, outside a team or after the server refused the device. */
  member(): Membership;
  /** A join or leave: runs under way from now on change nothing. */
  nextGeneration(): void;
}

/** The membership kept in `storage`, with a status of it that says whether the device is `online`. */
export function createSyncState(storage: () => StoragePort, online: boolean): SyncState {
  let membership = readMembership(storage());
  let generation = 0;
  const status = signal<SyncStatus>({
    membership: membership === null ? null : viewOf(membership),
    running: false,
    lastSyncAt: membership?.lastSyncAt ?? null,
    waiting: null,
    problem: membership?.refused === true ? REFUSED : null,
    notice: null,
    offline: !online,
    retryAt: null,
  });
  const update = (patch: Partial<SyncStatus>) => void (status.value = { ...status.peek(), ...patch });
  return {
    status,
    get membership() {
      return membership;
    },
    get generation() {
      return generation;
    },
    save(next) {
      membership = next;
      if (next === null) forgetMembership(storage());
      else writeMembership(storage(), next);
      update({ membership: next === null ? null : viewOf(next) });
    },
    update,
    member() {
      if (membership === null) throw new Error('This device is in no team: join one first.');
      if (membership.refused) throw new Error(REFUSED);
      return membership;
    },
    nextGeneration() {
      generation++;
    },
  };
}
